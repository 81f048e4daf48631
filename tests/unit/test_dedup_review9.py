"""review9's dedup families (issue #11 item 2, mal/dedup_review9.py): near misses that differ in one
detail and passed every older veto, so the learned model merged them (review9's adversarial pair set,
tests/data/dedup_attack9_pairs.jsonl, kept out of training). Each near miss now never merges at
cosine 1.0 whatever the model says, in either order; each restatement beside it still reaches the
model. Memories are built by hand, as the parser would give them; pairs are written for these tests."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_review9 import count_vs_span, extended, framed, intensity_differs, mode_differs, visit_vs_work
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes
from tests.dedup_memories import memory as _memory

EP = "episode"
HEALTH, PREF, PROFILE = "family_health", "preference", "profile"


def ep(text: str) -> Memory:
    return _memory(EP, text)


NEVER = [
    # a product made from the item, a shade of the colour, a device of the brand
    (
        "extended",
        "zh",
        _memory(HEALTH, "我对花生过敏", relative="self", allergen="花生"),
        _memory(HEALTH, "我对花生油过敏", relative="self", allergen="花生油"),
    ),
    ("extended", "zh", ep("我不吃牛肉"), ep("我不吃牛肉干")),
    (
        "extended",
        "zh",
        _memory(PREF, "我喜欢蓝色", item="蓝色", polarity="like"),
        _memory(PREF, "我喜欢浅蓝色", item="浅蓝色", polarity="like"),
    ),
    ("extended", "zh", ep("我有一辆白色的车"), ep("我有一辆米白色的车")),
    ("extended", "zh", ep("我想买苹果手机"), ep("我想买苹果")),
    # the verb differs too (found by the attack pairs after the recall9 merge)
    ("extended", "zh", ep("我用苹果手机"), ep("我每天吃苹果")),
    ("extended", "zh", ep("我在喝奶茶"), ep("我每天喝茶")),
    (
        "extended",
        "zh",
        _memory(PREF, "我喜欢柠檬", item="柠檬", polarity="like"),
        _memory(PREF, "我喜欢柠檬茶", item="柠檬茶", polarity="like"),
    ),
    ("extended", "zh", ep("我每天喝茶"), ep("我每天喝奶茶")),
    # any head glued right after the food both say: a dish made of it
    (
        "extended",
        "zh",
        _memory(HEALTH, "我对鸡蛋过敏", relative="self", allergen="鸡蛋"),
        _memory(HEALTH, "我对鸡蛋面过敏", relative="self", allergen="鸡蛋面"),
    ),
    ("extended", "zh", ep("我不吃猪肉"), ep("我不吃猪肉包子")),
    ("extended", "en", ep("I don't eat pork"), ep("I don't eat pork buns")),
    ("extended", "en", ep("I don't eat beef"), ep("I don't eat beef jerky")),
    ("extended", "en", ep("I'm allergic to peanuts"), ep("I'm allergic to peanut oil")),
    ("extended", "en", ep("I like strawberries"), ep("I like strawberry jam")),
    ("extended", "en", ep("I bought an Apple laptop"), ep("I bought apples")),
    (
        "extended",
        "en",
        _memory(PREF, "I like tomatoes", item="tomatoes", polarity="like"),
        _memory(PREF, "I like tomato sauce", item="tomato sauce", polarity="like"),
    ),
    # can / like / learning
    ("mode", "zh", ep("我会弹吉他"), ep("我喜欢弹吉他")),
    ("mode", "zh", ep("我女儿会游泳"), ep("我女儿在学游泳")),
    ("mode", "zh", ep("我老公会做饭"), ep("我老公喜欢做饭")),
    ("mode", "en", ep("I'm learning to swim"), ep("I can swim")),
    ("mode", "en", ep("I can play the guitar"), ep("I'm learning the guitar")),
    ("mode", "en", ep("My daughter can ride a horse"), ep("My daughter loves riding horses")),
    ("mode", "zh", ep("我会滑雪"), ep("我滑过一次雪")),
    ("mode", "en", ep("I can ski"), ep("I tried skiing")),
    # a strong degree against a moderate one
    (
        "intensity",
        "zh",
        _memory(PREF, "我特别喜欢猫", item="猫", polarity="like"),
        _memory(PREF, "我还挺喜欢猫", item="猫", polarity="like"),
    ),
    ("intensity", "zh", ep("我超爱火锅"), ep("我还算喜欢火锅")),
    (
        "intensity",
        "en",
        _memory(PREF, "I quite like sushi", item="sushi", polarity="like"),
        _memory(PREF, "I really love sushi", item="sushi", polarity="like"),
    ),
    ("intensity", "en", ep("I absolutely love hiking"), ep("I fairly like hiking")),
    # how many times / for how long
    ("count", "en", ep("I meditate twenty minutes a day"), ep("I meditate twenty times a day")),
    ("count", "zh", ep("我一天喝三杯咖啡"), ep("我喝咖啡三天了")),
    ("count", "zh", ep("我一年出国两次"), ep("我出国两年了")),
    ("count", "zh", ep("我一个月去一次健身房"), ep("我去健身房一个月了")),
    ("count", "en", ep("I go to the gym once a month"), ep("I've been going to the gym for a month")),
    ("count", "en", ep("I take yoga classes once a month"), ep("I've been taking yoga classes for a month")),
    # where one works / a place one went to
    # (the parser reads the job as a profile fact and the visit as an episode: the pair the model merged)
    ("workplace", "zh", _memory(PROFILE, "我在腾讯工作", field="employer", value="腾讯"), ep("我去腾讯参观过")),
    (
        "workplace",
        "zh",
        _memory(PROFILE, "我在阿里巴巴上班", field="employer", value="阿里巴巴"),
        ep("我去阿里巴巴面试过"),
    ),
    (
        "workplace",
        "en",
        _memory(PROFILE, "I work at Google", field="employer", value="Google"),
        ep("I went to Google for a tour"),
    ),
    (
        "workplace",
        "zh",
        _memory(PROFILE, "我在星巴克当店长", field="employer", value="星巴克"),
        ep("我去星巴克买咖啡"),
    ),
    (
        "workplace",
        "zh",
        _memory(PROFILE, "我在微软实习", field="employer", value="微软"),
        ep("我去微软参加了开放日"),
    ),
    (
        "workplace",
        "en",
        _memory(PROFILE, "I work at Siemens", field="employer", value="Siemens"),
        ep("I went to Siemens for an interview"),
    ),
    # the same words inside a dream or a story
    ("frame", "zh", ep("我养了一只猫"), ep("我梦到自己养了一只猫")),
    ("frame", "zh", ep("我是一名飞行员"), ep("我在电影里是一名飞行员")),
    ("frame", "zh", _memory(PROFILE, "我是医生", field="job", value="医生"), ep("我小时候梦想当医生")),
    ("frame", "en", ep("I have a cat"), ep("I dreamed I have a cat")),
    ("frame", "en", ep("I'm a pilot"), ep("In my dream I'm a pilot")),
    # a belief, a supposition, a question, a childhood: the same words, no fact of the user now
    (
        "frame",
        "zh",
        _memory(HEALTH, "我对花生过敏", relative="self", allergen="花生"),
        _memory(HEALTH, "我以为我对花生过敏", relative="self", allergen="花生"),
    ),
    ("frame", "zh", ep("我对花生过敏"), ep("我对花生过敏吗")),
    ("frame", "zh", _memory(PROFILE, "我养了一只狗", field="pet", value="狗"), ep("如果我养一只狗")),
    ("frame", "zh", ep("我在学钢琴"), ep("我小时候在学钢琴")),
    ("frame", "en", ep("I'm allergic to peanuts"), ep("Am I allergic to peanuts?")),
    (
        "frame",
        "en",
        _memory(PROFILE, "I'm a teacher", field="job", value="teacher"),
        _memory(PROFILE, "People assume I'm a teacher", field="job", value="teacher"),
    ),
    ("frame", "en", ep("I have a dog"), ep("If I have a dog")),
]

PASS = [
    ("extended", "zh", ep("我对花生过敏"), ep("我花生过敏")),
    ("extended", "zh", ep("我喜欢浅蓝色"), ep("浅蓝色我很喜欢")),
    ("extended", "zh", ep("我换了华为手机"), ep("我把手机换成了华为")),
    ("extended", "en", ep("I love jazz music"), ep("I love jazz")),
    ("extended", "zh", ep("我喜欢爵士"), ep("我喜欢爵士音乐")),
    ("extended", "zh", ep("我在腾讯工作"), ep("我在腾讯工作也快三年了")),
    ("extended", "en", ep("I work at Google"), ep("I work at Google and go to the office daily")),
    ("extended", "zh", ep("我对虾过敏"), ep("我对虾过敏，所以不吃海鲜")),
    ("extended", "en", ep("I'm allergic to shellfish"), ep("I'm allergic to shellfish, so no shrimp or crab")),
    # a device after a brand the user already says they use is the same phone
    ("extended", "zh", ep("我用小米"), ep("我用的是小米手机")),
    ("extended", "en", ep("I use Samsung"), ep("I use a Samsung phone")),
    ("extended", "en", ep("My car is white"), ep("I drive a white car")),
    ("mode", "zh", ep("我会弹吉他"), ep("吉他我会弹")),
    ("mode", "zh", ep("我很喜欢游泳"), ep("我非常喜欢游泳")),
    ("mode", "en", ep("I speak French"), ep("I can speak French")),
    ("mode", "en", ep("I like swimming"), ep("I enjoy swimming")),
    ("intensity", "zh", ep("我英语说得很流利"), ep("我英语挺溜的")),
    ("intensity", "zh", ep("我特别喜欢猫"), ep("我非常喜欢猫")),
    ("intensity", "en", ep("I really love sushi"), ep("I absolutely love sushi")),
    ("intensity", "en", ep("I quite like sushi"), ep("I like sushi")),
    ("count", "zh", ep("我每周去三次健身房"), ep("我一周去健身房三次")),
    ("count", "zh", ep("我学了三年钢琴"), ep("我学钢琴学了三年")),
    ("count", "en", ep("I've been to Japan three times"), ep("I have visited Japan three times")),
    ("count", "en", ep("I run twice a week"), ep("I go running twice a week")),
    ("workplace", "zh", ep("我在腾讯工作"), ep("我在腾讯上班")),
    ("workplace", "en", ep("I work at Google"), ep("I'm employed at Google")),
    ("frame", "zh", ep("我有一只猫"), ep("我养了一只猫")),
    ("frame", "en", ep("I have a cat"), ep("I've got a cat")),
    ("frame", "zh", ep("我住在成都"), ep("我现在住在成都")),
    ("frame", "zh", ep("我对牛奶过敏"), ep("我对牛奶过敏，如果喝了会起疹子")),
    ("frame", "en", ep("I'm allergic to penicillin"), ep("Penicillin allergy: I break out in hives if I take it")),
]


@pytest.mark.parametrize(("family", "lang", "old", "new"), NEVER)
def test_near_misses_that_differ_in_one_detail_never_merge(family: str, lang: str, old: Memory, new: Memory) -> None:
    assert_family_vetoes(family, old, new)


@pytest.mark.parametrize(("family", "lang", "old", "new"), PASS)
def test_restatements_beside_them_are_not_caught_by_the_family(
    family: str, lang: str, old: Memory, new: Memory
) -> None:
    assert_family_silent(family, old, new)


def test_families_an_earlier_review_closed_stay_closed() -> None:
    # one more item on a list, and a degree word: closed by the seventh round, checked again here
    for a, b in (
        ("我对花生和芒果过敏", "我对花生过敏"),
        ("I'm allergic to eggs", "I'm allergic to eggs and milk"),
        ("我很喜欢吃榴莲", "我有点喜欢吃榴莲"),
        ("I'm very afraid of snakes", "I'm a little afraid of snakes"),
    ):
        assert not dedup.veto(ep(a), ep(b)) and not dedup.same_fact(ep(a), ep(b), 1.0), (a, b)


def test_the_family_checks_on_their_own() -> None:
    assert extended("我对花生过敏", "我对花生油过敏") and extended(
        "I'm allergic to peanut oil", "I'm allergic to peanuts"
    )
    assert not extended("我养了一只猫", "我有一只猫") and not extended("I love jazz", "I love jazz music")
    assert mode_differs("我在学吉他", "我会弹吉他") and mode_differs("I can swim", "I like swimming")
    assert not mode_differs("我会游泳", "我不吃香菜") and not mode_differs("I speak French", "I can speak French")
    assert count_vs_span("我练了三年瑜伽", "我练了三次瑜伽") and count_vs_span("I run twice a week", "for two weeks")
    assert not count_vs_span("我去过三次日本", "我去过日本三次") and not count_vs_span("for 3 years", "for three years")
    # "can't" says no ability: "I can't swim yet" / "I'm learning to swim" name no two modes
    assert not mode_differs("I can't swim yet", "I'm learning to swim")
    assert intensity_differs("我比较喜欢安静", "我非常喜欢安静") and intensity_differs(
        "I quite like it", "I really like it"
    )
    assert not intensity_differs("我很喜欢游泳", "我喜欢游泳") and not intensity_differs("I love it", "I like it")
    assert visit_vs_work("我在华为工作", "我去华为开过会") and visit_vs_work("I work in Shanghai", "I went to Shanghai")
    assert not visit_vs_work("我在上海工作", "我在上海上班") and not visit_vs_work(
        "I work at Google", "I'm a Google employee"
    )
    assert framed("我住在杭州", "我梦见我住在杭州") and framed("I live in Paris", "I imagine I live in Paris")
    assert not framed("我住在杭州", "我现在住在杭州") and not framed("I live in Paris", "I currently live in Paris")
