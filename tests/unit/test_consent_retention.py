"""Consent (per subject, per tenant requirement) and raw-turn retention through the real app on the
in-memory stores; the same paths run against the real stack in tests/e2e/test_identity.py."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from mal.api.app import create_app
from mal.bootstrap import Container, turn_ttl_days
from mal.clock import FixedClock
from mal.context import AGREED
from mal.settings import ApiKeyConfig
from tests.unit.fakes import T0, fake_container, fake_settings

STRICT = ApiKeyConfig(key="strict-key-0123456789", tenant="strict", scopes=["agent"], require_consent=True)  # type: ignore[arg-type]
STRICT_ADMIN = ApiKeyConfig(
    key="strictadmin-key-0123456789", tenant="strict", scopes=["admin"], recent_turns_ttl_days=7
)  # type: ignore[arg-type]


@pytest.fixture
def app() -> Iterator[tuple[TestClient, Container, FixedClock]]:
    base = fake_settings()
    settings = base.model_copy(update={"api_keys": [*base.api_keys, STRICT, STRICT_ADMIN]})
    clock = FixedClock(T0)
    box: dict[str, Container] = {}

    def factory(s: object) -> Container:
        box["c"] = fake_container(settings, clock)
        return box["c"]

    with TestClient(create_app(settings, container_factory=factory, warm=False)) as client:
        yield client, box["c"], clock


def hdr(key: str, user: str = "mia") -> dict[str, str]:
    return {"Authorization": f"Bearer {key}-key-0123456789", "X-User-Id": user}


def capture(client: TestClient, headers: dict[str, str], *texts: str, session: str = "s1") -> dict:
    body = {"session_id": session, "turns": [{"role": "user", "content": t} for t in texts]}
    r = client.post("/v1/memories", headers=headers, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def context(client: TestClient, headers: dict[str, str], **body: object) -> str:
    r = client.post("/v1/context", headers=headers, json=body)
    assert r.status_code == 200, r.text
    return "\n".join(m["content"] for m in r.json()["system_messages"])


def consent(client: TestClient, headers: dict[str, str], scope: str, granted: bool, **extra: object) -> dict:
    r = client.post("/v1/consent", headers=headers, json={"scope": scope, "granted": granted, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def test_without_consent_a_strict_tenant_stores_nothing_and_context_has_only_this_call(
    app: tuple[TestClient, Container, FixedClock],
) -> None:
    client, c, _ = app
    out = capture(client, hdr("strict"), "我对花生过敏", "I prefer Python")
    assert out["stored"] is False and "consent" in out["reason"] and out["memories"] == []
    assert out["recent_turns_kept"] == 0
    assert client.get("/v1/memories", headers=hdr("strict")).json()["total"] == 0
    assert c.adapters.graph.subjects("strict") == []  # not even a subject node
    text = context(client, hdr("strict"), turns=[{"role": "user", "content": "今天天气怎么样"}])
    assert "今天天气怎么样" in text and "花生" not in text and AGREED["zh"] not in text
    assert context(client, hdr("strict")) == ""
    state = client.get("/v1/consent", headers=hdr("strict")).json()
    assert state == {"memory": False, "recent_turns": False, "agreed": False, "require_consent": True}


def test_granted_consent_stores_and_the_context_says_the_user_agreed(
    app: tuple[TestClient, Container, FixedClock],
) -> None:
    client, c, _ = app
    consent(client, hdr("strict"), "memory", True)
    out = capture(client, hdr("strict"), "我对花生过敏")
    assert out["stored"] is True and [m["action"] for m in out["memories"]] == ["created"]
    assert out["recent_turns_kept"] == 0 and "recent_turns" in out["reason"]  # turns need their own consent
    text = context(client, hdr("strict"), lang="zh")
    assert AGREED["zh"] in text and "花生" in text  # the memories message opens with it
    consent(client, hdr("strict"), "recent_turns", True)
    assert capture(client, hdr("strict"), "I prefer Python", session="s2")["recent_turns_kept"] == 1
    assert AGREED["en"].strip() in context(client, hdr("strict"), lang="en")
    trail = c.adapters.graph.audit_trail(
        c.identity.resolve(c.keyring.authenticate(hdr("strict")["Authorization"]), "mia", None).subject
    )
    assert [e.detail["scope"] for e in trail if e.type == "consent_changed"] == ["memory", "recent_turns"]


def test_a_tenant_without_the_requirement_stays_neutral_until_consent_is_recorded(
    app: tuple[TestClient, Container, FixedClock],
) -> None:
    client, _, _ = app
    capture(client, hdr("agent"), "I prefer Python")
    text = context(client, hdr("agent"))
    assert "Python" in text and AGREED["en"].strip() not in text
    consent(client, hdr("agent"), "memory", True)
    assert AGREED["en"].strip() in context(client, hdr("agent"))


def test_revoking_erases_with_a_receipt_unless_keep_existing(app: tuple[TestClient, Container, FixedClock]) -> None:
    client, _, _ = app
    consent(client, hdr("strict"), "memory", True)
    consent(client, hdr("strict"), "recent_turns", True)
    capture(client, hdr("strict"), "我对花生过敏")
    revoked = consent(client, hdr("strict"), "memory", False)
    assert revoked["receipt"]["verified"] is True and revoked["receipt"]["deleted"]["weaviate"] == 1
    assert "subject_digest" not in revoked["receipt"]
    assert client.get("/v1/memories", headers=hdr("strict")).json()["total"] == 0
    # The "no" survives the erase: captures store no facts now.
    out = capture(client, hdr("strict"), "I prefer tea")
    assert out["memories"] == [] and "memory" in out["reason"]
    # keep_existing: kept, but neither searched nor injected without consent.
    consent(client, hdr("strict", "noa"), "memory", True)
    capture(client, hdr("strict", "noa"), "I prefer Python")
    kept = consent(client, hdr("strict", "noa"), "memory", False, keep_existing=True)
    assert kept["receipt"] is None
    assert client.get("/v1/memories", headers=hdr("strict", "noa")).json()["total"] == 1
    hits = client.post("/v1/memories/search", headers=hdr("strict", "noa"), json={"query": "Python"}).json()
    assert hits["results"] == [] and "Python" not in context(client, hdr("strict", "noa"))


def test_revoking_recent_turns_deletes_them_and_an_explicit_no_binds_every_tenant(
    app: tuple[TestClient, Container, FixedClock],
) -> None:
    client, _, _ = app
    capture(client, hdr("agent", "olga"), "好的谢谢", "I prefer tea")
    assert "好的谢谢" in context(client, hdr("agent", "olga"))
    out = consent(client, hdr("agent", "olga"), "recent_turns", False)
    assert out["turns_deleted"] == 2 and out["receipt"] is None
    text = context(client, hdr("agent", "olga"))
    assert "好的谢谢" not in text and "User prefers tea" in text  # memories stay
    assert capture(client, hdr("agent", "olga"), "明天见", session="s2")["recent_turns_kept"] == 0
    bad = client.post("/v1/consent", headers=hdr("agent"), json={"scope": "everything", "granted": True})
    assert bad.status_code in (400, 422) and "scope" in bad.text


def test_retention_deletes_expired_raw_turns_and_keeps_memories(app: tuple[TestClient, Container, FixedClock]) -> None:
    client, c, clock = app
    assert turn_ttl_days(c.settings) == {"acme": 30, "globex": 30, "strict": 7}
    capture(client, hdr("agent", "pia"), "我对花生过敏", "好的谢谢")
    consent(client, hdr("strict", "pia"), "recent_turns", True)
    consent(client, hdr("strict", "pia"), "memory", True)
    capture(client, hdr("strict", "pia"), "I prefer tea")
    clock.advance(days=8)  # past strict's 7 days, within acme's 30
    capture(client, hdr("agent", "pia"), "明天见", session="s2")
    dry = c.lifecycle.run(dry_run=True)
    assert dry["turns_expired"] == 1
    assert "tea" in context(client, hdr("strict", "pia"))
    summary = c.lifecycle.run()
    assert summary["turns_expired"] == 1
    strict_text = context(client, hdr("strict", "pia"))
    assert "I prefer tea" not in strict_text.split("recent conversation")[-1] and "User prefers tea" in strict_text
    clock.advance(days=25)  # acme's first two turns are now 33 days old, the third 25
    assert c.lifecycle.run()["turns_expired"] == 2
    acme = context(client, hdr("agent", "pia"))
    assert "好的谢谢" not in acme and "明天见" in acme and "花生" in acme  # memories keep their own TTLs
    assert c.lifecycle.run()["turns_expired"] == 0
