"""Analyst Cypher: guard -> run as the non-admin Neo4j user -> check and scrub what comes back.

The guard (`mal.cypher_guard`) pins every node pattern to the key's tenant and keeps raw turn text
out of the statement; this module runs it through an `AnalystRunner` (a read-only session of its
own, with a per-query timeout and a row cap) and then checks every node that comes back: a node of
another tenant means the guard failed, so the whole answer is refused rather than filtered. Whole
nodes returned without `analyst:raw` lose their raw-text properties here, because a node can be
returned without naming any property.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from mal.cypher_guard import EPISODE_PROPERTIES, RAW_PROPERTIES, RAW_SUMMARY_KINDS, guard
from mal.errors import InvalidInput, MalError, QueryTimeout, TooManyRequests

log = logging.getLogger(__name__)
# The API's own deadline is the server timeout plus this, so a query Neo4j stops itself (between
# rows) is answered with Neo4j's own 408, and only one Neo4j cannot stop reaches ours.
DEADLINE_GRACE_S = 1.0

__all__ = ["AnalystResult", "AnalystRunner", "AnalystService", "GraphNode", "GraphPath", "GraphRel", "RunnerRows"]


@dataclass(frozen=True)
class GraphNode:
    labels: tuple[str, ...]
    properties: dict[str, Any]


@dataclass(frozen=True)
class GraphRel:
    type: str
    properties: dict[str, Any]


@dataclass(frozen=True)
class GraphPath:
    nodes: tuple[GraphNode, ...]
    relationships: tuple[GraphRel, ...]


@dataclass
class RunnerRows:
    rows: list[dict[str, Any]]
    truncated: bool


class AnalystRunner(Protocol):
    """Runs one statement read-only as the analyst Neo4j user; never retries.

    Raises QueryTimeout past `timeout_s`, QueryTooLarge past the server's transaction memory cap,
    InvalidInput for anything Neo4j itself refuses, StoreUnavailable when Neo4j is down. `tag`
    marks the transaction (tx metadata) so `terminate(tag)` can find and stop it server-side."""

    def run(self, query: str, params: dict[str, Any], max_rows: int, timeout_s: float, tag: str) -> RunnerRows: ...

    def terminate(self, tag: str) -> int:
        """Terminate the running transactions marked `tag`; returns how many were asked to stop."""
        ...

    def ready(self) -> None: ...

    def close(self) -> None: ...


@dataclass
class AnalystResult:
    rows: list[dict[str, Any]]
    truncated: bool
    row_limit: int
    statement: str = field(repr=False, default="")


class _InFlight:
    """Counts analyst queries Neo4j is still running, per API key and per tenant."""

    def __init__(self, per_key: int, per_tenant: int) -> None:
        self._per_key, self._per_tenant = per_key, per_tenant
        self._keys: Counter[str] = Counter()
        self._tenants: Counter[str] = Counter()
        self._lock = threading.Lock()

    def acquire(self, key: str, tenant: str) -> None:
        with self._lock:
            if self._keys[key] >= self._per_key:
                raise TooManyRequests(
                    f"{self._keys[key]} analyst query of this API key is still running in Neo4j "
                    f"(at most {self._per_key}, MAL_NEO4J__ANALYST_MAX_IN_FLIGHT); wait for it to finish",
                    retry_after_s=1,
                )
            if self._tenants[tenant] >= self._per_tenant:
                raise TooManyRequests(
                    f"{self._tenants[tenant]} analyst queries of this tenant are still running in Neo4j "
                    f"(at most {self._per_tenant}, MAL_NEO4J__ANALYST_MAX_IN_FLIGHT_TENANT); wait for one to finish",
                    retry_after_s=1,
                )
            self._keys[key] += 1
            self._tenants[tenant] += 1

    def release(self, key: str, tenant: str) -> None:
        with self._lock:
            self._keys[key] -= 1
            self._tenants[tenant] -= 1
            self._keys += Counter()  # drop zero counts
            self._tenants += Counter()


class AnalystService:
    def __init__(
        self,
        runner: AnalystRunner,
        max_rows: int,
        timeout_s: float,
        max_in_flight: int = 1,
        max_in_flight_tenant: int = 2,
    ) -> None:
        self._runner = runner
        self._max_rows = max_rows
        self._timeout_s = timeout_s
        self._in_flight = _InFlight(max_in_flight, max_in_flight_tenant)

    def query(
        self, tenant: str, raw: bool, query: str, params: dict[str, Any], limit: int, key: str = "-"
    ) -> AnalystResult:
        guarded = guard(query, params, tenant, raw)
        row_limit = min(limit, self._max_rows)
        result = self._run(guarded.text, guarded.params, row_limit, key, tenant)
        scrub = _Scrubber(tenant, raw)
        rows = [{k: scrub(v) for k, v in row.items()} for row in result.rows]
        return AnalystResult(rows, result.truncated, row_limit, guarded.text)

    def _run(self, text: str, params: dict[str, Any], row_limit: int, key: str, tenant: str) -> RunnerRows:
        """Run on a worker thread under the API's own wall clock. Neo4j checks its timeout only
        between rows; past our deadline the transaction is terminated server-side and the caller gets
        408 at once. The in-flight slot is held until the worker returns, i.e. until Neo4j is done."""
        self._in_flight.acquire(key, tenant)
        tag = secrets.token_hex(8)
        box: dict[str, Any] = {}
        done = threading.Event()

        def work() -> None:
            try:
                box["rows"] = self._runner.run(text, params, row_limit, self._timeout_s, tag)
            except BaseException as exc:  # handed to the caller below
                box["error"] = exc
            finally:
                self._in_flight.release(key, tenant)
                done.set()

        try:
            threading.Thread(target=work, name=f"analyst-{tag}", daemon=True).start()
        except BaseException:
            self._in_flight.release(key, tenant)
            raise
        if not done.wait(self._timeout_s + DEADLINE_GRACE_S):
            try:
                stopped = self._runner.terminate(tag)
            except MalError as exc:
                stopped = 0
                log.warning("analyst query %s: terminate failed (%s)", tag, exc)
            log.warning("analyst query %s of key %s passed the deadline; terminated %d", tag, key, stopped)
            raise QueryTimeout(
                f"query stopped at the analyst timeout of {self._timeout_s:g} s "
                "(MAL_NEO4J__ANALYST_TIMEOUT_S); narrow it or add a LIMIT",
                field="query",
            )
        if "error" in box:
            raise box["error"]
        rows: RunnerRows = box["rows"]
        return rows

    def ready(self) -> None:
        self._runner.ready()

    def close(self) -> None:
        self._runner.close()


class _Scrubber:
    """Graph values -> JSON-able values, refusing foreign nodes and hiding raw text."""

    def __init__(self, tenant: str, raw: bool) -> None:
        self._tenant = tenant
        self._raw = raw

    def __call__(self, value: Any) -> Any:
        if isinstance(value, GraphNode):
            return self._node(value)
        if isinstance(value, GraphRel):
            return {"type": value.type, **{k: self(v) for k, v in value.properties.items()}}
        if isinstance(value, GraphPath):
            return {"nodes": [self(n) for n in value.nodes], "relationships": [self(r) for r in value.relationships]}
        if isinstance(value, list):
            return [self(v) for v in value]
        if isinstance(value, dict):
            return {k: self(v) for k, v in value.items()}
        return value

    def _node(self, node: GraphNode) -> dict[str, Any]:
        if node.properties.get("tenant") != self._tenant:
            # The guard pins every pattern to the tenant; reaching here means it failed. Fail closed.
            raise InvalidInput("cypher refused: the answer reached a node outside your tenant", field="query")
        props = dict(node.properties)
        if not self._raw:
            for name in RAW_PROPERTIES:
                props.pop(name, None)
            if props.get("kind") in RAW_SUMMARY_KINDS:
                for name in EPISODE_PROPERTIES:
                    props.pop(name, None)
        return {"labels": sorted(node.labels), **{k: self(v) for k, v in props.items()}}
