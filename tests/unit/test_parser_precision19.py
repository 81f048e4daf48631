"""Slot precision on short statements about the user (nineteenth round): each test names a class of
misread value (a blood type or an owned thing read as a job, the note's subject kept in an allergen, a
count kept in a drug, a standing schedule read as a to-do, a date word read as a place). Sentences
written for these tests, not taken from any data set."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

import parsers
from parsers.health_rules import bare_drug
from parsers.shorthand import normalise
from parsers.todo_rules import standing

NOW = datetime(2024, 6, 14, 10, 0)


def _facts(text: str, kind: str | None = None) -> list[dict[str, Any]]:
    return [f.slots for f in parsers.parse(text, NOW).facts if f.kind != "episode" and kind in (None, f.kind)]


def _values(text: str, field: str) -> list[str]:
    return [str(s["value"]) for s in _facts(text, "profile") if s.get("field") == field]


@pytest.mark.parametrize("text", ["我是B型血", "我爸是O型血", "我老公是A型血", "我是Rh阴性血，献过两次血"])
def test_a_blood_type_is_no_job(text: str) -> None:
    assert _values(text, "job") == []


@pytest.mark.parametrize(
    "text",
    [
        "我的车是去年买的特斯拉",
        "我家狗狗是两岁的金毛",
        "我坐的是早上八点的动车",
        "团团是我家兔子的名字",
        "下周三是我婆婆的生日",
        "我做过两年外卖骑手",
        "我是莉莉女儿的干妈",
        "My husband is a vegan.",
        "I'm a Chelsea supporter.",
        "I'm an Xbox user",
    ],
)
def test_what_the_subject_owns_or_follows_is_no_job(text: str) -> None:
    assert _values(text, "job") == []


@pytest.mark.parametrize("text", ["我是一名急诊科护士", "我妈是全职妈妈", "I'm a dog groomer", "我在读研究生"])
def test_jobs_stay_jobs(text: str) -> None:
    assert _values(text, "job") != []


@pytest.mark.parametrize(
    ("text", "job"),
    [("我在成都上班，是一名室内设计师", "室内设计师"), ("本人职业为建筑师，在重庆", "建筑师")],
)
def test_a_job_without_its_count_word_or_frame(text: str, job: str) -> None:
    assert _values(text, "job") == [job]


@pytest.mark.parametrize(
    ("text", "allergen", "relative"),
    [
        ("用户有芝麻过敏。", "芝麻", "self"),
        ("用户菠萝过敏", "菠萝", "self"),
        ("【用户】头孢过敏", "头孢", "self"),
        ("用户女儿花粉过敏。", "花粉", "daughter"),
        ("用户一碰到乳胶就过敏", "乳胶", "self"),
        ("芒果我过敏，一口都不能吃", "芒果", "self"),
        ("羊毛会让我过敏", "羊毛", "self"),
        ("阿莫西林会引起我女儿过敏", "阿莫西林", "daughter"),
        ("我对狗毛轻微过敏", "狗毛", "self"),
        ("用户有严重的坚果过敏", "坚果", "self"),
    ],
)
def test_a_zh_allergen_without_its_subject_verb_or_degree(text: str, allergen: str, relative: str) -> None:
    found = [(s["allergen"], s["relative"]) for s in _facts(text, "family_health") if s.get("allergen")]
    assert found == [(allergen, relative)]


@pytest.mark.parametrize(
    "text",
    ["User gets allergy injections monthly", "Pollen gives me allergies every spring", "I recieve allergy drops"],
)
def test_a_subject_or_verb_is_no_allergen(text: str) -> None:
    assert all(not s.get("allergen") for s in _facts(text, "family_health"))


def test_allergies_to_a_list() -> None:
    found = [s["allergen"] for s in _facts("User has allergies to aspirin and iodine", "family_health")]
    assert found == ["aspirin", "iodine"]


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("我每天吃三次胃药", "胃药"),
        ("用户每日服用阿托伐他汀一粒。", "阿托伐他汀"),
        ("我头疼，刚吃了两片布洛芬", "布洛芬"),
    ],
)
def test_a_drug_without_its_count(text: str, drug: str) -> None:
    assert [s["medication"] for s in _facts(text, "family_health") if s.get("medication")] == [drug]


def test_bare_drug_keeps_an_uncounted_name() -> None:
    assert bare_drug("两次阿司匹林") == "阿司匹林"
    assert bare_drug("metformin") == "metformin"


@pytest.mark.parametrize(
    "text",
    [
        "工作时间为早上八点半到下午五点半",
        "用户的工作时间为上午10点到晚上7点。",
        "用户每日早上六点半起床",
        "我下午六点下班。",
        "On weekdays I get up at 6:15.",
        "User volunteers at the library on Sunday mornings.",
        "I pay my water bill on the 10th of each month.",
        "I have a standing call with my team every Friday at 4pm.",
    ],
)
def test_a_standing_schedule_is_no_todo(text: str) -> None:
    assert standing(text)
    result = parsers.parse(text, NOW)
    assert all(f.kind != "todo" for f in result.facts)
    assert result.intent != "todo"


@pytest.mark.parametrize(
    "text",
    [
        "提醒我每周二倒垃圾",
        "Remind me every evening to stretch",
        "我明天下午六点下班后去接孩子",
        "下周四上午十点开组会",
        "我周一早上九点开始上班",
    ],
)
def test_a_reminder_or_a_dated_task_stays_a_todo(text: str) -> None:
    assert not standing(text)
    assert _facts(text, "todo") != []


@pytest.mark.parametrize(
    "text",
    [
        "The meeting got moved to Friday.",
        "我下周搬去我姐那儿住",
        "用户目前在准备教资考试",
        "我外婆住在养老院",
    ],
)
def test_a_date_word_activity_or_someones_place_is_no_city(text: str) -> None:
    assert _values(text, "city") == [] and _values(text, "hometown") == []


@pytest.mark.parametrize("text", ["家里一般是我老婆做饭", "我三个孩子都在上小学"])
def test_a_way_to_work_a_person_or_a_school_stage_is_no_employer(text: str) -> None:
    assert _values(text, "employer") == []


def test_a_sentence_stop_is_no_part_of_an_employer() -> None:
    assert _values("My cousin is an engineer at Siemens.", "employer") == ["Siemens"]


def test_the_notes_subject_is_no_liked_thing() -> None:
    items = [s["item"] for s in _facts("用户实在受不了榴莲的味道。", "preference")]
    assert all(not str(i).startswith("用户") for i in items)


def test_full_width_letters_are_read_as_ascii_and_kept_as_written() -> None:
    assert normalise("我在Ｘｉａｏｍｉ上班") == "我在Xiaomi上班"
    assert _values("我在Ｘｉａｏｍｉ上班", "employer") == ["Ｘｉａｏｍｉ"]
