"""Issue #9 items 1, 3 and 4 (guard half): POST /v1/cypher against the real stack.

Five tenants with three users each capture Chinese and English turns; every analyst query (the ten
in docs/schema.md and adversarial ones) must return zero rows of another tenant, refuse what the
guard cannot prove safe with a 400, stop a slow query with a 408, cap rows, and show raw turn text
only to a key with the `analyst:raw` scope.
"""

from __future__ import annotations

import json
import random
import re
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import neo4j
import pytest
from fastapi.testclient import TestClient

from mal.api.app import create_app
from mal.identity import subject_key
from mal.settings import ApiKeyConfig, Settings

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(900)]  # the fixture captures 30 sessions
DOC = Path(__file__).resolve().parents[2] / "docs" / "schema.md"
TIMEOUT_S = 6.0  # documented queries take well under 1 s idle; room for a loaded machine


def doc_queries() -> list[str]:
    return re.findall(r"```cypher\n(.*?)```", DOC.read_text(), re.S)


@dataclass
class Tenant:
    name: str
    agent: str
    analyst: str
    raw: str
    users: dict[str, str] = field(default_factory=dict)  # user id -> subject key
    said: list[str] = field(default_factory=list)  # raw turns, each with a marker unique to this tenant
    marker: str = ""


@dataclass
class World:
    client: TestClient
    tenants: list[Tenant]
    settings: Settings

    def cypher(self, key: str, query: str, params: dict | None = None) -> tuple[int, dict]:
        response = self.client.post(
            "/v1/cypher", headers={"Authorization": f"Bearer {key}"}, json={"query": query, "params": params or {}}
        )
        return response.status_code, response.json()


def _facts(marker: str, n: int) -> list[tuple[str, ...]]:
    """Per user: one session of facts and one of small talk long enough to be stored as episodes."""
    return [
        ("我妈妈有高血压", "帮我订明天下午3点从北京南到上海虹桥的高铁二等座，预算500以内", "响应太慢了！！"),
        (
            f"昨天下午我和老同学{marker}z{n}在河边散步，一起聊了很久以前的事情",
            f"Yesterday my old friend {marker}e{n} and I walked along the river and talked for hours about school",
        ),
    ]


@pytest.fixture(scope="module")
def world(settings: Settings, container: object) -> Iterator[World]:
    tenants = [
        Tenant(
            name=f"ta{i}-{secrets.token_hex(3)}",
            agent=secrets.token_hex(12),
            analyst=secrets.token_hex(12),
            raw=secrets.token_hex(12),
            marker=f"mk{secrets.token_hex(3)}",
        )
        for i in range(5)
    ]
    keys = []
    for t in tenants:
        keys += [
            ApiKeyConfig(key=t.agent, tenant=t.name, scopes=["agent"]),  # type: ignore[arg-type]
            ApiKeyConfig(key=t.analyst, tenant=t.name, scopes=["analyst"]),  # type: ignore[arg-type]
            ApiKeyConfig(key=t.raw, tenant=t.name, scopes=["analyst", "analyst:raw"]),
        ]  # type: ignore[arg-type]
    neo = settings.neo4j.model_copy(update={"analyst_timeout_s": TIMEOUT_S})
    cfg = settings.model_copy(update={"api_keys": keys, "neo4j": neo})
    pepper = cfg.pepper.get_secret_value()
    with TestClient(create_app(cfg, warm=False)) as client:
        for t in tenants:
            for n in range(3):
                user = f"user-{n}-{secrets.token_hex(4)}"
                t.users[user] = subject_key(pepper, t.name, user)
                headers = {"Authorization": f"Bearer {t.agent}", "X-User-Id": user}
                for s, turns in enumerate(_facts(t.marker, n)):
                    body = {
                        "session_id": f"s{s}",
                        "source": "web",
                        "turns": [{"role": "user", "content": c} for c in turns],
                    }
                    response = client.post("/v1/memories", json=body, headers=headers)
                    assert response.status_code == 200, response.text
                t.said += list(_facts(t.marker, n)[1])
        yield World(client, tenants, cfg)


def _foreign(world: World, own: Tenant, payload: dict) -> list[str]:
    """Every trace of another tenant in a response: its name, subject keys or raw-turn markers."""
    text = json.dumps(payload, ensure_ascii=False)
    hits = []
    for other in world.tenants:
        if other is own:
            continue
        hits += [x for x in (other.name, other.marker, *other.users.values()) if x in text]
    return hits


ADVERSARIAL_READS = [
    "MATCH (n) RETURN n",
    "MATCH (a)-[*..4]-(b) RETURN b",
    "MATCH (a:User)-[*1..4]-(b) RETURN a.key AS a, b",
    "CALL db.labels()",
    "CALL db.labels() YIELD label RETURN label",
    "MATCH (u:User) RETURN u.key AS k UNION MATCH (m:Memory) RETURN m.subject AS k",
    "MATCH (u:User) RETURN u.tenant AS k UNION ALL MATCH (r:RecentTurns) RETURN r.subject AS k",
    "CALL { MATCH (m:Memory) RETURN m } RETURN m.subject AS s, m.kind AS kind",
    "MATCH (u:User) CALL (u) { MATCH (u)-[:HAS_MEMORY]->(m) RETURN m } RETURN u.key AS k, m",
    "MATCH (u:User) WHERE EXISTS { MATCH (u)-[:HAS_MEMORY]->(:Memory) } RETURN u.key AS k, u.tenant AS t",
    "MATCH (u:User) RETURN u.key AS k, COUNT { (u)-->() } AS c",
    "RETURN COUNT { MATCH (m:Memory) RETURN m } AS memories",
    "RETURN [(a:User)-[:HAS_MEMORY]->(m) | [a.key, m.subject, m.summary]] AS all_memories",
    "MATCH (u:User) RETURN [(u)-[:HAS_MEMORY]->(m) | m.summary] AS s, u.key AS k",
    "MATCH (n) WHERE (n)-[:HAS_MEMORY]->() RETURN n.key AS k",
    "MATCH p = shortestPath((a:User)-[*]-(b:Entity)) RETURN p LIMIT 200",
    "MATCH (n) WHERE n.tenant <> $tenant RETURN n",
    "OPTIONAL MATCH (n:User) RETURN collect(n.key) AS keys",
    "MATCH (w:WriteEvent)-[:APPLIED_TO]->(m) RETURN w.subject AS s, m.id AS id",
    "MATCH (a:AuditEvent) RETURN a.subject AS s, a.type AS t",
    "MATCH (q:QuarantinedSource) RETURN q",
]

REFUSED = [
    "CALL db.stats.retrieve('QUERIES')",
    "CALL db.stats.retrieve('QUERIES') YIELD data RETURN data",
    "CALL db.stats.collect('QUERIES')",
    "CALL dbms.listQueries()",
    "CALL dbms.listTransactions()",
    "CALL dbms.killQuery('query-1')",
    "CALL dbms.listConfig()",
    "CALL dbms.showCurrentUser()",
    "CALL db.index.fulltext.queryNodes('x', 'y')",
    "CALL apoc.help('x')",
    "SHOW USERS",
    "SHOW SETTINGS",
    "SHOW TRANSACTIONS",
    "SHOW DATABASES",
    "TERMINATE TRANSACTIONS 'neo4j-transaction-1'",
    "LOAD CSV FROM 'file:///etc/hostname' AS row RETURN row",
    "LOAD CSV FROM 'file:///proc/self/environ' AS row RETURN row",
    "LOAD CSV FROM 'http://127.0.0.1:8000/healthz' AS row RETURN row",
    "USE system MATCH (n) RETURN n",
    "CALL { MATCH (n) RETURN n } IN TRANSACTIONS RETURN n",
    "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10 ROWS",
    "CREATE (:Hacked)",
    "MERGE (u:User {key: 'x'})",
    "MATCH (n) SET n.tenant = 'mine'",
    "MATCH (n) DETACH DELETE n",
    "MATCH (n) REMOVE n.tenant",
    "MATCH (n) FOREACH (x IN [1] | SET n.y = 1)",
    "EXPLAIN MATCH (n) RETURN n",
    "PROFILE MATCH (n) RETURN n",
    "CREATE USER mallory SET PASSWORD 'x'",
    "RETURN 1 // trailing comment hides nothing\rMATCH (n) RETURN n",
    "MATCH (n {tenant: 'someone-else'}) RETURN n",
    "MATCH (n) RETURN n; MATCH (m) RETURN m",
    "not cypher at all",
    "MATCH (a)-[*]-(b) RETURN b",  # unbounded variable length (mal/cypher_limits.py)
    "RETURN reduce(s = '', x IN range(1, 10) | s + 'a') AS s",
]


def test_every_doc_query_works_for_its_own_tenant_with_tenant_bound_automatically(world: World) -> None:
    queries = doc_queries()
    assert len(queries) == 10
    t = world.tenants[0]
    k = next(iter(t.users.values()))
    results = []
    for q in queries:
        status, body = world.cypher(t.analyst, q, {"k": k})
        assert status == 200, (q, body)
        assert _foreign(world, t, body) == [], q
        results.append(body["rows"])
    family, active, quads, trips, _superseded, _disputed, feedback, counts, sources, _audit = results
    assert {(r["condition"], r["relative"]) for r in family} == {("高血压", "mother")}
    assert active and all(r["summary"] for r in active if r["kind"] != "episode")
    assert {"HAS_FAMILY_HISTORY", "HAS_TRAVEL_PLAN", "GAVE_FEEDBACK"} <= {r["relation"] for r in quads}
    assert [(r["departure"], r["arrival"]) for r in trips] == [("北京南", "上海虹桥")]
    assert len(feedback) == 3 and feedback[0]["sentiment"] == "frustrated"  # the tenant's three users, no more
    assert sum(r["memories"] for r in counts) == sum(r["memories"] for r in sources) > 0


def test_randomized_five_tenants_zero_cross_tenant_rows(world: World) -> None:
    rng = random.Random(9)
    queries = doc_queries() + ADVERSARIAL_READS
    checked = 0
    for _ in range(60):
        t = rng.choice(world.tenants)
        owner = rng.choice(world.tenants)  # look up someone's key, often another tenant's
        k = rng.choice(list(owner.users.values()))
        q = rng.choice(queries)
        status, body = world.cypher(rng.choice([t.analyst, t.raw]), q, {"k": k})
        assert status == 200, (q, body)
        assert _foreign(world, t, body) == [], (t.name, q, body)
        if owner is not t and "$k" in q:
            assert body["rows"] == [] or all(v in (None, [], 0) for r in body["rows"] for v in r.values()), q
        checked += 1
    # every adversarial read, from every tenant, with and without the raw scope
    for t in world.tenants:
        for q in ADVERSARIAL_READS:
            for key in (t.analyst, t.raw):
                status, body = world.cypher(key, q)
                assert status == 200, (q, body)
                assert _foreign(world, t, body) == [], (t.name, q)
    assert checked == 60


def test_own_tenant_rows_are_all_there(world: World) -> None:
    t = world.tenants[1]
    status, body = world.cypher(t.analyst, "MATCH (u:User) RETURN u.key AS k ORDER BY k")
    assert status == 200
    assert [r["k"] for r in body["rows"]] == sorted(t.users.values())
    status, body = world.cypher(t.analyst, "MATCH (n) RETURN DISTINCT n.tenant AS tenant")
    assert body["rows"] == [{"tenant": t.name}]
    # variable-length paths work, and stay inside the tenant (every node on them is the tenant's)
    status, body = world.cypher(
        t.analyst,
        "MATCH p = (:User)-[*1..3]-() UNWIND nodes(p) AS n "
        "RETURN count(DISTINCT n) AS n, collect(DISTINCT n.tenant) AS tenants",
    )
    assert status == 200 and body["rows"][0]["n"] > 10 and body["rows"][0]["tenants"] == [t.name]


@pytest.mark.parametrize("query", REFUSED)
def test_refused_statements_are_400_with_a_message(world: World, query: str) -> None:
    t = world.tenants[2]
    status, body = world.cypher(t.raw, query)
    assert status == 400, (query, body)
    assert body["error"] == "InvalidInput" and body["field"] == "query" and "refused" in body["message"], body


def test_reserved_and_foreign_tenant_parameters_are_refused(world: World) -> None:
    t, other = world.tenants[3], world.tenants[4]
    status, body = world.cypher(t.analyst, "MATCH (u:User {tenant: $tenant}) RETURN u.key AS k", {"tenant": other.name})
    assert status == 400 and body["field"] == "params.tenant", body
    status, body = world.cypher(t.analyst, "MATCH (u:User) RETURN u.key AS k", {"__tenant": other.name})
    assert status == 400 and body["field"] == "params.__tenant", body
    status, body = world.cypher(t.analyst, "MATCH (u:User {tenant: $tenant}) RETURN u.key AS k", {"tenant": t.name})
    assert status == 200 and len(body["rows"]) == 3
    status, body = world.cypher(t.analyst, "RETURN $n AS n", {"n": 2**70})  # body validation (422) or guard (400)
    assert status in (400, 422) and body["field"].startswith("params") and "64" in body["message"], body


def test_slow_query_is_408_in_about_the_timeout_and_not_retried(world: World) -> None:
    t = world.tenants[0]
    started = time.monotonic()
    status, body = world.cypher(
        t.analyst,
        "UNWIND range(1, 10000) AS a UNWIND range(1, 10000) AS b UNWIND range(1, 10000) AS c RETURN count(*) AS n",
    )
    elapsed = time.monotonic() - started
    assert status == 408, body
    assert body["error"] == "QueryTimeout" and "timeout" in body["message"] and f"{TIMEOUT_S:g} s" in body["message"]
    assert elapsed < TIMEOUT_S + 8, elapsed


def test_rows_are_capped_and_the_answer_says_so(world: World) -> None:
    t = world.tenants[0]
    cap = world.settings.neo4j.analyst_max_rows
    status, body = world.cypher(t.analyst, "UNWIND range(1, $n) AS x RETURN x", {"n": cap + 500})
    assert status == 200
    assert len(body["rows"]) == cap and body["truncated"] is True and body["row_limit"] == cap
    status, body = world.cypher(t.analyst, "UNWIND range(1, 5) AS x RETURN x")
    assert len(body["rows"]) == 5 and body["truncated"] is False


def test_transaction_memory_cap_is_a_422_that_says_so(world: World) -> None:
    """db.memory.transaction.max is set by the launcher (MAL_NEO4J__TX_MEMORY_MB); a query that
    collects about twice that much is stopped by Neo4j and answered 422, not 5xx."""
    s = world.settings.neo4j
    with neo4j.GraphDatabase.driver(s.uri, auth=(s.user, s.password.get_secret_value())) as admin:
        cap = admin.execute_query(
            "SHOW SETTINGS YIELD name, value WHERE name = 'db.memory.transaction.max' RETURN value"
        ).records[0]["value"]
    units = {"B": 1, "KiB": 2**10, "MiB": 2**20, "GiB": 2**30, "k": 2**10, "m": 2**20, "g": 2**30}
    number, unit = re.fullmatch(r"([0-9.]+)\s*([A-Za-z]*)", cap).groups()  # type: ignore[union-attr]
    cap_bytes = int(float(number) * units.get(unit or "B", 1))
    assert cap_bytes > 0, "the launcher must cap transaction memory (db.memory.transaction.max)"
    # Each row adds the 10,000-character parameter to the collect; Neo4j counts each entry (at least
    # 20 KB), so 100,000 rows are at least 2 GB, more than the cap. (A collect of range() lists is
    # not counted by Neo4j: measured 200 for 10,000 x range(1, 10000).) Allowed by the guard.
    assert cap_bytes < 100_000 * 10_000 * 2
    started = time.monotonic()
    status, body = world.cypher(
        world.tenants[0].analyst,
        "UNWIND range(1, 10000) AS i UNWIND range(1, 10) AS j RETURN size(collect($s)) AS n",
        {"s": "x" * 10_000},
    )
    assert status == 422, (status, body, time.monotonic() - started)
    assert body["error"] == "QueryTooLarge" and "memory" in body["message"], body


RAW_LEAKS = [
    "MATCH (m:Memory) RETURN m",
    "MATCH (m:Memory) RETURN m.summary AS s, m.slots_json AS j, m.kind AS kind",
    "MATCH (m:Memory) RETURN collect(m) AS ms",
    "MATCH (u:User)-[:HAS_MEMORY]->(m) RETURN {m: m, u: u} AS x",
    "MATCH p = (:User)-[:HAS_MEMORY]->(:Memory) RETURN p",
    "MATCH (r:RecentTurns) RETURN r",
    "MATCH (m:Memory) WITH m AS x RETURN x{.kind, .id, s: x.summary, j: x.slots_json} AS y",
    "MATCH (m:Memory) RETURN [x IN [m] | x.summary] AS s",
    "MATCH (m:Memory) WHERE m.summary CONTAINS '河边' OR m.summary CONTAINS 'river' RETURN count(m) AS n",
    "MATCH (m:Memory) RETURN m['kind'] AS kind",
]
RAW_REFUSED = [
    "MATCH (m:Memory) RETURN m.text AS t",
    "MATCH (m:Memory) RETURN m.context AS c",
    "MATCH (r:RecentTurns) RETURN r.turns_json AS t",
    "MATCH (m:Memory) WHERE m.text CONTAINS 'river' RETURN m.id",
    "MATCH (m:Memory) RETURN properties(m) AS p",
    "MATCH (m:Memory) RETURN m{.*} AS p",
    "MATCH (m:Memory) RETURN m[$p] AS p",
    "MATCH (m:Memory) UNWIND keys(m) AS k RETURN m[k] AS v",
    "MATCH (m:Memory) RETURN m['text'] AS t",
    "MATCH (m:Memory {text: 'x'}) RETURN m.id",
    "MATCH (m:Memory) RETURN m{.text} AS t",
    "MATCH (m:Memory) RETURN m{.summary} AS s",
]


def test_raw_turn_text_only_with_the_analyst_raw_scope(world: World) -> None:
    t = world.tenants[4]
    said = t.said
    assert any(re.search(r"[\u4e00-\u9fff]", s) for s in said) and any(s.isascii() for s in said)
    for q in RAW_LEAKS:
        status, body = world.cypher(t.analyst, q, {"p": "text"})
        assert status == 200, (q, body)
        text = json.dumps(body, ensure_ascii=False)
        assert not [s for s in said if s in text], q
        assert t.marker not in text, q  # not even a piece of an episode's turn
    status, body = world.cypher(t.analyst, RAW_LEAKS[-2])
    assert body["rows"] == [{"n": 0}]  # no oracle over episode text either
    for q in RAW_REFUSED:
        status, body = world.cypher(t.analyst, q, {"p": "text"})
        assert status == 400, (q, body)
        assert "analyst:raw" in body["message"], body
    # the same key with analyst:raw reads them
    status, body = world.cypher(t.raw, "MATCH (m:Memory) RETURN m.text AS t")
    texts = {r["t"] for r in body["rows"]}
    assert set(said) <= texts
    status, body = world.cypher(t.raw, "MATCH (r:RecentTurns) RETURN r.turns_json AS t")
    # one JSON string per turn (a list), or one string for all turns in buffers written before it
    joined = " ".join(r["t"] if isinstance(r["t"], str) else " ".join(r["t"]) for r in body["rows"])
    assert all(s in joined for s in said)
    status, body = world.cypher(t.raw, "MATCH (m:Memory {kind: 'episode'}) RETURN m")
    assert {s for s in said} <= {r["m"]["text"] for r in body["rows"]}
