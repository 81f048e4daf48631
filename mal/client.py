"""A typed Python client for the REST API (what agents embed). Errors come back as our typed
exceptions, so callers handle `StoreUnavailable` the same way in-process and over HTTP."""

from __future__ import annotations

from types import TracebackType
from typing import Any

import httpx

from mal.agent_session import acapture_then_stop, capture_then_stop
from mal.api import schemas as s
from mal.client_async import AsyncMemoryClient
from mal.client_common import context_body, query_params, raise_for_answer, user_headers

__all__ = ["AsyncMemoryClient", "MemoryClient", "acapture_then_stop", "capture_then_stop"]


class MemoryClient:
    """`device_id`: the client-persisted device id, sent as X-Device-Id on every call. Alone (user_id
    None) it is an anonymous device subject; with a user id the first call binds the device to the
    user (README, Identity)."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        timeout_s: float = 30.0,
        transport: httpx.BaseTransport | None = None,
        device_id: str | None = None,
    ) -> None:
        self.device_id = device_id
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
            method, path, json=body, params=query_params(params), headers=user_headers(user_id, self.device_id)
        )
        return raise_for_answer(response)

    def write(
        self, user_id: str | None, session_id: str, turns: list[dict[str, Any]], **fields: Any
    ) -> s.CaptureResponse:
        body = {"session_id": session_id, "turns": turns, **fields}
        return s.CaptureResponse.model_validate(self._call("POST", "/v1/memories", user_id, body))

    def search(
        self, user_id: str | None, query: str, k: int = 3, kinds: list[str] | None = None, preset: str | None = None
    ) -> s.SearchResponse:
        body: dict[str, Any] = {"query": query, "k": k, "kinds": kinds}
        if preset is not None:
            body["preset"] = preset
        return s.SearchResponse.model_validate(self._call("POST", "/v1/memories/search", user_id, body))

    def context(
        self,
        user_id: str | None,
        query: str | None = None,
        max_memories: int = 20,
        max_recent_turns: int = 20,
        lang: str | None = None,
        turns: list[dict[str, Any]] | None = None,
    ) -> s.ContextResponse:
        """`turns`: this call's turns, shown as recent conversation (even without consent), never stored."""
        body = context_body(query, max_memories, max_recent_turns, lang, turns)
        return s.ContextResponse.model_validate(self._call("POST", "/v1/context", user_id, body))

    def list_memories(
        self,
        user_id: str | None,
        status: list[str] | None = None,
        kind: list[str] | None = None,
        offset: int = 0,
        limit: int = 50,
    ) -> s.MemoryPage:
        # None is left out: httpx would send "status=" (an invalid status, 422).
        given = {"status": status, "kind": kind, "offset": offset, "limit": limit}
        params = {k: v for k, v in given.items() if v is not None}
        return s.MemoryPage.model_validate(self._call("GET", "/v1/memories", user_id, params=params))

    def get(self, user_id: str | None, memory_id: str) -> s.MemoryOut:
        return s.MemoryOut.model_validate(self._call("GET", f"/v1/memories/{memory_id}", user_id))

    def forget(self, user_id: str | None, memory_id: str) -> None:
        self._call("DELETE", f"/v1/memories/{memory_id}", user_id)

    def forget_matching(self, user_id: str | None, query: str) -> s.ForgetResponse:
        return s.ForgetResponse.model_validate(self._call("POST", "/v1/memories/forget", user_id, {"query": query}))

    def erase(self, user_id: str | None) -> s.EraseResponse:
        return s.EraseResponse.model_validate(self._call("POST", "/v1/subjects/erase", user_id))

    def consent(self, user_id: str | None, scope: str, granted: bool, keep_existing: bool = False) -> dict[str, Any]:
        """Record (or revoke) the subject's consent for `memory` or `recent_turns`. A revocation
        erases what it covers (the answer carries the erase receipt) unless `keep_existing`."""
        body = {"scope": scope, "granted": granted, "keep_existing": keep_existing}
        return dict(self._call("POST", "/v1/consent", user_id, body))

    def consent_state(self, user_id: str | None) -> dict[str, Any]:
        return dict(self._call("GET", "/v1/consent", user_id))

    def unbind(self, user_id: str | None = None) -> bool:
        """Logout: this client's device stops resolving to its user; no memory moves back."""
        return bool(self._call("POST", "/v1/identity/unbind", user_id)["unbound"])

    def proposals(self, status: str | None = None) -> list[dict[str, Any]]:
        """Level 3 proposals of the key's tenant (admin key)."""
        params = {"status": status} if status else None
        return list(self._call("GET", "/v1/identity/proposals", None, params=params))

    def decide_proposal(self, proposal_id: str, accept: bool) -> dict[str, Any]:
        action = "accept" if accept else "reject"
        return dict(self._call("POST", f"/v1/identity/proposals/{proposal_id}/{action}", None))

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
