"""The bounded buffer of the last N turns (seed 000's "recent conversation" injection).

Every change happens under the subject's lock in the graph store, so concurrent captures of one
subject each keep all their turns, and a forget removes its turns for good. A capture sends only
its new turns (the store merges and trims them); other changes read, change and write the buffer.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Protocol

from mal.models import Turn
from mal.ports import RecentTurnsStore, SubjectRegistry
from mal.records import RecentTurn
from mal.scope import SubjectScope

__all__ = ["RecentBuffer", "RecentGraph", "turn_ref"]


def turn_ref(session_id: str, index: int, turn: Turn) -> str:
    """The provenance ref a memory records for the turn it came from (the caller's id if given)."""
    return turn.ref or f"{session_id}:{index}"


class RecentGraph(RecentTurnsStore, SubjectRegistry, Protocol):
    """The roles the buffer uses: the turns, and the tenant's quarantined sources (hidden on read)."""


class RecentBuffer:
    def __init__(self, graph: RecentGraph, max_turns: int) -> None:
        self._graph = graph
        self._max = max_turns

    def append(
        self,
        scope: SubjectScope,
        session_id: str,
        turns: list[Turn],
        now: datetime,
        source: str = "api",
        skip: Collection[int] = (),
    ) -> int:
        """Merge turns keyed by (session, position), so a replayed request adds nothing. Turns at
        `skip` positions (forget requests, and turns whose memory was just forgotten) are left out."""
        if self._max == 0:
            return 0
        new = [
            RecentTurn(
                session_id=session_id,
                index=index,
                ref=turn_ref(session_id, index, turn),
                role=turn.role,
                content=turn.content,
                at=(turn.at or now).isoformat(),
                source=source,
                stored_at=now.isoformat(),
            )
            for index, turn in enumerate(turns)
            if index not in skip
        ]
        # Only the new turns go to the store; it merges and trims under the subject's lock.
        return self._graph.append_recent_turns(scope.subject, new, self._max, now)

    def drop(self, scope: SubjectScope, refs: Collection[str], now: datetime) -> int:
        """Remove the turns a forgotten memory came from; returns how many were removed."""
        if not refs:
            return 0
        wanted = set(refs)
        removed = {"n": 0}

        def change(current: list[RecentTurn]) -> list[RecentTurn]:
            kept = [t for t in current if t.ref not in wanted]
            removed["n"] = len(current) - len(kept)
            return kept

        self._graph.update_recent_turns(scope.subject, change, now)
        return removed["n"]

    def get(self, scope: SubjectScope, limit: int) -> list[RecentTurn]:
        """The last turns, minus those from a quarantined source."""
        if limit <= 0:
            return []
        hidden = self._graph.quarantined_sources(scope.tenant)
        turns = [t for t in self._graph.recent_turns(scope.subject) if t.source not in hidden]
        return turns[-limit:]
