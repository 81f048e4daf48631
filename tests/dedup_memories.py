"""Memories built by hand for the dedup rule's unit tests: kind, slots and text as the parser would
give them, so the tests do not depend on how the parser reads a sentence this week."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from mal.models import Memory

NOW = datetime(2026, 12, 1, 12, tzinfo=UTC)


def memory(kind: str, text: str, **slots: Any) -> Memory:
    """An episode keeps its text as its content; a fact takes the slots given."""
    if kind == "episode":
        slots = {"content": text}
    lang = "zh" if any("\u4e00" <= c <= "\u9fff" for c in text) else "en"
    return Memory(
        id=f"m-{kind}-{abs(hash(text))}",
        kind=kind,
        summary=text,
        slots=slots,
        text=text,
        lang=lang,
        created_at=NOW,
        updated_at=NOW,
        last_reinforced=NOW,
        last_accessed=NOW,
    )


def assert_family_vetoes(family: str, old: Memory, new: Memory) -> None:
    """A review's near miss: its family is among the veto's reasons in both orders, and the pair never
    merges, not even at cosine 1.0."""
    from mal import dedup

    for x, y in ((old, new), (new, old)):
        assert family in dedup.veto_reasons(x, y), (family, dedup.veto_reasons(x, y))
        assert not dedup.same_fact(x, y, 1.0), family


def assert_family_silent(family: str, old: Memory, new: Memory) -> None:
    """A restatement beside a review's family: the family is not among the veto's reasons."""
    from mal import dedup

    for x, y in ((old, new), (new, old)):
        assert family not in dedup.veto_reasons(x, y), family


def assert_passes_veto(a: str, b: str) -> None:
    """A restatement of two episodes: no hard veto fires, in either order (the model may decide)."""
    from mal import dedup

    for x, y in ((memory("episode", a), memory("episode", b)), (memory("episode", b), memory("episode", a))):
        assert dedup.veto_reasons(x, y) == [], (x.text, y.text, dedup.veto_reasons(x, y))


def assert_vetoed(a: str, b: str) -> None:
    """A near miss of two episodes: some veto fires in either order, and it never merges."""
    from mal import dedup

    for x, y in ((memory("episode", a), memory("episode", b)), (memory("episode", b), memory("episode", a))):
        assert dedup.veto_reasons(x, y), (x.text, y.text)
        assert not dedup.same_fact(x, y, 1.0)


def merged_any(a: str, b: str) -> bool:
    """Two texts merge in any reading: as episodes, or as the parser reads them (each pairing, both
    orders, at cosine 0.95). Shared by the twenty-first round's reading tests."""
    from bench.dedup_eval import memories
    from mal import dedup

    def either(x: Memory, y: Memory) -> bool:
        return dedup.same_fact(x, y, 0.95) or dedup.same_fact(y, x, 0.95)

    return either(memory("episode", a), memory("episode", b)) or any(
        either(x, y) for x in memories(a) for y in memories(b)
    )
