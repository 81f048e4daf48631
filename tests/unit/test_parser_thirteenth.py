"""Slot families of the thirteenth round (brief parser13), zh, en and code-switched, each seen in at
least two writers' sets (blind9-11) unless noted: forget requests naming the kind in a plural or
code-switched way; health facts of the member nearest the value (我爸高血压我妈糖尿病, "and my son to
dairy"); a member's name beside the kinship word and code-switched keys (我hometown是, 我sister是doctor);
run-on self-introductions; feedback on work done or ignored; parallel corrections without a cue;
todo days (记一下周六, tomorrow 早上7点, 七点叫我起床); employer typos and work sites; medication before
its verb; "the one thing I love most is X" and item tails; pets and devices in other orders; a trip's
departure said last.

The sentences are written for these tests (not copied from any labelled set). Rules only: the learned
slot tagger is switched off, so each test shows what the rules read.
"""

from __future__ import annotations

import pytest

import parsers
from tests.parser_facts import NOW, of, rules_only

pytestmark = pytest.mark.usefixtures(rules_only.__name__)


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("please forget my todos and my trips", ("todo", "travel_plan")),
        ("could you erase my profile details", ("profile",)),
        ("把我的 budget 记录都 remove 掉", ("budget",)),
        ("你把那些 reminders 全部 clear 掉", ("todo",)),
        ("提醒事项都清掉吧，用不上了", ("todo",)),
        ("以后别再记我的过敏了", ("family_health",)),
    ],
)
def test_forget_names_the_kind(text: str, kinds: tuple[str, ...]) -> None:
    result = parsers.parse(text, NOW)
    assert result.intent == "forget_request" and result.forget is not None
    assert set(result.forget.kinds) == set(kinds)


@pytest.mark.parametrize("text", ["delete the milk from my grocery list", "remove the 水印 from this photo"])
def test_english_verb_outside_the_ba_frame_is_no_forget(text: str) -> None:
    assert parsers.parse(text, NOW).intent != "forget_request"


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("我哥痛风我姐偏头痛，都挺折腾的", [("brother", "痛风"), ("sister", "偏头痛")]),
        ("我姥爷有慢阻肺，我姥姥有白内障", [("grandfather", "慢阻肺"), ("grandmother", "白内障")]),
    ],
)
def test_two_members_each_with_a_condition(text: str, facts: list[tuple[str, str]]) -> None:
    read = [(f.get("relative"), f.get("condition")) for f in of("family_health", text)]
    assert [(r, c) for r, c in read if c in {c for _, c in facts}] == facts


@pytest.mark.parametrize(
    ("text", "relative", "allergen"),
    [
        ("我son对花生过敏", "son", "花生"),
        ("no allergies for me, but my husband is allergic to shellfish", "spouse", "shellfish"),
    ],
)
def test_allergy_of_the_member_named(text: str, relative: str, allergen: str) -> None:
    assert {"relative": relative, "condition": "allergy" if text.isascii() else "过敏", "allergen": allergen} in of(
        "family_health", text
    )


def test_second_member_with_the_verb_left_out() -> None:
    read = of("family_health", "my wife is allergic to latex and my brother to wasp stings.")
    assert {"relative": "spouse", "condition": "allergy", "allergen": "latex"} in read
    assert {"relative": "brother", "condition": "allergy", "allergen": "wasp stings"} in read


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My daughter Chloe just turned 9", [("name", "Chloe"), ("age", "9")]),
        ("my brother Sam works as a plumber in Leeds", [("name", "Sam"), ("job", "plumber"), ("city", "Leeds")]),
        ("My mom Linda turns 65 on the 2nd of March", [("name", "Linda"), ("birthday", "03-02")]),
    ],
)
def test_member_named_beside_the_kinship_word(text: str, expected: list[tuple[str, str]]) -> None:
    read = {(f["field"], f["value"], f.get("relative")) for f in of("profile", text)}
    rel = {"daughter": "daughter", "brother": "brother", "mom": "mother"}[text.split()[1].lower()]
    assert {(field, value, rel) for field, value in expected} <= read


def test_capitalised_word_after_the_member_is_no_name() -> None:
    assert not [f for f in of("profile", "My son Monday morning was sick") if f["field"] == "name"]


@pytest.mark.parametrize(
    ("text", "field", "value", "relative"),
    [
        ("我的hometown是青岛", "hometown", "青岛", None),
        ("我brother是accountant", "job", "accountant", "brother"),
    ],
)
def test_code_switched_profile_keys(text: str, field: str, value: str, relative: str | None) -> None:
    read = [f for f in of("profile", text) if f["field"] == field]
    assert read and read[0]["value"] == value and read[0].get("relative") == relative


@pytest.mark.parametrize(
    ("text", "item", "polarity"),
    [("我真的不太 like 那种 jazz", "jazz", "dislike"), ("我超 hate 这种 horror movie", "horror movie", "dislike")],
)
def test_code_switched_taste_verb(text: str, item: str, polarity: str) -> None:
    assert {"item": item, "polarity": polarity} in of("preference", text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Short version: I'm Priya, 34, a pediatric nurse in Cardiff",
            {("name", "Priya"), ("age", "34"), ("job", "pediatric nurse"), ("city", "Cardiff")},
        ),
        ("hey im theo im 27 and i live in leeds", {("name", "theo"), ("age", "27")}),
        ("我叫陈静然后今年四十一在成都住老家是湖南的嗯", {("name", "陈静"), ("age", "41"), ("hometown", "湖南")}),
    ],
)
def test_self_introduction_run_on(text: str, expected: set[tuple[str, str]]) -> None:
    read = {(f["field"], f["value"]) for f in of("profile", text)}
    assert expected <= read
    assert not [v for f, v in read if f == "job" and v.startswith("嗯")]


def test_count_before_a_place_is_no_age() -> None:
    assert not [f for f in of("profile", "我三个在上海上学的表弟") if f["field"] == "age"]


@pytest.mark.parametrize(
    ("text", "sentiment"),
    [
        ("you keep ignoring my question about the refund", "negative"),
        ("这份周报写得很好，谢啦", "positive"),
        ("你这个路线安排得很合理", "positive"),
        ("你的回答我觉得还不错吧", "positive"),
    ],
)
def test_feedback_on_work_done_or_ignored(text: str, sentiment: str) -> None:
    result = parsers.parse(text, NOW)
    assert result.intent == "feedback"
    assert [f["sentiment"] for f in of("feedback", text)] == [sentiment]


@pytest.mark.parametrize("text", ["今天的天气还不错", "这家店的价格挺合理的"])
def test_mild_praise_of_no_answer_is_no_feedback(text: str) -> None:
    assert not of("feedback", text)


@pytest.mark.parametrize(
    ("text", "new", "old"),
    [
        ("狗的名字是豆豆，不是多多呀", "豆豆", "多多"),
        ("房租不是三千，是三千五", "三千五", "三千"),
        ("I said Tesco before but I actually work at Sainsbury", "Sainsbury", "Tesco"),
        ("no, I'm a paramedic, not a firefighter", "paramedic", "firefighter"),
        ("sorry, I moved to Leeds not Luton lol", "Leeds", "Luton"),
    ],
)
def test_parallel_corrections_without_a_cue_or_with_a_frame(text: str, new: str, old: str) -> None:
    result = parsers.parse(text, NOW)
    assert result.intent == "correction" and result.correction is not None
    assert (result.correction.new, result.correction.old) == (new, old)


def test_someone_elses_parallel_is_no_correction() -> None:
    assert parsers.parse("他不是司机，是厨师", NOW).intent != "correction"


@pytest.mark.parametrize(
    ("text", "date", "time"),
    [
        ("麻烦记一下周六上午十点去取快递", "2024-06-15", "10:00"),
        ("大后天早上六点半叫我起床", "2024-06-17", "06:30"),
        ("明早七点喊我去晨跑", "2024-06-15", "07:00"),
    ],
)
def test_todo_days_and_wake_up_calls(text: str, date: str, time: str) -> None:
    todo = of("todo", text)
    assert todo and (todo[0].get("date"), todo[0].get("time")) == (date, time)
    assert not [f for f in of("profile", text) if f["field"] == "name"]


def test_english_day_before_a_chinese_clock() -> None:
    trip = of("travel_plan", "tomorrow 晚上8点的航班 from 成都 to 西安")
    assert trip and (trip[0].get("date"), trip[0].get("time")) == ("2024-06-15", "20:00")


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("我在美团上斑，天天加班", "employer", "美团"),
        ("我再网易上班", "employer", "网易"),
        ("I wrok at Deloitte", "employer", "Deloitte"),
        ("for context my employer is Canva", "employer", "Canva"),
        ("我在一家国企做人事", "job", "人事"),
    ],
)
def test_employer_typos_and_frames(text: str, field: str, value: str) -> None:
    assert value in [f["value"] for f in of("profile", text) if f["field"] == field]


@pytest.mark.parametrize("text", ["年轻时在工地上干过三年", "我在一所中学当数学老师"])
def test_a_place_of_work_is_no_employer(text: str) -> None:
    assert not [f for f in of("profile", text) if f["field"] == "employer"]


@pytest.mark.parametrize(
    ("text", "medication"),
    [
        ("我爸有痛风，医生开了非布司他在吃", "非布司他"),
        ("我奶奶有白内障，每天滴玻璃酸钠", "玻璃酸钠"),
        ("my mom takes tamoxifen for her breast cancer", "tamoxifen"),
    ],
)
def test_medication_with_its_verb_after_or_its_condition(text: str, medication: str) -> None:
    assert medication in [f.get("medication") for f in of("family_health", text)]


def test_a_treatment_for_a_condition_is_no_drug() -> None:
    assert not [f for f in of("family_health", "my uncle started chemo for his lung cancer") if f.get("medication")]


@pytest.mark.parametrize(
    ("text", "item", "polarity"),
    [
        ("to be fair the one thing I could never give up is coffee, it keeps me going", "coffee", "like"),
        ("the thing I enjoy most is woodworking nothing else relaxes me", "woodworking", "like"),
        ("lately the one thing keeping me sane is gardening", "gardening", "like"),
        ("i kinda like sudoku it keeps my brain busy", "sudoku", "like"),
        ("I don't like 榴莲 at all", "榴莲", "dislike"),
        ("周末最喜欢在家看电影", "看电影", "like"),
        ("我喜欢weekends去hiking", "hiking", "like"),
    ],
)
def test_taste_read_to_the_thing_itself(text: str, item: str, polarity: str) -> None:
    assert {"item": item, "polarity": polarity} in of("preference", text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("我去年养了只beagle叫Biscuit", "Biscuit"),
        ("我家那条叫旺财的柴犬特别能吃", "旺财"),
        ("these days I share a flat in Leeds with my dog, Pickle", "Pickle"),
    ],
)
def test_pet_named_in_other_orders(text: str, value: str) -> None:
    assert value in [f["value"] for f in of("profile", text) if f["field"] == "pet"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("我的新电脑是MacBook Air，旧的送人了", "MacBook Air"),
        ("我现在用Pixel 9，之前是OPPO", "Pixel 9"),
        ("刚换成了 iPhone 16 嘿嘿", "iPhone 16"),
    ],
)
def test_device_now_used(text: str, value: str) -> None:
    assert [f["value"] for f in of("profile", text) if f["field"] == "device"] == [value]


@pytest.mark.parametrize(
    ("text", "departure", "arrival"),
    [
        ("I'm flying to Lisbon on the 21st from Dublin", "Dublin", "Lisbon"),
        ("considering Vienna to Prague by train next month", "Vienna", "Prague"),
        ("I fly out of Boston on July 2 for the wedding", "Boston", None),
    ],
)
def test_trip_departure_said_late_or_alone(text: str, departure: str, arrival: str | None) -> None:
    trip = of("travel_plan", text)
    assert trip and trip[0].get("departure") == departure and trip[0].get("arrival") == arrival
