"""The MCP server inside the API process: streamable HTTP at /mcp, behind the same RequestGuard
as /v1 (bearer key checked before the body is read, rate limit, body cap), answering through the
REST route functions themselves with the Principal the guard authenticated."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any

import anyio.to_thread
from mcp.server.mcpserver import MCPServer
from mcp.server.transport_security import TransportSecuritySettings

from mal.api import routes
from mal.api import schemas as s
from mal.api.guard import PRINCIPAL_STATE
from mal.bootstrap import Container
from mal.errors import NotFound
from mal.identity import Principal
from mal.mcp_backend import NO_CONSENT, PROFILE_LIMIT
from mal.mcp_server import BACKEND
from mal.models import MemoryStatus
from mal.scope import SubjectScope, scope_for

__all__ = ["InProcessBackend", "McpEndpoint"]


class InProcessBackend:
    """One user inside the API process, through the REST routes' own functions (run in a worker
    thread: they block on the stores, as they do under FastAPI)."""

    def __init__(self, container: Container, principal: Principal, user_id: str | None) -> None:
        self._c, self._p, self._user = container, principal, user_id

    def _bind(self, p: Principal) -> SubjectScope:
        return scope_for(p, self._user, self._c.pepper)

    async def _agent_call(self, fn: Any, *args: Any) -> Any:
        self._p.require("agent")  # the scope every /v1/memories route requires
        return await anyio.to_thread.run_sync(lambda: fn(*args))

    async def remember(self, session_id: str, turns: list[dict[str, Any]]) -> s.CaptureResponse:
        body = s.CaptureBody(session_id=session_id, turns=[s.TurnIn(**t) for t in turns])
        result: s.CaptureResponse = await self._agent_call(routes.capture, body, self._p, self._bind, self._c)
        return result

    async def recall(self, query: str, k: int) -> s.SearchResponse:
        body = s.SearchBody(query=query, k=k)
        result: s.SearchResponse = await self._agent_call(routes.search, body, self._p, self._bind, self._c)
        return result

    async def context(self, query: str | None, max_memories: int, lang: str | None) -> s.ContextResponse:
        body = s.ContextBody.model_validate({"query": query, "max_memories": max_memories, "lang": lang})
        result: s.ContextResponse = await self._agent_call(routes.context, body, self._p, self._bind, self._c)
        return result

    async def forget(self, memory_id: str) -> None:
        await self._agent_call(routes.forget_one, memory_id, self._p, self._bind, self._c)

    async def forget_matching(self, request: str) -> s.ForgetResponse:
        body = s.ForgetBody(query=request)
        result: s.ForgetResponse = await self._agent_call(routes.forget_matching, body, self._p, self._bind, self._c)
        return result

    async def _consented(self) -> bool:
        """Memories kept after a revocation (keep_existing) are not injected: the resources read
        into the model's context answer as recall and context do."""
        self._p.require("agent")
        state = await anyio.to_thread.run_sync(lambda: self._c.consent.state(self._p, self._bind(self._p)))
        return state.memory

    async def profile(self) -> s.MemoryPage:
        if not await self._consented():
            return s.MemoryPage(items=[], total=0, offset=0, limit=PROFILE_LIMIT)
        page: s.MemoryPage = await self._agent_call(
            routes.list_memories, self._p, self._bind, self._c, [MemoryStatus.ACTIVE], None, 0, PROFILE_LIMIT
        )
        return page

    async def memory(self, memory_id: str) -> s.MemoryOut:
        if not await self._consented():
            raise NotFound(NO_CONSENT.format(memory_id))
        result: s.MemoryOut = await self._agent_call(routes.get_memory, memory_id, self._p, self._bind, self._c)
        return result


Scope = MutableMapping[str, Any]
Receive = Callable[[], Any]
Send = Callable[[MutableMapping[str, Any]], Any]


class McpEndpoint:
    """The ASGI endpoint mounted at /mcp: stateless streamable HTTP (every POST stands alone, so
    any API replica can answer it), JSON answers, the guard's Principal bound for the tools."""

    def __init__(self, server: MCPServer) -> None:
        self.server = server

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """For the app's lifespan. A session manager runs once only, so each start gets a new one
        (an app object may be started again, as tests do)."""
        # DNS-rebinding protection (a Host/Origin allow-list) is for servers without credentials;
        # every request here carries a bearer key, and the API runs under any host name.
        self.server.streamable_http_app(
            streamable_http_path="/mcp",
            stateless_http=True,
            json_response=True,
            transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        )
        async with self.server.session_manager.run():
            yield

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        principal = scope.get("state", {}).get(PRINCIPAL_STATE)
        if principal is None:  # the guard protects /mcp; without it nothing may run
            raise RuntimeError("/mcp reached without an authenticated principal")
        raw = next((v for k, v in scope["headers"] if k == b"x-user-id"), None)
        try:
            user = raw.decode("utf-8") if raw is not None else None
        except UnicodeDecodeError:
            user = ""  # subject_key refuses a blank id with a clear message when a tool needs it
        token = BACKEND.set(InProcessBackend(scope["app"].state.container, principal, user))
        try:
            await self.server.session_manager.handle_request(scope, receive, send)
        finally:
            BACKEND.reset(token)
