"""Slot families of the ninth parser round (English first, then Chinese), each with its twin in the
other language where the family exists in both: weekdays written short, months that are no places,
brand drugs beside a condition, a kinship title that opens a clause, tastes said without "I like",
devices named by the switch, profile facts in lists, a second reminder with its own day, the
assistant's output judged, and the Chinese shapes of the same round.

The sentences are written for these tests (not copied from any labelled set).
"""

from __future__ import annotations

from functools import partial

import pytest

import parsers
from parsers.health_rules import health_facts
from tests import parser_facts
from tests.parser_facts import TUESDAY

facts = partial(parser_facts.facts, now=TUESDAY)
of = partial(parser_facts.of, now=TUESDAY)
profile = partial(parser_facts.profile, now=TUESDAY)


def kinds(text: str) -> list[str]:
    return [k for k, _ in facts(text)]


def tastes(text: str) -> set[tuple[str, str]]:
    return {(str(s["item"]), str(s["polarity"])) for s in of("preference", text)}


# 1. Weekdays written short ("next tue", "thurs", "on sat"); "sat" / "sun" / "wed" alone are words.
@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("remind me next tue at 4pm to call the plumber", "2026-12-08"),
        ("dentist thurs at 11am, put it on my list", "2026-12-03"),
        ("remind me to water the garden on sat", "2026-12-05"),
        ("flying Boston to Miami next fri, window seat", "2026-12-11"),
    ],
)
def test_short_weekdays_name_the_day(text: str, date: str) -> None:
    found = [s for k, s in facts(text) if k in {"todo", "travel_plan"}]
    assert found and found[0].get("date") == date


@pytest.mark.parametrize("text", ["I sat on the porch all evening", "we wed in a tiny chapel", "the sun was brutal"])
def test_short_weekday_words_alone_are_no_day(text: str) -> None:
    assert not any("date" in s for _, s in facts(text))


def test_short_weekday_zh_twin_reads_the_day() -> None:
    assert of("todo", "提醒我周四上午十一点去看牙")[0]["date"] == "2026-12-03"


# 2. A month is no destination, and the departure may come after the trip.
@pytest.mark.parametrize(
    ("text", "arrival", "departure"),
    [
        ("we'll be in Lisbon from March 3 to March 9, any tips?", "Lisbon", None),
        ("I'll be in Osaka from April 2 to April 8", "Osaka", None),
        ("first class to Zurich on the 19th, leaving from Chicago", "Zurich", "Chicago"),
        ("heading to Madrid next week, departing from Leeds", "Madrid", "Leeds"),
    ],
)
def test_trip_places_are_places(text: str, arrival: str, departure: str | None) -> None:
    trip = of("travel_plan", text)[0]
    assert trip["arrival"] == arrival
    assert trip.get("departure") == departure


@pytest.mark.parametrize(
    "text",
    ["how long is the bus from Leeds to York?", "从南京到苏州坐高铁要多久", "how far is it from Rome to Florence?"],
)
def test_a_route_question_without_a_day_is_no_trip(text: str) -> None:
    assert "travel_plan" not in kinds(text)


def test_a_dated_route_question_keeps_the_trip() -> None:
    trip = of("travel_plan", "下周二从杭州到厦门，动车要多久？")[0]
    assert (trip["departure"], trip["arrival"], trip["date"]) == ("杭州", "厦门", "2026-12-08")


# 3. Drugs: a brand beside a condition or taken for one, a device-borne brand, a drug in 素, 常备.
@pytest.mark.parametrize(
    ("text", "relative", "condition", "medication"),
    [
        ("I'm asthmatic and on Symbicort, so no dusty hikes please", "self", "asthmatic", "Symbicort"),
        ("my husband's on Zoloft for anxiety", "spouse", "anxiety", "Zoloft"),
        ("grandpa has COPD and uses a Breo inhaler", "grandfather", "COPD", "Breo"),
        ("my dad has gout and takes allopurinol when it flares", "father", "gout", "allopurinol"),
        ("爷爷有糖尿病，每天都在打胰岛素", "grandfather", "糖尿病", "胰岛素"),
        ("我有哮喘，出门常备沙丁胺醇", "self", "哮喘", "沙丁胺醇"),
    ],
)
def test_drugs_named_with_their_condition(text: str, relative: str, condition: str, medication: str) -> None:
    got = of("family_health", text)[0]
    assert (got["relative"], got["condition"], got.get("medication")) == (relative, condition, medication)


@pytest.mark.parametrize("text", ["最近在吃纯素", "我以前吃素，后来又开始吃肉了"])
def test_no_drug_where_none_is_named(text: str) -> None:
    assert not any("medication" in s for s in of("family_health", text))


@pytest.mark.parametrize(
    ("text", "lang"), [("I'm diabetic and on Netflix every night", "en"), ("最近开始吃牛肉了", "zh")]
)
def test_the_rules_read_no_drug_in_a_brand_or_a_food(text: str, lang: str) -> None:
    # the rules alone: a service after "on", a food after 开始吃 (the learned tagger is scored elsewhere)
    assert not any("medication" in m[2] for _, m in health_facts(text, lang))


def test_a_condition_of_the_clause_after_a_copula_is_stated() -> None:
    got = of("family_health", "my sister is pregnant, what fruit is good for her?")
    assert got and (got[0]["relative"], got[0]["condition"]) == ("sister", "pregnant")
    assert "family_health" not in kinds("is it safe to fly when pregnant?")
    assert of("family_health", "我姐姐怀孕三个月了，有什么要注意的吗")[0]["condition"] == "怀孕"


# 4. A kinship title opening a clause names the relative, and the question after it keeps the fact.
@pytest.mark.parametrize(
    ("text", "relative"),
    [
        ("Dad's on metformin, so what desserts can he have?", "father"),
        ("grandma has arthritis, what exercises are gentle?", "grandmother"),
        ("爸爸有痛风，平时吃什么比较好？", "father"),
        ("外婆在吃华法林，她能吃阿司匹林吗？", "grandmother"),
    ],
)
def test_kinship_title_states_a_fact_before_a_question(text: str, relative: str) -> None:
    got = of("family_health", text)
    assert got and got[0]["relative"] == relative


def test_a_question_about_a_relative_states_nothing() -> None:
    assert kinds("What did Dad say about the trip?") == []
    assert kinds("爸爸有什么爱好？") == []


# 5. Allergens: "X, she's allergic" and lists with "also"; "myself" is no part of the allergen.
@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("my son can't have sesame, he's allergic", {("son", "sesame")}),
        ("I'm allergic to wasps and also pollen", {("self", "wasps"), ("self", "pollen")}),
        ("My dad takes statins. I'm allergic to aspirin myself", {("self", "aspirin")}),
    ],
)
def test_allergens_as_said(text: str, want: set[tuple[str, str]]) -> None:
    assert {(s["relative"], s["allergen"]) for s in of("family_health", text) if "allergen" in s} == want


# 6. Tastes said without "I like": trailing adjuncts, judgements, a dropped "I", only / too / nemesis.
@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("not a fan of musicals at all", {("musicals", "dislike")}),
        ("i despise meetings that could have been a memo", {("meetings", "dislike")}),
        ("olives are gross to me", {("olives", "dislike")}),
        ("trail running is basically my whole personality", {("trail running", "like")}),
        ("love pottery, I go every thursday", {("pottery", "like")}),
        ("I only drink green tea, black coffee is too bitter", {("green tea", "like"), ("black coffee", "dislike")}),
        ("okra is my nemesis", {("okra", "dislike")}),
        ("香菜简直是我的天敌", {("香菜", "dislike")}),
        ("我只喝乌龙茶，奶茶太甜了", {("乌龙茶", "like"), ("奶茶", "dislike")}),
        ("我吃不惯香菜，比较喜欢葱", {("香菜", "dislike"), ("葱", "like")}),
        ("我超爱狗 但是对狗毛过敏", {("狗", "like")}),
    ],
)
def test_tastes_without_i_like(text: str, want: set[tuple[str, str]]) -> None:
    assert tastes(text) == want


@pytest.mark.parametrize("text", ["give me a 5 day meal plan for cutting", "can you give me a summary of this article"])
def test_give_me_asked_of_the_assistant_is_a_task(text: str) -> None:
    assert parsers.parse(text, TUESDAY).intent == "request"
    assert tastes(text) == set()


def test_give_me_inside_a_statement_stays_a_taste() -> None:
    assert tastes("honestly give me aisle seats over window any day") == {("aisle seats", "like")}


# 7. Devices named by the switch, the trade or the one currently used.
@pytest.mark.parametrize(
    ("text", "device"),
    [
        ("the Pixel 9 I switched to is pretty good", "Pixel 9"),
        ("I finally ditched my iPhone for a Galaxy S24", "Galaxy S24"),
        ("currently on a Kindle Paperwhite and loving it", "Kindle Paperwhite"),
    ],
)
def test_device_named_by_the_switch(text: str, device: str) -> None:
    assert ("device", device, None) in profile(text)


# 8. Profile facts in lists and fragments.
@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "Name's Tomasz. Originally from Gdansk, living in Dublin now.",
            {("name", "Tomasz"), ("hometown", "Gdansk"), ("city", "Dublin")},
        ),
        ("hi im Rosa btw, 41, living in Austin", {("name", "Rosa"), ("age", "41"), ("city", "Austin")}),
        ("I'm 33, a pharmacist, and I live in Bristol", {("age", "33"), ("job", "pharmacist"), ("city", "Bristol")}),
        ("I've been in Melbourne for six years now", {("city", "Melbourne")}),
        ("just celebrated my 40th birthday", {("age", "40")}),
        ("刚过完40岁生日，我在武汉当大学老师", {("age", "40"), ("city", "武汉"), ("job", "大学老师")}),
    ],
)
def test_profile_facts_in_lists(text: str, want: set[tuple[str, str]]) -> None:
    assert {(f, v) for f, v, _ in profile(text)} == want


@pytest.mark.parametrize(
    ("text", "diet"),
    [("vegan here - what protein bars are decent?", "vegan"), ("I eat kosher, so no pork in the recipes", "kosher")],
)
def test_diet_said_by_the_speaker(text: str, diet: str) -> None:
    assert {(f, v) for f, v, _ in profile(text)} == {("diet", diet)}


def test_a_possessive_is_no_job() -> None:
    assert "profile" not in kinds("budget 80 euros for my brother's graduation gift")
    assert ("job", "nurse", "brother") in profile("my brother's a nurse in Cork")


@pytest.mark.parametrize(
    "text", ["I quit my job at Oracle in May", "got laid off from Intel last week", "我上个月从腾讯离职了"]
)
def test_a_job_left_is_no_employer(text: str) -> None:
    assert not any(f in {"employer", "job"} for f, _, _ in profile(text))


@pytest.mark.parametrize(
    ("text", "pet"),
    [
        ("we adopted a kitten! a tabby. my son named her Pickle", "Pickle"),
        ("家里新养了只小猫！橘猫。女儿给它取名叫年糕", "年糕"),
    ],
)
def test_a_pet_named_a_sentence_later(text: str, pet: str) -> None:
    assert ("pet", pet, None) in profile(text)


def test_a_pets_age_is_not_the_users() -> None:
    assert not any(f == "age" for f, _, _ in profile("家里有只柯基叫豆包，今年两岁了"))
    assert not any(f == "age" for f, _, _ in profile("we have a lab named Biscuit, he just turned 4"))


@pytest.mark.parametrize(
    "text", ["my first language is Polish, sorry if my English is broken", "I speak Dutch but my French is shaky"]
)
def test_a_language_spoken_badly_is_none_spoken(text: str) -> None:
    assert {v for f, v, _ in profile(text) if f == "language"} == ({"Polish"} if "Polish" in text else {"Dutch"})


# 9. Budgets: cues without the word budget, the thing bought before what it is for, tutoring.
@pytest.mark.parametrize(
    ("text", "amount", "category"),
    [
        ("need a new tablet, nothing over $400", 400, "electronics"),
        ("Bathroom remodel - capping it at $12k", 12000, "renovation"),
        ("a camera for school, at least $600", 600, "electronics"),
        ("we spend about $300 a month on tutoring", 300, "education"),
        ("给我爸买个按摩椅，三千以内吧", 3000, "gift"),
    ],
)
def test_budget_cues_and_categories(text: str, amount: float, category: str) -> None:
    got = of("budget", text)[0]
    assert (got["amount"], got["category"]) == (amount, category)


# 10. Reminders: a second one with its own day.
@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "remind me Thursday at 9am to book the vet, and Friday at 6pm to pick up the cake",
            [("2026-12-03", "09:00"), ("2026-12-04", "18:00")],
        ),
        ("提醒我周四上午九点交材料，周五下午六点去取蛋糕", [("2026-12-03", "09:00"), ("2026-12-04", "18:00")]),
    ],
)
def test_a_second_reminder_with_its_own_day(text: str, want: list[tuple[str, str]]) -> None:
    assert [(s.get("date"), s.get("time")) for s in of("todo", text)] == want


def test_one_reminder_stays_one() -> None:
    assert len(of("todo", "remind me to call the bank tomorrow at 10am and ask about fees")) == 1


# 11. The assistant's output judged, greetings, corrections.
@pytest.mark.parametrize(
    "text", ["nope the script you wrote throws an error", "that formula you gave me doesn't compile"]
)
def test_the_answer_judged_is_feedback_not_a_correction(text: str) -> None:
    got = parsers.parse(text, TUESDAY)
    assert got.intent == "feedback"
    assert of("feedback", text)[0]["sentiment"] == "negative"


def test_a_failing_program_is_no_correction_cue() -> None:
    assert parsers.parse("我的脚本报错了，怎么办？", TUESDAY).correction is None


@pytest.mark.parametrize("text", ["good evening! how are you today?", "morning, how's it going"])
def test_greeting_words_before_how_are_you(text: str) -> None:
    assert parsers.parse(text, TUESDAY).intent == "smalltalk"


@pytest.mark.parametrize(
    ("text", "new", "old"),
    [
        ("actually it's a shellfish allergy not peanut", "shellfish", "peanut"),
        ("我刚才说错了，是去青岛不是去烟台", "去青岛", "去烟台"),
        ("我刚才说错了，是去青岛不是烟台", "青岛", "烟台"),
        ("说错了 是45不是54 哈哈", "45", "54"),
    ],
)
def test_corrections_keep_the_value_alone(text: str, new: str, old: str) -> None:
    fix = parsers.parse(text, TUESDAY).correction
    assert fix is not None and (fix.new, fix.old) == (new, old)


@pytest.mark.parametrize(
    "text", ["我吃不了普通面条，只能吃无麸质的", "I only eat gluten-free bread, regular bread makes me sick"]
)
def test_a_food_refused_for_a_diet_is_the_diet_not_a_taste(text: str) -> None:
    assert tastes(text) == set()
    assert ("diet", "gluten-free", None) in profile(text)


def test_a_space_inside_mixed_script_is_no_comma() -> None:
    # the item runs on past the space after a Latin word ("用 Figma" alone would cut the taste short)
    assert all(item.endswith("画原型") for item, _ in tastes("我一般喜欢用 Figma 画原型"))
    assert tastes("我一般喜欢用 Figma 画原型")


@pytest.mark.parametrize(
    "text", ["Suppose my budget was $900 - which tablet should I get?", "假如预算有三千，买哪款耳机好？"]
)
def test_a_supposed_budget_is_no_budget(text: str) -> None:
    assert parsers.parse(text, TUESDAY).intent == "request"
    assert "budget" not in kinds(text)


@pytest.mark.parametrize("text", ["my budget is $900 for a tablet", "预算三千买耳机"])
def test_a_stated_budget_stays(text: str) -> None:
    assert "budget" in kinds(text)


def test_the_level_asked_for_is_no_statement() -> None:
    assert parsers.parse("explain like im 10: why is the sky blue", TUESDAY).intent == "request"


@pytest.mark.parametrize(
    ("text", "town"),
    [("我下周六从杭州回老家宜昌 坐动车", "宜昌"), ("flying back to my hometown of Tulsa for the holidays", "Tulsa")],
)
def test_going_back_to_the_hometown_names_it(text: str, town: str) -> None:
    assert ("hometown", town, None) in profile(text)


def test_how_to_help_is_no_task() -> None:
    assert "todo" not in kinds("我不吃羊肉，点外卖记得帮我避开")
    assert of("todo", "下周五我得陪我爸去医院复查")[0]["date"] == "2026-12-11"


# parser9 made "pregnant" a condition; "expecting" must be one too, or "My wife is expecting" stays an
# episode that dedup cannot merge into the stored fact (tests/e2e/test_dedup.py caught it).
@pytest.mark.parametrize(
    ("text", "relative"),
    [
        ("My wife is expecting", "spouse"),
        ("my sister's expecting twins!", "sister"),
        ("My wife is expecting our second in May", "spouse"),
    ],
)
def test_expecting_is_the_pregnancy_it_says(text: str, relative: str) -> None:
    assert ("family_health", {"relative": relative, "condition": "expecting"}) in facts(text)


@pytest.mark.parametrize(
    "text", ["I'm expecting a call from the bank", "My wife is not expecting", "I wasn't expecting that"]
)
def test_expecting_something_else_is_no_condition(text: str) -> None:
    assert "family_health" not in kinds(text)


@pytest.mark.parametrize(
    ("condition", "lang", "summary"),
    [
        ("pregnant", "en", "User's spouse is pregnant"),
        ("diabetic", "en", "User's spouse is diabetic"),
        ("type 2 diabetes", "en", "User's spouse has type 2 diabetes"),
        ("怀孕", "zh", "用户的配偶怀孕"),
        ("高血压", "zh", "用户的配偶有高血压"),
    ],
)
def test_a_condition_said_as_an_adjective_reads_is(condition: str, lang: str, summary: str) -> None:
    from parsers.summaries import render

    assert render("family_health", {"relative": "spouse", "condition": condition}, lang) == summary


# Found by review9's attack pairs after the recall9 merge: 我每天吃苹果 was read as a medication, and
# dedup then let it meet 我用苹果手机.
@pytest.mark.parametrize("text", ["我每天吃苹果", "我每天早上都吃一根香蕉", "我最近在吃燕麦"])
def test_everyday_food_eaten_daily_is_no_medication(text: str) -> None:
    assert all("medication" not in slots for _, slots in facts(text))


@pytest.mark.parametrize(("text", "drug"), [("我每天吃二甲双胍", "二甲双胍"), ("我妈每天都吃降压药", "降压药")])
def test_a_drug_eaten_daily_is_still_one(text: str, drug: str) -> None:
    assert any(slots.get("medication") == drug for _, slots in facts(text))
