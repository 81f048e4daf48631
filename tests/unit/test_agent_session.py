"""capture_then_stop (sync and async): history before stop, capture, stop always; failures logged
without personal text. The clients are the real ones over httpx mock transports."""

from __future__ import annotations

import asyncio
import json
import logging
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

from mal.client import AsyncMemoryClient, MemoryClient, acapture_then_stop, capture_then_stop

SECRET_TEXT = "我妈妈有高血压 and my PIN is 4321"
USER = "张三-user-77"
CAPTURED = {"memories": [], "questions": [], "forgotten": [], "recent_turns_kept": 2, "dropped_turns": 0}


class FakeSession:
    """Records the order of calls; `fail` names a method that raises."""

    def __init__(self, calls: list[str], history: Any = None, fail: str | None = None, session_id: str = "s-1"):
        self.calls, self.fail, self.session_id = calls, fail, session_id
        self.history = (
            history
            if history is not None
            else [
                {"role": "user", "content": SECRET_TEXT, "turn_id": 3, "interrupted": False},
                {"role": "assistant", "content": "好的，我记住了。"},
            ]
        )

    def get_history(self) -> Any:
        self.calls.append("get_history")
        if self.fail == "get_history":
            raise RuntimeError(f"history unavailable: {SECRET_TEXT}")
        return self.history

    def stop(self) -> None:
        self.calls.append("stop")


class AsyncFakeSession(FakeSession):
    async def get_history(self) -> Any:  # type: ignore[override]
        await asyncio.sleep(0)
        return FakeSession.get_history(self)

    async def stop(self) -> None:  # type: ignore[override]
        await asyncio.sleep(0)
        FakeSession.stop(self)


def _handler(calls: list[str], bodies: list[dict[str, Any]], status: int = 200) -> Any:
    def handle(request: httpx.Request) -> httpx.Response:
        calls.append("write")
        bodies.append({"body": json.loads(request.content), "user": request.headers["x-user-id"]})
        if status == 503:
            return httpx.Response(503, json={"error": "StoreUnavailable", "message": SECRET_TEXT, "store": "neo4j"})
        if status == 422:
            return httpx.Response(422, json={"error": "InvalidInput", "message": SECRET_TEXT, "field": "turns"})
        return httpx.Response(200, json=CAPTURED)

    return handle


def _sync_client(calls: list[str], bodies: list[dict[str, Any]], status: int = 200) -> MemoryClient:
    return MemoryClient("http://mal.test", "k", transport=httpx.MockTransport(_handler(calls, bodies, status)))


def _async_client(calls: list[str], bodies: list[dict[str, Any]], status: int = 200) -> AsyncMemoryClient:
    return AsyncMemoryClient("http://mal.test", "k", transport=httpx.MockTransport(_handler(calls, bodies, status)))


def test_history_is_read_captured_then_the_session_stops() -> None:
    calls: list[str] = []
    bodies: list[dict[str, Any]] = []
    result = capture_then_stop(FakeSession(calls), _sync_client(calls, bodies), USER)
    assert calls == ["get_history", "write", "stop"]
    assert result is not None and result.recent_turns_kept == 2
    sent = bodies[0]
    assert sent["user"] == USER
    assert sent["body"]["session_id"] == "s-1"
    # Only role and content leave the process: turn ids and interruption flags stay behind.
    assert sent["body"]["turns"] == [
        {"role": "user", "content": SECRET_TEXT},
        {"role": "assistant", "content": "好的，我记住了。"},
    ]


@pytest.mark.parametrize("status", [503, 422])
def test_a_failed_capture_still_stops_and_logs_no_personal_text(status: int, caplog: pytest.LogCaptureFixture) -> None:
    calls: list[str] = []
    caplog.set_level(logging.DEBUG, logger="mal.client")
    result = capture_then_stop(FakeSession(calls), _sync_client(calls, [], status), USER)
    assert result is None
    assert calls == ["get_history", "write", "stop"]
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "capture before stop failed" in logged
    assert ("store neo4j" in logged) == (status == 503)
    assert "高血压" not in logged and "4321" not in logged and USER not in logged
    assert all(r.exc_info is None for r in caplog.records)  # a traceback would carry the message


def test_a_failing_get_history_still_stops_and_writes_nothing(caplog: pytest.LogCaptureFixture) -> None:
    calls: list[str] = []
    caplog.set_level(logging.DEBUG, logger="mal.client")
    assert capture_then_stop(FakeSession(calls, fail="get_history"), _sync_client(calls, []), USER) is None
    assert calls == ["get_history", "stop"]
    assert "RuntimeError" in caplog.text and "高血压" not in caplog.text


def test_an_empty_history_stops_without_a_capture() -> None:
    calls: list[str] = []
    session = FakeSession(calls, history=SimpleNamespace(contents=[]))
    assert capture_then_stop(session, _sync_client(calls, []), USER) is None
    assert calls == ["get_history", "stop"]


def test_history_objects_in_contents_as_the_tutorial_reads_them() -> None:
    calls: list[str] = []
    bodies: list[dict[str, Any]] = []
    history = SimpleNamespace(
        contents=[
            SimpleNamespace(role="user", content="I prefer Python", timestamp=1),
            SimpleNamespace(role="user", content="   "),
            SimpleNamespace(role="assistant", content=None),
        ]
    )
    capture_then_stop(FakeSession(calls, history=history), _sync_client(calls, bodies), USER, session_id="voice-9")
    assert bodies[0]["body"]["turns"] == [{"role": "user", "content": "I prefer Python"}]
    assert bodies[0]["body"]["session_id"] == "voice-9"


@pytest.mark.parametrize("session_cls", [AsyncFakeSession, FakeSession])
def test_async_variant_keeps_the_order(session_cls: type[FakeSession]) -> None:
    calls: list[str] = []
    bodies: list[dict[str, Any]] = []

    async def run() -> Any:
        async with _async_client(calls, bodies) as client:
            return await acapture_then_stop(session_cls(calls), client, USER)

    result = asyncio.run(run())
    assert calls == ["get_history", "write", "stop"]
    assert result is not None and bodies[0]["body"]["turns"][0]["content"] == SECRET_TEXT


@pytest.mark.parametrize("fail", ["write", "get_history"])
def test_async_variant_stops_when_capture_fails(fail: str, caplog: pytest.LogCaptureFixture) -> None:
    calls: list[str] = []
    caplog.set_level(logging.DEBUG, logger="mal.client")

    async def run() -> Any:
        client = _async_client(calls, [], status=503)
        try:
            return await acapture_then_stop(
                AsyncFakeSession(calls, fail="get_history" if fail == "get_history" else None), client, USER
            )
        finally:
            await client.close()

    assert asyncio.run(run()) is None
    assert calls[-1] == "stop" and calls.count("stop") == 1
    assert ("write" in calls) == (fail == "write")
    assert "高血压" not in caplog.text and USER not in caplog.text


def test_a_failing_stop_is_not_swallowed() -> None:
    class Stuck(FakeSession):
        def stop(self) -> None:
            super().stop()
            raise RuntimeError("rtc channel still open")

    calls: list[str] = []
    with pytest.raises(RuntimeError, match="rtc channel"):
        capture_then_stop(Stuck(calls), _sync_client(calls, []), USER)
    assert calls == ["get_history", "write", "stop"]
