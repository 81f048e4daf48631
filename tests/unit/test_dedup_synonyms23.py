"""Twenty-third round's synonyms (mal/dedup_synonyms.py): northern 打小 is 从小, 车企 an 汽车公司.

Found among the retired blind22 sets' missed restatements (the swap and substitution vetoes read each
as another word); the near misses keep a swapped food or industry apart.
"""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup


def _merges(a: str, b: str) -> bool:
    return any(dedup.same_fact(x, y, 0.95) or dedup.same_fact(y, x, 0.95) for x in memories(a) for y in memories(b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我打小就爱吃炸酱面。", "我从小就喜欢吃炸酱面。"),
        ("我打小就怕狗。", "我从小就怕狗。"),
        ("我打小在天津长大。", "我从小在天津长大。"),
        ("我刚换了工作，现在在一家新能源车企。", "用户最近换了工作，目前就职于一家新能源汽车公司。"),
        ("我在一家车企上班。", "我在一家汽车公司上班。"),
        ("我老公在车企做销售。", "我老公在汽车企业做销售。"),
    ],
)
def test_a_restatement_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我打小就爱吃炸酱面。", "我打小就爱吃打卤面。"),
        ("我打小就怕狗。", "我从小就怕猫。"),
        ("我打小在天津长大。", "我从小在北京长大。"),
        ("我在一家新能源车企上班。", "我在一家新能源电池公司上班。"),
        ("我在一家车企上班。", "我在一家药企上班。"),
        ("我老公在车企做销售。", "我老公在车企做研发。"),
    ],
)
def test_a_near_miss_stays_apart(a: str, b: str) -> None:
    assert not _merges(a, b)
