"""Dates, times and amounts, resolved against the session time (never the wall clock).

dateparser misses "明天下午3点", "下周三", "三天前"; jionlp resolves them, so Chinese goes to jionlp
and English to a small span finder plus dateparser on the span only (searching whole sentences
with dateparser is slow and over-eager).
"""

from __future__ import annotations

import logging
import os
import re
import warnings
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

import cn2an

from parsers.clock import en_clock, zh_day_named, zh_when
from parsers.en_dates import resolve

__all__ = ["Amount", "When", "find_amounts", "find_when"]


@dataclass(frozen=True)
class When:
    date: str | None  # YYYY-MM-DD
    time: str | None  # HH:MM
    span: str


@dataclass(frozen=True)
class Amount:
    value: float
    currency: str
    span: str
    bound: str  # "max" (以内/不超过/under), "min", or "exact"


_CN_NUM = "零〇一二两三四五六七八九十百千万"
_AMOUNT_ZH = re.compile(
    rf"(?P<pre>不超过|不高于|最多|低于|少于|至少|不低于)?\s*(?P<num>\d+(?:\.\d+)?|[{_CN_NUM}]+)\s*"
    rf"(?P<unit>万元|万|千元|元|块钱|块|人民币|美元|美金|刀)?\s*(?P<post>以内|以下|之内|以上|左右)?"
)
_AMOUNT_EN = re.compile(
    r"(?P<pre>under|below|less than|at most|no more than|up to|max(?:imum)?|at least|over|above)?\s*"
    r"(?P<cur>\$|¥|usd\s*|rmb\s*|cny\s*|eur\s*|€)?(?P<num>\d[\d,]*(?:\.\d+)?)\s*(?P<k>k\b)?\s*"
    r"(?P<unit>dollars|bucks|usd|yuan|rmb|cny|euros?|eur)?",
    re.IGNORECASE,
)
_CURRENCY = {
    "$": "USD",
    "usd": "USD",
    "dollars": "USD",
    "bucks": "USD",
    "美元": "USD",
    "美金": "USD",
    "刀": "USD",
    "¥": "CNY",
    "rmb": "CNY",
    "cny": "CNY",
    "yuan": "CNY",
    "元": "CNY",
    "块": "CNY",
    "块钱": "CNY",
    "人民币": "CNY",
    "万元": "CNY",
    "万": "CNY",
    "千元": "CNY",
    "€": "EUR",
    "eur": "EUR",
    "euro": "EUR",
    "euros": "EUR",
}


def _cn_number(text: str) -> float | None:
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return float(text)
    try:
        return float(cn2an.cn2an(text, "smart"))
    except (ValueError, KeyError, IndexError):
        return None


def find_amounts(text: str, lang: str, default_currency: str = "CNY") -> list[Amount]:
    """Money-like numbers with their bound; a bare number counts only next to a money cue."""
    out: list[Amount] = []
    if lang != "en":
        for m in _AMOUNT_ZH.finditer(text):
            num = m.group("num")
            if not (m.group("unit") or m.group("pre") or m.group("post")):
                continue
            if re.fullmatch(rf"[{_CN_NUM}]", num) and not m.group("unit"):
                continue  # a lone 一/两 is not an amount
            value = _cn_number(num)
            if value is None:
                continue
            unit = m.group("unit") or ""
            if unit.startswith("万"):
                value *= 10_000
            elif unit.startswith("千"):
                value *= 1_000
            pre, post = m.group("pre") or "", m.group("post") or ""
            if post in {"以上"} or pre in {"至少", "不低于"}:
                bound = "min"
            elif post in {"以内", "以下", "之内"} or pre in {"不超过", "不高于", "最多", "低于", "少于"}:
                bound = "max"
            else:
                bound = "exact"
            out.append(Amount(value, _CURRENCY.get(unit, default_currency), m.group(0).strip(), bound))
    if lang != "zh":
        for m in _AMOUNT_EN.finditer(text):
            cur, unit = (m.group("cur") or "").strip().lower(), (m.group("unit") or "").lower()
            if not (cur or unit or m.group("pre")):
                continue
            value = float(m.group("num").replace(",", ""))
            if m.group("k"):
                value *= 1000
            pre = (m.group("pre") or "").lower()
            bound = "min" if pre in {"at least", "over", "above"} else ("max" if pre else "exact")
            currency = _CURRENCY.get(cur or unit, "USD" if lang == "en" else default_currency)
            out.append(Amount(value, currency, m.group(0).strip(), bound))
    return out


class _DropLibraryRecords(logging.Filter):
    """jionlp logs the traceback of a phrase it cannot resolve to the root logger, and the
    traceback quotes the user's words ("周三晚上上"); the parser logs no personal text, so records
    made inside the package are dropped where they are logged (a filter on the root logger sees
    exactly the records logged to it, which is what `logging.error` does)."""

    def __init__(self, folder: str) -> None:
        super().__init__()
        self.folder = folder

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.pathname.startswith(self.folder)


@lru_cache(maxsize=1)
def _jionlp() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import jionlp  # heavy import (dictionaries): load once, lazily

    logging.getLogger().addFilter(_DropLibraryRecords(os.path.dirname(jionlp.__file__)))
    return jionlp


_ZH_TIME_CUE = re.compile(
    r"(今天|明天|后天|大后天|昨天|前天|今晚|明晚|早上|上午|中午|下午|晚上|凌晨|[下上本这]周|[下上本这]个?星期|"
    r"周[一二三四五六日天]|星期[一二三四五六日天]|\d+月\d+[日号]|[一二三四五六七八九十]+月|\d{4}年|"
    r"\d+[点:：]|[一二三四五六七八九十两]+点|[一二三四五六七八九十两\d]+天[前后]|下个月|上个月|月底|年底)"
)


def _point(value: str) -> datetime | None:
    """jionlp marks open ends of a span as "-inf"/"inf"; anything but a full timestamp is no date."""
    try:
        return datetime.strptime(value, "%Y-%m-%d %H:%M:%S")
    except ValueError:
        return None


def _find_when_zh(text: str, now: datetime) -> When | None:
    """Day/clock phrases are read exactly first (parsers/clock.py); jionlp resolves the rest and
    gives the day when only a clock was read ("三天后下午3点")."""
    base = now.replace(tzinfo=None)
    exact = zh_when(text, base)
    if exact and exact[0] and (exact[0] != base.strftime("%Y-%m-%d") or zh_day_named(text)):
        # a day the text names (今晚 is today too) needs no second reading: jionlp costs 5-40 ms,
        # and is asked only when the day was defaulted from a bare clock ("三天后下午3点")
        return When(*exact)
    other = _jionlp_when(text, now)
    if exact and other and other.date and exact[1]:
        return When(other.date, exact[1], f"{other.span} {exact[2]}")
    if exact:
        return When(*exact)
    return other


def _jionlp_when(text: str, now: datetime) -> When | None:
    if not _ZH_TIME_CUE.search(text):
        return None
    jio = _jionlp()
    base = now.replace(tzinfo=None).timestamp() if now.tzinfo is None else now.timestamp()
    try:
        found = jio.ner.extract_time(text, time_base=base, with_parsing=True)
    except Exception:  # jionlp raises bare exceptions on odd spans
        return None
    for item in found:
        detail = item.get("detail") or {}
        points = detail.get("time")
        if detail.get("type") not in {"time_point", "time_span"} or not points:
            continue
        if isinstance(points, list) and points and isinstance(points[0], str):
            start, end = _point(points[0]), _point(points[-1])
            if start is None or end is None:
                continue  # an open span ("今天以前": -inf .. today) has no date to store
            has_time = (end - start) < timedelta(hours=23) or start.time() != datetime.min.time()
            has_clock = bool(re.search(r"\d+[点:：]|[一二三四五六七八九十两]+点|中午|凌晨", item["text"]))
            if end - start > timedelta(days=1, hours=12):
                continue  # "下个月", "下周": a span, not a day; a single date would invent precision
            return When(
                start.strftime("%Y-%m-%d"), start.strftime("%H:%M") if has_time and has_clock else None, item["text"]
            )
    return None


_EN_DATE = re.compile(
    r"\b(today|tonight|tomorrow|tmrw|tmr|tomorow|tommorow|yesterday|day after tomorrow|"
    r"(?:next|this|last)\s+(?:week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
    r"(?:on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
    # weekdays written short: "tue" / "thurs" / "fri" alone, "mon" / "wed" / "sat" / "sun" only where
    # no other word fits (after next / this / last / on: "I sat on", "the sun", "they wed" are no days)
    r"(?:(?:next|this|last|on)\s+)?(?:tues?|thu|thurs?|fri)\b\.?|(?:next|this|last|on)\s+(?:mon|weds?|sat|sun)\b\.?|"
    r"(?:in|within)\s+\d+\s+(?:days?|weeks?)|\d+\s+(?:days?|weeks?)\s+ago|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|"
    r"\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*(?:\s+\d{4})?|"
    r"\d{4}-\d{2}-\d{2}|in\s+\d{4}|(?<![$€£¥\d,])(?:19|20)\d{2}(?![\d,]|\s*(?:euros?|dollars|bucks|usd|eur|gbp|cad|k\b|元|块|/))|"
    # "the 2nd" alone is a day of this month; "the 2nd of August" is read by the day-month shape above
    r"(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)(?!\s+of\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)))\b",
    re.IGNORECASE,
)
_EN_TIME = re.compile(
    r"\b(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.|o'clock)\b|\b(?:at\s+)(\d{1,2}):(\d{2})\b|\b(noon|midnight)\b",
    re.IGNORECASE,
)


def _next_day_of_month(base: datetime, day: int) -> str | None:
    """ "on the 22nd": that day of this month, or of next month once it has passed."""
    year, month = base.year, base.month
    for _ in range(3):
        try:
            candidate = base.replace(year=year, month=month, day=day)
        except ValueError:
            candidate = None
        if candidate is not None and candidate.date() >= base.date() and 1900 <= candidate.year <= 2200:
            return candidate.strftime("%Y-%m-%d")
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return None


_EVERY_EN = re.compile(r"\bevery\s+(?:day|night|morning|evening)\b|\bdaily\b", re.I)


def _find_when_en(text: str, now: datetime) -> When | None:  # noqa: PLR0912 - one branch per written shape
    date_m = _EN_DATE.search(text)
    if date_m and re.fullmatch(r"(?:on\s+)?[a-z]+day", date_m.group(0).strip(), re.I):
        nth = re.match(r",?\s+the\s+\d{1,2}(?:st|nd|rd|th)\b", text[date_m.end() :], re.I)
        if nth:  # "Saturday the 22nd": the day of the month is the exact one
            date_m = _EN_DATE.search(text, date_m.end())
    time_m = _EN_TIME.search(text)
    bare = en_clock(text) if time_m is None or not (time_m.group(3) or time_m.group(6)) else None
    if not date_m and not time_m and not bare:
        return None
    date_str: str | None = None
    base = now.replace(tzinfo=None)
    if date_m:
        span = date_m.group(0)
        if re.fullmatch(r"(?:in\s+)?\d{4}", span.strip(), re.IGNORECASE):
            year = int(re.sub(r"\D", "", span))
            if 1900 <= year <= 2100:
                return When(f"{year}", None, span)
            date_m = None
        elif re.fullmatch(r"(?:next|this|last)\s+(?:week|month|year)|(?:in|within)\s+\d+\s+weeks?", span.strip(), re.I):
            date_m = None  # a span, not a day: a single date would invent precision
        elif re.fullmatch(r"(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)", span.strip(), re.I):
            day = int(re.sub(r"\D", "", span))
            date_str = _next_day_of_month(base, day)
        else:
            span_clean = re.sub(r"^(on|this)\s+", "", span.strip(), flags=re.IGNORECASE)
            span_clean = re.sub(r"^(?:tmrw|tmr|tomorow|tommorow)$", "tomorrow", span_clean, flags=re.IGNORECASE)
            date_str = resolve(span_clean, base)  # the common shapes without dateparser's 5-30 ms
            if date_str is None:
                import dateparser

                parsed = dateparser.parse(
                    span_clean,
                    settings={
                        "RELATIVE_BASE": base,
                        "PREFER_DATES_FROM": "future"
                        if not re.search(r"ago|last|yesterday", span_clean, re.I)
                        else "past",
                    },
                )
                if parsed:
                    date_str = parsed.strftime("%Y-%m-%d")
    time_str: str | None = None
    if time_m:
        if time_m.group(6):
            time_str = "12:00" if time_m.group(6).lower() == "noon" else "00:00"
        elif time_m.group(1):
            hour, minute = int(time_m.group(1)), int(time_m.group(2) or 0)
            mer = (time_m.group(3) or "").lower()
            if mer.startswith("p") and hour < 12:
                hour += 12
            if mer.startswith("a") and hour == 12:
                hour = 0
            time_str = f"{hour:02d}:{minute:02d}" if hour < 24 and minute < 60 else None
        else:
            time_str = f"{int(time_m.group(4)):02d}:{time_m.group(5)}"
    if bare:
        time_str = bare[0]
    if date_str is None and time_str and not _EVERY_EN.search(text):
        date_str = base.strftime("%Y-%m-%d")
    if date_str is None and time_str is None:
        return None
    spans = " ".join([*(m.group(0) for m in (date_m, time_m) if m), *([bare[1]] if bare else [])])
    return When(date_str, time_str, spans)


def _english_day(text: str, now: datetime, zh: When | None) -> When | None:
    """ "tomorrow 早上7点的高铁": a Chinese clock whose day is an English word; the clock alone would
    default the day to today. None when the Chinese reading names its own day."""
    if zh is None or not zh.time or zh_day_named(text) or not re.search(r"[A-Za-z]{3}", text):
        return None
    en = _find_when_en(text, now)
    if en is None or not en.date or not re.search(r"[A-Za-z]", en.span):
        return None
    return When(en.date, zh.time, f"{en.span} {zh.span}")


def find_when(text: str, now: datetime, lang: str) -> When | None:
    """The first date/time the text names, or None. Never raises: a date that cannot be resolved
    (an open span, a relative date past year 9999 or before year 1) is no date, and the fact is
    stored without one."""
    try:
        if lang == "zh":
            zh = _find_when_zh(text, now)
            return _english_day(text, now, zh) or zh
        if lang == "en":
            return _find_when_en(text, now)
        zh, en = _find_when_zh(text, now), _find_when_en(text, now)
        if zh and en and zh.date and not zh.time and en.time:
            return When(zh.date, en.time, f"{zh.span} {en.span}")  # "remind 我明天 3pm"
        if (day := _english_day(text, now, zh)) is not None:
            return day
        return zh or en
    except (ValueError, OverflowError):
        return None
