"""The MCP server against the real stack: an SDK client session over streamable HTTP (/mcp on a
real uvicorn port) and over stdio (`python -m mal mcp` talking to that API) lists the tools and
round-trips a memory in Chinese and in English; a wrong or missing key is refused."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from mcp import Client

from mal.api.app import create_app
from mal.mcp_server import TOOLS
from mal.settings import Settings
from tests.mcp_support import http_client, live_server, resource_json, stdio_client, structured


@pytest.fixture(scope="module")
def api_url(api_settings: Settings) -> Iterator[str]:
    with live_server(create_app(api_settings)) as url:
        yield url


async def _round_trip(client: Client) -> dict[str, Any]:
    names = [t.name for t in (await client.list_tools()).tools]
    zh = structured(await client.call_tool("remember", {"text": "我对花生过敏"}))
    en = structured(await client.call_tool("remember", {"text": "I prefer window seats on long flights"}))
    zh_id, en_id = zh["memories"][0]["id"], en["memories"][0]["id"]
    found_zh = structured(await client.call_tool("recall", {"query": "我对什么过敏？", "k": 3}))
    found_en = structured(await client.call_tool("recall", {"query": "which seat do I like on planes?", "k": 3}))
    profile = resource_json(await client.read_resource("mal://profile"))
    one = resource_json(await client.read_resource(f"mal://memories/{zh_id}"))
    context = structured(await client.call_tool("context", {}))
    forgotten = structured(await client.call_tool("forget", {"memory_id": zh_id}))
    after = structured(await client.call_tool("recall", {"query": "我对什么过敏？", "k": 3}))
    return {
        "names": names,
        "zh": zh,
        "en": en,
        "ids": (zh_id, en_id),
        "found_zh": [r["id"] for r in found_zh["results"]],
        "found_en": [r["id"] for r in found_en["results"]],
        "profile": profile,
        "one": one,
        "context": context,
        "forgotten": forgotten,
        "after": [r["id"] for r in after["results"]],
    }


def _check(result: dict[str, Any]) -> None:
    assert result["names"] == list(TOOLS)
    zh_id, en_id = result["ids"]
    assert result["zh"]["memories"][0]["kind"] == "family_health" and "花生" in result["zh"]["memories"][0]["summary"]
    assert result["en"]["memories"][0]["kind"] == "preference"
    assert result["found_zh"][0] == zh_id
    assert result["found_en"][0] == en_id
    assert result["profile"]["total"] == 2
    assert {m["id"] for ms in result["profile"]["kinds"].values() for m in ms} == {zh_id, en_id}
    assert result["one"]["id"] == zh_id and result["one"]["lang"] == "zh"
    notes = "\n".join(m["content"] for m in result["context"]["system_messages"])
    assert "花生" in notes and "window" in notes
    assert result["forgotten"]["forgotten"] == [zh_id]
    assert zh_id not in result["after"]


def test_http_session_lists_tools_and_round_trips_zh_and_en(api_url: str, keys: dict[str, str]) -> None:
    user = "张三-" + secrets.token_hex(4)

    async def run() -> dict[str, Any]:
        async with http_client(api_url, keys["agent_a"], user) as client:
            return await _round_trip(client)

    _check(asyncio.run(run()))


def test_stdio_session_lists_tools_and_round_trips_zh_and_en(api_url: str, keys: dict[str, str]) -> None:
    user = "li.si-" + secrets.token_hex(4)

    async def run() -> dict[str, Any]:
        async with stdio_client(api_url, keys["agent_a"], user) as client:
            return await _round_trip(client)

    _check(asyncio.run(run()))


def test_subjects_and_tenants_stay_apart_over_mcp(api_url: str, keys: dict[str, str]) -> None:
    user = "王五-" + secrets.token_hex(4)

    async def run() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with http_client(api_url, keys["agent_a"], user) as a:
            structured(await a.call_tool("remember", {"text": "我的预算不超过三千元"}))
        async with http_client(api_url, keys["agent_b"], user) as b:  # same user id, other tenant
            other_tenant = resource_json(await b.read_resource("mal://profile"))
        async with http_client(api_url, keys["agent_a"], user + "-x") as c:  # same tenant, other user
            other_user = structured(await c.call_tool("recall", {"query": "预算", "k": 5}))
        async with http_client(api_url, keys["agent_a"], user) as a:
            mine = resource_json(await a.read_resource("mal://profile"))
        return other_tenant, other_user, mine

    other_tenant, other_user, mine = asyncio.run(run())
    assert other_tenant["total"] == 0 and other_user["results"] == []
    assert list(mine["kinds"]) == ["budget"]


def _flatten(exc: BaseException) -> list[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        return [e for inner in exc.exceptions for e in _flatten(inner)]
    return [
        exc,
        *(_flatten(exc.__cause__) if exc.__cause__ else []),
        *(_flatten(exc.__context__) if exc.__context__ else []),
    ]


@pytest.mark.parametrize("key", [None, "not-a-key"])
def test_http_refuses_a_missing_or_wrong_key(api_url: str, key: str | None) -> None:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    raw = httpx.post(
        f"{api_url}/mcp", json=initialize, headers={**headers, "Accept": "application/json, text/event-stream"}
    )
    assert raw.status_code == 401 and raw.json()["error"] == "Unauthorized"

    async def run() -> None:
        async with http_client(api_url, key, "alice") as client:
            await client.list_tools()

    # The SDK wraps the 401 in a task group: look for its MCPError inside.
    with pytest.raises(BaseException) as refused:
        asyncio.run(run())
    assert any(type(e).__name__ == "MCPError" for e in _flatten(refused.value)), refused.value


def test_http_key_without_agent_scope_and_missing_user_are_tool_errors(api_url: str, keys: dict[str, str]) -> None:
    async def run() -> tuple[Any, Any]:
        async with http_client(api_url, keys["analyst_a"], "alice") as analyst:
            forbidden = await analyst.call_tool("recall", {"query": "budget"})
        async with http_client(api_url, keys["agent_a"], None) as anonymous:
            no_user = await anonymous.call_tool("remember", {"text": "I like tea"})
        return forbidden, no_user

    forbidden, no_user = asyncio.run(run())
    assert forbidden.is_error and "Forbidden" in forbidden.content[0].text
    assert no_user.is_error and "X-User-Id" in no_user.content[0].text


def test_stdio_with_a_wrong_key_is_refused_by_the_api(api_url: str) -> None:
    async def run() -> Any:
        async with stdio_client(api_url, "not-a-key", "alice") as client:
            return await client.call_tool("recall", {"query": "budget"})

    result = asyncio.run(run())
    assert result.is_error and "Unauthorized" in result.content[0].text
