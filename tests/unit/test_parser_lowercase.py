"""English typed without capitals or apostrophes (parsers/truecase.py, parsers/shorthand.py), with
the near misses that must stay as they are, and the Chinese twins: Chinese and mixed turns are never
recased or respelt.

The sentences are written for these tests (not copied from any labelled set).
"""

from __future__ import annotations

from functools import partial

import pytest

from bench.parser_eval import invented
from parsers.shorthand import normalise
from parsers.truecase import recase, uncased
from tests import parser_facts
from tests.parser_facts import TUESDAY

facts = partial(parser_facts.facts, now=TUESDAY)


def profile(text: str) -> set[tuple[str, str]]:
    """Each profile fact as (field, value as text): these tests do not compare the relative."""
    return {(field, value) for field, value, _ in parser_facts.profile(text, TUESDAY)}


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("i just relocated to pittsburgh for the new job", "city", "pittsburgh"),
        ("my name is marguerite okafor", "name", "marguerite okafor"),
        ("hi, i'm teodor and i need help with a cover letter", "name", "teodor"),
        ("i've been working at spotify for two years", "employer", "spotify"),
        ("we adopted a kitten named clementine", "pet", "clementine"),
        ("our dog pickle is scared of thunder", "pet", "pickle"),
        ("finally got an iphone 15 pro", "device", "iphone 15 pro"),
    ],
)
def test_lowercase_names_read_in_the_users_letters(text: str, field: str, value: str) -> None:
    """The value is found through the capitals put back, and stored as the user typed it."""
    assert (field, value) in profile(text)
    for _, slots in facts(text):
        assert invented(text, slots, TUESDAY) == []


def test_lowercase_trip_reads_both_places() -> None:
    (kind, slots), *_ = facts("need a train from leeds to york on friday morning")
    assert kind == "travel_plan"
    assert (slots.get("departure"), slots.get("arrival")) == ("leeds", "york")


def test_lowercase_airport_codes_and_month() -> None:
    (kind, slots), *_ = facts("flying ord to lax on march 3, economy")
    assert kind == "travel_plan"
    assert (slots.get("departure"), slots.get("arrival")) == ("ord", "lax")
    assert slots.get("date", "").endswith("03-03")


@pytest.mark.parametrize(
    "text",
    [
        "call me tomorrow after lunch",  # a time, no name
        "i'm exhausted, heading to bed",  # an adjective after i'm
        "i work from home most days",  # home is no place name
        "my dog barks at every delivery",  # a verb after the pet
        "moved to a bigger flat last year",  # function words
    ],
)
def test_lowercase_near_misses_get_no_capitals(text: str) -> None:
    assert recase(text) == text.replace("i'm", "I'm").replace("i work", "I work")


def test_cased_turn_is_left_alone() -> None:
    """A turn with capitals of its own says what its names are; lower-case words in it are words."""
    text = "Moved to Denver in May, work in marketing"
    assert not uncased(text)
    assert recase(text) == text


@pytest.mark.parametrize("text", ["我下个月搬到杭州", "住shinjuku那边", "我叫david，在上海工作", "用的是macbook"])
def test_chinese_and_mixed_turns_keep_their_latin_words(text: str) -> None:
    assert recase(text) == text
    assert normalise(text) == text


def test_mixed_turn_well_known_place_read_in_the_users_letters() -> None:
    assert recase("下周去tokyo出差") == "下周去Tokyo出差"
    (kind, slots), *_ = facts("下周去tokyo出差")
    assert kind == "travel_plan" and slots.get("arrival") == "tokyo"
    assert invented("下周去tokyo出差", slots, TUESDAY) == []


def test_chinese_twin_reads_as_before() -> None:
    assert ("city", "杭州") in profile("我下个月搬到杭州了")


@pytest.mark.parametrize(
    ("text", "spelt"),
    [
        ("my wifes birthday is june 4", "my wife's birthday is june 4"),
        ("my dads 64 this year", "my dad's 64 this year"),
        ("moms on metformin now", "mom's on metformin now"),
        ("my names ingrid", "my name's ingrid"),
        ("weve got a hamster", "we've got a hamster"),
    ],
)
def test_apostrophe_less_possessives_spelt_out(text: str, spelt: str) -> None:
    assert normalise(text) == spelt


@pytest.mark.parametrize("text", ["my sons are twins", "my daughters love swimming", "cats are great"])
def test_true_plurals_stay_plural(text: str) -> None:
    assert normalise(text) == text


def test_apostrophe_less_relative_fact() -> None:
    found = facts("my wifes birthday is june 4")
    assert any(s.get("field") == "birthday" and s.get("relative") == "spouse" for _, s in found)
    health = [s for k, s in facts("my moms on warfarin") if k == "family_health"]
    assert health and health[0].get("relative") == "mother" and health[0].get("medication") == "warfarin"


@pytest.mark.parametrize(
    ("text", "diet"),
    [
        ("can you recommend a restaurant near me? i'm vegetarian", "vegetarian"),
        ("i'm strictly vegan, any good recipe ideas?", "vegan"),
        ("有推荐的餐厅吗？我吃素", "vegetarian"),
        ("我是素食主义者，有什么好吃的推荐吗？", "vegetarian"),
    ],
)
def test_diet_stated_inside_a_question_is_read(text: str, diet: str) -> None:
    assert ("diet", diet) in profile(text)


@pytest.mark.parametrize(
    "text", ["any vegetarian restaurants near me?", "i'm looking for vegan recipes, any ideas?", "有没有素食餐厅？"]
)
def test_diet_only_asked_about_is_not_read(text: str) -> None:
    assert not any(field == "diet" for field, _ in profile(text))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my birthday is 3/14", "03-14"),
        ("my bday is 14/3/1990", "1990-03-14"),
        ("我的生日是3/14", "03-14"),
        ("我妈生日是25/12", "12-25"),
    ],
)
def test_slashed_birthdays(text: str, value: str) -> None:
    assert ("birthday", value) in profile(text)
    for _, slots in facts(text):
        assert invented(text, slots, TUESDAY) == []


@pytest.mark.parametrize("text", ["my birthday is 3/4", "我的生日是3/4"])
def test_slashed_birthday_of_unknown_order_is_left_unread(text: str) -> None:
    assert not any(field == "birthday" for field, _ in profile(text))
