"""Near misses the retrained learned layer let through once the twenty-first round's sets were
retired (mal/dedup_holes22.py, mal/dedup_holes20.py `food_verb`): each is now held by a veto, so no
retrain can merge it again; restatements of the same shapes still pass the vetoes."""

from __future__ import annotations

import pytest

from mal.dedup_holes20 import food_verb
from mal.dedup_holes22 import gap_count, title_narrowed
from tests.dedup_memories import assert_passes_veto, assert_vetoed


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我隔一天吃一次药", "我隔两天吃一次药"),
        ("我每隔一周去一次健身房", "我隔三周去一次健身房"),
        ("我妈隔两天打一次电话给我", "我妈隔四天打一次电话给我"),
        ("我隔一个月去理一次发", "我隔两个月去理一次发"),
        ("我女儿喜欢包饺子", "我女儿喜欢吃饺子"),
        ("我们过年包粽子", "我们过年买粽子"),
        ("My daughter loves wrapping dumplings", "My daughter loves eating dumplings"),
    ],
)
def test_a_gap_or_a_food_verb_changed_is_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我隔天吃一次药", "我每隔一天吃一次药"),
        ("我隔两天吃一次药", "我每隔两天吃一次药"),
        ("我女儿喜欢包饺子", "我女儿很喜欢包饺子"),
        ("我隔一天吃一次药", "我每两天吃一次药"),
    ],
)
def test_the_same_gap_or_food_verb_passes(a: str, b: str) -> None:
    assert_passes_veto(a, b)


def test_gap_and_food_readings() -> None:
    assert gap_count("我隔一天吃一次药", "我隔两天吃一次药")
    assert gap_count("我每两天吃一次药", "我隔两天吃一次药")  # as the checks read 隔一天
    assert not gap_count("我每两天吃一次药", "我每三天吃一次药")  # no 隔: the numbers veto's
    assert not gap_count("两地相隔两天路程", "两地相隔三天路程")  # a distance, the numbers veto's
    assert food_verb("我女儿喜欢包饺子", "我女儿喜欢吃饺子")
    assert not food_verb("我女儿喜欢包饺子", "我女儿喜欢做饺子")  # wrapping is making
    assert not food_verb("我买了个钱包", "我买了个新钱包")  # 包 in 钱包 is no verb
    assert not food_verb("I like folding dumplings", "I like making dumplings")


def _parsed_merge(a: str, b: str) -> bool:
    """The two texts as the parser reads them merge (each pairing, both orders, at cosine 0.95)."""
    from bench.dedup_eval import memories
    from mal import dedup

    return any(dedup.same_fact(x, y, 0.95) or dedup.same_fact(y, x, 0.95) for x in memories(a) for y in memories(b))


def test_a_job_fact_is_no_restatement_of_an_episode_saying_only_its_head() -> None:
    # review27: across kinds a fact's value need only share a unit with the episode; 老师 was one
    assert title_narrowed("数学老师", "我是老师")
    assert title_narrowed("math teacher", "i'm a teacher")
    assert not title_narrowed("产品经理", "我做产品")  # the head is not said: left to the others
    assert not title_narrowed("数学老师", "我是一名数学教师")
    assert not _parsed_merge("我是老师", "我是数学老师")
    assert _parsed_merge("我是一名数学教师", "我是数学老师")
    assert _parsed_merge("I teach math at a high school", "I'm a math teacher")


def test_a_title_front_said_by_a_synonym_is_said() -> None:
    # review28: 英文老师 says 英语老师's front by 英
    assert not title_narrowed("英语老师", "我是一名英文老师")
