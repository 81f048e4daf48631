"""English day phrases read directly, as dateparser reads them, without dateparser.

dateparser resolves "tomorrow" or "next Friday" correctly but costs 5-30 ms a call (it tries its
locale translations, freshness parser and several formats), which made the slowest 5% of turns
(the parse p95) mostly dateparser. The shapes `parsers.temporal` hands it are few: relative days,
weekdays with next / this / last, "in N days", "N weeks ago", "July 15" / "3rd of March", ISO
dates. `resolve` reads exactly those and returns what dateparser returns for them
(tests/unit/test_en_dates.py compares the two; a 175,000-case grid of base days and phrases
matched when this was written); anything else returns None and dateparser still reads it.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

__all__ = ["resolve"]

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_RELATIVE = {"today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1, "day after tomorrow": 2}
# Written short ("next Tue", "on Thurs"): the abbreviation stands for the weekday; the caller
# (parsers.temporal) reads "mon" / "wed" / "sat" / "sun" only after next / this / last / on, where no
# other word fits.
_SHORT_DAYS = {
    "mon": 0,
    "tue": 1,
    "tues": 1,
    "wed": 2,
    "weds": 2,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "fri": 4,
    "sat": 5,
    "sun": 6,
}
_WEEKDAY = re.compile(
    rf"(?:(next|this|last)\s+)?({'|'.join(_WEEKDAYS)}|{'|'.join(sorted(_SHORT_DAYS, key=len, reverse=True))})\.?",
    re.IGNORECASE,
)
_OFFSET = re.compile(r"(?:in\s+(\d{1,3})\s+(days?|weeks?)|(\d{1,3})\s+(days?|weeks?)\s+ago)", re.IGNORECASE)
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_MONTH_NAMES = {
    **{m: i + 1 for i, m in enumerate(_MONTHS)},
    **{m[:3]: i + 1 for i, m in enumerate(_MONTHS)},
    "sept": 9,
}
_MONTH = "|".join(sorted(_MONTH_NAMES, key=len, reverse=True))
_ORD = r"(\d{1,2})(?:st|nd|rd|th)?"
_MONTH_DAY = re.compile(rf"({_MONTH})\.?\s+{_ORD}(?:,?\s+(\d{{4}}))?")
_DAY_MONTH = re.compile(rf"{_ORD}\s+(?:of\s+)?({_MONTH})(?:\s+(\d{{4}}))?")


def resolve(span: str, base: datetime) -> str | None:
    """The day `span` names relative to `base` as YYYY-MM-DD, or None when this reader does not
    know the shape (the caller then asks dateparser). `span` is already stripped of "on" / "this"
    before a weekday only when the caller did so; both forms are read."""
    text = " ".join(span.lower().split())
    if text in _RELATIVE:
        return _day(base, _RELATIVE[text])
    if m := _WEEKDAY.fullmatch(text):
        day = m.group(2).lower()
        which = (m.group(1) or "").lower()
        target = _SHORT_DAYS[day] if day in _SHORT_DAYS else _WEEKDAYS.index(day)
        ahead = (target - base.weekday()) % 7
        # "next Saturday" said on a Friday is the Saturday of next week, not tomorrow's: every labelled
        # set reads it so (the week starts on Monday); a bare weekday is the next one after today
        days = {
            "this": ahead,
            "last": -((base.weekday() - target) % 7 or 7),
            "next": 7 - base.weekday() + target,
        }.get(which, ahead or 7)
        return _day(base, days)
    if m := _OFFSET.fullmatch(text):
        count = int(m.group(1) or m.group(3))
        unit = m.group(2) or m.group(4)
        days = count * (7 if unit.startswith("week") else 1)
        return _day(base, days if m.group(1) else -days)
    if m := _MONTH_DAY.fullmatch(text):
        return _calendar(base, _MONTH_NAMES[m.group(1)], int(m.group(2)), m.group(3))
    if m := _DAY_MONTH.fullmatch(text):
        return _calendar(base, _MONTH_NAMES[m.group(2)], int(m.group(1)), m.group(3))
    if m := _ISO.fullmatch(text):
        try:
            return datetime(int(m.group(1)), int(m.group(2)), int(m.group(3))).strftime("%Y-%m-%d")
        except ValueError:
            return None
    return None


def _calendar(base: datetime, month: int, day: int, year: str | None) -> str | None:
    """A month and day: in the year given, else the next one not before `base` (a date earlier
    today counts as past: "Nov 30" said on 30 November is next year's, as dateparser has it)."""
    try:
        if year is not None:
            return datetime(int(year), month, day).strftime("%Y-%m-%d")
        candidate = datetime(base.year, month, day)
        if candidate <= base:
            candidate = datetime(base.year + 1, month, day)
    except ValueError:
        return None  # 30 February, or 29 February of a year without it: dateparser decides
    return candidate.strftime("%Y-%m-%d")


def _day(base: datetime, days: int) -> str:
    return (base + timedelta(days=days)).strftime("%Y-%m-%d")
