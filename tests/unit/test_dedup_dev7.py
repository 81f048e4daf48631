"""dev7's near misses (mal/dedup_dev7.py): per family a near miss the family vetoes and a restatement
beside it that it leaves alone. Pairs whose kinds the parser decides (a travel plan against an
episode, a preference against an episode) are read through the parser too. Every sentence here is
new (in no pair set nor other test)."""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup, dedup_dev7
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes, assert_passes_veto
from tests.dedup_memories import memory as _memory

# each of these merged at cosine 1.0 before its family: no veto fired
NEAR_MISSES = [
    ("exception_added", "I take the bus to work.", "I take the bus to work, except when it rains."),
    ("exception_added", "我每天走路上班。", "我每天走路上班，不过下雨天坐地铁。"),
    ("kin_subject", "我哥养了一条金毛。", "我养了一条金毛。"),
    ("kin_subject", "我妈种了很多多肉。", "我种了很多多肉。"),
    ("plan_done", "我五一去桂林。", "我五一去过桂林了。"),
    ("until_from", "The office is closed until the 12th.", "The office is closed from the 12th."),
    ("visit_direction", "Our neighbours are visiting us on Friday.", "We are visiting our neighbours on Friday."),
    ("subject_pronoun", "My wife works late, so I cook dinner.", "My wife works late, so she cooks dinner."),
    (
        "subject_pronoun",
        "My brother failed the exam, so he studies every night.",
        "My brother failed the exam, so I study every night.",
    ),
    ("subject_pronoun", "我老婆加班，所以我做饭。", "我老婆加班，所以她做饭。"),
    ("only_both", "I only eat white rice.", "I eat both white and brown rice."),
    ("only_both", "我只喝绿茶。", "绿茶和红茶我都喝。"),
    ("object_dropped", "我午饭不喝饮料。", "我午饭不喝。"),
    ("generation", "My great-aunt lives in Leeds.", "My aunt lives in Leeds."),
    ("generation", "My step-sister lives in Leeds.", "My sister lives in Leeds."),
]

# the family's reading in the other language, where an older family already vetoes the pair too
ALSO_CAUGHT = [
    ("exception_added", "我弟是素食者。", "我弟是素食者，不过偶尔吃虾。"),  # degree
    ("kin_subject", "我妹开了一家奶茶店。", "我开了一家奶茶店。"),  # people
    ("plan_done", "Planning to buy an electric bike.", "Bought an electric bike last week."),  # aspect
    ("until_from", "店里从十号开始放假。", "店里到十号为止放假。"),  # from_to
    ("visit_direction", "我公婆下个月来看我们。", "我们下个月去看我公婆。"),  # order
    ("object_dropped", "I don't drink coffee after lunch.", "I don't drink after lunch."),  # modifier
]

RESTATEMENTS = [
    ("exception_added", "I swim every morning, except on Sundays.", "Except on Sundays, I swim every morning."),
    ("kin_subject", "我妹开了一家奶茶店。", "我妹妹开了一家奶茶店。"),
    ("plan_done", "Planning to buy an electric bike.", "I want to buy an electric bike."),
    ("until_from", "店里从十号开始放假。", "店里十号起放假。"),
    ("visit_direction", "我公婆下个月来看我们。", "下个月我公婆来我们家看我们。"),
    ("only_both", "I only speak Spanish at home.", "At home I speak only Spanish."),
    ("object_dropped", "饮料我午饭不喝。", "我午饭不喝饮料。"),
    ("object_dropped", "I don't drink coffee after lunch.", "After lunch I don't drink coffee."),
    ("generation", "My great-aunt lives in Leeds.", "My great aunt lives in Leeds."),
]


def ep(text: str) -> Memory:
    return _memory("episode", text)


@pytest.mark.parametrize(("family", "a", "b"), NEAR_MISSES + ALSO_CAUGHT)
def test_a_near_miss_is_vetoed_by_its_family(family: str, a: str, b: str) -> None:
    assert_family_vetoes(family, ep(a), ep(b))


@pytest.mark.parametrize(("family", "a", "b"), RESTATEMENTS)
def test_a_restatement_passes_every_veto(family: str, a: str, b: str) -> None:
    assert_passes_veto(a, b)
    assert not dedup_dev7.differs(a, b) and not dedup_dev7.differs(b, a), family


# the parser reads these as two kinds (a travel plan and an episode, a preference and an episode)
PARSED_NEAR_MISSES = [
    ("plan_done", "我国庆去厦门。", "我国庆去过厦门了。"),
    ("object_dropped", "我戒糖了，早饭不吃甜的。", "我戒糖了，早饭不吃。"),
    ("only_both", "我只喝绿茶。", "绿茶和红茶我都喝。"),
]


@pytest.mark.parametrize(("family", "a", "b"), PARSED_NEAR_MISSES)
def test_a_parsed_near_miss_never_merges(family: str, a: str, b: str) -> None:
    pairs = [(x, y) for x in memories(a) for y in memories(b)]
    assert pairs
    for x, y in pairs:
        assert family in dedup.veto_reasons(x, y), (family, x.kind, y.kind, dedup.veto_reasons(x, y))
        assert not dedup.same_fact(x, y, 1.0)
        assert not dedup.same_fact(y, x, 1.0)


def test_a_parsed_restatement_keeps_its_merge() -> None:
    """辣的早饭不吃 says the object before the verb: the same fact as 早饭不吃甜的."""
    for x in memories("我戒糖了，早饭不吃甜的。"):
        for y in memories("我戒糖了，甜的早饭不吃。"):
            assert "object_dropped" not in dedup.veto_reasons(x, y)
            assert dedup.same_fact(x, y, 1.0)


NOTES = [
    # a note names the user in the third person: "she" / "he" here is the user, not the person named
    ("User's wife works late, so he cooks dinner.", "My wife works late, so I cook dinner."),
    ("User's brother failed the exam, so she helps him study.", "My brother failed the exam, so I help him study."),
]


@pytest.mark.parametrize(("note", "text"), NOTES)
def test_a_note_in_the_third_person_is_no_pronoun_swap(note: str, text: str) -> None:
    assert_family_silent("subject_pronoun", ep(note), ep(text))


def test_a_bare_dont_drink_is_alcohol() -> None:
    assert dedup_dev7.object_dropped("I don't drink whisky after dinner.", "I don't drink after dinner.")
    assert not dedup_dev7.object_dropped("I don't drink alcohol at all.", "I don't drink at all.")


def test_the_families_are_named_once_across_modules() -> None:
    names = [name for name, _ in dedup._checks(ep("我只喝绿茶。"), ep("绿茶和红茶我都喝。"))]
    assert len(names) == len(set(names))
    assert {name for name, _ in dedup_dev7.CHECKS} <= set(names)
