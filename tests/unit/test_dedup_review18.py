"""Review of the eighteenth round: near misses that a reading added this round let through (a note's
"they" read as the user, a floor, the working week, a country by one character, remote work, a flight
as the flying, a bare hour's half of the day told by what the text does). Each near miss never merges,
as the service decides (the veto, and the gate at a cosine it admits); a restatement of its shape
still reads alike. Every sentence here is new."""

from __future__ import annotations

import pytest

from mal import dedup, dedup_families, dedup_hours
from mal.dedup_gate import merges
from mal.dedup_household import they_noted
from mal.dedup_unblock18_en import flight_said, remote_said
from mal.dedup_unblock18_zh import written_alike
from tests.dedup_memories import memory


def _merged(a: str, b: str) -> bool:
    x, y = memory("episode", a), memory("episode", b)
    return any(dedup.same_fact(p, q, 0.95) or merges(p, q, 0.86, 0.89, 0.83) for p, q in ((x, y), (y, x)))


NEAR_MISSES = [
    # a note's "they" that stands for a thing the note names: the dog, the birds, the firm
    (
        "User adopted a rescue whippet and they are afraid of thunder",
        "I adopted a rescue whippet and I'm afraid of thunder",
    ),
    ("User keeps two parrots and they wake up at dawn", "I keep two parrots and I wake up at dawn"),
    ("User joined a consultancy and they pay for lunch", "I joined a consultancy and I pay for lunch"),
    # N层 after 有 counts a building's storeys, not a floor
    ("我们诊所在四楼", "我们诊所有4层"),
    # the days off are no working week
    ("我周一到周五去游泳馆", "我除了工作日都去游泳馆"),
    # 来 before a word of its own (加班, 日子) names no country
    ("我明天来加班", "我明天来加拿大"),
    # remote as a place, not a way of working
    ("My brother works from home", "My brother works at a remote research station"),
    # a flight before another noun is a thing of its own
    ("My aunt is a flight attendant", "My aunt is flying"),
    ("I hate flying", "I hate flight delays"),
    # a bare hour told by the wrong cue: a span's start is the morning, going to bed no afternoon,
    # and a cue tells only its own clause's hour
    ("My shift is 8 to 4", "My shift is 8pm to 4am"),
    ("I usually go to bed at 4", "I usually go to bed at 4pm"),
    ("我一般两点睡觉", "我一般下午两点睡觉"),
    ("I get up at 6 and go to bed at 10", "I get up at 6am and go to bed at 10am"),
    ("I get home at 2", "I get home at 2pm"),
    # 偏 leans the other way: 偏轻 is no 有点重
    ("我女儿体重偏轻", "我女儿体重有点重"),
]

RESTATEMENTS = [
    ("User is vegetarian, so they never order steak", "I never order steak because I'm vegetarian"),
    ("My shift is 8 to 4", "My shift is 8am to 4pm"),
    ("I usually go to bed at 10", "I usually go to bed at 10pm"),
    ("我一般两点睡觉", "我一般凌晨两点睡觉"),
    ("I get home at 7", "I get home at 7pm"),
    ("我的手表偏慢", "我的手表有点慢"),
]


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_near_miss_never_merges(a: str, b: str) -> None:
    assert not _merged(a, b)


@pytest.mark.parametrize(("a", "b"), RESTATEMENTS)
def test_restatement_beside_it_passes_the_veto(a: str, b: str) -> None:
    x, y = memory("episode", a), memory("episode", b)
    assert dedup.veto_reasons(x, y) == [] and dedup.veto_reasons(y, x) == []


def test_they_is_the_user_only_when_the_note_names_nothing_else() -> None:
    assert they_noted("User is a light sleeper, so they use earplugs", "I use earplugs since I'm a light sleeper")
    assert not they_noted(
        "User bought two hamsters and they are noisy at night", "I bought two hamsters and I am noisy at night"
    )


def test_written_alike_reads_a_floor_and_the_working_week_only_as_such() -> None:
    assert written_alike("我办公室在六楼", "我办公室在6层") == {"六楼": "6层"}
    assert written_alike("我办公室在六楼", "我们办公楼一共有6层") == {}
    assert written_alike("我周一到周五跑步", "我工作日跑步") == {"周一到周五": "工作日"}
    assert written_alike("我周一到周五跑步", "我非工作日跑步") == {}
    assert written_alike("她下个月赴日", "她下个月去日本") == {"赴日": "赴日本"}
    assert written_alike("她下午来加班", "她下午来加拿大") == {}


def test_remote_and_flight_read_only_as_the_work_and_the_trip() -> None:
    assert remote_said("She works from home", "She works remotely") == "She works remotely"
    assert remote_said("She works from home", "She works at a remote lighthouse") == "She works from home"
    assert flight_said("I have a flight to Riga", "I'm flying to Riga") == "I have a flying to Riga"
    assert flight_said("She is a flight instructor", "She is flying") == "She is a flight instructor"


def test_a_bare_hour_is_told_only_by_a_cue_that_fits_it() -> None:
    assert dedup_hours.half_day_said("I work 7 to 3", "I work 7am to 3pm")
    assert not dedup_hours.half_day_said("I work 7 to 3", "I work 7pm to 3am")
    assert not dedup_hours.half_day_said("I fall asleep at 3", "I fall asleep at 3pm")
    assert dedup_hours.half_day_said("I fall asleep at 3", "I fall asleep at 3am")


def test_a_leaning_is_a_slight_degree_only_of_its_own_adjective() -> None:
    assert not dedup_families.degree_differs("这家店的菜偏甜", "这家店的菜有点甜")
    assert dedup_families.degree_differs("这家店的菜偏甜", "这家店的菜有点咸")
