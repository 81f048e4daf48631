"""Sixteenth round (helper unblock16zh): Chinese restatements a veto misread (mal/dedup_unblock16_zh.py,
mal/dedup_zh_forms.py). For each reading fixed, a restatement that now passes every veto and a near
miss beside it that is still vetoed. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_text import normalise, signature
from mal.dedup_unblock16_zh import prepared
from mal.dedup_zh_forms import zh_forms
from mal.models import Memory
from tests.dedup_memories import assert_passes_veto, assert_vetoed, memory


def todo(text: str, task: str, date: str) -> Memory:
    """A to-do as the parser gives it: the task, and the date it resolved from the words."""
    return memory("todo", text, task=task, date=date)


def ep(text: str) -> Memory:
    return memory("episode", text)


# --- a dated to-do against a note that names its day in other words

_EYES = todo("我下周四要去看眼科", "去看眼科", "2026-12-10")


@pytest.mark.parametrize(
    "note",
    ["用户下星期四约了眼科", "用户下个礼拜四有眼科门诊"],
)
def test_a_todos_day_said_by_a_note_passes(note: str) -> None:
    for x, y in ((_EYES, ep(note)), (ep(note), _EYES)):
        assert dedup.veto_reasons(x, y) == [], (note, dedup.veto_reasons(x, y))


@pytest.mark.parametrize(
    "note",
    [
        "用户下星期三约了眼科",  # another day
        "用户下星期四有牙科门诊",  # another errand
        "用户上星期四去看了眼科",  # the deed, not the plan
        "用户下星期四取消了眼科预约",  # another action on it
    ],
)
def test_a_todo_against_another_day_errand_or_deed_is_vetoed(note: str) -> None:
    for x, y in ((_EYES, ep(note)), (ep(note), _EYES)):
        assert "slots" in dedup.veto_reasons(x, y), note
        assert not dedup.same_fact(x, y, 1.0)


# --- 准备 as "prepare" or a deed's purpose, not a plan


def test_prepared_reads_out_only_the_prepare_and_purpose_senses() -> None:
    assert prepared("我正在准备司法考试") == "我正在司法考试"
    assert prepared("我在攒钱准备换车") == "我在攒钱换车"
    assert prepared("我卖了旧房准备换新房") == "我卖了旧房换新房"
    # a plan opening its clause, or after a place (在深圳 is where, not what the user is doing)
    for kept in ("我准备明年考司法考试", "我在深圳准备开店", "我辞职了，准备去旅行"):
        assert prepared(kept) == normalise(kept)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我正在准备司法考试", "用户在备考司法考试"),
        ("我在攒钱准备换车", "用户正在存钱换车"),
    ],
)
def test_prepare_restated_passes(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我正在准备司法考试", "我已经通过了司法考试"),
        ("我在攒钱准备换车", "用户已经换了车"),
        ("我在深圳准备开店", "我在深圳开了店"),
        ("我准备明年考司法考试", "我在考司法考试"),
    ],
)
def test_prepare_near_misses_stay_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


# --- a span and a half, a day of the month in Chinese numerals


def test_zh_forms_reads_a_half_more_and_a_numeral_day() -> None:
    assert zh_forms("每天健身两个半小时") == "每天健身2.5小时"
    assert zh_forms("学了三个半月") == "学了3.5个月"
    assert zh_forms("在杭州待了一年半") == "在杭州待了1.5年"
    assert zh_forms("每天健身半小时") == "每天健身半小时"  # half alone stays thirty minutes
    assert zh_forms("生日是五月一号") == "生日是五月1号"
    assert zh_forms("坐一号线") == "坐一号线"  # no month before it: a line, not a day


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我每天健身两个半小时", "用户每天健身2.5小时"),
        ("我的生日是五月一号", "用户的生日在5月1日"),
    ],
)
def test_numbers_restated_pass(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我每天健身两个半小时", "用户每天健身半小时"),
        ("我每天健身两个半小时", "用户每天健身3.5小时"),
        ("我的生日是五月一号", "用户的生日在5月11日"),
        ("我的生日是五月一号", "用户的生日在6月1日"),
    ],
)
def test_numbers_near_misses_stay_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


# --- a note's 用户与… is the user as co-subject; 认识 is a couple's stage of its own


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我和男朋友在一起两年了", "用户与男友交往已2年"),
        ("我和老婆结婚五年了", "用户与妻子结婚5年了"),
    ],
)
def test_note_user_as_co_subject_passes(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我和老婆开了一家花店", "用户的妻子开了一家花店"),  # the wife alone
        ("我和老婆结婚五年了", "用户与妻子认识五年了"),  # known five years, not married
    ],
)
def test_co_subject_near_misses_stay_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


# --- a city and its district written together


def test_city_and_district_written_together_are_both_places() -> None:
    assert signature("用户公司位于上海浦东新区").places == signature("我们公司在上海浦东").places
    assert signature("我住在印度尼西亚").places == {"印度尼西亚"}  # one place of the lexicon's stays whole


def test_city_and_district_restated_passes_and_another_district_is_vetoed() -> None:
    assert_passes_veto("我的公司在上海浦东新区", "用户公司位于上海浦东")
    assert_vetoed("我的公司在上海浦东新区", "用户公司位于上海虹桥")


# --- closed classes said the long way: a child born, a spouse's parent, "a few" with 数


def test_zh_forms_reads_kin_and_a_few() -> None:
    assert zh_forms("表姐生了个小男孩") == "表姐生了个儿子"
    assert zh_forms("用户妻子的父亲住院了") == "用户岳父住院了"
    assert zh_forms("用户爱人的妈妈来了") == "用户爱人的妈妈来了"  # 爱人 says neither side
    assert zh_forms("用户每周头晕数次") == "用户每周头晕几次"
    assert zh_forms("他在教数学") == "他在教数学"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我表姐刚生了个儿子", "用户的表姐刚生了个男孩"),
        ("我岳父在医院住了三天", "用户妻子的父亲在医院住了三天"),
        ("我每周会头晕几次", "用户每周头晕数次"),
    ],
)
def test_kin_and_a_few_restated_pass(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我表姐刚生了个儿子", "用户的表姐刚生了个女孩"),
        ("我岳父在医院住了三天", "用户丈夫的父亲在医院住了三天"),
        ("我每周会头晕几次", "用户每周头晕十几次"),
    ],
)
def test_kin_and_a_few_near_misses_stay_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


# --- the National Day holiday by its date


def test_national_day_holiday_by_its_date() -> None:
    assert zh_forms("我们十一长假回老家") == "我们国庆长假回老家"
    assert zh_forms("我十一月回老家") == "我十一月回老家"  # a month, not the holiday
    assert_passes_veto("我十一假期打算回老家看爸妈", "用户国庆计划回老家看爸妈")
    assert_vetoed("我十一假期打算回老家看爸妈", "用户春节计划回老家看爸妈")
