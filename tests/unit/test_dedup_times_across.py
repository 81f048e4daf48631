"""Time words across the two languages (mal/dedup_times_across.py): a memory and its translation name
one time in two vocabularies (早上 / morning, 下周 / next week) and the `times` check no longer vetoes
them; another time in the translation still differs. Every sentence here is new (none is in a pair
set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_times_across import times_translated
from tests.dedup_memories import memory


def reasons(a: str, b: str) -> list[list[str]]:
    x, y = memory("episode", a), memory("episode", b)
    return [dedup.veto_reasons(x, y), dedup.veto_reasons(y, x)]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我每天早上冥想", "User meditates every morning"),
        ("我下周二要去深圳开会", "User has a meeting in Shenzhen next Tuesday"),
        ("我明年要去冰岛", "I'm going to Iceland next year"),
        ("我每天晚上遛狗", "I walk my dog every night"),
    ],
)
def test_a_translated_time_is_no_other_time(a: str, b: str) -> None:
    assert all("times" not in r for r in reasons(a, b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我每周日下午去打羽毛球", "User plays badminton every Sunday morning"),
        ("我下周二要去深圳开会", "User has a meeting in Shenzhen next month"),
        ("我明年要去冰岛", "I went to Iceland last year"),
    ],
)
def test_another_time_in_the_translation_still_differs(a: str, b: str) -> None:
    assert all(r for r in reasons(a, b))
    x, y = memory("episode", a), memory("episode", b)
    assert not dedup.same_fact(x, y, 1.0)


def test_only_two_scripts_are_read_across() -> None:
    # English-only distinctions stay: evening / night are two times within one language
    assert not times_translated(frozenset({"evening"}), frozenset({"night"}))
    assert times_translated(frozenset({"晚上"}), frozenset({"night"}))
    assert times_translated(frozenset({"下周"}), frozenset({"next"}))
    assert not times_translated(frozenset({"下周"}), frozenset({"next", "month"}))
