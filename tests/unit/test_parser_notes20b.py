"""The readings parse20 added (issue #11) must not take what the same words do not state: a denied or
former job in a city, a noun that is no occupation, a verb after 名叫 read as a pet's name, an adverb
or an activity read as an allergen, an "only" that describes a sum paid read as a ceiling, and a phone
plan's monthly fee read as rent. Each test names a class of phrasing with zh and en variants, and near
cases that must keep their reading. Sentences written for these tests, not taken from any data set."""

from __future__ import annotations

import pytest

from tests.parser_facts import facts_utc as _facts
from tests.parser_facts import fields_utc as _fields
from tests.parser_facts import profile_utc as _profile

# -- 1. "是<城市>的一名<职业>": a denial, a former state, a noun that is no job -----------------------


@pytest.mark.parametrize(
    "text",
    [
        "我姐姐不是上海的一名医生",
        "我不是广州的一名老师",
        "用户并不是杭州的一名程序员",
        "I'm not a teacher in Guangzhou",
        "My sister isn't a doctor in Shanghai",
    ],
)
def test_a_denied_job_in_a_city_gives_no_city_or_job(text: str) -> None:
    assert not _fields(text) & {"city", "job"}


@pytest.mark.parametrize(
    "text",
    [
        "我妈以前是上海的一名医生",
        "我曾是北京的一名记者",
        "我曾经是上海的一名医生",
        "我原来是上海的一名医生",
        "我过去是上海的一名医生",
        "我之前是深圳的一名程序员",
        "My mom used to be a doctor in Shanghai",
        "I was a journalist in Beijing",
    ],
)
def test_a_former_job_in_a_city_gives_no_current_city_or_job(text: str) -> None:
    assert not _fields(text) & {"city", "job"}


@pytest.mark.parametrize(
    "text",
    [
        "我是杭州的一名游客",
        "我是广州的一名患者",
        "我是广州的一位家长",
        "我是上海的一个小透明",
        "用户是成都的一名网友",
        "I'm a tourist in Hangzhou",
        "I'm a patient in Guangzhou",
    ],
)
def test_a_noun_that_is_no_occupation_is_no_job(text: str) -> None:
    assert "job" not in _fields(text)


@pytest.mark.parametrize("text", ["我是杭州的一名游客", "I'm a tourist in Hangzhou", "我是北京的一名访客"])
def test_a_visitors_city_is_not_where_they_live(text: str) -> None:
    assert "city" not in _fields(text)


@pytest.mark.parametrize(
    "text", ["我是广州的一名老师的女儿", "我是一名医生的儿子", "I'm a teacher's daughter", "I'm a doctor's son"]
)
def test_a_job_that_owns_a_relative_is_not_the_users_job(text: str) -> None:
    assert "job" not in _fields(text)


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("我是广州的一名老师", [("city", "广州", None), ("job", "老师", None)]),
        ("我是北京的一名记者", [("city", "北京", None), ("job", "记者", None)]),
        ("我妈是成都的一位护士", [("city", "成都", "mother"), ("job", "护士", "mother")]),
        ("用户的姐姐是广州的一名牙医。", [("city", "广州", "sister"), ("job", "牙医", "sister")]),
        ("我是深圳的一名外卖骑手", [("city", "深圳", None), ("job", "外卖骑手", None)]),
    ],
)
def test_a_current_occupation_in_a_city_keeps_both(text: str, facts: list[tuple[str, str, str | None]]) -> None:
    assert sorted(_profile(text)) == sorted(facts)


@pytest.mark.parametrize(("text", "job"), [("I'm a teacher in Guangzhou", "teacher"), ("我是一名医生", "医生")])
def test_a_plain_job_is_still_a_job(text: str, job: str) -> None:
    assert ("job", job, None) in _profile(text)


# -- 2. a pet's name after 名叫 is a name, not a verb ---------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "我有一只狗，起名叫了好久",
        "我有一只狗，名叫不出来",
        "我家有只猫，取名叫了半天",
        "用户养了一只柯基，名字叫什么还没想好",
    ],
)
def test_a_naming_that_gives_no_name_names_no_pet(text: str) -> None:
    pets = [value for field, value, _ in _profile(text) if field == "pet"]
    assert not {"好久", "了好久", "不出来", "了半天", "半天", "什么还没想", "什么"} & set(pets)
    assert "name" not in _fields(text)


@pytest.mark.parametrize("text", ["I have a dog, named him after a while", "I have a dog, can't name him yet"])
def test_an_english_naming_with_no_name_names_no_pet_name(text: str) -> None:
    assert [value for field, value, _ in _profile(text) if field == "pet"] in ([], ["dog"])


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("我有一只狗，名叫豆豆", "豆豆"),
        ("我家有条柯基，取名叫豆豆", "豆豆"),
        ("我有一只猫，起名叫了了", "了了"),  # a name may repeat a particle's character
        ("I have a beagle, his name is Biscuit", "Biscuit"),
    ],
)
def test_a_pet_named_keeps_its_name(text: str, name: str) -> None:
    assert _profile(text) == [("pet", name, None)]


# -- 3. the allergen as the subject: no adverb, no denial, no activity ---------------------------


def _allergens(text: str) -> list[tuple[str | None, str]]:
    return [(h.get("allergen"), h["relative"]) for h in _facts(text, "family_health")]


@pytest.mark.parametrize(
    "text",
    [
        "Peanuts never give my son hives",
        "Peanuts never give me hives.",
        "Shellfish never makes my wife break out",
        "Penicillin never gives me an allergic reaction",
        "Peanuts gave my son hives once but not anymore",
        "Shellfish made my wife break out as a kid, but she outgrew it",
        "Peanuts used to give my son hives",
        "Peanuts no longer give my son hives",
    ],
)
def test_a_denied_or_ended_reaction_is_no_allergy(text: str) -> None:
    assert _allergens(text) == []


@pytest.mark.parametrize(
    ("text", "allergen", "relative"),
    [
        ("Peanuts rarely give my son hives", "Peanuts", "son"),
        ("Peanuts sometimes give my son hives", "Peanuts", "son"),
        ("Shellfish always makes my wife break out", "Shellfish", "spouse"),
        ("Penicillin usually gives me an allergic reaction", "Penicillin", "self"),
        ("Peanuts give my son hives", "Peanuts", "son"),  # as before
        ("Royal jelly gives me hives", "Royal jelly", "self"),  # a noun ending in -ly is no adverb
    ],
)
def test_an_adverb_is_no_part_of_the_allergen(text: str, allergen: str, relative: str) -> None:
    assert _allergens(text) == [(allergen, relative)]


@pytest.mark.parametrize(
    "text",
    [
        "Running gives me hives",
        "Shaving gives me a rash",
        "Swimming makes my son break out",
        "Jogging gives my wife an allergic reaction",
    ],
)
def test_an_activity_is_no_allergen(text: str) -> None:
    assert _allergens(text) == []


@pytest.mark.parametrize(
    ("text", "allergen", "relative"),
    [
        ("Eating peanuts gives my son hives", "peanuts", "son"),  # the thing eaten is the allergen
        ("Pudding gives me hives", "Pudding", "self"),  # a food ending in -ing is no activity
        ("Salad dressing gives me a rash", "Salad dressing", "self"),
    ],
)
def test_near_activity_cases(text: str, allergen: str, relative: str) -> None:
    assert _allergens(text) == [(allergen, relative)]


# -- 4. a sum paid is exact; 月租 is rent only of a home -----------------------------------------


def _budget(text: str) -> tuple[float, str, str]:
    budget = _facts(text, "budget")[0]
    return budget["amount"], budget["bound"], budget["category"]


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("我房租只有1500", 1500.0),
        ("我的房租总共就3000", 3000.0),
        ("用户的房租一共就2500元", 2500.0),
        ("My rent is only $1500", 1500.0),
    ],
)
def test_only_said_of_a_rent_paid_is_exact(text: str, amount: float) -> None:
    assert _budget(text) == (amount, "exact", "rent")


@pytest.mark.parametrize(
    ("text", "amount", "category"),
    [
        ("这个月的预算只有两千", 2000.0, "general"),
        ("这趟旅行总共就五千港币", 5000.0, "travel"),
        ("租房预算只有3000", 3000.0, "rent"),  # a budget for rent: its ceiling
        ("My budget is only $800", 800.0, "general"),
    ],
)
def test_only_said_of_a_budget_is_a_ceiling(text: str, amount: float, category: str) -> None:
    assert _budget(text) == (amount, "max", category)


@pytest.mark.parametrize(
    "text", ["我的电话月租50元", "宽带月租100元", "我的电话套餐月租50元", "My phone plan's monthly fee is $50"]
)
def test_a_monthly_fee_with_no_home_is_no_rent(text: str) -> None:
    assert "rent" not in [b["category"] for b in _facts(text, "budget")]


@pytest.mark.parametrize(
    "text",
    [
        "我租的房子月租4500元",
        "公寓月租3000元",
        "这间屋月租2000元",
        "租房月租4000元",
        "月租最多4500元",  # nothing else named: the rent itself
        "我现在月租3000元",
    ],
)
def test_a_monthly_rent_of_a_home_is_rent(text: str) -> None:
    assert _budget(text)[2] == "rent"


@pytest.mark.parametrize("text", ["Peanuts never give me hives", "Peanuts give me hives", "Cats give me a rash"])
def test_what_a_substance_gives_is_no_taste(text: str) -> None:
    assert _facts(text, "preference") == []


@pytest.mark.parametrize(
    ("text", "item"),
    [("Give me jazz over pop any day", "jazz"), ("Honestly, give me window seats any day", "window seats")],
)
def test_give_me_as_a_taste_stays_a_taste(text: str, item: str) -> None:
    assert [p["item"] for p in _facts(text, "preference")] == [item]
