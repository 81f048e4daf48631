"""Phrasing families the second parser round reads (issue #11 items 3-5), zh and en each.

The sentences here are written for these tests, not copied from the development or blind sets:
each row is another member of a family (a budget's bound word, a correction's new/old, a
contrastive preference, several health facts in one turn, job + employer + city, a reminder's
clock), so a rule that only matched one labelled sentence fails here.
"""

from __future__ import annotations

from functools import partial

import pytest

import parsers
from bench.parser_eval import DATA, evaluate, invented, load
from tests import parser_facts
from tests.parser_facts import HIDDEN, NOW

# The slots these tests were written against: the todo's task hidden, currency and mood shown
# (the budget test reads currency and invented() checks every slot shown).
facts = partial(parser_facts.facts, hidden=(HIDDEN | {"task"}) - {"currency", "mood"})


@pytest.mark.parametrize(
    "text, amount, currency, bound, category",
    [
        ("装修最多花二十万", 200_000, "CNY", "max", "renovation"),
        ("给女儿报钢琴课，每学期别超过八千", 8000, "CNY", "max", "education"),
        ("买相机至少得五千吧", 5000, "CNY", "min", "electronics"),
        ("这次旅行总共就三千港币", 3000, "HKD", "max", "travel"),
        ("房租每个月不能超过4500", 4500, "CNY", "max", "rent"),
        ("I can't go above $600 for the new phone", 600, "USD", "max", "electronics"),
        ("Hotel budget: no more than 120 pounds a night", 120, "GBP", "max", "hotel"),
        ("Tuition shouldn't cost more than 9000 CAD", 9000, "CAD", "max", "education"),
        ("The gift needs to be a minimum of $40", 40, "USD", "min", "gift"),
        ("I'm putting exactly $2,500 into index funds", 2500, "USD", "exact", "investment"),
    ],
)
def test_budget_families(text: str, amount: float, currency: str, bound: str, category: str) -> None:
    kind, slots = facts(text)[0]
    assert kind == "budget"
    assert (slots["amount"], slots["currency"], slots["bound"], slots["category"]) == (
        amount,
        currency,
        bound,
        category,
    )
    assert invented(text, slots) == []


@pytest.mark.parametrize(
    "text, ceiling, floor",
    [("电脑的话，5k到6k都可以", 6000, 5000), ("Looking for a laptop, 1k to 1.5k is fine", 1500, 1000)],
)
def test_a_range_is_a_ceiling_and_a_floor(text: str, ceiling: float, floor: float) -> None:
    got = [(s["amount"], s["bound"]) for k, s in facts(text) if k == "budget"]
    assert got == [(ceiling, "max"), (floor, "min")]
    assert all(invented(text, s) == [] for _, s in facts(text))


@pytest.mark.parametrize(
    "text, arrival, budget_max",
    [
        ("我和老婆下个月去日本玩，预算两万以内", "日本", 20_000),
        ("Thinking about a week in Lisbon, budget about 3000 euros", "Lisbon", 3000),
    ],
)
def test_a_trips_budget_is_its_budget_max_not_a_second_fact(text: str, arrival: str, budget_max: float) -> None:
    got = facts(text)
    assert [k for k, _ in got] == ["travel_plan"]
    assert got[0][1]["arrival"] == arrival and got[0][1]["budget_max"] == budget_max


def test_a_hotels_nightly_limit_on_a_trip_stays_a_budget_of_its_own() -> None:
    got = facts("I'm flying to Denver Monday and my hotel budget is $150 a night")
    assert [k for k, _ in got] == ["travel_plan", "budget"]
    assert "budget_max" not in got[0][1] and got[1][1]["category"] == "hotel"


@pytest.mark.parametrize(
    "text, new, old",
    [
        ("不对，我是在字节上班，不是阿里", "字节", "阿里"),
        ("不是南京南，是南京站", "南京站", "南京南"),
        ("之前说我住在无锡，其实是在常州", "常州", "无锡"),
        ("Sorry, it's Denver, not Boulder", "Denver", "Boulder"),
        ("I said Tuesday but I meant Thursday", "Thursday", "Tuesday"),
        ("Actually I work at Lyft now, not Uber", "Lyft", "Uber"),
    ],
)
def test_corrections_name_the_new_and_the_old_value(text: str, new: str, old: str) -> None:
    result = parsers.parse(text, NOW)
    assert result.intent == "correction"
    assert result.correction == parsers.Correction(new, old)


def test_a_correction_without_an_old_value_keeps_its_fact_as_the_intent() -> None:
    result = parsers.parse("不对，我的预算是2000元", NOW)
    assert result.intent == "budget" and result.correction is not None


@pytest.mark.parametrize(
    "text, expected",
    [
        ("我喜欢看科幻片，不喜欢恐怖片", [("科幻片", "like"), ("恐怖片", "dislike")]),
        ("我不喜欢吃辣，但是喜欢吃甜的", [("辣", "dislike"), ("甜", "like")]),  # 吃/喝 is not the item
        ("I prefer trains to planes", [("trains", "like"), ("planes", "dislike")]),
        ("I'd rather walk than take the bus", [("walk", "like"), ("take the bus", "dislike")]),
        ("I never enjoyed golf, but I love tennis", [("golf", "dislike"), ("tennis", "like")]),
        ("Karaoke is a hard no for me", [("Karaoke", "dislike")]),
    ],
)
def test_contrastive_preferences(text: str, expected: list[tuple[str, str]]) -> None:
    got = [(s["item"], s["polarity"]) for k, s in facts(text) if k == "preference"]
    assert got == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("我老公对芒果过敏，我女儿有哮喘", [("spouse", "过敏", "芒果"), ("daughter", "哮喘", None)]),
        ("我妈没有高血压，是我爸有", [("father", "高血压", None)]),
        (
            "My mom is allergic to shellfish and my dad has gout",
            [("mother", "allergy", "shellfish"), ("father", "gout", None)],
        ),
        ("I'm allergic to latex and my son is too", [("self", "allergy", "latex"), ("son", "allergy", "latex")]),
    ],
)
def test_several_health_facts_in_one_turn(text: str, expected: list[tuple[str, str, str | None]]) -> None:
    got = [(s["relative"], s["condition"], s.get("allergen")) for k, s in facts(text) if k == "family_health"]
    assert got == expected


@pytest.mark.parametrize(
    "text, relative, medication",
    [
        ("我外婆在吃降糖药，叫二甲双胍", "grandmother", "二甲双胍"),
        ("My sister has celiac disease and my dad takes metformin", "father", "metformin"),
        ("我儿子 ADHD，在吃 Ritalin", "son", "Ritalin"),
    ],
)
def test_a_medication_belongs_to_whoever_takes_it(text: str, relative: str, medication: str) -> None:
    got = [(s["relative"], s["medication"]) for k, s in facts(text) if k == "family_health" and "medication" in s]
    assert got == [(relative, medication)]
    assert not any(k == "profile" and s["field"] == "name" for k, s in facts(text))


@pytest.mark.parametrize(
    "text, expected",
    [
        ("在顺丰送快递，一天跑一百多单", [("employer", "顺丰"), ("job", "送快递")]),
        ("我在成都做程序员，今年31", [("city", "成都"), ("job", "程序员"), ("age", "31")]),
        ("我是做运营的，滴滴的", [("job", "运营")]),
        ("Data analyst at Airbnb, fully remote", [("job", "Data analyst"), ("employer", "Airbnb")]),
        ("I work as a pharmacist in Leeds", [("job", "pharmacist"), ("city", "Leeds")]),
        ("wrk at costco as a stock clerk", [("employer", "costco"), ("job", "stock clerk")]),
        ("I grew up in a village in Kent but now I live in London", [("hometown", "Kent"), ("city", "London")]),
    ],
)
def test_job_employer_and_city_together(text: str, expected: list[tuple[str, str]]) -> None:
    got = [(s["field"], s["value"]) for k, s in facts(text) if k == "profile"]
    assert got == expected


def test_a_company_after_a_bare_zai_is_not_a_city() -> None:
    assert ("city", "腾讯") not in [(s["field"], s["value"]) for k, s in facts("我在腾讯上班") if k == "profile"]


@pytest.mark.parametrize(
    "text, polarity, mood",
    [
        ("这回答太敷衍了", "negative", "frustrated"),
        ("又答非所问", "negative", "frustrated"),
        ("这次挺靠谱的，点赞", "positive", "satisfied"),
        ("That was spot on, thanks", "positive", "satisfied"),
        ("you keep forgetting my name", "negative", "frustrated"),
        ("This answer is completely wrong", "negative", "angry"),
    ],
)
def test_feedback_carries_polarity_and_keeps_the_mood(text: str, polarity: str, mood: str) -> None:
    result = parsers.parse(text, NOW)
    fact = next(f for f in result.facts if f.kind == "feedback")
    assert (fact.slots["sentiment"], fact.slots["mood"]) == (polarity, mood)
    assert result.sentiment == mood  # the turn-level mood vocabulary is unchanged


def test_praise_to_a_person_by_name_is_not_feedback() -> None:
    assert all(f.kind != "feedback" for f in parsers.parse("Wow, that is spot on, Jenny!", NOW).facts)


@pytest.mark.parametrize(
    "text, date, time",
    [
        ("提醒我后天晚上8点半给妈妈打电话", "2024-06-16", "20:30"),
        ("周六早上十点提醒我去健身", "2024-06-15", "10:00"),
        ("下礼拜二九点半提醒我看牙", "2024-06-18", "09:30"),
        ("明早6点40提醒我出门", "2024-06-15", "06:40"),
        ("remind me friday at 9 to call the bank", "2024-06-21", "09:00"),
        ("Remind me at 7 tonight to water the plants", "2024-06-14", "19:00"),
        ("remind me tomorrow at 4 to pick up the kids", "2024-06-15", "16:00"),
        ("remind me on the 20th at 10am to renew my passport", "2024-06-20", "10:00"),
    ],
)
def test_reminder_day_and_clock(text: str, date: str, time: str) -> None:
    kind, slots = facts(text)[0]
    assert kind == "todo" and (slots.get("date"), slots.get("time")) == (date, time)
    assert invented(text, slots) == []


def test_a_daily_reminder_has_a_clock_but_no_date() -> None:
    kind, slots = facts("提醒我每天晚上九点吃药")[0]
    assert kind == "todo" and slots.get("time") == "21:00" and "date" not in slots


@pytest.mark.parametrize(
    "text, kinds",
    [
        ("删掉我所有的个人资料", ("profile",)),
        ("我上次说的那个预算，删了吧", ("budget",)),
        ("我的行程和提醒你都别记了", ("travel_plan", "todo")),
        ("Erase whatever you've stored about my likes and dislikes", ("preference",)),
    ],
)
def test_forget_requests_name_their_kinds(text: str, kinds: tuple[str, ...]) -> None:
    request = parsers.forget_request(text, parsers.detect_lang(text))
    assert request is not None and request.kinds == kinds


@pytest.mark.parametrize("text", ["我喜欢的那件衣服不要了", "这首歌删了吧", "我的旧手机不要了"])
def test_dropping_a_thing_is_not_a_forget_request(text: str) -> None:
    assert parsers.forget_request(text, "zh") is None


def test_development_set_two_keeps_its_level_per_language() -> None:
    """A floor under the development scores of dev2 (the independent writer's 515 turns), so a later
    rule that breaks a family shows here; the blind set is never read by tests."""
    rows = load(DATA.with_name("parser_dev2.jsonl"))
    summary = evaluate(rows).as_dict()
    for lang in ("zh", "en"):
        part = summary["by_lang"][lang]
        assert part["intent_accuracy"] >= 0.95 and part["slot_f1"] >= 0.92, (lang, part)
    assert summary["invented_values"] == 0
