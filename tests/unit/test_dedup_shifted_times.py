"""A state (profile, preference, family_health) may drop a time only one text says when that time
holds now (今年, "these days"), never one that moves the fact away from now (writer31: "I'm 34" /
"I'll be 34 next month" merged as the same age)."""

from __future__ import annotations

import pytest

from mal import dedup
from tests.dedup_memories import memory


@pytest.mark.parametrize(
    ("fact", "episode"),
    [
        ("I'm 27", "I'll be 27 next week"),
        ("I am 61", "I turned 61 last month"),
        ("我29岁", "我下个月就29岁了"),
        ("我41岁", "我去年41岁"),
    ],
)
def test_a_state_does_not_drop_a_time_that_moves_it(fact: str, episode: str) -> None:
    value = "".join(c for c in fact if c.isdigit())
    old, new = memory("profile", fact, field="age", value=value), memory("episode", episode)
    for x, y in ((old, new), (new, old)):
        assert "times" in dedup.veto_reasons(x, y)
        assert not dedup.same_fact(x, y, 1.0)


@pytest.mark.parametrize(("fact", "episode"), [("我29岁", "我今年29岁"), ("I'm 27", "I'm 27 this year")])
def test_a_state_still_drops_a_time_that_holds_now(fact: str, episode: str) -> None:
    value = "".join(c for c in fact if c.isdigit())
    old, new = memory("profile", fact, field="age", value=value), memory("episode", episode)
    for x, y in ((old, new), (new, old)):
        assert "times" not in dedup.veto_reasons(x, y)
