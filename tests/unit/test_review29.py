"""Review29's findings against the twenty-third round's dedup readings, each kept as a test.

A past 之前 fact read as a deadline (mal/dedup_miss23zh.py: only a thing still to be done by then is a
deadline), a reminder rewrite that hid "stop" before a verb (mal/dedup_miss23en.py `stop_flipped`),
and a slashed date two writers read two ways (5/4: only an unambiguous one is rewritten).
"""

from __future__ import annotations

import pytest

from mal.dedup_miss23en import stop_flipped
from tests.dedup_memories import merged_any


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # a past or ongoing state before a point against a plan to do it by then
        ("我9月之前在北京工作", "我九月前要去北京工作"),
        ("我9月之前在北京工作", "我9月前去北京工作"),
        ("我春节之前住在老家", "我春节前要搬回老家住"),
        ("我毕业之前在腾讯工作", "我毕业前会去腾讯工作"),
        ("我六月之前一直在减肥", "我六月前要开始减肥"),
        ("我明年之前在读研", "我明年前要读研"),
        # a state until a point against a deed planned by then (merged before this round too)
        ("我年底之前在上海上班", "我年底前要去上海上班"),
        ("我周五之前在家办公", "我周五前得回家办公"),
        ("我5号之前在出差", "我5号前要去出差"),
        # stopping a deed against doing it, said as a reminder or a to-do
        ("User asked to be reminded to stop taking their pills.", "Remind me to take my pills."),
        ("The user wants a reminder to stop watering the plants.", "Remind me to water the plants."),
        ("User asked to be reminded to stop feeding their cat at night.", "Remind me to feed my cat at night."),
        ("Remind me to stop taking my pills.", "Remind me to take my pills."),
        ("To-do: stop paying for Netflix.", "Remind me to pay for Netflix."),
        ("提醒我别再喝咖啡", "提醒我喝咖啡"),
        # a slashed date a day-first writer reads the other way
        ("My dentist appointment is 5/4.", "My dentist appointment is on the 4th of May."),
        ("Our anniversary is 10/11.", "Our anniversary is on the 11th of October."),
        ("My flight is 6/3.", "My flight is on the 3rd of June."),
    ],
)
def test_review29_near_miss_stays_apart(a: str, b: str) -> None:
    assert not merged_any(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我得在九月前把驾照换了。", "用户需要在9月之前换驾照。"),
        ("我打算明年六月前还清车贷。", "用户计划在明年6月之前把车贷还完。"),
        ("Remind me to stop taking my pills.", "The user wants a reminder to stop taking their pills."),
        ("Remind me to take my pills.", "The user wants a reminder to take their pills."),
        ("I quit smoking last year", "I stopped smoking last year"),
        ("我年底之前都在上海上班", "用户年底前一直在上海上班"),
        ("我周五前要交报告", "用户需要在周五之前交报告"),
    ],
)
def test_review29_restatement_still_merges(a: str, b: str) -> None:
    assert merged_any(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [("I quit coffee two weeks ago", "The user gave up coffee a fortnight ago"), ("我不再喝咖啡了", "我戒掉咖啡了")],
)
def test_stopping_said_both_ways_is_no_flip(a: str, b: str) -> None:
    assert not stop_flipped(a, b)
