"""Nineteenth round's holes (mal/dedup_holes19.py): near misses that passed every veto, read as two
episodes and as the parser reads them. Each near miss never merges, as the service decides (the veto,
and the gate at a cosine it admits); a restatement of its shape still passes the family. Every
sentence here is new."""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup
from mal.dedup_gate import merges
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
        "negation_moved",
        ("我女儿不会游泳，怕水", "我女儿会游泳，不是怕水"),
        ("我女儿不会游泳，她怕水", "我女儿怕水，所以不会游泳"),
    ),
    (
        "negation_moved",
        ("I can't eat shellfish, I'm allergic", "I can eat shellfish, I'm not allergic"),
        ("I can't eat shellfish because I'm allergic", "I'm allergic to shellfish so I can't eat it"),
    ),
    (
        "model_suffix",
        ("My daughter uses an iPhone 16", "My daughter uses an iPhone 16e"),
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
]


@pytest.mark.parametrize(("family", "near", "same"), CASES)
def test_near_miss_is_vetoed_by_its_family(family: str, near: tuple[str, str], same: tuple[str, str]) -> None:
    assert_family_vetoes(family, memory("episode", near[0]), memory("episode", near[1]))
    assert not _merged(*near)


@pytest.mark.parametrize(("family", "near", "same"), CASES)
def test_restatement_beside_it_keeps_the_family_silent(
    family: str, near: tuple[str, str], same: tuple[str, str]
) -> None:
    assert_family_silent(family, memory("episode", same[0]), memory("episode", same[1]))
