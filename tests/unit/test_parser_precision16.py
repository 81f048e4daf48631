"""Slot precision on statements about the user (sixteenth round): a value must be a value of its field
(parsers/slot_sense.py), a relative opening the clause owns its fact, and a habit is no stated liking.
Sentences written for these tests, not taken from any data set."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

import parsers
from parsers.slot_sense import implausible, kin_split

NOW = datetime(2024, 6, 14, 10, 0)


def _facts(text: str, kind: str | None = None) -> list[dict[str, Any]]:
    return [f.slots for f in parsers.parse(text, NOW).facts if f.kind != "episode" and kind in (None, f.kind)]


def _values(text: str, field: str) -> list[str]:
    return [str(s["value"]) for s in _facts(text, "profile") if s.get("field") == field]


@pytest.mark.parametrize(
    "text",
    ["我爱人特别讨厌吃香菇", "我爱人每天坐地铁去单位", "我太太不太爱喝牛奶"],
)
def test_no_taste_read_inside_a_kinship_word(text: str) -> None:
    # 爱 of 爱人 is no "love", and a spouse's taste is no preference of the user's
    assert _facts(text, "preference") == []


@pytest.mark.parametrize("text", ["我父亲爱下象棋", "用户的配偶很讨厌吃芹菜"])
def test_a_relatives_taste_is_no_preference(text: str) -> None:
    assert _facts(text, "preference") == []


@pytest.mark.parametrize(
    "text", ["我家住在十五楼", "我住在七号楼", "我目前在读大三", "我跟爸妈住在一起", "我是夜猫型的人"]
)
def test_a_floor_a_stage_or_a_trait_is_no_place(text: str) -> None:
    assert _values(text, "city") == [] and _values(text, "hometown") == []


def test_a_city_stops_before_the_school_studied_at() -> None:
    assert _values("我儿子在武汉上高中", "city") == ["武汉"]


@pytest.mark.parametrize("text", ["我是个路痴", "我是独生女", "我是天蝎座", "I'm a Hindu", "I'm an early bird"])
def test_a_trait_is_no_job(text: str) -> None:
    assert _values(text, "job") == []


def test_a_car_driven_is_no_job() -> None:
    assert _values("我开的是一辆黑色的大众帕萨特", "job") == []


def test_a_subject_taught_is_the_teaching() -> None:
    assert _values("我在初中教生物", "job") == ["教生物"]


@pytest.mark.parametrize("text", ["我在中学当语文老师", "我姐姐在幼儿园上班"])
def test_a_workplace_kind_is_no_employer(text: str) -> None:
    assert _values(text, "employer") == []


def test_a_faith_is_no_name() -> None:
    assert _values("I'm Muslim.", "name") == []


@pytest.mark.parametrize(
    ("text", "relative"),
    [
        ("用户的太太在苏州上班", "spouse"),
        ("我表姐在成都工作", "cousin"),
        ("My husband works as a paramedic at the county hospital", "spouse"),
        ("The user's sister-in-law works as a florist", "sister-in-law"),
    ],
)
def test_a_relative_opening_the_clause_owns_the_fact(text: str, relative: str) -> None:
    facts = [s for s in _facts(text, "profile") if s.get("field") in ("city", "job")]
    assert facts and all(s.get("relative") == relative for s in facts)


@pytest.mark.parametrize(("text", "item"), [("绿豆汤我很爱喝", "绿豆汤"), ("王菲是用户最喜欢的歌手", "王菲")])
def test_the_thing_said_first_is_the_item(text: str, item: str) -> None:
    assert [s["item"] for s in _facts(text, "preference")] == [item]


@pytest.mark.parametrize("text", ["我周日在乐团里弹吉他", "我去操场跑步", "用户一喝奶茶就失眠"])
def test_a_habit_or_an_ability_is_no_liking(text: str) -> None:
    assert [s for s in _facts(text, "preference") if s["polarity"] == "like"] == []


def test_a_liking_said_is_still_read() -> None:
    assert [s["item"] for s in _facts("我特别喜欢打网球", "preference")] == ["打网球"]
    assert _values("我是一名儿科护士", "job") == ["儿科护士"]
    assert _values("我住在南京", "city") == ["南京"]


def test_the_checks_name_classes() -> None:
    assert kin_split("我爱人喜欢", 2) and not kin_split("我喜欢人多", 3)
    assert implausible("profile", {"field": "city", "value": "三楼"}, "我住在三楼")
    assert not implausible("profile", {"field": "employer", "value": "北京银行"}, "我在北京银行上班")
    assert implausible("profile", {"field": "employer", "value": "北京"}, "我在北京上班")
