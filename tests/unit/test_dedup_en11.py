"""The eleventh dedup round (helper en11): English numbers (mal/dedup_text.py `_en_counts`,
mal/dedup_numbers.py) and a note about the user read in the first person (mal/dedup_notes.py). Every sentence is written
for these tests. Near misses never merge, not even at cosine 1.0, in either order; restatements no
longer fail the check that stopped them."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_numbers import numbers_agree
from mal.dedup_text import signature
from mal.models import Memory
from tests.dedup_memories import memory as _memory


def ep(text: str) -> Memory:
    return _memory("episode", text)


# --- numbers: "one" is a count, a number said twice is two numbers
NUMBER_NEAR_MISSES = [
    ("I give the dog one scoop of kibble twice a day", "I give the dog two scoops of kibble twice a day"),
    (
        "My son takes one capsule of vitamin D three times a week",
        "My son takes three capsules of vitamin D three times a week",
    ),
    ("We have one cat and two rabbits", "We have two cats and a rabbit"),
    ("I walk one mile every morning", "I walk a couple of miles every morning"),
    ("The flat has one bathroom", "The flat has two bathrooms"),
    ("I bought two hundred shares of Apple", "I bought three hundred shares of Apple"),
    ("Our house has 4 bedrooms and 4 bathrooms", "Our house has 4 bedrooms and 2 bathrooms"),
]
NUMBER_RESTATEMENTS = [
    ("I give the dog one scoop of kibble twice a day", "I feed the dog a scoop of kibble twice daily"),
    ("My niece has one younger brother", "My niece has a younger brother"),
    ("I drink a glass of milk before bed", "I drink one glass of milk before bed"),
    ("I spent two hundred dollars on the jacket", "I spent 200 dollars on the jacket"),
    ("I rode 2 km to the lake", "I rode two km to the lake"),
]


@pytest.mark.parametrize(("a", "b"), NUMBER_NEAR_MISSES)
def test_counts_that_differ_never_merge(a: str, b: str) -> None:
    for x, y in ((ep(a), ep(b)), (ep(b), ep(a))):
        assert "numbers" in dedup.veto_reasons(x, y), (a, b)
        assert not dedup.same_fact(x, y, 1.0), (a, b)


@pytest.mark.parametrize(("a", "b"), NUMBER_RESTATEMENTS)
def test_the_same_counts_said_otherwise_agree(a: str, b: str) -> None:
    for x, y in ((ep(a), ep(b)), (ep(b), ep(a))):
        assert "numbers" not in dedup.veto_reasons(x, y), (a, b, dedup.veto_reasons(x, y))


def test_one_is_a_count_only_before_a_noun() -> None:
    assert signature("I take one pill at night").numbers == ("1",)
    assert signature("I take two pills twice a day").numbers == ("2", "2")
    for text in ("I want the red one", "one of my cousins lives in Oslo", "no one called", "One day I'll sail"):
        assert "1" not in signature(text).numbers, text
    assert signature("a couple of weeks ago").numbers == ("2",)
    assert signature("three thousand dollars").numbers == ("3000",)
    assert numbers_agree(signature("an apple and two pears"), signature("one apple and two pears"))
    assert not numbers_agree(signature("an apple and two pears"), signature("two apples and one pear"))


# --- a note about the user in the third person and in shorthand (mal/dedup_notes.py)
NOTE_RESTATEMENTS = [
    ("My aunt runs a bakery in Galway", "User's aunt runs a bakery in Galway"),
    ("I teach chemistry at a high school", "User teaches chemistry at a high school"),
    ("I watch a lot of documentaries", "The user watches a lot of documentaries"),
    ("I usually cycle to the office", "User usually cycles to the office"),
    ("Pick up the prescription tomorrow", "Reminder: pick up prescription tmrw"),
    ("Lunch with Omar on Thursday", "Thurs - lunch w/ Omar"),
    ("I grew up in Spokane, Washington", "User grew up in Spokane, WA"),
    ("My Honda is a 2009 model", "User's Honda is an '09 model"),
    ("My uncle has stage 3 lung cancer", "User's uncle has stage III lung cancer"),
    ("I do yoga four times a week", "User does yoga 4x a week"),
]
NOTE_NEAR_MISSES = [
    ("My aunt runs a bakery in Galway", "User's uncle runs a bakery in Galway"),
    ("I teach chemistry at a high school", "User taught chemistry at a high school"),
    ("I grew up in Spokane, Washington", "User grew up in Spokane, MO"),
    ("My Honda is a 2009 model", "User's Honda is a '99 model"),
    ("My uncle has stage 3 lung cancer", "User's uncle has stage II lung cancer"),
    ("I do yoga four times a week", "User does yoga 3x a week"),
    ("Lunch with Omar on Thursday", "Tues - lunch w/ Omar"),
    ("I don't eat shellfish", "User eats shellfish"),
]


@pytest.mark.parametrize(("a", "b"), NOTE_RESTATEMENTS)
def test_a_note_about_the_user_is_the_users_own_sentence(a: str, b: str) -> None:
    for x, y in ((ep(a), ep(b)), (ep(b), ep(a))):
        assert dedup.veto_reasons(x, y) == [], (a, b, dedup.veto_reasons(x, y))


@pytest.mark.parametrize(("a", "b"), NOTE_NEAR_MISSES)
def test_a_note_that_says_another_thing_never_merges(a: str, b: str) -> None:
    for x, y in ((ep(a), ep(b)), (ep(b), ep(a))):
        assert not dedup.veto(x, y) and not dedup.same_fact(x, y, 1.0), (a, b)


def test_only_the_subject_user_is_rewritten() -> None:
    from mal.dedup_notes import first_person

    assert first_person("User's brother is a pilot") == "my brother is a pilot"
    assert first_person("On Sundays the user often bakes bread") == "On Sundays I often bake bread"
    assert first_person("User has two kids") == "I have two kids"
    for text in ("I'm a power user of Photoshop", "every user's password expired", "the user manual is missing"):
        assert first_person(text) == text
    assert first_person("I am IN the lobby") == "I am IN the lobby"


# --- near misses the word rules read as one fact (mal/dedup_en11.py)
# each named by the veto check that reads its family (mal/dedup_shared_families.py folds en11's
# joint, subject, quantifier and contrast_swap with their review11 and zh11 twins)
EN11_NEAR_MISSES = [
    ("companion", "My brother and I are driving to Quebec in May", "My brother is driving to Quebec in May"),
    ("companion", "Me and my roommate adopted a kitten", "My roommate adopted a kitten"),
    ("role_swap", "Priya repainted my kitchen", "I repainted Priya's kitchen"),
    ("quantifier", "All of my nephews play hockey", "Most of my nephews play hockey"),
    ("quantifier", "Both my parents are retired", "One of my parents is retired"),
    ("role_swap", "I take the bus, not the train", "I take the train, not the bus"),
    ("role_swap", "I'd pick hiking over skiing", "I'd pick skiing over hiking"),
    ("role_swap", "I like rowing but hate running", "I hate rowing but like running"),
    ("times_unit", "I cycle four times a week", "I cycle four kilometers a week"),
    ("outcome", "My niece is applying to McGill", "My niece got into McGill"),
    ("outcome", "My husband interviewed at Shopify", "My husband was hired at Shopify"),
]
EN11_RESTATEMENTS = [
    ("My brother and I are driving to Quebec in May", "In May I'm driving to Quebec with my brother"),
    ("All of my nephews play hockey", "All my nephews play hockey"),
    ("I take the bus, not the train", "I take the bus rather than the train"),
    ("I cycle four times a week", "I cycle 4 times per week"),
]


@pytest.mark.parametrize(("family", "a", "b"), EN11_NEAR_MISSES)
def test_eleventh_round_near_misses_never_merge(family: str, a: str, b: str) -> None:
    for x, y in ((ep(a), ep(b)), (ep(b), ep(a))):
        assert family in dedup.veto_reasons(x, y), (family, a, b, dedup.veto_reasons(x, y))
        assert not dedup.agree(x, y) and not dedup.same_fact(x, y, 1.0), (a, b)


@pytest.mark.parametrize(("a", "b"), EN11_RESTATEMENTS)
def test_eleventh_round_checks_leave_restatements_alone(a: str, b: str) -> None:
    from mal import dedup_en11

    assert not dedup_en11.differs(a, b) and not dedup_en11.differs(b, a), (a, b)


def test_an_ordinal_is_not_a_count() -> None:
    for x, y in ((ep("My third daughter is a pilot"), ep("My three daughters are pilots")),):
        assert not dedup.veto(x, y) and not dedup.veto(y, x)
    x, y = ep("I'm one of five children"), ep("I have five children")
    assert "numbers" in dedup.veto_reasons(x, y)
