"""The eighteenth round's English readings (mal/dedup_unblock18_en.py and the lexicon's new rows):
restatements a veto misread because one text slipped a key or said a word in another form, each
beside a near miss that is still vetoed. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal.dedup_unblock18_en import english_word, slip_of, slips_fixed
from tests.dedup_memories import assert_passes_veto, assert_vetoed

RESTATED = [
    # two letters typed the other way round, into no English word
    ("I colelct vintage stamps", "I collect vintage stamps"),
    ("My uncle grows tomaotes", "My uncle grows tomatoes"),
    # a letter typed once where it is doubled, or twice where it is single
    ("I'm alergic to pollen", "I'm allergic to pollen"),
    ("My daughter plays the trumppet", "My daughter plays the trumpet"),
    # a past participle of begin; a flight is the noun of fly
    ("My niece has begun ballet classes", "My niece started ballet classes"),
    ("I'm flying to Oslo next Tuesday", "I have a flight to Oslo next Tuesday"),
    # working from home is working remotely
    ("My husband works from home on Wednesdays", "My husband works remotely on Wednesdays"),
    # "next to" says where, not when
    ("My desk is next to the radiator", "My desk is by the radiator"),
    # a note's "they" is the user when the note names no one else
    ("I skip breakfast because I'm never hungry early", "User skips breakfast; they're never hungry early"),
    ("I can't drink milk since I'm lactose intolerant", "User is lactose intolerant, so they can't drink milk"),
]

NEAR_MISSES = [
    # two English words one slip apart are two words (diner / dinner, desert / dessert)
    ("We ate at the diner downtown", "We ate dinner downtown"),
    ("I love desert hikes", "I love dessert hikes"),
    # the slip fixed, another thing said
    ("I colelct vintage stamps", "I collect vintage coins"),
    ("I'm alergic to pollen", "I'm allergic to penicillin"),
    # begun another class; another way to travel
    ("My niece has begun ballet classes", "My niece started judo classes"),
    ("I'm flying to Oslo next Tuesday", "I'm taking the train to Oslo next Tuesday"),
    # working from the office
    ("My husband works from home on Wednesdays", "My husband works from the office on Wednesdays"),
    # "next" before a time still says when
    ("I'm repainting my desk next week", "I'm repainting my desk"),
    # a note's "they" that are others the note names, or "them" beside the user
    (
        "I can't drink milk since I'm lactose intolerant",
        "User's twins are lactose intolerant, so they can't drink milk",
    ),
    ("I skip breakfast", "User skips breakfast with them"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_a_restatement_written_another_way_passes_the_veto(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_the_near_miss_beside_it_is_still_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


def test_only_a_slip_into_no_english_word_is_read_as_one() -> None:
    assert english_word("trumpets") and not english_word("trumppet")
    assert slip_of("wlak", {"walks"}) == "walk"
    assert slip_of("diner", {"dinner"}) is None  # both are words
    assert slip_of("form", {"from"}) is None
    assert slip_of("ocean", {"oecan"}) is None  # the word is never rewritten into the slip
    assert slip_of("teh", {"the"}) is None  # too short to tell


def test_a_capitalised_word_is_a_name_not_a_slip() -> None:
    assert slips_fixed("I met Mraco", "I met marco") == "I met Mraco"
    assert slips_fixed("I met mraco", "I met Marco") == "I met mraco"
    assert slips_fixed("i wlak my dog", "I walk my dog") == "i walk my dog"
