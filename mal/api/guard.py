"""The ASGI layer in front of every protected route: authenticate, rate-limit, cap the body, in
that order, before FastAPI parses anything.

Why a raw ASGI layer and not a dependency: FastAPI resolves body parameters before (or alongside)
header dependencies, so a stranger without a key could make us read and parse a large JSON body and
got a 422 describing it instead of a 401. Here the key is checked from the headers alone, a
rejected request costs no body read, and the body is read at most `max_body_bytes` (+1) whatever
Content-Length claims. The authenticated Principal is handed to the routes in `scope["state"]`.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from mal.api.errors import error_response
from mal.errors import MalError, PayloadTooLarge, TooManyRequests
from mal.identity import Principal

__all__ = ["PRINCIPAL_STATE", "RateLimiter", "RequestGuard"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PRINCIPAL_STATE = "mal_principal"
_PROTECTED = ("/v1/", "/metrics", "/mcp")


class RateLimiter:
    """A token bucket per API key: `per_minute` requests in a burst, refilled evenly over a minute.

    In-process on purpose (one API process per deployment here); several processes would each
    allow the full rate, which docs/security.md states."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._buckets: dict[str, tuple[float, float]] = {}  # key id -> (tokens, last refill)
        self._lock = threading.Lock()
        self._clock = clock

    def take(self, key_id: str, per_minute: int) -> None:
        now = self._clock()
        rate = per_minute / 60.0
        with self._lock:
            tokens, last = self._buckets.get(key_id, (float(per_minute), now))
            tokens = min(float(per_minute), tokens + (now - last) * rate)
            if tokens < 1.0:
                self._buckets[key_id] = (tokens, now)
                retry = max(1, math.ceil((1.0 - tokens) / rate))
                raise TooManyRequests(
                    f"rate limit of {per_minute} requests per minute exceeded for this API key; retry after {retry} s",
                    retry_after_s=retry,
                )
            self._buckets[key_id] = (tokens - 1.0, now)


class RequestGuard:
    """Pure ASGI middleware; the keyring and limits come from the app's container and settings."""

    def __init__(self, app: ASGIApp, max_body_bytes: Callable[[], int], default_rate: Callable[[], int]) -> None:
        self.app = app
        self._max_body = max_body_bytes
        self._default_rate = default_rate
        self.limiter = RateLimiter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(_PROTECTED):
            await self.app(scope, receive, send)
            return
        try:
            principal = self._authenticate(scope)
            self.limiter.take(principal.key_id, principal.rate_limit_per_minute or self._default_rate())
            receive = await self._bounded_body(scope, receive)
        except MalError as exc:
            await error_response(exc)(scope, receive, send)
            return
        scope.setdefault("state", {})[PRINCIPAL_STATE] = principal
        await self.app(scope, receive, send)

    @staticmethod
    def _authenticate(scope: Scope) -> Principal:
        container = scope["app"].state.container
        raw = next((v for k, v in scope["headers"] if k == b"authorization"), None)
        return container.keyring.authenticate(raw.decode("latin-1") if raw is not None else None)  # type: ignore[no-any-return]

    async def _bounded_body(self, scope: Scope, receive: Receive) -> Receive:
        """Reads the body up front (at most the limit + 1 byte) and replays it to the app."""
        limit = self._max_body()
        declared = next((v for k, v in scope["headers"] if k == b"content-length"), None)
        too_large = PayloadTooLarge(f"request body is larger than {limit} bytes", field="body")
        if declared is not None:
            try:
                if int(declared) > limit:
                    raise too_large
            except ValueError:
                pass  # a malformed length: the server layer rejects it; count the bytes anyway
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":  # the client went away: let the app see it
                return _replay(b"".join(chunks), receive, first=message)
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise too_large
            chunks.append(chunk)
            more = message.get("more_body", False)
        return _replay(b"".join(chunks), receive)


def _replay(body: bytes, receive: Receive, first: Message | None = None) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return first if first is not None else {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
