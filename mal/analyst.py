"""Analyst Cypher: guard -> run as the non-admin Neo4j user -> check and scrub what comes back.

The guard (`mal.cypher_guard`) pins every node pattern to the key's tenant and keeps raw turn text
out of the statement; this module runs it through an `AnalystRunner` (a read-only session of its
own, with a per-query timeout and a row cap) and then checks every node that comes back: a node of
another tenant means the guard failed, so the whole answer is refused rather than filtered. Whole
nodes returned without `analyst:raw` lose their raw-text properties here, because a node can be
returned without naming any property.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from mal.cypher_guard import EPISODE_PROPERTIES, RAW_PROPERTIES, RAW_SUMMARY_KINDS, guard
from mal.errors import InvalidInput

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
    InvalidInput for anything Neo4j itself refuses, StoreUnavailable when Neo4j is down."""

    def run(self, query: str, params: dict[str, Any], max_rows: int, timeout_s: float) -> RunnerRows: ...

    def ready(self) -> None: ...

    def close(self) -> None: ...


@dataclass
class AnalystResult:
    rows: list[dict[str, Any]]
    truncated: bool
    row_limit: int
    statement: str = field(repr=False, default="")


class AnalystService:
    def __init__(self, runner: AnalystRunner, max_rows: int, timeout_s: float) -> None:
        self._runner = runner
        self._max_rows = max_rows
        self._timeout_s = timeout_s

    def query(self, tenant: str, raw: bool, query: str, params: dict[str, Any], limit: int) -> AnalystResult:
        guarded = guard(query, params, tenant, raw)
        row_limit = min(limit, self._max_rows)
        result = self._runner.run(guarded.text, guarded.params, row_limit, self._timeout_s)
        scrub = _Scrubber(tenant, raw)
        rows = [{k: scrub(v) for k, v in row.items()} for row in result.rows]
        return AnalystResult(rows, result.truncated, row_limit, guarded.text)

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
