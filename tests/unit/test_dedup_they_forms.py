"""Twentieth round: a note's "them" is the user, as its "they" is, where a thing does something to
them ("it makes them anxious"; review21: "User owes them" is someone else)
(mal/dedup_household.py `they_noted`), under the same guards: the note is about the user ("User ..."),
and before the pronoun it names nothing else the pronoun could stand for. A verb in -s after "it" /
"which" / "and" is no plural noun, and a clock time is no count of things. Every sentence here is new
(none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_household import they_noted
from tests.dedup_memories import memory


def _merged(a: str, b: str) -> bool:
    x, y = memory("episode", a), memory("episode", b)
    return any(dedup.same_fact(p, q, 0.95) for p, q in ((x, y), (y, x)))


RESTATED = [
    ("Spicy food gives me heartburn, so I avoid it", "User avoids spicy food because it gives them heartburn"),
    ("Coffee after 4pm keeps me awake", "User skips coffee after 4 p.m. since it keeps them awake"),
    ("Waking up early makes me grumpy", "User avoids waking up early as it makes them grumpy"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_a_notes_them_or_their_reads_as_the_user(a: str, b: str) -> None:
    assert they_noted(a, b) or they_noted(b, a)


NEAR_MISSES = [
    # something the note names first that "them" may stand for: the twins, the neighbours, a dog
    ("Spicy food gives me heartburn", "User's twins say spicy food gives them heartburn"),
    ("I bake cookies every Sunday", "User met the neighbours and bakes them cookies every Sunday"),
    ("I walk every morning", "User adopted a greyhound and walks them every morning"),
    ("I feed myself twice a day", "User has three cats and feeds them twice a day"),
    # a plural the note names before "them" may be what "them" is, even where a reader sees it is not
    ("Long meetings drain me", "User finds that long meetings drain them"),
    # a note about another person ("User's sister ...") is never read as the user's words
    ("Crowds make me nervous", "User's sister says crowds make them nervous"),
]


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_them_that_may_be_another_stays_another(a: str, b: str) -> None:
    assert not (they_noted(a, b) or they_noted(b, a))
    assert not _merged(a, b)


def test_a_verb_in_s_or_a_clock_time_is_no_antecedent_but_a_plural_noun_is() -> None:
    assert they_noted("Noise at night keeps me up", "User hates noise at night as it keeps them up")
    assert they_noted(
        "I skip dinner after 9pm since it gives me heartburn",
        "User skips dinner after 9 p.m. since it gives them heartburn",
    )
    assert not they_noted("My kids get bored and it annoys me", "User's kids get bored and it annoys them")
    assert not they_noted("Parties bore me", "User throws parties for colleagues and they bore them")
