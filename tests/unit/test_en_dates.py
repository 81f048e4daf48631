"""parsers/en_dates.py reads the common English day phrases exactly as dateparser does, without it
(dateparser was most of the parse p95), and leaves every other shape to dateparser."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import dateparser
import pytest

from parsers.en_dates import resolve
from parsers.temporal import find_when

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
RELATIVE = [
    *("today", "tonight", "tomorrow", "yesterday", "day after tomorrow"),
    *("in 3 days", "3 days ago", "in 2 weeks", "1 week ago", "2027-01-05"),
    *(f"{which}{day}" for day in _WEEKDAYS for which in ("", "last ", "this ")),
]
CALENDAR = [f"{form}" for form in ("jan 1", "1 jan", "March 3rd", "3rd of march", "Nov 30", "Dec. 31", "sept 9, 2027")]


def _dateparser(span: str, base: datetime) -> str | None:
    past = re.search(r"ago|last|yesterday", span, re.I)
    parsed = dateparser.parse(span, settings={"RELATIVE_BASE": base, "PREFER_DATES_FROM": "past" if past else "future"})
    return parsed.strftime("%Y-%m-%d") if parsed else None


@pytest.mark.parametrize("offset", range(0, 14, 3))
def test_relative_days_and_weekdays_match_dateparser(offset: int) -> None:
    base = datetime(2026, 11, 27, 12) + timedelta(days=offset)
    assert {s: resolve(s, base) for s in RELATIVE} == {s: _dateparser(s, base) for s in RELATIVE}


@pytest.mark.parametrize("offset", range(0, 14, 3))
def test_next_weekday_is_that_day_of_next_week(offset: int) -> None:
    """Where the reader parts from dateparser on purpose: every labelled set reads "next Saturday"
    said on a Friday as the Saturday of next week (8 days on), not tomorrow (weeks start on Monday)."""
    base = datetime(2026, 11, 27, 12) + timedelta(days=offset)
    next_monday = base.date() + timedelta(days=7 - base.weekday())
    for i, day in enumerate(_WEEKDAYS):
        assert resolve(f"next {day}", base) == (next_monday + timedelta(days=i)).isoformat()


@pytest.mark.parametrize(
    "base", [datetime(2026, 1, 1, 0), datetime(2026, 3, 3, 12), datetime(2026, 11, 30, 0), datetime(2026, 12, 31, 23)]
)
def test_month_and_day_match_dateparser(base: datetime) -> None:
    """Including the edge dateparser has: the same day said at any time of that day is next year's."""
    assert {s: resolve(s, base) for s in CALENDAR} == {s: _dateparser(s, base) for s in CALENDAR}


def test_unknown_shapes_are_left_to_dateparser() -> None:
    base = datetime(2026, 11, 30, 12)
    assert resolve("the week after next", base) is None
    assert resolve("february 30", base) is None  # no such day: dateparser decides, as before
    assert resolve("within 3 days", base) is None


def test_find_when_still_reads_the_phrases_through_the_fast_path() -> None:
    now = datetime(2026, 11, 30, 12)  # a Monday
    when = find_when("Book a train to Boston next Tuesday at 9am", now, "en")
    assert when is not None and (when.date, when.time) == ("2026-12-08", "09:00")  # Tuesday of next week
    when = find_when("Book a train to Boston on Tuesday at 9am", now, "en")
    assert when is not None and (when.date, when.time) == ("2026-12-01", "09:00")
    when = find_when("I'm flying out July 3", now, "en")
    assert when is not None and when.date == "2027-07-03"
