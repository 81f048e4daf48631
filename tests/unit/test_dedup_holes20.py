"""Twentieth round's holes: near misses that passed every veto (mal/dedup_holes20.py, and the body
part and commute groups of mal/dedup_synonyms.py `CONTRASTS`), each beside a restatement of its shape
that still passes. A Chinese note (用户…) and the user's words are read alike. Every sentence here is
new."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_holes20 import food_verb, person_chain
from tests.dedup_memories import assert_family_silent, assert_family_vetoes, memory

# (family, near miss, restatement beside it)
CASES = [
    (
        "contrast",
        ("我妈月底做肩膀手术", "用户的母亲月底做膝关节手术"),
        ("我妈月底做肩膀手术", "用户的母亲月底做肩部手术"),
    ),
    ("contrast", ("My aunt broke her wrist skiing", "My aunt broke her ankle skiing"), None),
    (
        "contrast",
        ("我老公每天坐公交去公司", "用户的丈夫每天开车去公司"),
        ("我老公每天坐公交去公司", "用户的丈夫每天乘公交去公司"),
    ),
    ("contrast", ("I cycle to the office most days", "User walks to the office most days"), None),
    ("food_verb", ("我周末喜欢吃粤菜", "用户周末喜欢做粤菜"), ("我周末喜欢吃粤菜", "用户周末爱吃粤菜")),
    ("food_verb", ("我晚上常吃饺子", "我晚上常买饺子"), None),
    ("food_verb", ("I love eating Korean barbecue", "User loves cooking Korean barbecue"), None),
    ("food_verb", ("My son enjoys baking muffins", "My son enjoys eating muffins"), None),
    ("person_chain", ("My roommate's roommate lives in Oslo", "My roommate lives in Oslo"), None),
    ("person_chain", ("我同事的同事姓赵", "我同事姓赵"), None),
    ("person_chain", ("My cousin's neighbor is a pilot", "My neighbor is a pilot"), None),
]

RESTATEMENTS = [
    ("我儿子下个月做膝盖手术", "用户的儿子下月要做膝关节手术"),  # knee said two ways
    ("我每天骑自行车上学", "我每天骑车上学"),
    ("I make pasta every Sunday", "Every Sunday I cook pasta"),  # make / cook: one kind of verb
    ("我中午一般点外卖", "我中午一般吃外卖"),  # a takeaway ordered is eaten
    ("My manager's manager is named Tomas", "The user's manager's manager is named Tomas"),
]


@pytest.mark.parametrize(("family", "near", "same"), CASES)
def test_near_miss_vetoed_restatement_beside_passes(
    family: str, near: tuple[str, str], same: tuple[str, str] | None
) -> None:
    assert_family_vetoes(family, memory("episode", near[0]), memory("episode", near[1]))
    if same is not None:
        assert_family_silent(family, memory("episode", same[0]), memory("episode", same[1]))


@pytest.mark.parametrize(("a", "b"), RESTATEMENTS)
def test_restatement_silent(a: str, b: str) -> None:
    for family in ("contrast", "food_verb", "person_chain"):
        assert_family_silent(family, memory("episode", a), memory("episode", b))


def test_chain_not_agreed_by_word_rules() -> None:
    """boss / boss's boss was one person to the word rules (the signature's people are a set)."""
    x, y = memory("episode", "My tutor's tutor is called Hana"), memory("episode", "My tutor is called Hana")
    assert not dedup.agree(x, y)
    assert dedup.agree(x, memory("episode", "The user's tutor's tutor is called Hana"))


def test_families_read_as_written() -> None:
    assert food_verb("我喜欢吃湘菜", "我喜欢做湘菜")
    assert not food_verb("我喜欢湘菜", "我爱吃湘菜")  # a liking with no verb is eating
    assert not food_verb("我有点想吃湘菜", "我三点吃湘菜")  # 有点 / 三点 are no ordering
    assert person_chain("我老板的老板是上海人", "我老板是上海人")
    assert not person_chain("我老公的妈妈是上海人", "我婆婆是上海人")  # another person word: the people check reads it


def test_preference_food_verb_vetoed() -> None:
    """As the parser reads a liking: two preferences whose items differ only by the verb."""
    x = memory("preference", "我喜欢吃粤菜", item="粤菜", polarity="like")
    y = memory("preference", "用户喜欢做粤菜", item="做粤菜", polarity="like")
    assert "food_verb" in dedup.veto_reasons(x, y)
    assert not dedup.same_fact(x, y, 1.0)
