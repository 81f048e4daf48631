"""dev8's English near misses (mal/dedup_dev8_en.py): per family a near miss the family vetoes and a
restatement beside it that it leaves alone. Every sentence here is new (in no pair set nor other test)."""

from __future__ import annotations

import pytest

from mal import dedup_dev8_en
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes, assert_passes_veto
from tests.dedup_memories import memory as _memory

NEAR_MISSES = [
    ("limit_added", "I'm teetotal.", "I'm teetotal on weeknights."),
    ("limit_added", "I've run three marathons.", "I've run three marathons this decade."),
    ("limit_added", "My brother earns $50 an hour.", "My brother earns $50 an hour in overtime."),
    ("limit_added", "I renewed my gym membership.", "I renewed my off-peak gym membership."),
    ("attempt_added", "I'm sober.", "I'm trying to stay sober."),
    ("attempt_added", "My wife was elected to the council.", "My wife was nominated for election to the council."),
    ("another_one", "We're planning to adopt a cat.", "We're planning to adopt another cat."),
    ("frequency_swapped", "I usually walk the dog after dinner.", "I always walk the dog after dinner."),
    ("frequency_swapped", "I mostly cook at home.", "I always cook at home."),
    ("degree_swapped", "My aunt can't walk well since the fall.", "My aunt can't walk at all since the fall."),
    ("preposition_swapped", "I drink my coffee after lunch.", "I drink my coffee with lunch."),
    ("preposition_swapped", "The plumber is coming for an hour.", "The plumber is coming in an hour."),
    ("preposition_swapped", "I rent a flat with my cousin.", "I rent a flat from my cousin."),
    ("stay_kind", "My parents have never been to Canada.", "My parents have never lived in Canada."),
    (
        "negation_moved",
        "I don't eat fish, but my daughter does.",
        "I eat fish, but my daughter doesn't.",
    ),
    ("doer_swapped", "My neighbour is cutting down the old oak.", "I'm cutting down the old oak for my neighbour."),
    ("part_whole", "I sprained my right ankle at netball.", "I sprained both ankles at netball."),
    ("date_interval", "My allowance arrives on the 21st.", "My allowance arrives every 21 days."),
]

RESTATEMENTS = [
    ("limit_added", "I fractured my arm while climbing.", "I fractured my arm climbing."),
    ("limit_added", "My uncle lives with us.", "My uncle lives in our home with us."),
    ("attempt_added", "I'd like to learn the cello.", "I want to learn the cello."),
    ("another_one", "We adopted a cat.", "We adopted a cat last spring."),
    ("frequency_swapped", "I usually cycle to the office.", "I normally cycle to the office."),
    ("degree_swapped", "My aunt can't walk at all.", "My aunt can't walk at all now."),
    ("preposition_swapped", "I work at a bakery.", "I work for a bakery."),
    ("preposition_swapped", "We go hiking on the weekend.", "We go hiking at the weekend."),
    ("stay_kind", "My parents have never been to Canada.", "My parents have never visited Canada."),
    ("negation_moved", "I don't eat fish, but my daughter does.", "I do not eat fish, but my daughter does."),
    # the same two clauses in another order: nothing moved
    ("negation_moved", "I don't watch football, but I follow tennis.", "I follow tennis, but I don't watch football."),
    ("part_whole", "I left my old band last year.", "Both of my bands split up last year."),
    ("doer_swapped", "My wife and I are repainting the kitchen.", "I'm repainting the kitchen with my wife."),
    ("part_whole", "I sprained both ankles.", "Both of my ankles are sprained."),
    ("date_interval", "My allowance arrives on the 21st.", "My allowance comes on the 21st of each month."),
]


def ep(text: str) -> Memory:
    return _memory("episode", text)


@pytest.mark.parametrize(("family", "a", "b"), NEAR_MISSES)
def test_near_miss_vetoed(family: str, a: str, b: str) -> None:
    assert_family_vetoes(family, ep(a), ep(b))


@pytest.mark.parametrize(("family", "a", "b"), RESTATEMENTS)
def test_restatement_not_read_by_family(family: str, a: str, b: str) -> None:
    assert_family_silent(family, ep(a), ep(b))
    check = dict(dedup_dev8_en.CHECKS)[family]
    assert not check(a, b) and not check(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("I usually cycle to the office.", "I normally cycle to the office."),
        ("I work at a bakery.", "I work for a bakery."),
        ("My parents have never been to Canada.", "My parents have never visited Canada."),
    ],
)
def test_restatement_passes_veto(a: str, b: str) -> None:
    assert_passes_veto(a, b)


def test_family_names_listed() -> None:
    assert [name for name, _ in dedup_dev8_en.CHECKS] == [
        "limit_added",
        "attempt_added",
        "another_one",
        "frequency_swapped",
        "degree_swapped",
        "preposition_swapped",
        "stay_kind",
        "negation_moved",
        "doer_swapped",
        "part_whole",
        "date_interval",
    ]
