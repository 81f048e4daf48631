"""Neo4j: the system of record. `Neo4jGraphStore` is the full `GraphStore`: the memory role from
`neo4j_memories`, plus subjects and tenants, the lifecycle's archive index, recent turns, the audit
log, erase and the operators' read-only Cypher, all here. Each role protocol is subclassed
explicitly, so a signature that drifts from `mal/ports.py` fails in mypy at the class definition.

The Cypher lives in `adapters/neo4j_cypher.py` (named constants, statuses as parameters).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import neo4j
from neo4j import exceptions as nx

from adapters.neo4j_audit import Neo4jAuditChain
from adapters.neo4j_base import STATUS_PARAMS, jsonable, memory_from_node, native
from adapters.neo4j_cypher import (
    ANALYST_USER,
    APPEND_AUDIT,
    APPEND_AUDITS,
    APPEND_RECENT,
    ARCHIVE_PENDING,
    ARCHIVE_REF,
    ARCHIVE_STUB,
    ARCHIVED_REFS,
    AUDIT_TRAIL,
    COUNT_SUBJECT,
    ENSURE_SUBJECT,
    ERASE_SUBJECT,
    ERASE_USER,
    GET_RECENT,
    IDENTITY_SCHEMA,
    LOCK_SUBJECT,
    MARK_ARCHIVING,
    MARK_SOURCE,
    PERSIST_DECAY,
    QUARANTINE_SOURCE,
    QUARANTINED_SOURCES,
    RELEASE_SOURCE,
    SAVE_RECENT,
    SCHEMA,
    SUBJECT_EXISTS,
    SUBJECTS_PAGE,
    TENANT_MIGRATION,
    UNMARK_SOURCE,
)
from adapters.neo4j_cypher_audit import AUDIT_SCHEMA
from adapters.neo4j_identity import Neo4jIdentity
from adapters.neo4j_lease import Neo4jLeases
from adapters.neo4j_memories import Neo4jMemories
from mal.errors import InvalidInput
from mal.models import SubjectKey
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

__all__ = ["Neo4jGraphStore"]


def _turns(stored: str | list[str] | None) -> list[RecentTurn]:
    """Either form of the buffer: one JSON string per turn (now), or one for all (before)."""
    if not stored:
        return []
    items = [json.loads(t) for t in stored] if isinstance(stored, list) else json.loads(stored)
    return [RecentTurn.from_json(t) for t in items]


def _turn_key(turn: RecentTurn) -> str:
    return f"{turn.session_id}\x1f{turn.index}"


class Neo4jGraphStore(Neo4jLeases, Neo4jAuditChain, Neo4jMemories, Neo4jIdentity, GraphStore):
    """Every graph role. `GraphStore` is the union of the role protocols (StoreLifecycle, MemoryStore,
    AuditLog, RecentTurnsStore, SubjectRegistry, ArchiveIndex, AdminQueries): subclassing it subclasses
    each, so mypy checks every method here against its port, and a missing one makes the class abstract."""

    # -- lifecycle -------------------------------------------------------------------------
    def ensure_schema(self) -> None:
        for statement in (*SCHEMA, *AUDIT_SCHEMA, *IDENTITY_SCHEMA):
            self._write(statement)
        self.ensure_lease_schema()
        with self._translate(), self._session() as session:
            for statement in TENANT_MIGRATION:  # batched: auto-commit transactions only
                session.run(statement).consume()

    def ensure_user(self, name: str, password: str, reset_password: bool = False) -> None:
        """Creates the analyst's Neo4j user if missing (idempotent); `reset_password` re-keys it."""
        create, alter = ANALYST_USER
        with self._translate(), self._session(database="system") as session:
            session.run(create, name=name, password=password).consume()
            if reset_password:
                session.run(alter, name=name, password=password).consume()

    def ready(self) -> None:
        with self._translate():
            self._driver.verify_connectivity()

    def close(self) -> None:
        self._driver.close()

    # -- subjects, decay, archive, quarantine ------------------------------------------------
    def subject_exists(self, subject: SubjectKey) -> bool:
        return bool(self._read(SUBJECT_EXISTS, subject=subject))

    def ensure_subject(self, subject: SubjectKey, tenant: str, now: datetime) -> set[str]:
        """Registers the subject's tenant; returns the tenant's quarantined sources (same round trip)."""
        records = self._write(ENSURE_SUBJECT, subject=subject, tenant=tenant, now=now)
        return set(records[0]["quarantined"]) if records else set()

    def subjects(self, tenant: str | None, after: str = "", limit: int = 500) -> list[SubjectRow]:
        records = self._read(SUBJECTS_PAGE, tenant=tenant, after=after, limit=limit)
        return [SubjectRow(r["subject"], r["tenant"]) for r in records]

    def persist_decay(self, tenant: str | None, rate: float, now: datetime) -> None:
        with self._translate(), self._session() as session:
            session.run(PERSIST_DECAY, STATUS_PARAMS, tenant=tenant, rate=rate, now=now).consume()

    def archive_stub(self, subject: SubjectKey, memory_id: str, key: str, sha: str, reason: str, now: datetime) -> None:
        self._write(ARCHIVE_STUB, subject=subject, id=memory_id, key=key, sha=sha, reason=reason, now=now)

    def archive_stubs(self, subject: SubjectKey, stubs: Sequence[tuple[str, str, str, str]], now: datetime) -> None:
        """The same statement per memory, one transaction (one commit) for the batch: entity
        pruning stays exactly that of `archive_stub`, row after row."""

        def work(tx: neo4j.ManagedTransaction) -> None:
            for memory_id, key, sha, reason in stubs:
                tx.run(
                    ARCHIVE_STUB, STATUS_PARAMS, subject=subject, id=memory_id, key=key, sha=sha, reason=reason, now=now
                ).consume()

        if stubs:
            with self._translate(), self._session() as session:
                session.execute_write(work)

    def mark_archiving(self, subject: SubjectKey, stubs: Sequence[tuple[str, str, str, str]], now: datetime) -> None:
        if stubs:
            rows = [{"id": i, "key": k, "sha": h, "reason": r} for i, k, h, r in stubs]
            self._write(MARK_ARCHIVING, subject=subject, stubs=rows, now=now)

    def archive_pending(self, older_than: datetime) -> list[PendingArchive]:
        records = self._read(ARCHIVE_PENDING, subject=None, before=older_than)
        return [
            PendingArchive(r["subject"], r["tenant"] or "unknown", memory_from_node(r["m"]), r["m"]["archive_reason"])
            for r in records
        ]

    def archive_ref(self, subject: SubjectKey, memory_id: str) -> ArchiveRef | None:
        records = self._read(ARCHIVE_REF, subject=subject, id=memory_id)
        if not records:
            return None
        return ArchiveRef(key=records[0]["key"], sha=records[0]["sha"], status=records[0]["status"])

    def archived_refs(self, subject: SubjectKey) -> list[ArchivedRef]:
        return [
            ArchivedRef(
                id=r["id"], key=r["key"], sha=r["sha"], reason=r["reason"], at=native(r["at"]) if r["at"] else None
            )
            for r in self._read(ARCHIVED_REFS, subject=subject)
        ]

    def set_source_quarantine(self, tenant: str, source: str, quarantined: bool, now: datetime) -> list[QuarantineHit]:
        self._write(MARK_SOURCE if quarantined else UNMARK_SOURCE, tenant=tenant, source=source, now=now)
        records = self._write(
            QUARANTINE_SOURCE if quarantined else RELEASE_SOURCE, tenant=tenant, source=source, now=now
        )
        return [QuarantineHit(k, i) for k, i in records[0]["hits"]] if records else []

    def quarantined_sources(self, tenant: str) -> set[str]:
        return {r["source"] for r in self._read(QUARANTINED_SOURCES, tenant=tenant)}

    # -- recent turns and audit ------------------------------------------------------------
    def recent_turns(self, subject: SubjectKey) -> list[RecentTurn]:
        records = self._read(GET_RECENT, subject=subject)
        return _turns(records[0]["turns"]) if records else []

    def update_recent_turns(
        self, subject: SubjectKey, change: Callable[[list[RecentTurn]], list[RecentTurn]], now: datetime
    ) -> list[RecentTurn]:
        """Read, change and write the buffer in one transaction holding the User node's lock, so
        concurrent captures (or a capture and a forget) never overwrite each other's turns.
        `change` may run more than once (the driver retries deadlocks), so it must be pure."""

        def work(tx: neo4j.ManagedTransaction) -> list[RecentTurn]:
            record = tx.run(LOCK_SUBJECT, subject=subject, now=now).single()
            if record is None:
                return []  # unknown (or erased) subject: never re-create it
            turns = change(_turns(record["turns"]))
            saved = [json.dumps(t.to_json(), ensure_ascii=False) for t in turns]
            tx.run(SAVE_RECENT, subject=subject, turns=saved, keys=[_turn_key(t) for t in turns], now=now).consume()
            return turns

        with self._translate(), self._session() as session:
            return session.execute_write(work)

    def append_recent_turns(self, subject: SubjectKey, turns: Sequence[RecentTurn], keep: int, now: datetime) -> int:
        rows = [{"key": _turn_key(t), "json": json.dumps(t.to_json(), ensure_ascii=False)} for t in turns]
        records = self._write(APPEND_RECENT, subject=subject, turns=rows, keep=keep, now=now)
        if records:
            return int(records[0]["kept"])
        if not self.subject_exists(subject):
            return 0  # unknown (or erased) subject: never re-created

        # A buffer in the older one-string form: merged and rewritten in the list form, once.
        def change(current: list[RecentTurn]) -> list[RecentTurn]:
            seen = {(t.session_id, t.index) for t in current}
            return (current + [t for t in turns if (t.session_id, t.index) not in seen])[-keep:]

        return len(self.update_recent_turns(subject, change, now))

    def append_audit(self, subject: SubjectKey, event: AuditEvent) -> None:
        self._write(
            APPEND_AUDIT,
            subject=subject,
            now=event.at,
            type=event.type,
            memory_id=event.memory_id,
            detail=json.dumps(event.detail, ensure_ascii=False, default=str),
        )

    def append_audits(self, subject: SubjectKey, events: Sequence[AuditEvent]) -> None:
        if not events:
            return
        rows = [
            {
                "at": e.at,
                "type": e.type,
                "memory_id": e.memory_id,
                "detail": json.dumps(e.detail, ensure_ascii=False, default=str),
            }
            for e in events
        ]
        self._write(APPEND_AUDITS, subject=subject, events=rows)

    def audit_trail(self, subject: SubjectKey) -> list[AuditEvent]:
        out = []
        for record in self._read(AUDIT_TRAIL, subject=subject):
            node = dict(record["a"])
            out.append(
                AuditEvent(
                    at=native(node["at"]),
                    type=node["type"],
                    memory_id=node.get("memory_id"),
                    detail=json.loads(node.get("detail") or "{}"),
                )
            )
        return out

    # -- erase and analysts ----------------------------------------------------------------
    def count_subject(self, subject: SubjectKey) -> int:
        return int(self._read(COUNT_SUBJECT, subject=subject)[0]["n"])

    def erase_subject(self, subject: SubjectKey) -> int:
        """Label by label through indexes, then the User; then query statistics are stopped and
        cleared, because they keep the parameters (raw turns) of every collected query."""
        before = self.count_subject(subject)
        with self._translate(), self._session() as session:
            for statement in ERASE_SUBJECT.values():
                session.run(statement, subject=subject).consume()
            session.run(ERASE_USER, subject=subject).consume()
        self.clear_query_stats()
        return before

    def run_read_only(self, query: str, params: dict[str, Any], limit: int) -> list[dict[str, Any]]:
        """Cypher as the admin in a READ transaction, unscoped: for tests and operators only. Analysts
        never reach this; POST /v1/cypher goes through mal/analyst.py (guard, tenant, limits)."""

        def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
            result = tx.run(query, params)
            rows: list[dict[str, Any]] = []
            for record in result:
                if len(rows) >= limit:
                    break
                rows.append({k: jsonable(v) for k, v in dict(record).items()})
            return rows

        try:
            with (
                self._translate(),
                self._session(read=True) as session,
            ):
                return session.execute_read(work)
        except nx.ClientError as exc:
            raise InvalidInput(f"cypher refused: {exc.message or exc.code}", field="query") from exc
