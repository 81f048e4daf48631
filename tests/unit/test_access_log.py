"""uvicorn's access log keeps no identifier a caller put in a path or a query (issue #14, red team):
checked on a real uvicorn server (fake stores) whose access log is captured."""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
import uvicorn

from mal.api.access_log import redact_path
from mal.api.app import create_app
from mal.clock import FixedClock
from tests.unit.fakes import T0, fake_container, fake_settings

LITERALS = {"v1", "memories", "search", "identity", "proposals", "accept", "ui", "vendor"}
UUID = "40e022db-2f44-5435-a70e-94b14a7867a4"


@pytest.mark.parametrize(
    ("path", "logged"),
    [
        (f"/v1/memories/{UUID}", f"/v1/memories/{UUID}"),
        ("/v1/memories/13812345678", "/v1/memories/[redacted]"),
        ("/v1/memories/zhang.san@example.com", "/v1/memories/[redacted]"),
        ("/v1/memories/mia", "/v1/memories/[redacted]"),  # a name is not a route literal
        ("/v1/memories/张三", "/v1/memories/[redacted]"),
        ("/v1/memories/search?q=13812345678&user=mia", "/v1/memories/search?q=[redacted]&user=[redacted]"),
        ("/v1/13812345678?13812345678=1", "/v1/[redacted]?[redacted]=[redacted]"),
        ("/ui/vendor/htmx.min.js", "/ui/vendor/htmx.min.js"),
        ("/v1/identity/proposals/" + "ab" * 32 + "/accept", "/v1/identity/proposals/" + "ab" * 32 + "/accept"),
    ],
)
def test_redact_path(path: str, logged: str) -> None:
    assert redact_path(path, LITERALS) == logged


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server() -> Iterator[str]:
    settings = fake_settings()
    app = create_app(settings, container_factory=lambda s: fake_container(settings, FixedClock(T0)), warm=False)
    port = _port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="info", lifespan="on"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert srv.started
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


def test_the_access_log_of_a_real_server_carries_no_identifier(server: str, caplog: pytest.LogCaptureFixture) -> None:
    headers = {"Authorization": "Bearer agent-key-0123456789", "X-User-Id": "mia"}
    with caplog.at_level(logging.INFO, logger="uvicorn.access"):
        r = httpx.get(f"{server}/v1/memories/13812345678?email=zhang.san@example.com", headers=headers)
        assert r.status_code in (400, 404)
        httpx.get(f"{server}/v1/memories/{UUID}", headers=headers)
        time.sleep(0.2)
    lines = [r.getMessage() for r in caplog.records if r.name == "uvicorn.access"]
    assert len(lines) == 2, lines
    assert not any("13812345678" in line or "zhang.san" in line for line in lines), lines
    assert "/v1/memories/[redacted]?email=[redacted]" in lines[0]
    assert UUID in lines[1]  # a well-formed id stays, for whoever reads the log
