"""In-memory fake of the graph port (see adapters/memory.py for why fakes exist and how the
contract suite in tests/contract keeps them honest)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from mal.errors import InvalidInput, StoreUnavailable
from mal.models import Entity, GraphHit, Memory, MemoryStatus, SubjectKey

__all__ = ["InMemoryGraphStore"]


@dataclass
class _Node:
    subject: SubjectKey
    memory: Memory
    indexed: bool
    extra: dict[str, Any] = field(default_factory=dict)


class InMemoryGraphStore:
    """The graph port over dicts, with the same scoping rule as the Neo4j adapter: every read and
    write names the subject, and a memory id owned by another subject is refused."""

    def __init__(self) -> None:
        self._users: dict[SubjectKey, dict[str, Any]] = {}
        self._memories: dict[str, _Node] = {}
        self._entities: dict[SubjectKey, set[tuple[str, str]]] = {}
        self._recent: dict[SubjectKey, list[dict[str, Any]]] = {}
        self._audit: dict[SubjectKey, list[dict[str, Any]]] = {}
        self._quarantined: dict[str, set[str]] = {}
        self._fingerprints: dict[str, tuple[SubjectKey, str]] = {}  # fingerprint -> (subject, memory id)
        self._lock = threading.RLock()
        self.down = False

    def _check(self) -> None:
        if self.down:
            raise StoreUnavailable("neo4j", "ServiceUnavailable (simulated)")

    def _mine(self, subject: SubjectKey, memory_id: str) -> _Node | None:
        node = self._memories.get(memory_id)
        return node if node is not None and node.subject == subject else None

    # -- lifecycle -------------------------------------------------------------------------
    def ensure_schema(self) -> None:
        self._check()

    def ready(self) -> None:
        self._check()

    def close(self) -> None:
        return None

    # -- memories --------------------------------------------------------------------------
    def get(self, subject: SubjectKey, memory_id: str) -> Memory | None:
        self._check()
        node = self._mine(subject, memory_id)
        return node.memory.model_copy(deep=True) if node else None

    def upsert(self, subject: SubjectKey, memory: Memory, indexed: bool) -> None:
        self._check()
        with self._lock:
            existing = self._memories.get(memory.id)
            if existing is not None and existing.subject != subject:
                raise InvalidInput(f"memory id {memory.id} belongs to another subject", field="id")
            if subject not in self._users:  # only ensure_subject creates a user (it carries the tenant)
                raise InvalidInput(f"memory id {memory.id} belongs to another subject", field="id")
            extra = existing.extra if existing else {}
            self._memories[memory.id] = _Node(subject, memory.model_copy(deep=True), indexed, extra)
            for relation in memory.relations:
                self._entities.setdefault(subject, set()).add((relation.entity.type, relation.entity.name))

    def insert_new(self, subject: SubjectKey, memory: Memory, fingerprint: str) -> str:
        """Claim the fingerprint and write the memory unindexed, atomically (one lock here, one
        transaction in Neo4j). A live owner of the same fingerprint wins; the caller reinforces it."""
        self._check()
        with self._lock:
            if subject not in self._users:
                raise InvalidInput("unknown subject", field="X-User-Id")
            claimed = self._fingerprints.get(fingerprint)
            if claimed is not None:
                owner = self._mine(subject, claimed[1])
                if owner is not None and owner.memory.status.value in {"active", "disputed", "quarantined"}:
                    return owner.memory.id
            self._fingerprints[fingerprint] = (subject, memory.id)
            self.upsert(subject, memory, indexed=False)
            return memory.id

    def reinforce(
        self,
        subject: SubjectKey,
        memory_id: str,
        event: str,
        provenance: Sequence[str],
        now: datetime,
        rate: float,
        step: float,
        max_weight: float,
    ) -> Memory | None:
        self._check()
        with self._lock:
            node = self._mine(subject, memory_id)
            if node is None:
                return None
            m = node.memory
            days = max((now - m.last_reinforced).total_seconds(), 0.0) / 86400.0
            m.weight = min(m.weight * rate**days + step, max_weight)
            m.last_reinforced = m.updated_at = now
            if event not in m.events:
                m.events.append(event)
            m.provenance = [*m.provenance, *(p for p in provenance if p not in m.provenance)]
            return m.model_copy(deep=True)

    def forget_memory(self, subject: SubjectKey, memory_id: str, now: datetime) -> bool:
        """Tombstone without text; links go, entities nothing else refers to go, the fingerprint goes."""
        self._check()
        with self._lock:
            node = self._mine(subject, memory_id)
            if node is None:
                return False
            m = node.memory
            m.status, m.updated_at = MemoryStatus.FORGOTTEN, now
            m.summary, m.text, m.context, m.slots, m.relations = "", "", "", {}, []
            node.indexed = True
            for key in ("archive_key", "archive_sha256", "pre_quarantine_status"):
                node.extra.pop(key, None)
            self._drop_fingerprints(memory_id)
            self._prune_entities(subject)
            return True

    def clear_context(self, subject: SubjectKey, memory_id: str, context: str, now: datetime) -> list[Memory]:
        self._check()
        if not context:
            return []
        changed = []
        for node in self._memories.values():
            if node.subject == subject and node.memory.id != memory_id and node.memory.context == context:
                node.memory.context, node.memory.updated_at = "", now
                changed.append(node.memory.model_copy(deep=True))
        return changed

    def subject_exists(self, subject: SubjectKey) -> bool:
        self._check()
        return subject in self._users

    def _drop_fingerprints(self, memory_id: str) -> None:
        for fp in [f for f, (_, owner) in self._fingerprints.items() if owner == memory_id]:
            del self._fingerprints[fp]

    def _prune_entities(self, subject: SubjectKey) -> None:
        used = {
            (r.entity.type, r.entity.name)
            for n in self._memories.values()
            if n.subject == subject
            for r in n.memory.relations
        }
        if subject in self._entities:
            self._entities[subject] &= used

    def by_event(self, subject: SubjectKey, event: str) -> Memory | None:
        self._check()
        for node in self._memories.values():
            if (
                node.subject == subject
                and node.memory.status.value in {"active", "disputed", "quarantined"}
                and any(e.split(":", 1)[0] == event for e in node.memory.events)
            ):
                return node.memory.model_copy(deep=True)
        return None

    def mark_indexed(self, subject: SubjectKey, memory_id: str) -> None:
        self._check()
        node = self._mine(subject, memory_id)
        if node:
            node.indexed = True

    def delete(self, subject: SubjectKey, memory_id: str) -> None:
        self._check()
        with self._lock:
            if self._mine(subject, memory_id):
                del self._memories[memory_id]
                self._drop_fingerprints(memory_id)

    def active_of_kind(self, subject: SubjectKey, kind: str) -> list[Memory]:
        self._check()
        found = [
            n.memory
            for n in self._memories.values()
            if n.subject == subject and n.memory.kind == kind and n.memory.status.value in {"active", "disputed"}
        ]
        return [m.model_copy(deep=True) for m in sorted(found, key=lambda m: m.created_at)]

    def by_ids(self, subject: SubjectKey, ids: Sequence[str], statuses: Sequence[str]) -> list[GraphHit]:
        self._check()
        hits = []
        for memory_id in ids:
            node = self._mine(subject, memory_id)
            if node is None or not node.indexed or node.memory.status.value not in statuses:
                continue
            entities = {(r.entity.type, r.entity.name) for r in node.memory.relations}
            related = [
                {
                    "id": o.memory.id,
                    "kind": o.memory.kind,
                    "summary": o.memory.summary,
                    "status": o.memory.status.value,
                    "pending": o.memory.kind in ("todo", "schedule"),
                }
                for o in self._memories.values()
                if o.subject == subject
                and o.memory.id != memory_id
                and o.memory.status.value in {"active", "disputed"}
                and entities & {(r.entity.type, r.entity.name) for r in o.memory.relations}
            ][:5]
            hits.append(
                GraphHit(
                    memory=node.memory.model_copy(deep=True),
                    entities=[Entity(type=t, name=n) for t, n in sorted(entities)],
                    related=related,
                )
            )
        return hits

    def list_memories(
        self, subject: SubjectKey, statuses: Sequence[str] | None, kinds: Sequence[str] | None, offset: int, limit: int
    ) -> tuple[list[Memory], int]:
        self._check()
        found = [
            n.memory
            for n in self._memories.values()
            if n.subject == subject
            and n.indexed
            and (statuses is None or n.memory.status.value in statuses)
            and (kinds is None or n.memory.kind in kinds)
        ]
        found.sort(key=lambda m: m.id)
        found.sort(key=lambda m: m.created_at, reverse=True)
        return [m.model_copy(deep=True) for m in found[offset : offset + limit]], len(found)

    def set_status(self, subject: SubjectKey, ids: Sequence[str], status: str, at: datetime) -> int:
        self._check()
        changed = 0
        for memory_id in ids:
            node = self._mine(subject, memory_id)
            if node:
                node.memory.status, node.memory.updated_at = MemoryStatus(status), at
                changed += 1
        return changed

    def set_weight(
        self, subject: SubjectKey, memory_id: str, weight: float, at: datetime, valid_to: datetime | None = None
    ) -> None:
        self._check()
        node = self._mine(subject, memory_id)
        if node:
            m = node.memory
            m.weight, m.last_reinforced, m.updated_at = weight, at, at
            m.valid_to = valid_to or m.valid_to

    def touch(self, subject: SubjectKey, ids: Sequence[str], at: datetime) -> None:
        self._check()
        for memory_id in ids:
            node = self._mine(subject, memory_id)
            if node:
                node.memory.last_accessed = at

    def unindexed(self, subject: SubjectKey | None, older_than: datetime) -> list[tuple[str, Memory]]:
        self._check()
        return [
            (n.subject, n.memory.model_copy(deep=True))
            for n in self._memories.values()
            if not n.indexed and n.memory.updated_at < older_than and subject in (None, n.subject)
        ][:1000]

    # -- subjects, decay, archive, quarantine ------------------------------------------------
    def ensure_subject(self, subject: SubjectKey, tenant: str, now: datetime) -> set[str]:
        self._check()
        self._users.setdefault(subject, {"created_at": now})["tenant"] = tenant
        return set(self._quarantined.get(tenant, set()))

    def subjects(self, tenant: str | None, after: str = "", limit: int = 500) -> list[tuple[str, str]]:
        self._check()
        keys = sorted(k for k, u in self._users.items() if k > after and tenant in (None, u["tenant"]))
        return [(k, self._users[k]["tenant"]) for k in keys[:limit]]

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
        node.indexed = True
        node.extra.update(archive_key=key, archive_sha256=sha, archive_reason=reason, archived_at=now)
        self._prune_entities(subject)

    def archive_ref(self, subject: SubjectKey, memory_id: str) -> dict[str, Any] | None:
        self._check()
        node = self._mine(subject, memory_id)
        if node is None:
            return None
        return {
            "key": node.extra.get("archive_key"),
            "sha": node.extra.get("archive_sha256"),
            "status": node.memory.status.value,
        }

    def archived_refs(self, subject: SubjectKey) -> list[dict[str, Any]]:
        self._check()
        nodes = sorted(
            (n for n in self._memories.values() if n.subject == subject and n.memory.status == MemoryStatus.ARCHIVED),
            key=lambda n: n.extra.get("archived_at") or n.memory.updated_at,
        )
        return [
            {
                "id": n.memory.id,
                "key": n.extra.get("archive_key"),
                "sha": n.extra.get("archive_sha256"),
                "reason": n.extra.get("archive_reason"),
                "at": n.extra["archived_at"].isoformat() if n.extra.get("archived_at") else None,
            }
            for n in nodes
        ]

    def set_source_quarantine(
        self, tenant: str, source: str, quarantined: bool, now: datetime
    ) -> list[tuple[str, str]]:
        self._check()
        marks = self._quarantined.setdefault(tenant, set())
        (marks.add if quarantined else marks.discard)(source)
        hits = []
        for node in self._memories.values():
            if self._users.get(node.subject, {}).get("tenant") != tenant or node.memory.source != source:
                continue
            m = node.memory
            if quarantined and m.status.value in {"active", "disputed"}:
                node.extra["pre_quarantine_status"], m.status = m.status, MemoryStatus.QUARANTINED
            elif not quarantined and m.status == MemoryStatus.QUARANTINED:
                m.status = node.extra.pop("pre_quarantine_status", MemoryStatus.ACTIVE)
            else:
                continue
            m.updated_at = now
            hits.append((node.subject, m.id))
        return hits

    def quarantined_sources(self, tenant: str) -> set[str]:
        self._check()
        return set(self._quarantined.get(tenant, set()))

    def quadruples(self, subject: SubjectKey) -> list[dict[str, Any]]:
        self._check()
        rows = [
            {
                "relation": r.type,
                "entity": r.entity.name,
                "entity_type": r.entity.type,
                "detail": r.detail,
                "at": (r.at or n.memory.created_at).isoformat(),
                "weight": n.memory.weight,
                "memory_id": n.memory.id,
            }
            for n in self._memories.values()
            if n.subject == subject
            for r in n.memory.relations
        ]
        return sorted(rows, key=lambda row: (row["at"], row["memory_id"]))

    # -- recent turns and audit ------------------------------------------------------------
    def recent_turns(self, subject: SubjectKey) -> list[dict[str, Any]]:
        self._check()
        return [dict(t) for t in self._recent.get(subject, [])]

    def update_recent_turns(
        self, subject: SubjectKey, change: Callable[[list[dict[str, Any]]], list[dict[str, Any]]], now: datetime
    ) -> list[dict[str, Any]]:
        """Read-change-write under one lock, as Neo4j does under the User node's lock; an unknown
        (or erased) subject is never re-created."""
        self._check()
        with self._lock:
            if subject not in self._users:
                return []
            turns = change([dict(t) for t in self._recent.get(subject, [])])
            self._recent[subject] = [dict(t) for t in turns]
            return [dict(t) for t in turns]

    def append_audit(self, subject: SubjectKey, event: dict[str, Any]) -> None:
        self._check()
        if subject not in self._users:  # like Neo4j's statement: an erased subject is not re-created
            return
        self._audit.setdefault(subject, []).append(
            {
                "at": event["at"],
                "type": event["type"],
                "memory_id": event.get("memory_id"),
                "detail": json.loads(json.dumps(event.get("detail", {}), default=str)),
            }
        )

    def audit_trail(self, subject: SubjectKey) -> list[dict[str, Any]]:
        self._check()
        trail = sorted(self._audit.get(subject, []), key=lambda e: e["at"])
        return [{**e, "at": e["at"].isoformat()} for e in trail]

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

    def clear_query_stats(self) -> None:
        self._check()  # no query statistics are kept here

    def run_read_only(self, query: str, params: dict[str, Any], limit: int) -> list[dict[str, Any]]:
        raise InvalidInput(
            "analyst Cypher runs only against Neo4j; the in-memory graph has no query engine", field="query"
        )
