"""What the parser's rules read from a sentence, for the parser family tests: each fact's kind and
its scored slots (the free-text and bookkeeping slots hidden), at the labelled sets' session time.
Shared so the family test modules do not each carry a copy."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest

import parsers
from parsers import slot_tagger

NOW = datetime(2024, 6, 14, 10)  # a Friday, the labelled sets' session time
HIDDEN = {"content", "category_text", "seat_text", "relative_text", "mode", "currency", "topic", "intensity", "mood"}


@pytest.fixture
def rules_only() -> Iterator[None]:
    """The learned slot tagger switched off, so a test shows what the rules read."""
    with slot_tagger.using(None):
        yield


def facts(text: str) -> list[tuple[str, dict[str, Any]]]:
    return [(f.kind, {k: v for k, v in f.slots.items() if k not in HIDDEN}) for f in parsers.parse(text, NOW).facts]


def of(kind: str, text: str) -> list[dict[str, Any]]:
    return [s for k, s in facts(text) if k == kind]
