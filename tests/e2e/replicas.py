"""The e2e suite against several API replicas: `MAL_E2E_REPLICAS=2 pytest tests/e2e` starts two
`mal serve` processes on their own ports against the same stores (this worktree's stack), with the
suite's keys, and the `client` fixture sends its requests to them in turn, so a write and the read
that checks it land on different processes. The replicas' base URLs are MAL_PORT + 40 + i.

Tests that reach into the in-process app (`client.app`: monkeypatching a store, a second app with
other settings) are skipped here: they test one process by construction."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from mal.settings import Settings

__all__ = ["ReplicaClient", "replica_count", "replicas", "single_process_only"]

ROOT = Path(__file__).resolve().parents[2]
FIRST_PORT_OFFSET = 40  # replica i listens on MAL_PORT + 40 + i
# Each replica loads the embedding model and the parser dictionaries before it is ready: on a
# loaded 2-core machine 300 s was not enough for two of them.
START_TIMEOUT_S = 900.0


def replica_count() -> int:
    return int(os.environ.get("MAL_E2E_REPLICAS", "0") or 0)


def single_process_only(reason: str) -> pytest.MarkDecorator:
    """Skip a test in replica mode when it cannot apply there, saying why (e.g. it starts, kills
    and restarts its own API process, so the replicas are never in its path)."""
    return pytest.mark.skipif(replica_count() > 0, reason=f"single-process only: {reason}")


class ReplicaClient:
    """httpx clients to each replica, used round-robin: the TestClient calls the suite makes."""

    def __init__(self, base_urls: list[str]) -> None:
        self.base_urls = base_urls
        self.replicas = len(base_urls)
        self._clients = [httpx.Client(base_url=url, timeout=120.0) for url in base_urls]
        self._next = itertools.cycle(range(len(self._clients)))
        self._lock = threading.Lock()

    @property
    def app(self) -> Any:
        pytest.skip("needs the in-process app (one process by construction)")

    def _pick(self) -> httpx.Client:
        with self._lock:
            return self._clients[next(self._next)]

    def request(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        return self._pick().request(method, url, **kwargs)

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("POST", url, **kwargs)

    def put(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("PUT", url, **kwargs)

    def patch(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("PATCH", url, **kwargs)

    def delete(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("DELETE", url, **kwargs)

    def close(self) -> None:
        for client in self._clients:
            client.close()


def _keys_json(settings: Settings) -> str:
    """Every field of every key (per-key PII policy, consent, rate limit, sources, ...), so a
    replica treats each key exactly as the in-process app does; the key itself unmasked."""
    return json.dumps(
        [{**k.model_dump(mode="json", exclude={"key"}), "key": k.key.get_secret_value()} for k in settings.api_keys]
    )


@contextmanager
def replicas(settings: Settings, count: int, log_dir: Path) -> Iterator[ReplicaClient]:
    """`count` `mal serve` processes with the suite's keys, ready, stopped (by their pid) afterwards."""
    log_dir.mkdir(parents=True, exist_ok=True)
    env = {
        **os.environ,
        "MAL_API_KEYS": _keys_json(settings),
        "MAL_RATE_LIMIT_PER_MINUTE": str(settings.rate_limit_per_minute),
    }
    processes: list[subprocess.Popen[bytes]] = []
    urls = []
    try:
        for i in range(count):
            port = settings.port + FIRST_PORT_OFFSET + i
            log = (log_dir / f"replica-{i}.log").open("wb")
            processes.append(
                subprocess.Popen(
                    [sys.executable, "-m", "mal", "serve", "--port", str(port)],
                    env={**env, "MAL_PORT": str(port)},
                    cwd=ROOT,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                )
            )
            urls.append(f"http://{settings.host}:{port}")
        _wait_ready(urls, processes, log_dir)
        client = ReplicaClient(urls)
        try:
            yield client
        finally:
            client.close()
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def _wait_ready(urls: list[str], processes: list[subprocess.Popen[bytes]], log_dir: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    pending = set(urls)
    while pending and time.monotonic() < deadline:
        for url, process in zip(urls, processes, strict=True):
            if process.poll() is not None:
                pytest.fail(f"replica {url} exited ({process.returncode}); see {log_dir}", pytrace=False)
            if url in pending:
                try:
                    if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                        pending.discard(url)
                except httpx.HTTPError:
                    pass
        time.sleep(0.5)
    if pending:
        pytest.fail(
            f"replicas not ready after {START_TIMEOUT_S:.0f} s: {sorted(pending)}; see {log_dir}", pytrace=False
        )
