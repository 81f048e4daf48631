"""Neo4j: one subject's memories (the `MemoryStore` role). Memory nodes carry status and weight;
quadruples (User)-[TYPE {at, weight, memory_id}]->(Entity) are written with them, in one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import neo4j
from neo4j import exceptions as nx

from adapters.neo4j_base import (
    STATUS_PARAMS,
    Neo4jBase,
    memory_from_node,
    native,
    node_props,
    relation_rows,
    upsert_tx,
)
from adapters.neo4j_cypher import (
    ACTIVE_OF_KIND,
    BY_EVENT,
    BY_IDS,
    BY_IDS_PLAIN,
    BY_STALE_MARKS,
    CLEAR_CONTEXT,
    CONFLICT_RIVALS,
    DELETE_MEMORY,
    EXPAND,
    FORGET_MEMORY,
    FORGET_PENDING,
    GET_MEMORY,
    INSERT_MANY,
    INSERT_RELATIONS,
    LIST_MEMORIES,
    MARK_FORGETTING,
    MARK_INDEXED,
    MARK_INDEXED_MANY,
    MARK_UNINDEXED,
    PRIOR_WRITES,
    PROFILE_EVIDENCE,
    QUADRUPLES,
    REINFORCE,
    RELATED_MAX_DF,
    SET_MARKS,
    SET_STATUS,
    SET_WEIGHT,
    STATS_CLEAR,
    STATS_STOP,
    TOUCH,
    UNFINISHED,
    UNINDEXED,
)
from mal import variants
from mal.errors import InvalidInput, StoreUnavailable
from mal.models import Entity, GraphHit, Memory, MemoryStatus, SubjectKey
from mal.ports import MemoryStore
from mal.profile import PROFILE_RULES
from mal.records import Expansion, ProfileEvidence, Quadruple
from parsers import CONFLICT_RULES

__all__ = ["Neo4jMemories"]


class Neo4jMemories(Neo4jBase, MemoryStore):
    """Implements `MemoryStore` explicitly: a signature that drifts from the port fails in mypy."""

    def get(self, subject: SubjectKey, memory_id: str) -> Memory | None:
        records = self._read(GET_MEMORY, subject=subject, id=memory_id)
        return memory_from_node(records[0]["m"]) if records else None

    def upsert(self, subject: SubjectKey, memory: Memory, indexed: bool) -> None:
        with self._translate(), self._session() as session:
            written = session.execute_write(upsert_tx, subject, memory, indexed)
        if not written:
            raise InvalidInput(
                f"memory id {memory.id} belongs to another subject (or the subject is unknown)", field="id"
            )

    def insert_new(self, subject: SubjectKey, memory: Memory, fingerprints: tuple[str, ...]) -> str:
        """Claim the fact's fingerprints and write the memory (unindexed) in one transaction.

        Returns the owner: `memory.id` when written, else the memory that already holds this fact
        (a concurrent or earlier writer), which the caller reinforces instead."""
        return self.insert_many(subject, [(memory, fingerprints)])[0]

    def insert_many(self, subject: SubjectKey, items: Sequence[tuple[Memory, tuple[str, ...]]]) -> list[str]:
        """A capture's new memories in one transaction (one commit, issue #13), each claimed and
        written in order: a later item sees an earlier one's claim, as separate calls would.
        Two kinds of statement, not several per memory: one `INSERT_MANY` (claims and nodes), then
        one `INSERT_RELATIONS` per relationship type present among the memories written."""

        def work(tx: neo4j.ManagedTransaction) -> list[str]:
            rows = list(
                tx.run(
                    INSERT_MANY,
                    STATUS_PARAMS,
                    subject=subject,
                    items=[
                        {"id": m.id, "fps": list(fps), "now": m.updated_at, "props": node_props(m, False)}
                        for m, fps in items
                    ],
                )
            )
            if not rows:
                raise InvalidInput("unknown subject", field="X-User-Id")
            owners = [str(r["owner"]) for r in rows]
            by_type: dict[str, list[dict[str, object]]] = {}
            for (memory, _), owner, row in zip(items, owners, rows, strict=True):
                if owner != memory.id:
                    continue
                if not row["written"]:
                    raise InvalidInput(f"memory id {memory.id} belongs to another subject", field="id")
                for rel, entities in relation_rows(subject, memory).items():
                    by_type.setdefault(rel, []).append({"id": memory.id, "entities": entities, "weight": memory.weight})
            for rel, relation_items in by_type.items():
                tx.run(INSERT_RELATIONS[rel], subject=subject, rows=relation_items).consume()
            return owners

        if not items:
            return []
        if any(not fps or isinstance(fps, str) for _, fps in items):
            raise ValueError("insert_many claims a tuple of at least one fingerprint per memory")
        with self._translate(), self._session() as session:
            return session.execute_write(work)

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
        records = self._write(
            REINFORCE,
            subject=subject,
            id=memory_id,
            event=event,
            provenance=list(provenance),
            now=now,
            rate=rate,
            step=step,
            max=max_weight,
            words=[{"text": w, "key": variants.key(w)} for w in words],
            max_variants=max_variants,
        )
        return memory_from_node(records[0]["m"]) if records else None

    def clear_context(self, subject: SubjectKey, memory_id: str, context: str, now: datetime) -> list[Memory]:
        if not context:
            return []
        return [
            memory_from_node(r["m"])
            for r in self._write(CLEAR_CONTEXT, subject=subject, id=memory_id, context=context, now=now)
        ]

    def forget_memory(self, subject: SubjectKey, memory_id: str, now: datetime) -> bool:
        return bool(self._write(FORGET_MEMORY, subject=subject, id=memory_id, now=now))

    def mark_forgetting(self, subject: SubjectKey, memory_id: str, now: datetime) -> None:
        self._write(MARK_FORGETTING, subject=subject, id=memory_id, now=now)

    def forget_pending(self, older_than: datetime) -> list[tuple[str, str, Memory]]:
        records = self._read(FORGET_PENDING, subject=None, before=older_than)
        return [(r["subject"], r["tenant"] or "unknown", memory_from_node(r["m"])) for r in records]

    def by_event(self, subject: SubjectKey, event: str) -> Memory | None:
        records = self._read(BY_EVENT, subject=subject, event=event)
        return memory_from_node(records[0]["m"]) if records else None

    def mark_indexed(self, subject: SubjectKey, memory_id: str) -> None:
        self._write(MARK_INDEXED, subject=subject, id=memory_id)

    def mark_unindexed(self, subject: SubjectKey, memory_id: str) -> None:
        self._write(MARK_UNINDEXED, subject=subject, id=memory_id)

    def unfinished(self, subject: SubjectKey, ids: Sequence[str]) -> set[str]:
        if not ids:
            return set()
        return {r["id"] for r in self._read(UNFINISHED, subject=subject, ids=list(ids))}

    def mark_indexed_many(self, subject: SubjectKey, ids: Sequence[str]) -> None:
        if ids:
            self._write(MARK_INDEXED_MANY, subject=subject, ids=list(ids))

    def prior_writes(self, subject: SubjectKey, ids: Sequence[str], events: Sequence[str]) -> dict[str, Memory]:
        if not ids and not events:
            return {}
        found: dict[str, Memory] = {}
        for record in self._read(PRIOR_WRITES, subject=subject, ids=list(ids), events=list(events)):
            found.setdefault(str(record["key"]), memory_from_node(record["m"]))
        return found

    def delete(self, subject: SubjectKey, memory_id: str) -> None:
        self._write(DELETE_MEMORY, subject=subject, id=memory_id)

    def active_of_kind(self, subject: SubjectKey, kind: str) -> list[Memory]:
        return [memory_from_node(r["m"]) for r in self._read(ACTIVE_OF_KIND, subject=subject, kind=kind)]

    def backfill_marks(self, subject: SubjectKey, limit: int) -> int:
        rules = {"profile_rules": PROFILE_RULES, "conflict_rules": CONFLICT_RULES}
        stale = [memory_from_node(r["m"]) for r in self._read(BY_STALE_MARKS, subject=subject, limit=limit, **rules)]
        if not stale:
            return 0
        rows = []
        for memory in stale:
            props = node_props(memory, True)  # the marks exactly as a write computes them
            rows.append({"id": memory.id, "profile": props["profile"], "conflict_key": props["conflict_key"]})
        records = self._write(SET_MARKS, subject=subject, rows=rows, **rules)
        return int(records[0]["n"]) if records else 0

    def conflict_rivals(self, subject: SubjectKey, kind: str, key: str) -> list[Memory]:
        records = self._read(CONFLICT_RIVALS, subject=subject, kind=kind, key=key, rules=CONFLICT_RULES)
        return [memory_from_node(r["m"]) for r in records]

    def by_ids(
        self, subject: SubjectKey, ids: Sequence[str], statuses: Sequence[str], related: bool = True
    ) -> list[GraphHit]:
        if not ids:
            return []
        query = BY_IDS if related else BY_IDS_PLAIN
        records = self._read(
            query, subject=subject, ids=list(ids), statuses=list(statuses), related_max_df=RELATED_MAX_DF
        )
        return [
            GraphHit(
                memory=memory_from_node(r["m"]),
                entities=[Entity(**e) for e in r["entities"]],
                related=[dict(x) for x in r["related"]],
            )
            for r in records
        ]

    def expand(self, subject: SubjectKey, request: Expansion) -> list[tuple[str, float]]:
        if not request.seeds and not request.names:
            return []
        records = self._read(
            EXPAND,
            subject=subject,
            seeds=[{"id": i, "w": w} for i, w in request.seeds],
            names=list(request.names),
            statuses=list(request.statuses),
            limit=request.limit,
            max_df=request.max_df,
            query_weight=request.query_weight,
            topic_weight=request.topic_weight,
            neighbour_weight=request.neighbour_weight,
        )
        return [(str(r["id"]), float(r["score"])) for r in records]

    def list_memories(
        self,
        subject: SubjectKey,
        statuses: Sequence[str] | None,
        kinds: Sequence[str] | None,
        offset: int,
        limit: int,
    ) -> tuple[list[Memory], int]:
        records = self._read(
            LIST_MEMORIES,
            subject=subject,
            statuses=list(statuses) if statuses else None,
            kinds=list(kinds) if kinds else None,
            offset=offset,
            limit=limit,
        )
        row = records[0]
        return [memory_from_node(m) for m in row["page"]], int(row["total"])

    def profile_evidence(self, subject: SubjectKey, rules: str, limit: int) -> ProfileEvidence:
        row = self._read(PROFILE_EVIDENCE, subject=subject, rules=rules, limit=limit)[0]
        return ProfileEvidence(tuple(row["langs"]), tuple(memory_from_node(m) for m in row["evidence"]))

    def set_status(self, subject: SubjectKey, ids: Sequence[str], status: MemoryStatus, at: datetime) -> int:
        records = self._write(SET_STATUS, subject=subject, ids=list(ids), status=MemoryStatus(status).value, now=at)
        return int(records[0]["n"]) if records else 0

    def set_weight(
        self, subject: SubjectKey, memory_id: str, weight: float, at: datetime, valid_to: datetime | None = None
    ) -> None:
        self._write(SET_WEIGHT, subject=subject, id=memory_id, weight=weight, now=at, valid_to=valid_to)

    def touch(self, subject: SubjectKey, ids: Sequence[str], at: datetime) -> None:
        if ids:
            self._write(TOUCH, subject=subject, ids=list(ids), now=at)

    def unindexed(self, subject: SubjectKey | None, older_than: datetime) -> list[tuple[str, Memory]]:
        records = self._read(UNINDEXED, subject=subject, before=older_than)
        return [(r["subject"], memory_from_node(r["m"])) for r in records]

    def clear_query_stats(self) -> None:
        with self._translate(), self._session() as session:
            try:
                session.run(STATS_STOP).consume()
            except nx.ClientError:
                pass  # nothing was being collected
            try:
                session.run(STATS_CLEAR).consume()
            except nx.ClientError as exc:
                raise StoreUnavailable("neo4j", f"could not clear query statistics ({exc.code})") from exc

    def quadruples(self, subject: SubjectKey) -> list[Quadruple]:
        return [
            Quadruple(
                relation=r["relation"],
                entity=r["entity"],
                entity_type=r["entity_type"],
                detail=r["detail"],
                at=native(r["at"]) if r["at"] else None,
                weight=r["weight"],
                memory_id=r["memory_id"],
            )
            for r in self._read(QUADRUPLES, subject=subject)
        ]
