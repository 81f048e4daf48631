"""The sixteenth round's English readings (mal/dedup_unblock16_en.py and the modifier, contrast and
people readings it widened): restatements a veto misread, each beside a near miss that is still
vetoed. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal.dedup_text import signature
from mal.dedup_unblock16_en import ages_listed, counted_apart, spelled_out
from tests.dedup_memories import assert_family_silent, assert_family_vetoes, assert_passes_veto, assert_vetoed
from tests.dedup_memories import memory as _memory

RESTATED = [
    # a unit abbreviated after a number
    ("I moved to Ohio 6 yrs ago", "I moved to Ohio six years ago"),
    # a count per period written with "x" or "/"
    ("I walk the dog three times a day", "I walk the dog 3x/day"),
    ("I call my grandma 2x/week", "I call my grandma two times a week"),
    # a home's bedrooms
    ("We rent a 3BR house near the lake", "We rent a three-bedroom house near the lake"),
    # a grandchild said two ways
    ("I bake cookies with my grandkids every December", "I bake cookies with my grandchildren every December"),
    # one list of ages, counted or not, in any order
    ("My nieces are 4 and 12", "I have two nieces, aged twelve and four"),
    # one animal and its plural
    ("My neighbor is allergic to dogs.", "Dogs make my neighbor sneeze."),
    ("I have three dogs", "I own 3 dogs."),
    # a light verb in another verb's place; a word that introduces a name
    ("I practice karate on Tuesdays", "I do karate on Tuesdays"),
    ("I have two parrots named Kiwi and Mango", "I have 2 parrots, Kiwi and Mango"),
    # a part of the day said by the clock's half; a bare hour beside the same hour with its half
    ("I feed the cat at 7:15 am", "I feed the cat at 7:15 in the morning"),
    ("Takes one vitamin D pill each AM", "I take one vitamin D pill every morning"),
    ("I get home from the gym around 6", "I get home from the gym around 6 pm"),
    ("My sister works overnight shifts at the hospital", "My sister works night shifts at the hospital"),
]

NEAR_MISSES = [
    ("I moved to Ohio 6 yrs ago", "I moved to Ohio 6 mos ago"),
    ("I walk the dog 3x/day", "I walk the dog three times a week"),
    ("My neighbor is allergic to dogs.", "Cats make my neighbor sneeze."),
    ("We rent a 3BR house near the lake", "We rent a two-bedroom house near the lake"),
    ("I bake cookies with my grandkids every December", "I bake cookies with my kids every December"),
    ("My nieces are 4 and 12", "I have three nieces, aged twelve and four"),
    ("My nieces are 4 and 12", "I have two nieces, aged twelve and five"),
    ("I have two rabbits and a hamster", "I have two hamsters and a rabbit"),
    ("I do pilates on Tuesdays", "I do reformer pilates on Tuesdays"),
    ("I have two parrots named Kiwi and Mango", "I have 2 pet parrots, Kiwi and Mango"),
    ("I feed the cat at 7:15 am", "I feed the cat at 7:15 in the evening"),
    ("I feed the cat at 7:15 pm", "I feed the cat at 7:15 in the morning"),
    ("I get home from the gym around 6", "I get home from the gym around 7 pm"),
    ("My sister works overnight shifts at the hospital", "My sister works day shifts at the hospital"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_a_restatement_written_another_way_passes_the_veto(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_the_near_miss_beside_it_is_still_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


def test_short_forms_are_spelled_out_and_nothing_else() -> None:
    assert (
        spelled_out("stopped 3 yrs ago, runs 5x/week in a 2BR")
        == "stopped 3 years ago, runs 5 times a week in a 2-bedroom"
    )
    assert spelled_out("my min budget is low") == "my min budget is low"
    assert spelled_out("a 2-bed flat, one bed in each room") == "a 2-bedroom flat, one bed in each room"


def test_ages_are_one_list_only_with_its_own_count() -> None:
    assert ages_listed(signature("My twins are 7 and 7"), signature("I have two kids, aged 7 and 7"))
    assert not ages_listed(signature("My kids are 3 and 6"), signature("I have 2 kids, aged 3 and 6, and 1 dog"))


def test_counts_kept_with_their_things() -> None:
    assert counted_apart("I keep three goats and a pig", "I keep three pigs and a goat")
    assert not counted_apart("I keep three goats and a pig", "I keep a pig and 3 goats")
    assert_family_vetoes(
        "counted",
        _memory("episode", "I grow two lemon trees and one fig"),
        _memory("episode", "I grow two figs and one lemon tree"),
    )
    assert_family_silent(
        "counted", _memory("episode", "I keep three goats and a pig"), _memory("episode", "I keep a pig and 3 goats")
    )
