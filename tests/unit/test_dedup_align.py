"""The cross-language detail comparison (mal/dedup_align.py): a detail swapped for another across
Chinese and English is a content word on each side that nothing translates (the veto family
"unaligned_detail"); a faithful translation is no swap. The cross-language band below the normal
gate stays the word rules' alone (mal/dedup_gate.py `judged`)."""

from __future__ import annotations

import pytest

from mal import dedup_align
from mal.dedup_gate import judged
from tests.dedup_memories import assert_family_silent, assert_family_vetoes, memory

FAMILY = "unaligned_detail"


@pytest.mark.parametrize(
    ("zh", "en"),
    [
        ("我每天骑自行车上学", "I ride the subway to school every day"),  # another vehicle
        ("我右肩膀疼了一个月", "My left shoulder has hurt for a month"),  # the other side
        ("我在客厅放了一台电视", "I put a piano in the living room"),  # another thing
        ("我女儿戴着一条项链", "My daughter wears a bracelet"),  # another piece of jewellery
    ],
)
def test_a_detail_swapped_across_languages_is_vetoed(zh: str, en: str) -> None:
    assert_family_vetoes(FAMILY, memory("episode", zh), memory("episode", en))


@pytest.mark.parametrize(
    ("zh", "en"),
    [
        ("我每天骑自行车上班", "I ride my bike to work every day"),
        ("我右肩膀疼了一个月", "My right shoulder has hurt for a month"),
        ("我在客厅放了一台钢琴", "I put a piano in the living room"),
        ("我女儿戴着一条项链", "My daughter wears a necklace"),
    ],
)
def test_a_faithful_translation_is_no_swap(zh: str, en: str) -> None:
    assert_family_silent(FAMILY, memory("episode", zh), memory("episode", en))
    assert not dedup_align.swapped_detail(zh, en)


def test_the_unaligned_words_of_each_side() -> None:
    # after the bilingual rewrite ("living room" is 客厅 on both sides) only the swapped things are left
    left_zh, left_en = dedup_align.unaligned("我在客厅放了一台电视", "i put a piano in the 客厅")
    assert "电视" in left_zh
    assert left_en == {"piano"}


def test_one_language_has_nothing_to_align() -> None:
    assert not dedup_align.swapped_detail("我每天骑自行车上学", "我每天坐地铁上学")
    assert not dedup_align.swapped_detail("I ride my bike to school", "I take the subway to school")


def test_below_the_normal_gate_the_model_is_never_asked() -> None:
    # the band between the gates stays the word rules' alone: opening it to the model for pairs with
    # nothing left on one side merged a qualifier only one side said (a fresh writer's near misses)
    faithful = (memory("episode", "我在客厅放了一台钢琴"), memory("episode", "I put a piano in the living room"))
    swapped = (memory("episode", "我在客厅放了一台电视"), memory("episode", "I put a piano in the living room"))
    assert not judged(*faithful, 0.86, 0.89, 0.83)
    assert judged(*swapped, 0.90, 0.89, 0.83)  # above the normal gate every pair is judged (and vetoed)
