"""The bounded buffer of the last N turns (seed 000's "recent conversation" injection)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from mal.models import Turn
from mal.ports import GraphStore
from mal.scope import SubjectScope

__all__ = ["RecentBuffer"]


class RecentBuffer:
    def __init__(self, graph: GraphStore, max_turns: int) -> None:
        self._graph = graph
        self._max = max_turns

    def append(self, scope: SubjectScope, session_id: str, turns: list[Turn], now: datetime, source: str = "api") -> int:
        """Merge turns keyed by (session, position), so a replayed request adds nothing."""
        if self._max == 0:
            return 0
        current = self._graph.recent_turns(scope.subject)
        seen = {(t.get("session_id"), t.get("index")) for t in current}
        for index, turn in enumerate(turns):
            if (session_id, index) in seen:
                continue
            current.append({
                "session_id": session_id, "index": index, "role": turn.role, "content": turn.content,
                "at": (turn.at or now).isoformat(), "source": source,
            })
        kept = current[-self._max:]
        self._graph.save_recent_turns(scope.subject, kept, now)
        return len(kept)

    def get(self, scope: SubjectScope, limit: int) -> list[dict[str, Any]]:
        """The last turns, minus those from a quarantined source."""
        if limit <= 0:
            return []
        hidden = self._graph.quarantined_sources(scope.tenant)
        turns = [t for t in self._graph.recent_turns(scope.subject) if t.get("source", "api") not in hidden]
        return turns[-limit:]
