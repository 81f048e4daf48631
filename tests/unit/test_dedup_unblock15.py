"""Restatements the fifteenth round's readings (helper unblock15) let past the hard veto, and beside
each reading a near miss it must still block: a pair of relatives named as a group or one by one,
a note's word for the same person (上司, 宝宝), a role said as a job or as what one teaches, a
weekday's night as its evening, a note's 晨间 / 每晚, minutes after 点 without 分, and 仨. Every
sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from tests.dedup_memories import assert_passes_veto, assert_vetoed

RESTATED = [
    # a group of relatives and its members one by one
    ("My parents live in Dayton", "User's mom and dad live in Dayton"),
    ("我每年春节去看外祖父母", "我每年春节去看外公外婆"),
    ("My grandparents run a farm", "User's grandma and grandpa run a farm"),
    # a note's word for the same person
    ("我上司下周出差", "我领导下周出差"),
    ("我家宝宝在学走路", "用户的孩子在学走路"),
    # a role said as a job or as what one teaches
    ("I teach middle school biology", "User is a middle school biology teacher"),
    ("我在小学教数学", "用户是一名小学数学老师"),
    # a weekday's night is its evening; 晨间 / 每晚
    ("I play chess on Tuesday nights", "User plays chess on Tuesday evenings"),
    ("我每天早上跑步二十分钟", "用户每天晨间跑步20分钟"),
    ("我每晚读书", "我每天晚上读书"),
    # minutes after 点 without 分; 仨
    ("我明天早上八点二十的火车", "我明天早上8:20的火车"),
    ("我养了仨猫", "用户养了三只猫"),
]

NEAR_MISSES = [
    ("My parents live in Dayton", "User's mom lives in Dayton"),
    ("我每年春节去看外祖父母", "我每年春节去看外公"),
    ("我每年春节去看祖父母", "我每年春节去看外公外婆"),
    ("我上司下周出差", "我同事下周出差"),
    ("我家宝宝在学走路", "用户的侄子在学走路"),
    ("I study middle school biology", "User is a middle school biology teacher"),
    ("我在小学学数学", "用户是一名小学数学老师"),
    ("我信佛教", "用户是一名老师"),
    ("I play chess on Tuesday nights", "User plays chess on Thursday evenings"),
    ("I play chess on Tuesday mornings", "User plays chess on Tuesday nights"),
    ("我每天早上跑步二十分钟", "用户每天晚间跑步20分钟"),
    ("我明天早上八点二十的火车", "我明天早上8:40的火车"),
    ("我养了仨猫", "用户养了两只猫"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_restatements_pass_the_veto(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_near_misses_beside_each_reading_are_still_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)
