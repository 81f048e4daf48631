"""Where the MCP tools get their answers: one small async interface, two ways to reach the service.

- `ClientBackend`: over the REST API with `AsyncMemoryClient` (`mal mcp`, stdio). The agent's
  machine holds only an API key and a user id, never a store password, and every call passes the
  API's authentication, scopes, rate limit and body cap like any other client.
- `InProcessBackend` (mal/api/mcp_http.py): inside the API process (`/mcp`). It calls the REST route functions
  themselves with the Principal the request guard authenticated, so a tool can do exactly what the
  same key could do over REST and nothing more, with the same scoping and the same answers.

The subject is bound by the transport (the MAL_USER_ID environment variable, or the X-User-Id
header), never by a tool argument: a model that can be talked into calling a tool must not be
able to choose whose memories it reads.
"""

from __future__ import annotations

import uuid
from typing import Any, Protocol

from mal.api import schemas as s
from mal.client_async import AsyncMemoryClient
from mal.errors import NotFound
from mal.models import MemoryStatus

__all__ = ["NO_CONSENT", "PROFILE_LIMIT", "ClientBackend", "MemoryBackend", "new_session_id"]

NO_CONSENT = "memory {} is not available: the user has not consented to memory (POST /v1/consent)"
PROFILE_LIMIT = 200  # memories a profile resource lists (the hot set is capped at 50 by default)


def new_session_id() -> str:
    return "mcp-" + uuid.uuid4().hex


class MemoryBackend(Protocol):
    async def remember(self, session_id: str, turns: list[dict[str, Any]]) -> s.CaptureResponse: ...

    async def recall(self, query: str, k: int) -> s.SearchResponse: ...

    async def context(self, query: str | None, max_memories: int, lang: str | None) -> s.ContextResponse: ...

    async def forget(self, memory_id: str) -> None: ...

    async def forget_matching(self, request: str) -> s.ForgetResponse: ...

    async def profile(self) -> s.MemoryPage: ...

    async def memory(self, memory_id: str) -> s.MemoryOut: ...


class ClientBackend:
    """One user through the REST API."""

    def __init__(self, client: AsyncMemoryClient, user_id: str) -> None:
        self._client, self._user = client, user_id

    async def remember(self, session_id: str, turns: list[dict[str, Any]]) -> s.CaptureResponse:
        return await self._client.write(self._user, session_id, turns)

    async def recall(self, query: str, k: int) -> s.SearchResponse:
        return await self._client.search(self._user, query, k)

    async def context(self, query: str | None, max_memories: int, lang: str | None) -> s.ContextResponse:
        return await self._client.context(self._user, query, max_memories=max_memories, lang=lang)

    async def forget(self, memory_id: str) -> None:
        await self._client.forget(self._user, memory_id)

    async def forget_matching(self, request: str) -> s.ForgetResponse:
        return await self._client.forget_matching(self._user, request)

    async def _consented(self) -> bool:
        """As InProcessBackend: kept memories are not served to the model without memory consent."""
        return bool((await self._client.consent_state(self._user))["memory"])

    async def profile(self) -> s.MemoryPage:
        if not await self._consented():
            return s.MemoryPage(items=[], total=0, offset=0, limit=PROFILE_LIMIT)
        return await self._client.list_memories(self._user, status=[MemoryStatus.ACTIVE.value], limit=PROFILE_LIMIT)

    async def memory(self, memory_id: str) -> s.MemoryOut:
        if not await self._consented():
            raise NotFound(NO_CONSENT.format(memory_id))
        return await self._client.get(self._user, memory_id)
