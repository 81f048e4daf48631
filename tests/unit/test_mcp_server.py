"""The MCP tools and resources through an SDK client session, in process, on the in-memory
stores: the same route functions as REST, the subject fixed by the connection."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from mcp import Client

from mal.api.mcp_http import InProcessBackend
from mal.bootstrap import Container
from mal.identity import Principal
from mal.mcp_server import BACKEND, TOOLS, build_server, stdio_backend
from tests.mcp_support import resource_json, structured
from tests.unit.fakes import fake_container

AGENT = Principal("acme", frozenset({"agent"}), "k1")
ANALYST = Principal("acme", frozenset({"analyst"}), "k2")


def run(container: Container, principal: Principal, user: str | None, body: Callable[[Client], Awaitable[Any]]) -> Any:
    async def go() -> Any:
        token = BACKEND.set(InProcessBackend(container, principal, user))
        try:
            async with Client(build_server()) as client:
                return await body(client)
        finally:
            BACKEND.reset(token)

    return asyncio.run(go())


@pytest.fixture(scope="module")
def container() -> Container:
    return fake_container()


def test_tools_and_resources_are_listed_and_no_tool_chooses_the_subject(container: Container) -> None:
    async def body(client: Client) -> Any:
        return await client.list_tools(), await client.list_resources(), await client.list_resource_templates()

    tools, resources, templates = run(container, AGENT, "alice", body)
    assert [t.name for t in tools.tools] == list(TOOLS)
    for tool in tools.tools:
        assert tool.description
        assert not {"user", "user_id", "subject", "tenant"} & set(tool.input_schema.get("properties", {}))
    assert [str(r.uri) for r in resources.resources] == ["mal://profile"]
    assert [t.uri_template for t in templates.resource_templates] == ["mal://memories/{memory_id}"]


def test_remember_recall_profile_and_forget_in_zh_and_en(container: Container) -> None:
    async def body(client: Client) -> Any:
        zh = structured(await client.call_tool("remember", {"text": "我对花生过敏"}))
        en = structured(
            await client.call_tool(
                "remember", {"turns": [{"role": "user", "content": "I prefer window seats"}], "session_id": "s-en"}
            )
        )
        found = structured(await client.call_tool("recall", {"query": "花生", "k": 3}))
        profile = resource_json(await client.read_resource("mal://profile"))
        one = resource_json(await client.read_resource(f"mal://memories/{en['memories'][0]['id']}"))
        gone = structured(await client.call_tool("forget", {"memory_id": zh["memories"][0]["id"]}))
        after = resource_json(await client.read_resource("mal://profile"))
        return zh, en, found, profile, one, gone, after

    zh, en, found, profile, one, gone, after = run(container, AGENT, "alice-mcp", body)
    assert zh["memories"][0]["kind"] == "family_health" and "花生" in zh["memories"][0]["summary"]
    assert en["memories"][0]["kind"] == "preference"
    assert found["results"][0]["id"] == zh["memories"][0]["id"]
    assert profile["total"] == 2 and set(profile["kinds"]) == {"family_health", "preference"}
    assert one["summary"] == en["memories"][0]["summary"] and one["session_id"] == "s-en"
    assert gone["forgotten"] == [zh["memories"][0]["id"]]
    assert after["total"] == 1 and set(after["kinds"]) == {"preference"}


def test_errors_come_back_as_tool_errors(container: Container) -> None:
    async def body(client: Client) -> Any:
        return (
            await client.call_tool("remember", {}),
            await client.call_tool("forget", {}),
            await client.call_tool("forget", {"memory_id": "no-such-memory"}),
            await client.call_tool("recall", {"query": ""}),
        )

    empty, forget_nothing, missing, blank = run(container, AGENT, "alice", body)
    assert empty.is_error and "InvalidInput" in empty.content[0].text
    assert forget_nothing.is_error and "InvalidInput" in forget_nothing.content[0].text
    assert missing.is_error and "NotFound" in missing.content[0].text
    assert blank.is_error


def test_argument_errors_name_the_field_and_problem_never_the_value(container: Container) -> None:
    secret = "13812345678-zhang.san@example.com-" + "x" * 2000  # too long for `query`, and an identifier

    async def body(client: Client) -> Any:
        return (
            await client.call_tool("recall", {"query": secret}),
            await client.call_tool("recall", {"query": "ok", "k": "13812345678"}),
            await client.call_tool("remember", {"turns": [{"role": "13812345678", "content": "hi"}]}),
        )

    for result in run(container, AGENT, "alice", body):
        text = result.content[0].text
        assert result.is_error and text.startswith("InvalidInput: invalid arguments for"), text
        assert "1381234" not in text and "zhang" not in text and "5678" not in text, text
    long_query, bad_k, bad_role = (r.content[0].text for r in run(container, AGENT, "alice", body))
    assert "query: string too long" in long_query
    assert "k:" in bad_k and "turns.0.role:" in bad_role


def test_scopes_and_subject_are_enforced(container: Container) -> None:
    async def body(client: Client) -> Any:
        return await client.call_tool("recall", {"query": "anything"})

    forbidden = run(container, ANALYST, "alice", body)
    assert forbidden.is_error and "Forbidden" in forbidden.content[0].text
    no_user = run(container, AGENT, None, body)
    assert no_user.is_error and "X-User-Id" in no_user.content[0].text


def test_stdio_takes_key_and_user_from_the_environment_only() -> None:
    with pytest.raises(ValueError, match="MAL_API_KEY and MAL_USER_ID"):
        stdio_backend({"MAL_URL": "http://127.0.0.1:9"})
    with pytest.raises(ValueError):
        stdio_backend({"MAL_API_KEY": "k", "MAL_USER_ID": "   "})
    backend, client = stdio_backend({"MAL_URL": "http://127.0.0.1:9", "MAL_API_KEY": "k", "MAL_USER_ID": "王五"})
    asyncio.run(client.close())
    assert backend is not None


def test_http_endpoint_is_behind_the_guard_and_survives_a_restart() -> None:
    from fastapi.testclient import TestClient

    from mal.api.app import create_app
    from tests.unit.fakes import fake_settings

    app = create_app(fake_settings(), container_factory=fake_container, warm=False)
    message = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    headers = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}
    for _ in range(2):  # a session manager runs once: each start of the app needs its own
        with TestClient(app) as client:
            refused = client.post("/mcp", json=message, headers=headers)
            assert refused.status_code == 401 and refused.json()["error"] == "Unauthorized"
            wrong = client.post("/mcp", json=message, headers={**headers, "Authorization": "Bearer nope"})
            assert wrong.status_code == 401
            listed = client.post(
                "/mcp", json=message, headers={**headers, "Authorization": "Bearer agent-key-0123456789"}
            )
            assert listed.status_code == 200
            assert [t["name"] for t in listed.json()["result"]["tools"]] == list(TOOLS)
