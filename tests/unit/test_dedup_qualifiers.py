"""The fourteenth round's attack families (mal/dedup_qualifiers.py): near misses an attacker who read
the code found, which the word rules equated or no veto named. Each near miss never merges at
cosine 1.0, in either order, whichever step would have merged it; each restatement beside it is not
caught by the family. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_qualifiers import (
    been_or_being,
    except_only,
    only_also,
    passive_role,
    range_points,
    skill_level,
    suspected,
    to_from,
)
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes
from tests.dedup_memories import memory as _memory


def ep(text: str) -> Memory:
    return _memory("episode", text)


NEVER = [
    ("passive_role", ep("我被邻居投诉了"), ep("我投诉了邻居")),
    ("passive_role", ep("用户被同事举报了"), ep("我举报了同事")),
    ("passive_role", ep("I was promoted by Dana last spring"), ep("I promoted Dana last spring")),
    ("passive_role", ep("My brother was sued by his landlord"), ep("My brother sued his landlord")),
    ("passive_role", ep("我被 manager 表扬了"), ep("我表扬了 manager")),
    ("only_also", ep("只有我爸会做饭"), ep("我爸也会做饭")),
    ("only_also", ep("I only eat fish on Fridays"), ep("I also eat fish on Fridays")),
    ("range_points", ep("我周二到周四在公司"), ep("我周二和周四在公司")),
    ("range_points", ep("The clinic is open Tuesday through Saturday"), ep("The clinic is open Tuesday and Saturday")),
    ("range_points", ep("I'm busy from 3 to 5 today"), ep("I'm busy at 3 and at 5 today")),
    ("suspected", ep("我女儿好像对猫毛过敏"), ep("我女儿对猫毛过敏")),
    ("suspected", ep("I probably have a gluten intolerance"), ep("I have a gluten intolerance")),
    ("except_only", ep("我除了羊肉什么肉都吃"), ep("我只吃羊肉")),
    ("except_only", ep("I drink every kind of tea except green tea"), ep("I only drink green tea")),
    ("skill_level", ep("我会说一点粤语"), ep("我粤语说得很流利")),
    ("skill_level", ep("I know a few words of Italian"), ep("I'm fluent in Italian")),
    ("been_or_being", ep("我学过日语"), ep("我在学日语")),
    ("been_or_being", ep("我住过杭州"), ep("我住在杭州")),
    ("to_from", ep("I'm lending my car to a neighbor"), ep("I'm lending a car from a neighbor")),
    ("been_or_being", ep("I have worked in Denver"), ep("I work in Denver")),
    ("lapsed", ep("I'm Muslim"), ep("I'm a lapsed Muslim")),
]

PASS = [
    # the active restatement keeps the roles: the user is still the one it happened to
    ("passive_role", ep("我被邻居投诉了"), ep("邻居投诉了我")),
    ("passive_role", ep("I was promoted by Dana last spring"), ep("Dana promoted me last spring")),
    ("passive_role", ep("My sister is employed by a bank"), ep("My sister works at a bank")),
    ("only_also", ep("只有我爸会做饭"), ep("我们家只有我爸会做饭")),
    ("range_points", ep("我周二到周四在公司"), ep("周二至周四我在公司")),
    ("range_points", ep("I'm off Monday through Wednesday"), ep("I'm off from Monday to Wednesday")),
    # 大概 before an amount is "about", no hedge
    ("suspected", ep("我每天通勤大概四十分钟"), ep("我每天通勤约四十分钟")),
    ("suspected", ep("我一天大概喝两杯奶茶"), ep("用户每天约喝2杯奶茶")),
    ("suspected", ep("I might move to Leeds next year"), ep("I may move to Leeds next year, not sure")),
    ("except_only", ep("我除了香菜什么都吃"), ep("除了香菜以外我都吃")),
    ("skill_level", ep("我法语很流利"), ep("我法语说得很流利")),
    ("been_or_being", ep("我在学钢琴"), ep("我正在学钢琴")),
    ("to_from", ep("I'm lending my car to a neighbor"), ep("I'm lending my car to my neighbor")),
    ("been_or_being", ep("I've lived in Austin for ten years"), ep("I live in Austin, ten years now")),
    ("lapsed", ep("I'm a lapsed Catholic"), ep("I'm a non-practising Catholic")),
]


@pytest.mark.parametrize(("family", "old", "new"), NEVER)
def test_the_attack_near_misses_never_merge(family: str, old: Memory, new: Memory) -> None:
    assert_family_vetoes(family, old, new)


@pytest.mark.parametrize(("family", "old", "new"), PASS)
def test_restatements_beside_each_family_are_not_caught(family: str, old: Memory, new: Memory) -> None:
    assert_family_silent(family, old, new)


def test_the_word_rules_no_longer_equate_them() -> None:
    # before the fourteenth round these merged through `agree`, ahead of every veto
    pairs = (
        ("我被朋友删了", "我把朋友删了"),
        ("我就周日有空", "我周日也有空"),
        ("我周一到周三上班", "我周一和周三上班"),
    )
    for a, b in pairs:
        assert not dedup.agree(ep(a), ep(b)) and not dedup.same_fact(ep(a), ep(b), 1.0), (a, b)


def test_the_families_on_their_own() -> None:
    assert passive_role("我被猫抓了", "我抓了猫") and not passive_role("我被猫抓了", "猫抓了我")
    assert only_also("I only run on weekends", "I run on weekends too") and not only_also("我也跑步", "我也跑")
    assert range_points("八点到十点", "八点和十点") and not range_points("八点到十点", "八点至十点")
    assert suspected("I think I'm anemic", "I'm anemic") and not suspected("I'm anemic", "I am anemic")
    assert except_only("除了周日都上班", "只有周日上班") and not except_only("只有周日上班", "只在周日上班")
    assert skill_level("I speak basic German", "I speak fluent German") and not skill_level("我会德语", "我懂德语")
    assert been_or_being("我去过云南", "我在云南") and not been_or_being("我过敏", "我在家")
    assert to_from("moved to Ohio", "moved from Ohio") and not to_from("moved to Ohio", "went to Ohio")
