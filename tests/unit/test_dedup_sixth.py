"""Dedup, sixth round (issue #11 item 2), zh and en apart: a new FACT restating an older EPISODE
supersedes it (mal/dedup.py `supersedes`; the write path in mal/write_store.py `_supersede`), and the
veto still stands in front across kinds in that direction.

Memories are built by hand (kind, slots, text as the parser would give them), so these tests do not
depend on how the parser reads a sentence this week; cosines are passed in (1.0 is the worst case).
Pairs are written for these tests, not taken from the pair sets the model is trained on.
"""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup
from mal.models import Memory
from tests.dedup_memories import memory as _memory


def test_every_kind_is_searched_and_a_fact_may_meet_an_episode_either_way() -> None:
    assert dedup.search_kind("profile") is None and dedup.search_kind("episode") is None
    assert dedup.comparable("episode", "profile")  # a new fact restating an older episode
    assert dedup.comparable("profile", "episode")  # a new episode restating an older fact
    assert dedup.comparable("budget", "budget")
    assert not dedup.comparable("profile", "preference")  # two facts of different kinds never
    fact, episode = _memory("profile", "I live in Denver", field="city", value="Denver"), _memory("episode", "x")
    assert dedup.supersedes(episode, fact)
    assert not dedup.supersedes(fact, episode)  # the episode reinforces the fact instead
    assert not dedup.supersedes(fact, fact)


# (older episode, new fact restating it): the veto lets the model decide, and the fact's values are
# all said by the episode.
RESTATED = [
    (
        "zh",
        _memory("episode", "我哥在深圳开公司"),
        _memory("profile", "我哥哥在深圳开了家公司", field="city", value="深圳", relative="brother"),
    ),
    ("zh", _memory("episode", "我不喝咖啡"), _memory("preference", "咖啡我不喝", item="咖啡", polarity="dislike")),
    (
        "en",
        _memory("episode", "My sister lives in London"),
        _memory("profile", "My sister is living in London", field="city", value="London", relative="sister"),
    ),
    (
        "en",
        _memory("episode", "I'm allergic to peanuts, sadly"),
        _memory("family_health", "I am allergic to peanuts", relative="self", condition="allergy", allergen="peanuts"),
    ),
]


@pytest.mark.parametrize(("lang", "episode", "fact"), RESTATED, ids=[f"{r[0]}-{i}" for i, r in enumerate(RESTATED)])
def test_a_new_fact_restating_an_older_episode_passes_the_veto(lang: str, episode: Memory, fact: Memory) -> None:
    assert dedup.veto_reason(episode, fact) is None


@pytest.mark.parametrize(
    ("lang", "a", "b", "same"),
    [
        ("zh", "我不喝咖啡", "咖啡我不喝", True),
        ("zh", "我對花生過敏", "我对花生过敏", True),
        ("zh", "我不喝咖啡", "我喝咖啡", False),
        ("zh", "我不喝咖啡", "茶我不喝", False),
        ("en", "My sister lives in London", "My sister is living in London", True),
        ("en", "My sister lives in London", "My sister is living in Paris", False),
    ],
)
def test_across_kinds_the_word_rules_merge_what_they_equate(lang: str, a: str, b: str, same: bool) -> None:
    """A fact and an episode whose texts the word rules equate agree without the model (either way
    round); texts that differ in anything hard never do."""
    value = b.replace("我", "").replace("不", "").replace("喝", "") if lang == "zh" else b.rsplit(maxsplit=1)[-1]
    fact = _memory("preference" if lang == "zh" else "profile", b, item=value, value=value)
    episode = _memory("episode", a)
    assert dedup.agree(episode, fact) is same
    assert dedup.agree(fact, episode) is same


# (older episode, new fact) that must never merge, at cosine 1 and whatever the model says.
NEAR_MISSES = [
    # who: the pair, the fact built from the other event
    (
        "zh",
        _memory("episode", "舅舅教Lisa做草莓蛋糕"),
        _memory("profile", "爷爷教Lisa制作红丝绒蛋糕", field="job", value="红丝绒蛋糕", relative="grandfather"),
    ),
    (
        "zh",
        _memory("episode", "爷爷教Lisa制作红丝绒蛋糕"),
        _memory("profile", "舅舅教Lisa做草莓蛋糕", field="job", value="草莓蛋糕", relative="uncle"),
    ),
    # a place, a number, negation, a value the episode does not say
    (
        "zh",
        _memory("episode", "我哥在深圳开公司"),
        _memory("profile", "我哥在广州开公司", field="city", value="广州", relative="brother"),
    ),
    (
        "zh",
        _memory("episode", "我每个月房租4500"),
        _memory("budget", "我房租一个月5000块", amount=5000.0, currency="CNY", category="rent"),
    ),
    ("zh", _memory("episode", "我不喝咖啡"), _memory("preference", "我喝咖啡", item="咖啡", polarity="like")),
    ("zh", _memory("episode", "葱这东西我不吃"), _memory("preference", "我不吃香菜", item="香菜", polarity="dislike")),
    (
        "en",
        _memory("episode", "My sister lives in London"),
        _memory("profile", "My sister is living in Paris", field="city", value="Paris", relative="sister"),
    ),
    (
        "en",
        _memory("episode", "My brother lives in London"),
        _memory("profile", "My sister is living in London", field="city", value="London", relative="sister"),
    ),
    (
        "en",
        _memory("episode", "I'm saving for a house, goal is 80k"),
        _memory("budget", "My house savings goal is $90,000", amount=90000.0, currency="USD", category="investment"),
    ),
    (
        "en",
        _memory("episode", "I don't live in Denver anymore"),
        _memory("profile", "I live in Denver", field="city", value="Denver"),
    ),
    # nothing in the fact is said by the episode: a code (vegetarian) cannot show a restatement
    (
        "en",
        _memory("episode", "I use a wheelchair"),
        _memory("profile", "I'm vegetarian", field="diet", value="vegetarian"),
    ),
    ("zh", _memory("episode", "我坐轮椅"), _memory("profile", "我吃素", field="diet", value="vegetarian")),
]


@pytest.mark.parametrize(
    ("lang", "episode", "fact"), NEAR_MISSES, ids=[f"{r[0]}-{i}" for i, r in enumerate(NEAR_MISSES)]
)
def test_a_new_fact_never_supersedes_an_episode_that_says_something_else(
    lang: str, episode: Memory, fact: Memory
) -> None:
    assert not dedup.veto(episode, fact)
    assert not dedup.same_fact(episode, fact, 1.0)
    assert not dedup.same_fact(fact, episode, 1.0)  # nor the other way round (episode after fact)


# Near misses the sixth round's vetoes stop (each was a "different" pair that passed the veto and was
# left to the model, which set the merge threshold for everything else by scoring it high).
VETOED = [
    ("zh", "我对海鲜过敏", "我对海鲜不过敏"),  # 不过 ("but") cut through the negation 不过敏
    ("zh", "我住在杭州西湖区", "我在杭州西湖区上班"),  # where one lives / works
    ("zh", "明天要交房租", "明天要收房租"),  # pay / collect
    ("zh", "我在腾讯上班", "我在腾讯实习"),  # works / interns
    ("en", "My sister lives in London", "My sister-in-law lives in London"),  # a sister-in-law is no sister
    ("en", "My brother lives in Denver", "My brother in law lives in Denver"),
    ("en", "I live in Austin", "I work in Austin"),
    ("en", "I pay the rent on the 1st", "I collect the rent on the 1st"),
]


@pytest.mark.parametrize(("lang", "a", "b"), VETOED, ids=[f"{r[0]}-{i}" for i, r in enumerate(VETOED)])
def test_sixth_round_vetoes_stop_near_misses_whatever_the_model_says(lang: str, a: str, b: str) -> None:
    for x, y in ((a, b), (b, a)):
        for old in memories(x):
            for new in memories(y):
                if dedup.comparable(old.kind, new.kind):
                    assert not dedup.veto(old, new), (old.kind, old.slots, new.kind, new.slots)
                    assert not dedup.same_fact(old, new, 1.0)
        for kind_a, kind_b in (("episode", "episode"), ("episode", "profile"), ("profile", "episode")):
            old, new = _memory(kind_a, x, field="city", value="x"), _memory(kind_b, y, field="city", value="x")
            assert not dedup.same_fact(old, new, 1.0)


@pytest.mark.parametrize(
    ("lang", "a", "b"),
    [
        (
            "en",
            _memory(
                "family_health", "I'm allergic to shellfish", relative="self", condition="allergy", allergen="shellfish"
            ),
            _memory(
                "family_health", "Im allergic to shelfish", relative="self", condition="allergy", allergen="shelfish"
            ),
        ),
        (
            "zh",
            _memory("profile", "我住在杭州西湖区", field="city", value="杭州西湖区"),
            _memory("profile", "我住在杭州的西湖区", field="city", value="杭州的西湖区"),
        ),
    ],
    ids=["en-typo", "zh-cut"],
)
def test_span_slots_cut_differently_from_words_the_texts_equate_reach_the_model(
    lang: str, a: Memory, b: Memory
) -> None:
    """When the word rules equate the two texts, span slots that differ were cut differently (or
    mistyped): the model decides (a typo of 7+ letters is no sibling either)."""
    assert dedup.veto_reason(a, b) is None
    other = _memory(
        "family_health", "I'm allergic to peanuts", relative="self", condition="allergy", allergen="peanuts"
    )
    if lang == "en":
        assert dedup.veto_reason(a, other) is not None  # another allergen is still another fact


@pytest.mark.parametrize(
    ("lang", "episode", "fact", "same"),
    [
        ("zh", "我家住在12楼", _memory("profile", "我家住在十二楼", field="home", value="十二楼"), True),
        ("zh", "我家住在13楼", _memory("profile", "我家住在十二楼", field="home", value="十二楼"), False),
        ("zh", "我每个月房租四千五", _memory("budget", "我每个月房租4500元", amount=4500.0, category="rent"), True),
        ("zh", "我每个月房租四千", _memory("budget", "我每个月房租4500元", amount=4500.0, category="rent"), False),
        ("en", "My savings goal: 80000 dollars", _memory("budget", "My savings goal is $80,000", amount=80000.0), True),
        ("en", "My savings goal is $8,000", _memory("budget", "My savings goal is $80,000", amount=80000.0), False),
    ],
)  # fmt: skip
def test_across_kinds_a_number_is_said_in_any_notation_but_never_by_another(
    lang: str, episode: str, fact: Memory, same: bool
) -> None:
    assert (dedup.veto_reason(_memory("episode", episode), fact) is None) is same


@pytest.mark.parametrize(
    ("lang", "a", "b"),
    [
        ("zh", "我奶奶今年九十岁了", "我奶奶今年已经90岁了"),  # an "already" one text alone says
        ("zh", "我女儿今年上小学三年级", "我闺女今年上小学三年级"),  # 闺女 = 女儿
        ("en", "I jog every morning before work", "Each morning I jog before work"),  # "Each" is no name
    ],
)
def test_restatements_the_sixth_round_lets_through_the_veto(lang: str, a: str, b: str) -> None:
    assert dedup.veto_reason(_memory("episode", a), _memory("episode", b)) is None


@pytest.mark.parametrize(
    ("lang", "a", "b"),
    [
        ("zh", "我已经学完钢琴了", "我正在学钢琴"),  # already / now: still an aspect difference
        ("en", "Tom jogs every morning", "Tim jogs every morning"),  # names stay names
    ],
)
def test_what_the_sixth_round_lets_through_does_not_open_near_misses(lang: str, a: str, b: str) -> None:
    assert dedup.veto_reason(_memory("episode", a), _memory("episode", b)) is not None
    assert not dedup.same_fact(_memory("episode", a), _memory("episode", b), 1.0)


@pytest.mark.parametrize(
    ("lang", "a", "b", "same"),
    [
        ("en", "My mom's birthday is October 5", "My mother was born on Oct. 5th", True),
        ("en", "My mom's birthday is October 5", "My mother was born on Oct. 6th", False),
        ("en", "My mom's birthday is October 5", "My father was born on Oct. 5th", False),
        ("zh", "我妈妈的生日是10月5日", "我妈妈是10月5日出生的", True),
        ("zh", "我妈妈的生日是10月5日", "我爸爸是10月5日出生的", False),
    ],
)
def test_was_born_on_frames_a_birthday(lang: str, a: str, b: str, same: bool) -> None:
    """ "born" / 出生 only frame a birthday: the word rules merge it when the date and the person
    are the same (mal/dedup_frames.py), and never otherwise."""
    old, new = memories(a)[0], memories(b)[0]
    if (old.kind, new.kind) != ("profile", "profile"):
        pytest.skip("the parser reads one of them as another kind now (helper parse6 changes parsers/)")
    assert dedup.agree(old, new) is same
    assert dedup.same_fact(old, new, 1.0) is same
