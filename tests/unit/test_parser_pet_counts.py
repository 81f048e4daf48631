"""A pet is a pet whatever their number: the pet rules read only 一/两/三 (and "two"/"three"/one digit),
so "养了两只兔子" was a pet fact and "养了五只兔子" an episode, and two restatements of one household
got different kinds (eighteenth round)."""

from __future__ import annotations

from datetime import datetime

import pytest

import parsers

NOW = datetime(2024, 6, 14, 10)


@pytest.mark.parametrize(
    ("text", "pet"),
    [
        ("我家养了六只兔子", "兔子"),
        ("我养着七条金鱼", "金鱼"),
        ("我们家有10只仓鼠", "仓鼠"),
        ("We have five cats", "cats"),
        ("I've got 12 goldfish", "goldfish"),
        ("I own several hamsters", "hamsters"),
    ],
)
def test_any_count_of_pets_is_a_pet(text: str, pet: str) -> None:
    facts = parsers.parse(text, NOW).facts
    assert [(f.kind, f.slots.get("field"), f.slots.get("value")) for f in facts] == [("profile", "pet", pet)]


def test_a_count_of_people_is_still_no_pet() -> None:
    assert all(f.slots.get("field") != "pet" for f in parsers.parse("我有十几个朋友", NOW).facts)
