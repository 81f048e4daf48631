"""Weaviate as a 3-node cluster (RF 3, async replication, QUORUM) loses no acknowledged write when
a node is SIGKILLed in the middle of a stream of captures and searches (issue #15).

    python -m bench.cluster_outage [--before 20] [--outage 40] [--after 20]

Starts its own 3-node cluster on loopback with infra/stack.py (node 1 on HTTP 8170 / gRPC 50170 /
cluster 7290-7293, nodes 2-3 on their standard extra ports, data in a temporary directory), runs the
API in-process against it and this checkout's Neo4j and S3, and streams captures (one new user per
capture, en and zh in turn) and searches from two threads. After `--before` seconds node 3 is killed
with SIGKILL; after `--outage` seconds it is started again; the stream goes on for `--after`
seconds. Then every capture answered 200 must be found by a search for its user. Prints JSON:
per phase (the phase a request began in) the request count, error rate and p50/p95 of searches and
captures; lost writes.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from infra.stack import Stack
from mal.settings import ApiKeyConfig, Settings

__all__ = ["run_outage"]

NODE1 = {"http_port": 8170, "grpc_port": 50170, "cluster_ports": (7290, 7291, 7292, 7293)}
FACTS = ("I prefer {w} tea", "我喜欢喝{w}茶")
WORDS = ("green", "black", "oolong", "jasmine", "mint", "ginger", "lemon", "rose")
ZH_WORDS = ("绿", "红", "乌龙", "茉莉花", "薄荷", "姜", "柠檬", "玫瑰")


@dataclass
class Stream:
    phase: str = "before"
    writes: list[tuple[str, str, float, int, list[str], str]] = field(default_factory=list)
    searches: list[tuple[str, float, int]] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)


def _cluster_settings(base: Settings, key: str) -> Settings:
    wv = base.weaviate.model_copy(update={**NODE1, "replication_factor": 3, "consistency_level": None})
    return base.model_copy(
        update={
            "weaviate": wv,
            "api_keys": [ApiKeyConfig(key=SecretStr(key), tenant="cluster-bench", scopes=["agent"])],
            "rate_limit_per_minute": 1_000_000,
        }
    )


def _writer(client: Any, headers: dict[str, str], stream: Stream) -> None:
    i = 0
    while not stream.stop.is_set():
        user = f"cl-{secrets.token_hex(5)}"
        lang = i % 2
        word = (WORDS if lang == 0 else ZH_WORDS)[i % len(WORDS)]
        text = FACTS[lang].format(w=word)
        phase, started = stream.phase, time.perf_counter()
        try:
            response = client.post(
                "/v1/memories",
                json={"session_id": "s", "turns": [{"role": "user", "content": text}]},
                headers={**headers, "X-User-Id": user},
            )
            status = response.status_code
            ids = [m["id"] for m in response.json().get("memories", [])] if status == 200 else []
        except Exception:  # a transport error counts as a failed capture
            status, ids = 599, []
        stream.writes.append((phase, user, time.perf_counter() - started, status, ids, text))
        i += 1


def _searcher(client: Any, headers: dict[str, str], stream: Stream) -> None:
    while not stream.stop.is_set():
        done = [w for w in stream.writes[-50:] if w[3] == 200]
        if not done:
            time.sleep(0.05)
            continue
        _, user, _, _, _, text = done[secrets.randbelow(len(done))]
        phase, started = stream.phase, time.perf_counter()
        try:
            status = client.post(
                "/v1/memories/search", json={"query": text, "k": 3}, headers={**headers, "X-User-Id": user}
            ).status_code
        except Exception:
            status = 599
        stream.searches.append((phase, time.perf_counter() - started, status))


MIN_EACH = 5  # acknowledged writes before the kill, searches during the outage
MAX_PHASE_S = 300.0


def _wait(at_least_s: float, enough: Any) -> None:
    """Sleep `at_least_s`, then on until `enough()` (at most MAX_PHASE_S in all)."""
    started = time.monotonic()
    time.sleep(at_least_s)
    while not enough() and time.monotonic() - started < MAX_PHASE_S:
        time.sleep(0.5)


def _summary(rows: list[tuple[float, int]]) -> dict[str, Any]:
    latencies = sorted(t for t, _ in rows)
    errors = sum(1 for _, s in rows if s != 200)
    if not rows:
        return {"n": 0}
    return {
        "n": len(rows),
        "error_rate": round(errors / len(rows), 4),
        "p50_ms": round(1000 * statistics.median(latencies), 1),
        "p95_ms": round(1000 * latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))], 1),
    }


def run_outage(before_s: float, outage_s: float, after_s: float, data_dir: Path | None = None) -> dict[str, Any]:
    from fastapi.testclient import TestClient

    from mal.api.app import create_app

    base = Settings()
    key = "cluster-bench-" + secrets.token_hex(8)
    settings = _cluster_settings(base, key)
    tmp = Path(data_dir or tempfile.mkdtemp(prefix="mal-cluster-"))
    stack = Stack(settings, tmp, weaviate_nodes=3)
    nodes = ["weaviate", "weaviate-2", "weaviate-3"]
    started = time.monotonic()
    stack.up(nodes)
    report: dict[str, Any] = {"cluster_start_s": round(time.monotonic() - started, 1)}
    stream = Stream()
    headers = {"Authorization": f"Bearer {key}"}
    try:
        with TestClient(create_app(settings), raise_server_exceptions=False) as client:
            container = client.app.state.container  # type: ignore[attr-defined]
            cfg = container.adapters.vectors._collection().config.get()
            report["replication"] = {
                "factor": cfg.replication_config.factor,
                "deletion": str(cfg.replication_config.deletion_strategy.value),
                "consistency": str(container.adapters.vectors._level.value),
            }
            threads = [
                threading.Thread(target=_writer, args=(client, headers, stream)),
                threading.Thread(target=_searcher, args=(client, headers, stream)),
            ]
            for t in threads:
                t.start()
            # At least `before_s`, and until a few writes were acknowledged (a loaded machine is slow).
            _wait(before_s, lambda: sum(1 for w in stream.writes if w[3] == 200) >= MIN_EACH)
            pid = stack.owned_pid("weaviate-3")
            assert pid is not None
            stream.phase = "outage"
            os.kill(pid, signal.SIGKILL)
            _wait(outage_s, lambda: sum(1 for p, _, _ in stream.searches if p == "outage") >= MIN_EACH)
            stream.phase = "restart"
            restart = time.monotonic()
            stack.start("weaviate-3")
            report["node_restart_s"] = round(time.monotonic() - restart, 1)
            stream.phase = "after"
            time.sleep(after_s)
            stream.stop.set()
            for t in threads:
                t.join()
            report.update(_verify(client, headers, stream))
    finally:
        stack.down(nodes)
    for phase in ("before", "outage", "restart", "after"):
        report[phase] = {
            "search": _summary([(t, s) for p, t, s in stream.searches if p == phase]),
            "capture": _summary([(t, s) for p, _, t, s, _, _ in stream.writes if p == phase]),
        }
    return report


def _verify(client: Any, headers: dict[str, str], stream: Stream) -> dict[str, Any]:
    """Every capture answered 200: a search for its user (after node 3 is back) returns its memories."""
    acked = [w for w in stream.writes if w[3] == 200 and w[4]]
    lost = []
    for _, user, _, _, ids, text in acked:
        found = client.post(
            "/v1/memories/search", json={"query": text, "k": 5}, headers={**headers, "X-User-Id": user}
        ).json()
        if not set(ids) <= {r["id"] for r in found.get("results", [])}:
            lost.append(user)
    return {"acknowledged_writes": len(acked), "lost_writes": len(lost), "lost_users": lost[:10]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=float, default=20)
    parser.add_argument("--outage", type=float, default=40)
    parser.add_argument("--after", type=float, default=20)
    parser.add_argument("--out", type=Path, default=None, help="also write the report here (JSON)")
    args = parser.parse_args()
    report = run_outage(args.before, args.outage, args.after)
    print(json.dumps(report, indent=2))
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
