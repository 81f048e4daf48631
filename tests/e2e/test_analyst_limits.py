"""Red-team F1 (issue #9): one analyst expression must not run past the budget, against the real stack.

Neo4j checks its transaction timeout and TERMINATE between rows, not inside one expression, so the
F1 query (`reduce()` building a string over `range(1, 2000000)`) kept a core busy for minutes after
its 408-worthy timeout. Each variant below must now answer 4xx within about twice the timeout, and
afterwards no analyst transaction may still be running in Neo4j (SHOW TRANSACTIONS as admin). The
runtime layer (API deadline + TERMINATE of the tagged transaction) and the load layer (one query in
flight per key: 429) are exercised here too.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

import neo4j
import pytest
from fastapi.testclient import TestClient

from adapters.neo4j_analyst import Neo4jAnalystRunner
from mal.api.app import create_app
from mal.errors import QueryTimeout
from mal.settings import ApiKeyConfig, Settings

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(600)]
TIMEOUT_S = 3.0
SLOW_ROWS = "UNWIND range(1, 10000) AS a UNWIND range(1, 10000) AS b UNWIND range(1, 10000) AS c RETURN count(*) AS n"


@dataclass
class Api:
    client: TestClient
    settings: Settings
    key: str
    other_key: str

    def cypher(self, query: str, params: dict | None = None, key: str | None = None) -> tuple[int, dict, float]:
        started = time.monotonic()
        response = self.client.post(
            "/v1/cypher",
            headers={"Authorization": f"Bearer {key or self.key}"},
            json={"query": query, "params": params or {}},
        )
        return response.status_code, response.json(), time.monotonic() - started


@pytest.fixture(scope="module")
def api(settings: Settings, container: object) -> Iterator[Api]:
    tenant = f"tl-{secrets.token_hex(3)}"
    key, other = secrets.token_hex(12), secrets.token_hex(12)
    keys = [
        ApiKeyConfig(key=key, tenant=tenant, scopes=["analyst"]),  # type: ignore[arg-type]
        ApiKeyConfig(key=other, tenant=tenant, scopes=["analyst"]),  # type: ignore[arg-type]
    ]
    neo = settings.neo4j.model_copy(update={"analyst_timeout_s": TIMEOUT_S})
    cfg = settings.model_copy(update={"api_keys": keys, "neo4j": neo})
    with TestClient(create_app(cfg, warm=False)) as client:
        yield Api(client, cfg, key, other)


def _running_analyst_transactions(settings: Settings) -> list[dict]:
    s = settings.neo4j
    with neo4j.GraphDatabase.driver(s.uri, auth=(s.user, s.password.get_secret_value())) as admin:
        records = admin.execute_query(
            "SHOW TRANSACTIONS YIELD transactionId, username, currentQuery, elapsedTime "
            "WHERE username = $user RETURN transactionId, currentQuery, elapsedTime",
            user=s.analyst_user,
        ).records
    return [dict(r) for r in records]


def _quiet(settings: Settings, within_s: float = 10.0) -> list[dict]:
    deadline = time.monotonic() + within_s
    while (running := _running_analyst_transactions(settings)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return running


F1 = 'RETURN size(reduce(s="", x IN range(1,2000000) | s + "aaaaaaaaaaaa")) AS x'
VARIANTS = [
    ("f1", F1),
    ("reduce-doubling", "RETURN size(reduce(s = 'ab', x IN range(1, 64) | s + s)) AS n"),
    ("nested-replace", "RETURN size(" + "replace(" * 8 + "'aaaaaaaaaa'" + ", 'a', 'aaaaaaaaaa')" * 8 + ") AS n"),
    ("with-doubling", "WITH 'aaaaaaaa' AS s " + "WITH s + s AS s " * 40 + "RETURN size(s) AS n"),
    (
        "comprehension-doubling",
        "RETURN size([x IN range(1, 10000) | [y IN range(1, 10000) | toString(x) + toString(y)]]) AS n",
    ),
    ("quantifier-big-range", "RETURN any(x IN range(1, 2000000000) WHERE x < 0) AS n"),
    ("list-concat", "RETURN size(range(1, 100000000) + range(1, 100000000)) AS n"),
    ("deep-nesting", "RETURN " + "abs(" * 70 + "1" + ")" * 70 + " AS n"),
    ("var-length-explosion", "MATCH p = (a)-[*]-(b) RETURN count(p) AS n"),
    ("string-functions-on-huge", "RETURN size(toUpper(toUpper(toUpper(toUpper(toUpper(toUpper($s))))))) AS n"),
    ("split-in-iteration", "RETURN size([x IN range(1, 10000) | [y IN range(1, 10) | size(split($s, ''))]]) AS n"),
    ("regex-backtracking", "RETURN 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' =~ '(a+)+b' AS m"),
    ("foreign-function", "RETURN apoc.text.repeat('a', 1000000000) AS s"),
    ("big-parameter", "RETURN size($big) AS n"),
]


@pytest.mark.parametrize("name,query", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_f1_variants_answer_4xx_within_twice_the_timeout_and_leave_nothing_running(
    api: Api, name: str, query: str
) -> None:
    status, body, elapsed = api.cypher(query, {"s": "a" * 10_000, "big": "b" * 100_000})
    assert 400 <= status < 500, (name, status, body)
    assert body["error"] in ("InvalidInput", "QueryTimeout", "QueryTooLarge") and body["field"] == "query", body
    assert body["message"], body
    assert elapsed < 2 * TIMEOUT_S, (name, elapsed)
    assert _quiet(api.settings) == [], name


def test_refusals_name_the_rule(api: Api) -> None:
    expectations = {
        F1: "reduce()",
        VARIANTS[5][1]: "range() spans",
        VARIANTS[8][1]: "upper bound",
        VARIANTS[11][1]: "=~",
        VARIANTS[12][1]: "apoc.text.repeat",
    }
    for query, words in expectations.items():
        status, body, _ = api.cypher(query)
        assert status == 400 and words in body["message"], (query, body)


def test_row_producing_slow_query_is_408_and_terminated_in_neo4j(api: Api) -> None:
    status, body, elapsed = api.cypher(SLOW_ROWS)
    assert status == 408 and body["error"] == "QueryTimeout" and f"{TIMEOUT_S:g} s" in body["message"], body
    assert elapsed < 2 * TIMEOUT_S, elapsed
    assert _quiet(api.settings) == []


def test_terminate_by_tag_stops_a_row_producing_transaction(settings: Settings, container: object) -> None:
    """The runtime layer's TERMINATE, measured: a transaction with a 60 s server timeout stops within
    about a second of terminate(tag). (Inside one expression Neo4j ignores it: docs/security.md.)"""
    s = settings.neo4j
    runner = Neo4jAnalystRunner(s.uri, s.analyst_user, s.analyst_password.get_secret_value(), s.database)
    tag = secrets.token_hex(8)
    outcome: dict[str, object] = {}

    def work() -> None:
        try:
            runner.run(SLOW_ROWS, {}, 10, 60.0, tag)
        except Exception as exc:
            outcome["error"] = exc
        outcome["at"] = time.monotonic()

    thread = threading.Thread(target=work)
    thread.start()
    try:
        stopped, deadline = 0, time.monotonic() + 10
        while not stopped and time.monotonic() < deadline:
            time.sleep(0.3)
            stopped = runner.terminate(tag)
        asked = time.monotonic()
        assert stopped == 1
        thread.join(20)
        assert not thread.is_alive()
        assert isinstance(outcome.get("error"), QueryTimeout), outcome
        assert float(outcome["at"]) - asked < 3.0  # type: ignore[arg-type]
        assert _quiet(settings) == []
    finally:
        runner.close()


def test_one_query_in_flight_per_key_then_429(api: Api) -> None:
    results: list[tuple[int, dict, float]] = []
    first = threading.Thread(target=lambda: results.append(api.cypher(SLOW_ROWS)))
    first.start()
    time.sleep(1.0)  # the first query is now running in Neo4j
    status, body, _ = api.cypher("RETURN 1 AS n")
    assert status == 429 and body["error"] == "TooManyRequests", body
    assert "MAL_NEO4J__ANALYST_MAX_IN_FLIGHT" in body["message"], body
    status, body, _ = api.cypher("RETURN 1 AS n", key=api.other_key)  # another key of the tenant: room
    assert status == 200 and body["rows"] == [{"n": 1}], body
    first.join(30)
    assert results and results[0][0] == 408
    # freed once Neo4j has finished it: the terminated transaction may take a moment to end on a
    # loaded machine (seen: still running right after the 408 while four other jobs shared 2 cores)
    deadline = time.monotonic() + 20
    status, body, _ = api.cypher("RETURN 1 AS n")
    while status == 429 and time.monotonic() < deadline:
        time.sleep(0.2)
        status, body, _ = api.cypher("RETURN 1 AS n")
    assert status == 200, body


@pytest.mark.parametrize(
    "query",
    [
        "MATCH (a:User) MATCH p = shortestPath((a)-[*]-(a)) RETURN count(p) AS n",
        "RETURN substring('abc', 0, 9223372036854775807) AS s",
        "RETURN left('abc', -1) AS s",
    ],
)
def test_an_error_the_statement_itself_causes_is_a_400_not_a_503(api: Api, query: str) -> None:
    # Neo4j answers these with DatabaseError Statement.ExecutionFailed (red team: was a 503).
    status, body, _ = api.cypher(query)
    assert status == 400 and body["error"] == "InvalidInput" and body["field"] == "query", body


def test_a_value_the_driver_cannot_represent_is_a_400_not_a_503(api: Api) -> None:
    status, body, _ = api.cypher("RETURN datetime({year: 999999999}) AS d")
    assert status == 400 and body["error"] == "InvalidInput" and "represent" in body["message"], body
