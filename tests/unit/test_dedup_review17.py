"""Near misses that passed every veto once writer29 (blind15) retired into training and shut the
learned layer (thresholds above 1): "well" read as the filler "Well, ..." wherever it stood (medium
rare / medium well), and a to-do's task, the turn's own words, never checked for one word swapped
(lunch / dinner with the same friend on the same day); and, from last round's review, a Chinese count
read with the size prefix instead of its thing (两只小猫和一只小狗 / 两只小狗和一只小猫).
Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_gate import merges
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes
from tests.dedup_memories import memory as _memory


def ep(text: str) -> Memory:
    return _memory("episode", text)


def liked(text: str, item: str) -> Memory:
    return _memory("preference", text, item=item, polarity="like")


def todo(text: str, date: str) -> Memory:
    """A to-do as the parser gives it: the whole turn is the task."""
    return _memory("todo", text, task=text, date=date)


NEVER = [
    # 里 and 秒 are units too (the review's open holes): another unit is another measure
    ("unit", ep("我每天早上跑五公里"), ep("我每天早上跑5里")),
    ("unit", ep("我中午要睡半小时"), ep("我中午要睡30秒")),
    # a count read with its thing after a size prefix (小 / 大), not the prefix
    ("counted", ep("我家养了三只小兔和一只小狗"), ep("我家养了三只小狗和一只小兔")),
    # "well" after a word says how, it is no filler
    (
        "swap",
        liked("I order my burger medium rare", "burger medium rare"),
        liked("I order my burger medium well", "burger medium well"),
    ),
    ("substitution", ep("My daughter sleeps well at night"), ep("My daughter sleeps badly at night")),
    # a to-do's task is loose text: one word swapped is another plan
    (
        "substitution",
        todo("I'm seeing Priya for coffee on Monday", "2026-12-07"),
        todo("User is seeing Priya for breakfast on Monday", "2026-12-07"),
    ),
    (
        "substitution",
        todo("Call the dentist on Friday", "2026-12-04"),
        todo("Call the plumber on Friday", "2026-12-04"),
    ),
]

PASS = [
    ("unit", ep("我每天早上跑五公里"), ep("我每天早上跑5公里")),
    ("counted", ep("我家养了三只小兔和一只小狗"), ep("我家养了一只小狗，还有三只小兔")),
    (
        "swap",
        liked("Well, I like my burger medium rare", "burger medium rare"),
        liked("I like my burger medium rare", "burger medium rare"),
    ),
    ("swap", liked("I like oolong tea as well", "oolong tea"), liked("I also like oolong tea", "oolong tea")),
    (
        "substitution",
        todo("I'm seeing Priya for coffee on Monday", "2026-12-07"),
        todo("User is seeing Priya for coffee on Monday", "2026-12-07"),
    ),
    ("substitution", todo("下周一要交季度报告", "2026-12-07"), todo("下周一得交季度报告", "2026-12-07")),
]


@pytest.mark.parametrize(("family", "old", "new"), NEVER)
def test_near_miss_never_merges(family: str, old: Memory, new: Memory) -> None:
    assert_family_vetoes(family, old, new)


@pytest.mark.parametrize(("family", "old", "new"), PASS)
def test_restatement_is_not_caught(family: str, old: Memory, new: Memory) -> None:
    assert_family_silent(family, old, new)


def test_a_discourse_well_is_still_a_filler() -> None:
    a, b = (
        liked("Well, I like my burger medium rare", "burger medium rare"),
        liked("I like my burger medium rare", "burger medium rare"),
    )
    assert dedup.veto_reasons(a, b) == []
    assert dedup.agree(a, b)


# --- seventeenth round's review: near misses that passed every veto (mal/dedup_review17.py)
REVIEW17_NEVER = [
    # a relation said of a titled name and its reverse
    ("role_turned", ep("Dr. Okafor is my GP"), ep("The user is Dr. Okafor's GP")),
    ("role_turned", ep("My mentor is Ms Lee Ann"), ep("I'm Ms Lee Ann's mentor")),
    # a job now against a job before ("worked as" is read "was" this round)
    ("job_then", ep("My aunt is a nurse"), ep("My aunt worked as a nurse")),
    ("job_then", ep("My uncle is a baker"), ep("The user's uncle worked as a baker for years")),
    # too much against too little
    ("excess_shortfall", ep("I get cranky from too little coffee"), ep("I get cranky from too much coffee")),
    ("excess_shortfall", ep("I get headaches from lack of water"), ep("I get headaches when I drink too much water")),
    ("excess_shortfall", ep("我喝水太多会头疼"), ep("我喝水不够会头疼")),
    # two opposite words, each negated
    ("opposite_negated", ep("他的成绩不高"), ep("他的成绩不低")),
    ("opposite_negated", ep("我奶奶听力不好"), ep("我奶奶听力不差")),
    ("opposite_negated", ep("My eyesight is not good"), ep("My eyesight is not bad")),
]

REVIEW17_PASS = [
    ("role_turned", ep("Dr. Okafor is my GP"), ep("My GP is Dr. Okafor")),
    ("job_then", ep("My grandpa is a retired coal miner"), ep("My grandfather worked as a coal miner")),
    ("job_then", ep("My dad was a bus driver"), ep("My father worked as a bus driver")),
    ("excess_shortfall", ep("I get migraines from lack of sleep"), ep("I get migraines when I don't sleep enough")),
    ("opposite_negated", ep("我奶奶听力不好"), ep("我奶奶听力差")),
    ("opposite_negated", ep("不好意思，我记错了，我女儿不高"), ep("我女儿个子不高")),
]


@pytest.mark.parametrize(("family", "old", "new"), REVIEW17_NEVER)
def test_review17_near_miss_never_merges(family: str, old: Memory, new: Memory) -> None:
    assert_family_vetoes(family, old, new)
    for x, y in ((old, new), (new, old)):
        assert not dedup.agree(x, y)
        assert not merges(x, y, 0.86, 0.89, 0.83)


@pytest.mark.parametrize(("family", "old", "new"), REVIEW17_PASS)
def test_review17_restatement_is_not_caught(family: str, old: Memory, new: Memory) -> None:
    assert_family_silent(family, old, new)


def test_a_titled_name_turned_round_is_not_agreed_by_the_word_rules() -> None:
    """The word rules read "Mr Haddad" and "Mr Haddad's" alike; they must not merge the pair below the
    model's gate either."""
    a, b = ep("Ms Varga is my tenant"), ep("I am Ms Varga's tenant")
    assert not dedup.agree(a, b) and not dedup.agree(b, a)


def test_a_maker_is_dropped_only_when_the_other_text_names_none() -> None:
    """mal/dedup_unblock17_en.py reads "a Google Pixel 8" as "a Pixel 8"; two makers before one model
    name are two products."""
    a, b = ep("I bought a Garmin Forerunner 265"), ep("I bought a Coros Forerunner 265")
    for x, y in ((a, b), (b, a)):
        assert not dedup.same_fact(x, y, 0.95)
        assert not merges(x, y, 0.86, 0.89, 0.83)
    c = ep("I bought a Forerunner 265")
    assert dedup.agree(a, c) and dedup.agree(c, a)


def test_a_year_bought_is_no_model_year() -> None:
    """18款 is the 2018 model (mal/dedup_unblock17_zh.py); 2018年买的 is the year it was bought."""
    a, b = ep("我开的是20款思域"), ep("我2020年买的思域")
    for x, y in ((a, b), (b, a)):
        assert dedup.veto_reasons(x, y)
        assert not dedup.same_fact(x, y, 0.95)
    assert dedup.veto_reasons(ep("我开的是2016年的帕萨特"), ep("用户的车是16款帕萨特")) == []
