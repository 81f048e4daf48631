"""A typed Python client for the REST API (what agents embed). Errors come back as our typed
exceptions, so callers handle `StoreUnavailable` the same way in-process and over HTTP."""

from __future__ import annotations

from types import TracebackType
from typing import Any

import httpx

from mal.agent_session import acapture_then_stop, capture_then_stop
from mal.api import schemas as s
from mal.client_async import AsyncMemoryClient
from mal.client_common import query_params, raise_for_answer, user_headers

__all__ = ["AsyncMemoryClient", "MemoryClient", "acapture_then_stop", "capture_then_stop"]


class MemoryClient:
    def __init__(
        self, base_url: str, api_key: str, timeout_s: float = 30.0, transport: httpx.BaseTransport | None = None
    ) -> None:
        self._http = httpx.Client(
            base_url=base_url, headers={"Authorization": f"Bearer {api_key}"}, timeout=timeout_s, transport=transport
        )

    def __enter__(self) -> MemoryClient:
        return self

    def __exit__(self, *exc: tuple[type[BaseException], BaseException, TracebackType] | Any) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def _call(
        self,
        method: str,
        path: str,
        user_id: str | None,
        body: dict[str, Any] | None = None,
        params: dict[str, Any] | None = None,
    ) -> Any:
        response = self._http.request(
            method, path, json=body, params=query_params(params), headers=user_headers(user_id)
        )
        return raise_for_answer(response)

    def write(self, user_id: str, session_id: str, turns: list[dict[str, Any]], **fields: Any) -> s.CaptureResponse:
        body = {"session_id": session_id, "turns": turns, **fields}
        return s.CaptureResponse.model_validate(self._call("POST", "/v1/memories", user_id, body))

    def search(
        self, user_id: str, query: str, k: int = 3, kinds: list[str] | None = None, preset: str | None = None
    ) -> s.SearchResponse:
        body: dict[str, Any] = {"query": query, "k": k, "kinds": kinds}
        if preset is not None:
            body["preset"] = preset
        return s.SearchResponse.model_validate(self._call("POST", "/v1/memories/search", user_id, body))

    def context(
        self,
        user_id: str,
        query: str | None = None,
        max_memories: int = 20,
        max_recent_turns: int = 20,
        lang: str | None = None,
    ) -> s.ContextResponse:
        body = {"query": query, "max_memories": max_memories, "max_recent_turns": max_recent_turns, "lang": lang}
        return s.ContextResponse.model_validate(self._call("POST", "/v1/context", user_id, body))

    def list_memories(
        self,
        user_id: str,
        status: list[str] | None = None,
        kind: list[str] | None = None,
        offset: int = 0,
        limit: int = 50,
    ) -> s.MemoryPage:
        params = {"status": status, "kind": kind, "offset": offset, "limit": limit}
        return s.MemoryPage.model_validate(self._call("GET", "/v1/memories", user_id, params=params))

    def get(self, user_id: str, memory_id: str) -> s.MemoryOut:
        return s.MemoryOut.model_validate(self._call("GET", f"/v1/memories/{memory_id}", user_id))

    def forget(self, user_id: str, memory_id: str) -> None:
        self._call("DELETE", f"/v1/memories/{memory_id}", user_id)

    def forget_matching(self, user_id: str, query: str) -> s.ForgetResponse:
        return s.ForgetResponse.model_validate(self._call("POST", "/v1/memories/forget", user_id, {"query": query}))

    def erase(self, user_id: str) -> s.EraseResponse:
        return s.EraseResponse.model_validate(self._call("POST", "/v1/subjects/erase", user_id))

    def cypher(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        body = {"query": query, "params": params or {}}
        return list(self._call("POST", "/v1/cypher", None, body)["rows"])

    def audit_verify(self) -> dict[str, Any]:
        """The key's tenant's audit chain, recomputed (auditor scope): `ok`, `first_broken`, anchors."""
        return dict(self._call("GET", "/v1/audit/verify", None))

    def audit_anchor(self) -> list[dict[str, Any]]:
        """Anchor the tenant's chain head in S3 Object Lock now (auditor scope)."""
        return list(self._call("POST", "/v1/audit/anchor", None)["anchored"])

    def readyz(self) -> dict[str, Any]:
        response = self._http.get("/readyz")
        return dict(response.json())
