"""The Level-2 login merge under the subject locks (mal/identities.py `_merge`), against the real
Neo4j and Weaviate: a consent revocation or an admin erase of the user racing the merge leaves
nothing behind, and a device capture still writing when the login arrives is not lost."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from mal.api.app import create_app
from mal.bootstrap import Container
from mal.identity import device_key, subject_key
from mal.settings import ApiKeyConfig, Settings

TENANT = f"merge-race-{secrets.token_hex(4)}"


@pytest.fixture(scope="module")
def keys() -> dict[str, str]:
    return {name: f"{name}-{secrets.token_hex(8)}" for name in ("agent", "admin")}


@pytest.fixture(scope="module")
def app(settings: Settings, keys: dict[str, str]) -> Iterator[tuple[TestClient, Container]]:
    configured = [
        ApiKeyConfig(key=keys["agent"], tenant=TENANT, scopes=["agent"]),  # type: ignore[list-item]
        ApiKeyConfig(key=keys["admin"], tenant=TENANT, scopes=["admin"]),  # type: ignore[list-item]
    ]
    cfg = settings.model_copy(update={"api_keys": configured, "rate_limit_per_minute": 100_000})
    with TestClient(create_app(cfg, warm=False)) as client:
        yield client, client.app.state.container  # type: ignore[attr-defined]


def headers(key: str, user: str | None = None, device: str | None = None) -> dict[str, str | bytes]:
    """UTF-8 bytes: httpx would encode a str header as ASCII and fail on "手机"."""
    out: dict[str, str | bytes] = {"Authorization": f"Bearer {key}"}
    if user is not None:
        out["X-User-Id"] = user.encode()
    if device is not None:
        out["X-Device-Id"] = device.encode()
    return out


def call(client: TestClient, key: str, path: str, body: dict | None = None, **who: str) -> dict:
    r = client.post(path, json=body, headers=headers(key, **who))
    assert r.status_code == 200, r.text
    return r.json() if r.content else {}


def write(client: TestClient, key: str, *texts: str, session: str = "s1", **who: str) -> dict:
    turns = [{"role": "user", "content": t} for t in texts]
    return call(client, key, "/v1/memories", {"session_id": session, "turns": turns}, **who)


def listed(client: TestClient, key: str, **who: str) -> list[dict]:
    r = client.get("/v1/memories", headers=headers(key, **who))
    assert r.status_code == 200, r.text
    return list(r.json()["items"])


def pause(monkeypatch: pytest.MonkeyPatch, target: object, name: str) -> tuple[threading.Event, threading.Event]:
    """Replace `target.name` with a version that signals `started` and waits for `proceed`."""
    started, proceed = threading.Event(), threading.Event()
    original: Callable[..., object] = getattr(target, name)

    def paused(*args: object, **kwargs: object) -> object:
        started.set()
        assert proceed.wait(60)
        return original(*args, **kwargs)

    monkeypatch.setattr(target, name, paused)
    return started, proceed


def run(target: Callable[[], object], out: dict[str, object], name: str) -> threading.Thread:
    def body() -> None:
        try:
            out[name] = target()
        except BaseException as exc:  # reported by the test
            out[name] = exc

    thread = threading.Thread(target=body)
    thread.start()
    return thread


def no_lock_left(c: Container, *subjects: str) -> bool:
    rows = c.adapters.graph._read(  # type: ignore[attr-defined]
        "MATCH (l:SubjectLock) WHERE l.subject IN $s RETURN count(l) AS n", s=list(subjects)
    )
    return bool(rows[0]["n"] == 0)


def uid(prefix: str) -> str:
    return f"{prefix}-{secrets.token_hex(5)}"


@pytest.mark.parametrize("race", ["revocation", "erase"])
def test_a_revocation_or_erase_racing_the_login_merge_leaves_nothing_behind(
    app: tuple[TestClient, Container], keys: dict[str, str], monkeypatch: pytest.MonkeyPatch, race: str
) -> None:
    """The merge has read the device's memories and is about to write them into the user when the
    user revokes consent (or an admin erases the user): that call waits for the merge, then
    removes what it moved. Before the merge took the locks, the call finished first and the
    merge then wrote the device's memories into the erased user."""
    client, c = app
    user, phone = uid("用户"), uid("手机")
    write(client, keys["agent"], "我对花生过敏", "I prefer green tea", device=phone)
    device = device_key(c.pepper, TENANT, phone)
    subject = subject_key(c.pepper, TENANT, user)
    assert c.adapters.vectors.count_subject(device) > 0
    started, proceed = pause(monkeypatch, c.writer, "absorb")
    out: dict[str, object] = {}
    login = run(lambda: write(client, keys["agent"], "你好", session="login", user=user, device=phone), out, "login")
    assert started.wait(60)
    if race == "revocation":
        body = {"scope": "memory", "granted": False}
        other = run(lambda: call(client, keys["agent"], "/v1/consent", body, user=user), out, "race")
    else:
        other = run(lambda: call(client, keys["admin"], "/v1/subjects/erase", user=user), out, "race")
    other.join(1.5)
    waited = other.is_alive()
    proceed.set()
    login.join(90)
    other.join(90)
    assert not isinstance(out.get("login"), BaseException), out
    assert not isinstance(out.get("race"), BaseException), out
    assert listed(client, keys["agent"], user=user) == []
    assert c.adapters.vectors.count_subject(subject) == 0
    assert c.adapters.graph.count_subject(device) == 0 and c.adapters.vectors.count_subject(device) == 0
    assert no_lock_left(c, subject, device)
    assert waited  # the revocation / erase queued behind the merge instead of running under it


def test_a_device_capture_in_flight_at_login_is_merged_not_lost(
    app: tuple[TestClient, Container], keys: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A device-only capture holds the device's lock while it writes; the login's merge waits for
    it, so its memory moves to the user too. Before, the merge erased the device subject under
    the capture, whose memory then landed on the erased device: lost to the user."""
    client, c = app
    user, phone = uid("user"), uid("phone")
    write(client, keys["agent"], "我对花生过敏", device=phone)
    device = device_key(c.pepper, TENANT, phone)
    started, proceed = pause(monkeypatch, c.writer, "capture")
    out: dict[str, object] = {}
    capture = run(lambda: write(client, keys["agent"], "I live in Lisbon", session="s2", device=phone), out, "capture")
    assert started.wait(60)
    login = run(lambda: write(client, keys["agent"], "hello", session="login", user=user, device=phone), out, "login")
    login.join(1.5)
    waited = login.is_alive()
    proceed.set()
    capture.join(90)
    login.join(90)
    assert not isinstance(out.get("capture"), BaseException), out
    assert not isinstance(out.get("login"), BaseException), out
    summaries = " ".join(m["summary"] for m in listed(client, keys["agent"], user=user))
    assert "Lisbon" in summaries and "花生" in summaries, summaries
    assert c.adapters.graph.count_subject(device) == 0 and c.adapters.vectors.count_subject(device) == 0
    assert no_lock_left(c, subject_key(c.pepper, TENANT, user), device)
    assert waited  # the merge waited for the device's capture
