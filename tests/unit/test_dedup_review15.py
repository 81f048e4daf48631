"""The fifteenth round's dedup families (mal/dedup_review15.py) and the widened membership reading
(mal/dedup_actions.py): near misses of the round's second development set (dedup_dev6) that no veto
named and the learned layer merged (a bound on a number, a thing rented against owned, an act done
against in progress, a membership taken out against given up). Each near miss never merges at
cosine 1.0 whatever the model says, in either order; each restatement beside it is not caught by the
family. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal.dedup_review15 import bound, completion, possession
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes
from tests.dedup_memories import memory as _memory


def ep(text: str) -> Memory:
    return _memory("episode", text)


NEVER = [
    # a bound one text alone puts on a number
    ("bound", "en", ep("Our book club has twelve members"), ep("Our book club has at least twelve members")),
    ("bound", "en", ep("I drink four cups of tea a day"), ep("I drink up to four cups of tea a day")),
    ("bound", "zh", ep("我每周喝三杯咖啡"), ep("我每周最多喝三杯咖啡")),
    ("bound", "zh", ep("我每天睡七个小时"), ep("我每天睡不到七个小时")),
    ("bound", "zh", ep("我表哥有三套房"), ep("我表哥有三套房以上")),
    # a thing held by a modifier against the bare thing
    ("possession", "zh", ep("我的电脑是联想的ThinkPad"), ep("我借的电脑是联想的ThinkPad")),
    ("possession", "zh", ep("我开的车是一辆白色的思域"), ep("我开的公司的车是一辆白色的思域")),
    ("possession", "en", ep("My car is a grey Honda Civic"), ep("My leased car is a grey Honda Civic")),
    ("possession", "en", ep("I drive a blue Mazda truck to work"), ep("I drive a blue Mazda company truck to work")),
    # an act done against the same act in progress
    ("completion", "zh", ep("我把助学贷款还完了"), ep("我在一点点还助学贷款")),
    ("completion", "zh", ep("我的毕业论文写完了"), ep("我正在写毕业论文")),
    ("completion", "en", ep("I paid off my student loans"), ep("I'm paying off my student loans")),
    ("completion", "en", ep("I finished renovating the kitchen"), ep("I'm still renovating the kitchen")),
    # a membership taken out against given up (mal/dedup_actions.py)
    ("action", "zh", ep("我三月份加入了一家攀岩馆"), ep("我三月份退了攀岩馆的卡")),
    ("action", "zh", ep("我办了一张游泳馆的年卡"), ep("我把游泳馆的年卡退掉了")),
    (
        "action",
        "en",
        ep("I joined a pottery studio last fall"),
        ep("I cancelled my pottery studio membership last fall"),
    ),
]

PASS = [
    ("bound", "en", ep("Our book club has at least twelve members"), ep("Our book club has 12 members or more")),
    ("bound", "en", ep("My laptop budget is $900"), ep("I want to spend at most 900 dollars on a laptop")),
    ("bound", "en", ep("I won't pay more than $40 for a haircut"), ep("I'll pay $40 at most for a haircut")),
    ("bound", "zh", ep("我们小区至少有八栋楼"), ep("我们小区有8栋以上的楼")),
    ("bound", "zh", ep("我装修预算不超过二十万"), ep("我装修预算最多20万")),
    ("bound", "zh", ep("我每天睡七个小时"), ep("我每晚睡7小时")),
    ("possession", "zh", ep("我租的房子在滨江"), ep("我在滨江租了一套房子")),
    ("possession", "zh", ep("我的车是一辆白色的思域"), ep("我开一辆白色思域")),
    ("possession", "en", ep("My leased car is a grey Civic"), ep("I lease a grey Honda Civic")),
    ("possession", "en", ep("My car is a grey Honda Civic"), ep("I drive a grey Civic")),
    ("completion", "zh", ep("我把助学贷款还完了"), ep("我的助学贷款已经还清了")),
    ("completion", "zh", ep("我正在写毕业论文"), ep("我在写我的毕业论文")),
    ("completion", "en", ep("I paid off my student loans"), ep("My student loans are paid off")),
    ("completion", "en", ep("I've been doing pilates for two years"), ep("I've done pilates for two years")),
    ("action", "zh", ep("我办了一张游泳馆的年卡"), ep("我加入了游泳馆")),
    ("action", "en", ep("I cancelled my pottery studio membership"), ep("I quit my pottery studio")),
]


@pytest.mark.parametrize(("family", "lang", "old", "new"), NEVER)
def test_near_miss_never_merges(family: str, lang: str, old: Memory, new: Memory) -> None:
    assert_family_vetoes(family, old, new)


@pytest.mark.parametrize(("family", "lang", "old", "new"), PASS)
def test_restatement_is_not_caught(family: str, lang: str, old: Memory, new: Memory) -> None:
    assert_family_silent(family, old, new)


def test_bound_needs_the_number_in_both_texts() -> None:
    # a bound beside another number is the numbers checks' business, not this family's
    assert not bound("I have at least six goldfish", "I have four goldfish")
    assert bound("I have at least six goldfish", "I have six goldfish")


def test_possession_needs_the_same_thing() -> None:
    assert not possession("我租的房子在滨江", "我的车在滨江")
    assert possession("我租的房子在滨江", "我的房子在滨江")


def test_completion_needs_the_same_act() -> None:
    assert not completion("我把论文写完了", "我在还房贷")
    assert completion("我把论文写完了", "我在写论文")
