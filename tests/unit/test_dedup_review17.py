"""Near misses that passed every veto once writer29 (blind15) retired into training and shut the
learned layer (thresholds above 1): "well" read as the filler "Well, ..." wherever it stood (medium
rare / medium well), and a to-do's task, the turn's own words, never checked for one word swapped
(lunch / dinner with the same friend on the same day); and, from last round's review, a Chinese count
read with the size prefix instead of its thing (两只小猫和一只小狗 / 两只小狗和一只小猫).
Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes
from tests.dedup_memories import memory as _memory


def ep(text: str) -> Memory:
    return _memory("episode", text)


def liked(text: str, item: str) -> Memory:
    return _memory("preference", text, item=item, polarity="like")


def todo(text: str, date: str) -> Memory:
    """A to-do as the parser gives it: the whole turn is the task."""
    return _memory("todo", text, task=text, date=date)


NEVER = [
    # a count read with its thing after a size prefix (小 / 大), not the prefix
    ("counted", ep("我家养了三只小兔和一只小狗"), ep("我家养了三只小狗和一只小兔")),
    # "well" after a word says how, it is no filler
    (
        "swap",
        liked("I order my burger medium rare", "burger medium rare"),
        liked("I order my burger medium well", "burger medium well"),
    ),
    ("substitution", ep("My daughter sleeps well at night"), ep("My daughter sleeps badly at night")),
    # a to-do's task is loose text: one word swapped is another plan
    (
        "substitution",
        todo("I'm seeing Priya for coffee on Monday", "2026-12-07"),
        todo("User is seeing Priya for breakfast on Monday", "2026-12-07"),
    ),
    (
        "substitution",
        todo("Call the dentist on Friday", "2026-12-04"),
        todo("Call the plumber on Friday", "2026-12-04"),
    ),
]

PASS = [
    ("counted", ep("我家养了三只小兔和一只小狗"), ep("我家养了一只小狗，还有三只小兔")),
    (
        "swap",
        liked("Well, I like my burger medium rare", "burger medium rare"),
        liked("I like my burger medium rare", "burger medium rare"),
    ),
    ("swap", liked("I like oolong tea as well", "oolong tea"), liked("I also like oolong tea", "oolong tea")),
    (
        "substitution",
        todo("I'm seeing Priya for coffee on Monday", "2026-12-07"),
        todo("User is seeing Priya for coffee on Monday", "2026-12-07"),
    ),
    ("substitution", todo("下周一要交季度报告", "2026-12-07"), todo("下周一得交季度报告", "2026-12-07")),
]


@pytest.mark.parametrize(("family", "old", "new"), NEVER)
def test_near_miss_never_merges(family: str, old: Memory, new: Memory) -> None:
    assert_family_vetoes(family, old, new)


@pytest.mark.parametrize(("family", "old", "new"), PASS)
def test_restatement_is_not_caught(family: str, old: Memory, new: Memory) -> None:
    assert_family_silent(family, old, new)


def test_a_discourse_well_is_still_a_filler() -> None:
    a, b = (
        liked("Well, I like my burger medium rare", "burger medium rare"),
        liked("I like my burger medium rare", "burger medium rare"),
    )
    assert dedup.veto_reasons(a, b) == []
    assert dedup.agree(a, b)
