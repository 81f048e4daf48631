"""Errors, isolation, idempotency, read-only Cypher, ops endpoints, and a real store outage."""

from __future__ import annotations

import random
import secrets

import pytest
from fastapi.testclient import TestClient

from infra.stack import Stack
from mal.settings import Settings
from tests.e2e.conftest import Agent

pytestmark = pytest.mark.e2e


def test_authentication_and_scopes(client: TestClient, keys: dict[str, str]) -> None:
    body = {"query": "x"}
    assert client.post("/v1/memories/search", json=body, headers={"X-User-Id": "u"}).status_code == 401
    bad = client.post("/v1/memories/search", json=body, headers={"Authorization": "Bearer nope", "X-User-Id": "u"})
    assert bad.status_code == 401 and bad.json()["message"] == "unknown API key"
    agent = {"Authorization": f"Bearer {keys['agent_a']}", "X-User-Id": "u"}
    forbidden = client.post("/v1/subjects/erase", headers=agent)
    assert forbidden.status_code == 403 and "admin" in forbidden.json()["message"]
    assert client.post("/v1/cypher", json={"query": "RETURN 1"}, headers=agent).status_code == 403
    analyst = {"Authorization": f"Bearer {keys['analyst_a']}", "X-User-Id": "u"}
    assert client.post("/v1/memories/search", json=body, headers=analyst).status_code == 403


def test_bad_input_names_the_field(agent: Agent, client: TestClient) -> None:
    no_user = {"Authorization": agent.headers["Authorization"]}
    missing = client.post("/v1/memories/search", json={"query": "x"}, headers=no_user)
    assert missing.status_code == 400 and missing.json()["field"] == "X-User-Id"
    no_session = agent.post("/v1/memories", {"turns": []}, expect=422)
    assert "session_id" in no_session["message"]
    bad_k = agent.post("/v1/memories/search", {"query": "x", "k": 0}, expect=422)
    assert bad_k["problems"][0]["field"] == "k"
    too_many = agent.post(
        "/v1/memories", {"session_id": "s", "turns": [{"role": "user", "content": "hi"}] * 201}, expect=413
    )
    assert "201" in too_many["message"] and too_many["field"] == "turns"
    assert client.get("/v1/memories/not-a-memory", headers=agent.headers).status_code == 404


def test_sanitising_counts_dropped_turns(agent: Agent) -> None:
    out = agent.post(
        "/v1/memories",
        {
            "session_id": "s",
            "turns": [
                {"role": "system", "content": "ignore me"},
                {"role": "user", "content": "  "},
                {"role": "user", "content": "I prefer tea"},
                {"role": "tool", "content": "x"},
            ],
        },
    )
    assert out["dropped_turns"] == 3 and out["recent_turns_kept"] == 1


def test_idempotent_writes_over_http(agent: Agent) -> None:
    body = {
        "session_id": "s-idem",
        "turns": [{"role": "user", "content": "我叫张三"}, {"role": "user", "content": "我住在杭州"}],
    }
    first, second = agent.post("/v1/memories", body), agent.post("/v1/memories", body)
    assert first["memories"] == second["memories"]
    assert agent.client.get("/v1/memories", headers=agent.headers).json()["total"] == 2


def test_isolation_across_tenants_and_users_is_total(client: TestClient, keys: dict[str, str]) -> None:
    """Randomised: every (tenant, user) stores secrets only it may find; nobody else ever sees them."""
    rng = random.Random(20261129)
    users = [f"user-{secrets.token_hex(3)}" for _ in range(3)]
    shared_user = users[0]  # the same user id under three tenants must still be three subjects
    owners = [(t, u) for t in ("agent_a", "agent_b", "agent_c") for u in ([shared_user, *rng.sample(users[1:], 1)])]
    words = ["kayak", "violin", "saffron", "glacier", "origami", "falcon", "tango", "mosaic", "nebula", "quartz"]
    planted: dict[tuple[str, str], str] = {}
    for (tenant, user), word in zip(owners, rng.sample(words, len(owners)), strict=False):
        Agent(client, keys[tenant], user).write("s1", f"I really love {word}")
        planted[(tenant, user)] = word
    leaks = []
    for tenant, user in owners:
        me = Agent(client, keys[tenant], user)
        for owner, word in planted.items():
            found = [r["summary"] for r in me.search(f"do I love {word}?", k=10)]
            visible = any(word in s for s in found)
            if visible != (owner == (tenant, user)):
                leaks.append((tenant, user, owner, word, found))
    assert leaks == []


def test_read_only_cypher(client: TestClient, keys: dict[str, str], agent: Agent) -> None:
    agent.write("s1", "我妈妈有高血压")
    analyst = {"Authorization": f"Bearer {keys['analyst_a']}"}
    rows = client.post(
        "/v1/cypher",
        headers=analyst,
        json={
            "query": "MATCH (u:User)-[r:HAS_FAMILY_HISTORY]->(c) WHERE c.name = $n RETURN c.name AS name LIMIT 1",
            "params": {"n": "高血压"},
        },
    ).json()["rows"]
    assert rows == [{"name": "高血压"}]
    for write in ("CREATE (:Hacked)", "MATCH (n) DETACH DELETE n", "MERGE (x:User {key: 'x'})"):
        refused = client.post("/v1/cypher", headers=analyst, json={"query": write})
        assert refused.status_code == 400, write
        assert "refused" in refused.json()["message"]


def test_ops_endpoints(client: TestClient, agent: Agent, keys: dict[str, str]) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz").json()
    assert ready["ready"] is True and set(ready["stores"]) == {"neo4j", "weaviate", "s3", "embeddings"}
    agent.write("s1", "I prefer Go")
    metrics = client.get("/metrics", headers={"Authorization": f"Bearer {keys['metrics_a']}"}).text
    assert 'mal_memory_writes_total{action="created"}' in metrics
    assert "mal_http_request_seconds_bucket" in metrics
    openapi = client.get("/openapi.json").json()
    assert {"/v1/memories", "/v1/memories/search", "/v1/context", "/v1/subjects/erase", "/v1/cypher"} <= set(
        openapi["paths"]
    )
    assert client.get("/docs").status_code == 200


def test_weaviate_outage_gives_503_and_leaves_nothing_half_written(
    agent: Agent,
    client: TestClient,
    settings: Settings,
) -> None:
    stack = Stack(settings, settings.data_dir)
    if stack.owned_pid("weaviate") is None:
        pytest.fail("weaviate was not started by infra/stack.py in this checkout; cannot simulate an outage")
    agent.write("s0", "I prefer Rust")
    stack.stop("weaviate")
    try:
        down = agent.post(
            "/v1/memories", {"session_id": "s1", "turns": [{"role": "user", "content": "我妈妈有高血压"}]}, expect=503
        )
        assert down["store"] == "weaviate" and "weaviate" in down["message"]
        assert agent.post("/v1/memories/search", {"query": "Rust"}, expect=503)["store"] == "weaviate"
        readiness = client.get("/readyz")
        assert readiness.status_code == 503 and readiness.json()["stores"]["weaviate"]["ready"] is False
    finally:
        stack.start("weaviate")
    listed = client.get("/v1/memories", headers=agent.headers).json()
    assert [m["summary"] for m in listed["items"]] == ["User prefers Rust"]
    assert client.get("/v1/memories", headers=agent.headers, params={"status": "archived"}).json()["total"] == 0
    retried = agent.write("s1", "我妈妈有高血压")
    assert retried["memories"][0]["action"] == "created"
    assert agent.search("我妈妈有什么病")[0]["summary"] == "用户的妈妈有高血压"
