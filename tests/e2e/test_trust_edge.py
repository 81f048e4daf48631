"""Issue #9, the HTTP edge against the real stack: authentication before the body, body and turn
limits, rate limits, /metrics, error shapes, X-User-Id as UTF-8 + NFC (items 9, 12, 14, 16)."""

from __future__ import annotations

import asyncio
import json
import secrets
import unicodedata
from collections.abc import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient

from mal.identity import subject_key
from mal.settings import Settings
from tests.e2e.conftest import Agent

pytestmark = pytest.mark.e2e


def _error_shape(response, status: int, field: str | None = None) -> dict:  # type: ignore[no-untyped-def]
    assert response.status_code == status, response.text
    body = response.json()
    assert isinstance(body.get("error"), str) and body["error"] and isinstance(body.get("message"), str), body
    if field is not None:
        assert body.get("field") == field, body
    return body


# -- item 12: cost limits -----------------------------------------------------------------------------
def test_no_key_is_401_even_when_the_body_is_bad_json(client: TestClient) -> None:
    response = client.post("/v1/memories", content=b"{not json", headers={"Content-Type": "application/json"})
    body = _error_shape(response, 401)
    assert body["error"] == "Unauthorized" and response.headers["WWW-Authenticate"] == "Bearer"
    wrong = client.post("/v1/memories", content=b'{"turns": 5}', headers={"Authorization": "Bearer nope"})
    assert _error_shape(wrong, 401)["message"] == "unknown API key"


def test_body_over_the_limit_is_413_by_content_length_and_by_streamed_bytes(
    client: TestClient,
    agent: Agent,
    api_settings: Settings,
) -> None:
    limit = api_settings.max_body_bytes
    big = json.dumps({"session_id": "s1", "turns": [{"role": "user", "content": "x" * 5_000_000}]}).encode()
    declared = client.post("/v1/memories", content=big, headers={**agent.headers, "Content-Type": "application/json"})
    assert str(limit) in _error_shape(declared, 413, field="body")["message"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: the guard counts what arrives
        for start in range(0, len(big), 65536):
            yield big[start : start + 65536]

    streamed = client.post(
        "/v1/memories", content=chunks(), headers={**agent.headers, "Content-Type": "application/json"}
    )
    _error_shape(streamed, 413, field="body")
    assert client.get("/v1/memories", headers=agent.headers).json()["total"] == 0


@pytest.mark.parametrize("char", ["a", "记"])
def test_turn_over_the_hard_limit_is_413_naming_the_turn(agent: Agent, api_settings: Settings, char: str) -> None:
    hard = api_settings.max_turn_hard_chars
    turns = [
        {"role": "user", "content": "I prefer Python" if char == "a" else "我更喜欢 Python"},
        {"role": "user", "content": char * (hard + 1)},
    ]
    response = agent.client.post("/v1/memories", json={"session_id": "s1", "turns": turns}, headers=agent.headers)
    body = _error_shape(response, 413, field="turns.1.content")
    assert str(hard) in body["message"]
    assert agent.client.get("/v1/memories", headers=agent.headers).json()["total"] == 0
    # Up to the hard limit a turn is still accepted (and cut to MAX_TURN_CHARS as documented).
    turns[1]["content"] = char * hard
    assert (
        agent.client.post("/v1/memories", json={"session_id": "s2", "turns": turns}, headers=agent.headers).status_code
        == 200
    )


def test_rate_limit_answers_429_with_retry_after(client: TestClient, keys: dict[str, str]) -> None:
    if getattr(client, "replicas", 1) > 1:
        pytest.skip("rate limits are counted per replica (docs/deploy.md): N replicas allow N x the limit")
    headers = {"Authorization": f"Bearer {keys['limited_a']}", "X-User-Id": "u-" + secrets.token_hex(4)}
    statuses = [client.get("/v1/memories", headers=headers).status_code for _ in range(3)]
    assert statuses == [200, 200, 200]  # limited_a: 3 per minute
    refused = client.get("/v1/memories", headers=headers)
    body = _error_shape(refused, 429)
    assert body["error"] == "TooManyRequests" and "3 requests per minute" in body["message"]
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    # Other keys are not affected by this key's bucket.
    other = {"Authorization": f"Bearer {keys['agent_a']}", "X-User-Id": headers["X-User-Id"]}
    assert client.get("/v1/memories", headers=other).status_code == 200


# -- item 14: /metrics ----------------------------------------------------------------------------------
def test_metrics_need_the_metrics_scope(client: TestClient, keys: dict[str, str]) -> None:
    assert _error_shape(client.get("/metrics"), 401)["error"] == "Unauthorized"
    agent = client.get("/metrics", headers={"Authorization": f"Bearer {keys['agent_a']}"})
    assert "metrics" in _error_shape(agent, 403)["message"]
    for name in ("metrics_a", "admin_a"):
        ok = client.get("/metrics", headers={"Authorization": f"Bearer {keys[name]}"})
        assert ok.status_code == 200 and "mal_http_requests_total" in ok.text
    assert client.get("/healthz").status_code == 200  # liveness stays public


# -- item 9: bad input is 4xx in one shape ----------------------------------------------------------------
def test_huge_offset_is_422_not_500(agent: Agent) -> None:
    response = agent.client.get("/v1/memories", headers=agent.headers, params={"offset": 9223372036854775807})
    _error_shape(response, 422, field="offset")
    assert agent.client.get("/v1/memories", headers=agent.headers, params={"offset": 100_000}).status_code == 200


def test_cypher_integers_beyond_64_bits_are_422(client: TestClient, keys: dict[str, str]) -> None:
    headers = {"Authorization": f"Bearer {keys['analyst_a']}"}
    for params in ({"x": 2**63}, {"x": [1, -(2**63) - 1]}, {"x": {"y": 10**30}}):
        response = client.post("/v1/cypher", json={"query": "RETURN $x AS x", "params": params}, headers=headers)
        assert "64 bits" in _error_shape(response, 422, field="params")["message"]


def test_framework_errors_use_the_documented_shape(client: TestClient, agent: Agent) -> None:
    assert _error_shape(client.get("/v1/nope", headers=agent.headers), 404)["error"] == "NotFound"
    assert _error_shape(client.get("/nope"), 404)["error"] == "NotFound"
    assert _error_shape(client.put("/v1/memories", headers=agent.headers), 405)["error"] == "MethodNotAllowed"
    bad_json = client.post(
        "/v1/memories",
        content=b'{"session_id": "s1", "turns": [',
        headers={**agent.headers, "Content-Type": "application/json"},
    )
    assert _error_shape(bad_json, 422, field="body")["error"] == "InvalidInput"
    missing = client.post("/v1/memories", json={"turns": []}, headers=agent.headers)
    _error_shape(missing, 422, field="session_id")


# -- item 16: X-User-Id is UTF-8 and NFC -----------------------------------------------------------------
@pytest.mark.parametrize("name", ["张三", "José", "Zoë Ñúñez"])
def test_user_id_is_decoded_as_utf8_and_normalised_to_nfc(
    client: TestClient,
    keys: dict[str, str],
    api_settings: Settings,
    container: object,
    name: str,
) -> None:
    user = f"{name}-{secrets.token_hex(3)}"
    auth = {"Authorization": f"Bearer {keys['agent_a']}"}
    nfd = unicodedata.normalize("NFD", user).encode("utf-8")  # raw header bytes, decomposed form
    written = client.post(
        "/v1/memories",
        json={"session_id": "s1", "turns": [{"role": "user", "content": "我更喜欢 Python"}]},
        headers={**auth, "X-User-Id": nfd},
    )
    assert written.status_code == 200, written.text
    memory_id = written.json()["memories"][0]["id"]
    # The subject is HMAC(tenant:NFC(user)), as every other client (CLI, SDKs) computes it.
    expected = subject_key(api_settings.pepper.get_secret_value(), "tenant-a", unicodedata.normalize("NFC", user))
    stored = container.adapters.graph.get(expected, memory_id)  # type: ignore[attr-defined]
    assert stored is not None and stored.summary
    nfc = unicodedata.normalize("NFC", user).encode("utf-8")
    listed = client.get("/v1/memories", headers={**auth, "X-User-Id": nfc}).json()
    assert [m["id"] for m in listed["items"]] == [memory_id]


def test_user_id_that_is_not_utf8_is_400(client: TestClient, keys: dict[str, str]) -> None:
    # TestClient re-encodes header values it decoded as latin-1, so bytes that are not UTF-8 never
    # reach the app through it; httpx's ASGI transport hands the raw bytes over as a server does.
    async def raw_get() -> httpx.Response:
        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as raw:
            return await raw.get(
                "/v1/memories",
                headers=[(b"authorization", f"Bearer {keys['agent_a']}".encode()), (b"x-user-id", b"\xff\xfe-latin")],
            )

    _error_shape(asyncio.run(raw_get()), 400, field="X-User-Id")
