"""Exclusive stage timings of one request (issue #13): where a capture's milliseconds go.

A capture interleaves its stages (a conflict read in the middle of the rules, an insert flush
before a forget turn), so the timer is a stack: entering a stage pauses the one around it, and
every millisecond is charged to exactly one stage. The stages therefore add up to the total,
and the largest one is the stage that limits the request. Only names and durations are kept:
no text, no ids (they go into responses, metrics and bench results)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["CAPTURE_STAGES", "Stages"]

# Every capture reports all of these (0.0 when a stage did not run), in pipeline order, so that
# means over many captures compare like with like.
CAPTURE_STAGES = (
    "prepare",  # sanitize, redact identifiers, ensure the subject
    "parse",  # the rule parser, every user turn
    "candidates",  # entities and the memory records of every fact
    "passage_encode",  # one embedding batch for the capture's candidates
    "dedup_reads",  # replay check + dedup nearest neighbours of every candidate, up front
    "rules",  # per-turn decisions and their live reads/writes (conflicts, reinforcements, forgets)
    "neo4j_insert",  # the one claim-and-insert transaction of the new memories
    "weaviate_batch",  # one batch insert of the new vectors
    "mark_indexed",  # one statement makes the capture's memories visible
    "weaviate_retext",  # one PATCH per reinforced memory that gained a variant (mal/variants.py)
    "audit",  # the capture's audit lines, one append
    "recent",  # the recent-turns buffer
)


class Stages:
    """`with stages("parse"): ...` charges the block's wall time to "parse", minus any nested
    stage's time (charged to that stage). Not thread-safe: one per request."""

    def __init__(self, names: tuple[str, ...] = CAPTURE_STAGES) -> None:
        self._ms: dict[str, float] = dict.fromkeys(names, 0.0)
        self._stack: list[str] = []
        self._mark = time.perf_counter()
        self._began = self._mark

    def _charge(self) -> None:
        now = time.perf_counter()
        if self._stack:
            name = self._stack[-1]
            self._ms[name] = self._ms.get(name, 0.0) + (now - self._mark) * 1000
        self._mark = now

    @contextmanager
    def __call__(self, name: str) -> Iterator[None]:
        self._charge()
        self._stack.append(name)
        try:
            yield
        finally:
            self._charge()
            self._stack.pop()

    def add(self, name: str, ms: float) -> None:
        """A stage timed elsewhere (e.g. the API's own reads around the pipeline)."""
        self._ms[name] = self._ms.get(name, 0.0) + ms

    def as_dict(self) -> dict[str, float]:
        """Rounded stage times, `other` (time outside every stage: building candidates, bookkeeping)
        and `total` (wall time since the timer was made)."""
        total = (time.perf_counter() - self._began) * 1000
        out = {k: round(v, 2) for k, v in self._ms.items()}
        out["other"] = round(max(0.0, total - sum(self._ms.values())), 2)
        out["total"] = round(total, 2)
        return out
