"""HTTP auth, scopes, validation and error shapes through the real app and composition root, on
the in-memory stores."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from mal.api.app import create_app
from tests.unit.fakes import fake_container, fake_settings


@pytest.fixture
def client() -> Iterator[TestClient]:
    settings = fake_settings()
    with TestClient(create_app(settings, container_factory=fake_container, warm=False)) as c:
        yield c


def h(name: str, user: str = "alice") -> dict[str, str]:
    return {"Authorization": f"Bearer {name}-key-0123456789", "X-User-Id": user}


def capture(client: TestClient, headers: dict[str, str], *texts: str) -> dict:
    r = client.post(
        "/v1/memories",
        headers=headers,
        json={"session_id": "s1", "turns": [{"role": "user", "content": t} for t in texts]},
    )
    assert r.status_code == 200, r.text
    return r.json()


def test_unknown_key_is_401_and_missing_scope_403(client: TestClient) -> None:
    r = client.post("/v1/memories/search", json={"query": "x"}, headers={"X-User-Id": "alice"})
    assert r.status_code == 401 and r.json()["error"] == "Unauthorized"
    r = client.post("/v1/memories/search", json={"query": "x"}, headers=h("nobody"))
    assert r.status_code == 401
    r = client.post("/v1/subjects/erase", headers=h("agent"))
    assert r.status_code == 403 and "admin" in r.json()["message"]


def test_bad_input_is_4xx_naming_the_field(client: TestClient) -> None:
    r = client.post("/v1/memories", headers=h("agent"), json={"session_id": "", "turns": []})
    assert r.status_code in (400, 422) and "session_id" in r.text
    r = client.post("/v1/memories/search", headers=h("agent"), json={"query": "x", "k": 0})
    assert r.status_code in (400, 422) and "k" in r.text
    r = client.post("/v1/memories/search", headers={"Authorization": h("agent")["Authorization"]}, json={"query": "x"})
    assert r.status_code == 400 and r.json()["field"] == "X-User-Id"


@pytest.mark.parametrize("field", ["source", "domain"])
def test_a_phone_number_as_source_or_domain_is_refused_and_nothing_stored(client: TestClient, field: str) -> None:
    body = {"session_id": "s1", "turns": [{"role": "user", "content": "I live in Berlin"}], field: "13812345678"}
    r = client.post("/v1/memories", headers=h("agent"), json=body)
    assert r.status_code == 422 and r.json()["error"] == "InvalidInput" and r.json()["field"] == field
    assert "13812345678" not in r.text  # the message names the field and the problem, not the value
    found = client.post("/v1/memories/search", headers=h("agent"), json={"query": "Berlin"}).json()["results"]
    assert found == []


def test_capture_then_search_and_context_zh_en(client: TestClient) -> None:
    out = capture(client, h("agent"), "我妈妈有高血压", "I prefer Python")
    assert [m["action"] for m in out["memories"]] == ["created", "created"]
    hits = client.post("/v1/memories/search", headers=h("agent"), json={"query": "高血压"}).json()["results"]
    assert hits[0]["summary"] == "用户的妈妈有高血压"
    ctx = client.post("/v1/context", headers=h("agent"), json={"query": "python"}).json()
    assert ctx["memory_ids"] and any("Python" in m["content"] for m in ctx["system_messages"])


def test_tenants_and_users_are_isolated(client: TestClient) -> None:
    capture(client, h("agent", "alice"), "我妈妈有高血压")
    for headers in (h("agent", "bob"), h("other", "alice")):
        r = client.post("/v1/memories/search", headers=headers, json={"query": "高血压"})
        assert r.status_code == 200 and r.json()["results"] == []
        assert client.get("/v1/memories", headers=headers).json()["total"] == 0


def test_forget_then_404_and_store_outage_is_503_naming_it(client: TestClient) -> None:
    memory_id = capture(client, h("agent"), "I prefer Python")["memories"][0]["id"]
    assert client.delete(f"/v1/memories/{memory_id}", headers=h("agent")).status_code == 204
    r = client.get(f"/v1/memories/{memory_id}", headers=h("agent"))
    assert r.status_code == 404 and r.json()["error"] == "NotFound"
    client.app.state.container.adapters.vectors.down = True  # type: ignore[attr-defined]
    r = client.post("/v1/memories/search", headers=h("agent"), json={"query": "python"})
    assert r.status_code == 503 and r.json()["store"] == "weaviate"
    r = client.post(
        "/v1/memories",
        headers=h("agent"),
        json={"session_id": "s9", "turns": [{"role": "user", "content": "I live in Berlin"}]},
    )
    assert r.status_code == 503
    client.app.state.container.adapters.vectors.down = False  # type: ignore[attr-defined]
    assert client.get("/v1/memories", headers=h("agent")).json()["total"] == 0  # nothing half-written


def test_erase_needs_admin_and_leaves_nothing(client: TestClient) -> None:
    capture(client, h("agent"), "I prefer Python", "我妈妈有高血压")
    r = client.post("/v1/subjects/erase", headers=h("admin"))
    assert r.status_code == 200 and r.json()["verified"] is True
    assert client.get("/v1/memories", headers=h("agent")).json()["total"] == 0
