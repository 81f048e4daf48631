"""dev8's Chinese near misses (mal/dedup_dev8_zh.py): per family a near miss the family vetoes and a
restatement beside it that it leaves alone. Every sentence here is new (in no pair set nor other test)."""

from __future__ import annotations

import pytest

from mal import dedup, dedup_dev8_zh
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes
from tests.dedup_memories import memory as _memory

# each of these merged at cosine 1.0 before its family: no veto fired
NEAR_MISSES = [
    ("zh_added_condition", "我喜欢喝冰美式。", "我加班时喜欢喝冰美式。"),
    ("zh_added_attribute", "我对花生过敏。", "我对烤的花生过敏。"),
    ("zh_added_degree", "我能吃酸。", "我能吃微酸。"),
    ("zh_added_degree", "我不喝甜的饮料。", "我不喝太甜的饮料。"),
    ("zh_added_period", "我考过两次雅思。", "我这几年考过两次雅思。"),
    ("zh_added_again", "我想买一台相机。", "我想再买一台相机。"),
    ("zh_added_counterfactual", "我周末去爬山。", "我周末本来去爬山。"),
    ("zh_added_person", "中秋节在我家过。", "中秋节在我娘家过。"),
    ("zh_span_swap", "我是老周女儿的班主任。", "老周是我女儿的班主任。"),
    ("zh_span_swap", "我周二周三去健身房，周六游泳。", "我周二周三游泳，周六去健身房。"),
    ("zh_negation_moved", "我没告诉同事我换了工作。", "我告诉同事我没换工作。"),
    ("zh_giver", "我给我女儿织毛衣。", "我女儿给别人织毛衣。"),
    ("zh_role_word", "房东要换热水器。", "我要给租客换热水器。"),
    ("zh_at_vs_going", "我现在在广州培训。", "我现在要去广州培训。"),
    ("zh_since_until", "我从2015年开始在银行上班。", "我在银行一直干到2015年。"),
    ("zh_delay_vs_span", "我表妹要来我家住三天。", "我表妹三天后要来我家住。"),
    ("zh_age_unit", "我家老二下个月满六岁。", "我家老二下个月满六个月。"),
    ("zh_frequency_class", "我基本自己做饭。", "我一直自己做饭。"),
]

# beside each family a restatement it must leave alone
RESTATEMENTS = [
    ("zh_added_condition", "我喜欢喝冰美式。", "我也喜欢喝冰美式。"),
    ("zh_added_attribute", "我对花生过敏。", "我对花生很过敏。"),
    ("zh_added_degree", "我能吃酸。", "我很能吃酸。"),
    ("zh_added_period", "我三十岁。", "我今年三十岁。"),
    ("zh_added_period", "我在学吉他。", "我最近在学吉他。"),
    ("zh_added_again", "我想买一台相机。", "我想买台相机。"),
    ("zh_added_person", "我妈在学游泳。", "我妈妈在学游泳。"),
    ("zh_compound_extended", "我在农行上班。", "我在农业银行上班。"),
    ("zh_span_swap", "我和老周是同事。", "老周和我是同事。"),
    ("zh_span_swap", "我最爱的运动是羽毛球。", "羽毛球是我最爱的运动。"),
    ("zh_negation_moved", "我喝不了白酒。", "我不喝白酒。"),
    ("zh_negation_moved", "我不觉得这家店贵。", "我觉得这家店不贵。"),
    ("zh_giver", "我每周给我妈打电话。", "用户每周给妈妈打电话。"),
    ("zh_role_word", "房东下个月要换热水器。", "下个月房东要换热水器。"),
    ("zh_at_vs_going", "我现在在广州培训。", "我正在广州培训。"),
    ("zh_since_until", "我从2015年开始在银行上班。", "我自从2015年就在银行上班。"),
    ("zh_delay_vs_span", "我表妹要来我家住三天。", "我表妹要来我家住上三天。"),
    ("zh_age_unit", "我家老二下个月满六岁。", "下个月我家老二就满六岁了。"),
    ("zh_frequency_class", "我一般自己做饭。", "我通常自己做饭。"),
]


def ep(text: str) -> Memory:
    return _memory("episode", text)


@pytest.mark.parametrize(("family", "a", "b"), NEAR_MISSES)
def test_a_near_miss_is_vetoed_by_its_family(family: str, a: str, b: str) -> None:
    assert_family_vetoes(family, ep(a), ep(b))


@pytest.mark.parametrize(("family", "a", "b"), RESTATEMENTS)
def test_a_restatement_is_left_alone_by_the_families(family: str, a: str, b: str) -> None:
    assert_family_silent(family, ep(a), ep(b))
    assert not dedup_dev8_zh.differs(a, b) and not dedup_dev8_zh.differs(b, a), family


def test_the_families_are_named_once_across_modules() -> None:
    names = [name for name, _ in dedup._checks(ep("我基本自己做饭。"), ep("我一直自己做饭。"))]
    assert len(names) == len(set(names))
    assert {name for name, _ in dedup_dev8_zh.CHECKS} <= set(names)
