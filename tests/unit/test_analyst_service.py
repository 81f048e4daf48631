"""AnalystService without a database: what comes back is checked against the tenant and scrubbed of
raw text; Neo4j's timeout and memory errors become 408 and 422 errors that say so."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from neo4j import exceptions as nx

from adapters.neo4j_analyst import Neo4jAnalystRunner
from mal.analyst import AnalystService, GraphNode, GraphPath, GraphRel, RunnerRows
from mal.errors import InvalidInput, QueryTimeout, QueryTooLarge, StoreUnavailable, TooManyRequests


class FakeRunner:
    def __init__(self, rows: list[dict[str, Any]], truncated: bool = False) -> None:
        self.rows, self.truncated = rows, truncated
        self.calls: list[Any] = []

    def run(self, query: str, params: dict[str, Any], max_rows: int, timeout_s: float, tag: str) -> RunnerRows:
        self.calls.append((query, params, max_rows, timeout_s))
        return RunnerRows(self.rows[:max_rows], self.truncated)

    def terminate(self, tag: str) -> int:
        return 0

    def ready(self) -> None: ...

    def close(self) -> None: ...


EPISODE = GraphNode(
    ("Memory",),
    {
        "tenant": "t1",
        "kind": "episode",
        "summary": "昨天我们在河边散步",
        "text": "昨天我们在河边散步",
        "slots_json": '{"content": "昨天我们在河边散步"}',
        "context": "之前",
        "id": "m1",
    },
)
FACT = GraphNode(
    ("Memory",),
    {
        "tenant": "t1",
        "kind": "family_health",
        "summary": "用户的妈妈有高血压",
        "text": "我妈妈有高血压",
        "slots_json": "{}",
        "id": "m2",
    },
)
RECENT = GraphNode(("RecentTurns",), {"tenant": "t1", "turns_json": '[{"content": "我妈妈有高血压"}]'})


def test_whole_nodes_lose_raw_text_without_the_raw_scope() -> None:
    path = GraphPath((EPISODE, FACT), (GraphRel("ABOUT", {}),))
    runner = FakeRunner([{"e": EPISODE, "f": FACT, "r": RECENT, "nested": {"xs": [EPISODE]}, "p": path}])
    rows = AnalystService(runner, 100, 3.0).query("t1", False, "MATCH (n) RETURN n", {}, 10).rows
    text = repr(rows)
    assert "河边" not in text and "我妈妈有高血压" not in text and "之前" not in text
    assert rows[0]["f"]["summary"] == "用户的妈妈有高血压" and rows[0]["e"]["id"] == "m1"
    assert rows[0]["e"]["labels"] == ["Memory"]
    raw = AnalystService(FakeRunner([{"e": EPISODE}]), 100, 3.0).query("t1", True, "MATCH (n) RETURN n", {}, 10)
    assert raw.rows[0]["e"]["text"] == "昨天我们在河边散步"


def test_a_node_of_another_tenant_fails_the_whole_answer() -> None:
    foreign = GraphNode(("User",), {"tenant": "t2", "key": "k"})
    for node in (foreign, GraphNode(("User",), {"key": "no tenant"})):
        with pytest.raises(InvalidInput, match="outside your tenant"):
            AnalystService(FakeRunner([{"ok": FACT}, {"x": [node]}]), 100, 3.0).query(
                "t1", True, "MATCH (n) RETURN n", {}, 10
            )


def test_row_cap_and_timeout_are_passed_down() -> None:
    runner = FakeRunner([{"x": i} for i in range(10)], truncated=True)
    result = AnalystService(runner, 5, 2.5).query("t1", False, "UNWIND range(1, 10) AS x RETURN x", {}, 1000)
    assert (len(result.rows), result.truncated, result.row_limit) == (5, True, 5)
    assert runner.calls[0][2:] == (5, 2.5)
    assert runner.calls[0][1]["__tenant"] == "t1"


@pytest.mark.parametrize(
    "code,error,words",
    [
        ("Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration", QueryTimeout, "timeout of 4 s"),
        ("Neo.ClientError.Transaction.TransactionTimedOut", QueryTimeout, "timeout"),
        ("Neo.ClientError.General.TransactionOutOfMemoryError", QueryTooLarge, "memory limit"),
        ("Neo.TransientError.General.MemoryPoolOutOfMemoryError", QueryTooLarge, "memory limit"),
        ("Neo.ClientError.Statement.SyntaxError", InvalidInput, "cypher refused"),
        ("Neo.DatabaseError.General.UnknownError", StoreUnavailable, "neo4j"),
    ],
)
def test_driver_errors_become_ours(code: str, error: type[Exception], words: str) -> None:
    runner = Neo4jAnalystRunner.__new__(Neo4jAnalystRunner)
    with pytest.raises(error, match=words), runner._translate(4.0):
        raise nx.Neo4jError._hydrate_neo4j(code=code, message="boom")


class StuckRunner(FakeRunner):
    """Like Neo4j inside one expression: ignores its timeout and terminate until released."""

    def __init__(self) -> None:
        super().__init__([{"x": 1}])
        self.release = threading.Event()
        self.terminated: list[str] = []
        self.tags: list[str] = []

    def run(self, query: str, params: dict[str, Any], max_rows: int, timeout_s: float, tag: str) -> RunnerRows:
        self.tags.append(tag)
        self.release.wait(30)
        return super().run(query, params, max_rows, timeout_s, tag)

    def terminate(self, tag: str) -> int:
        self.terminated.append(tag)
        return 1


def test_the_api_deadline_answers_408_and_terminates_the_tagged_transaction() -> None:
    runner = StuckRunner()
    service = AnalystService(runner, 100, 0.2)
    started = time.monotonic()
    with pytest.raises(QueryTimeout, match=r"timeout of 0\.2 s"):
        service.query("t1", False, "RETURN 1 AS x", {}, 10, key="k1")
    assert time.monotonic() - started < 0.2 + 1.0 + 0.5
    assert runner.terminated == runner.tags and len(runner.tags) == 1
    runner.release.set()


def test_one_query_in_flight_per_key_until_neo4j_is_done_then_429_says_so() -> None:
    runner = StuckRunner()
    service = AnalystService(runner, 100, 0.1, max_in_flight=1, max_in_flight_tenant=2)
    with pytest.raises(QueryTimeout):
        service.query("t1", False, "RETURN 1 AS x", {}, 10, key="k1")
    # the 408 was sent, but Neo4j is still busy: the key's slot is still taken
    with pytest.raises(TooManyRequests, match="MAL_NEO4J__ANALYST_MAX_IN_FLIGHT") as err:
        service.query("t1", False, "RETURN 1 AS x", {}, 10, key="k1")
    assert err.value.status_code == 429
    with pytest.raises(QueryTimeout):  # another key of the tenant still has room (2 per tenant)
        service.query("t1", False, "RETURN 1 AS x", {}, 10, key="k2")
    with pytest.raises(TooManyRequests, match="tenant"):
        service.query("t1", False, "RETURN 1 AS x", {}, 10, key="k3")
    runner.release.set()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            assert service.query("t1", False, "RETURN 1 AS x", {}, 10, key="k1").rows == [{"x": 1}]
            break
        except TooManyRequests:
            time.sleep(0.05)
    else:
        pytest.fail("the slot was never released")


def test_runner_errors_reach_the_caller_and_free_the_slot() -> None:
    class Failing(FakeRunner):
        def run(self, query: str, params: dict[str, Any], max_rows: int, timeout_s: float, tag: str) -> RunnerRows:
            raise StoreUnavailable("neo4j", "down")

    service = AnalystService(Failing([]), 100, 1.0)
    for _ in range(3):
        with pytest.raises(StoreUnavailable):
            service.query("t1", False, "RETURN 1 AS x", {}, 10, key="k1")
