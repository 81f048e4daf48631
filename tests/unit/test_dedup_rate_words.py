"""Twentieth round: one rate, one wording (mal/dedup_rate_words.py). A rate restated in another form
of the same arithmetic merges; another rate, or a rate one text alone says, stays apart. Every
sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_rate_words import rates_spelt
from tests.dedup_memories import memory


def _merged(a: str, b: str) -> bool:
    x, y = memory("episode", a), memory("episode", b)
    return any(dedup.same_fact(p, q, 0.95) for p, q in ((x, y), (y, x)))


RESTATED = [
    ("我每周七天都喝豆浆", "我每天都喝豆浆"),
    ("我每十四天给阳台的花浇一次水", "我每两周给阳台的花浇一次水"),
    ("我隔天给妈妈打一次电话", "我每两天给妈妈打一次电话"),
    ("I walk the dog seven days a week", "I walk the dog every day"),
    ("I call my grandma every other week", "I call my grandma every two weeks"),
    ("I stretch for a quarter of an hour every morning", "I stretch for 15 minutes every morning"),
    ("My drive to work takes three quarters of an hour", "My drive to work takes 45 minutes"),
    ("We've lived in this flat for a decade", "We've lived in this flat for ten years"),
    ("我每天午睡一刻钟", "我每天午睡十五分钟"),
    ("我爸每天走万步", "我爸每天走一万步"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_one_rate_said_two_ways_merges(a: str, b: str) -> None:
    assert _merged(a, b)


NEAR_MISSES = [
    ("我每周六天都喝豆浆", "我每天都喝豆浆"),
    ("我每十四天给阳台的花浇一次水", "我每三周给阳台的花浇一次水"),
    ("我隔周给妈妈打一次电话", "我每周给妈妈打一次电话"),
    ("I walk the dog six days a week", "I walk the dog every day"),
    ("I call my grandma every other week", "I call my grandma every week"),
    ("I stretch for a quarter of an hour every morning", "I stretch for 45 minutes every morning"),
    ("We've lived in this flat for a decade", "We've lived in this flat for two decades"),
    ("我每天午睡一刻钟", "我每天午睡三刻钟"),
    ("我爸每天走万步", "我爸每天走两万步"),
]


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_another_rate_stays_apart(a: str, b: str) -> None:
    assert not _merged(a, b)


def test_words_that_only_look_like_a_rate_are_left_as_written() -> None:
    for text in (
        "我们相隔两地",
        "隔壁邻居",
        "我隔三差五去健身",
        "I go every second Tuesday",
        "I swim twice a week",
        "两万步",
    ):
        assert rates_spelt(text) == text
