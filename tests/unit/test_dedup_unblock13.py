"""Restatements the thirteenth round's families (mal/dedup_review13.py) vetoed, and the near misses of
each family that must still be vetoed: a certainty said not to hold is a hedge, equal rates by
arithmetic (mal/dedup_rates.py), "no longer on" is off, a room in the user's home is living with
them, a clipped job head (rep, tech) and 牙医 / 兽医 against 医生 are one job. Every sentence here
is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal.dedup_rates import rate, same_rate
from mal.dedup_review13 import alternate, certainty, job_head, on_off, period, proximity
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes
from tests.dedup_memories import memory as _memory


def ep(text: str) -> Memory:
    return _memory("episode", text)


RESTATED = [
    # a certainty said not to hold is a hedge
    ("certainty", "我现在还确定不了明年换不换工作", "我还没想好明年换不换工作"),
    ("certainty", "We can't say for sure whether Nora will come", "Nora might come"),
    ("certainty", "I don't know for certain if the clinic opens Sunday", "I'm not sure if the clinic opens Sunday"),
    # the same rate by another period or interval
    ("period", "我每周七天都练瑜伽", "我每天都练瑜伽"),
    ("period", "Leo walks the dog seven days a week", "Leo walks the dog every day"),
    ("period", "I water the ferns twice a month", "I water the ferns 24 times a year"),
    ("alternate", "我每十四天给花浇一次肥", "我每两周给花浇一次肥"),
    ("alternate", "I mow the lawn every 14 days", "I mow the lawn every other week"),
    # "on" said not to hold is off
    ("on_off", "我爸已经没在吃他汀类药了", "我爸停了他汀类药"),
    ("on_off", "My aunt is no longer on insulin", "My aunt stopped taking insulin"),
    # a room in the user's own home
    ("proximity", "我外公住在我们家楼上那间卧室", "我外公跟我们住在一起"),
    ("proximity", "My uncle has the spare room next to the kitchen in our house", "My uncle lives with us"),
    ("proximity", "我外公住在我们家楼下的 bedroom", "我外公跟我们住在一起"),
    # a clipped head, a kind of doctor
    ("job_head", "My cousin is a pharmacy tech at Walgreens", "My cousin is a pharmacy technician at Walgreens"),
    ("job_head", "Her husband is a customer service rep", "Her husband is a customer service representative"),
    ("job_head", "我舅舅是动物医院兽医", "我舅舅是动物医院医生"),
]

NEAR_MISSES = [
    ("certainty", "我还确定不了明年换不换工作", "我确定明年换工作"),
    ("certainty", "I can't say for sure whether Nora will come", "Nora will definitely come"),
    ("period", "我每周五天都练瑜伽", "我每天都练瑜伽"),
    ("period", "Leo walks the dog five days a week", "Leo walks the dog every day"),
    ("period", "I water the ferns twice a month", "I water the ferns 12 times a year"),
    ("alternate", "我每十天给花浇一次肥", "我每两周给花浇一次肥"),
    ("alternate", "I mow the lawn every 10 days", "I mow the lawn every other week"),
    ("on_off", "我爸在吃他汀类药", "我爸停了他汀类药"),
    ("on_off", "My aunt is on insulin", "My aunt stopped taking insulin"),
    ("proximity", "我外公住在我们家楼上", "我外公跟我们住在一起"),
    ("proximity", "My uncle rents a room near our house", "My uncle lives with us"),
    ("proximity", "我外公住在我们家附近的 room", "我外公跟我们住在一起"),
    ("job_head", "My cousin is a pharmacy tech at Walgreens", "My cousin is a pharmacy manager at Walgreens"),
    ("job_head", "我舅舅是动物医院兽医", "我舅舅是动物医院护士"),
]

CHECKS = {
    "certainty": certainty,
    "period": period,
    "alternate": alternate,
    "on_off": on_off,
    "proximity": proximity,
    "job_head": job_head,
}


@pytest.mark.parametrize(("family", "a", "b"), RESTATED)
def test_restatements_pass_their_family(family: str, a: str, b: str) -> None:
    assert not CHECKS[family](a, b) and not CHECKS[family](b, a)
    assert_family_silent(family, ep(a), ep(b))


@pytest.mark.parametrize(("family", "a", "b"), NEAR_MISSES)
def test_near_misses_of_the_same_family_are_still_vetoed(family: str, a: str, b: str) -> None:
    assert CHECKS[family](a, b) and CHECKS[family](b, a)
    assert_family_vetoes(family, ep(a), ep(b))


def test_rates_by_arithmetic() -> None:
    assert rate("She swims four times a week") == pytest.approx(4 / 7)
    assert rate("我一个月回两次老家") == pytest.approx(24 / 365.25)
    assert rate("He visits fortnightly") == pytest.approx(1 / 14)
    assert rate("我隔天跑一次步") == pytest.approx(0.5)
    # an amount is no count of times, a span is no rate, two rates are not one
    assert rate("Our rent is $1,500 a month") == pytest.approx(12 / 365.25)
    assert rate("We stayed in Lisbon for a week") is None
    assert rate("I run daily and swim weekly") is None
    assert same_rate("I call home once a week", "I call home 52 times a year")
    assert not same_rate("I pay $3,000 a month", "I pay $3,000 a week")


# a one-sided "we" that is the user's household (mal/dedup_checks.py `people_differ`)
OUR_HOUSEHOLD = [
    ("Our electricity bill is about $90 a month", "Monthly electricity bill: 90 dollars"),
    ("We're throwing a New Year's party", "User's family is throwing a New Year's party"),
]
OTHER_PEOPLE = [
    ("Our electricity bill is about $90 a month", "My electricity bill is about $90 a month"),
    ("Our electricity bill is about $90 a month", "My sister's electricity bill is about $90 a month"),
    ("We're throwing a New Year's party", "My cousin's family is throwing a New Year's party"),
    ("We're throwing a New Year's party", "I'm throwing a New Year's party"),
]


@pytest.mark.parametrize(("a", "b"), OUR_HOUSEHOLD)
def test_our_household_is_no_other_person(a: str, b: str) -> None:
    assert_family_silent("people", ep(a), ep(b))


@pytest.mark.parametrize(("a", "b"), OTHER_PEOPLE)
def test_we_against_someone_or_i_is_still_other_people(a: str, b: str) -> None:
    assert_family_vetoes("people", ep(a), ep(b))
