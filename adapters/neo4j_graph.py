"""Neo4j: the system of record. Memory nodes carry status and weight; quadruples
(User)-[TYPE {at, weight, memory_id}]->(Entity) make the graph analysts query.

The Cypher lives in `adapters/neo4j_cypher.py`, as named constants; this module runs it and turns
records into domain objects in one place.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import neo4j
from neo4j import GraphDatabase, RoutingControl
from neo4j import exceptions as nx

from adapters.neo4j_cypher import (
    ACTIVE_OF_KIND,
    ANALYST_USER,
    APPEND_AUDIT,
    ARCHIVE_REF,
    ARCHIVE_STUB,
    ARCHIVED_REFS,
    AUDIT_TRAIL,
    BY_EVENT,
    BY_IDS,
    CLAIM_FINGERPRINT,
    CLEAR_CONTEXT,
    COUNT_SUBJECT,
    DELETE_MEMORY,
    ENSURE_SUBJECT,
    ERASE_SUBJECT,
    ERASE_USER,
    FORGET_MEMORY,
    GET_MEMORY,
    GET_RECENT,
    LIST_MEMORIES,
    LOCK_SUBJECT,
    MARK_INDEXED,
    MARK_SOURCE,
    PERSIST_DECAY,
    QUADRUPLES,
    QUARANTINE_SOURCE,
    QUARANTINED_SOURCES,
    REINFORCE,
    RELEASE_SOURCE,
    SAVE_RECENT,
    SCHEMA,
    SET_STATUS,
    SET_WEIGHT,
    STATS_CLEAR,
    STATS_STOP,
    SUBJECT_EXISTS,
    SUBJECTS_PAGE,
    TENANT_MIGRATION,
    TOUCH,
    UNINDEXED,
    UNMARK_SOURCE,
    UPSERT_MEMORY,
    UPSERT_RELATION,
)
from mal.errors import InvalidInput, StoreUnavailable
from mal.models import Entity, GraphHit, Memory, MemoryStatus, Relation, SubjectKey
from mal.relations import relation_type

__all__ = ["Neo4jGraphStore"]

_DATETIME_FIELDS = ("created_at", "updated_at", "last_reinforced", "last_accessed", "valid_from", "valid_to")


def _native(value: Any) -> Any:
    return value.to_native() if hasattr(value, "to_native") else value


def entity_uid(subject: SubjectKey, entity: Entity) -> str:
    return hashlib.sha256(f"{subject}|{entity.type}|{entity.name}".encode()).hexdigest()[:40]


def _props(memory: Memory, indexed: bool) -> dict[str, Any]:
    return {
        "kind": memory.kind,
        "summary": memory.summary,
        "text": memory.text,
        "context": memory.context,
        "slots_json": json.dumps(memory.slots, ensure_ascii=False, sort_keys=True, default=str),
        "relations_json": json.dumps([r.model_dump(mode="json") for r in memory.relations], ensure_ascii=False),
        "status": memory.status.value,
        "weight": memory.weight,
        "confidence": memory.confidence,
        "source": memory.source,
        "domain": memory.domain,
        "sentiment": memory.sentiment,
        "intensity": memory.intensity,
        "lang": memory.lang,
        "session_id": memory.session_id,
        "agent_id": memory.agent_id,
        "provenance": list(memory.provenance),
        "events": list(memory.events),
        "indexed": indexed,
        **{f: getattr(memory, f) for f in _DATETIME_FIELDS},
    }


def _memory(node: Any) -> Memory:
    """Driver record -> domain object, in exactly one place."""
    data = dict(node)
    return Memory(
        id=data["id"],
        kind=data["kind"],
        summary=data.get("summary", ""),
        text=data.get("text", ""),
        context=data.get("context", ""),
        slots=json.loads(data.get("slots_json") or "{}"),
        relations=[Relation.model_validate(r) for r in json.loads(data.get("relations_json") or "[]")],
        status=MemoryStatus(data.get("status", "active")),
        weight=float(data.get("weight", 1.0)),
        confidence=float(data.get("confidence", 1.0)),
        source=data.get("source", "api"),
        domain=data.get("domain", "general"),
        sentiment=data.get("sentiment", "neutral"),
        intensity=float(data.get("intensity", 0.0)),
        lang=data.get("lang", "en"),
        session_id=data.get("session_id"),
        agent_id=data.get("agent_id"),
        provenance=list(data.get("provenance") or []),
        events=list(data.get("events") or []),
        **{f: _native(data.get(f)) for f in _DATETIME_FIELDS},
    )


class Neo4jGraphStore:
    def __init__(self, uri: str, user: str, password: str, database: str = "neo4j", timeout_s: float = 5.0) -> None:
        self._database = database
        self._driver = GraphDatabase.driver(
            uri,
            auth=(user, password),
            connection_timeout=timeout_s,
            connection_acquisition_timeout=timeout_s,
            max_transaction_retry_time=timeout_s,
            notifications_min_severity="OFF",
        )

    @contextmanager
    def _translate(self) -> Iterator[None]:
        """Driver exceptions -> our typed errors, in one place."""
        try:
            yield
        except nx.AuthError as exc:
            raise StoreUnavailable("neo4j", "authentication failed") from exc
        except (nx.ServiceUnavailable, nx.SessionExpired, OSError) as exc:
            raise StoreUnavailable("neo4j", type(exc).__name__) from exc
        except nx.DriverError as exc:
            raise StoreUnavailable("neo4j", str(exc)[:200]) from exc

    def _write(self, query: str, **params: Any) -> list[neo4j.Record]:
        with self._translate():
            return self._driver.execute_query(query, params, database_=self._database).records

    def _read(self, query: str, **params: Any) -> list[neo4j.Record]:
        with self._translate():
            return self._driver.execute_query(
                query, params, database_=self._database, routing_=RoutingControl.READ
            ).records

    # -- lifecycle -------------------------------------------------------------------------
    def ensure_schema(self) -> None:
        for statement in SCHEMA:
            self._write(statement)
        with self._translate(), self._driver.session(database=self._database) as session:
            for statement in TENANT_MIGRATION:  # batched: auto-commit transactions only
                session.run(statement).consume()

    def ensure_user(self, name: str, password: str, reset_password: bool = False) -> None:
        """Creates the analyst's Neo4j user if missing (idempotent); `reset_password` re-keys it."""
        create, alter = ANALYST_USER
        with self._translate(), self._driver.session(database="system") as session:
            session.run(create, name=name, password=password).consume()
            if reset_password:
                session.run(alter, name=name, password=password).consume()

    def ready(self) -> None:
        with self._translate():
            self._driver.verify_connectivity()

    def close(self) -> None:
        self._driver.close()

    # -- memories --------------------------------------------------------------------------
    def get(self, subject: SubjectKey, memory_id: str) -> Memory | None:
        records = self._read(GET_MEMORY, subject=subject, id=memory_id)
        return _memory(records[0]["m"]) if records else None

    def upsert(self, subject: SubjectKey, memory: Memory, indexed: bool) -> None:
        with self._translate(), self._driver.session(database=self._database) as session:
            written = session.execute_write(_upsert_tx, subject, memory, indexed)
        if not written:
            raise InvalidInput(
                f"memory id {memory.id} belongs to another subject (or the subject is unknown)", field="id"
            )

    def insert_new(self, subject: SubjectKey, memory: Memory, fingerprint: str) -> str:
        """Claim the fact's fingerprint and write the memory (unindexed) in one transaction.

        Returns the fingerprint's owner: `memory.id` when written, else the memory that already
        holds this fact (a concurrent or earlier writer), which the caller reinforces instead."""

        def work(tx: neo4j.ManagedTransaction) -> str:
            record = tx.run(
                CLAIM_FINGERPRINT, subject=subject, fp=fingerprint, id=memory.id, now=memory.updated_at
            ).single()
            if record is None:
                raise InvalidInput("unknown subject", field="X-User-Id")
            owner = str(record["owner"])
            if owner == memory.id and not _upsert_tx(tx, subject, memory, False):
                raise InvalidInput(f"memory id {memory.id} belongs to another subject", field="id")
            return owner

        with self._translate(), self._driver.session(database=self._database) as session:
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
        )
        return _memory(records[0]["m"]) if records else None

    def clear_context(self, subject: SubjectKey, memory_id: str, context: str, now: datetime) -> list[Memory]:
        if not context:
            return []
        return [
            _memory(r["m"]) for r in self._write(CLEAR_CONTEXT, subject=subject, id=memory_id, context=context, now=now)
        ]

    def forget_memory(self, subject: SubjectKey, memory_id: str, now: datetime) -> bool:
        return bool(self._write(FORGET_MEMORY, subject=subject, id=memory_id, now=now))

    def by_event(self, subject: SubjectKey, event: str) -> Memory | None:
        records = self._read(BY_EVENT, subject=subject, event=event)
        return _memory(records[0]["m"]) if records else None

    def mark_indexed(self, subject: SubjectKey, memory_id: str) -> None:
        self._write(MARK_INDEXED, subject=subject, id=memory_id)

    def delete(self, subject: SubjectKey, memory_id: str) -> None:
        self._write(DELETE_MEMORY, subject=subject, id=memory_id)

    def active_of_kind(self, subject: SubjectKey, kind: str) -> list[Memory]:
        return [_memory(r["m"]) for r in self._read(ACTIVE_OF_KIND, subject=subject, kind=kind)]

    def by_ids(self, subject: SubjectKey, ids: Sequence[str], statuses: Sequence[str]) -> list[GraphHit]:
        if not ids:
            return []
        records = self._read(BY_IDS, subject=subject, ids=list(ids), statuses=list(statuses))
        return [
            GraphHit(
                memory=_memory(r["m"]),
                entities=[Entity(**e) for e in r["entities"]],
                related=[dict(x) for x in r["related"]],
            )
            for r in records
        ]

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
        return [_memory(m) for m in row["page"]], int(row["total"])

    def set_status(self, subject: SubjectKey, ids: Sequence[str], status: str, at: datetime) -> int:
        records = self._write(SET_STATUS, subject=subject, ids=list(ids), status=status, now=at)
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
        return [(r["subject"], _memory(r["m"])) for r in records]

    # -- lifecycle ---------------------------------------------------------------------------
    def subject_exists(self, subject: SubjectKey) -> bool:
        return bool(self._read(SUBJECT_EXISTS, subject=subject))

    def ensure_subject(self, subject: SubjectKey, tenant: str, now: datetime) -> set[str]:
        """Registers the subject's tenant; returns the tenant's quarantined sources (same round trip)."""
        records = self._write(ENSURE_SUBJECT, subject=subject, tenant=tenant, now=now)
        return set(records[0]["quarantined"]) if records else set()

    def subjects(self, tenant: str | None, after: str = "", limit: int = 500) -> list[tuple[str, str]]:
        records = self._read(SUBJECTS_PAGE, tenant=tenant, after=after, limit=limit)
        return [(r["subject"], r["tenant"]) for r in records]

    def persist_decay(self, tenant: str | None, rate: float, now: datetime) -> None:
        with self._translate(), self._driver.session(database=self._database) as session:
            session.run(PERSIST_DECAY, tenant=tenant, rate=rate, now=now).consume()

    def archive_stub(self, subject: SubjectKey, memory_id: str, key: str, sha: str, reason: str, now: datetime) -> None:
        self._write(ARCHIVE_STUB, subject=subject, id=memory_id, key=key, sha=sha, reason=reason, now=now)

    def archive_ref(self, subject: SubjectKey, memory_id: str) -> dict[str, Any] | None:
        records = self._read(ARCHIVE_REF, subject=subject, id=memory_id)
        return dict(records[0]) if records else None

    def archived_refs(self, subject: SubjectKey) -> list[dict[str, Any]]:
        return [
            {**dict(r), "at": _native(r["at"]).isoformat() if r["at"] else None}
            for r in self._read(ARCHIVED_REFS, subject=subject)
        ]

    def set_source_quarantine(
        self, tenant: str, source: str, quarantined: bool, now: datetime
    ) -> list[tuple[str, str]]:
        self._write(MARK_SOURCE if quarantined else UNMARK_SOURCE, tenant=tenant, source=source, now=now)
        records = self._write(
            QUARANTINE_SOURCE if quarantined else RELEASE_SOURCE, tenant=tenant, source=source, now=now
        )
        return [(k, i) for k, i in records[0]["hits"]] if records else []

    def quarantined_sources(self, tenant: str) -> set[str]:
        return {r["source"] for r in self._read(QUARANTINED_SOURCES, tenant=tenant)}

    def quadruples(self, subject: SubjectKey) -> list[dict[str, Any]]:
        return [
            {**dict(r), "at": _native(r["at"]).isoformat() if r["at"] else None}
            for r in self._read(QUADRUPLES, subject=subject)
        ]

    # -- recent turns and audit ------------------------------------------------------------
    def recent_turns(self, subject: SubjectKey) -> list[dict[str, Any]]:
        records = self._read(GET_RECENT, subject=subject)
        return json.loads(records[0]["turns"]) if records else []

    def update_recent_turns(
        self, subject: SubjectKey, change: Callable[[list[dict[str, Any]]], list[dict[str, Any]]], now: datetime
    ) -> list[dict[str, Any]]:
        """Read, change and write the buffer in one transaction holding the User node's lock, so
        concurrent captures (or a capture and a forget) never overwrite each other's turns.
        `change` may run more than once (the driver retries deadlocks), so it must be pure."""

        def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
            record = tx.run(LOCK_SUBJECT, subject=subject, now=now).single()
            if record is None:
                return []  # unknown (or erased) subject: never re-create it
            turns = change(json.loads(record["turns"]) if record["turns"] else [])
            tx.run(SAVE_RECENT, subject=subject, turns=json.dumps(turns, ensure_ascii=False), now=now).consume()
            return turns

        with self._translate(), self._driver.session(database=self._database) as session:
            return session.execute_write(work)

    def append_audit(self, subject: SubjectKey, event: dict[str, Any]) -> None:
        self._write(
            APPEND_AUDIT,
            subject=subject,
            now=event["at"],
            type=event["type"],
            memory_id=event.get("memory_id"),
            detail=json.dumps(event.get("detail", {}), ensure_ascii=False, default=str),
        )

    def audit_trail(self, subject: SubjectKey) -> list[dict[str, Any]]:
        out = []
        for record in self._read(AUDIT_TRAIL, subject=subject):
            node = dict(record["a"])
            out.append(
                {
                    "at": _native(node["at"]).isoformat(),
                    "type": node["type"],
                    "memory_id": node.get("memory_id"),
                    "detail": json.loads(node.get("detail") or "{}"),
                }
            )
        return out

    # -- erase and analysts ----------------------------------------------------------------
    def count_subject(self, subject: SubjectKey) -> int:
        return int(self._read(COUNT_SUBJECT, subject=subject)[0]["n"])

    def erase_subject(self, subject: SubjectKey) -> int:
        """Label by label through indexes, then the User; then query statistics are stopped and
        cleared, because they keep the parameters (raw turns) of every collected query."""
        before = self.count_subject(subject)
        with self._translate(), self._driver.session(database=self._database) as session:
            for statement in ERASE_SUBJECT.values():
                session.run(statement, subject=subject).consume()
            session.run(ERASE_USER, subject=subject).consume()
        self.clear_query_stats()
        return before

    def clear_query_stats(self) -> None:
        with self._translate(), self._driver.session(database=self._database) as session:
            try:
                session.run(STATS_STOP).consume()
            except nx.ClientError:
                pass  # nothing was being collected
            try:
                session.run(STATS_CLEAR).consume()
            except nx.ClientError as exc:
                raise StoreUnavailable("neo4j", f"could not clear query statistics ({exc.code})") from exc

    def run_read_only(self, query: str, params: dict[str, Any], limit: int) -> list[dict[str, Any]]:
        """Cypher as the admin in a READ transaction, unscoped: for tests and operators only. Analysts
        never reach this; POST /v1/cypher goes through mal/analyst.py (guard, tenant, limits)."""

        def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
            result = tx.run(query, params)
            rows: list[dict[str, Any]] = []
            for record in result:
                if len(rows) >= limit:
                    break
                rows.append({k: _jsonable(v) for k, v in dict(record).items()})
            return rows

        try:
            with (
                self._translate(),
                self._driver.session(database=self._database, default_access_mode=neo4j.READ_ACCESS) as session,
            ):
                return session.execute_read(work)
        except nx.ClientError as exc:
            raise InvalidInput(f"cypher refused: {exc.message or exc.code}", field="query") from exc


def _upsert_tx(tx: neo4j.ManagedTransaction, subject: SubjectKey, memory: Memory, indexed: bool) -> bool:
    """The memory node and its quadruples, inside the caller's transaction (all or nothing)."""
    written = list(
        tx.run(UPSERT_MEMORY, subject=subject, id=memory.id, props=_props(memory, indexed), now=memory.updated_at)
    )
    if not written:
        return False
    by_type: dict[str, list[dict[str, Any]]] = {}
    for relation in memory.relations:
        by_type.setdefault(relation_type(relation.type), []).append(
            {
                "uid": entity_uid(subject, relation.entity),
                "name": relation.entity.name,
                "type": relation.entity.type,
                "at": relation.at or memory.created_at,
                "detail": relation.detail,
            }
        )
    for rel, entities in by_type.items():
        tx.run(UPSERT_RELATION[rel], subject=subject, id=memory.id, entities=entities, weight=memory.weight).consume()
    return True


def _jsonable(value: Any) -> Any:
    if isinstance(value, neo4j.graph.Node):
        return {"labels": sorted(value.labels), **{k: _jsonable(v) for k, v in value.items()}}
    if isinstance(value, neo4j.graph.Relationship):
        return {"type": value.type, **{k: _jsonable(v) for k, v in value.items()}}
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if hasattr(value, "iso_format"):
        return value.iso_format()
    return value
