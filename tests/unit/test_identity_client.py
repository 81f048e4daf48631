"""The typed client's identity and consent calls (device id, consent, unbind, proposals) against the
real app on the in-memory stores, through an httpx transport that hands requests to the app."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient

from mal import errors as e
from mal.api.app import create_app
from mal.client import MemoryClient
from mal.settings import ApiKeyConfig
from tests.unit.fakes import fake_container, fake_settings

STRICT = ApiKeyConfig(key="strict-key-0123456789", tenant="strict", scopes=["agent"], require_consent=True)  # type: ignore[arg-type]


@pytest.fixture
def app() -> Iterator[TestClient]:
    base = fake_settings()
    settings = base.model_copy(update={"api_keys": [*base.api_keys, STRICT]})
    with TestClient(create_app(settings, container_factory=lambda _: fake_container(settings), warm=False)) as c:
        yield c


def client_for(app: TestClient, key: str, device_id: str | None = None) -> MemoryClient:
    def handler(request: httpx.Request) -> httpx.Response:
        headers = [(k, v) for k, v in request.headers.raw if k.lower() != b"host"]
        answer = app.request(request.method, str(request.url), content=request.content, headers=headers)
        return httpx.Response(answer.status_code, content=answer.content, headers=answer.headers)

    return MemoryClient(
        "http://testserver", f"{key}-key-0123456789", transport=httpx.MockTransport(handler), device_id=device_id
    )


def test_device_login_unbind_through_the_typed_client_zh_en(app: TestClient) -> None:
    phone = client_for(app, "agent", device_id="手机-1")
    web = client_for(app, "agent")
    phone.write(None, "s1", [{"role": "user", "content": "我对花生过敏"}, {"role": "user", "content": "I prefer tea"}])
    assert phone.list_memories(None).total == 2 and web.list_memories("李雷").total == 0
    phone.write("李雷", "s2", [{"role": "user", "content": "你好"}])  # login on the phone
    assert sorted(m.summary for m in web.list_memories("李雷").items) == ["User prefers tea", "用户对花生过敏"]
    with pytest.raises(e.Conflict):
        phone.search("韩梅梅", "tea")
    assert phone.unbind() is True and phone.unbind() is False
    assert phone.list_memories(None).total == 0 and web.list_memories("李雷").total == 2
    with pytest.raises(e.InvalidInput) as bad:
        web.unbind("李雷")
    assert bad.value.field == "X-Device-Id"
    admin = client_for(app, "admin")
    assert admin.proposals() == [] and admin.proposals("pending") == []
    with pytest.raises(e.NotFound):
        admin.decide_proposal("nope", accept=True)


def test_consent_through_the_typed_client(app: TestClient) -> None:
    strict = client_for(app, "strict")
    out = strict.write("u1", "s1", [{"role": "user", "content": "I prefer tea"}])
    assert out.stored is False and out.reason
    ctx = strict.context("u1", turns=[{"role": "user", "content": "今天下雨吗"}])
    assert "今天下雨吗" in ctx.system_messages[0]["content"] and ctx.memory_ids == []
    assert strict.consent("u1", "memory", True) == {
        "scope": "memory",
        "granted": True,
        "receipt": None,
        "turns_deleted": 0,
    }
    assert strict.write("u1", "s2", [{"role": "user", "content": "I prefer tea"}]).stored is True
    assert strict.consent_state("u1")["agreed"] is True
    revoked = strict.consent("u1", "memory", False)
    assert revoked["receipt"]["verified"] is True and strict.list_memories("u1").total == 0
