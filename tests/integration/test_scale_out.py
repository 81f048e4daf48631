"""Scale-out on the real Neo4j (issue #15): run-once leases taken by three replica processes, and
the routing path (`neo4j://`, read routing, shared bookmarks) against the local server."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from uuid import uuid4

import neo4j
import pytest

from adapters.neo4j_analyst import Neo4jAnalystRunner
from adapters.neo4j_graph import Neo4jGraphStore
from infra.stack import ROOT
from mal.models import Memory
from mal.settings import Settings
from tests.conftest import unique

pytestmark = pytest.mark.integration

# One replica: its own process, its own driver, a LeasedRunner around a job that takes 1.5 s.
REPLICA = """
import json, sys, time
from adapters.neo4j_graph import Neo4jGraphStore
from mal.lease import LeasedRunner, Skipped
from mal.settings import Settings
name, period = sys.argv[1], sys.argv[2]
neo = Settings().neo4j
graph = Neo4jGraphStore(neo.uri, neo.user, neo.password.get_secret_value(), neo.database)
runner = LeasedRunner(graph, ttl_s=5)
print("ready", flush=True)
sys.stdin.readline()  # the go signal: every replica connected before the race starts
result = runner.run_once(name, lambda: time.sleep(1.5) or "ran", period)
print(json.dumps({"owner": runner.owner, "ran": not isinstance(result, Skipped)}))
graph.close()
"""


def _replicas(name: str, period: str, count: int = 3) -> list[dict[str, object]]:
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", REPLICA, name, period],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(count)
    ]
    for process in processes:  # wait until each one has imported and connected ...
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "ready", process.stderr.read() if process.stderr else ""
    for process in processes:  # ... then release them together ...
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    results = []
    for process in processes:  # ... and collect
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        results.append(json.loads(out.strip().splitlines()[-1]))
    return results


def test_three_replica_processes_run_a_leased_job_exactly_once(container: object) -> None:
    name, today = unique("lease"), datetime.now(UTC).date().isoformat()
    first = _replicas(name, today)
    assert sum(bool(r["ran"]) for r in first) == 1, first
    # Later the same day (a replica whose schedule fired late): nobody runs it again.
    assert not any(r["ran"] for r in _replicas(name, today))
    # The next period: again exactly one.
    assert sum(bool(r["ran"]) for r in _replicas(name, "next-" + today)) == 1


def _routing(uri: str) -> str:
    return uri.replace("bolt://", "neo4j://", 1)


def test_neo4j_routing_uri_writes_reads_and_analyst_reads(settings: Settings, container: object) -> None:
    """`neo4j://` makes the driver fetch a routing table and route reads (execute_read, the
    analyst's READ sessions) and writes separately; the shared bookmark manager carries the
    write's bookmark to the analyst's driver. On one server every route is that server."""
    neo = settings.neo4j
    uri = _routing(neo.uri)
    graph = Neo4jGraphStore(uri, neo.user, neo.password.get_secret_value(), neo.database)
    analyst = Neo4jAnalystRunner(
        uri, neo.analyst_user, neo.analyst_password.get_secret_value(), neo.database, bookmarks=graph.bookmarks
    )
    try:
        assert isinstance(graph._driver, neo4j.Neo4jDriver)  # the routing driver, not the direct one
        subject, now = unique("route"), datetime.now(UTC)
        graph.ensure_subject(subject, "t-route", now)  # type: ignore[arg-type]
        memory = Memory(
            id=str(uuid4()),
            kind="preference",
            summary="prefers routing",
            created_at=now,
            updated_at=now,
            last_reinforced=now,
            last_accessed=now,
        )
        graph.upsert(subject, memory, indexed=True)  # type: ignore[arg-type]
        assert graph.bookmarks.get_bookmarks()  # the write left a bookmark
        got = graph.get(subject, memory.id)  # type: ignore[arg-type]  # read routing
        assert got is not None and got.summary == "prefers routing"
        rows = analyst.run(
            "MATCH (m:Memory {id: $id}) RETURN m.summary AS s", {"id": memory.id}, 10, 10.0, unique("tag")
        )
        assert rows.rows == [{"s": "prefers routing"}]
        table = graph._driver._pool.routing_tables[neo.database]  # what the server answered
        assert table.readers and table.writers
        assert graph.erase_subject(subject) >= 1  # type: ignore[arg-type]
    finally:
        graph.close()
        analyst.close()
