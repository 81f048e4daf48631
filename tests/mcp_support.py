"""Test support for the MCP server: the API on a real loopback port (uvicorn in a thread) and
MCP client sessions from the official SDK over streamable HTTP and over stdio (`python -m mal mcp`)."""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import uvicorn
from fastapi import FastAPI
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(app: FastAPI, startup_timeout_s: float = 120.0) -> Iterator[str]:
    """The app served by uvicorn on a free loopback port; yields its base URL."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + startup_timeout_s
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the API did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def http_client(base_url: str, key: str | None, user: str | None) -> Client:
    headers: dict[str, Any] = {}
    if key is not None:
        headers["Authorization"] = f"Bearer {key}"
    if user is not None:
        headers["X-User-Id"] = user.encode("utf-8")  # the API decodes UTF-8, as for REST
    http = httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(120.0))
    return Client(streamable_http_client(f"{base_url}/mcp", http_client=http), read_timeout_seconds=120.0)


def stdio_client(base_url: str, key: str, user: str) -> Client:
    env = {"MAL_URL": base_url, "MAL_API_KEY": key, "MAL_USER_ID": user, "PATH": "/usr/bin:/bin", "HOME": "/tmp"}
    params = StdioServerParameters(command=sys.executable, args=["-m", "mal", "mcp"], env=env, cwd=str(ROOT))
    return Client(params, read_timeout_seconds=120.0)


def structured(result: Any) -> dict[str, Any]:
    """A tool result's JSON (structured content when given, else the text block)."""
    assert not result.is_error, result.content
    if result.structured_content is not None:
        return dict(result.structured_content)
    return dict(json.loads(result.content[0].text))


def resource_json(result: Any) -> dict[str, Any]:
    return dict(json.loads(result.contents[0].text))
