"""near23 (mal/dedup_near23.py): five near-miss families that passed every veto once blind22 /
blind22b were retired. Each family has near misses of its own that must stay apart and
restatements beside it that must still merge (checked either way round at cosine 0.95)."""

from __future__ import annotations

import pytest

from mal import dedup
from tests.dedup_memories import memory

# The five pairs of blind22 / blind22b the brief names (development data now)
SEEN = [
    ("multiple_birth", "My sister Clara is pregnant with twins.", "My sister Clara is pregnant."),
    ("deixis_shifted", "这个 weekend 我要搬去浦东。", "下个 weekend 我要搬去浦东。"),
    (
        "prefixed_word",
        "I'm diabetic so I check my blood sugar before meals.",
        "I'm prediabetic so I check my blood sugar before meals.",
    ),
    ("modal_flipped", "我女儿对鸡蛋过敏，蛋糕都不能吃。", "我女儿对鸡蛋过敏，但蛋糕能吃。"),
    ("deed_added", "用户每周去健身房三次。", "用户每周去健身房三次，每次请私教。"),
]

APART = {
    "multiple_birth": [
        ("My wife is expecting twins in May.", "My wife is expecting in May."),
        ("My cousin just had triplets.", "My cousin just had twins."),
        ("我姐姐怀了双胞胎。", "我姐姐怀孕了。"),
        ("我表姐生了一对龙凤胎。", "我表姐生了个孩子。"),
        ("我嫂子怀的是三胞胎。", "我嫂子怀的是双胞胎。"),
        ("Our neighbours have twin boys.", "Our neighbours have boys."),
        ("用户的妹妹怀了双胞胎。", "我妹妹怀孕了。"),
        ("My daughter gave birth to twins last week.", "My daughter gave birth last week."),
        ("我朋友家的孩子是双胞胎，都上小学了。", "我朋友家的孩子都上小学了。"),
        ("Sarah is pregnant with triplets.", "Sarah is pregnant."),
    ],
    "deixis_shifted": [
        ("这周末我要去杭州。", "下周末我要去杭州。"),
        ("这个 month 我在上海出差。", "下个 month 我在上海出差。"),
        ("上个 weekend 我去爬山了。", "这个 weekend 我去爬山了。"),
        ("I'm moving to Austin this weekend.", "I'm moving to Austin next weekend."),
        ("My exam is next Friday.", "My exam is this Friday."),
        ("下个月我要搬家。", "这个月我要搬家。"),
        ("我本学期在学法语。", "我下学期在学法语。"),
        ("I started a new job last month.", "I started a new job this month."),
        ("这个 semester 我选了三门课。", "下个 semester 我选了三门课。"),
        ("用户下周末要去参加婚礼。", "我这周末要去参加婚礼。"),
    ],
    "prefixed_word": [
        ("My ex-wife lives in Denver.", "My wife lives in Denver."),
        ("I'm a non-smoker.", "I'm a smoker."),
        ("My brother is unemployed.", "My brother is employed."),
        ("我前男友在北京工作。", "我男友在北京工作。"),
        ("我姐姐是准妈妈。", "我姐姐是妈妈。"),
        ("我爸爸已经半退休了。", "我爸爸已经退休了。"),
        ("I'm semi-retired now.", "I'm retired now."),
        ("My doctor said I have prehypertension.", "My doctor said I have hypertension."),
        ("我是非吸烟者。", "我是吸烟者。"),
        ("My ex-boss still calls me.", "My boss still calls me."),
        ("用户的前同事在腾讯工作。", "我同事在腾讯工作。"),
    ],
    "modal_flipped": [
        ("我儿子对牛奶过敏，酸奶也不能喝。", "我儿子对牛奶过敏，但酸奶能喝。"),
        ("我对花生过敏，花生油都不能吃。", "我对花生过敏，花生油可以吃。"),
        ("I'm allergic to shellfish, so I can't eat shrimp.", "I'm allergic to shellfish, but I can eat shrimp."),
        ("My son is lactose intolerant and can't have cheese.", "My son is lactose intolerant but can have cheese."),
        ("我老婆怀孕了，不能喝咖啡。", "我老婆怀孕了，可以喝咖啡。"),
        ("我膝盖受伤了，不能跑步。", "我膝盖受伤了，能跑步。"),
        ("My dog is allergic to chicken and cannot eat it.", "My dog is allergic to chicken but can eat it."),
        ("用户乳糖不耐受，不能喝牛奶。", "我乳糖不耐受，能喝牛奶。"),
        ("After surgery I can't drive for a month.", "After surgery I can drive for a month."),
        ("我女儿对鸡蛋过敏，但蛋黄可以吃。", "我女儿对鸡蛋过敏，蛋黄都不可以吃。"),
    ],
    "deed_added": [
        ("我每天早上跑步。", "我每天早上跑步，顺便遛狗。"),
        ("用户周末去游泳。", "用户周末去游泳，每次请教练。"),
        ("我每周去两次瑜伽课。", "我每周去两次瑜伽课，平时还请私教。"),
        ("我每天晚上做饭。", "我每天晚上做饭，还洗碗。"),
        ("我周六去图书馆。", "我周六去图书馆，顺便还书。"),
        ("I go to the gym three times a week.", "I go to the gym three times a week, hiring a trainer each time."),
        ("I walk to work every day.", "I walk to work every day, taking my daughter to school."),
        ("我每个月回一次老家。", "我每个月回一次老家，每次带我妈看病。"),
        ("我每天骑车上班。", "我每天骑车上班，路上买早餐。"),
        ("用户每周打两次网球。", "用户每周打两次网球，每次租场地。"),
    ],
}

SAME = {
    "multiple_birth": [
        ("My sister Clara is pregnant with twins.", "Clara, my sister, is expecting twins."),
        ("我姐姐怀了双胞胎。", "我姐怀了一对双胞胎。"),
        ("My cousin just had triplets.", "My cousin recently had triplets."),
        ("我表姐生了一对龙凤胎。", "我表姐生了龙凤胎。"),
        ("我嫂子怀的是双胞胎。", "我嫂子怀了双胞胎。"),
        ("Our neighbours have twins.", "Our neighbors have twins."),
        ("用户的妹妹怀了双胞胎。", "我妹妹怀了双胞胎。"),
        ("My wife is pregnant.", "My wife is expecting."),
        ("我姐姐怀孕了。", "我姐怀孕了。"),
        ("Sarah is pregnant with twins.", "Sarah's pregnant with twins."),
    ],
    "deixis_shifted": [
        ("这个 weekend 我要搬去浦东。", "这个 weekend 我要搬到浦东。"),
        ("下周末我要去杭州。", "我下周末要去杭州。"),
        ("I'm moving to Austin next weekend.", "Next weekend I'm moving to Austin."),
        ("下个月我要搬家。", "我下个月要搬家。"),
        ("用户下周末要去参加婚礼。", "我下周末要去参加婚礼。"),
        ("My exam is next Friday.", "Next Friday is my exam."),
        ("这周末我要加班。", "我这周末要加班。"),
        ("I started a new job last month.", "Last month I started a new job."),
        ("我这学期在学法语。", "我这学期在学法语呢。"),
        ("上个 weekend 我去爬山了。", "上个 weekend 我去爬了山。"),
    ],
    "prefixed_word": [
        (
            "I'm diabetic so I check my blood sugar before meals.",
            "I'm diabetic, so I check my blood sugar before meals.",
        ),
        ("I'm prediabetic.", "I am prediabetic."),
        ("My ex-wife lives in Denver.", "My ex wife lives in Denver."),
        ("我前男友在北京工作。", "我的前男友在北京工作。"),
        ("我姐姐是准妈妈。", "我姐是准妈妈。"),
        ("我爸爸已经退休了。", "我爸已经退休了。"),
        ("I'm a non-smoker.", "I am a nonsmoker."),
        ("My brother is unemployed.", "My brother is currently unemployed."),
        ("我前几天去了医院。", "我几天前去了医院。"),
        ("我是非吸烟者。", "用户是非吸烟者。"),
    ],
    "modal_flipped": [
        ("我女儿对鸡蛋过敏，蛋糕都不能吃。", "用户的女儿对鸡蛋过敏，蛋糕都不能吃。"),
        ("我对花生过敏，花生油都不能吃。", "我对花生过敏，花生油也不能吃。"),
        ("I can't eat gluten.", "I cannot eat gluten."),
        ("My son can't have cheese.", "My son cannot have cheese."),
        ("我老婆怀孕了，不能喝咖啡。", "用户的老婆怀孕了，不能喝咖啡。"),
        ("I can't drive at night.", "I cannot drive at night."),
        ("我儿子对牛奶过敏。", "我儿子不能喝牛奶，会过敏。"),
        ("I can speak Spanish.", "I'm able to speak Spanish."),
        ("我能吃辣。", "用户能吃辣。"),
        ("用户乳糖不耐受，不能喝牛奶。", "我乳糖不耐受，不能喝牛奶。"),
    ],
    "deed_added": [
        ("我每周去三次健身房", "用户一周健身三次"),
        ("用户每周去健身房三次。", "我每周去健身房三次。"),
        ("我对牛奶过敏，喝了会拉肚子。", "我对牛奶过敏。"),
        ("我每天早上跑步，真的。", "我每天早上跑步。"),
        ("我每天早上跑步，坚持三年了。", "我每天早上跑步，已经坚持三年了。"),
        ("用户每周去两次瑜伽课，平时还请私教。", "我每周去两次瑜伽课，平时还请私教。"),
        ("I go to the gym three times a week.", "Three times a week I go to the gym."),
        ("I walk to work every day.", "I walk to work daily."),
        ("我每个月回一次老家。", "我每月回一趟老家。"),
        ("用户每周打两次网球。", "我一周打两次网球。"),
    ],
}


def _merges(a: str, b: str) -> bool:
    x, y = memory("episode", a), memory("episode", b)
    return dedup.same_fact(x, y, 0.95) or dedup.same_fact(y, x, 0.95)


@pytest.mark.parametrize(("family", "a", "b"), SEEN)
def test_seen_near_misses_vetoed_by_their_family(family: str, a: str, b: str) -> None:
    x, y = memory("episode", a), memory("episode", b)
    assert family in dedup.veto_reasons(x, y)
    assert family in dedup.veto_reasons(y, x)
    assert not _merges(a, b)


@pytest.mark.parametrize(("family", "a", "b"), [(f, a, b) for f, pairs in APART.items() for a, b in pairs])
def test_near_misses_stay_apart(family: str, a: str, b: str) -> None:
    x, y = memory("episode", a), memory("episode", b)
    assert family in dedup.veto_reasons(x, y) or family in dedup.veto_reasons(y, x), (a, b)
    assert not _merges(a, b), (family, a, b)


@pytest.mark.parametrize(("family", "a", "b"), SEEN)
def test_seen_near_misses_apart_as_parsed(family: str, a: str, b: str) -> None:
    """As the parser reads them (the benchmark's kinds and slots), no memory of one merges with one of
    the other, and the family fires on every comparable pair."""
    from bench.dedup_eval import memories

    for x in memories(a):
        for y in memories(b):
            if dedup.comparable(x.kind, y.kind):
                assert family in dedup.veto_reasons(x, y), (x.slots, y.slots)
                assert not (dedup.same_fact(x, y, 0.95) or dedup.same_fact(y, x, 0.95))


@pytest.mark.parametrize(("family", "a", "b"), [(f, a, b) for f, pairs in SAME.items() for a, b in pairs])
def test_family_silent_on_restatements(family: str, a: str, b: str) -> None:
    x, y = memory("episode", a), memory("episode", b)
    assert family not in dedup.veto_reasons(x, y), (a, b)
    assert family not in dedup.veto_reasons(y, x), (a, b)


@pytest.mark.parametrize(("family", "a", "b"), [(f, a, b) for f, pairs in SAME.items() for a, b in pairs])
def test_restatements_merge(family: str, a: str, b: str) -> None:
    assert _merges(a, b), (family, a, b)
