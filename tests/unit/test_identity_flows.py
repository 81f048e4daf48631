"""Three-level identity through the real app and composition root, on the in-memory stores: device
subjects, login binding (merge, idempotence, races, 409), unbind, erase counting devices, Level 3
proposals. The same flows run against the real stack in tests/e2e/test_identity.py."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from mal.bootstrap import Container
from mal.identity import device_key, subject_key
from tests.unit.fakes import app_with_container

PEPPER = "unit-test-pepper-0123456789"


@pytest.fixture
def app() -> Iterator[tuple[TestClient, Container]]:
    with app_with_container() as pair:
        yield pair


def hdr(key: str = "agent", user: str | None = None, device: str | None = None) -> dict[str, str]:
    out = {"Authorization": f"Bearer {key}-key-0123456789"}
    if user is not None:
        out["X-User-Id"] = user
    if device is not None:
        out["X-Device-Id"] = device
    return out


def capture(client: TestClient, headers: dict[str, str], *texts: str, session: str = "s1") -> dict:
    body = {"session_id": session, "turns": [{"role": "user", "content": t} for t in texts]}
    r = client.post("/v1/memories", headers=headers, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def summaries(client: TestClient, headers: dict[str, str]) -> list[str]:
    r = client.get("/v1/memories", headers=headers)
    assert r.status_code == 200, r.text
    return sorted(m["summary"] for m in r.json()["items"])


def test_neither_header_is_400_and_a_device_namespace_user_id_is_refused(app: tuple[TestClient, Container]) -> None:
    client, _ = app
    r = client.post("/v1/memories/search", headers=hdr(), json={"query": "x"})
    assert r.status_code == 400 and r.json()["field"] == "X-User-Id" and "X-Device-Id" in r.json()["message"]
    r = client.post("/v1/memories/search", headers=hdr(user="device:phone-1"), json={"query": "x"})
    assert r.status_code == 400 and r.json()["field"] == "X-User-Id"
    r = client.post("/v1/memories/search", headers=hdr(device="   "), json={"query": "x"})
    assert r.status_code == 400 and r.json()["field"] == "X-Device-Id"


def test_device_key_is_its_own_namespace() -> None:
    d = device_key(PEPPER, "acme", "phone-1")
    assert d == device_key(PEPPER, "acme", " phone-1 ")
    assert d != device_key(PEPPER, "globex", "phone-1") and d != subject_key(PEPPER, "acme", "phone-1")
    assert "phone" not in d and len(d) == 64


def test_anonymous_devices_do_not_leak_into_each_other(app: tuple[TestClient, Container]) -> None:
    client, _ = app
    capture(client, hdr(device="phone-A"), "我对花生过敏", "I prefer Python")
    capture(client, hdr(device="phone-B"), "我住在上海")
    assert summaries(client, hdr(device="phone-A")) == ["User prefers Python", "用户对花生过敏"]
    assert summaries(client, hdr(device="phone-B")) == ["用户所在城市：上海"]
    hits = client.post("/v1/memories/search", headers=hdr(device="phone-B"), json={"query": "花生过敏"}).json()
    assert all("花生" not in h["summary"] for h in hits["results"])


def test_login_binding_merges_and_later_device_requests_resolve_to_the_user(app: tuple[TestClient, Container]) -> None:
    client, c = app
    capture(client, hdr(device="phone-1"), "我对花生过敏", "I prefer Python")
    # Login on the phone: both headers. The device's memories move to the user.
    capture(client, hdr(user="alice", device="phone-1"), "I live in Berlin", session="s2")
    # The web client knows only the user: it sees the phone's memories.
    web = summaries(client, hdr(user="alice"))
    assert web == ["User city: Berlin", "User prefers Python", "用户对花生过敏"]
    device = device_key(PEPPER, "acme", "phone-1")
    items = client.get("/v1/memories", headers=hdr(user="alice")).json()["items"]
    moved = [m for m in items if m["summary"] != "User city: Berlin"]
    assert all(f"device:{device}" in m["provenance"] for m in moved)
    assert "phone-1" not in str(items)  # provenance names the device by its subject key only
    # Device-only requests now resolve to the user; the device subject itself was emptied.
    assert summaries(client, hdr(device="phone-1")) == web
    assert c.adapters.graph.count_subject(device) == 0 and c.adapters.vectors.count_subject(device) == 0
    # The merge left an audit line on the user, with counts and the device key, no raw id.
    trail = c.adapters.graph.audit_trail(subject_key(PEPPER, "acme", "alice"))
    bound = [e for e in trail if e.type == "device_bound"]
    assert len(bound) == 1 and bound[0].detail["memories"] == 2 and "phone-1" not in str(bound[0].detail)


def test_binding_is_idempotent_and_merges_through_dedup_and_conflicts(app: tuple[TestClient, Container]) -> None:
    client, _ = app
    capture(client, hdr(user="bob"), "我对花生过敏", "我住在上海")
    capture(client, hdr(device="tablet"), "我对花生过敏", "我住在北京")
    first = capture(client, hdr(user="bob", device="tablet"), "你好", session="s3")
    assert first["stored"] is True
    again = capture(client, hdr(user="bob", device="tablet"), "你好", session="s3")
    assert again["memories"] == first["memories"]
    items = client.get("/v1/memories", headers=hdr(user="bob")).json()["items"]
    allergy = [m for m in items if m["summary"] == "用户对花生过敏"]
    assert len(allergy) == 1 and allergy[0]["weight"] > 1.0  # a duplicate reinforces, never doubles
    homes = sorted((m["summary"], m["status"]) for m in items if "城市" in m["summary"])
    assert homes == [("用户所在城市：上海", "active"), ("用户所在城市：北京", "disputed")]  # a conflict is disputed


def test_rebinding_without_unbind_is_409_then_unbind_frees_the_device(app: tuple[TestClient, Container]) -> None:
    client, c = app
    capture(client, hdr(user="carol", device="shared-pc"), "I prefer tea")
    r = client.post("/v1/memories/search", headers=hdr(user="dave", device="shared-pc"), json={"query": "tea"})
    assert r.status_code == 409 and r.json()["error"] == "Conflict"
    # Unbind with the wrong user is refused; with the device alone (logout) it works.
    r = client.post("/v1/identity/unbind", headers=hdr(user="dave", device="shared-pc"))
    assert r.status_code == 409
    r = client.post("/v1/identity/unbind", headers=hdr(device="shared-pc"))
    assert r.status_code == 200 and r.json() == {"unbound": True}
    assert client.post("/v1/identity/unbind", headers=hdr(device="shared-pc")).json() == {"unbound": False}
    # Nothing moved back: the device is an empty anonymous subject again; carol keeps her memory.
    assert summaries(client, hdr(device="shared-pc")) == []
    assert summaries(client, hdr(user="carol")) == ["User prefers tea"]
    trail = c.adapters.graph.audit_trail(subject_key(PEPPER, "acme", "carol"))
    assert [e.type for e in trail].count("device_unbound") == 1
    # Now dave can bind it.
    capture(client, hdr(user="dave", device="shared-pc"), "I prefer coffee")
    assert summaries(client, hdr(device="shared-pc")) == ["User prefers coffee"]
    r = client.post("/v1/identity/unbind", headers=hdr(user="dave"))
    assert r.status_code == 400 and r.json()["field"] == "X-Device-Id"


def test_concurrent_first_requests_bind_once(app: tuple[TestClient, Container]) -> None:
    client, c = app
    capture(client, hdr(device="racer"), "我对花生过敏")
    statuses: list[int] = []

    def login(i: int) -> None:
        body = {"session_id": f"r{i}", "turns": [{"role": "user", "content": "你好"}]}
        statuses.append(client.post("/v1/memories", headers=hdr(user="erin", device="racer"), json=body).status_code)

    threads = [threading.Thread(target=login, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert statuses == [200] * 6
    assert summaries(client, hdr(user="erin")) == ["用户对花生过敏"]
    state = c.adapters.graph.device(device_key(PEPPER, "acme", "racer"))
    assert state is not None and state.bound_to == subject_key(PEPPER, "acme", "erin") and state.merged


def test_erase_of_a_user_erases_its_devices_and_counts_them(app: tuple[TestClient, Container]) -> None:
    client, c = app
    for device in ("p1", "p2"):
        capture(client, hdr(device=device), f"I like {device} games")
        capture(client, hdr(user="frank", device=device), "hello")
    capture(client, hdr(device="p3"), "I prefer tea")  # never bound: untouched
    receipt = client.post("/v1/subjects/erase", headers=hdr("admin", user="frank")).json()
    assert receipt["verified"] is True and receipt["devices"] == 2
    assert summaries(client, hdr(device="p1")) == [] and summaries(client, hdr(user="frank")) == []
    assert c.adapters.graph.device(device_key(PEPPER, "acme", "p1")) is None or not summaries(client, hdr(device="p1"))
    assert summaries(client, hdr(device="p3")) == ["User prefers tea"]
    # The devices start again as new anonymous devices: binding them to someone else works.
    capture(client, hdr(user="gina", device="p1"), "hello")


LIKE = ["我每天晚上十点跑步", "推荐一双跑步鞋", "马拉松训练计划怎么安排", "跑步膝盖疼怎么办"]


def _device_turns(client: TestClient, device: str, texts: list[str]) -> None:
    turns = [{"role": "user", "content": t, "at": f"2026-03-0{i + 1}T22:05:00+00:00"} for i, t in enumerate(texts)]
    r = client.post("/v1/memories", headers=hdr(device=device), json={"session_id": "p", "turns": turns})
    assert r.status_code == 200, r.text


def test_level3_proposals_are_recorded_never_merged_and_admins_decide(app: tuple[TestClient, Container]) -> None:
    client, c = app
    _device_turns(client, "run-a", LIKE)
    _device_turns(client, "run-b", [*LIKE[:3], "跑步前吃什么"])
    _device_turns(client, "cook", ["How do I bake sourdough bread", "best oven temperature", "I love baking", "yeast"])
    summary = c.proposals.run()
    assert summary["devices"] == 3 and summary["pairs"] == 3 and summary["proposed"] == 1
    assert c.proposals.run()["proposed"] == 0  # recorded once
    listed = client.get("/v1/identity/proposals", headers=hdr("admin")).json()
    a, b = device_key(PEPPER, "acme", "run-a"), device_key(PEPPER, "acme", "run-b")
    assert len(listed) == 1 and sorted(listed[0]["devices"]) == sorted([a, b]) and listed[0]["score"] >= 0.85
    assert listed[0]["status"] == "pending"
    # Never merged automatically: each device still reads only its own turns.
    assert c.adapters.graph.device(a).bound_to is None and c.adapters.graph.device(b).bound_to is None  # type: ignore[union-attr]
    assert client.get("/v1/identity/proposals", headers=hdr("agent")).status_code == 403
    assert client.get("/v1/identity/proposals", headers=hdr("other")).status_code == 403
    # Accepted while both are anonymous: the next login of either brings the other along.
    pid = listed[0]["id"]
    assert client.post(f"/v1/identity/proposals/{pid}/accept", headers=hdr("admin")).json()["status"] == "accepted"
    assert client.post(f"/v1/identity/proposals/{pid}/reject", headers=hdr("admin")).status_code == 409
    assert client.post("/v1/identity/proposals/nope/accept", headers=hdr("admin")).status_code == 404
    capture(client, hdr(user="hana", device="run-a"), "hello")
    assert c.adapters.graph.device(b).bound_to == subject_key(PEPPER, "acme", "hana")  # type: ignore[union-attr]
    assert client.get("/v1/identity/proposals", headers=hdr("admin")).json()[0]["status"] == "confirmed"


def test_a_rejected_proposal_is_not_acted_on_by_login(app: tuple[TestClient, Container]) -> None:
    client, c = app
    _device_turns(client, "x1", LIKE)
    _device_turns(client, "x2", LIKE)
    c.proposals.run()
    pid = client.get("/v1/identity/proposals", headers=hdr("admin")).json()[0]["id"]
    assert client.post(f"/v1/identity/proposals/{pid}/reject", headers=hdr("admin")).json()["status"] == "rejected"
    capture(client, hdr(user="ivan", device="x1"), "hello")
    assert c.adapters.graph.device(device_key(PEPPER, "acme", "x2")).bound_to is None  # type: ignore[union-attr]


def test_login_of_both_devices_to_one_user_confirms_a_pending_proposal(app: tuple[TestClient, Container]) -> None:
    client, c = app
    _device_turns(client, "y1", LIKE)
    _device_turns(client, "y2", LIKE)
    c.proposals.run()
    capture(client, hdr(user="jo", device="y1"), "hello")
    assert client.get("/v1/identity/proposals", headers=hdr("admin")).json()[0]["status"] == "pending"
    capture(client, hdr(user="jo", device="y2"), "hello")
    assert client.get("/v1/identity/proposals", headers=hdr("admin")).json()[0]["status"] == "confirmed"


def test_accepting_when_one_device_is_already_bound_merges_the_other_at_once(
    app: tuple[TestClient, Container],
) -> None:
    client, c = app
    _device_turns(client, "z1", LIKE)
    _device_turns(client, "z2", LIKE)
    capture(client, hdr(device="z2"), "我对花生过敏", session="z2")
    c.proposals.run()
    capture(client, hdr(user="kim", device="z1"), "hello")
    pid = client.get("/v1/identity/proposals", headers=hdr("admin")).json()[0]["id"]
    assert client.post(f"/v1/identity/proposals/{pid}/accept", headers=hdr("admin")).json()["status"] == "confirmed"
    assert "用户对花生过敏" in summaries(client, hdr(user="kim"))
    assert summaries(client, hdr(device="z2")) == summaries(client, hdr(user="kim"))
