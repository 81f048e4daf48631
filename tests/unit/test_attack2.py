"""Regression tests for the second outside red-team run (identity, consent, PII, audit, inspector,
MCP), on the in-memory stores. Each failed before its fix; the real-stack versions are in
tests/e2e/test_attack2.py. Findings and fixes: docs/security.md, "Third red-team run"."""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from mcp import Client

from mal.api.app import create_app
from mal.api.mcp_http import InProcessBackend
from mal.audit_chain import anchor_prefix
from mal.bootstrap import Container
from mal.identity import Principal, device_key, subject_key
from mal.mcp_server import BACKEND, build_server
from mal.records import IdentityProposal
from mal.scope import SubjectScope
from tests.mcp_support import resource_json, structured
from tests.unit.fakes import fake_container, fake_settings, write

PEPPER = "unit-test-pepper-0123456789"
PHONE, EMAIL = "13812345678", "ann.lee@example.org"


@pytest.fixture
def app() -> Iterator[tuple[TestClient, Container]]:
    built: list[Container] = []

    def factory(settings: Any) -> Container:
        built.append(fake_container(settings))
        return built[-1]

    with TestClient(create_app(fake_settings(), container_factory=factory, warm=False)) as client:
        yield client, built[0]


def h(name: str, user: str | None = "alice", device: str | None = None) -> dict[str, str]:
    out = {"Authorization": f"Bearer {name}-key-0123456789"}
    if user is not None:
        out["X-User-Id"] = user
    if device is not None:
        out["X-Device-Id"] = device
    return out


def everything_stored(c: Container) -> str:
    """Every in-memory store's state as one string (graph, chain, identity, vectors, blobs)."""
    graph, vectors, blobs = c.adapters.graph, c.adapters.vectors, c.adapters.blobs
    c.audit.flush()
    parts: list[Any] = [vars(graph), vars(vectors)]
    for bucket in vars(blobs)["_buckets"].values():
        parts.append({k: [v.decode("utf-8", "replace") for v, _ in versions] for k, versions in bucket.items()})
    return json.dumps(parts, ensure_ascii=False, default=lambda o: vars(o) if hasattr(o, "__dict__") else str(o))


def test_a_memory_id_in_the_path_never_reaches_the_audit_chain(app: tuple[TestClient, Container]) -> None:
    """GET /v1/memories/{id} recorded the path text in the (append-only, erase-surviving) audit
    chain before it knew the memory existed: any agent could write free text, PII included, there."""
    client, c = app
    planted = f"call-me-{PHONE}-{EMAIL}"
    r = client.get(f"/v1/memories/{planted}", headers=h("agent"))
    assert r.status_code == 404
    c.audit.flush()
    chain = json.dumps([e.to_json() for e in c.adapters.graph.chain_events("acme", 0, 100)], ensure_ascii=False)
    assert PHONE not in chain and EMAIL not in chain


@pytest.mark.parametrize("field", ["session_id", "agent_id", "ref"], ids=["session_id", "agent_id", "turn_ref"])
def test_identifiers_in_capture_metadata_are_not_stored_verbatim(app: tuple[TestClient, Container], field: str) -> None:
    """Turn text and speaker were redacted, but session_id, agent_id and a turn's ref went to the
    memory nodes, the recent-turn buffer and the vectors as sent (a session named after a phone
    number is common)."""
    client, c = app
    value = f"wx-{PHONE}-{EMAIL}"
    turn: dict[str, Any] = {"role": "user", "content": "我对花生过敏"}
    body: dict[str, Any] = {"session_id": "s1", "turns": [turn]}
    if field == "ref":
        turn["ref"] = value[:64]
    else:
        body[field] = value
    r = client.post("/v1/memories", headers=h("agent"), json=body)
    assert r.status_code == 200, r.text
    assert r.json()["memories"]
    stored = everything_stored(c)
    assert PHONE not in stored and EMAIL not in stored
    listed = client.get("/v1/memories", headers=h("agent")).text
    assert PHONE not in listed and EMAIL not in listed


def test_distinct_sessions_with_identifiers_stay_distinct(app: tuple[TestClient, Container]) -> None:
    """The identifier in a session id is replaced by a keyed token, not a shared placeholder:
    two sessions that differ only in the phone number must not replay each other."""
    client, _ = app
    for session, text in ((f"call-{PHONE}", "我对花生过敏"), ("call-13998765432", "I prefer green tea")):
        body = {"session_id": session, "turns": [{"role": "user", "content": text}]}
        r = client.post("/v1/memories", headers=h("agent"), json=body)
        assert r.status_code == 200 and r.json()["memories"][0]["action"] == "created", r.text
    sessions = {m["session_id"] for m in client.get("/v1/memories", headers=h("agent")).json()["items"]}
    assert len(sessions) == 2 and not any(PHONE in s for s in sessions)


@pytest.mark.parametrize("path", ["/v1/subjects/exports", "/v1/subjects/export"])
def test_an_auditor_key_cannot_bind_a_device(app: tuple[TestClient, Container], path: str) -> None:
    """The auditor role reads (and writes export bundles); with X-User-Id + X-Device-Id its routes
    went through the agent's resolution, which binds the device to the user (a Level-2 merge that
    moves the device's memories and erases the device subject)."""
    client, c = app
    device = device_key(PEPPER, "acme", "phone-9")
    r = client.post(
        "/v1/memories", headers=h("agent", None, "phone-9"),
        json={"session_id": "s1", "turns": [{"role": "user", "content": "我对花生过敏"}]},
    )  # fmt: skip
    assert r.status_code == 200 and r.json()["memories"]
    method = client.get if path.endswith("exports") else client.post
    r = method(path, headers=h("auditor", "mallory", "phone-9"))
    assert r.status_code < 500, r.text
    state = c.adapters.graph.device(device)
    assert state is not None and state.bound_to is None  # still anonymous, still its own
    assert c.adapters.graph.subject_exists(device)
    assert not c.adapters.graph.subject_exists(subject_key(PEPPER, "acme", "mallory"))


def test_an_auditor_key_does_not_register_devices(app: tuple[TestClient, Container]) -> None:
    client, c = app
    r = client.get("/v1/subjects/exports", headers=h("auditor", None, "never-seen"))
    assert r.status_code == 200, r.text
    assert c.adapters.graph.device(device_key(PEPPER, "acme", "never-seen")) is None


def test_a_login_binding_does_not_store_into_a_user_who_said_no(app: tuple[TestClient, Container]) -> None:
    """A recorded "no" is honoured everywhere (README, Consent): a device's memories and turns must
    not be merged into a user who revoked consent; the binding merged them anyway (they were only
    hidden from search afterwards, but stored in every store)."""
    client, c = app
    for scope in ("memory", "recent_turns"):
        r = client.post("/v1/consent", headers=h("agent", "bob"), json={"scope": scope, "granted": False})
        assert r.status_code == 200, r.text
    r = client.post(
        "/v1/memories", headers=h("agent", None, "tablet-1"),
        json={"session_id": "s1", "turns": [{"role": "user", "content": "我对花生过敏"}]},
    )  # fmt: skip
    assert r.status_code == 200 and r.json()["memories"]
    r = client.get("/v1/consent", headers=h("agent", "bob", "tablet-1"))  # the login: binds and merges
    assert r.status_code == 200 and r.json()["memory"] is False, r.text
    bob = subject_key(PEPPER, "acme", "bob")
    items, total = c.adapters.graph.list_memories(bob, ["active", "disputed", "quarantined", "archived"], None, 0, 50)
    assert total == 0 and not items
    assert c.adapters.graph.recent_turns(bob) == []
    assert "花生" not in everything_stored(c)  # nor left behind under the device


def test_mcp_profile_and_memory_resources_respect_a_revoked_consent() -> None:
    """Revoked with keep_existing, memories are "kept, but not searched or injected" (README):
    recall and context returned nothing, but the MCP profile resource (read into the model's
    context) and the memory resource still served them."""
    c = fake_container()
    agent = Principal("acme", frozenset({"agent"}), "k1")
    scope = SubjectScope("acme", subject_key(PEPPER, "acme", "carol"))
    written = write(c, scope, "s1", "我对花生过敏", "I prefer green tea")
    memory_id = written.memories[0].memory.id
    c.consent.record(scope, "memory", False, True)

    async def body(client: Client) -> Any:
        profile = resource_json(await client.read_resource("mal://profile"))
        one: object
        try:
            one = await client.read_resource(f"mal://memories/{memory_id}")
        except Exception as exc:  # the SDK raises for a resource error
            one = exc
        recall = structured(await client.call_tool("recall", {"query": "花生"}))
        return profile, one, recall

    async def go() -> Any:
        token = BACKEND.set(InProcessBackend(c, agent, "carol"))
        try:
            async with Client(build_server()) as client:
                return await body(client)
        finally:
            BACKEND.reset(token)

    profile, one, recall = asyncio.run(go())
    assert recall["results"] == []
    assert profile["total"] == 0 and profile["kinds"] == {}
    assert isinstance(one, Exception) and "花生" not in str(one)


def test_a_malformed_anchor_object_is_a_reported_problem_not_a_500(app: tuple[TestClient, Container]) -> None:
    """verify parsed every object under the anchor prefix as `<seq>-<hash>.json`; one stray object
    (written by anyone with S3 write access, or a tool) made every verify a 500."""
    client, c = app
    assert client.post("/v1/memories/search", headers=h("agent"), json={"query": "x"}).status_code == 200
    assert client.post("/v1/audit/anchor", headers=h("auditor")).status_code == 200
    body = b"{}"
    c.adapters.blobs.put(
        c.settings.s3.export_bucket, anchor_prefix("acme") + "notes.json", body, hashlib.sha256(body).hexdigest()
    )
    r = client.get("/v1/audit/verify", headers=h("auditor"))
    assert r.status_code == 200, r.text
    report = r.json()
    assert not report["ok"] and any("notes.json" in p for p in report["problems"])


def test_identity_proposal_decisions_are_in_the_audit_chain(app: tuple[TestClient, Container]) -> None:
    """An admin's accept can bind a device to a user (merging its memories, erasing its subject);
    the decision left no event in the tamper-evident chain (unbind did)."""
    client, c = app
    now = c.clock.now()
    a, b = device_key(PEPPER, "acme", "tab-a"), device_key(PEPPER, "acme", "tab-b")
    for d in (a, b):
        c.adapters.graph.register_device(d, "acme", now)
    c.adapters.graph.record_proposal(IdentityProposal("p1", "acme", a, b, 0.9, "pending", now))
    r = client.post("/v1/identity/proposals/p1/accept", headers=h("admin"))
    assert r.status_code == 200, r.text
    c.audit.flush()
    events = c.adapters.graph.chain_events("acme", 0, 100)
    assert [e.kind for e in events][-1] == "binding" and events[-1].counts.get("accepted") == 1
