"""Run-once leases in Neo4j (the `mal.ports.LeaseStore` port): a mixin of the graph store, so a
lease shares its driver, bookmarks and error translation. The Cypher is in neo4j_cypher_lease."""

from __future__ import annotations

from adapters.neo4j_base import Neo4jBase
from adapters.neo4j_cypher_lease import ACQUIRE_LEASE, LEASE_SCHEMA, RELEASE_LEASE, RENEW_LEASE

__all__ = ["Neo4jLeases"]


class Neo4jLeases(Neo4jBase):
    def ensure_lease_schema(self) -> None:
        self._write(LEASE_SCHEMA)

    def acquire(self, name: str, owner: str, ttl_s: float, period: str | None = None) -> bool:
        records = self._write(ACQUIRE_LEASE, name=name, owner=owner, ttl_ms=int(ttl_s * 1000), period=period)
        return bool(records and records[0]["held"])

    def renew(self, name: str, owner: str, ttl_s: float) -> bool:
        return bool(self._write(RENEW_LEASE, name=name, owner=owner, ttl_ms=int(ttl_s * 1000)))

    def release(self, name: str, owner: str, done_period: str | None = None) -> None:
        self._write(RELEASE_LEASE, name=name, owner=owner, period=done_period)
