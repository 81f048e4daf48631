"""The Neo4j driver, its error translation and record conversion, shared by the role mixins
(`neo4j_memories`, `neo4j_graph`). Driver records become domain objects here, in one place."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import neo4j
from neo4j import GraphDatabase, RoutingControl
from neo4j import exceptions as nx

from adapters.neo4j_cypher import UPSERT_MEMORY, UPSERT_RELATION, status_params
from mal import variants
from mal.errors import StoreUnavailable
from mal.models import Entity, Memory, MemoryStatus, Relation, SubjectKey
from mal.profile import PROFILE_RULES, is_evidence
from mal.relations import relation_type
from parsers import CONFLICT_RULES, conflict_key

__all__ = [
    "STATUS_PARAMS",
    "Neo4jBase",
    "entity_uid",
    "jsonable",
    "memory_from_node",
    "native",
    "node_props",
    "relation_rows",
    "upsert_tx",
]

# Statuses are Cypher parameters (never literals): every statement gets them; unused ones are ignored.
STATUS_PARAMS = status_params()

_DATETIME_FIELDS = ("created_at", "updated_at", "last_reinforced", "last_accessed", "valid_from", "valid_to")


def native(value: Any) -> Any:
    return value.to_native() if hasattr(value, "to_native") else value


def entity_uid(subject: SubjectKey, entity: Entity) -> str:
    return hashlib.sha256(f"{subject}|{entity.type}|{entity.name}".encode()).hexdigest()[:40]


def node_props(memory: Memory, indexed: bool) -> dict[str, Any]:
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
        # Merged wordings (mal/variants.py), and the keys REINFORCE compares a new one with.
        "variants": list(memory.variants),
        "variant_keys": variants.known_keys(memory),
        "variants_dropped": memory.variants_dropped,
        "indexed": indexed,
        # Possible evidence for the instructions, judged once here (mal/profile.py).
        "profile": is_evidence(memory),
        "profile_rules": PROFILE_RULES,
        # The group a conflict check reads (parsers.conflict_key), under the rules it was computed by.
        "conflict_key": conflict_key(memory.kind, memory.slots) or "",
        "conflict_rules": CONFLICT_RULES,
        **{f: getattr(memory, f) for f in _DATETIME_FIELDS},
    }


def memory_from_node(node: Any) -> Memory:
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
        status=MemoryStatus(data.get("status", MemoryStatus.ACTIVE.value)),
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
        variants=list(data.get("variants") or []),
        variants_dropped=int(data.get("variants_dropped") or 0),
        **{f: native(data.get(f)) for f in _DATETIME_FIELDS},
    )


class Neo4jBase:
    """Driver, session helpers and error translation; the role mixins run their Cypher through it.

    Cluster-ready (docs/deploy.md): `neo4j://` URIs route writes to the leader and reads to any
    member; every session and `execute_query` shares one bookmark manager, so a read after a
    write, in another session or through another driver holding the same manager (the analyst's),
    waits until the member it reads from has that write. On one server bookmarks cost nothing."""

    def __init__(self, uri: str, user: str, password: str, database: str = "neo4j", timeout_s: float = 5.0) -> None:
        self._database = database
        self._driver = GraphDatabase.driver(
            uri,
            auth=(user, password),
            connection_timeout=timeout_s,
            # Acquiring may mean opening a new connection (Bolt handshake + auth, CPU-heavy on a busy
            # server): 16 concurrent captures on a loaded 2-core machine needed > 5 s. A refused port
            # still fails at once, so an outage stays a fast 503.
            connection_acquisition_timeout=3 * timeout_s,
            max_transaction_retry_time=timeout_s,
            notifications_min_severity="OFF",
        )
        self.bookmarks = self._driver.execute_query_bookmark_manager

    def _session(self, read: bool = False, database: str | None = None) -> neo4j.Session:
        """A session on the shared bookmarks; `read` lets a cluster route it to any member.
        Sessions are for multi-statement units (execute_read/execute_write) and for the auto-commit
        statements `CALL {} IN TRANSACTIONS` and administration commands require."""
        return self._driver.session(
            database=database or self._database,
            bookmark_manager=self.bookmarks,
            default_access_mode=neo4j.READ_ACCESS if read else neo4j.WRITE_ACCESS,
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
        except nx.TransientError as exc:
            # Still a deadlock / lock timeout after the driver's retries: the store is too busy for
            # this request right now (503 naming it), not a server bug (500). Nothing was committed.
            raise StoreUnavailable("neo4j", f"busy, retry later ({exc.code})") from exc
        except nx.DriverError as exc:
            raise StoreUnavailable("neo4j", str(exc)[:200]) from exc

    def _write(self, query: str, **params: Any) -> list[neo4j.Record]:
        with self._translate():
            return self._driver.execute_query(
                query, {**STATUS_PARAMS, **params}, database_=self._database, bookmark_manager_=self.bookmarks
            ).records

    def _read(self, query: str, **params: Any) -> list[neo4j.Record]:
        with self._translate():
            return self._driver.execute_query(
                query,
                {**STATUS_PARAMS, **params},
                database_=self._database,
                routing_=RoutingControl.READ,
                bookmark_manager_=self.bookmarks,
            ).records


def upsert_tx(tx: neo4j.ManagedTransaction, subject: SubjectKey, memory: Memory, indexed: bool) -> bool:
    """The memory node and its quadruples, inside the caller's transaction (all or nothing)."""
    written = list(
        tx.run(UPSERT_MEMORY, subject=subject, id=memory.id, props=node_props(memory, indexed), now=memory.updated_at)
    )
    if not written:
        return False
    for rel, entities in relation_rows(subject, memory).items():
        tx.run(UPSERT_RELATION[rel], subject=subject, id=memory.id, entities=entities, weight=memory.weight).consume()
    return True


def relation_rows(subject: SubjectKey, memory: Memory) -> dict[str, list[dict[str, Any]]]:
    """A memory's quadruples as statement rows, grouped by (whitelisted) relationship type."""
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
    return by_type


def jsonable(value: Any) -> Any:
    if isinstance(value, neo4j.graph.Node):
        return {"labels": sorted(value.labels), **{k: jsonable(v) for k, v in value.items()}}
    if isinstance(value, neo4j.graph.Relationship):
        return {"type": value.type, **{k: jsonable(v) for k, v in value.items()}}
    if isinstance(value, list):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if hasattr(value, "iso_format"):
        return value.iso_format()
    return value
