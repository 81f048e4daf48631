"""One canonical reading of the numbers, clock times, dates, durations and time words of a text
(issue #11, helper quant21).

The numbers and times vetoes (mal/dedup.py) compare what the signature reads (mal/dedup_text.py):
"11 pm" is 23:00 but "eleven at night" the number 11 and a night; 40k is 40000 but "forty grand" 40;
07:45 and "7:45 am" agree, yet "June 12" / "12 June" are read in two orders; 国庆节 is no time word
beside 国庆期间, nor 开春 beside 春天, nor "nightly" beside "every night". Every such pair was one
more special case. Here each text is read once into canonical values, in the order it says them:

  * clock times as minutes of the day: "11 pm", "eleven at night", 晚上十一点 and 23点 are 1380, the
    half of the day fixed by am / pm, a part-of-day word beside the hour, or a 24-hour form
    (07:45, 23点); an hour said without its half ("by 6", 十一点, 7:40) keeps both readings and meets
    one of them only where the other text fixes it by a word (晚上, "at night", "in the morning") or
    is a note about the user (its writer heard which half was meant). A part-of-day word beside a
    clock time of its half is said by the time (晚上…23点之前 is 23点之前);
  * durations in minutes ("2 hours 5 minutes", "in 2:05", 两周 / 两个礼拜 / "a fortnight", 半小时);
  * dates as (month, day) in any order or form ("June 12" / "12 June" / 6月12日 / 2027-06-12);
  * ages in months ("aged 6", "a six-year-old", 6岁, 18个月大 / 一岁半), a list of them a set
    ("ages 6 and 9" / "a nine-year-old and a six-year-old", 一个7岁一个10岁 / 十岁和七岁);
  * amounts and counts as numbers, English and Chinese (40k / "forty grand" / 4万, 两个 / 俩 / "two");
  * one time word for one time: 国庆节 / 国庆期间 / 十一长假, 春天 / 开春, "nightly" / "every night",
    夜间 / 晚上, "every other Thursday" / "alternate Thursdays", "1:1" / "one-on-one".

`quantities_agree` holds when both texts read into the same non-empty values and nothing else
numeric or temporal differs: what the reading leaves of each text (its residue) has the signature's
numbers and time words of the other's residue. It never equates two values: 11 pm / 11 am, 7:45 /
7:15, 40k / 14k, 两周 / 两个月, 十一点 / 十二点, "by 6" / "by 6pm" (nothing says evening), 国庆 /
春节 stay apart, and two amounts of one kind keep their order ("Mike $50, Tom $30" is not "Mike $30,
Tom $50"); only a list of ages is a set.

Pure functions over text; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from mal.dedup_clock_words import clock_words
from mal.dedup_quantity_words import EN_HOUR, EN_NUM, ZH_NUM, en_value, zh_value
from mal.dedup_text import normalise, signature

__all__ = ["Quantity", "quantities", "quantities_agree"]

OPEN = "open"  # readings that are alternatives: any one of them may be the one meant
HALF_DAY = "half_day"  # an hour said without its half of the day (see `_meets`)


@dataclass(frozen=True)
class Quantity:
    """One value a text says: its kind, its reading(s), how to read several, where it stands."""

    kind: str
    readings: tuple[object, ...]
    ambiguity: str = ""  # "" one reading; OPEN / HALF_DAY: several, one of them meant
    by_word: bool = False  # a clock time whose half of the day a word fixed (晚上, "at night")
    start: int = field(default=0, compare=False)
    end: int = field(default=0, compare=False)


@dataclass(frozen=True)
class _Reading:
    values: tuple[Quantity, ...]
    residue: str


_Pass = Callable[[str, list[Quantity]], str]

# ---------------------------------------------------------------------------------------------
# the hours (0-23) a part of the day may hold (a part-of-day word beside such a time is said by it)
_PART_HOURS = {
    "morning": range(4, 12),
    "noon": range(11, 14),
    "afternoon": range(12, 19),
    "dusk": range(16, 20),
    "evening": range(17, 24),
    "night": (*range(18, 24), *range(5)),
    "small_hours": range(6),
    "late_night": (22, 23, *range(4)),
}
_ZH_PARTS = {
    **dict.fromkeys(("凌晨",), "small_hours"),
    **dict.fromkeys(("早上", "早晨", "清晨", "上午", "晨间", "早间"), "morning"),
    "中午": "noon",
    "下午": "afternoon",
    "傍晚": "dusk",
    # 晚上 / 夜里 / 夜间 name one part of a Chinese day (用户夜间入睡困难 / 我晚上很难睡着)
    **dict.fromkeys(("晚上", "夜里", "夜间", "夜晚", "晚间", "晚"), "night"),
    **dict.fromkeys(("半夜", "深夜"), "late_night"),  # 半夜醒来 is not 晚上醒来
}
_ZH_PART = "|".join(sorted(_ZH_PARTS, key=len, reverse=True))
_EN_PARTS = {"morning": "morning", "afternoon": "afternoon", "evening": "evening", "night": "night"}


def _resolve(part: str, hour: int) -> int | None:
    """The hour (0-23) a part of the day makes of an hour said 1-12, or None where it makes none."""
    if hour > 12:
        return hour if hour in _PART_HOURS[part] else None
    if part in ("morning", "small_hours"):
        return hour if hour < 12 and hour in _PART_HOURS[part] else None
    if part == "noon":
        return 12 if hour == 12 else hour + 12 if hour <= 2 else None
    if part in ("afternoon", "dusk"):
        return 12 if hour == 12 else hour + 12 if (hour + 12) in _PART_HOURS[part] else None
    if hour == 12:
        return 0 if part in ("night", "late_night") else None
    if part in ("night", "late_night") and hour <= 4:
        return hour  # 夜里两点, "2 at night": the small hours
    return hour + 12 if (hour + 12) in _PART_HOURS[part] else None


def _clock(hour: int, minutes: int, start: int, end: int, by_word: bool = False) -> Quantity:
    return Quantity("clock", ((hour % 24) * 60 + minutes,), by_word=by_word, start=start, end=end)


def _bare_clock(hour: int, minutes: int, start: int, end: int) -> Quantity:
    readings = ((hour % 12) * 60 + minutes, (hour % 12 + 12) * 60 + minutes)
    return Quantity("clock", readings, HALF_DAY, start=start, end=end)


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


def _sub(
    pattern: re.Pattern[str], text: str, read: Callable[[re.Match[str]], list[Quantity] | None]
) -> tuple[str, list[Quantity]]:
    """Every match `read` takes is blanked from `text` and its values kept; a match it refuses
    (None) stays for the residue."""
    found: list[Quantity] = []
    for m in reversed(list(pattern.finditer(text))):
        values = read(m)
        if values is None:
            continue
        found += values
        text = _blank(text, m.start("q") if "q" in pattern.groupindex else m.start(), m.end())
    return text, found


def _pass(pattern: str, read: Callable[[re.Match[str]], list[Quantity] | None]) -> _Pass:
    compiled = re.compile(pattern)

    def run(text: str, out: list[Quantity]) -> str:
        text, found = _sub(compiled, text, read)
        out += found
        return text

    return run


# ---------------------------------------------------------------------------------------------
# what a text names one way here and another way elsewhere (each a small pass)
_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sept", "sep"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        )
    )
    for m in names
}
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_MONTH_NOT_MAY = "|".join(sorted((m for m in _MONTHS if m != "may"), key=len, reverse=True))  # "12 may come"
_ORD = r"(?:st|nd|rd|th)?"
_WEEKDAY = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"


def _one(kind: str, value: object, m: re.Match[str], ambiguity: str = "") -> list[Quantity]:
    return [Quantity(kind, (value,), ambiguity, start=m.start(), end=m.end())]


def _date(month: int, day: int, m: re.Match[str]) -> list[Quantity] | None:
    return _one("date", (month, day), m) if 1 <= month <= 12 and 1 <= day <= 31 else None


def _iso(m: re.Match[str]) -> list[Quantity] | None:
    date = _date(int(m.group(2)), int(m.group(3)), m)
    return None if date is None else [*date, Quantity("num", (float(m.group(1)),), start=m.start(), end=m.end())]


def _zh_date(m: re.Match[str]) -> list[Quantity] | None:
    month, day = zh_value(m.group(1)), zh_value(m.group(2))
    return None if month is None or day is None else _date(int(month), int(day), m)


def _duration_clock(m: re.Match[str]) -> list[Quantity]:
    a, b, c = int(m.group(1)), int(m.group(2)), m.group(3)
    q_start = m.start(1)
    if c is not None:  # 1:45:30 is hours, minutes and seconds
        readings: tuple[object, ...] = (a * 60 + b + int(c) / 60,)
        return [Quantity("duration", readings, start=q_start, end=m.end())]
    # "in 2:05" is two hours and five minutes after a half marathon, two minutes and five seconds
    # after a mile: either may be meant, and only a text that says which meets it
    return [Quantity("duration", (float(a * 60 + b), a + b / 60), OPEN, start=q_start, end=m.end())]


def _age_list(m: re.Match[str]) -> list[Quantity] | None:
    numbers = [en_value(n) for n in re.findall(EN_NUM, m.group("ages"))]
    if not numbers or any(n is None for n in numbers):
        return None
    months = 1 if m.group("unit") and m.group("unit").startswith("month") else 12
    return [Quantity("age", (n * months,), start=m.start(), end=m.end()) for n in numbers if n is not None]


def _zh_age(m: re.Match[str]) -> list[Quantity] | None:
    value = zh_value(m.group(1))
    if value is None:
        return None
    months = value if m.group(2) == "个月大" else value * 12 + (6 if m.group(3) else 0)
    return _one("age", months, m)


def _en_clock(m: re.Match[str]) -> list[Quantity] | None:
    hour = en_value(m.group("h"))
    if hour is None or not 1 <= hour <= 12:
        return None
    minutes = int(m.group("m") or 0)
    pm = m.group("half").startswith("p")
    return [_clock(int(hour) % 12 + (12 if pm else 0), minutes, m.start("q"), m.end())]


def _en_part_clock(m: re.Match[str]) -> list[Quantity] | None:
    hour = en_value(m.group("h"))
    if hour is None or not 1 <= hour <= 12:
        return None
    part = _EN_PARTS[m.group("part").split()[-1]]
    resolved = _resolve(part, int(hour))
    if resolved is None:
        return None
    return [_clock(resolved, int(m.group("m") or 0), m.start("q"), m.end(), by_word=True)]


def _noon(m: re.Match[str]) -> list[Quantity]:
    return [_clock(0 if m.group(1) == "midnight" else 12, 0, m.start(), m.end(), by_word=True)]


def _hhmm(m: re.Match[str]) -> list[Quantity] | None:
    hour, minutes = int(m.group("h")), int(m.group("m"))
    if hour > 23 or minutes > 59:
        return None
    part = _ZH_PARTS.get(m.group("part") or "")
    start = m.start("q")
    if part is not None:
        resolved = _resolve(part, hour)
        return None if resolved is None else [_clock(resolved, minutes, start, m.end(), by_word=True)]
    if hour == 0 or hour >= 13 or m.group("h").startswith("0"):
        return [_clock(hour, minutes, start, m.end())]  # 07:45, 23:00: a 24-hour clock
    return [_bare_clock(hour, minutes, start, m.end())]


def _dotted(m: re.Match[str]) -> list[Quantity] | None:
    hour, minutes = int(m.group("h")), int(m.group("m"))
    if not 1 <= hour <= 12 or minutes > 59:
        return None
    return [_bare_clock(hour, minutes, m.start("q"), m.end())]


def _en_bare_hour(m: re.Match[str]) -> list[Quantity] | None:
    hour = en_value(m.group("h"))
    if hour is None or not 1 <= hour <= 12:
        return None
    return [_bare_clock(int(hour), 0, m.start("q"), m.end())]


_ZH_MINUTES = {"半": 30, "一刻": 15, "三刻": 45}


def _zh_clock(m: re.Match[str]) -> list[Quantity] | None:
    hour = zh_value(m.group("h"))
    part = _ZH_PARTS.get(m.group("part") or "")
    if hour is None or not hour.is_integer() or hour > 24:
        return None
    if m.group("part") in (None, "晚") and m.group("h") in ("一", "两") and not (m.group("min") or m.group("zhong")):
        return None  # 一点 / 两点 alone are as often "a little" (晚一点到) as an hour
    tail = m.group("min")
    minutes = _ZH_MINUTES.get(tail or "")
    if minutes is None and tail:
        value = zh_value(tail.rstrip("分"))
        if value is None or value >= 60:
            return None
        minutes = int(value)
    h = int(hour)
    if part is not None:
        resolved = _resolve(part, h)
        if resolved is None:
            return None
        return [_clock(resolved, minutes or 0, m.start(), m.end(), by_word=True)]
    if h == 0 or h >= 13:
        return [_clock(h, minutes or 0, m.start(), m.end())]
    return [_bare_clock(h, minutes or 0, m.start(), m.end())]


_UNIT_MINUTES = {
    "minute": 1,
    "hour": 60,
    "day": 1440,
    "week": 10_080,
    "fortnight": 20_160,
    "month": 43_800,  # a twelfth of a year: 半年 is 六个月
    "year": 525_600,
}
# a week as a span, not a day or the weekend of one: 两个周末 / 两个星期天 are two weekends / Sundays, not
# two weeks (review23); 周一次 is "once a week"
_ZH_WEEK = r"(?:周|星期|礼拜)(?![末日天六]|[一二三四五](?!次))"
_ZH_UNIT_NAMES = {
    "分钟": "minute",
    "小时": "hour",
    "钟头": "hour",
    "天": "day",
    "周": "week",
    "星期": "week",
    "礼拜": "week",
    "月": "month",
    "年": "year",
}


def _en_unit(word: str) -> str:
    word = word.rstrip("s")
    return {"min": "minute", "hr": "hour", "h": "hour"}.get(word, word)


def _en_hours_minutes(m: re.Match[str]) -> list[Quantity] | None:
    hours, minutes = en_value(m.group(1)), en_value(m.group(2))
    if hours is None or minutes is None:
        return None
    return _one("duration", hours * 60 + minutes, m)


def _en_duration(m: re.Match[str]) -> list[Quantity] | None:
    value = 2.0 if m.group("n") is None else en_value(m.group("n"))  # a bare "fortnight" is one
    if value is None:
        return None
    return _one("duration", value * _UNIT_MINUTES[_en_unit(m.group("unit"))], m)


def _zh_hours_minutes(m: re.Match[str]) -> list[Quantity] | None:
    hours, minutes = zh_value(m.group(1)), zh_value(m.group(2))
    if hours is None or minutes is None:
        return None
    return _one("duration", hours * 60 + minutes, m)


def _zh_duration(m: re.Match[str]) -> list[Quantity] | None:
    numeral, half, unit = m.group("n"), m.group("half") or m.group("half2"), m.group("unit")
    value = 0.0 if numeral is None else zh_value(numeral)
    if value is None or (numeral is None and not m.group("half")) or (numeral and len(numeral) == 4 and unit == "年"):
        return None  # 2020年 is a year, not two thousand years
    if numeral is None and m.string[m.start() - 1 : m.start()] in ("上", "下", "前", "后"):
        return None  # 上半年 / 下半天 name one half, not a span of half
    return _one("duration", (value + (0.5 if half else 0)) * _UNIT_MINUTES[_ZH_UNIT_NAMES[unit]], m)


def _en_scaled(m: re.Match[str]) -> list[Quantity] | None:
    value = en_value(m.group(1))
    scale = {"k": 1000, "grand": 1000, "thousand": 1000, "million": 1_000_000, "hundred": 100}[m.group(2)]
    return None if value is None else _one("num", value * scale, m)


def _zh_scaled(m: re.Match[str]) -> list[Quantity]:
    return _one("num", float(m.group(1)) * {"万": 10_000, "千": 1000, "亿": 100_000_000}[m.group(2)], m)


def _en_number(m: re.Match[str]) -> list[Quantity] | None:
    value = en_value(m.group(0))
    return None if value is None else _one("num", value, m)


def _zh_number(m: re.Match[str]) -> list[Quantity] | None:
    numeral = m.group(1)
    if numeral == "一" or numeral.startswith("."):
        return None  # 一个 / 一位 is as often the article (the signature reads it so)
    value = zh_value(numeral)
    return None if value is None else [Quantity("num", (value,), start=m.start(), end=m.start() + len(numeral))]


def _every(n: str | None, unit: str, m: re.Match[str], weekday: str = "") -> list[Quantity] | None:
    count = 1.0 if n is None else 2.0 if n in ("other", "second") else en_value(n)
    return None if count is None else _one("rate", (count, unit, weekday), m)


def _zh_every(m: re.Match[str]) -> list[Quantity] | None:
    count = 1.0 if not m.group(1) else zh_value(m.group(1))
    return None if count is None else _one("rate", (count, _ZH_UNIT_NAMES[m.group(2)], ""), m)


def _fixed(kind: str, value: object) -> Callable[[re.Match[str]], list[Quantity]]:
    return lambda m: _one(kind, value, m)


def _season(word: str) -> str:
    return word.removesuffix("time")


def _en_duration_any(m: re.Match[str]) -> list[Quantity] | None:
    if m.group("unit2"):
        return _one("duration", float(_UNIT_MINUTES["fortnight"]), m)
    return _en_duration(m)


def _zh_age_groups(m: re.Match[str]) -> list[Quantity] | None:
    if m.group(4):  # N个月大
        value = zh_value(m.group(3))
        return None if value is None else _one("age", value, m)
    value = zh_value(m.group(1))
    return None if value is None else _one("age", value * 12 + (6 if m.group(2) else 0), m)


_CUE = r"(?:at|around|about|by|until|till|til|before|after|from|to|past)"
# what may follow a bare hour ("by 6.", "at 11 on Fridays"): never a noun it counts ("at 6 months")
_AFTER_HOUR = (
    r"(?=\s*(?:$|[,.;!?)]|(?:on|every|each|tomorrow|today|tonight|and|or|sharp|then|so|because|but|for|with|"
    r"to|at|in|if|when|latest|o'?clock)\b))"
)
# a whole Chinese numeral, never an ordinal's (第二周 is the second week, not two weeks)
_ZH_N = rf"(?<![第\d零〇一二两三四五六七八九十百千万.])(?:{ZH_NUM})"
_EN_N = rf"(?:{EN_NUM})"

# In the order they read: each pass blanks what it took, so a later one never reads it again.
_PASSES: tuple[_Pass, ...] = (
    # a vague amount is itself and nothing else: 十几万 is no 10万, 1万多 no 1万, "40-odd" no 40
    _pass(
        rf"(?:{ZH_NUM})?几(?:{ZH_NUM})?|(?:{ZH_NUM})(?:多|余|来)|\b\d+(?:-odd|ish|\+)",
        lambda m: _one("vague", m.group(0), m),
    ),
    # "one of four siblings" counts the one (the signature reads it so only beside its number)
    _pass(rf"\bone(?= of (?:the |my |our )?(?:{_EN_N})\b)", _fixed("num", 1.0)),
    # a one-to-one meeting is no clock time nor two ones
    _pass(r"(?<![\d:])1:1(?![\d:])|\b(?:1|one)[- ]on[- ](?:1|one)\b", _fixed("meeting", "one_on_one")),
    # dates
    _pass(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b", _iso),
    _pass(
        rf"\b(?P<mon>{_MONTH})\.? (?P<d>\d{{1,2}}){_ORD}\b(?![:.]\d)",
        lambda m: _date(_MONTHS[m.group("mon")], int(m.group("d")), m),
    ),
    _pass(
        rf"\b(?P<d>\d{{1,2}}){_ORD}(?: of)? (?P<mon>{_MONTH_NOT_MAY})\b|\b(?P<d2>\d{{1,2}}){_ORD} of may\b",
        lambda m: _date(_MONTHS[m.group("mon") or "may"], int(m.group("d") or m.group("d2")), m),
    ),
    _pass(rf"({_ZH_N})月({_ZH_N})[日号]", _zh_date),
    # a race time: "in 2:05", "time 1:45:30"
    _pass(r"\b(?:in|time(?: of)?|time was|clocked)\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])", _duration_clock),
    # ages
    _pass(
        rf"\b(?:aged?|ages)\s+(?P<ages>{_EN_N}(?:\s*(?:,|and|&)\s*{_EN_N})*)(?P<unit>)",
        _age_list,
    ),
    _pass(
        rf"\b(?P<ages>{_EN_N}(?:\s*(?:,|and|&)\s*{_EN_N})*)[- ](?P<unit>years?|months?|yrs?)[- ]old\b",
        _age_list,
    ),
    _pass(rf"\b(?P<ages>{_EN_N})\s*(?:yo|y/o)\b(?P<unit>)", _age_list),
    _pass(rf"({_ZH_N})(?:周岁|岁)(半)?|({_ZH_N})(个月大)", _zh_age_groups),
    # clock times, the half of the day said
    _pass(
        rf"(?<![\w.:])(?P<q>(?P<h>\d{{1,2}}|{EN_HOUR})(?::(?P<m>\d{{2}}))?\s*(?P<half>a\.?m\.?|p\.?m\.?))(?![a-z])",
        _en_clock,
    ),
    _pass(
        rf"\b{_CUE}\s+(?P<q>(?P<h>{EN_HOUR})(?::(?P<m>\d{{2}}))?(?: o'?clock)?)\s+"
        r"(?P<part>at night|in the (?:morning|afternoon|evening))\b",
        _en_part_clock,
    ),
    _pass(r"\b(?:12 )?(noon|midday|midnight)\b", _noon),
    _pass(
        rf"(?:(?P<part>{_ZH_PART})\s*)?(?P<q>(?<![\d:.])(?P<h>\d{{1,2}}):(?P<m>\d{{2}}))(?![\d:])",
        _hhmm,
    ),
    _pass(
        rf"(?:(?P<part>{_ZH_PART})(?:的)?)?(?P<h>{_ZH_N})[点點时](?P<zhong>钟)?"
        rf"(?P<min>半|一刻|三刻|{_ZH_N}分|(?:十[一二三四五六七八九]?|[二三四五]十[一二三四五六七八九]?|[0-5]\d)"
        r"(?![零〇一二两三四五六七八九十\d分钟个岁块元次天年月号日人]))?",
        _zh_clock,
    ),
    _pass(
        r"\b(?:at|the)\s+(?P<q>(?P<h>\d{1,2})\.(?P<m>\d{2}))(?=\s*(?:train|bus|coach|flight|ferry|tram|service|"
        r"departure|$|[,;!?]))",
        _dotted,
    ),
    _pass(rf"\b{_CUE}\s+(?P<q>(?P<h>{EN_HOUR})(?: o'?clock)?){_AFTER_HOUR}", _en_bare_hour),
    # how often: every night, every other Thursday, 每两周
    _pass(r"\b(?:nightly|every night|each night|every single night)\b", _fixed("rate", (1.0, "day", "night"))),
    _pass(r"\b(?:every|each) (morning|evening)\b", lambda m: _one("rate", (1.0, "day", m.group(1)), m)),
    _pass(r"\b(?:daily|every day|each day|every single day)\b", _fixed("rate", (1.0, "day", ""))),
    _pass(
        rf"\bevery (other|second) ({_WEEKDAY})\b|\b(?:on )?alternate ({_WEEKDAY})s\b",
        lambda m: _every("other", "week", m, m.group(2) or m.group(3)),
    ),
    _pass(
        rf"\bevery (?:({_EN_N}|other|second) )?(day|week|fortnight|month|year)s?\b",
        lambda m: _every(m.group(1), m.group(2), m),
    ),
    _pass(r"(?:每天|天天|每日)(?:的)?(?:晚上|夜里)|每个?晚上|每夜", _fixed("rate", (1.0, "day", "night"))),
    _pass(r"(?:每天|天天|每日)(?:的)?(?:早上|早晨|清晨)|每个?早上|每早", _fixed("rate", (1.0, "day", "morning"))),
    _pass(r"每天|天天|每日", _fixed("rate", (1.0, "day", ""))),
    # (not 每周日 / 每周末: a day of the week; nor 每周一次, read either way)
    _pass(rf"每(?:隔)?({_ZH_N})?个?(天|周|星期|礼拜|月|年)(?![一二三四五六日天末])", _zh_every),
    # named times: a holiday and its days, a season
    _pass(
        r"国庆(?:节)?(?:期间|假期|长假|小长假|黄金周|的时候|那几天)?|十一(?:假期|长假|小长假|黄金周)",
        _fixed("holiday", "national_day"),
    ),
    _pass(r"春节(?:期间|假期|长假|的时候)?|过年(?:期间|的时候)?", _fixed("holiday", "spring_festival")),
    _pass(r"中秋(?:节)?(?:期间|假期)?", _fixed("holiday", "mid_autumn")),
    _pass(r"端午(?:节)?(?:期间|假期)?", _fixed("holiday", "dragon_boat")),
    _pass(r"(?<![初早晚暮])(?:春天|春季|开春)", _fixed("season", "spring")),
    _pass(r"(?<![初早晚盛])(?:夏天|夏季)", _fixed("season", "summer")),
    _pass(r"(?<![初早晚深])(?:秋天|秋季)", _fixed("season", "autumn")),
    _pass(r"(?<![初早晚深隆])(?:冬天|冬季)", _fixed("season", "winter")),
    _pass(r"\b(?:spring|summer|autumn|winter)(?:time)?\b", lambda m: _one("season", _season(m.group(0)), m)),
    _pass(r"\b(?:in the|this|next|last) (?P<q>fall)\b", lambda m: _one("season", "autumn", m)),
    # parts of the day said alone
    _pass(r"\bat night\b", _fixed("part", "night")),
    _pass(r"\bin the (morning|afternoon|evening)\b", lambda m: _one("part", m.group(1), m)),
    _pass(_ZH_PART, lambda m: None if m.group(0) == "晚" else _one("part", _ZH_PARTS[m.group(0)], m)),
    # durations
    _pass(rf"\b({_EN_N})\s*(?:hours?|hrs?|h)\s*(?:and\s*)?({_EN_N})\s*(?:minutes?|mins?|m)\b", _en_hours_minutes),
    _pass(
        rf"\b(?:(?P<n>{_EN_N})[- ]?(?P<unit>minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?)"
        r"|(?P<unit2>fortnight))\b",
        _en_duration_any,
    ),
    _pass(rf"({_ZH_N})个?小时(?:零)?({_ZH_N})分(?:钟)?", _zh_hours_minutes),
    _pass(
        rf"(?P<n>{_ZH_N})?(?:个)?(?P<half>半)?(?:个)?(?P<unit>分钟|小时|钟头|天|{_ZH_WEEK}|(?<=个)月|年)"
        r"(?P<half2>(?<=[年天周期拜])半(?![导径岛价夜路拍山]))?(?![级代])",
        _zh_duration,
    ),
    # amounts and counts
    _pass(r"(?<![\d.])(\d+(?:\.\d+)?)\s*([万千亿])(?![米克瓦])", _zh_scaled),  # 10万, 1.5万 (not 千米)
    _pass(rf"\b({_EN_N})\s*(k|grand|thousand|million|hundred)\b", _en_scaled),
    _pass(rf"(?<![\w.]){_EN_N}(?![\w.]|:\d)|(?<![\d.])\d+(?:\.\d+)?(?![\d.]|st|nd|rd|th)", _en_number),
    # a Chinese numeral before a measure word or a noun (两个孩子, 俩孩子, 四万块)
    _pass(rf"({_ZH_N})(?=[\u4e00-\u9fff]|[\s。，,.！!？?；;、]|$)", _zh_number),
)


# ---------------------------------------------------------------------------------------------
_REWRITES = (
    (
        re.compile(r"([今明昨])晚(?![饭餐安点上])"),
        lambda m: {"今": "今天", "明": "明天", "昨": "昨天"}[m.group(1)] + "晚上",
    ),
    (
        re.compile(r"([今明昨])早(?![饭餐安点上])"),
        lambda m: {"今": "今天", "明": "明天", "昨": "昨天"}[m.group(1)] + "早上",
    ),
    (re.compile(r"每晚"), lambda m: "每天晚上"),
    (re.compile(r"(?<=\d),(?=\d{3}\b)"), lambda m: ""),
)
_CLAUSE_BREAK = re.compile(r"[,;.!?，。；！？、]|\b(?:and|then|but|while)\b|然后|但")
_PAIRED_AGES = re.compile(r"\b(?:and|&)\b|和|跟|与|及", re.IGNORECASE)
_AGE_LIST_GAP = re.compile(r"^[\s,，、]*(?:and|&|和|及|与|跟)?[\s,，、]*(?:an?|one|一个|一位|一名)?[\s-]*$")


@lru_cache(maxsize=4096)
def _read(text: str) -> _Reading | None:
    t = normalise(clock_words(text)).replace("\u2019", "'")
    for pattern, repl in _REWRITES:
        t = pattern.sub(repl, t)
    values: list[Quantity] = []
    for run in _PASSES:
        t = run(t, values)
    if not values:
        return None
    values.sort(key=lambda q: q.start)
    return _Reading(tuple(_absorb_parts(values, t)), t)


def _absorb_parts(values: list[Quantity], residue: str) -> list[Quantity]:
    """A part-of-day word in the clause of a clock time of its half is said by the time
    (用户晚上必须在23点之前睡觉: 23点 already says the evening)."""
    clocks = [q for q in values if q.kind == "clock" and not q.ambiguity]
    out = []
    for q in values:
        if q.kind == "part" and any(_beside(q, c, residue) and _in_part(c, str(q.readings[0])) for c in clocks):
            continue
        out.append(q)
    return out


def _beside(a: Quantity, b: Quantity, residue: str) -> bool:
    lo, hi = (a, b) if a.start < b.start else (b, a)
    gap = residue[lo.end : hi.start]
    return len(gap) <= 12 and not _CLAUSE_BREAK.search(gap)


def _in_part(clock: Quantity, part: str) -> bool:
    return int(str(clock.readings[0])) // 60 in _PART_HOURS[part]


def quantities(text: str) -> tuple[Quantity, ...]:
    """The canonical values `text` says, in order (see the module docstring); () when none."""
    reading = _read(text)
    return () if reading is None else reading.values


def quantities_agree(a: str, b: str, a_note: bool = False, b_note: bool = False) -> bool:
    """Both texts say the same non-empty values, and what is left of them says the same numbers
    and time words (see the module docstring). `a_note` / `b_note`: that text is a note about the
    user, whose writer fixed the half of the day of an hour the user said without it."""
    x, y = _read(a), _read(b)
    if x is None or y is None:
        return False
    kinds = {q.kind for q in x.values} | {q.kind for q in y.values}
    if not all(_same_kind(x, y, kind, a_note, b_note) for kind in kinds):
        return False
    rx, ry = signature(x.residue), signature(y.residue)  # nothing else numeric or temporal differs
    return rx.numbers == ry.numbers and rx.times == ry.times


def _same_kind(x: _Reading, y: _Reading, kind: str, x_note: bool, y_note: bool) -> bool:
    u, v = _ordered(x, kind), _ordered(y, kind)
    return len(u) == len(v) and all(_meets(p, q, y_note) or _meets(q, p, x_note) for p, q in zip(u, v, strict=True))


def _ordered(r: _Reading, kind: str) -> list[Quantity]:
    """The values of one kind in the order said; a list of ages said as one ("ages 6 and 9", 十岁和七岁)
    in order of age (which child is named first says nothing)."""
    values = [q for q in r.values if q.kind == kind]
    if kind != "age":
        return values
    out: list[Quantity] = []
    run: list[Quantity] = []
    for q in values:
        if run and not _AGE_LIST_GAP.match(r.residue[run[-1].end : q.start]):
            out += _as_set(run, r.residue)
            run = []
        run.append(q)
    return out + _as_set(run, r.residue)


def _as_set(run: list[Quantity], residue: str) -> list[Quantity]:
    """A run of ages in order of age, unless people listed before it pair each age with one of them:
    "Tom and Anna are 6 and 9" / "... 9 and 6" are two facts (review23); "two kids, respectively 10
    and 7" lists no one."""
    if len(run) < 2:
        return run
    if _PAIRED_AGES.search(residue[max(0, run[0].start - 40) : run[0].start]):
        return run
    return sorted(run, key=_age_key)


def _age_key(q: Quantity) -> float:
    return float(str(q.readings[0]))


def _meets(p: Quantity, q: Quantity, q_note: bool) -> bool:
    """`p` and `q` may be one value: the same reading(s); or `q` says one reading and it is among
    `p`'s alternatives (an hour without its half of the day only where `q`'s text fixes the half by
    a word or is a note about the user: "by 6" / "by 6pm" stay apart)."""
    if (p.readings, p.ambiguity) == (q.readings, q.ambiguity):
        return True
    if q.ambiguity or len(q.readings) != 1 or q.readings[0] not in p.readings:
        return False
    if p.ambiguity == OPEN:
        return True
    # a bare 12 is noon or midnight as people say it ("at 12"), never fixed by another text: "lunch at
    # 12" / "lunch at midnight" stayed apart before this reading and stay apart (review23)
    return p.ambiguity == HALF_DAY and min(map(_minutes, p.readings)) >= 60 and (q.by_word or q_note)


def _minutes(reading: object) -> int:
    return int(str(reading))


# a deed done: 了 / 过, or an English past form
_DONE = re.compile(r"了|过|\b(?:went|did|was|were|had|got|ran|swam|made|took)\b|\b[a-z]{3,}ed\b", re.IGNORECASE)


def rate_against_once(a: str, b: str) -> bool:
    """One text says a rate (每两周, "every two weeks") and the other, with no rate, a span of that length
    and a deed done in it (两周去了一次, "went once in two weeks"): a habit against one past stretch, two
    facts. The word rules merged 我每两周去一次健身房 / 我两周去了一次健身房 before the twenty-first round
    (一周游两次 / 每周游两次, no deed done, stays one habit)."""
    for x, y in ((a, b), (b, a)):
        rates = [q for q in quantities(x) if q.kind == "rate"]
        said = quantities(y)
        if not rates or any(q.kind == "rate" for q in said) or not _DONE.search(y):
            continue
        spans = {float(str(q.readings[0])) for q in said if q.kind == "duration"}
        for q in rates:
            count, unit = q.readings[0][0], q.readings[0][1]  # type: ignore[index]
            if float(count) * _UNIT_MINUTES.get(str(unit), 0) in spans:
                return True
    return False
