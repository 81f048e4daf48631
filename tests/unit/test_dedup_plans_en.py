"""Twentieth round: an English dated future event said as a plan or plainly (mal/dedup_plans_en.py),
and "gave up" ending whatever it gives up (mal/dedup_aspect.py). Restatements pass the aspect and
wish checks; a near miss beside each (a wish, a doubt, another day, a past trip, a habit) does not.
Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_plans_en import plan_dated_en
from mal.dedup_text import signature
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
    assert plan_dated_en(a, b)
    assert "aspect" not in dedup.veto_reasons(memory("episode", a), memory("episode", b))


NOT_PLANS = [
    ("I might repaint the kitchen next weekend", "User plans to repaint the kitchen next weekend"),
    ("I'm hoping to drive to Denver next Thursday", "User plans to drive to Denver next Thursday"),
    ("If it's sunny I'm driving to Denver next Thursday", "User plans to drive to Denver next Thursday"),
]


@pytest.mark.parametrize(("a", "b"), NOT_PLANS)
def test_a_wish_or_a_doubt_is_no_fixed_plan(a: str, b: str) -> None:
    assert not plan_dated_en(a, b)


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


def test_gave_up_ends_what_it_gives_up_but_not_gave_up_on() -> None:
    assert "former" in signature("I gave up chocolate last year").aspects
    assert "former" in signature("I've given up red meat").aspects
    assert "former" not in signature("I gave up on the diet").aspects
    assert not _merged("I eat red meat", "I've given up red meat")
