"""AsyncMemoryClient has the sync client's surface and raises the same typed errors."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

import httpx
import pytest

from mal.client import AsyncMemoryClient, MemoryClient
from mal.errors import Forbidden, InvalidInput, NotFound, StoreUnavailable, TooManyRequests


def _public(cls: type) -> dict[str, Any]:
    return {name: member for name, member in vars(cls).items() if not name.startswith("_") and callable(member)}


def test_same_public_methods_with_the_same_parameters() -> None:
    sync, async_ = _public(MemoryClient), _public(AsyncMemoryClient)
    assert set(sync) == set(async_)
    assert len(sync) >= 10
    for name in sync:
        assert inspect.iscoroutinefunction(async_[name]), name
        s_params = list(inspect.signature(sync[name]).parameters.items())
        a_params = list(inspect.signature(async_[name]).parameters.items())
        assert [(n, p.default, p.kind) for n, p in s_params] == [(n, p.default, p.kind) for n, p in a_params], name


def test_context_managers_on_both() -> None:
    assert hasattr(MemoryClient, "__enter__") and hasattr(AsyncMemoryClient, "__aenter__")


ANSWERS = {
    "/v1/memories/search": (503, {"error": "StoreUnavailable", "message": "weaviate down", "store": "weaviate"}),
    "/v1/context": (403, {"error": "Forbidden", "message": "this API key lacks the 'agent' scope"}),
    "/v1/memories/forget": (422, {"error": "InvalidInput", "message": "bad", "field": "query"}),
    "/v1/memories/m-1": (404, {"error": "NotFound", "message": "memory m-1 not found"}),
    "/v1/subjects/erase": (429, {"error": "TooManyRequests", "message": "slow down"}),
}


def _client(seen: list[httpx.Request]) -> AsyncMemoryClient:
    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        status, body = ANSWERS.get(request.url.path, (200, {"items": [], "total": 0, "offset": 0, "limit": 50}))
        headers = {"Retry-After": "7"} if status == 429 else {}
        return httpx.Response(status, json=body, headers=headers)

    return AsyncMemoryClient("http://mal.test", "secret-key", transport=httpx.MockTransport(handle))


def test_typed_errors_and_headers() -> None:
    seen: list[httpx.Request] = []

    async def run() -> None:
        async with _client(seen) as client:
            with pytest.raises(StoreUnavailable) as unavailable:
                await client.search("李四", "预算")
            assert unavailable.value.store == "weaviate"
            with pytest.raises(Forbidden):
                await client.context("李四")
            with pytest.raises(InvalidInput) as invalid:
                await client.forget_matching("李四", "x")
            assert invalid.value.field == "query"
            with pytest.raises(NotFound):
                await client.get("李四", "m-1")
            with pytest.raises(TooManyRequests) as limited:
                await client.erase("李四")
            assert limited.value.retry_after_s == 7
            page = await client.list_memories("李四", status=["active"], kind=["budget"])
            assert page.total == 0

    asyncio.run(run())
    assert all(r.headers["authorization"] == "Bearer secret-key" for r in seen)
    assert dict((k.lower(), v) for k, v in seen[0].headers.raw)[b"x-user-id"] == "李四".encode()
    assert seen[-1].url.params.get_list("kind") == ["budget"]


def test_unset_filters_are_not_sent_as_empty_values() -> None:
    """httpx sends a None param as `kind=`, which the API read as kind == "" and listed nothing."""
    seen: list[httpx.Request] = []

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"items": [], "total": 0, "offset": 0, "limit": 50})

    with MemoryClient("http://mal.test", "k", transport=httpx.MockTransport(handle)) as sync:
        sync.list_memories("u", status=["active"])

    async def run() -> None:
        async with AsyncMemoryClient("http://mal.test", "k", transport=httpx.MockTransport(handle)) as client:
            await client.list_memories("u", status=["active"])

    asyncio.run(run())
    for request in seen:
        assert "kind" not in request.url.params and request.url.params.get_list("status") == ["active"]
