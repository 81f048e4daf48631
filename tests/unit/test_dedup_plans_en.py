"""Twentieth round: an English dated future event said as a plan or plainly (mal/dedup_plans_en.py).
Restatements pass the aspect and wish checks; a near miss beside each (a wish, a doubt, another day,
a past trip, a habit, another event on that day) does not.
Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_notes import first_person
from mal.dedup_plans_en import plan_dated_en
from tests.dedup_memories import memory


def _merged(a: str, b: str) -> bool:
    x, y = memory("episode", a), memory("episode", b)
    return any(dedup.same_fact(p, q, 0.95) for p, q in ((x, y), (y, x)))


RESTATED = [
    ("gonna repaint the kitchen next weekend", "User plans to repaint the kitchen next weekend"),
    ("I'm driving to Denver next Thursday", "User is planning to drive to Denver next Thursday"),
    ("We will visit Kyoto in April", "We plan to visit Kyoto in April"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_a_plan_and_the_same_event_said_plainly_pass_the_plan_checks(a: str, b: str) -> None:
    assert plan_dated_en(first_person(a), first_person(b))
    assert "aspect" not in dedup.veto_reasons(memory("episode", a), memory("episode", b))


NOT_PLANS = [
    ("I might repaint the kitchen next weekend", "User plans to repaint the kitchen next weekend"),
    ("I'm hoping to drive to Denver next Thursday", "User plans to drive to Denver next Thursday"),
    ("If it's sunny I'm driving to Denver next Thursday", "User plans to drive to Denver next Thursday"),
]


@pytest.mark.parametrize(("a", "b"), NOT_PLANS)
def test_a_wish_or_a_doubt_is_no_fixed_plan(a: str, b: str) -> None:
    assert not plan_dated_en(first_person(a), first_person(b))


NEAR_MISSES = [
    *NOT_PLANS[:1],
    ("I'm driving to Denver next Thursday", "User plans to drive to Denver next Friday"),
    ("I drove to Denver last Thursday", "User plans to drive to Denver next Thursday"),
    ("I drive to Denver every Thursday", "User plans to drive to Denver on Thursday"),
    ("I'm driving to Denver next Thursday", "User plans to drive to Boulder next Thursday"),
]


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_a_doubt_another_day_place_or_a_past_event_stays_apart(a: str, b: str) -> None:
    assert not _merged(a, b)


# review21: another event on the same day, said as a plan on one side (each merged once the plan
# reading cleared the aspect and wish checks, and nothing after them read the verb)
OTHER_EVENTS = [
    ("I'm gonna cancel my dentist visit next Tuesday", "User plans to see the dentist next Tuesday"),
    ("I'm skipping the book club on Thursday", "User plans to go to the book club on Thursday"),
    ("I'll drop off the kids on Monday", "User plans to pick up the kids on Monday"),
    ("I'm leaving Berlin next Sunday", "User plans to fly to Berlin next Sunday"),
    ("I'm hosting a dinner on Saturday", "User planned a dinner on Saturday"),
]


@pytest.mark.parametrize(("a", "b"), OTHER_EVENTS)
def test_another_event_on_the_day_of_a_plan_is_no_restatement(a: str, b: str) -> None:
    assert not plan_dated_en(first_person(a), first_person(b))
    assert not _merged(a, b)
