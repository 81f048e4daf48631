"""Review of three new dedup readings (issue #11, review26): mal/dedup_roles22.py, mal/dedup_todo22.py
and the 包 food verb of mal/dedup_holes20.py (the reviewer's /work/notes/r26/pairs.jsonl, 31 pairs).

A restatement the new readings kept apart must merge again (as two episodes, at cosine 0.95, in either
order); a near miss both the readings and the base merged must merge in no reading (`merged_any`: as
episodes and as the parser reads them)."""

from __future__ import annotations

import pytest

from mal import dedup, dedup_roles22
from tests.dedup_memories import memory, merged_any

# PRIORITY 1: restatements the new readings held apart
RESTATEMENTS: list[tuple[str, str]] = [
    # roles22: I'm / I'll / I've / I'd are the user, not a name; a month is no person
    ("I'm paying for dinner tonight", "I am paying for dinner tonight"),
    ("I'll pay for the concert tickets", "I will pay for the concert tickets"),
    ("I've lent out my drill", "I have lent out my drill"),
    ("I've helped out at the shelter since 2020", "I have helped out at the shelter since 2020"),
    ("I'd pay for the tickets", "I would pay for the tickets"),
    ("We've paid for the venue", "We have paid for the venue"),
    # roles22: the user's own "they" is the people just named, only a note's they / them is the user
    ("My parents came over and they helped me paint the fence", "My parents helped me paint the fence"),
    # todo22 owed_done: a to-do's closing 了 (该…了, 是时候…了) is no deed done
    ("我需要去体检", "我该去体检了"),
    ("我得去看牙医", "是时候去看牙医了"),
    ("我该换手机了", "我需要换个手机"),
    # todo22 owed_done: 还没 / 没…过 is a state negated, no to-do against a deed
    ("我还没结婚", "我没结过婚"),
    # todo22 reached_aimed: 存够…了 is reached, not aimed at
    ("我存够首付了", "我已经存够了首付"),
    # holes20 food_verb: 打包 is packing to go, no 包 (wrap)
    ("我打包饺子带回家了", "我买了饺子带回家"),
]

# PRIORITY 2: near misses both the readings and the base merged
NEAR_MISSES: list[tuple[str, str]] = [
    # roles22: person words (landlord, ex, grandma, mum) and verbs (apologise, say sorry, ring, phone,
    # reach out, block, email), 道了歉
    ("My landlord lent me a ladder", "I lent my landlord a ladder"),
    ("My landlord paid me back the deposit", "I paid my landlord back the deposit"),
    ("My landlord emailed about the rent", "I emailed my landlord about the rent"),
    ("My ex blocked me on Instagram", "I blocked my ex on Instagram"),
    ("My bf apologised last night", "I apologised to my bf last night"),
    ("My bf said sorry last night", "I said sorry to my bf last night"),
    ("Grandma rang this morning", "I rang Grandma this morning"),
    ("My mum phoned on Sunday", "I phoned my mum on Sunday"),
    ("My ex reached out last week", "I reached out to my ex last week"),
    ("我跟姐夫道了歉", "姐夫跟我道了歉"),
    # todo22 owed_done: 了 closing a to-do leaves it owed; 完 / 完成 / 办完 / 打完 are done
    ("我得交房租了", "我已经交了房租"),
    ("我得去交房租了", "我已经交了房租"),
    ("我得给妈妈打电话", "我给妈妈打完电话"),
    ("我得交水费", "水费交完"),
    ("我要去银行办卡", "我去银行办完卡"),
    ("待办：续签护照", "护照续签完成"),
    # todo22 owed_done: the owed verb's past tense, wherever it stands, is the deed done
    ("Gotta renew the car insurance", "Car insurance renewed"),
    ("Need to tell Sam about the move", "Told Sam about the move"),
    # todo22 reached_aimed: saving up $X / going for $X aim; I'm at $X is reached
    ("I've got $40k for the deposit", "I'm saving up $40k for the deposit"),
    ("I'm at $10k in savings", "I'm going for $10k in savings"),
]


def _episodes_merge(a: str, b: str) -> bool:
    x, y = memory("episode", a), memory("episode", b)
    return dedup.same_fact(x, y, 0.95) or dedup.same_fact(y, x, 0.95)


@pytest.mark.parametrize(("a", "b"), RESTATEMENTS)
def test_restatement_merges_again(a: str, b: str) -> None:
    assert _episodes_merge(a, b), (a, b, dedup.veto_reasons(memory("episode", a), memory("episode", b)))


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_near_miss_merges_in_no_reading(a: str, b: str) -> None:
    assert not merged_any(a, b), (a, b)


@pytest.mark.parametrize(
    ("text", "deed"),
    [
        ("My sister visited in March", ("visit", "sister", "self")),  # a month is no receiver
        ("Grandma rang on Sunday", ("call", "grandmother", "self")),  # nor a weekday
        ("My parents came over and they helped me paint the fence", ("help", "parents", "self")),
        ("I'm paying for dinner tonight", ("pay", "self", None)),  # I'm is the user, not a name
        ("My landlord lent me a ladder", ("lend", "landlord", "self")),
        ("I said sorry to my bf", ("apologise", "self", "boyfriend")),
        ("I reached out to my ex", ("call", "self", "ex")),
        ("姐夫跟我道了歉", ("apologise", "姐夫", "self")),
    ],
)
def test_deeds_read_review26(text: str, deed: tuple[str, str, str | None]) -> None:
    assert deed in dedup_roles22.deeds(text)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("I lent my phone to Mum", "I lent Mum my phone"),  # "phone" a noun, no deed
        ("I sent my landlord an email", "I emailed my landlord"),  # nor "email"
        ("My friends came round and they helped me move", "My friends helped me move"),
    ],
)
def test_roles_silent_on_review26_restatements(a: str, b: str) -> None:
    assert not dedup_roles22.roles_swapped(a, b)


@pytest.mark.parametrize(
    ("a", "b", "owed"),
    [
        ("我得交房租了", "我已经交了房租", True),  # a to-do's closing 了 leaves it owed
        ("我该换手机了", "我已经换了手机", True),  # 该 owes as 得 does
        ("我得交水费", "水费交完", True),  # 交完: done
        ("Need to tell Sam about the move", "Told Sam about the move", True),  # the owed verb's past
        ("Gotta renew the car insurance", "Car insurance renewed", True),
        ("我该去体检了", "我需要去体检", False),  # both owe
        ("我还没结婚", "我没结过婚", False),  # 没…过: no deed done
        ("我要去北京了", "我去了北京", False),  # 要…了 (about to) still read as neither, on purpose
        ("我得把这本书看完", "我还没看完这本书", False),  # 看完 owed in both
        ("Need to tell Sam about the move", "I will tell Sam about the move soon", False),
    ],
)
def test_owed_done_review26(a: str, b: str, owed: bool) -> None:
    from mal import dedup_todo22

    assert dedup_todo22.owed_done(a, b) is owed
    assert dedup_todo22.owed_done(b, a) is owed


@pytest.mark.parametrize(
    ("a", "b", "apart"),
    [
        ("I've got $40k for the deposit", "I'm saving up $40k for the deposit", True),
        ("I'm at $10k in savings", "I'm going for $10k in savings", True),
        ("我存够首付了", "我打算存够首付", True),
        ("我存够首付了", "我已经存够了首付", False),  # 存够…了: reached in both
    ],
)
def test_reached_aimed_review26(a: str, b: str, apart: bool) -> None:
    from mal import dedup_todo22

    assert dedup_todo22.reached_aimed(a, b) is apart
