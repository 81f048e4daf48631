"""Chinese and code-switched slot families of the eleventh round (brief parser11), with an English
twin where the family exists in both: preference items that ran on (reduplicated habits, "最爱的还是",
"爱死"), second tastes that were lost (a contrast, "不吃X也不吃Y", the item said first), English values
inside Chinese profile sentences (and the reverse), trips whose departure is said after the
destination, stations, bare medications, and a relative named a clause before the diagnosis.

The sentences are written for these tests (not copied from any labelled set). Rules only: the learned
slot tagger is switched off, so each test shows what the rules read.
"""

from __future__ import annotations

import pytest

from tests.parser_facts import of, rules_only

pytestmark = pytest.mark.usefixtures(rules_only.__name__)


def tastes(text: str) -> list[tuple[str, str]]:
    return [(s["item"], s["polarity"]) for s in of("preference", text)]


# 1. The item stops where the liked thing stops: no habit's reduplicated tail, no "还是" / "是"
#    frame after "最爱的", no "死" of "爱死", no time adjunct before it, no "这部" after a title.
@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("我就是喜欢下班去打台球一打就是一晚上", "打台球"),
        ("平时最爱的还是下围棋", "下围棋"),
        ("说真的我最喜欢的还是看话剧，一看就是三个小时", "看话剧"),
        ("我最喜欢的水果是mango", "mango"),
        ("我最爱的乐队是五月天", "五月天"),
        ("我爱死螺蛳粉了", "螺蛳粉"),
        ("我超喜欢三体这本书", "三体"),
        ("我最喜欢喝的是乌龙茶", "乌龙茶"),
        ("乌龙茶是我最爱喝的", "乌龙茶"),
        ("菠萝是我最喜欢的水果", "菠萝"),
    ],
)
def test_preference_item_stops_at_the_thing(text: str, item: str) -> None:
    assert tastes(text) and tastes(text)[0] == (item, "like")


# 2. A second taste in the turn is its own fact: after a contrast word, in "不吃X也不吃Y", and
#    with the item said first ("X我是一点都不想看", "但X真不行", "X是什么魔鬼食物").
@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("我喜欢爬山，可是不喜欢露营", [("爬山", "like"), ("露营", "dislike")]),
        ("我爱喝绿茶，但是不爱喝红茶", [("绿茶", "like"), ("红茶", "dislike")]),
        ("我不喝可乐也不喝雪碧", [("可乐", "dislike"), ("雪碧", "dislike")]),
        ("综艺节目我是一点都不想看，太无聊了", [("综艺节目", "dislike")]),
        ("我超爱吃火锅，但是麻辣烫真不行", [("火锅", "like"), ("麻辣烫", "dislike")]),
        ("榴莲是什么魔鬼水果，闻一下都受不了", [("榴莲", "dislike")]),
        ("挺挑的，不吃洋葱不吃蒜，也不吃肥肉", [("洋葱", "dislike"), ("蒜", "dislike"), ("肥肉", "dislike")]),
        ("早上游泳我最喜欢了，人少", [("游泳", "like")]),
        ("最近超迷飞盘，每周都约", [("飞盘", "like")]),
        ("I mean 我最近超迷 pickleball 的", [("pickleball", "like")]),
        ("我平时不喝酒的，应酬也不喝", [("喝酒", "dislike")]),
        ("我挺喜欢东野圭吾的，能推荐几本类似的吗", [("东野圭吾", "like")]),
        ("臭豆腐我真的不行，谁爱吃谁吃", [("臭豆腐", "dislike")]),
    ],
)
def test_second_taste_kept(text: str, want: list[tuple[str, str]]) -> None:
    assert tastes(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "今天我不想吃了，太累",  # a day is no taste
        "你觉得榴莲好吃吗",  # a question
        "我爸不喝可乐也不喝雪碧",  # a relative's taste
        "你喜欢什么水果？",  # asked, nothing stated before
    ],
)
def test_no_taste_invented(text: str) -> None:
    assert not [t for t in tastes(text) if t[0] in {"今天", "榴莲", "可乐", "雪碧"}]


# 3. English values in Chinese profile sentences, and Chinese values in English ones.
@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("我住Berlin，做software engineer的", "city", "Berlin"),
        ("我住Berlin，做software engineer的", "job", "software engineer"),
        ("我在字节做 data scientist", "job", "data scientist"),
        ("现在在Grab当UX designer", "job", "UX designer"),
        ("我现在住 Tokyo", "city", "Tokyo"),
        ("I work at 腾讯 as a game designer", "employer", "腾讯"),
        ("I work at 腾讯 as a game designer", "job", "game designer"),
        ("I'm a nurse, living in 成都", "city", "成都"),
    ],
)
def test_code_switched_profile_values(text: str, field: str, value: str) -> None:
    assert value in [s["value"] for s in of("profile", text) if s["field"] == field]


def test_code_switched_task_is_no_job() -> None:
    assert not [s for s in of("profile", "我在公司做PPT，好烦") if s["field"] == "job"]


# 4. Trips: the departure said after the destination, an English route between a Chinese and an
#    English name, and a station's own name.
@pytest.mark.parametrize(
    ("text", "departure", "arrival"),
    [
        ("下周五带爸妈去桂林，从广州出发", "广州", "桂林"),
        ("月底去西安玩，从成都出发坐高铁", "成都", "西安"),
        ("I'm flying 广州 to Sydney next Monday", "广州", "Sydney"),
        ("We're driving from 杭州 to Suzhou on Saturday", "杭州", "Suzhou"),
        ("后天早上从北京西站坐高铁去郑州", "北京西站", "郑州"),
        ("下周一从深圳北站坐动车到厦门", "深圳北站", "厦门"),
    ],
)
def test_trip_route(text: str, departure: str, arrival: str) -> None:
    trip = of("travel_plan", text)
    assert trip and (trip[0].get("departure"), trip[0].get("arrival")) == (departure, arrival)


# 5. A drug taken or used with a bare verb (用 / 吃 / 喷 / 就吃), its name ending like a drug's.
@pytest.mark.parametrize(
    ("text", "medication"),
    [
        ("我有鼻炎，平时用布地奈德", "布地奈德"),
        ("我一头疼就吃对乙酰氨基酚", "对乙酰氨基酚"),
        ("我爸有痛风，发作了就吃秋水仙碱", "秋水仙碱"),
        ("我妈最近在吃甲钴胺因为手麻", "甲钴胺"),
        ("我哥一直在吃Metformin控制血糖", "Metformin"),
    ],
)
def test_bare_medication(text: str, medication: str) -> None:
    meds = [s.get("medication") for s in of("family_health", text)]
    assert medication in meds


def test_bare_verb_before_no_drug() -> None:
    assert not [s for s in of("family_health", "我平时用微信比较多") if s.get("medication")]


# 6. A relative named in the clause before the diagnosis ("我外公住院了，医生说是心衰").
@pytest.mark.parametrize(
    ("text", "relative", "condition"),
    [
        ("我姥爷上周住院了，医生说是心衰", "grandfather", "心衰"),
        ("我奶奶最近老咳嗽，医生说是肺炎", "grandmother", "肺炎"),
        ("上个月体检，医生说我有脂肪肝", "self", "脂肪肝"),
    ],
)
def test_relative_before_the_diagnosis(text: str, relative: str, condition: str) -> None:
    health = of("family_health", text)
    assert health and (health[0]["relative"], health[0]["condition"]) == (relative, condition)


def test_tagger_relative_from_earlier_clause() -> None:
    """The slot tagger's own health fact takes the family member of an earlier clause when its
    clause names nobody (the same lookup the rules use)."""
    from parsers.slot_tagger import _family_of

    assert _family_of("我外公住院了，医生说是", 10, "zh") == "grandfather"
    assert _family_of("医生说是", 4, "zh") is None


def test_drug_no_longer_taken() -> None:
    assert not [s for s in of("family_health", "我早就不用布地奈德了") if s.get("medication")]


# 7. Health values in the other language of the sentence.
@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "my mom is allergic to 芒果, so no mango cake",
            {"relative": "mother", "condition": "allergy", "allergen": "芒果"},
        ),
        ("我爷爷有 asthma，冬天要注意", {"relative": "grandfather", "condition": "asthma"}),
    ],
)
def test_code_switched_health(text: str, want: dict[str, str]) -> None:
    assert want in of("family_health", text)


def test_code_switched_health_denied() -> None:
    assert not of("family_health", "我没有asthma，只是感冒")


# 8. The next families of the retired sets' misses: a mood is no condition, a condition in a clause
#    with no subject continues the relative's clause, insulin is injected (打), dialect and 都 in
#    the user's own profile clauses.
def test_mood_is_no_condition() -> None:
    assert not of("family_health", "我今年28了，在杭州做设计，最近有点焦虑")
    assert [s["field"] for s in of("profile", "我今年28了，在杭州做设计，最近有点焦虑")] == ["age", "city", "job"]


def test_diagnosis_keeps_its_own_word() -> None:
    assert {"relative": "self", "condition": "焦虑症"} in of("family_health", "我去年确诊了焦虑症")


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("我姥姥今年85了，糖尿病加骨质疏松", {"relative": "grandmother", "condition": "糖尿病"}),
        ("我爷爷血糖高，一直打胰岛素", {"relative": "grandfather", "medication": "胰岛素"}),
    ],
)
def test_relative_clause_continues(text: str, want: dict[str, str]) -> None:
    assert any(want.items() <= s.items() for s in of("family_health", text))


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("我今年都45了，还在跑外卖", "age", "45"),
        ("俺叫李秀兰，在郑州住", "name", "李秀兰"),
    ],
)
def test_dialect_and_du_in_profile(text: str, field: str, value: str) -> None:
    assert value in [s["value"] for s in of("profile", text) if s["field"] == field]
