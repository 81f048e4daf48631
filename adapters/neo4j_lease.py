"""Run-once leases and per-subject locks in Neo4j (the `mal.ports.LeaseStore` port): a mixin of
the graph store, so a lease shares its driver, bookmarks and error translation. The Cypher is in
neo4j_cypher_lease and neo4j_cypher_lock."""

from __future__ import annotations

from adapters.neo4j_base import Neo4jBase
from adapters.neo4j_cypher_lease import ACQUIRE_LEASE, LEASE_SCHEMA, RELEASE_LEASE, RENEW_LEASE
from adapters.neo4j_cypher_lock import LOCK_SUBJECT, SUBJECT_LOCK_SCHEMA, UNLOCK_SUBJECT

__all__ = ["Neo4jLeases"]


class Neo4jLeases(Neo4jBase):
    def ensure_lease_schema(self) -> None:
        self._write(LEASE_SCHEMA)
        for statement in SUBJECT_LOCK_SCHEMA:
            self._write(statement)

    def acquire(self, name: str, owner: str, ttl_s: float, period: str | None = None) -> bool:
        records = self._write(ACQUIRE_LEASE, name=name, owner=owner, ttl_ms=int(ttl_s * 1000), period=period)
        return bool(records and records[0]["held"])

    def renew(self, name: str, owner: str, ttl_s: float) -> bool:
        return bool(self._write(RENEW_LEASE, name=name, owner=owner, ttl_ms=int(ttl_s * 1000)))

    def release(self, name: str, owner: str, done_period: str | None = None) -> None:
        self._write(RELEASE_LEASE, name=name, owner=owner, period=done_period)

    def lock_subject(self, subject: str, owner: str, ttl_s: float) -> bool:
        records = self._write(LOCK_SUBJECT, subject=subject, owner=owner, ttl_ms=int(ttl_s * 1000))
        return bool(records and records[0]["held"])

    def unlock_subject(self, subject: str, owner: str) -> None:
        self._write(UNLOCK_SUBJECT, subject=subject, owner=owner)
