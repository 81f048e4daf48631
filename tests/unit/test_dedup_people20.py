"""Twentieth round: people words that name no other person, or the same person another way
(mal/dedup_people20.py), and a Chinese "我们" that owns what a note owns by "用户的"
(mal/dedup_household.py `household_noted_zh`). Restatements merge; a near miss beside each reading
stays apart. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from tests.dedup_memories import memory


def _merged(a: str, b: str) -> bool:
    x, y = memory("episode", a), memory("episode", b)
    return any(dedup.same_fact(p, q, 0.95) for p, q in ((x, y), (y, x)))


RESTATED = [
    ("We have three kids, two boys and a girl", "User has three children: two sons and a daughter"),
    ("My sister volunteers at a children's hospital", "User's sister volunteers at a pediatric hospital"),
    ("我们婚礼定在五月二十号", "用户的婚礼定在5月20日"),
    ("我们结婚纪念日是六月八号", "用户的结婚纪念日：6月8日"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_the_same_people_said_another_way_merge(a: str, b: str) -> None:
    assert _merged(a, b)


NEAR_MISSES = [
    ("We have three kids, two boys and a girl", "User has three children: two daughters and a son"),
    ("I have two kids, both girls", "User has two children: a son and a daughter"),
    ("My sister volunteers at a children's hospital", "User's sister volunteers at a hospital"),
    ("I volunteer at a children's hospital", "My children are in hospital"),
    ("我们下个月去云南", "用户下个月去云南"),  # 我们 who go: others with the user
    ("我们婚礼定在五月二十号", "用户的婚礼定在5月21日"),
    ("我们结婚纪念日是六月八号", "用户父母的结婚纪念日：6月8日"),
]


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_a_near_miss_beside_each_reading_stays_apart(a: str, b: str) -> None:
    assert not _merged(a, b)


@pytest.mark.xfail(strict=True, reason="the word rules read a / my before a category's possessive alike (older hole)")
def test_a_category_and_ones_own_children_differ() -> None:
    assert not _merged("I coach a children's swim team", "I coach my children's swim team")
