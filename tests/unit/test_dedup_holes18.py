"""Eighteenth round's holes: wrong merges left in the attack pair sets (教会 / 教书, "a month of" /
monthly, 两年 / 两个, "a recovering" / "an", probation) and last round's open review holes (油鱼 read as a
typo of 鱿鱼, expecting / having a child, a causative's object and tense, a bare hour against one with
its half of the day, "as well" / "as well as"). Each near miss beside a restatement of its shape that
still passes. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup_hours, dedup_review18
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes, assert_passes_veto, assert_vetoed
from tests.dedup_memories import memory as _memory


def ep(text: str) -> Memory:
    return _memory("episode", text)


NEVER = [
    # a noun the synonym list read as a verb: 教会 is the church unless it teaches someone
    ("", "我姐姐每周六都去教会", "我姐姐每周六都去教书"),
    # "a month of" is one month, not a monthly rate
    ("one_month", "My company gives me a month of sick leave", "My company gives me sick leave every month"),
    ("one_month", "We take a week of holiday in August", "We take holiday weekly in August"),
    # one number, two measure words
    ("measure_word", "我和公司签了三年合同", "我和公司签了三个合同"),
    # "an" before the bare noun replaces no word: "recovering" is inserted
    ("modifier", "My cousin is a recovering addict", "My cousin is an addict"),
    # a stage passed against one still under way
    ("completion", "I'm still in my trial period at the new job", "I passed my trial period at the new job"),
    ("completion", "我还在实习期", "我已经过了实习期"),
    # a real fish, no homophone typo
    ("", "我昨天晚饭吃了油鱼", "我昨天晚饭吃了鱿鱼"),
    # a child on the way against one born
    (
        "expecting_born",
        "My brother and his wife are expecting their second baby",
        "My brother and his wife have their second baby",
    ),
    ("expecting_born", "我们在等二宝出生", "我们有了二宝"),
    # a causative ends on its object, and in the past it is the act done
    ("substitution", "I have to get my bike repaired", "I have to repair my laptop"),
    ("substitution", "I should get my coat dry-cleaned", "I should dry-clean my scarf"),
    ("tense", "We got the carpet cleaned", "We need to clean the carpet"),
    # a bare hour the user's own words leave without its half of the day
    ("numbers", "I have a dentist appointment at 9", "I have a dentist appointment at 9am"),
    ("numbers", "我明天九点去面试", "我明天21点去面试"),
    # "as well as" adds an item; "as well" adds none
    ("swap", "I play tennis as well", "I play tennis as well as golf"),
    ("swap", "我也会弹钢琴", "我会弹钢琴和吉他"),
]

PASS = [
    ("", "她教会了我弹吉他", "她教我弹吉他"),
    ("one_month", "I get a month of sick leave", "I get one month of sick leave"),
    ("one_month", "We take a week of holiday in August", "In August we take a week's holiday"),
    ("measure_word", "我一个人在北京住了两年", "我独自在北京住了两年"),
    ("modifier", "My brother is an architect", "My brother works as an architect"),
    ("completion", "I passed my driving test", "I've passed my driving test"),
    ("", "我女儿特别爱吃芒果", "我女儿特别爱吃忙果"),
    ("expecting_born", "My sister is expecting her first baby", "My sister is pregnant with her first child"),
    ("substitution", "I have to get my bike repaired this week", "This week I must get my bike repaired"),
    ("tense", "We got the carpet cleaned", "We had the carpet cleaned"),
    ("numbers", "I usually get up at 7", "I usually wake up around 7 am"),
    ("numbers", "I go to sleep around 1", "I go to sleep around 1 am"),
    ("swap", "I play tennis as well", "I also play tennis"),
]


@pytest.mark.parametrize(("family", "a", "b"), NEVER)
def test_near_miss_never_merges(family: str, a: str, b: str) -> None:
    assert_vetoed(a, b)
    if family:
        assert_family_vetoes(family, ep(a), ep(b))


@pytest.mark.parametrize(("family", "a", "b"), PASS)
def test_restatement_beside_it_passes(family: str, a: str, b: str) -> None:
    if family:
        assert_family_silent(family, ep(a), ep(b))
    else:
        assert_passes_veto(a, b)


def test_a_note_may_resolve_a_bare_hour() -> None:
    """A note's writer heard the user: "at 4" in the user's words and the note's 4pm are one time."""
    assert dedup_hours.is_note("User sees tutor on Fridays at 4pm")
    assert dedup_hours.half_day_said("I see my tutor on Fridays at 4", "I see tutor on Fridays at 4pm", noted=True)
    assert not dedup_hours.half_day_said("I see my tutor on Fridays at 4", "I see tutor on Fridays at 4pm")


def test_measure_word_keeps_a_span_said_both_ways() -> None:
    assert not dedup_review18.measure_word("我们两个人旅行了两周", "我们俩旅行了两个星期")
    assert dedup_review18.measure_word("我报了两个课", "我报了两年的课")
