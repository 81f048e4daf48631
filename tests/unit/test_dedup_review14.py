"""The fourteenth round's dedup families (mal/dedup_review14.py): near misses that passed every older
veto once blind13 joined training, so the learned layer's thresholds went above 1. Each near miss
never merges at cosine 1.0 whatever the model says, in either order; each restatement beside it is
not caught by the family. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal.dedup_review14 import money_basis
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes
from tests.dedup_memories import memory as _memory


def ep(text: str) -> Memory:
    return _memory("episode", text)


NEVER = [
    # an amount on a stated basis against the bare amount, or against another basis
    ("money_basis", "en", ep("My wife makes around $120k a year"), ep("My wife makes around $120k a year before tax")),
    ("money_basis", "en", ep("My take-home pay is $4,200 a month"), ep("My gross pay is $4,200 a month")),
    ("money_basis", "zh", ep("我月薪一万八"), ep("我税后月薪一万八")),
    ("money_basis", "zh", ep("我老公年薪四十万，税前"), ep("我老公年薪四十万，含年终奖金")),
    ("money_basis", "mixed", ep("我年薪税后35万"), ep("I make 350k a year before tax")),
]

PASS = [
    ("money_basis", "en", ep("I take home $3,800 a month"), ep("My take-home pay is $3,800 monthly")),
    ("money_basis", "en", ep("I earn $95k pre-tax"), ep("My salary is $95k before taxes")),
    ("money_basis", "zh", ep("我每个月到手九千"), ep("我税后一个月九千")),
    ("money_basis", "zh", ep("这台电脑一万二不含税"), ep("这台电脑未税价一万二")),
    ("money_basis", "mixed", ep("我税前年薪五十万"), ep("My salary is 500k a year before tax")),
    ("money_basis", "en", ep("I earn $60k a year"), ep("My annual income is $60k")),
]


@pytest.mark.parametrize(("family", "lang", "old", "new"), NEVER)
def test_near_misses_of_the_fourteenth_round_never_merge(family: str, lang: str, old: Memory, new: Memory) -> None:
    assert_family_vetoes(family, old, new)


@pytest.mark.parametrize(("family", "lang", "old", "new"), PASS)
def test_restatements_in_the_same_family_are_not_caught(family: str, lang: str, old: Memory, new: Memory) -> None:
    assert_family_silent(family, old, new)


def test_the_family_on_its_own() -> None:
    assert money_basis("I net 5k a month", "I make 5k a month")
    assert money_basis("price is $30 plus tax", "price is $30 including tax")
    assert not money_basis("price is $30 plus tax", "it costs $30 + tax")
    assert not money_basis("I code in .NET at work", "At work I code in .NET")  # both sides alike
