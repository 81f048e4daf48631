"""Source quarantine: an admin takes every memory one source wrote out of search and context (and
back). A trust decision about a source, not part of decay, so it is its own small service."""

from __future__ import annotations

from typing import Protocol

from mal.audit import AuditType, audit_event
from mal.ports import AuditLog, Clock, SubjectRegistry

__all__ = ["Quarantine"]


class QuarantineGraph(SubjectRegistry, AuditLog, Protocol):
    """The graph roles quarantine uses: the tenant's sources and the audit log."""


class Quarantine:
    def __init__(self, graph: QuarantineGraph, clock: Clock) -> None:
        self._graph = graph
        self._clock = clock

    def set(self, tenant: str, source: str, release: bool = False) -> int:
        """Quarantine (or release) `source` in `tenant`; one audit event per memory it touched.
        Returns how many memories changed."""
        now = self._clock.now()
        hits = self._graph.set_source_quarantine(tenant, source, not release, now)
        kind = AuditType.RELEASED if release else AuditType.QUARANTINED
        for subject, memory_id in hits:
            self._graph.append_audit(subject, audit_event(kind, memory_id, now, {"source": source}))
        return len(hits)
