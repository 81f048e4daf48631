"""The async twin of `MemoryClient` (httpx.AsyncClient), for agents that run on an event loop.

Same methods, same arguments, same typed errors; every method is a coroutine. A unit test holds
the two public surfaces equal, so a method added to one and not the other fails the suite."""

from __future__ import annotations

from types import TracebackType
from typing import Any

import httpx

from mal.api import schemas as s
from mal.client_common import context_body, query_params, raise_for_answer, user_headers

__all__ = ["AsyncMemoryClient"]


class AsyncMemoryClient:
    """`device_id`: as for `MemoryClient`, sent as X-Device-Id on every call (README, Identity)."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        timeout_s: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
        device_id: str | None = None,
    ) -> None:
        self.device_id = device_id
        self._http = httpx.AsyncClient(
            base_url=base_url, headers={"Authorization": f"Bearer {api_key}"}, timeout=timeout_s, transport=transport
        )

    async def __aenter__(self) -> AsyncMemoryClient:
        return self

    async def __aexit__(self, *exc: tuple[type[BaseException], BaseException, TracebackType] | Any) -> None:
        await self.close()

    async def close(self) -> None:
        await self._http.aclose()

    async def _call(
        self,
        method: str,
        path: str,
        user_id: str | None,
        body: dict[str, Any] | None = None,
        params: dict[str, Any] | None = None,
    ) -> Any:
        response = await self._http.request(
            method, path, json=body, params=query_params(params), headers=user_headers(user_id, self.device_id)
        )
        return raise_for_answer(response)

    async def write(
        self, user_id: str | None, session_id: str, turns: list[dict[str, Any]], **fields: Any
    ) -> s.CaptureResponse:
        body = {"session_id": session_id, "turns": turns, **fields}
        return s.CaptureResponse.model_validate(await self._call("POST", "/v1/memories", user_id, body))

    async def search(
        self, user_id: str | None, query: str, k: int = 3, kinds: list[str] | None = None, preset: str | None = None
    ) -> s.SearchResponse:
        body: dict[str, Any] = {"query": query, "k": k, "kinds": kinds}
        if preset is not None:
            body["preset"] = preset
        return s.SearchResponse.model_validate(await self._call("POST", "/v1/memories/search", user_id, body))

    async def context(
        self,
        user_id: str | None,
        query: str | None = None,
        max_memories: int = 20,
        max_recent_turns: int = 20,
        lang: str | None = None,
        turns: list[dict[str, Any]] | None = None,
    ) -> s.ContextResponse:
        body = context_body(query, max_memories, max_recent_turns, lang, turns)
        return s.ContextResponse.model_validate(await self._call("POST", "/v1/context", user_id, body))

    async def list_memories(
        self,
        user_id: str | None,
        status: list[str] | None = None,
        kind: list[str] | None = None,
        offset: int = 0,
        limit: int = 50,
    ) -> s.MemoryPage:
        params = {"status": status, "kind": kind, "offset": offset, "limit": limit}
        return s.MemoryPage.model_validate(await self._call("GET", "/v1/memories", user_id, params=params))

    async def get(self, user_id: str | None, memory_id: str) -> s.MemoryOut:
        return s.MemoryOut.model_validate(await self._call("GET", f"/v1/memories/{memory_id}", user_id))

    async def forget(self, user_id: str | None, memory_id: str) -> None:
        await self._call("DELETE", f"/v1/memories/{memory_id}", user_id)

    async def forget_matching(self, user_id: str | None, query: str) -> s.ForgetResponse:
        answer = await self._call("POST", "/v1/memories/forget", user_id, {"query": query})
        return s.ForgetResponse.model_validate(answer)

    async def erase(self, user_id: str | None) -> s.EraseResponse:
        return s.EraseResponse.model_validate(await self._call("POST", "/v1/subjects/erase", user_id))

    async def consent(
        self, user_id: str | None, scope: str, granted: bool, keep_existing: bool = False
    ) -> dict[str, Any]:
        body = {"scope": scope, "granted": granted, "keep_existing": keep_existing}
        return dict(await self._call("POST", "/v1/consent", user_id, body))

    async def consent_state(self, user_id: str | None) -> dict[str, Any]:
        return dict(await self._call("GET", "/v1/consent", user_id))

    async def unbind(self, user_id: str | None = None) -> bool:
        return bool((await self._call("POST", "/v1/identity/unbind", user_id))["unbound"])

    async def proposals(self, status: str | None = None) -> list[dict[str, Any]]:
        params = {"status": status} if status else None
        return list(await self._call("GET", "/v1/identity/proposals", None, params=params))

    async def decide_proposal(self, proposal_id: str, accept: bool) -> dict[str, Any]:
        action = "accept" if accept else "reject"
        return dict(await self._call("POST", f"/v1/identity/proposals/{proposal_id}/{action}", None))

    async def audit_verify(self) -> dict[str, Any]:
        return dict(await self._call("GET", "/v1/audit/verify", None))

    async def audit_anchor(self) -> list[dict[str, Any]]:
        return list((await self._call("POST", "/v1/audit/anchor", None))["anchored"])

    async def cypher(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        body = {"query": query, "params": params or {}}
        return list((await self._call("POST", "/v1/cypher", None, body))["rows"])

    async def readyz(self) -> dict[str, Any]:
        response = await self._http.get("/readyz")
        return dict(response.json())
