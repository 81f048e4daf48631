"""Property tests: the parser never raises, whatever text it gets (issue #9, item 9).

A fact the parser cannot date is stored without a date; it is never a 500."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parsers

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)

# Words that steer text into the date, amount, forget and correction rules, where the crashes were.
ZH_WORDS = [
    "今天",
    "明天",
    "昨天",
    "以前",
    "之前",
    "以后",
    "周五",
    "下周三",
    "三天前",
    "下午3点",
    "6月15日",
    "月底",
    "提醒我",
    "交作业",
    "预算",
    "500以内",
    "不超过两千元",
    "忘掉",
    "不对，是",
    "我妈妈",
    "高血压",
    "喜欢",
    "北京南",
    "上海虹桥",
    "高铁",
    "十",
    "两",
    "万元",
    "年底",
    "2024年",
    "。",
    "，",
    "？",
]
EN_WORDS = [
    "today",
    "tomorrow",
    "before",
    "after",
    "friday",
    "next week",
    "3 days ago",
    "at 9am",
    "noon",
    "$500",
    "under",
    "budget",
    "remind me",
    "forget",
    "my mother",
    "I prefer",
    "not",
    "June 15th",
    "2024",
    "12:99",
    "99pm",
    "-inf",
    "inf",
    "nan",
    "1e309",
    "0x10",
    "9223372036854775808",
    ".",
    ",",
    "?",
]
DATE_LIKE = st.from_regex(r"\d{1,4}[-/年.]\d{1,2}[-/月.]\d{1,2}[日号]?( \d{1,2}[:点：]\d{0,2})?", fullmatch=True)
NUMBER_LIKE = st.from_regex(
    r"[-+]?(\d{1,25}|[零一二两三四五六七八九十百千万亿]{1,8})(\.\d{1,5})?(元|块|万|k|%)?", fullmatch=True
)
MIXED = st.lists(
    st.sampled_from(ZH_WORDS + EN_WORDS) | DATE_LIKE | NUMBER_LIKE | st.text(max_size=8), min_size=1, max_size=8
).map(" ".join)
TEXT = st.text(max_size=200) | MIXED


@pytest.mark.parametrize(
    "text",
    [
        "记得提醒我今天以前交作业",
        "周五之前我要交季度报告。",
        "我今天以前要交作业",
        "before today remind me to pay",
        "2024年13月45日提醒我",
    ],
)
@pytest.mark.parametrize("day", range(7))
def test_open_ended_dates_do_not_raise(text: str, day: int) -> None:
    """jionlp answers "-inf" for the open end of "今天以前"/"周五之前"; the parse must still succeed,
    on every weekday (whether "周五" is ahead or behind changes jionlp's answer)."""
    result = parsers.parse(text, NOW + timedelta(days=day))
    for fact in result.facts:
        due = fact.slots.get("date")
        assert due is None or (isinstance(due, str) and "inf" not in due)


@settings(max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT)
def test_parse_never_raises(text: str) -> None:
    result = parsers.parse(text, NOW)
    assert result.lang in {"zh", "en", "mixed"}
    for fact in result.facts:
        assert isinstance(fact.summary, str)


ZONES = st.sampled_from([None, UTC, timezone(timedelta(hours=14)), timezone(timedelta(hours=-12))])


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=MIXED, now=st.datetimes(timezones=ZONES))
def test_parse_never_raises_whatever_the_session_time(text: str, now: datetime) -> None:
    """Relative dates resolved near year 1 or 9999 overflowed ("next friday" on 9999-12-31)."""
    parsers.parse(text, now)


@pytest.mark.parametrize(
    "text, now",
    [
        ("next friday I fly to Paris", datetime(9999, 12, 31, 23, 59)),
        ("next friday I fly to Paris", datetime(9999, 12, 31, 23, 59, tzinfo=timezone(timedelta(hours=-14)))),
        ("明天下午3点提醒我交作业", datetime(1, 1, 1)),
    ],
)
def test_dates_out_of_range_are_no_date(text: str, now: datetime) -> None:
    result = parsers.parse(text, now)
    assert all("date" not in fact.slots for fact in result.facts)
