"""The tenant's tamper-evident audit chain on fakes: every route appends, the chain verifies, an
edited / deleted / cut event is named, concurrent appends never fork, anchors are locked and
checked, and erase leaves a verifiable chain with no way back to the person."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mal.api.app import create_app
from mal.audit_chain import AuditRecorder, anchor_prefix
from mal.bootstrap import Container
from mal.errors import Forbidden
from tests.unit.fakes import fake_container, fake_settings, new_scope

PHONE = "13812345678"


@pytest.fixture
def app() -> Iterator[tuple[TestClient, Container]]:
    built: list[Container] = []

    def factory(settings: Any) -> Container:
        built.append(fake_container(settings))
        return built[-1]

    with TestClient(create_app(fake_settings(), container_factory=factory, warm=False)) as client:
        yield client, built[0]


def h(name: str, user: str = "alice") -> dict[str, str]:
    return {"Authorization": f"Bearer {name}-key-0123456789", "X-User-Id": user}


def test_every_route_appends_an_event_without_personal_text(app: tuple[TestClient, Container]) -> None:
    client, c = app
    turns = [{"role": "user", "content": f"我的预算是500元，电话{PHONE}"}]
    assert client.post("/v1/memories", headers=h("agent"), json={"session_id": "s1", "turns": turns}).status_code == 200
    assert client.post("/v1/memories/search", headers=h("agent"), json={"query": "预算"}).status_code == 200
    assert client.post("/v1/context", headers=h("agent"), json={"query": "预算"}).status_code == 200
    assert client.get("/v1/memories", headers=h("agent")).status_code == 200
    assert client.post("/v1/subjects/export", headers=h("auditor")).status_code == 200
    assert client.post("/v1/admin/quarantine", headers=h("admin"), json={"source": "wechat"}).status_code == 200
    assert client.post("/v1/subjects/erase", headers=h("admin")).status_code == 200
    r = client.get("/v1/audit/verify", headers=h("auditor"))
    assert r.status_code == 200, r.text
    report = r.json()
    assert report["ok"] and report["first_broken"] is None and report["tenant"] == "acme"
    events = c.adapters.graph.chain_events("acme", 0, 100)
    kinds = [e.kind for e in events]
    assert kinds[:7] == ["write", "search", "context", "read", "export", "quarantine", "erase"]
    assert all(e.key_id and len(e.hash) == 64 for e in events)
    stored = json.dumps([e.to_json() for e in events], ensure_ascii=False)
    assert PHONE not in stored and "预算" not in stored and "alice" not in stored
    assert events[0].counts["turns"] == 1 and events[0].memory_ids


def test_verify_is_for_auditors_and_only_their_own_tenant(app: tuple[TestClient, Container]) -> None:
    client, c = app
    c.audit.record("globex", "write", "k", None, (), {"n": 1})
    assert client.get("/v1/audit/verify", headers=h("agent")).status_code == 403
    report = client.get("/v1/audit/verify", headers=h("auditor")).json()
    assert report["tenant"] == "acme" and report["events"] == 0  # globex's event is not counted here


def _chain(n: int = 5) -> tuple[Container, AuditRecorder]:
    c = fake_container()
    scope = new_scope()
    c.adapters.graph.ensure_subject(scope.subject, "acme", c.clock.now())
    for i in range(n):
        c.audit.record("acme", "search", "key1", scope.subject, [f"m{i}"], {"results": 1})
    c.audit.flush()
    return c, c.audit


def test_an_edited_event_is_named() -> None:
    c, audit = _chain()
    assert audit.verify("acme").ok
    c.adapters.graph.tamper_chain("acme", 3, counts={"results": 0})  # type: ignore[attr-defined]
    report = audit.verify("acme")
    assert not report.ok and report.first_broken == {"seq": 3, "reason": "content does not match its hash"}


def test_a_deleted_event_and_a_cut_tail_are_named() -> None:
    c, audit = _chain()
    c.adapters.graph.tamper_chain("acme", 2, delete=True)  # type: ignore[attr-defined]
    report = audit.verify("acme")
    assert not report.ok and report.first_broken is not None and report.first_broken["seq"] == 2
    c, audit = _chain()
    c.adapters.graph.tamper_chain("acme", 5, delete=True)  # type: ignore[attr-defined]
    report = audit.verify("acme")
    assert not report.ok and report.first_broken == {"seq": 5, "reason": "events after 4 are missing"}


def test_resealing_an_edit_is_caught_by_the_next_link() -> None:
    c, audit = _chain()
    chain = c.adapters.graph._chain["acme"]  # type: ignore[attr-defined]
    chain[1] = chain[1].__class__(**{**chain[1].__dict__, "kind": "write", "hash": ""}).sealed()
    report = audit.verify("acme")
    assert not report.ok and report.first_broken == {"seq": 3, "reason": "does not link to the previous event"}


def test_concurrent_appends_never_fork_the_chain() -> None:
    c = fake_container()

    def worker(i: int) -> None:
        for j in range(50):
            c.audit.record("acme", "search", f"k{i}", None, [f"{i}-{j}"], {"results": j})
            if j % 7 == 0:
                c.audit.flush()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    c.audit.flush()
    events = c.adapters.graph.chain_events("acme", 0, 1000)
    assert [e.seq for e in events] == list(range(1, 401))
    assert c.audit.verify("acme").ok


def test_record_is_buffered_and_flushed_on_close() -> None:
    c = fake_container()
    c.audit.record("acme", "search", "k", None, (), {})
    assert c.adapters.graph.chain_head("acme") is None  # not on the request path
    c.close()
    head = c.adapters.graph.chain_head("acme")
    assert head is not None and head.seq == 1


def test_a_store_outage_keeps_the_events_for_the_next_flush() -> None:
    c = fake_container()
    c.audit.record("acme", "search", "k", None, (), {})
    c.adapters.graph.down = True  # type: ignore[attr-defined]
    with pytest.raises(Exception, match="neo4j"):
        c.audit.flush()
    c.adapters.graph.down = False  # type: ignore[attr-defined]
    assert c.audit.flush() == 1


def test_anchors_are_locked_and_checked() -> None:
    c, audit = _chain()
    anchored = audit.anchor()
    assert [a["seq"] for a in anchored] == [5]
    bucket = c.settings.s3.export_bucket
    key = anchored[0]["key"]
    assert key.startswith(anchor_prefix("acme"))
    with pytest.raises(Forbidden):
        c.adapters.blobs.delete(bucket, key)
    assert audit.anchor() == anchored  # the same head is not written twice
    report = audit.verify("acme")
    assert report.ok and report.anchor_matches and report.latest_anchor["seq"] == 5  # type: ignore[index]
    # someone with Neo4j rewrites history from the start and re-seals every link: the anchor says no
    chain = c.adapters.graph._chain["acme"]  # type: ignore[attr-defined]
    prev = "0" * 64
    for i, e in enumerate(chain):
        chain[i] = e.__class__(**{**e.__dict__, "counts": {"results": 9}, "prev": prev, "hash": ""}).sealed()
        prev = chain[i].hash
    c.adapters.graph._heads = {}  # type: ignore[attr-defined]
    report = audit.verify("acme")
    assert report.first_broken is None and report.anchor_matches is False and not report.ok


def test_erase_keeps_the_chain_verifiable_without_a_way_back() -> None:
    c = fake_container()
    scope = new_scope()
    c.adapters.graph.ensure_subject(scope.subject, "acme", c.clock.now())
    c.audit.record("acme", "write", "k", scope.subject, ["m1"], {"created": 1})
    c.audit.flush()
    ref = c.adapters.graph.audit_ref(scope.subject)
    assert ref and c.adapters.graph.chain_events("acme", 0, 10)[0].subject_ref == ref
    c.forgetter.erase(scope)
    assert c.adapters.graph.audit_ref(scope.subject) is None
    stored = json.dumps([e.to_json() for e in c.adapters.graph.chain_events("acme", 0, 10)])
    assert scope.subject not in stored
    assert c.audit.verify("acme").ok
