"""The seventeenth round's English readings (mal/dedup_unblock17_en.py): restatements a veto misread
because one text spelled the thing another way, each beside a near miss that is still vetoed.
Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_unblock17_en import copula_turned, phrases_swapped
from tests.dedup_memories import assert_family_silent, assert_family_vetoes, assert_passes_veto, assert_vetoed, memory

RESTATED = [
    # "ie" / "ei" swapped inside a word
    ("My nieghbor Carla waters my plants", "My neighbor Carla waters my plants"),
    ("I recieved a promotion at work", "I received a promotion at work"),
    # two weeks said four ways
    ("I mow the lawn every other week", "I mow the lawn every two weeks"),
    ("We do a team retro biweekly", "We do a team retro every 2 weeks"),
    ("I change the water filter every 14 days", "I change the water filter fortnightly"),
    # a date written with digits beside its month named
    ("The concert is on 4/18", "The concert is on April 18th"),
    ("The recital is on 25/6", "The recital is on June 25"),
    # a place name's title abbreviated
    ("I volunteer at St. Jude's on weekends", "I volunteer at Saint Jude's on weekends"),
    # a verb that says not doing, beside a negation
    ("I avoid caffeine", "I don't drink caffeine"),
    ("My son skips lunch", "My son doesn't eat lunch"),
    ("I abstain from red meat", "I never eat red meat"),
    # too little of a thing
    ("My eyes hurt when I don't blink enough", "My eyes hurt from lack of blinking"),
    ("I feel dizzy when I don't drink water enough", "I feel dizzy from too little water"),
    # a relative by marriage said through the spouse; a baby is a child
    ("My husband's mom is staying with us in July", "My mother-in-law is staying with us in July"),
    ("My brother and his wife just had their second baby", "My brother and his wife just had their second child"),
    # a note's "their" after "User and their partner": the couple's own
    ("My boyfriend and I are renovating our kitchen", "User and their boyfriend are renovating their kitchen"),
    # a note's "says" before the user's own words; a thing done for the user; a maker before a model
    ("I skip dessert, it is far too sweet", "User skips dessert; says it is far too sweet"),
    ("I have to get my piano tuned before the recital", "To do: tune piano before the recital"),
    ("I just bought a Kindle Paperwhite 5", "User just bought an Amazon Kindle Paperwhite 5"),
    # a weekday before a plural part of the day is every such day; a past job said two ways
    ("I swim laps every Tuesday morning", "User swims laps on Tuesday mornings"),
    ("My aunt was a ferry captain", "User's aunt worked as a ferry captain"),
    # an hour's half of the day said in words; a night owl's bare hour; a count before a list of ages
    ("I stop checking email after 9 pm", "I stop checking email after 9 at night"),
    ("I'm a night person, I eat dinner around 10", "I'm a night person, I eat dinner around 10 pm"),
    ("My three nephews are 2, 6 and 9", "I have three nephews, aged nine, six and two"),
    # one equation either way round; two phrases after the verb in either order
    ("My neighbor is Ruth", "Ruth is my neighbor"),
    ("My roommate is Jonah", "Jonah is the user's roommate"),
    ("I live in Denver with my sister", "User lives with their sister in Denver"),
]

NEAR_MISSES = [
    # a changed letter, not an "ie" / "ei" swap
    ("I walked along the hiking trail", "I walked along the hiking trial"),
    ("My nieghbor Carla waters my plants", "My neighbor Carla waters my lawn"),
    # every week, every three weeks, every other weekday
    ("I mow the lawn every other week", "I mow the lawn every week"),
    ("I mow the lawn every two weeks", "I mow the lawn every three weeks"),
    ("I visit my aunt every Sunday", "I visit my aunt every other Sunday"),
    # another day, or a month-first date read the other way
    ("The concert is on 4/18", "The concert is on April 19th"),
    ("The concert is on 4/5", "The concert is on May 4th"),
    # another saint
    ("I volunteer at St. Jude's on weekends", "I volunteer at Saint Luke's on weekends"),
    # another thing avoided, another tense, the deed itself
    ("I avoid caffeine", "I don't drink alcohol"),
    ("I avoided caffeine", "I don't drink caffeine"),
    ("I avoid caffeine", "I drink caffeine"),
    # too little of another thing
    ("My eyes hurt when I don't blink enough", "My eyes hurt from lack of sleep"),
    # another relative by marriage; another child
    ("My husband's mom is staying with us in July", "My sister-in-law is staying with us in July"),
    ("My brother and his wife just had their second baby", "My brother and his wife just had their second grandchild"),
    # someone else's kitchen
    ("My boyfriend and I are renovating our kitchen", "User and their boyfriend are renovating their son's kitchen"),
    # someone else says it; another deed; another model
    ("I skip dessert, it is far too sweet", "User skips dessert; their doctor says it is far too sweet"),
    ("I have to get my piano tuned before the recital", "To do: move piano before the recital"),
    ("I just bought a Kindle Paperwhite 5", "User just bought an Amazon Kindle Paperwhite 4"),
    # one Tuesday morning; a job held now
    ("I'm swimming laps this Tuesday morning", "User swims laps on Tuesday mornings"),
    ("My aunt was a ferry captain", "User's aunt works as a ferry captain"),
    # another hour; another count
    ("I stop checking email after 9 pm", "I stop checking email after 8 at night"),
    ("I'm a night person, I eat dinner around 10", "I'm a night person, I eat dinner around 11 pm"),
    ("My three nephews are 2, 6 and 9", "I have four nephews, aged nine, six and two"),
    # another person in the equation; the names moved between prepositions
    ("My neighbor is Ruth", "Ruth is my sister's neighbor"),
    ("My roommate is Jonah", "Jonah's roommate is the user"),
    ("I drove from Boise to Reno", "I drove from Reno to Boise"),
    ("I live in Denver with my sister", "User lives with their aunt in Denver"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_a_restatement_spelled_another_way_passes_the_veto(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_the_near_miss_beside_it_is_still_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


def test_the_order_readings_take_only_their_own_shapes() -> None:
    assert copula_turned("my coach is Marta", "Marta is my coach")
    assert not copula_turned("my coach is Marta", "Marta is my coach's wife")
    assert phrases_swapped("I jog in the park with my dog", "I jog with my dog in the park")
    assert not phrases_swapped("I jog in the park with my dog", "I jog with my dog near the park")
    assert_family_silent(
        "order", memory("episode", "My landlord is Mr Haddad"), memory("episode", "Mr Haddad is my landlord")
    )
    assert_family_vetoes("order", memory("episode", "My tutor is Ines"), memory("episode", "Ines's tutor is the user"))


def test_a_note_that_opens_on_the_users_relative_names_that_relative() -> None:
    mine = memory(
        "family_health", "My daughter is allergic to kiwi.", relative="daughter", condition="allergy", allergen="kiwi"
    )
    note = memory(
        "family_health",
        "The user's daughter has a kiwi allergy.",
        relative="self",
        condition="allergy",
        allergen="kiwi",
    )
    own = memory("family_health", "The user has a kiwi allergy.", relative="self", condition="allergy", allergen="kiwi")
    son = memory(
        "family_health", "The user's son has a kiwi allergy.", relative="self", condition="allergy", allergen="kiwi"
    )
    assert "slots" not in dedup.veto_reasons(mine, note)
    assert "slots" in dedup.veto_reasons(mine, own)
    assert "slots" in dedup.veto_reasons(mine, son)


def test_a_bare_hour_is_the_same_hour_said_with_its_half_of_the_day() -> None:
    bare = memory(
        "todo", "Drinks with Omar Friday at 8", task="Drinks with Omar Friday at 8", date="2026-12-04", time="08:00"
    )
    late = memory(
        "todo", "Friday 8pm drinks with Omar", task="Friday 8pm drinks with Omar", date="2026-12-04", time="20:00"
    )
    early = memory(
        "todo", "Drinks with Omar Friday at 8am", task="Drinks with Omar Friday at 8am", date="2026-12-04", time="08:00"
    )
    other = memory(
        "todo", "Friday 9pm drinks with Omar", task="Friday 9pm drinks with Omar", date="2026-12-04", time="21:00"
    )
    assert "slots" not in dedup.veto_reasons(bare, late)
    assert "slots" in dedup.veto_reasons(early, late)
    assert "slots" in dedup.veto_reasons(bare, other)


def test_a_birthday_is_said_by_the_day_someone_was_born() -> None:
    fact = memory("profile", "My mom's birthday is August 9th", field="birthday", value="08-09", relative="mother")
    assert dedup.veto_reasons(fact, memory("episode", "User's mom was born on 9 Aug")) == []
    assert "slots" in dedup.veto_reasons(fact, memory("episode", "User's mom was born on 10 Aug"))
    assert "slots" in dedup.veto_reasons(fact, memory("episode", "User's mom got married on 9 Aug"))


def test_a_to_do_is_said_by_its_task_word_for_word() -> None:
    todo = memory("todo", "Remind me to call the plumber", task="call the plumber")
    assert dedup.veto_reasons(todo, memory("episode", "I need a reminder to call the plumber")) == []
    assert "slots" in dedup.veto_reasons(todo, memory("episode", "I called the plumber"))
    assert dedup.veto_reasons(todo, memory("episode", "My husband has to call the plumber"))
