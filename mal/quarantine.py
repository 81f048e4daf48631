"""Source quarantine: an admin takes every memory one source wrote out of search and context (and
back). A trust decision about a source, not part of decay, so it is its own small service."""

from __future__ import annotations

from mal.audit import AuditEvent, audit_event
from mal.ports import Clock, GraphStore

__all__ = ["Quarantine"]


class Quarantine:
    def __init__(self, graph: GraphStore, clock: Clock) -> None:
        self._graph = graph
        self._clock = clock

    def set(self, tenant: str, source: str, release: bool = False) -> int:
        """Quarantine (or release) `source` in `tenant`; one audit event per memory it touched.
        Returns how many memories changed."""
        now = self._clock.now()
        hits = self._graph.set_source_quarantine(tenant, source, not release, now)
        kind = AuditEvent.RELEASED if release else AuditEvent.QUARANTINED
        for subject, memory_id in hits:
            self._graph.append_audit(subject, audit_event(kind, memory_id, now, {"source": source}))
        return len(hits)
