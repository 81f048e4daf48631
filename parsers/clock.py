"""Day + clock phrases of reminders and trips, read exactly: 明天早上7点半, 周日早上9点, 明早6点40,
每天晚上十点, 6月20号, "at 6 tonight", "tomorrow at 5", "saturday mornign at 8".

jionlp resolves many Chinese time phrases but drops the clock of "明天早上7点半" and the date of
"明早6点40", and misreads a typo (早尚); the English span finder needed am/pm. These shapes are
common in reminders, so they are read here first and the general resolvers handle the rest
(parsers/temporal.py). A bare English hour with no am/pm is read the way people mean it: 1-6 is
afternoon ("pick up the kids at 4"), 7-11 morning unless the turn says evening.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import cn2an

__all__ = ["en_clock", "zh_day_named", "zh_when"]

_CN = "零一二两三四五六七八九十"
_WEEKDAY = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_DAY_ZH = re.compile(
    r"(?P<rel>大后天|后天|明天|明儿个?|明早|明晚|今天|今晚|今早)|"
    r"(?<!每)(?P<week>这|本|下下|(?<!一)下)?(?:个)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])|"
    r"(?P<month>\d{1,2}|[一二三四五六七八九十]{1,3})月(?P<day>\d{1,2}|[一二三四五六七八九十]{1,3})[日号]"
)
_PART_ZH = r"(?P<part>早上|早晨|早尚|上午|中午|下午|晚上|傍晚|凌晨|夜里|半夜|早|晚)?"
# Code-switched turns space their digits ("下午 4 点", "今晚 9 点半") or write am/pm ("明天10am").
_CLOCK_ZH = re.compile(
    _PART_ZH
    + rf"\s?(?:(?P<h>\d{{1,2}}|[{_CN}]{{1,3}})\s?(?:点|:|：)\s?(?P<m>半|一刻|三刻|\d{{1,2}}|[{_CN}]{{1,3}})?(?:分)?"
    + r"|(?P<h12>\d{1,2})(?::(?P<m12>\d{2}))?\s?(?P<ampm>am|pm|a\.m\.|p\.m\.)(?![a-z]))",
    re.I,
)
_EVERY = re.compile(r"每天|每晚|每周|每个?星期|\bevery\s+(?:day|night|morning|evening|week)\b|\bdaily\b", re.I)


def _num(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    try:
        return int(cn2an.cn2an(text, "smart"))
    except (ValueError, KeyError, IndexError):
        return None


def _day(m: re.Match[str], base: datetime) -> datetime | None:
    if m.group("rel"):
        offset = {"大后天": 3, "后天": 2, "今天": 0, "今晚": 0, "今早": 0}.get(m.group("rel"), 1)
        return base + timedelta(days=offset)
    if m.group("wd"):
        target, week = _WEEKDAY[m.group("wd")], m.group("week") or ""
        monday = base - timedelta(days=base.weekday())
        if week in {"这", "本"}:
            return monday + timedelta(days=target)
        if week in {"下", "下下"}:
            return monday + timedelta(days=target + (7 if week == "下" else 14))
        ahead = (target - base.weekday()) % 7
        return base + timedelta(days=ahead)
    month, day = _num(m.group("month")), _num(m.group("day"))
    if month is None or day is None:
        return None
    try:
        found = base.replace(month=month, day=day)
    except ValueError:
        return None
    return found if found.date() >= base.date() - timedelta(days=180) else found.replace(year=base.year + 1)


def _hour(part: str, hour: int) -> int:
    if part in {"下午", "晚上", "傍晚", "夜里", "晚"} and hour < 12:
        return hour + 12
    if part == "中午" and hour < 6:
        return hour + 12
    if part in {"半夜", "凌晨"} and hour == 12:
        return 0
    return hour


def zh_day_named(text: str) -> bool:
    """The text names a day itself (今天, 明晚, 下周三, 3月8日), not only a clock time."""
    return _DAY_ZH.search(text) is not None


def zh_when(text: str, base: datetime) -> tuple[str | None, str | None, str] | None:
    """(date, time, span) of the first day and/or clock phrase, or None when there is neither."""
    day_m, clock_m = _DAY_ZH.search(text), _CLOCK_ZH.search(text)
    if clock_m and day_m and clock_m.start() < day_m.end() and clock_m.end() > day_m.start():
        clock_m = _CLOCK_ZH.search(text, day_m.end())  # "下礼拜一九点半": 一 is the day, not the hour
    if not day_m and not clock_m:
        return None
    date: str | None = None
    time: str | None = None
    if day_m:
        try:
            day = _day(day_m, base)
        except OverflowError:
            day = None  # a session time at the end of the calendar: no date rather than a crash
        # Years far from now are a broken session clock, and strftime pads no year below 1000.
        date = day.strftime("%Y-%m-%d") if day and 1900 <= day.year <= 2200 else None
    if clock_m:
        part = clock_m.group("part") or ""
        hour: int | None
        minute: int | None
        if clock_m.group("ampm"):
            hour, minute = int(clock_m.group("h12")), int(clock_m.group("m12") or 0)
            part = "下午" if clock_m.group("ampm").lower().startswith("p") else "上午"
            hour = 0 if part == "上午" and hour == 12 else hour
        else:
            hour, minute_text = _num(clock_m.group("h")), clock_m.group("m") or ""
            minute = {"半": 30, "一刻": 15, "三刻": 45, "": 0}.get(minute_text)
            if minute is None:
                minute = _num(minute_text)
        if not part and day_m and day_m.group("rel") in {"明早", "今早", "明晚", "今晚"}:
            part = "晚" if "晚" in day_m.group("rel") else "早"
        if hour is not None and minute is not None:
            hour = _hour(part, hour)
            if 0 <= hour < 24 and 0 <= minute < 60:
                time = f"{hour:02d}:{minute:02d}"
    if time and not day_m and not _EVERY.search(text) and 1900 <= base.year <= 2200:
        date = base.strftime("%Y-%m-%d")  # "下午两点半开周会": today
    if not date and not time:
        return None
    spans = [m.group(0) for m in (day_m, clock_m) if m]
    return date, time, " ".join(spans)


_EN_CLOCK = re.compile(
    r"\b(?:at|@|around|by)\s+(?P<h>\d{1,2})(?::(?P<m>\d{2}))?(?!\s*(?:am|pm|a\.m\.|p\.m\.|%|\d|[:/.,]\d))\b"
    r"(?!\s+(?:days?|weeks?|months?|years?|people|kids|minutes?|hours?|dollars|bucks|euros?)\b)",
    re.I,
)
_EVENING = re.compile(r"\b(?:tonight|this evening|evening|night|afternoon|pm|p\.m\.)\b", re.I)
_MORNING = re.compile(r"\b(?:morning|mornign|mornin|am|a\.m\.|breakfast)\b", re.I)


_TIMETABLE = re.compile(r"\b(?:flight|flights|fly|flying|train|depart\w*|leav\w*|land\w*|boarding|bus|ferry)\b", re.I)


def en_clock(text: str) -> tuple[str, str] | None:
    """(HH:MM, span) of a bare hour ("at 6 tonight", "tomorrow at 5"), when no am/pm is written."""
    m = _EN_CLOCK.search(text)
    if not m:
        return None
    hour, minute = int(m.group("h")), int(m.group("m") or 0)
    if not (1 <= hour <= 12 and minute < 60):
        return None
    if _EVENING.search(text) and not _MORNING.search(text):
        hour = hour + 12 if hour < 12 else hour
    elif not _MORNING.search(text) and hour <= 6 and (not m.group("m") or not _TIMETABLE.search(text)):
        # "at 5" and "Dentist at 4:30" are afternoon hours; a flight's or train's "at 6:30" is as written
        hour += 12
    return f"{hour:02d}:{minute:02d}", m.group(0)
