"""The near-miss families review11, zh11 and en11 each read (mal/dedup_shared_families.py): the veto
asks each family once, and a family holds when any round's reading of it does, so a near miss only
one reading catches is still vetoed. Every sentence here is new (in no data set nor other test)."""

from __future__ import annotations

import pytest

from mal import dedup, dedup_en11, dedup_review11, dedup_shared_families, dedup_zh_near
from mal.models import Memory
from tests.dedup_memories import assert_family_vetoes
from tests.dedup_memories import memory as _memory


def ep(text: str) -> Memory:
    return _memory("episode", text)


READINGS = {
    "companion": (dedup_review11.companion, dedup_zh_near.joint_subject, dedup_en11.joint_subject),
    "quantifier": (dedup_review11.quantifier, dedup_zh_near.partial, dedup_en11.quantifier),
    "role_swap": (
        dedup_review11.role_swap,
        dedup_en11.contrast_swapped,
        dedup_en11.subject_moved,
        dedup_zh_near.reordered,
        dedup_zh_near.swapped_pair,
    ),
    "ordinal": (dedup_review11.ordinal, dedup_zh_near.floor_vs_building),
    "name_modifier": (dedup_review11.name_modifier, dedup_zh_near.infixed),
    "from_to": (dedup_review11.from_to, dedup_zh_near.origin_vs_goal),
}

NEAR_MISSES = [
    ("companion", "我们俩周六去苏州", "我老公周六去苏州"),  # zh11's reading alone: 我们俩
    ("companion", "咱们下周搬家", "我爸下周搬家"),
    ("companion", "Me and Dana repaint the fence on Sunday", "Dana repaints the fence on Sunday"),
    ("companion", "我跟表哥下周去爬黄山", "表哥下周去爬黄山"),
    ("quantifier", "None of my friends smoke", "Some of my friends smoke"),  # en11's reading alone
    ("quantifier", "Every one of my aunts sings", "A few of my aunts sing"),
    ("quantifier", "我的邻居都养狗", "我的邻居有的养狗"),
    ("role_swap", "我买了一袋牛奶糖", "我买了一袋奶牛糖"),  # review11's reading alone
    ("role_swap", "Omar painted my fence", "I painted Omar's fence"),
    ("role_swap", "我不怕蛇，但是怕老鼠", "我不怕老鼠，但是怕蛇"),
    ("role_swap", "I walk the dog, not the cat", "I walk the cat, not the dog"),
    ("ordinal", "我住十二号楼", "我住十二楼"),  # zh11's reading alone: 十二 is two characters
    ("ordinal", "My fourth nephew plays drums", "My four nephews play drums"),  # review11's alone
    ("name_modifier", "我姐在四川大学上班", "我姐在四川农业大学上班"),
    ("name_modifier", "My uncle taught at Boston College", "My uncle taught at Boston Baptist College"),
    ("from_to", "我表姐从厦门飞回来", "我表姐明天飞厦门"),  # zh11's reading alone
    ("from_to", "She moved here from Denver", "She is moving to Denver"),  # review11's alone
]


@pytest.mark.parametrize(("family", "a", "b"), NEAR_MISSES)
def test_a_near_miss_any_reading_catches_is_vetoed_by_its_family(family: str, a: str, b: str) -> None:
    assert_family_vetoes(family, ep(a), ep(b))


@pytest.mark.parametrize(("family", "a", "b"), NEAR_MISSES)
def test_a_family_holds_exactly_when_one_of_its_readings_does(family: str, a: str, b: str) -> None:
    check = dict(dedup_shared_families.CHECKS)[family]
    for x, y in ((a, b), (b, a)):
        assert check(x, y) == any(reading(x, y) for reading in READINGS[family])


def test_the_readings_are_not_interchangeable() -> None:
    """Why a family keeps every round's reading: each catches a near miss the others miss."""
    zh_only = ("咱们下周搬家", "我爸下周搬家")
    assert dedup_zh_near.joint_subject(*zh_only)
    assert not dedup_review11.companion(*zh_only) and not dedup_en11.joint_subject(*zh_only)
    en_only = ("None of my friends smoke", "Some of my friends smoke")
    assert dedup_en11.quantifier(*en_only)
    assert not dedup_review11.quantifier(*en_only) and not dedup_zh_near.partial(*en_only)
    floor = ("我住十二号楼", "我住十二楼")
    assert dedup_zh_near.floor_vs_building(*floor) and not dedup_review11.ordinal(*floor)


def test_the_veto_asks_each_family_once() -> None:
    a, b = ep("我和邻居都去过三号楼"), ep("邻居有的去过三楼")
    names = [name for name, _ in dedup._checks(a, b)]
    assert len(names) == len(set(names))
    for family, _ in dedup_shared_families.CHECKS:
        assert names.count(family) == 1
    folded = {name for name, _ in (*dedup_zh_near.SHARED, *dedup_en11.SHARED)} - set(READINGS)
    assert not folded & set(names)


RESTATEMENTS = [
    ("companion", "我和老公周六去苏州", "周六我跟老公一起去苏州"),
    ("quantifier", "All of my aunts sing", "Every one of my aunts sings"),
    ("role_swap", "Omar and Lena painted my fence", "Lena and Omar painted my fence"),
    ("ordinal", "我住十二号楼", "我家在十二号楼"),
    ("from_to", "我表姐从厦门飞回来", "我表姐从厦门坐飞机回来"),
]


@pytest.mark.parametrize(("family", "a", "b"), RESTATEMENTS)
def test_a_restatement_no_reading_catches_leaves_the_family_silent(family: str, a: str, b: str) -> None:
    check = dict(dedup_shared_families.CHECKS)[family]
    for x, y in ((a, b), (b, a)):
        assert not check(x, y), (family, x, y)
        assert family not in dedup.veto_reasons(ep(x), ep(y))
