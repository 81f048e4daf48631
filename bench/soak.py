"""Soak: a bounded mixed load on loopback against a fresh `mal serve` process and the local stack.

    python -m bench.soak --seconds 600 --workers 4          # `make soak`

Mix: 70% reads (search and context, half each), 25% captures, 5% forgets (of memories this run
captured). The population of subjects grows through the run (new subjects join every few seconds),
half of them talk Chinese, half English. English turns are LoCoMo dialogue (locomo10.json, public);
Chinese turns are the zh sentences of the parser's labelled sets (tests/data). Reported per
minute: requests, p50/p95 (ms), errors (any 5xx, unexpected 4xx, or no answer); per process (API,
Neo4j, Weaviate, S3): resident memory at the start and the end. The run fails (exit code 1) on
any error or when a process's resident memory grew by more than `--rss-growth-mb` (512 MiB).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import secrets
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from bench.faults import _free_port, wait_api_ready
from infra.stack import Stack
from mal.settings import Settings

__all__ = ["main"]

ROOT = Path(__file__).resolve().parent.parent
LOCOMO = Path(os.environ.get("MAL_LOCOMO", "/work/shared/bench/locomo10.json"))
CJK = re.compile(r"[\u4e00-\u9fff]")


def _texts() -> tuple[list[str], list[str]]:
    en = [
        turn["text"]
        for sample in json.loads(LOCOMO.read_text())
        for key, session in sample["conversation"].items()
        if key.startswith("session_") and isinstance(session, list)
        for turn in session
        if 20 <= len(turn.get("text", "")) <= 400
    ]
    zh = []
    for name in ("parser_labelled.jsonl", "parser_dev2.jsonl", "parser_heldout.jsonl"):
        for line in (ROOT / "tests" / "data" / name).read_text().splitlines():
            text = json.loads(line)["text"] if line.strip() else ""
            if CJK.search(text):
                zh.append(text)
    return en, zh


def _rss_kb(pid: int) -> int:
    """Resident memory of a process and its children (the Neo4j launcher forks the JVM)."""
    total, seen, todo = 0, set(), [pid]
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        try:
            status = Path(f"/proc/{p}/status").read_text()
            total += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
            children = Path(f"/proc/{p}/task/{p}/children").read_text().split()
            todo += [int(c) for c in children]
        except (OSError, AttributeError):
            continue
    return total


class Soak:
    def __init__(self, settings: Settings, seconds: int, workers: int, seed: int, rss_growth_mb: int = 512) -> None:
        self.settings, self.seconds, self.workers = settings, seconds, workers
        self.rss_growth_mb = rss_growth_mb
        self.rng = random.Random(seed)
        self.en, self.zh = _texts()
        self.key = "soak-" + secrets.token_hex(16)
        self.port = _free_port()
        self.api: subprocess.Popen[bytes] | None = None
        self.users: list[tuple[str, str]] = []  # (user, lang)
        self.captured: dict[str, set[str]] = {}
        self.samples: list[tuple[float, str, float, bool]] = []  # (t, op, seconds, ok)
        self.errors: list[str] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.started = 0.0

    def start_api(self) -> None:
        env = {
            **os.environ,
            "MAL_API_KEYS": json.dumps([{"key": self.key, "tenant": "soak", "scopes": ["agent"]}]),
            "MAL_RATE_LIMIT_PER_MINUTE": "1000000",
            "MAL_LOG_LEVEL": "WARNING",
        }
        log = (self.settings.data_dir / "logs" / "soak-api.log").open("ab")
        self.api = subprocess.Popen(
            [sys.executable, "-m", "mal", "serve", "--port", str(self.port)],
            env=env,
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_api_ready(self.port, 900, "soak API did not become ready")

    def rss(self) -> dict[str, int]:
        stack = Stack(self.settings, self.settings.data_dir)
        pids = {name: stack.owned_pid(name) for name in ("neo4j", "weaviate", "s3")}
        pids["api"] = self.api.pid if self.api else None
        return {name: round(_rss_kb(pid) / 1024) if pid else -1 for name, pid in pids.items()}

    def grow(self) -> None:
        """10 subjects at the start, one more every 3 s: the population grows the whole run."""
        while not self.stop.is_set():
            with self.lock:
                n = len(self.users)
                if n < 10 or (time.monotonic() - self.started) / 3 > n - 10:
                    self.users.append((f"soak-{secrets.token_hex(4)}-{n}", "zh" if n % 2 else "en"))
            time.sleep(0.2)

    def turn(self, lang: str) -> str:
        return self.rng.choice(self.zh if lang == "zh" else self.en)

    def one(self, client: httpx.Client) -> None:
        with self.lock:
            user, lang = self.rng.choice(self.users)
            mine = sorted(self.captured.get(user, set()))
        headers = {"Authorization": f"Bearer {self.key}", "X-User-Id": user}
        roll = self.rng.random()
        if roll < 0.35:
            op, call = (
                "search",
                lambda: client.post("/v1/memories/search", json={"query": self.turn(lang)}, headers=headers),
            )
        elif roll < 0.70:
            op, call = "context", lambda: client.post("/v1/context", json={"query": self.turn(lang)}, headers=headers)
        elif roll < 0.95 or not mine:
            turns = [{"role": "user", "content": self.turn(lang)} for _ in range(self.rng.randint(1, 3))]
            body = {"session_id": "s-" + secrets.token_hex(3), "turns": turns}
            op, call = "capture", lambda: client.post("/v1/memories", json=body, headers=headers)
        else:
            memory_id = self.rng.choice(mine)
            # Claimed before the call: two workers forgetting one memory would make the second a
            # (correct) 404 that the run would count as an error of the service.
            with self.lock:
                if memory_id not in self.captured[user]:
                    return
                self.captured[user].discard(memory_id)
            op, call = "forget", lambda: client.delete(f"/v1/memories/{memory_id}", headers=headers)
        started = time.monotonic()
        try:
            response = call()
            ok = response.status_code < 400
            if not ok:
                self.errors.append(f"{op} {response.status_code} {response.text[:200]}")
            elif op == "capture":
                # A set: a restated fact reinforces an existing memory and answers with its id again.
                # Memories a capture itself forgot ("forget that ...") are no longer to be forgotten.
                answer = response.json()
                with self.lock:
                    mine_now = self.captured.setdefault(user, set())
                    mine_now.update(m["id"] for m in answer["memories"] if m["action"] != "forgotten")
                    mine_now.difference_update(answer.get("forgotten", []))
        except (httpx.HTTPError, ValueError) as exc:
            ok = False
            self.errors.append(f"{op} {type(exc).__name__}")
        with self.lock:
            self.samples.append((started - self.started, op, time.monotonic() - started, ok))

    def worker(self) -> None:
        with httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=120) as client:
            while not self.stop.is_set():
                self.one(client)

    def run(self) -> dict[str, Any]:
        self.start_api()
        rss_start = self.rss()
        self.started = time.monotonic()
        threads = [threading.Thread(target=self.grow, daemon=True)]
        threads += [threading.Thread(target=self.worker, daemon=True) for _ in range(self.workers)]
        for t in threads:
            t.start()
        # The 1-minute load average at the end of each minute: the machine is shared, so the
        # latencies are only readable next to what else was running.
        load = [os.getloadavg()[0]]
        while (left := self.started + self.seconds - time.monotonic()) > 0:
            time.sleep(min(60.0, left))
            load.append(os.getloadavg()[0])
        self.stop.set()
        for t in threads:
            t.join(timeout=180)
        rss_end = self.rss()
        return {
            "seconds": self.seconds,
            "workers": self.workers,
            "subjects_at_end": len(self.users),
            "requests": len(self.samples),
            "errors": len(self.errors),
            "error_examples": self.errors[:10],
            "per_minute": _per_minute(self.samples),
            "per_op": _per_op(self.samples),
            "rss_mb_start": rss_start,
            "rss_mb_end": rss_end,
            "rss_growth_bound_mb": self.rss_growth_mb,
            "rss_over_bound": _over_bound(rss_start, rss_end, self.rss_growth_mb),
            "load_average_1m": [round(x, 1) for x in load],
        }

    def close(self) -> None:
        if self.api is not None and self.api.poll() is None:
            os.killpg(self.api.pid, signal.SIGTERM)
            try:
                self.api.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.api.pid, signal.SIGKILL)


def _over_bound(start: dict[str, int], end: dict[str, int], bound_mb: int) -> dict[str, int]:
    """Processes whose resident memory grew by more than the stated bound (MiB) over the run.

    A fixed bound per process rather than a ratio: the JVM starts far below its configured heap and
    page cache, so a ratio would flag its normal warm-up while a leak in the small API process
    would pass.
    """
    return {name: end[name] - start[name] for name in start if end.get(name, -1) - start[name] > bound_mb}


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return round(1000 * values[min(len(values) - 1, int(q * len(values)))], 1) if values else 0.0


def _per_minute(samples: list[tuple[float, str, float, bool]]) -> list[dict[str, Any]]:
    rows = []
    for minute in range(int(max((s[0] for s in samples), default=0) // 60) + 1):
        inside = [s for s in samples if minute * 60 <= s[0] < (minute + 1) * 60]
        took = [s[2] for s in inside]
        errors = sum(1 for s in inside if not s[3])
        rows.append(
            {
                "minute": minute + 1,
                "requests": len(inside),
                "p50_ms": _pct(took, 0.5),
                "p95_ms": _pct(took, 0.95),
                "error_rate": round(errors / len(inside), 4) if inside else 0.0,
            }
        )
    return rows


def _per_op(samples: list[tuple[float, str, float, bool]]) -> dict[str, dict[str, Any]]:
    out = {}
    for op in sorted({s[1] for s in samples}):
        took = [s[2] for s in samples if s[1] == op]
        out[op] = {"n": len(took), "p50_ms": _pct(took, 0.5), "p95_ms": _pct(took, 0.95)}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=600)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument(
        "--rss-growth-mb", type=int, default=512, help="largest RSS growth of any process allowed (MiB)"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "soak.json")
    args = parser.parse_args(argv)
    soak = Soak(Settings(), args.seconds, args.workers, args.seed, args.rss_growth_mb)
    try:
        report = soak.run()
    finally:
        soak.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    print(json.dumps(report, indent=1, ensure_ascii=False))
    return 0 if report["errors"] == 0 and not report["rss_over_bound"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
