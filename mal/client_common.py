"""What the sync and the async REST clients share: the request headers for a subject and the
translation of an error answer into our typed exceptions (one place, so both raise the same)."""

from __future__ import annotations

from typing import Any

import httpx

from mal.errors import InvalidInput, StoreUnavailable, TooManyRequests, by_status

__all__ = ["query_params", "raise_for_answer", "user_headers"]


def user_headers(user_id: str | None, device_id: str | None = None) -> dict[bytes, bytes]:
    # UTF-8 bytes: httpx would encode a str header as ASCII and fail on "张三"; the API decodes UTF-8.
    headers = {b"X-User-Id": user_id.encode("utf-8")} if user_id is not None else {}
    if device_id is not None:
        headers[b"X-Device-Id"] = device_id.encode("utf-8")
    return headers


def query_params(params: dict[str, Any] | None) -> dict[str, Any] | None:
    """Unset filters left out: httpx sends None as an empty value (`kind=`), which the API reads
    as "kind is the empty string" and matched nothing."""
    return {k: v for k, v in params.items() if v is not None} if params is not None else None


def raise_for_answer(response: httpx.Response) -> Any:
    """The decoded body of a success, or the typed exception an error answer stands for."""
    if response.status_code >= 400:
        data = response.json() if response.headers.get("content-type", "").startswith("application/json") else {}
        message = data.get("message", response.text[:200])
        if response.status_code == 503:
            raise StoreUnavailable(data.get("store", "unknown"), message)
        if response.status_code == 429:
            raise TooManyRequests(message, int(response.headers.get("Retry-After", "1")))
        cls = by_status(response.status_code, data.get("error"))
        if issubclass(cls, InvalidInput):
            raise cls(message, data.get("field"))
        raise cls(message)
    return response.json() if response.content else None


def context_body(
    query: str | None, max_memories: int, max_recent_turns: int, lang: str | None, turns: list[dict[str, Any]] | None
) -> dict[str, Any]:
    """The /v1/context body both clients send (`turns` only when given: they are shown, never stored)."""
    body: dict[str, Any] = {
        "query": query,
        "max_memories": max_memories,
        "max_recent_turns": max_recent_turns,
        "lang": lang,
    }
    if turns is not None:
        body["turns"] = turns
    return body
