"""How often a text says something happens, as a number: times per day.

The thirteenth round's `period` and `alternate` families (mal/dedup_review13.py) keep two texts
apart when they name different periods (monthly / yearly) or when one alone says every other one
(隔周, biweekly). Restatements say the same rate by another period or interval, and arithmetic
shows it: "seven days a week" is every day, "twice a month" is 24 a year, "every 14 days" is every
other week, 每周七天 is 每天, 每十四天 is 每两周. `rate` reads the simple forms - a count per
period, every N periods, every other period, a bare period - and returns None for anything else,
so a family still decides when the arithmetic cannot.

Pure functions over one text as written; no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache

from mal.dedup_text import normalise, zh_number

__all__ = ["rate", "same_rate"]

# days in each period; a month is a twelfth of a year so that "twice a month" is 24 a year
_YEAR = 365.25
_DAYS = {"day": 1.0, "week": 7.0, "fortnight": 14.0, "month": _YEAR / 12, "quarter": _YEAR / 4, "year": _YEAR}
_ZH_UNITS = {"天": "day", "日": "day", "周": "week", "星期": "week", "礼拜": "week", "月": "month", "季度": "quarter"}
_ZH_UNITS |= {"年": "year", "个星期": "week", "个礼拜": "week", "个月": "month", "个季度": "quarter"}
_ZH_UNIT = "个星期|个礼拜|个季度|个月|星期|礼拜|季度|天|日|周|月|年"
_ZH_NUM = r"[\d零〇一二两三四五六七八九十百]+"

_EN_WORDS = {
    "once": 1,
    "twice": 2,
    "thrice": 3,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
}
_EN_NUM = r"\d+|(?:twenty|thirty|forty|fifty|sixty)-?(?:one|two|three|four|five|six|seven|eight|nine)|" + "|".join(
    _EN_WORDS
)
_EN_UNIT = r"day|week|fortnight|month|quarter|year"
_ADVERBS = {"daily": "day", "weekly": "week", "monthly": "month", "quarterly": "quarter", "yearly": "year"}
_ADVERBS |= {"annually": "year", "fortnightly": "fortnight", "biweekly": "fortnight", "bi-weekly": "fortnight"}

# in the order they are read; each match is cut from the text before the next pattern looks
# (a count, not an amount: "$2,000 a month" is no rate of times)
_EN_COUNT = re.compile(
    rf"(?<![\d,.$£€¥])\b({_EN_NUM})(?: times| [a-z-]+){{0,2}} (?:a|an|per|each|every) ({_EN_UNIT})\b"
)
_EN_EVERY = re.compile(rf"\bevery (?:({_EN_NUM}|other|second) )?({_EN_UNIT})s?\b")
_EN_BARE = re.compile(rf"\b(?:each|a|per) ({_EN_UNIT})\b|\b({'|'.join(_ADVERBS)})\b")
# "for a day", "in a week": a span, not a rate (as mal/dedup_review13.py `_SPAN`)
_EN_SPAN = re.compile(rf"\b(?:in|for|within|over|than|about|after|once in|ago) (?:a|one) (?:{_EN_UNIT})\b")
_ZH_EVERY = re.compile(rf"(?<![\d,.])每(?:隔)?({_ZH_NUM})({_ZH_UNIT})")  # 每十四天, 每两周, 每隔一天 (a gap, below)
_ZH_COUNT = re.compile(
    rf"(?:每|一)({_ZH_UNIT})[^，,。；\d零〇一二两三四五六七八九十]{{0,3}}?({_ZH_NUM})(?:天|次|回|趟)"
)
_ZH_OTHER = re.compile(rf"隔({_ZH_UNIT})|隔一({_ZH_UNIT})|双周")
_ZH_BARE = re.compile(r"每(个星期|个礼拜|个月|个季度|星期|礼拜|季度|天|日|周|月|年)|(天)天|(月)月|(年)年")


def _en_value(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    if word in _EN_WORDS:
        return _EN_WORDS[word]
    tens = next((t for t in ("twenty", "thirty", "forty", "fifty", "sixty") if word.startswith(t)), None)
    if tens is None:
        return None
    return _EN_WORDS[tens] + _EN_WORDS.get(word[len(tens) :].lstrip("-"), 0)


def _zh_value(numeral: str) -> float | None:
    value = zh_number(numeral)
    try:
        return float(value)
    except ValueError:
        return None


def _rates_en(flat: str) -> list[float]:
    out: list[float] = []
    text = _EN_SPAN.sub(" ", flat)
    for m in _EN_COUNT.finditer(text):
        count = _en_value(m.group(1))
        if count:
            out.append(count / _DAYS[m.group(2)])
    text = _EN_COUNT.sub(" ", text)
    for m in _EN_EVERY.finditer(text):
        word = m.group(1)
        gap = 1 if word is None else 2 if word in ("other", "second") else _en_value(word)
        if gap:
            out.append(1 / (gap * _DAYS[m.group(2)]))
    text = _EN_EVERY.sub(" ", text)
    for m in _EN_BARE.finditer(text):
        out.append(1 / _DAYS[m.group(1) or _ADVERBS[m.group(2)]])
    return out


def _rates_zh(flat: str) -> list[float]:
    out: list[float] = []
    text = flat
    for m in _ZH_EVERY.finditer(text):
        value = _zh_value(m.group(1))
        if value:
            gap = value + 1 if "隔" in m.group(0) else value  # 每隔一天 is every other day
            if "隔" in m.group(0) and value != 1:
                continue  # 每隔两天: every second or every third day, read both ways
            out.append(1 / (gap * _DAYS[_ZH_UNITS[m.group(2)]]))
    text = _ZH_EVERY.sub(" ", text)
    for m in _ZH_OTHER.finditer(text):
        unit = m.group(1) or m.group(2) or "周"
        out.append(1 / (2 * _DAYS[_ZH_UNITS[unit]]))
    text = _ZH_OTHER.sub(" ", text)
    for m in _ZH_COUNT.finditer(text):
        value = _zh_value(m.group(2))
        if value:
            out.append(value / _DAYS[_ZH_UNITS[m.group(1)]])
    text = _ZH_COUNT.sub(" ", text)
    for m in _ZH_BARE.finditer(text):
        unit = next(g for g in m.groups() if g)
        out.append(1 / _DAYS[_ZH_UNITS[unit]])
    return out


@lru_cache(maxsize=4096)
def rate(text: str) -> float | None:
    """Times per day the text says, when it says exactly one simple rate (see the module
    docstring); None when it says none, several, or one this reading does not know."""
    flat = normalise(text).replace("\u2019", "'")
    found = _rates_en(flat) + _rates_zh(flat)
    return found[0] if len(found) == 1 else None


def same_rate(a: str, b: str) -> bool:
    """Both texts say one rate and it is the same (within 1%: 52 a year is weekly)."""
    x, y = rate(a), rate(b)
    return x is not None and y is not None and abs(x - y) <= 0.01 * max(x, y)
