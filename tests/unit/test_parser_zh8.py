"""Chinese slot families of issue #11 (round eight), each with an English twin where the family
applies to both: where a place value ends, birthdays in relative date shapes, languages spoken
badly, several pets named one by one.

The sentences are written for these tests (not copied from any labelled set).
"""

from __future__ import annotations

from functools import partial

import pytest

from tests import parser_facts
from tests.parser_facts import TUESDAY

facts = partial(parser_facts.facts, now=TUESDAY)
profile = partial(parser_facts.profile, now=TUESDAY)


def trip(text: str) -> tuple[str | None, str | None]:
    slots = next(s for k, s in facts(text) if k == "travel_plan")
    return slots.get("departure"), slots.get("arrival")


# 1. A place value ends where the place ends: a verb, an organisation or slang after it is no part of it.
@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("下周五从南京坐动车到合肥", ("南京", "合肥")),
        ("月底打算从青岛去大连玩几天", ("青岛", "大连")),
        ("下周二从广州南坐高铁回长沙", ("广州南", "长沙")),  # a station keeps its direction
        ("明早的航班从成都双流飞昆明", ("成都双流", "昆明")),  # and an airport its name
    ],
)
def test_trip_places_end_at_the_verb(text: str, want: tuple[str, str]) -> None:
    assert trip(text) == want


@pytest.mark.parametrize(
    ("text", "city", "employer"),
    [
        ("我在杭州网易上班，做测试", "杭州", "网易"),
        ("我在北京百度做算法", "北京", "百度"),
    ],
)
def test_city_then_employer_in_a_work_clause(text: str, city: str, employer: str) -> None:
    got = profile(text)
    assert ("city", city, None) in got
    assert ("employer", employer, None) in got
    assert not any(f == "city" and v != city for f, v, _ in got)


def test_place_names_the_writer_keeps_whole() -> None:
    assert ("hometown", "河南信阳", None) in profile("我老家是河南信阳的，现在住在上海")
    assert ("city", "南京鼓楼区", None) in profile("我家在南京鼓楼区")


def test_slang_after_a_hometown_is_cut() -> None:
    assert ("hometown", "东北", None) in profile("俺是东北银，在天津上班")


def test_an_employer_is_not_also_a_city() -> None:
    got = profile("我现在在Apple做设计，base在深圳")
    assert ("employer", "Apple", None) in got
    assert ("city", "Apple", None) not in got


def test_english_places_are_left_alone() -> None:
    assert ("city", "San Francisco", None) in profile("I live in San Francisco and work at Stripe")


# 2. A birthday in a relative date shape, beside a party or a reminder.
@pytest.mark.parametrize(
    ("text", "value", "relative"),
    [
        ("女儿下个月12号过生日，想给她办个派对", "01-12", "daughter"),
        ("下个月20号是我老婆生日，帮我记着", "01-20", "spouse"),
        ("我儿子生日3月18，今年想给他办个派对", "03-18", "son"),
        ("我奶奶下周六过九十大寿", "12-12", "grandmother"),
    ],
)
def test_birthday_date_shapes(text: str, value: str, relative: str) -> None:
    assert ("birthday", value, relative) in profile(text)


def test_month_without_day_is_no_birthday() -> None:
    assert not any(f == "birthday" for f, _, _ in profile("我下个月过生日，想要个新耳机"))


@pytest.mark.parametrize(
    "text",
    ["我老公生日是4月9号，到时候记得提醒我", "My husband's birthday is April 9, remind me then"],
)
def test_a_reminder_on_the_birthday_is_no_task(text: str) -> None:
    assert [k for k, _ in facts(text)] == ["profile"]


def test_a_timed_task_beside_a_birthday_stays() -> None:
    kinds = [k for k, _ in facts("后天是我生日，提醒我后天下午四点去取蛋糕")]
    assert "todo" in kinds and "profile" in kinds


# 3. A language spoken badly or not at all is none the user speaks.
@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("我法语不太行，平时说普通话", {"Mandarin"}),
        ("我会说上海话，英文很差", {"Shanghainese"}),
        ("我会说粤语，不会说韩语", {"Cantonese"}),
        ("我韩语还行，能看懂综艺", {"Korean"}),  # "还行" is still a language spoken
        ("I speak Italian and English, but my German is terrible", {"Italian", "English"}),
        ("I speak Portuguese but I don't speak Spanish", {"Portuguese"}),
    ],
)
def test_weak_languages(text: str, want: set[str]) -> None:
    assert {v for f, v, _ in profile(text) if f == "language"} == want


# 4. Several pets named one by one: each name is a pet.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("我家有两只狗，一只叫豆包一只叫馒头", {"豆包", "馒头"}),
        ("养了两只兔子，大的叫雪球，小的叫年糕", {"雪球", "年糕"}),
        ("We have two cats named Pepper and Olive", {"Pepper", "Olive"}),
        ("I have two dogs, one is called Rex and the other Daisy", {"Rex", "Daisy"}),
    ],
)
def test_pets_named_one_by_one(text: str, names: set[str]) -> None:
    assert {v for f, v, _ in profile(text) if f == "pet"} == names


def test_one_named_pet_is_unchanged() -> None:
    assert {v for f, v, _ in profile("我养了一只猫叫布丁") if f == "pet"} == {"布丁"}


# 5. A job held before, an ethnic group, an intention: no current job or employer.
@pytest.mark.parametrize(
    "text",
    [
        "我今年六十八，退休前在邮电局干了三十年",
        "我之前在上海做会计，后来回了老家",
        "我是满族，不太能吃辣",
        "我在考虑换公司，还没拿定主意",
        "I used to work at Oracle as a DBA",
    ],
)
def test_no_current_job(text: str) -> None:
    assert not any(f in ("job", "employer") for f, _, _ in profile(text))


def test_a_retired_title_is_still_a_job() -> None:
    assert ("job", "退休医生", "mother") in profile("我妈是退休医生，今年六十五了")


# 6. A move is no trip; the new city is the profile's.
@pytest.mark.parametrize(
    "text", ["我刚从南昌搬到宁波", "上个月从天津搬去了青岛", "We just moved from Leeds to Bristol"]
)
def test_a_move_is_no_trip(text: str) -> None:
    assert "travel_plan" not in [k for k, _ in facts(text)]


def test_a_trip_beside_a_move_word_elsewhere_stays() -> None:
    assert trip("下周三去西安出差，回来再看搬家公司") == (None, "西安")


# 7. After 用着 / 在吃 a judgement or a diet is no drug; a drug still is.
@pytest.mark.parametrize("text", ["我把iPhone换成了小米14，用着还行", "我最近在吃纯素，鸡蛋也不碰"])
def test_judgement_or_diet_is_no_medication(text: str) -> None:
    assert "family_health" not in [k for k, _ in facts(text)]


@pytest.mark.parametrize(
    ("text", "drug"), [("我爸一直在吃降压药", "降压药"), ("I take metformin every morning", "metformin")]
)
def test_a_drug_is_still_a_medication(text: str, drug: str) -> None:
    assert any(s.get("medication") == drug for k, s in facts(text) if k == "family_health")


# 8. A sentence-final particle is no part of a liked or disliked item.
@pytest.mark.parametrize(("text", "item"), [("我超爱吃榴莲哈", "榴莲"), ("我讨厌香菜啦，别放", "香菜")])
def test_particles_off_the_item(text: str, item: str) -> None:
    assert item in {s["item"] for k, s in facts(text) if k == "preference"}
