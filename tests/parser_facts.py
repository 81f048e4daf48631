"""What the parser's rules read from a sentence, for the parser family tests: each fact's kind and
its scored slots (the free-text and bookkeeping slots hidden), at the labelled sets' session time.
Shared so the family test modules do not each carry a copy.

The session time and the hidden slots are parameters because older modules were written against
another time (their expected dates count from TUESDAY) or hide another set of slots; such a module
binds its own with `functools.partial` and keeps asserting what it asserted."""

from __future__ import annotations

from collections.abc import Iterator, Set
from datetime import UTC, datetime
from functools import partial
from typing import Any

import pytest

import parsers
from parsers import slot_tagger

NOW = datetime(2024, 6, 14, 10)  # a Friday, the labelled sets' session time
TUESDAY = datetime(2026, 12, 1, 9)  # Tuesday 1 December 2026, the session time some older modules count from
HIDDEN = {"content", "category_text", "seat_text", "relative_text", "mode", "currency", "topic", "intensity", "mood"}


@pytest.fixture
def rules_only() -> Iterator[None]:
    """The learned slot tagger switched off, so a test shows what the rules read."""
    with slot_tagger.using(None):
        yield


def facts(text: str, now: datetime = NOW, hidden: Set[str] = HIDDEN) -> list[tuple[str, dict[str, Any]]]:
    return [(f.kind, {k: v for k, v in f.slots.items() if k not in hidden}) for f in parsers.parse(text, now).facts]


def of(kind: str, text: str, now: datetime = NOW) -> list[dict[str, Any]]:
    return [s for k, s in facts(text, now) if k == kind]


def profile(text: str, now: datetime = NOW) -> set[tuple[str, str, str | None]]:
    """Each profile fact as (field, value as text, relative or None), the shape most tests compare."""
    return {(s["field"], str(s["value"]), s.get("relative")) for s in of("profile", text, now)}


def fact_slots(text: str, kind: str | None = None, now: datetime = NOW) -> list[dict[str, Any]]:
    """The slots of every fact (no episode) the parser reads, of one kind when given (the twentieth
    round's note-reading tests, tests/unit/test_parser_notes20*.py)."""
    return [f.slots for f in parsers.parse(text, now).facts if f.kind != "episode" and kind in (None, f.kind)]


def profile_rows(text: str, now: datetime = NOW) -> list[tuple[str, str, str | None]]:
    """Each profile fact as (field, value, relative), in reading order."""
    return [(s["field"], str(s["value"]), s.get("relative")) for s in fact_slots(text, "profile", now)]


def profile_fields(text: str, now: datetime = NOW) -> set[str]:
    return {field for field, _, _ in profile_rows(text, now)}


# The note-reading tests (tests/unit/test_parser_notes20*.py, test_parser_notes21.py, test_review23.py)
# parse at the same moment, timezone-aware; bound once here instead of in each module.
NOW_UTC = datetime(2024, 6, 14, 10, tzinfo=UTC)
facts_utc = partial(fact_slots, now=NOW_UTC)
profile_utc = partial(profile_rows, now=NOW_UTC)
fields_utc = partial(profile_fields, now=NOW_UTC)
