"""The nineteenth round's English readings (mal/dedup_unblock19_en.py, and the plural of a listed
word in -ie: mal/dedup_text.py): a time word written short, Monday to Friday as weekdays, one thing
with a British and an American name, a kin word's other spelling. Each restatement sits beside a
near miss that is still vetoed. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal.dedup_text import signature
from tests.dedup_memories import assert_passes_veto, assert_vetoed

RESTATED = [
    # a time word written short or in slang
    ("I'm visiting my aunt in Perth next wk", "User is visiting their aunt in Perth next week"),
    ("Got a dentist appointment tmrw", "User has a dentist appointment tomorrow"),
    ("I'm meeting Gemma on Sunday arvo", "User is meeting Gemma on Sunday afternoon"),
    # Monday to Friday is every weekday
    ("I take the 7:10 bus Monday to Friday", "I take the 7:10 bus every weekday"),
    ("My son has swim practice Mon-Fri", "User's son has swim practice on weekdays"),
    # one thing, a British and an American name
    ("Our flat has a tiny balcony", "User's apartment has a tiny balcony"),
    ("My building's lift is broken again", "The elevator in user's building is broken again"),
    # a kin word spelled another way
    ("My grandad fixes old clocks", "My grandfather fixes old clocks"),
]

NEAR_MISSES = [
    # another time, written out or short
    ("I'm visiting my aunt in Perth next wk", "User is visiting their aunt in Perth next month"),
    ("Got a dentist appointment tmrw", "User has a dentist appointment today"),
    ("I'm meeting Gemma on Sunday arvo", "User is meeting Gemma on Sunday morning"),
    # another span of days
    ("I take the 7:10 bus Monday to Thursday", "I take the 7:10 bus every weekday"),
    ("My son has swim practice Mon-Fri", "User's son has swim practice on weekends"),
    # another home, another thing broken
    ("I live in a flat", "I live in a house"),
    ("My building's lift is broken again", "My building's boiler is broken again"),
    # another kin
    ("My grandad fixes old clocks", "My grandmother fixes old clocks"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_restatement_passes_every_veto(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_near_miss_is_still_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


def test_plural_of_a_listed_word_in_ie_is_read_as_its_word() -> None:
    """ "movies" is the plural of "movie" (a listed synonym of "film"), not a word "movy"."""
    assert signature("I watch old movies").words == signature("I watch old films").words


def test_lift_as_a_verb_is_no_elevator() -> None:
    """Only the noun with its article is the elevator: "I lift weights" keeps its verb."""
    assert "elevator" not in signature("I lift weights twice a week").words
