"""In-memory fake of the graph port (see adapters/memory.py for why fakes exist and how the
contract suite in tests/contract keeps them honest). The memory role and the shared state live in
`memory_graph_memories`; subjects, the archive index, recent turns, audit and erase live here. Like
the Neo4j adapter, the class subclasses every role protocol, so drift from `mal/ports.py` fails in mypy.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from adapters.memory_audit import InMemoryAuditChain
from adapters.memory_identity import InMemoryIdentity
from mal.errors import InvalidInput
from mal.models import SEARCHABLE, MemoryStatus, SubjectKey
from mal.ports import GraphStore
from mal.records import (
    ArchivedRef,
    ArchiveRef,
    AuditEvent,
    PendingArchive,
    QuarantineHit,
    RecentTurn,
    SubjectRow,
)

__all__ = ["InMemoryGraphStore"]


class InMemoryGraphStore(InMemoryIdentity, InMemoryAuditChain, GraphStore):
    """The whole graph port over dicts (tests only: nothing persists beyond the process). Subclassing
    `GraphStore` (the union of the role protocols) makes mypy check every method against its port."""

    # -- lifecycle -------------------------------------------------------------------------
    def ensure_schema(self) -> None:
        self._check()

    def ready(self) -> None:
        self._check()

    def close(self) -> None:
        return None

    def subject_exists(self, subject: SubjectKey) -> bool:
        self._check()
        return subject in self._users

    # -- subjects, decay, archive, quarantine ------------------------------------------------
    def ensure_subject(self, subject: SubjectKey, tenant: str, now: datetime) -> set[str]:
        self._check()
        self._users.setdefault(subject, {"created_at": now})["tenant"] = tenant
        return set(self._quarantined.get(tenant, set()))

    def subjects(self, tenant: str | None, after: str = "", limit: int = 500) -> list[SubjectRow]:
        self._check()
        keys = sorted(k for k, u in self._users.items() if k > after and tenant in (None, u["tenant"]))
        return [SubjectRow(k, self._users[k]["tenant"]) for k in keys[:limit]]

    def persist_decay(self, tenant: str | None, rate: float, now: datetime) -> None:
        self._check()

    def archive_stub(self, subject: SubjectKey, memory_id: str, key: str, sha: str, reason: str, now: datetime) -> None:
        self._check()
        node = self._mine(subject, memory_id)
        if node is None:
            return
        m = node.memory
        m.status, m.updated_at = MemoryStatus.ARCHIVED, now
        m.summary, m.text, m.context, m.slots, m.relations = "", "", "", {}, []
        m.variants, m.variants_dropped = [], 0
        node.indexed = True
        node.extra.pop("archive_pending", None)
        node.extra.update(archive_key=key, archive_sha256=sha, archive_reason=reason, archived_at=now)
        self._prune_entities(subject)

    def archive_stubs(self, subject: SubjectKey, stubs: Sequence[tuple[str, str, str, str]], now: datetime) -> None:
        self._check()
        for memory_id, key, sha, reason in stubs:
            self.archive_stub(subject, memory_id, key, sha, reason, now)

    def mark_archiving(self, subject: SubjectKey, stubs: Sequence[tuple[str, str, str, str]], now: datetime) -> None:
        self._check()
        with self._lock:
            for memory_id, key, sha, reason in stubs:
                node = self._mine(subject, memory_id)
                if node is None or node.memory.status.value not in SEARCHABLE or node.extra.get("forget_pending"):
                    continue
                node.indexed, node.memory.updated_at = False, now
                node.extra.update(archive_pending=True, archive_key=key, archive_sha256=sha, archive_reason=reason)

    def archive_pending(self, older_than: datetime) -> list[PendingArchive]:
        self._check()
        return [
            PendingArchive(
                n.subject,
                self._users.get(n.subject, {}).get("tenant", "unknown"),
                n.memory.model_copy(deep=True),
                n.extra["archive_reason"],
            )
            for n in self._memories.values()
            if not n.indexed
            and n.extra.get("archive_pending")
            and not n.extra.get("forget_pending")
            and n.memory.updated_at < older_than
        ][:1000]

    def archive_ref(self, subject: SubjectKey, memory_id: str) -> ArchiveRef | None:
        self._check()
        node = self._mine(subject, memory_id)
        if node is None:
            return None
        return ArchiveRef(
            key=node.extra.get("archive_key"), sha=node.extra.get("archive_sha256"), status=node.memory.status.value
        )

    def archived_refs(self, subject: SubjectKey) -> list[ArchivedRef]:
        self._check()
        nodes = sorted(
            (n for n in self._memories.values() if n.subject == subject and n.memory.status == MemoryStatus.ARCHIVED),
            key=lambda n: n.extra.get("archived_at") or n.memory.updated_at,
        )
        return [
            ArchivedRef(
                id=n.memory.id,
                key=n.extra.get("archive_key"),
                sha=n.extra.get("archive_sha256"),
                reason=n.extra.get("archive_reason"),
                at=n.extra.get("archived_at"),
            )
            for n in nodes
        ]

    def set_source_quarantine(self, tenant: str, source: str, quarantined: bool, now: datetime) -> list[QuarantineHit]:
        self._check()
        marks = self._quarantined.setdefault(tenant, set())
        (marks.add if quarantined else marks.discard)(source)
        hits = []
        for node in self._memories.values():
            if self._users.get(node.subject, {}).get("tenant") != tenant or node.memory.source != source:
                continue
            m = node.memory
            if quarantined and m.status.value in SEARCHABLE:
                node.extra["pre_quarantine_status"], m.status = m.status, MemoryStatus.QUARANTINED
            elif not quarantined and m.status == MemoryStatus.QUARANTINED:
                m.status = node.extra.pop("pre_quarantine_status", MemoryStatus.ACTIVE)
            else:
                continue
            m.updated_at = now
            hits.append(QuarantineHit(node.subject, m.id))
        return hits

    def quarantined_sources(self, tenant: str) -> set[str]:
        self._check()
        return set(self._quarantined.get(tenant, set()))

    # -- recent turns and audit ------------------------------------------------------------
    def recent_turns(self, subject: SubjectKey) -> list[RecentTurn]:
        self._check()
        return list(self._recent.get(subject, []))

    def update_recent_turns(
        self, subject: SubjectKey, change: Callable[[list[RecentTurn]], list[RecentTurn]], now: datetime
    ) -> list[RecentTurn]:
        """Read-change-write under one lock, as Neo4j does under the User node's lock; an unknown
        (or erased) subject is never re-created."""
        self._check()
        with self._lock:
            if subject not in self._users:
                return []
            # Through JSON and back, as Neo4j stores the buffer: a fake must not keep what Neo4j drops.
            turns = [RecentTurn.from_json(t.to_json()) for t in change(list(self._recent.get(subject, [])))]
            self._recent[subject] = turns
            return list(turns)

    def append_recent_turns(self, subject: SubjectKey, turns: Sequence[RecentTurn], keep: int, now: datetime) -> int:
        def change(current: list[RecentTurn]) -> list[RecentTurn]:
            seen = {(t.session_id, t.index) for t in current}
            return (current + [t for t in turns if (t.session_id, t.index) not in seen])[-keep:]

        return len(self.update_recent_turns(subject, change, now))

    def append_audit(self, subject: SubjectKey, event: AuditEvent) -> None:
        self._check()
        if subject not in self._users:  # like Neo4j's statement: an erased subject is not re-created
            return
        # The detail goes through JSON, as Neo4j stores it (datetimes become strings, tuples lists).
        detail = json.loads(json.dumps(event.detail, ensure_ascii=False, default=str))
        self._audit.setdefault(subject, []).append(replace(event, detail=detail))

    def append_audits(self, subject: SubjectKey, events: Sequence[AuditEvent]) -> None:
        self._check()
        for event in events:
            self.append_audit(subject, event)

    def audit_trail(self, subject: SubjectKey) -> list[AuditEvent]:
        self._check()
        return sorted(self._audit.get(subject, []), key=lambda e: e.at)

    # -- erase and analysts ----------------------------------------------------------------
    def count_subject(self, subject: SubjectKey) -> int:
        self._check()
        return (
            (subject in self._users)
            + sum(1 for n in self._memories.values() if n.subject == subject)
            + len(self._entities.get(subject, set()))
            + len(self._audit.get(subject, []))
            + (subject in self._recent)
        )

    def erase_subject(self, subject: SubjectKey) -> int:
        self._check()
        with self._lock:
            before = self.count_subject(subject)
            self._users.pop(subject, None)
            for fp in [f for f, (owner, _) in self._fingerprints.items() if owner == subject]:
                del self._fingerprints[fp]
            for memory_id in [i for i, n in self._memories.items() if n.subject == subject]:
                del self._memories[memory_id]
            for table in (self._entities, self._recent, self._audit):
                table.pop(subject, None)
            return before

    def run_read_only(self, query: str, params: dict[str, Any], limit: int) -> list[dict[str, Any]]:
        raise InvalidInput(
            "analyst Cypher runs only against Neo4j; the in-memory graph has no query engine", field="query"
        )
