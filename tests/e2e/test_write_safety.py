"""Write-path safety over HTTP against the real stack (issue #9 items 5, 6, 10, 11, 13): forgetting
through the API, confirmation questions, concurrent writers, sources bound to API keys, and
exports of an erased subject."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient

from mal.api.app import create_app
from mal.bootstrap import Container, build
from mal.settings import ApiKeyConfig, Settings

pytestmark = pytest.mark.e2e
WRITERS = 16


@pytest.fixture(scope="module")
def keys() -> dict[str, str]:
    return {name: f"{name}-{secrets.token_hex(8)}" for name in ("agent", "wechat_only", "admin", "auditor")}


@pytest.fixture(scope="module")
def tenant() -> str:
    return "t-write-" + secrets.token_hex(4)


@pytest.fixture(scope="module")
def api(settings: Settings, container: Container, keys: dict[str, str], tenant: str) -> Iterator[TestClient]:
    """An app with its own keys (one bound to the 'wechat' source) on the session's real adapters."""
    configured = [
        ApiKeyConfig(key=keys["agent"], tenant=tenant, scopes=["agent"]),  # type: ignore[arg-type]
        ApiKeyConfig(key=keys["wechat_only"], tenant=tenant, scopes=["agent"], sources=["wechat"]),  # type: ignore[arg-type]
        ApiKeyConfig(key=keys["admin"], tenant=tenant, scopes=["admin"]),  # type: ignore[arg-type]
        ApiKeyConfig(key=keys["auditor"], tenant=tenant, scopes=["auditor"]),  # type: ignore[arg-type]
    ]

    def factory(cfg: Settings) -> Container:
        c = build(cfg, adapters=container.adapters)

        def close() -> None:  # the session owns the adapters; this container's own recorders are closed
            c.access.close()
            c.audit.close()  # left open, it flushed its last event after the session closed the driver

        c.close = close  # type: ignore[method-assign]
        return c

    app = create_app(settings.model_copy(update={"api_keys": configured}), container_factory=factory, warm=False)
    with TestClient(app) as client:
        yield client


def headers(keys: dict[str, str], name: str, user: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {keys[name]}", "X-User-Id": user}


def capture(api: TestClient, h: dict[str, str], session: str, *texts: str, **extra: object) -> dict:
    response = api.post(
        "/v1/memories",
        headers=h,
        json={"session_id": session, "turns": [{"role": "user", "content": t} for t in texts], **extra},
    )
    assert response.status_code == 200, response.text
    return response.json()


def recent_text(api: TestClient, h: dict[str, str]) -> str:
    response = api.post("/v1/context", headers=h, json={"max_memories": 20, "max_recent_turns": 50})
    assert response.status_code == 200, response.text
    return str(response.json()["system_messages"])


# -- item 5 ------------------------------------------------------------------------------------
def test_delete_removes_the_text_from_context(api: TestClient, keys: dict[str, str]) -> None:
    h = headers(keys, "agent", "u-" + secrets.token_hex(4))
    out = capture(api, h, "s1", "I like green tea", "我喜欢红茶", "我妈妈有高血压")
    ids = {m["summary"]: m["id"] for m in out["memories"]}
    assert "green tea" in recent_text(api, h) and "红茶" in recent_text(api, h)
    assert api.delete(f"/v1/memories/{ids['User prefers green tea']}", headers=h).status_code == 204
    assert api.delete(f"/v1/memories/{ids['用户喜欢红茶']}", headers=h).status_code == 204
    after = recent_text(api, h)
    assert "green tea" not in after and "红茶" not in after and "高血压" in after


# -- item 6 ------------------------------------------------------------------------------------
def test_forget_endpoint_asks_before_a_wide_forget_and_confirms_by_id(api: TestClient, keys: dict[str, str]) -> None:
    h = headers(keys, "agent", "u-" + secrets.token_hex(4))
    out = capture(api, h, "s1", "I like oolong tea", "I love jasmine tea", "I like black coffee")
    ids = {m["summary"]: m["id"] for m in out["memories"]}
    asked = api.post("/v1/memories/forget", headers=h, json={"query": "forget that I like tea"})
    assert asked.status_code == 200, asked.text
    body = asked.json()
    assert body["forgotten"] == [] and body["question"] and "jasmine tea" in body["question"]
    assert {c["id"] for c in body["candidates"]} == {ids["User prefers oolong tea"], ids["User prefers jasmine tea"]}
    listed = api.get("/v1/memories", headers=h).json()
    assert listed["total"] == 3
    confirmed = api.post(
        "/v1/memories/forget", headers=h, json={"confirm": True, "memory_ids": [ids["User prefers jasmine tea"]]}
    ).json()
    assert confirmed["forgotten"] == [ids["User prefers jasmine tea"]]
    precise = api.post("/v1/memories/forget", headers=h, json={"query": "forget that I like oolong tea"}).json()
    assert precise == {"forgotten": [ids["User prefers oolong tea"]], "question": None, "candidates": []}
    assert [m["summary"] for m in api.get("/v1/memories", headers=h).json()["items"]] == ["User prefers black coffee"]
    bad = api.post("/v1/memories/forget", headers=h, json={"confirm": True})
    assert bad.status_code == 400 and bad.json()["field"] == "memory_ids"
    unknown = api.post("/v1/memories/forget", headers=h, json={"confirm": True, "memory_ids": ["nope"]})
    assert unknown.status_code == 404


# -- item 10 -----------------------------------------------------------------------------------
def _together(n: int, work) -> list:  # type: ignore[no-untyped-def]
    barrier = threading.Barrier(n)

    def run(i: int):  # type: ignore[no-untyped-def]
        barrier.wait()
        return work(i)

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(run, range(n)))


@pytest.mark.parametrize("text", ["I prefer Python", "我更喜欢 Python"])
def test_concurrent_sessions_stating_one_fact_make_one_memory(api: TestClient, keys: dict[str, str], text: str) -> None:
    h = headers(keys, "agent", "u-" + secrets.token_hex(4))
    responses = _together(
        WRITERS,
        lambda i: api.post(
            "/v1/memories", headers=h, json={"session_id": f"s{i}", "turns": [{"role": "user", "content": text}]}
        ),
    )
    assert [r.status_code for r in responses] == [200] * WRITERS, [r.text for r in responses if r.status_code != 200]
    written = [r.json()["memories"][0] for r in responses]
    assert len({w["id"] for w in written}) == 1
    assert sorted(w["action"] for w in written) == ["created"] + ["reinforced"] * (WRITERS - 1)
    listed = api.get("/v1/memories", headers=h).json()
    assert listed["total"] == 1
    assert sorted(listed["items"][0]["provenance"]) == sorted(f"s{i}:0" for i in range(WRITERS))


def test_concurrent_captures_keep_every_turn_in_the_recent_buffer(api: TestClient, keys: dict[str, str]) -> None:
    h = headers(keys, "agent", "u-" + secrets.token_hex(4))
    said = [f"note {i:02d}: {'今天下雨' if i % 2 else 'it rained today'}" for i in range(WRITERS)]
    responses = _together(
        WRITERS,
        lambda i: api.post(
            "/v1/memories", headers=h, json={"session_id": f"s{i}", "turns": [{"role": "user", "content": said[i]}]}
        ),
    )
    assert [r.status_code for r in responses] == [200] * WRITERS
    text = recent_text(api, h)
    assert [s for s in said if s not in text] == []


# -- item 11 -----------------------------------------------------------------------------------
def test_source_is_bound_to_the_key_and_quarantine_is_admin_only(api: TestClient, keys: dict[str, str]) -> None:
    user = "u-" + secrets.token_hex(4)
    bound, free, admin = (headers(keys, k, user) for k in ("wechat_only", "agent", "admin"))
    refused = api.post(
        "/v1/memories",
        headers=bound,
        json={"session_id": "s0", "source": "web", "turns": [{"role": "user", "content": "I prefer Python"}]},
    )
    assert refused.status_code == 403 and refused.json()["error"] == "Forbidden" and "web" in refused.json()["message"]
    memory_id = capture(api, bound, "s1", "I prefer Python")["memories"][0]["id"]
    assert api.get(f"/v1/memories/{memory_id}", headers=bound).json()["source"] == "wechat"  # the key's source
    assert api.post("/v1/admin/quarantine", headers=admin, json={"source": "wechat"}).json()["memories"] >= 1
    try:
        # The same content under another source: the bound key may not declare it at all...
        again = api.post(
            "/v1/memories",
            headers=bound,
            json={"session_id": "s2", "source": "web", "turns": [{"role": "user", "content": "I prefer Python"}]},
        )
        assert again.status_code == 403
        # ...and through an unrestricted key it joins the quarantined memory instead of going live.
        joined = capture(api, free, "s3", "I prefer Python", source="web")["memories"][0]
        assert joined["id"] == memory_id and joined["status"] == "quarantined"
        # Agents can neither list nor get quarantined memories; the admin can.
        for h in (bound, free):
            assert api.get("/v1/memories", headers=h, params={"status": "quarantined"}).json()["total"] == 0
            assert api.get(f"/v1/memories/{memory_id}", headers=h).status_code == 404
            assert api.post("/v1/memories/search", headers=h, json={"query": "Python"}).json()["results"] == []
        seen = api.get("/v1/memories", headers=admin, params={"status": "quarantined"}).json()
        assert [m["id"] for m in seen["items"]] == [memory_id]
        assert api.get(f"/v1/memories/{memory_id}", headers=admin).json()["status"] == "quarantined"
    finally:
        api.post("/v1/admin/release", headers=admin, json={"source": "wechat"})


# -- item 13 -----------------------------------------------------------------------------------
def test_export_of_an_erased_subject_is_404(
    api: TestClient, keys: dict[str, str], container: Container, settings: Settings, tenant: str
) -> None:
    from mal.identity import subject_key

    user = "u-" + secrets.token_hex(4)
    capture(api, headers(keys, "agent", user), "s1", "I prefer Python", "我妈妈有高血压")
    auditor = headers(keys, "auditor", user)
    assert api.post("/v1/subjects/export", headers=auditor).status_code == 200
    receipt = api.post("/v1/subjects/erase", headers=headers(keys, "admin", user)).json()
    assert receipt["verified"] is True
    gone = api.post("/v1/subjects/export", headers=auditor)
    assert gone.status_code == 404 and gone.json()["error"] == "NotFound"
    subject = subject_key(settings.pepper.get_secret_value(), tenant, user)
    assert container.adapters.graph.count_subject(subject) == 0  # the export re-created nothing
    never = api.post("/v1/subjects/export", headers=headers(keys, "auditor", "never-" + secrets.token_hex(4)))
    assert never.status_code == 404
