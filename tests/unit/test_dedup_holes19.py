"""Nineteenth round's holes (mal/dedup_holes19.py): near misses that passed every veto, read as two
episodes and as the parser reads them. Each near miss never merges, as the service decides (the veto,
and the gate at a cosine it admits); a restatement of its shape still passes the family. Every
sentence here is new."""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup
from mal.dedup_gate import merges
from mal.dedup_unblock18_en import flight_said
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes, memory


def _merged(a: str, b: str) -> bool:
    """The pair merges in either order, as two episodes or as the parser reads them."""
    readings: list[tuple[Memory, Memory]] = [(memory("episode", a), memory("episode", b))]
    readings += [(x, y) for x in memories(a) for y in memories(b)]
    return any(
        dedup.same_fact(p, q, 0.95) or merges(p, q, 0.86, 0.89, 0.83) for x, y in readings for p, q in ((x, y), (y, x))
    )


# (family, near miss, restatement beside it)
CASES = [
    (
        "negation_shifted",
        ("我女儿不会游泳，怕水", "我女儿会游泳，不是怕水"),
        ("我女儿不会游泳，她怕水", "我女儿怕水，所以不会游泳"),
    ),
    (
        "negation_shifted",
        ("I can't eat shellfish, I'm allergic", "I can eat shellfish, I'm not allergic"),
        ("I can't eat shellfish because I'm allergic", "I'm allergic to shellfish so I can't eat it"),
    ),
    (
        "model_suffix",
        ("My daughter uses an iPhone 16.", "My daughter uses an iPhone 16e."),
        ("My daughter uses an iPhone 16e", "My daughter is using an iPhone 16e"),
    ),
    (
        "model_suffix",
        ("My husband drives a Mazda 3", "My husband drives a Mazda 3i"),
        ("I take 40mg of omeprazole", "I take omeprazole, 40 mg"),
    ),
    (
        "progressive_past",
        ("My cousin Dmitri is moving to Lisbon in May", "My cousin Dmitri moved to Lisbon in May"),
        ("My cousin Dmitri is moving to Lisbon in May", "In May my cousin Dmitri is moving to Lisbon"),
    ),
    (
        "remaining_elapsed",
        ("我的车贷还有三年才还清", "我的车贷已经还了三年"),
        ("我的车贷还有三年才还清", "我的车贷再过三年就还清"),
    ),
    (
        "remaining_elapsed",
        ("I have 4 years left on my student loan", "I have been paying my student loan for 4 years"),
        ("I have 4 years left on my student loan", "My student loan has 4 more years to go"),
    ),
    (
        "to_or_from",
        ("我下周赴英", "我下周从英国回来"),
        ("My brother is flying to Peru next week", "Next week my brother is heading to Peru"),
    ),
    (
        "to_or_from",
        ("我下个月赴德", "我下个月从德国回来"),
        ("我妈妈下周赴韩", "我妈妈下周去韩国"),
    ),
    (
        "layout_counts",
        ("我们新房是三室两厅两卫", "我们新房是三室两厅一卫"),
        ("我们租的房子是三室一厅", "我们租的是一套三室一厅的房子"),
    ),
    (
        "abbreviation_other",
        ("我表妹在中大读研", "我表妹在中央大学读研"),
        ("我表妹在中大读研", "我表妹在中山大学读研"),
    ),
    (
        "abbreviation_other",
        ("我在南大教书", "我在南方大学教书"),
        ("我爸在国企工作", "我爸在国营企业工作"),
    ),
    (
        "leaning_strong",
        ("我爸胆固醇偏高", "我爸胆固醇特别高"),
        ("我爸胆固醇偏高", "我爸胆固醇有点高"),
    ),
    (
        "approximate",
        ("我婆婆大概六十岁", "我婆婆六十岁"),
        ("我婆婆大概六十岁", "我婆婆六十岁左右"),
    ),
    (
        "approximate",
        ("My commute is about 35 minutes", "My commute is 35 minutes"),
        ("My commute is about 35 minutes", "My commute is roughly 35 minutes"),
    ),
    (
        "comparative",
        ("My apartment is bigger", "My apartment is big"),
        ("My apartment is big", "My apartment is quite big"),
    ),
    (
        "stem_collision",
        ("I bought a new suit", "I bought a new suite"),
        ("My kids love baking", "My kids love to bake"),
    ),
    (
        "glued_prefix",
        ("我周日一般吃早午餐", "我周日一般吃午餐"),
        ("我每天早上去跑步", "我每天早上跑步"),
    ),
    (
        "glued_prefix",
        ("我喜欢喝热红茶", "我喜欢喝红茶"),
        ("我爸有高血压", "我爸血压高"),
    ),
    (
        "exception_carved",
        ("单位给我上五险一金", "单位给我上五险，不上公积金"),
        ("我只喝绿茶，不喝红茶", "我只喝绿茶"),
    ),
]


@pytest.mark.parametrize(("family", "near", "same"), CASES)
def test_near_miss_is_vetoed_by_its_family(family: str, near: tuple[str, str], same: tuple[str, str]) -> None:
    assert_family_vetoes(family, memory("episode", near[0]), memory("episode", near[1]))
    assert not _merged(*near)


def test_a_flight_something_was_done_to_is_no_flying() -> None:
    """mal/dedup_unblock18_en.py `flight_said`: a cancelled flight is a thing, a flight tomorrow the trip."""
    assert not _merged("My dad cancelled his flight", "My dad is flying")
    assert flight_said("My dad has a flight tomorrow", "My dad is flying tomorrow") == "My dad has a flying tomorrow"


@pytest.mark.parametrize(("family", "near", "same"), CASES)
def test_restatement_beside_it_keeps_the_family_silent(
    family: str, near: tuple[str, str], same: tuple[str, str]
) -> None:
    assert_family_silent(family, memory("episode", same[0]), memory("episode", same[1]))
