"""Twentieth round: regional Chinese read as Mandarin (mal/dedup_regional.py). A Cantonese or
northern wording of a memory and its Mandarin note merge; a near miss said in the same register
(another person, a negation, another day, another dish) never does. Every sentence here is new (none
is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_regional import mandarin
from tests.dedup_memories import memory


def _merged(a: str, b: str) -> bool:
    x, y = memory("episode", a), memory("episode", b)
    return any(dedup.same_fact(p, q, 0.95) for p, q in ((x, y), (y, x)))


RESTATED = [
    ("我哋屋企养咗两只猫", "用户家里养了两只猫"),
    ("我阿爸喺广州返工", "用户的爸爸在广州上班"),
    ("我细佬钟意踢波", "用户的弟弟喜欢踢波"),
    ("俺娘每天早上去公园跳舞", "用户的母亲每天早上去公园跳舞"),
    ("我冇养狗", "用户没有养狗"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_a_regional_wording_and_its_mandarin_note_merge(a: str, b: str) -> None:
    assert _merged(a, b)


NEAR_MISSES = [
    ("我阿爸喺广州返工", "用户的妈妈在广州上班"),  # another parent
    ("我细佬钟意踢波", "用户的哥哥喜欢踢波"),  # younger / older brother
    ("我冇养狗", "用户养了狗"),  # negation
    ("我琴日去睇医生", "用户明天去看医生"),  # yesterday / tomorrow
    ("佢哋钟意食辣", "用户喜欢吃辣"),  # they / the user
    ("俺娘住在济南", "用户的父亲住在济南"),  # another parent
    ("我钟意饮咖啡", "用户喜欢喝茶"),  # another drink
]


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_a_near_miss_in_the_same_register_never_merges(a: str, b: str) -> None:
    assert not _merged(a, b)


def test_characters_mandarin_uses_otherwise_are_read_the_cantonese_way_only_in_cantonese() -> None:
    assert mandarin("我係老師，鍾意食火鍋") == "我是老師，喜欢吃火鍋"
    # no Cantonese-only word: 关系, 食物, 饮料, 搭配 stay Mandarin
    assert mandarin("我们关系很好，喜欢健康食物和饮料") == "我们关系很好，喜欢健康食物和饮料"
    assert mandarin("这件衣服很好搭配") == "这件衣服很好搭配"
    # in a Cantonese text the compounds still stay: 零食, 饮料
    assert mandarin("佢钟意零食同饮料") == "他喜欢零食同饮料"
    assert mandarin("I like hotpot") == "I like hotpot"


@pytest.mark.parametrize(
    ("a", "b"),
    [("我没有养狗", "我养了狗"), ("我没有养猫", "用户养了一只猫"), ("我女儿没有学钢琴", "我女儿学了钢琴")],
)
def test_a_negation_that_is_the_whole_text_is_no_aside(a: str, b: str) -> None:
    """Found writing this round's tests: a negated clause that shares no character pair with the
    other text was dropped as an aside (mal/dedup_families.py `negation_aside`) even when it was
    the whole text, so "I have no dog" merged with "I have a dog" through the learned layer."""
    assert not _merged(a, b)
