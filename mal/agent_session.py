"""The reference tutorial's "capture before stop" for agent sessions (seed 000, voice agents).

An agent session that exposes `get_history()` and `stop()` forgets everything once stopped, so
the history must be read first, captured, and only then the session stopped. Two rules from the
tutorial hold here: the order cannot be reversed (after `stop()` there is no history to read),
and a failed capture must never keep the session alive (it holds a paid RTC channel), so `stop()`
runs in `finally`. A failure is logged by its class only: an exception message may quote what the
user said, and the log is not a place for personal text (nor for the user id).
"""

from __future__ import annotations

import inspect
import logging
import uuid
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from mal.errors import StoreUnavailable

if TYPE_CHECKING:
    from mal.api.schemas import CaptureResponse
    from mal.client import MemoryClient
    from mal.client_async import AsyncMemoryClient

__all__ = ["AgentSession", "acapture_then_stop", "capture_then_stop", "history_turns"]

log = logging.getLogger("mal.client")


class AgentSession(Protocol):
    """What the helpers need of a session; `get_history`/`stop` may also be coroutines."""

    def get_history(self) -> Any: ...

    def stop(self) -> Any: ...


def history_turns(history: Any) -> list[dict[str, str]]:
    """role/content of each turn, nothing else: short-term history also carries turn numbers,
    timestamps and interruption flags, and the less is stored the less can leak (seed 000).
    Accepts a list of dicts or objects, or an object holding them in `.contents`."""
    items = getattr(history, "contents", history)
    if items is None or isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        return []
    turns = []
    for item in items:
        role = item.get("role") if isinstance(item, dict) else getattr(item, "role", None)
        content = item.get("content") if isinstance(item, dict) else getattr(item, "content", None)
        if isinstance(role, str) and isinstance(content, str) and content.strip():
            turns.append({"role": role, "content": content})
    return turns


def _session_id(session: Any, given: str | None) -> str:
    found = given or getattr(session, "session_id", None) or getattr(session, "id", None)
    return str(found) if found else uuid.uuid4().hex


def _log_failure(exc: Exception, turns: int) -> None:
    where = f", store {exc.store}" if isinstance(exc, StoreUnavailable) else ""
    log.warning(
        "capture before stop failed (%s%s, %d turns); stopping the session anyway", type(exc).__name__, where, turns
    )


def capture_then_stop(
    session: AgentSession, client: MemoryClient, user_id: str, session_id: str | None = None, **fields: Any
) -> CaptureResponse | None:
    """Read the history, capture it, stop the session (always). Returns the capture's answer, or
    None when there was nothing to capture or the capture failed (logged)."""
    captured = None
    turns: list[dict[str, str]] = []
    try:
        turns = history_turns(session.get_history())
        if turns:
            captured = client.write(user_id, _session_id(session, session_id), turns, **fields)
    except Exception as exc:  # the session must stop whatever went wrong
        _log_failure(exc, len(turns))
    finally:
        session.stop()
    return captured


async def _maybe_await(value: Any) -> Any:
    return await value if inspect.isawaitable(value) else value


async def acapture_then_stop(
    session: AgentSession, client: AsyncMemoryClient, user_id: str, session_id: str | None = None, **fields: Any
) -> CaptureResponse | None:
    """The async variant: the same order and guarantees; the session's methods may be sync or async."""
    captured = None
    turns: list[dict[str, str]] = []
    try:
        turns = history_turns(await _maybe_await(session.get_history()))
        if turns:
            captured = await client.write(user_id, _session_id(session, session_id), turns, **fields)
    except Exception as exc:  # the session must stop whatever went wrong
        _log_failure(exc, len(turns))
    finally:
        await _maybe_await(session.stop())
    return captured
