"""bench/dedup_lossless.py counts a fact that superseded the first capture's episode as a merge:
the pair benchmark does, and counting it as kept apart made the service look worse than it is."""

from __future__ import annotations

from datetime import UTC, datetime

from bench.dedup_lossless import _took
from mal.models import Memory
from mal.write_records import WrittenMemory


def _written(memory_id: str, action: str, provenance: list[str]) -> WrittenMemory:
    now = datetime(2026, 12, 7, tzinfo=UTC)
    memory = Memory(
        id=memory_id,
        kind="budget",
        summary="用户房租：3800",
        text="我每月房租三千八",
        provenance=provenance,
        created_at=now,
        updated_at=now,
        last_reinforced=now,
        last_accessed=now,
    )
    return WrittenMemory(memory=memory, action=action)  # type: ignore[arg-type]


def test_the_same_memory_reinforced_is_a_merge() -> None:
    assert _took(_written("m1", "reinforced", ["s0:0", "s1:0"]), {"m1"}, {"s0:0"}) == "reinforced"


def test_a_new_fact_carrying_the_episode_turns_superseded_it() -> None:
    assert _took(_written("m2", "created", ["s0:0", "s1:0"]), {"m1"}, {"s0:0"}) == "superseded"


def test_a_new_memory_of_its_own_turn_only_took_nothing() -> None:
    assert _took(_written("m2", "created", ["s1:0"]), {"m1"}, {"s0:0"}) == ""
    assert _took(_written("m2", "disputed", ["s0:0", "s1:0"]), {"m1"}, {"s0:0"}) == ""
    assert _took(_written("m2", "created", ["s1:0"]), {"m1"}, set()) == ""
