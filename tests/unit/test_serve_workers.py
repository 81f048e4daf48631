"""`mal serve --workers N` / `MAL_WORKERS` (issue #13): one worker runs the app built here; more
hand uvicorn the import string (each worker process builds its own app and encoder)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mal import cli


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, dict[str, Any]]]:
    import uvicorn

    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    monkeypatch.setenv("MAL_PEPPER", "p" * 32)
    monkeypatch.setenv("MAL_API_KEYS", json.dumps([{"key": "k" * 32, "tenant": "t", "scopes": ["agent"]}]))
    monkeypatch.delenv("MAL_WORKERS", raising=False)
    return calls


def test_one_worker_runs_the_app_built_in_process(
    started: list[tuple[Any, dict[str, Any]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    import mal.api.app

    monkeypatch.setattr(mal.api.app, "create_app", lambda settings: "app-object")
    cli.serve(host="127.0.0.1", port=8123, workers=None)
    assert started[0][0] == "app-object" and "workers" not in started[0][1]
    assert (started[0][1]["host"], started[0][1]["port"]) == ("127.0.0.1", 8123)


def test_several_workers_get_the_import_string(
    started: list[tuple[Any, dict[str, Any]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    cli.serve(host="127.0.0.1", port=8123, workers=2)
    assert started[0][0] == "mal.api.main:app" and started[0][1]["workers"] == 2
    started.clear()
    monkeypatch.setenv("MAL_WORKERS", "3")
    cli.serve(host="127.0.0.1", port=8123, workers=None)
    assert started[0][0] == "mal.api.main:app" and started[0][1]["workers"] == 3
