"""Identity, consent and retention end to end: the HTTP API against the real Neo4j, Weaviate and S3.

Its own app with its own keys (a fresh tenant per run, one of them requiring consent with a 7-day
raw-turn retention), so tenant-wide jobs here (lifecycle, proposals) touch nothing of other tests."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient

from mal.api.app import create_app
from mal.bootstrap import Container, build
from mal.clock import FixedClock
from mal.context import AGREED
from mal.identity import device_key, subject_key
from mal.settings import ApiKeyConfig, Settings

RUN = secrets.token_hex(4)
TENANT, STRICT = f"ident-{RUN}", f"ident-strict-{RUN}"


@pytest.fixture(scope="module")
def keys() -> dict[str, str]:
    return {name: f"{name}-{secrets.token_hex(8)}" for name in ("agent", "admin", "strict", "strict_admin")}


@pytest.fixture(scope="module")
def app(settings: Settings, keys: dict[str, str], container: Container) -> Iterator[tuple[TestClient, Container]]:
    configured = [
        ApiKeyConfig(key=keys["agent"], tenant=TENANT, scopes=["agent"]),  # type: ignore[list-item]
        ApiKeyConfig(key=keys["admin"], tenant=TENANT, scopes=["admin"]),  # type: ignore[list-item]
        ApiKeyConfig(
            key=keys["strict"], tenant=STRICT, scopes=["agent"], require_consent=True, recent_turns_ttl_days=7
        ),  # type: ignore[list-item]
        ApiKeyConfig(key=keys["strict_admin"], tenant=STRICT, scopes=["admin"], recent_turns_ttl_days=7),  # type: ignore[list-item]
    ]
    cfg = settings.model_copy(update={"api_keys": configured, "rate_limit_per_minute": 100_000})
    with TestClient(create_app(cfg, warm=False)) as client:
        yield client, client.app.state.container  # type: ignore[attr-defined]


class Caller:
    def __init__(self, client: TestClient, key: str, user: str | None = None, device: str | None = None) -> None:
        self.client = client
        # UTF-8 bytes: httpx would encode a str header as ASCII and fail on "手机" (the API decodes UTF-8).
        self.headers: dict[str, str | bytes] = {"Authorization": f"Bearer {key}"}
        if user is not None:
            self.headers["X-User-Id"] = user.encode()
        if device is not None:
            self.headers["X-Device-Id"] = device.encode()

    def post(self, path: str, body: dict | None = None, expect: int = 200) -> dict:
        r = self.client.post(path, json=body, headers=self.headers)
        assert r.status_code == expect, r.text
        return r.json() if r.content else {}

    def write(self, *texts: str, session: str = "s1", at: str | None = None) -> dict:
        turns = [{"role": "user", "content": t, **({"at": at} if at else {})} for t in texts]
        return self.post("/v1/memories", {"session_id": session, "turns": turns})

    def search(self, query: str) -> list[str]:
        return [h["summary"] for h in self.post("/v1/memories/search", {"query": query, "k": 5})["results"]]

    def memories(self) -> list[dict]:
        r = self.client.get("/v1/memories", headers=self.headers)
        assert r.status_code == 200, r.text
        return list(r.json()["items"])

    def context(self, **body: object) -> str:
        return "\n".join(m["content"] for m in self.post("/v1/context", body)["system_messages"])


def uid(prefix: str) -> str:
    return f"{prefix}-{secrets.token_hex(5)}"


def test_cross_device_flow_zh_en(app: tuple[TestClient, Container], keys: dict[str, str]) -> None:
    client, c = app
    phone_id, user = uid("手机"), uid("用户")
    phone = Caller(client, keys["agent"], device=phone_id)
    phone.write("我对花生过敏", "I prefer green tea")
    assert "用户对花生过敏" in phone.search("花生过敏")
    # Login on the phone binds it and moves its memories to the user.
    Caller(client, keys["agent"], user=user, device=phone_id).write("你好", session="login")
    web = Caller(client, keys["agent"], user=user)
    assert "用户对花生过敏" in web.search("我对什么过敏")
    assert "User prefers green tea" in web.search("what tea do I like")
    device = device_key(c.pepper, TENANT, phone_id)
    assert all(f"device:{device}" in m["provenance"] for m in web.memories())
    assert phone_id not in str(web.memories())
    # Device-only requests now resolve to the user; the device subject itself is empty in every store.
    assert sorted(m["summary"] for m in phone.memories()) == sorted(m["summary"] for m in web.memories())
    assert c.adapters.graph.count_subject(device) == 0 and c.adapters.vectors.count_subject(device) == 0


def test_no_leak_between_two_anonymous_devices(app: tuple[TestClient, Container], keys: dict[str, str]) -> None:
    client, _ = app
    a, b = Caller(client, keys["agent"], device=uid("a")), Caller(client, keys["agent"], device=uid("b"))
    a.write("我住在上海", "I prefer Python")
    b.write("I live in Berlin")
    assert all("上海" not in s and "Python" not in s for s in b.search("上海 Python"))
    assert all("Berlin" not in s for s in a.search("Berlin"))
    assert [m["summary"] for m in b.memories()] == ["User city: Berlin"]


def test_concurrent_first_requests_bind_once_and_binding_is_idempotent(
    app: tuple[TestClient, Container], keys: dict[str, str]
) -> None:
    client, c = app
    device_id, user = uid("racer"), uid("erin")
    Caller(client, keys["agent"], device=device_id).write("我对花生过敏", "I prefer Python")
    both = Caller(client, keys["agent"], user=user, device=device_id)
    statuses: list[int] = []

    def login(i: int) -> None:
        body = {"session_id": f"r{i}", "turns": [{"role": "user", "content": "hello"}]}
        statuses.append(client.post("/v1/memories", json=body, headers=both.headers).status_code)

    threads = [threading.Thread(target=login, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert statuses == [200] * 6
    summaries = sorted(m["summary"] for m in Caller(client, keys["agent"], user=user).memories())
    assert summaries == ["User prefers Python", "用户对花生过敏"]  # merged once, no duplicates
    state = c.adapters.graph.device(device_key(c.pepper, TENANT, device_id))
    assert state is not None and state.bound_to == subject_key(c.pepper, TENANT, user) and state.merged
    both.write("hello", session="again")  # steady state
    assert len(Caller(client, keys["agent"], user=user).memories()) == 2


def test_rebind_is_409_until_unbind_and_unbind_moves_nothing_back(
    app: tuple[TestClient, Container], keys: dict[str, str]
) -> None:
    client, _ = app
    device_id, carol, dave = uid("pc"), uid("carol"), uid("dave")
    Caller(client, keys["agent"], user=carol, device=device_id).write("I prefer tea")
    r = client.post(
        "/v1/memories/search",
        json={"query": "tea"},
        headers=Caller(client, keys["agent"], user=dave, device=device_id).headers,
    )
    assert r.status_code == 409 and r.json()["error"] == "Conflict"
    device = Caller(client, keys["agent"], device=device_id)
    assert device.post("/v1/identity/unbind") == {"unbound": True}
    assert device.memories() == []
    assert [m["summary"] for m in Caller(client, keys["agent"], user=carol).memories()] == ["User prefers tea"]
    Caller(client, keys["agent"], user=dave, device=device_id).write("我喜欢咖啡")
    assert [m["summary"] for m in device.memories()] == ["用户喜欢咖啡"]
    assert Caller(client, keys["agent"]).post("/v1/memories/search", {"query": "x"}, expect=400)["field"] == "X-User-Id"


def test_erase_of_a_user_erases_its_devices_and_counts_them(
    app: tuple[TestClient, Container], keys: dict[str, str]
) -> None:
    client, c = app
    user, d1, d2 = uid("frank"), uid("d1"), uid("d2")
    for device_id, text in ((d1, "我住在杭州"), (d2, "I prefer jazz")):
        Caller(client, keys["agent"], device=device_id).write(text)
        Caller(client, keys["agent"], user=user, device=device_id).write("hello", session=device_id)
    receipt = Caller(client, keys["admin"], user=user).post("/v1/subjects/erase")
    assert receipt["verified"] is True and receipt["devices"] == 2 and receipt["deleted"]["weaviate"] == 2
    assert user not in str(receipt) and d1 not in str(receipt)
    for device_id in (d1, d2):
        assert Caller(client, keys["agent"], device=device_id).memories() == []
        assert c.adapters.graph.device(device_key(c.pepper, TENANT, device_id)).bound_to is None  # type: ignore[union-attr]


def test_consent_off_on_and_revoke(app: tuple[TestClient, Container], keys: dict[str, str]) -> None:
    client, c = app
    user = uid("mia")
    strict = Caller(client, keys["strict"], user=user)
    out = strict.write("我对花生过敏", "I prefer tea")
    assert out["stored"] is False and out["memories"] == [] and "consent" in out["reason"]
    assert not c.adapters.graph.subject_exists(subject_key(c.pepper, STRICT, user))
    text = strict.context(turns=[{"role": "user", "content": "今天下雨吗"}])
    assert "今天下雨吗" in text and "花生" not in text
    strict.post("/v1/consent", {"scope": "memory", "granted": True})
    strict.post("/v1/consent", {"scope": "recent_turns", "granted": True})
    assert [m["action"] for m in strict.write("我对花生过敏", "I prefer tea")["memories"]] == ["created", "created"]
    text = strict.context(lang="zh")
    assert AGREED["zh"] in text and "花生" in text  # the memories message opens with it
    revoked = strict.post("/v1/consent", {"scope": "memory", "granted": False})
    assert revoked["receipt"]["verified"] is True and revoked["receipt"]["deleted"]["weaviate"] == 2
    assert strict.memories() == [] and strict.search("tea") == []
    assert strict.write("I prefer coffee")["memories"] == []  # the "no" outlived the erase
    # keep_existing: kept but unused; an agent tenant without the requirement stays neutral.
    other = Caller(client, keys["strict"], user=uid("noa"))
    other.post("/v1/consent", {"scope": "memory", "granted": True})
    other.write("I prefer Python")
    assert other.post("/v1/consent", {"scope": "memory", "granted": False, "keep_existing": True})["receipt"] is None
    assert len(other.memories()) == 1 and other.search("Python") == []
    relaxed = Caller(client, keys["agent"], user=uid("olga"))
    relaxed.write("I prefer Python")
    assert "Python" in relaxed.context() and AGREED["en"].strip() not in relaxed.context()


def test_retention_deletes_expired_raw_turns_and_keeps_memories(
    app: tuple[TestClient, Container], keys: dict[str, str]
) -> None:
    client, c = app
    user = uid("pia")
    strict = Caller(client, keys["strict"], user=user)
    strict.post("/v1/consent", {"scope": "memory", "granted": True})
    strict.post("/v1/consent", {"scope": "recent_turns", "granted": True})
    strict.write("好的谢谢", "我对花生过敏")
    assert "好的谢谢" in strict.context()
    later = build(c.settings, adapters=c.adapters, clock=FixedClock(c.clock.now() + timedelta(days=8)))
    summary = later.lifecycle.run(tenant=STRICT)
    assert summary["turns_expired"] >= 2
    text = strict.context()
    assert "好的谢谢" not in text and "花生" in text  # raw turns gone, memories keep their TTLs
    assert later.lifecycle.run(tenant=STRICT)["turns_expired"] == 0


def test_level3_proposals_are_recorded_and_not_merged(app: tuple[TestClient, Container], keys: dict[str, str]) -> None:
    client, c = app
    run_a, run_b, cook = uid("run-a"), uid("run-b"), uid("cook")
    running = ["我每天晚上十点跑步", "推荐一双跑步鞋", "马拉松训练计划怎么安排", "跑步膝盖疼怎么办"]
    for device_id, texts in (
        (run_a, running),
        (run_b, [*running[:3], "跑步前吃什么"]),
        (cook, ["How do I bake sourdough bread", "best oven temperature", "I love baking", "which yeast to buy"]),
    ):
        turns = [{"role": "user", "content": t, "at": f"2026-03-0{i + 1}T22:05:00+00:00"} for i, t in enumerate(texts)]
        Caller(client, keys["agent"], device=device_id).post("/v1/memories", {"session_id": "p", "turns": turns})
    summary = c.proposals.run(TENANT)
    assert summary["proposed"] == 1
    admin = Caller(client, keys["admin"])
    listed = client.get("/v1/identity/proposals", headers=admin.headers).json()
    a, b = device_key(c.pepper, TENANT, run_a), device_key(c.pepper, TENANT, run_b)
    assert [sorted(p["devices"]) for p in listed] == [sorted([a, b])] and listed[0]["status"] == "pending"
    assert listed[0]["score"] >= 0.85
    # Recorded, not merged: each device still has only its own memories.
    for device_id in (run_a, run_b):
        state = c.adapters.graph.device(device_key(c.pepper, TENANT, device_id))
        assert state is not None and state.bound_to is None
    rejected = admin.post(f"/v1/identity/proposals/{listed[0]['id']}/reject")
    assert rejected["status"] == "rejected"
    assert c.proposals.run(TENANT)["proposed"] == 0  # a decided pair is not proposed again


def test_a_revocation_racing_an_in_flight_capture_leaves_nothing_in_any_store(
    app: tuple[TestClient, Container], keys: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The capture has read consent and is inside the writer when the revocation arrives: the
    revocation waits on the subject's lock (a SubjectLock node in Neo4j), then erases what the
    capture wrote; once it returns, Neo4j, Weaviate and the lock itself hold nothing of the subject."""
    client, c = app
    user = uid("race")
    strict = Caller(client, keys["strict"], user=user)
    strict.post("/v1/consent", {"scope": "memory", "granted": True})
    strict.post("/v1/consent", {"scope": "recent_turns", "granted": True})
    subject = subject_key(c.pepper, STRICT, user)
    started, proceed = threading.Event(), threading.Event()
    original = c.writer.capture

    def paused(scope: object, request: object) -> object:
        started.set()
        assert proceed.wait(30)
        return original(scope, request)  # type: ignore[arg-type]

    monkeypatch.setattr(c.writer, "capture", paused)
    out: dict[str, object] = {}
    writer = threading.Thread(target=lambda: out.update(capture=strict.write("I live in Lisbon", "我对花生过敏")))
    writer.start()
    assert started.wait(30)
    revoke = threading.Thread(
        target=lambda: out.update(revoke=strict.post("/v1/consent", {"scope": "memory", "granted": False}))
    )
    revoke.start()
    revoke.join(1.0)
    assert revoke.is_alive()  # waiting for the capture, not erasing under it
    proceed.set()
    writer.join(60)
    revoke.join(60)
    written = out["capture"]["memories"]  # type: ignore[index]
    assert written and out["revoke"]["receipt"]["verified"] is True  # type: ignore[index]
    assert [c.adapters.graph.get(subject, m["id"]) for m in written] == [None] * len(written)
    assert c.adapters.vectors.count_subject(subject) == 0 and strict.memories() == []
    lock = c.adapters.graph._read("MATCH (l:SubjectLock {subject: $s}) RETURN count(l) AS n", s=subject)  # type: ignore[attr-defined]
    assert lock[0]["n"] == 0
