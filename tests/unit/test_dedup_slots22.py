"""Helper slots22 (issue #11): restatements the slot veto kept apart, and near misses of each
family (one fact changed) that must stay apart (mal/dedup_slots22.py, parsers/lexicon.py)."""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup
from mal.dedup_slots22 import amount_said, bound_said, saving_read
from mal.models import Memory
from tests.dedup_memories import memory


def _merge(x: Memory, y: Memory) -> bool:
    return dedup.same_fact(x, y, 0.95) or dedup.same_fact(y, x, 0.95)


def _restated(a: str, b: str) -> bool:
    """Every memory of `b` merges with some memory of `a` (as the service meets each new memory)."""
    ma, mb = memories(a), memories(b)
    return bool(ma and mb) and all(any(_merge(x, y) for x in ma) for y in mb)


def _any_merge(a: str, b: str) -> bool:
    return any(_merge(x, y) for x in memories(a) for y in memories(b))


RESTATEMENTS = [
    # a budget's category read from "saving" beside the thing it is for (blind21, blind20)
    ("I'm saving $300 every month for a new car.", "Each month the user puts aside 300 dollars toward a new car."),
    (
        "I'm saving $250 every paycheck for a new laptop.",
        "The user puts aside 250 dollars from each paycheck toward a new laptop.",
    ),
    # an amount and a bound said in words across kinds (blind21b, blind20b)
    (
        "Budget for the wedding is $18,000 max",
        "The user has capped the wedding budget at eighteen thousand dollars",
    ),
    (
        "My husband and I are saving up for a house deposit, aiming for 40k.",
        "Me and my hubby are putting money aside for a house deposit, target is forty grand.",
    ),
    # a title, then where it is held (blind20)
    (
        "I work as a nurse at Maplewood General Hospital.",
        "The user is a nurse employed at Maplewood General Hospital.",
    ),
    # across kinds, one text in Cantonese and a note's Mandarin (blind21b)
    ("我唔食牛肉嘅", "用户不吃牛肉"),
    # the written kin words the dedup lexicon already holds (blind20b)
    ("我奶奶有糖尿病，要打胰岛素。", "我祖母患有糖尿病，需要注射胰岛素。"),
]


@pytest.mark.parametrize(("a", "b"), RESTATEMENTS)
def test_restatements_merge(a: str, b: str) -> None:
    assert _restated(a, b), dedup.veto_reasons(memories(a)[0], memories(b)[0])


NEAR_MISSES_EN = [
    ("I'm saving $300 every month for a new car.", "Each month the user puts aside 300 dollars toward a new bike."),
    ("I'm saving $300 every month for a new car.", "Each month the user puts aside 300 dollars toward a new laptop."),
    ("I'm saving $300 every month for a new car.", "Each month the user puts aside 400 dollars toward a new car."),
    ("I'm saving $300 every month for a new car.", "Each month the user invests 300 dollars in index funds."),
    (
        "I'm saving $250 every paycheck for a new laptop.",
        "The user puts aside 250 dollars from each paycheck toward a new car.",
    ),
    (
        "I'm saving $250 every paycheck for a new laptop.",
        "The user puts aside 250 euros from each paycheck toward a new laptop.",
    ),
    (
        "My husband and I are saving up for a house deposit, aiming for 40k.",
        "Me and my hubby are putting money aside for a house deposit, target is fourteen grand.",
    ),
    (
        "My husband and I are saving up for a house deposit, aiming for 40k.",
        "Me and my hubby are putting money aside for a house deposit, target is fifty grand.",
    ),
    (
        "My husband and I are saving up for a house deposit, aiming for 40k.",
        "Me and my hubby are putting money aside for our wedding, target is forty grand.",
    ),
    (
        "Budget for the wedding is $18,000 max",
        "The user wants to spend at least eighteen thousand dollars on the wedding",
    ),
    (
        "Budget for the wedding is $18,000 max",
        "The user has capped the wedding budget at eighty thousand dollars",
    ),
    (
        "Budget for the wedding is $18,000 max",
        "The user has capped the honeymoon budget at eighteen thousand dollars",
    ),
    (
        "Budget for the wedding is $18,000 max",
        "The user has capped the wedding budget at eighteen thousand euros",
    ),
    (
        "I work as a nurse at Maplewood General Hospital.",
        "The user is a nurse employed at Riverside General Hospital.",
    ),
    (
        "I work as a nurse at Maplewood General Hospital.",
        "The user is a doctor employed at Maplewood General Hospital.",
    ),
    (
        "I work as a nurse at Maplewood General Hospital.",
        "The user's wife is a nurse employed at Maplewood General Hospital.",
    ),
]

NEAR_MISSES_ZH = [
    ("我奶奶有糖尿病，要打胰岛素。", "我外祖母患有糖尿病，需要注射胰岛素。"),
    ("我奶奶有糖尿病，要打胰岛素。", "我祖父患有糖尿病，需要注射胰岛素。"),
    ("我奶奶有糖尿病，要打胰岛素。", "我祖母患有高血压，需要吃降压药。"),
    ("我奶奶有糖尿病", "我祖母没有糖尿病"),
    ("我外婆有高血压", "我祖母有高血压"),
    ("我爷爷今年九十岁", "我祖父今年八十岁"),
    ("我祖父住在杭州", "我外祖父住在杭州"),
    ("我外祖母住在上海", "我祖母住在上海"),
    ("我爷爷住在杭州", "我祖父住在苏州"),
    ("我唔食牛肉嘅", "用户不吃猪肉"),
    ("我唔食牛肉嘅", "用户吃牛肉"),
    ("我唔食牛肉嘅", "用户的儿子不吃牛肉"),
    ("我老婆唔食牛肉", "用户不吃牛肉"),
    ("我唔食牛肉嘅", "用户不吃羊肉"),
    ("我唔食牛肉嘅", "用户不喝牛奶"),
    ("我哋屋企养咗两只龟", "用户家里养了两只猫"),
    ("我唔饮咖啡嘅", "用户不喝茶"),
]


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES_EN + NEAR_MISSES_ZH)
def test_near_misses_stay_apart(a: str, b: str) -> None:
    assert not _any_merge(a, b)


def test_enough_near_misses_per_language() -> None:
    assert len(NEAR_MISSES_EN) >= 15 and len(NEAR_MISSES_ZH) >= 15


def test_saving_read_takes_the_named_category_only() -> None:
    a = {"amount": "300", "category": "investment"}
    b = {"amount": "300", "category": "car"}
    assert saving_read(a, b, "saving $300 for a new car", "300 toward a new car")[0]["category"] == "car"
    # the saving text does not name a car: two budgets
    assert saving_read(a, b, "saving $300 for a new bike", "300 toward a new car")[0]["category"] == "investment"
    # invested in other words too: a category of its own
    assert saving_read(a, b, "saving $300 in index funds for a car", "300 toward a car")[0]["category"] == "investment"


def test_amount_and_bound_said_in_words() -> None:
    assert amount_said("target is forty grand", "40000")
    assert not amount_said("target is fourteen grand", "40000")
    assert not amount_said("target is forty", "40000")
    assert bound_said("capped the budget at eighteen thousand", "max")
    assert not bound_said("at least eighteen thousand", "max")
    assert not bound_said("capped at eighteen thousand", "min")


def test_hand_built_budgets_keep_their_category() -> None:
    old = memory("budget", "I'm saving $300 every month for a new car.", amount=300.0, currency="USD",
                 bound="exact", category="investment", category_text="saving")  # fmt: skip
    same = memory("budget", "Each month the user puts aside 300 dollars toward a new car.", amount=300.0,
                  currency="USD", bound="exact", category="car", category_text="car")  # fmt: skip
    other = memory("budget", "Each month the user puts aside 300 dollars toward a new laptop.", amount=300.0,
                   currency="USD", bound="exact", category="electronics", category_text="laptop")  # fmt: skip
    assert "slots" not in dedup.veto_reasons(old, same)
    assert not _merge(old, other)


def test_a_longer_title_still_extends_the_job() -> None:
    """ "nurse practitioner employed at" is another job than "nurse" (the participle reading stops at
    "employed at", not at "practitioner"). Only the job memory is read here: the employer memory of
    the same turn meets the episode through the employer alone, a hole this helper left alone."""
    job = next(m for m in memories("I work as a nurse at Maplewood General Hospital.") if m.slots.get("field") == "job")
    (episode,) = memories("The user is a nurse practitioner employed at Maplewood General Hospital.")
    assert "title" in dedup.veto_reasons(job, episode)
    assert not _merge(job, episode)
