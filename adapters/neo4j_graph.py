"""Neo4j: the system of record. Memory nodes carry status and weight; quadruples
(User)-[TYPE {at, weight, memory_id}]->(Entity) make the graph analysts query.

Every statement below that touches a subject's data matches on `$subject`; a unit test checks it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import neo4j
from neo4j import GraphDatabase, RoutingControl
from neo4j import exceptions as nx

from mal.errors import InvalidInput, StoreUnavailable
from mal.models import Entity, GraphHit, Memory, MemoryStatus, Relation, SubjectKey
from mal.relations import RELATION_TYPES, relation_type

__all__ = ["Neo4jGraphStore"]

SCHEMA = (
    "CREATE CONSTRAINT user_key IF NOT EXISTS FOR (u:User) REQUIRE u.key IS UNIQUE",
    "CREATE CONSTRAINT memory_id IF NOT EXISTS FOR (m:Memory) REQUIRE m.id IS UNIQUE",
    "CREATE CONSTRAINT entity_uid IF NOT EXISTS FOR (e:Entity) REQUIRE e.uid IS UNIQUE",
    "CREATE INDEX memory_subject IF NOT EXISTS FOR (m:Memory) ON (m.subject, m.status)",
    "CREATE INDEX memory_kind IF NOT EXISTS FOR (m:Memory) ON (m.subject, m.kind)",
    "CREATE INDEX memory_indexed IF NOT EXISTS FOR (m:Memory) ON (m.indexed)",
    "CREATE INDEX entity_subject IF NOT EXISTS FOR (e:Entity) ON (e.subject)",
    "CREATE INDEX audit_subject IF NOT EXISTS FOR (a:AuditEvent) ON (a.subject)",
    "CREATE INDEX recent_subject IF NOT EXISTS FOR (r:RecentTurns) ON (r.subject)",
    "CREATE INDEX user_tenant IF NOT EXISTS FOR (u:User) ON (u.tenant)",
    "CREATE INDEX memory_source IF NOT EXISTS FOR (m:Memory) ON (m.source, m.status)",
)

ENSURE_SUBJECT = """
MERGE (u:User {key: $subject})
  ON CREATE SET u.created_at = $now
SET u.tenant = $tenant
"""

# Subjects in batches for the lifecycle runner (keyset pagination: resumable, no skips).
SUBJECTS_PAGE = """
MATCH (u:User)
WHERE ($tenant IS NULL OR u.tenant = $tenant) AND u.key > $after
RETURN u.key AS subject, u.tenant AS tenant ORDER BY u.key LIMIT $limit
"""

# Persist the effective weight for analysts. Computed from timestamps, so running it twice in a
# day writes the same numbers: decay never compounds.
PERSIST_DECAY = """
MATCH (u:User)-[:HAS_MEMORY]->(m:Memory)
WHERE ($tenant IS NULL OR u.tenant = $tenant) AND m.status IN ['active', 'disputed']
CALL (m) {
  SET m.effective_weight = m.weight * ($rate ^ (duration.inSeconds(m.last_reinforced, $now).seconds / 86400.0)),
      m.decayed_at = $now
} IN TRANSACTIONS OF 1000 ROWS
"""

ARCHIVE_STUB = """
MATCH (u:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
OPTIONAL MATCH (u)-[r {memory_id: $id}]->(:Entity)
DELETE r
WITH DISTINCT m
OPTIONAL MATCH (m)-[a:ABOUT]->(:Entity)
DELETE a
WITH DISTINCT m
SET m.status = 'archived', m.archive_key = $key, m.archive_sha256 = $sha, m.archive_reason = $reason,
    m.archived_at = $now, m.updated_at = $now, m.summary = '', m.text = '', m.slots_json = '{}',
    m.relations_json = '[]', m.context = '', m.indexed = true
"""

ARCHIVE_REF = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
RETURN m.archive_key AS key, m.archive_sha256 AS sha, m.status AS status
"""

ARCHIVED_REFS = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {status: 'archived'})
RETURN m.id AS id, m.archive_key AS key, m.archive_sha256 AS sha, m.archive_reason AS reason,
       m.archived_at AS at ORDER BY m.archived_at
"""

QUARANTINE_SOURCE = """
MATCH (u:User {tenant: $tenant})-[:HAS_MEMORY]->(m:Memory {source: $source})
WHERE m.status IN ['active', 'disputed']
SET m.pre_quarantine_status = m.status, m.status = 'quarantined', m.updated_at = $now
RETURN collect([u.key, m.id]) AS hits
"""

RELEASE_SOURCE = """
MATCH (u:User {tenant: $tenant})-[:HAS_MEMORY]->(m:Memory {source: $source, status: 'quarantined'})
SET m.status = coalesce(m.pre_quarantine_status, 'active'), m.updated_at = $now
REMOVE m.pre_quarantine_status
RETURN collect([u.key, m.id]) AS hits
"""

MARK_SOURCE = """
MERGE (q:QuarantinedSource {tenant: $tenant, source: $source})
  ON CREATE SET q.at = $now
"""

UNMARK_SOURCE = """
MATCH (q:QuarantinedSource {tenant: $tenant, source: $source})
DELETE q
"""

QUARANTINED_SOURCES = """
MATCH (q:QuarantinedSource {tenant: $tenant})
RETURN q.source AS source
"""

QUADRUPLES = """
MATCH (u:User {key: $subject})-[r]->(e:Entity)
RETURN type(r) AS relation, e.name AS entity, e.type AS entity_type, r.detail AS detail, r.at AS at,
       r.weight AS weight, r.memory_id AS memory_id ORDER BY r.at, r.memory_id
"""

UPSERT_MEMORY = """
MERGE (u:User {key: $subject})
  ON CREATE SET u.created_at = $now
MERGE (m:Memory {id: $id})
  ON CREATE SET m.subject = $subject
WITH u, m
WHERE m.subject = $subject
SET m += $props
MERGE (u)-[:HAS_MEMORY]->(m)
WITH u, m
OPTIONAL MATCH (u)-[old {memory_id: $id}]->(:Entity)
DELETE old
RETURN m.id AS id
"""

# One statement per whitelisted type, built once at import; `{rel}` is never user text.
_UPSERT_RELATION = """
MATCH (u:User {{key: $subject}})-[:HAS_MEMORY]->(m:Memory {{id: $id}})
UNWIND $entities AS ent
MERGE (e:Entity {{uid: ent.uid}})
  ON CREATE SET e.subject = $subject, e.name = ent.name, e.type = ent.type
MERGE (u)-[r:{rel} {{memory_id: $id}}]->(e)
SET r.at = ent.at, r.weight = $weight, r.detail = ent.detail
MERGE (m)-[:ABOUT]->(e)
"""
UPSERT_RELATION = {rel: _UPSERT_RELATION.format(rel=rel) for rel in sorted(RELATION_TYPES)}

GET_MEMORY = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
RETURN m
"""

BY_EVENT = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE m.status IN ['active', 'disputed', 'quarantined'] AND any(e IN m.events WHERE e STARTS WITH $event)
RETURN m LIMIT 1
"""

MARK_INDEXED = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
SET m.indexed = true
"""

DELETE_MEMORY = """
MATCH (u:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
OPTIONAL MATCH (u)-[r {memory_id: $id}]->(:Entity)
DELETE r
DETACH DELETE m
"""

ACTIVE_OF_KIND = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {kind: $kind})
WHERE m.status IN ['active', 'disputed']
RETURN m ORDER BY m.created_at
"""

BY_IDS = """
UNWIND range(0, size($ids) - 1) AS pos
MATCH (u:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $ids[pos]})
WHERE m.status IN $statuses AND m.indexed = true
OPTIONAL MATCH (m)-[:ABOUT]->(e:Entity)
WITH u, m, pos, collect(DISTINCT e {.name, .type}) AS entities
OPTIONAL MATCH (m)-[:ABOUT]->(:Entity)<-[:ABOUT]-(other:Memory)
WHERE other.id <> m.id AND other.subject = $subject AND other.status IN ['active', 'disputed']
WITH m, pos, entities,
     collect(DISTINCT other {.id, .kind, .summary, .status, pending: other.kind IN ['todo', 'schedule']})[..5]
       AS related
RETURN m, entities, related ORDER BY pos
"""

LIST_MEMORIES = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE ($statuses IS NULL OR m.status IN $statuses) AND ($kinds IS NULL OR m.kind IN $kinds)
  AND m.indexed = true
WITH m ORDER BY m.created_at DESC, m.id
WITH collect(m) AS ms
RETURN size(ms) AS total, ms[$offset..$offset + $limit] AS page
"""

SET_STATUS = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE m.id IN $ids
SET m.status = $status, m.updated_at = $now
RETURN count(m) AS n
"""

SET_WEIGHT = """
MATCH (u:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
SET m.weight = $weight, m.last_reinforced = $now, m.updated_at = $now,
    m.valid_to = coalesce($valid_to, m.valid_to)
WITH u, m
OPTIONAL MATCH (u)-[r {memory_id: $id}]->(:Entity)
SET r.weight = $weight
"""

TOUCH = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE m.id IN $ids
SET m.last_accessed = $now
"""

UNINDEXED = """
MATCH (u:User)-[:HAS_MEMORY]->(m:Memory)
WHERE m.indexed = false AND m.updated_at < $before AND ($subject IS NULL OR u.key = $subject)
RETURN u.key AS subject, m LIMIT 1000
"""

GET_RECENT = """
MATCH (:User {key: $subject})-[:HAS_RECENT]->(r:RecentTurns)
RETURN r.turns_json AS turns
"""

SAVE_RECENT = """
MERGE (u:User {key: $subject})
  ON CREATE SET u.created_at = $now
MERGE (u)-[:HAS_RECENT]->(r:RecentTurns {subject: $subject})
SET r.turns_json = $turns, r.updated_at = $now
"""

APPEND_AUDIT = """
MERGE (u:User {key: $subject})
  ON CREATE SET u.created_at = $now
CREATE (u)-[:HAS_AUDIT]->(:AuditEvent {subject: $subject, at: $now, type: $type,
                                       memory_id: $memory_id, detail: $detail})
"""

AUDIT_TRAIL = """
MATCH (:User {key: $subject})-[:HAS_AUDIT]->(a:AuditEvent)
RETURN a ORDER BY a.at
"""

COUNT_SUBJECT = """
OPTIONAL MATCH (u:User {key: $subject})
OPTIONAL MATCH (n) WHERE n.subject = $subject
RETURN count(DISTINCT u) + count(DISTINCT n) AS n
"""

# Large deletes must run in auto-commit transactions (session.run), batched.
ERASE_SUBJECT = """
MATCH (n) WHERE n.subject = $subject
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 1000 ROWS
"""
ERASE_USER = """
MATCH (u:User {key: $subject})
DETACH DELETE u
RETURN count(u) AS n
"""

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
        "relations_json": json.dumps(
            [r.model_dump(mode="json") for r in memory.relations], ensure_ascii=False
        ),
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
    def __init__(
        self, uri: str, user: str, password: str, database: str = "neo4j", timeout_s: float = 5.0
    ) -> None:
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
        records = self._write(
            UPSERT_MEMORY, subject=subject, id=memory.id, props=_props(memory, indexed), now=memory.updated_at
        )
        if not records:
            raise InvalidInput(f"memory id {memory.id} belongs to another subject", field="id")
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
            self._write(UPSERT_RELATION[rel], subject=subject, id=memory.id, entities=entities, weight=memory.weight)

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

    def set_weight(self, subject: SubjectKey, memory_id: str, weight: float, at: datetime,
                   valid_to: datetime | None = None) -> None:
        self._write(SET_WEIGHT, subject=subject, id=memory_id, weight=weight, now=at, valid_to=valid_to)

    def touch(self, subject: SubjectKey, ids: Sequence[str], at: datetime) -> None:
        if ids:
            self._write(TOUCH, subject=subject, ids=list(ids), now=at)

    def unindexed(self, subject: SubjectKey | None, older_than: datetime) -> list[tuple[str, Memory]]:
        records = self._read(UNINDEXED, subject=subject, before=older_than)
        return [(r["subject"], _memory(r["m"])) for r in records]

    # -- lifecycle ---------------------------------------------------------------------------
    def ensure_subject(self, subject: SubjectKey, tenant: str, now: datetime) -> None:
        self._write(ENSURE_SUBJECT, subject=subject, tenant=tenant, now=now)

    def subjects(self, tenant: str | None, after: str = "", limit: int = 500) -> list[tuple[str, str]]:
        records = self._read(SUBJECTS_PAGE, tenant=tenant, after=after, limit=limit)
        return [(r["subject"], r["tenant"]) for r in records]

    def persist_decay(self, tenant: str | None, rate: float, now: datetime) -> None:
        with self._translate(), self._driver.session(database=self._database) as session:
            session.run(PERSIST_DECAY, tenant=tenant, rate=rate, now=now).consume()

    def archive_stub(self, subject: SubjectKey, memory_id: str, key: str, sha: str, reason: str,
                     now: datetime) -> None:
        self._write(ARCHIVE_STUB, subject=subject, id=memory_id, key=key, sha=sha, reason=reason, now=now)

    def archive_ref(self, subject: SubjectKey, memory_id: str) -> dict[str, Any] | None:
        records = self._read(ARCHIVE_REF, subject=subject, id=memory_id)
        return dict(records[0]) if records else None

    def archived_refs(self, subject: SubjectKey) -> list[dict[str, Any]]:
        return [{**dict(r), "at": _native(r["at"]).isoformat() if r["at"] else None}
                for r in self._read(ARCHIVED_REFS, subject=subject)]

    def set_source_quarantine(self, tenant: str, source: str, quarantined: bool, now: datetime) -> list[tuple[str, str]]:
        self._write(MARK_SOURCE if quarantined else UNMARK_SOURCE, tenant=tenant, source=source, now=now)
        records = self._write(QUARANTINE_SOURCE if quarantined else RELEASE_SOURCE, tenant=tenant, source=source, now=now)
        return [(k, i) for k, i in records[0]["hits"]] if records else []

    def quarantined_sources(self, tenant: str) -> set[str]:
        return {r["source"] for r in self._read(QUARANTINED_SOURCES, tenant=tenant)}

    def quadruples(self, subject: SubjectKey) -> list[dict[str, Any]]:
        return [{**dict(r), "at": _native(r["at"]).isoformat() if r["at"] else None}
                for r in self._read(QUADRUPLES, subject=subject)]

    # -- recent turns and audit ------------------------------------------------------------
    def recent_turns(self, subject: SubjectKey) -> list[dict[str, Any]]:
        records = self._read(GET_RECENT, subject=subject)
        return json.loads(records[0]["turns"]) if records else []

    def save_recent_turns(self, subject: SubjectKey, turns: list[dict[str, Any]], now: datetime | None = None) -> None:
        self._write(SAVE_RECENT, subject=subject, turns=json.dumps(turns, ensure_ascii=False), now=now)

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
        before = self.count_subject(subject)
        with self._translate(), self._driver.session(database=self._database) as session:
            session.run(ERASE_SUBJECT, subject=subject).consume()
            session.run(ERASE_USER, subject=subject).consume()
        return before

    def run_read_only(self, query: str, params: dict[str, Any], limit: int) -> list[dict[str, Any]]:
        """Analyst Cypher in a READ transaction: Neo4j itself refuses any write."""

        def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
            result = tx.run(query, params)
            rows: list[dict[str, Any]] = []
            for record in result:
                if len(rows) >= limit:
                    break
                rows.append({k: _jsonable(v) for k, v in dict(record).items()})
            return rows

        try:
            with self._translate(), self._driver.session(
                database=self._database, default_access_mode=neo4j.READ_ACCESS
            ) as session:
                return session.execute_read(work)
        except nx.ClientError as exc:
            raise InvalidInput(f"cypher refused: {exc.message or exc.code}", field="query") from exc


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
