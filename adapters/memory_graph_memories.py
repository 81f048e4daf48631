"""In-memory fake of the graph's memory role (`MemoryStore`), with the state the whole fake shares.
See adapters/memory.py for why fakes exist and how tests/contract keeps them honest."""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from adapters.neo4j_cypher_memories import RELATED_MAX_DF
from mal import variants
from mal.errors import InvalidInput, StoreUnavailable
from mal.models import HOLDS_FACT, SEARCHABLE, Entity, GraphHit, Memory, MemoryStatus, SubjectKey
from mal.ports import MemoryStore
from mal.profile import PROFILE_RULES, is_evidence
from mal.records import AuditEvent, Expansion, ProfileEvidence, Quadruple, RecentTurn
from parsers import conflict_key

__all__ = ["InMemoryMemories"]


@dataclass
class _Node:
    subject: SubjectKey
    memory: Memory
    indexed: bool
    extra: dict[str, Any] = field(default_factory=dict)


class InMemoryMemories(MemoryStore):
    """The memory role over dicts, with the same scoping rule as the Neo4j adapter: every read and
    write names the subject, and a memory id owned by another subject is refused."""

    def __init__(self) -> None:
        self._users: dict[SubjectKey, dict[str, Any]] = {}
        self._memories: dict[str, _Node] = {}
        self._entities: dict[SubjectKey, set[tuple[str, str]]] = {}
        self._recent: dict[SubjectKey, list[RecentTurn]] = {}
        self._audit: dict[SubjectKey, list[AuditEvent]] = {}
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

    def insert_many(self, subject: SubjectKey, items: Sequence[tuple[Memory, tuple[str, ...]]]) -> list[str]:
        """All or nothing under the one lock, as the Neo4j adapter's one transaction."""
        self._check()
        with self._lock:
            saved = (dict(self._memories), dict(self._fingerprints))
            try:
                return [self.insert_new(subject, memory, fingerprints) for memory, fingerprints in items]
            except BaseException:
                self._memories, self._fingerprints = saved
                raise

    def insert_new(self, subject: SubjectKey, memory: Memory, fingerprints: tuple[str, ...]) -> str:
        """Claim the fingerprints and write the memory unindexed, atomically (one lock here, one
        transaction in Neo4j). The first one another live memory holds names the owner, and nothing
        is claimed; the caller reinforces it (mal/ports.py `MemoryWriter.insert_new`)."""
        self._check()
        if not fingerprints or isinstance(fingerprints, str):
            raise ValueError("insert_new claims a tuple of at least one fingerprint")
        with self._lock:
            if subject not in self._users:
                raise InvalidInput("unknown subject", field="X-User-Id")
            for fingerprint in fingerprints:
                owner = self._holder(subject, fingerprint)
                if owner is not None and owner != memory.id:
                    return owner
            for fingerprint in fingerprints:
                self._fingerprints[fingerprint] = (subject, memory.id)
            self.upsert(subject, memory, indexed=False)
            return memory.id

    def _holder(self, subject: SubjectKey, fingerprint: str) -> str | None:
        """The live memory (`HOLDS_FACT`) of `subject` that holds `fingerprint`, if any."""
        claimed = self._fingerprints.get(fingerprint)
        owner = self._mine(subject, claimed[1]) if claimed is not None else None
        return owner.memory.id if owner is not None and owner.memory.status.value in HOLDS_FACT else None

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
        words: Sequence[str] = (),
        max_variants: int = 0,
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
            if event not in m.events:  # a replayed event appends no variant
                variants.append(m, words, max_variants)
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
            m.variants, m.variants_dropped = [], 0
            node.indexed = True
            for key in ("archive_key", "archive_sha256", "archive_pending", "forget_pending", "pre_quarantine_status"):
                node.extra.pop(key, None)
            self._drop_fingerprints(memory_id)
            self._prune_entities(subject)
            return True

    def mark_forgetting(self, subject: SubjectKey, memory_id: str, now: datetime) -> None:
        self._check()
        node = self._mine(subject, memory_id)
        if node:
            node.indexed, node.memory.updated_at = False, now
            node.extra["forget_pending"] = True
            node.extra.pop("archive_pending", None)

    def forget_pending(self, older_than: datetime) -> list[tuple[str, str, Memory]]:
        self._check()
        return [
            (n.subject, self._users.get(n.subject, {}).get("tenant", "unknown"), n.memory.model_copy(deep=True))
            for n in self._memories.values()
            if not n.indexed and n.extra.get("forget_pending") and n.memory.updated_at < older_than
        ][:1000]

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
                and node.memory.status.value in HOLDS_FACT
                and any(e.split(":", 1)[0] == event for e in node.memory.events)
            ):
                return node.memory.model_copy(deep=True)
        return None

    def mark_indexed(self, subject: SubjectKey, memory_id: str) -> None:
        self._check()
        node = self._mine(subject, memory_id)
        if node:
            node.indexed = True

    def mark_unindexed(self, subject: SubjectKey, memory_id: str) -> None:
        self._check()
        node = self._mine(subject, memory_id)
        if node:
            node.indexed = False

    def unfinished(self, subject: SubjectKey, ids: Sequence[str]) -> set[str]:
        self._check()
        return {i for i in ids if (node := self._mine(subject, i)) is not None and not node.indexed}

    def mark_indexed_many(self, subject: SubjectKey, ids: Sequence[str]) -> None:
        self._check()
        with self._lock:
            for memory_id in ids:
                node = self._mine(subject, memory_id)
                if node:
                    node.indexed = True

    def prior_writes(self, subject: SubjectKey, ids: Sequence[str], events: Sequence[str]) -> dict[str, Memory]:
        self._check()
        found = {m.id: m for m in (self.get(subject, i) for i in ids) if m is not None}
        for event in events:
            memory = self.by_event(subject, event)
            if memory is not None:
                found.setdefault(event, memory)
        return found

    def delete(self, subject: SubjectKey, memory_id: str) -> None:
        self._check()
        with self._lock:
            if self._mine(subject, memory_id):
                del self._memories[memory_id]
                self._drop_fingerprints(memory_id)

    def backfill_marks(self, subject: SubjectKey, limit: int) -> int:
        """Nothing to do: this store judges the marks when it is read."""
        self._check()
        return 0

    def conflict_rivals(self, subject: SubjectKey, kind: str, key: str) -> list[Memory]:
        """As the Neo4j store: its keys are always current here, so the group only."""
        return [m for m in self.active_of_kind(subject, kind) if conflict_key(m.kind, m.slots) == key]

    def active_of_kind(self, subject: SubjectKey, kind: str) -> list[Memory]:
        self._check()
        found = [
            n.memory
            for n in self._memories.values()
            if n.subject == subject and n.memory.kind == kind and n.memory.status.value in SEARCHABLE
        ]
        return [m.model_copy(deep=True) for m in sorted(found, key=lambda m: m.created_at)]

    def by_ids(
        self, subject: SubjectKey, ids: Sequence[str], statuses: Sequence[str], related: bool = True
    ) -> list[GraphHit]:
        self._check()
        hits = []
        for memory_id in ids:
            node = self._mine(subject, memory_id)
            if node is None or not node.indexed or node.memory.status.value not in statuses:
                continue
            entities = {(r.entity.type, r.entity.name) for r in node.memory.relations}
            specific = {e for e in entities if self._degree(subject, e) <= RELATED_MAX_DF}
            others = [
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
                and o.memory.status.value in SEARCHABLE
                and specific & {(r.entity.type, r.entity.name) for r in o.memory.relations}
            ][:5]
            hits.append(
                GraphHit(
                    memory=node.memory.model_copy(deep=True),
                    entities=[Entity(type=t, name=n) for t, n in sorted(entities)],
                    related=others if related else [],
                )
            )
        return hits

    def _degree(self, subject: SubjectKey, entity: tuple[str, str]) -> int:
        """How many of the subject's memories link the entity (its ABOUT in-degree in Neo4j)."""
        return sum(
            1
            for n in self._memories.values()
            if n.subject == subject and entity in {(r.entity.type, r.entity.name) for r in n.memory.relations}
        )

    def expand(self, subject: SubjectKey, request: Expansion) -> list[tuple[str, float]]:
        """The EXPAND statement over dicts (adapters/neo4j_cypher_expand.py says what it scores)."""
        self._check()
        mine = [n for n in self._memories.values() if n.subject == subject]
        links = {n.memory.id: {(r.entity.type, r.entity.name) for r in n.memory.relations} for n in mine}
        by_id = {n.memory.id: n for n in mine}
        weights: dict[tuple[str, str], float] = {}
        for seed, w in request.seeds:
            for entity in links.get(seed, set()):
                weights[entity] = weights.get(entity, 0.0) + w
        for entity in set().union(*links.values()) if links else set():
            etype, name = entity
            if name in request.names or (
                etype in ("name", "person") and any(len(p) >= 3 and name.startswith(p) for p in request.names)
            ):
                weights[entity] = weights.get(entity, 0.0) + request.query_weight
        scores: dict[str, float] = {}
        for entity, w in weights.items():
            holders = [i for i, ents in links.items() if entity in ents]
            df = len(holders)
            if not 1 <= df <= request.max_df:
                continue
            w_typed = w * (request.topic_weight if entity[0] == "topic" else 1.0)
            for memory_id in holders:
                node = by_id[memory_id]
                if node.indexed and node.memory.status.value in request.statuses:
                    scores[memory_id] = scores.get(memory_id, 0.0) + w_typed * math.log((1.0 + len(mine)) / df)
        if request.neighbour_weight > 0:
            for seed, w in request.seeds:
                s = by_id.get(seed)
                if s is None or s.memory.session_id is None:
                    continue
                for n in mine:
                    m = n.memory
                    if m.id == seed or m.session_id != s.memory.session_id:
                        continue
                    if not n.indexed or m.status.value not in request.statuses:
                        continue
                    if (m.context and m.context == s.memory.text) or (s.memory.context and m.text == s.memory.context):
                        scores[m.id] = scores.get(m.id, 0.0) + w * request.neighbour_weight
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
        return ranked[: request.limit]

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

    def profile_evidence(self, subject: SubjectKey, rules: str, limit: int) -> ProfileEvidence:
        """As the Neo4j adapter, which stores `is_evidence` with each memory under `PROFILE_RULES`:
        judged here on read (content does not change), everything unknown under other rules."""
        page = self.list_memories(subject, list(SEARCHABLE), None, 0, limit)[0]
        active = [m for m in page if m.status == MemoryStatus.ACTIVE]
        evidence = [m for m in active if rules != PROFILE_RULES or is_evidence(m)]
        return ProfileEvidence(tuple(m.lang for m in active), tuple(evidence))

    def set_status(self, subject: SubjectKey, ids: Sequence[str], status: MemoryStatus, at: datetime) -> int:
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
            if not n.indexed
            and not n.extra.get("archive_pending")
            and not n.extra.get("forget_pending")
            and n.memory.updated_at < older_than
            and subject in (None, n.subject)
        ][:1000]

    def quadruples(self, subject: SubjectKey) -> list[Quadruple]:
        self._check()
        rows = [
            Quadruple(
                relation=r.type,
                entity=r.entity.name,
                entity_type=r.entity.type,
                detail=r.detail,
                at=r.at or n.memory.created_at,
                weight=n.memory.weight,
                memory_id=n.memory.id,
            )
            for n in self._memories.values()
            if n.subject == subject
            for r in n.memory.relations
        ]
        return sorted(rows, key=lambda q: (q.to_json()["at"], q.memory_id or ""))

    def clear_query_stats(self) -> None:
        self._check()  # no query statistics are kept here
