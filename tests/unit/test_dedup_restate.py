"""The tenth dedup round (helper en10): English restatements the veto read as two facts
(mal/dedup_restate.py). Each restatement below, written for these tests, no longer fails the named
veto check (the model stays free to decide); each near miss beside it still never merges at
cosine 1.0, in either order."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_restate import (
    amounts_agree,
    intolerance_said,
    light_modifier_only,
    order_explained,
    past_event_aspect,
    times_agree,
)
from mal.models import Memory
from tests.dedup_memories import memory as _memory


def ep(text: str) -> Memory:
    return _memory("episode", text)


RESTATEMENTS = [
    # a past event in the passive or with a light verb; an ended habit both say
    ("aspect", "My brother got transferred to Denver in May", "In May my brother was transferred to Denver"),
    ("aspect", "I grew up in Ohio", "I was brought up in Ohio"),
    ("aspect", "I went to Iceland for my anniversary", "For my anniversary I took a trip to Iceland"),
    # a generic head or a filler a terse note drops
    ("modifier", "I have a vet appointment on Monday at 4pm", "Vet on Monday, 4 pm"),
    ("modifier", "I moved to Denver in June", "moved to denver back in june"),
    ("modifier", "I sprained my ankle hiking in 2019", "In 2019 I sprained my ankle while hiking"),
    ("modifier", "My budget for a new bike is $800", "I want to spend at most 800 dollars on a bike"),
    # a list, a joint subject, a named thing put first, May the month
    ("order", "We have a parrot named Kiwi", "Kiwi is our parrot"),
    ("order", "I have two dogs, Pepper and Salt", "I've got 2 dogs named Salt and Pepper"),
    ("order", "My husband and I are flying to Rome in July", "In July I'm flying to Rome with my husband"),
    ("order", "My son started swimming in May", "In May, my son started swimming"),
    # a thousand said "k"
    ("numbers", "My salary is $95,000 a year", "salary is 95k a year"),
    ("numbers", "My rent is $1,800 a month", "rent is 1.8k a month"),
    ("numbers", "I went to Rome for my fortieth birthday", "For my 40th birthday I went to Rome"),
    # fall / autumn, yrs / years
    ("times", "My daughter starts college this fall", "My daughter starts college this autumn"),
    ("times", "I've been vegan for 5 yrs", "I've been vegan for 5 years"),
    ("times", "My gym membership costs $60 a month", "gym membership is $60/month"),
    # an intolerance said as what one cannot digest
    ("negation", "I'm gluten intolerant", "I can't digest gluten"),
]

NEAR_MISSES = [
    ("My sister is married", "My sister was married"),
    ("My dad takes metformin", "My dad took metformin"),
    ("My husband is a teacher", "My husband was a teacher"),
    ("I work at Google", "I was employed at Google"),
    ("I only drink decaf coffee", "I only drink coffee"),
    ("I owe Mike money", "Mike owes me money"),
    ("Tom called Jerry", "Jerry called Tom"),
    ("My salary is 95k", "My salary is 59k"),
    ("We're expecting our second child", "We're expecting our third child"),
    ("My gym membership is $60/month", "My gym membership is $60/week"),
    ("My daughter starts college this fall", "My daughter starts college this spring"),
    ("I quit drinking", "I'm quitting drinking"),
]


@pytest.mark.parametrize(("check", "a", "b"), RESTATEMENTS)
def test_restatements_pass_the_check_that_stopped_them(check: str, a: str, b: str) -> None:
    for x, y in ((ep(a), ep(b)), (ep(b), ep(a))):
        assert check not in dedup.veto_reasons(x, y), (check, a, b, dedup.veto_reasons(x, y))


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_near_misses_beside_them_never_merge(a: str, b: str) -> None:
    for x, y in ((ep(a), ep(b)), (ep(b), ep(a))):
        assert not dedup.veto(x, y) and not dedup.same_fact(x, y, 1.0), (a, b)


def test_the_narrowings_on_their_own() -> None:
    assert past_event_aspect("I got hired in March", "In March I was hired")
    assert not past_event_aspect("My wife is a nurse", "My wife was a nurse")
    assert light_modifier_only("vet appt Monday", "I have a vet appointment Monday")
    assert order_explained("Ava and Noah are my kids", "Noah and Ava are my kids")
    assert not order_explained("Ava texted Noah", "Noah texted Ava")
    assert amounts_agree("a 2k budget", "a $2,000 budget") and not amounts_agree("a 2k budget", "a 3000 budget")
    assert times_agree("for 3 wks", "for 3 weeks") and not times_agree("for 3 wks", "for 3 years")
    assert intolerance_said("I can't tolerate lactose", "I'm lactose intolerant")
    assert not intolerance_said("I'm lactose intolerant", "I can't eat cheese")
    assert not intolerance_said("I'm not lactose intolerant", "I can't digest lactose")
