"""dev9's near misses that passed every veto (mal/dedup_holes21.py), said again in new sentences,
and a restatement beside each that still merges. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from tests.dedup_memories import memory


def _merged(a: str, b: str) -> bool:
    x, y = memory("episode", a), memory("episode", b)
    return any(dedup.same_fact(p, q, 0.95) for p, q in ((x, y), (y, x)))


NEAR_MISSES = [
    ("我明年四月要跑北京马拉松", "我明年四月要跑北京半程马拉松"),
    ("I'm running the Boston marathon in April", "I'm running the Boston half marathon in April"),
    ("我儿子对芒果过敏", "我儿子对芒果过敏，我也是"),
    ("My son is allergic to cats", "My son is allergic to cats, and so am I"),
    ("我女儿考上博士了", "我女儿在准备考博士"),
    ("My daughter got into law school", "My daughter is preparing for law school"),
    ("User doesn't drink alcohol, except wine.", "User doesn't drink alcohol or wine."),
    ("I take my coffee with cream, no sugar.", "I take my coffee with sugar, no cream."),
    ("I pay off my car loan in full every month.", "I pay the minimum on my car loan every month."),
]


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_dev9_shapes_stay_apart(a: str, b: str) -> None:
    assert not _merged(a, b)


RESTATED = [
    ("我明年四月要跑北京半程马拉松", "用户明年四月要跑北京半程马拉松"),
    ("I take my coffee with cream, no sugar.", "User takes their coffee with cream and no sugar."),
    ("I take my tea black, no milk, no sugar", "User drinks tea without milk or sugar"),
    ("I pay my credit card in full every month", "User pays their credit card in full every month"),
    ("我儿子对芒果过敏", "用户的儿子对芒果过敏"),
    ("我女儿考上博士了", "用户的女儿考上了博士"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_a_restatement_of_each_shape_still_merges(a: str, b: str) -> None:
    assert _merged(a, b)
