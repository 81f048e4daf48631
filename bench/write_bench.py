"""`make bench-write`: end-to-end HTTP cost of capturing conversations, against a real uvicorn
process and the real stack: one 20-turn session p50/p95, a 1-turn capture p95, and sustained
ingest (turns/s) with several concurrent sessions, each on its own subject. The sessions are the
first 20 turns of LoCoMo sessions (text this code was not written for), every turn sent as a user
turn with its speaker, as `make bench-locomo` does.

Measured in the same run: the in-process floor (parse every turn and embed the session's
candidate texts in one batch, no store), and, with `--baseline-ref`, the same loads against the
API of an older commit (exported with `git archive` into a temporary directory, same stack, same
machine, same moment) so the table can report ratios on a noisy shared machine."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import secrets
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.latency_bench import load, percentiles, server_cpu_s, start_api
from bench.locomo_bench import DATA, sessions, turn_text

RESULTS = Path(__file__).resolve().parent / "results" / "write.json"
SESSION_TURNS = 20
TARGETS = {"session20_p95_ms": 150.0, "turn1_p95_ms": 30.0, "sustained_turns_per_s": 500.0}


def session_pool() -> list[list[dict[str, Any]]]:
    """Every LoCoMo session with at least 20 turns, cut to its first 20, as request turn lists."""
    pool = []
    for sample in json.loads(DATA.read_text()):
        for _, _, turns in sessions(sample["conversation"]):
            if len(turns) >= SESSION_TURNS:
                pool.append(
                    [
                        {"role": "user", "content": turn_text(t), "speaker": t["speaker"], "ref": t["dia_id"]}
                        for t in turns[:SESSION_TURNS]
                    ]
                )
    return pool


def measure(url: str, key: str, pool: list[list[dict[str, Any]]], args: argparse.Namespace, pid: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    run = secrets.token_hex(3)

    def headers(user: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {key}", "X-User-Id": f"write-{run}-{user}"}

    def session_request(i: int) -> tuple[str, str, dict[str, Any]]:
        return ("POST", "/v1/memories", {"session_id": f"s-{run}-{i}", "turns": pool[i % len(pool)]})

    # One 20-turn session at a time, all into one subject (it grows as a user's memory does).
    out["session20"] = asyncio.run(
        load(url, headers("one"), session_request, 1, min(args.sessions, len(pool)), args.seconds, pid)
    )
    print(f"  session20 {out['session20']}", flush=True)

    def turn_request(i: int) -> tuple[str, str, dict[str, Any]]:
        turn = pool[i % len(pool)][i % SESSION_TURNS]
        return ("POST", "/v1/memories", {"session_id": f"t-{run}-{i}", "turns": [turn]})

    out["turn1"] = asyncio.run(load(url, headers("turns"), turn_request, 1, args.turns, args.seconds, pid))
    print(f"  turn1 {out['turn1']}", flush=True)
    out["sustained"] = []
    for clients in args.concurrency:
        # Each client is its own subject (its own user), posting whole sessions back to back.
        async def many(clients: int = clients) -> list[dict[str, Any]]:
            offset = clients * 1000

            def shifted(i: int) -> tuple[str, str, dict[str, Any]]:
                return session_request(offset + i)

            per = max(2, args.sustained_sessions // clients)
            return list(
                await asyncio.gather(
                    *(load(url, headers(f"c{clients}-{c}"), shifted, 1, per, args.seconds) for c in range(clients))
                )
            )

        began, server = time.perf_counter(), server_cpu_s(pid)
        parts = asyncio.run(many())
        wall, server = time.perf_counter() - began, server_cpu_s(pid) - server
        done = sum(p["requests"] for p in parts)
        out["sustained"].append(
            {
                "clients": clients,
                "sessions": done,
                "errors": sum(p["errors"] for p in parts),
                "turns_per_s": round(done * SESSION_TURNS / wall, 1),
                "session_p95_ms": max(p["p95"] for p in parts),
                "server_cpu_ms_per_turn": round(server * 1000 / max(1, done * SESSION_TURNS), 2),
            }
        )
        print(f"  sustained {out['sustained'][-1]}", flush=True)
    return out


def in_process_floor(pool: list[list[dict[str, Any]]], limit: int) -> dict[str, Any]:
    """What no server can beat here: parse each turn and embed the session's texts in one batch."""
    import parsers
    from adapters.embeddings import SentenceTransformerEmbedder
    from mal.settings import Settings

    embedder = SentenceTransformerEmbedder(Settings().embeddings.model)
    embedder.embed_passages(["warm up"])
    parsers.parse("warm up", datetime.now(UTC))
    parse_ms, embed_ms, total = [], [], []
    for turns in pool[:limit]:
        started = time.perf_counter()
        facts = [f for t in turns for f in parsers.parse(t["content"], datetime.now(UTC), speaker=t["speaker"]).facts]
        middle = time.perf_counter()
        embedder.embed_passages(
            [f"{f.summary}\n{f.text}" if f.text and f.text != f.summary else f.summary for f in facts]
        )
        done = time.perf_counter()
        parse_ms.append((middle - started) * 1000)
        embed_ms.append((done - middle) * 1000)
        total.append((done - started) * 1000)
    return {
        "sessions": len(total),
        "parse_ms": percentiles(parse_ms),
        "embed_ms": percentiles(embed_ms),
        **{"total_ms": percentiles(total)},
    }


def export(ref: str) -> Path:
    """The API code of an older commit, for a same-run baseline (nothing in this checkout changes)."""
    target = Path(tempfile.mkdtemp(prefix="mal-write-baseline-"))
    archive = subprocess.run(["git", "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--sessions", type=int, default=40, help="20-turn sessions measured one at a time")
    parser.add_argument("--turns", type=int, default=200, help="1-turn captures measured one at a time")
    parser.add_argument("--sustained-sessions", type=int, default=48, help="sessions per concurrency level")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[4, 8])
    parser.add_argument("--seconds", type=float, default=60.0, help="time cap per measurement")
    parser.add_argument("--baseline-ref", default="", help="also measure the API of this git ref, same run")
    args = parser.parse_args()
    pool = session_pool()
    print(f"{len(pool)} LoCoMo sessions with >= {SESSION_TURNS} turns", flush=True)
    results: dict[str, Any] = {}
    runs = [("this", None)] + (
        [(f"baseline {args.baseline_ref}", export(args.baseline_ref))] if args.baseline_ref else []
    )
    for name, code in runs:
        key, tenant = "bench-" + secrets.token_hex(8), "bench-write-" + secrets.token_hex(3)
        process, url = start_api(key, tenant, args.workers, code_dir=code)
        try:
            results[name] = measure(url, key, pool, args, process.pid)
        finally:
            process.terminate()
            process.wait(timeout=30)
        r = results[name]
        print(
            f"[{name}] session20 p50={r['session20']['p50']:.1f} p95={r['session20']['p95']:.1f} ms; "
            f"turn1 p50={r['turn1']['p50']:.1f} p95={r['turn1']['p95']:.1f} ms; sustained "
            + ", ".join(f"{s['clients']} clients {s['turns_per_s']} turns/s" for s in r["sustained"]),
            flush=True,
        )
    results["floor"] = in_process_floor(pool, args.sessions)
    this = results["this"]
    best = max((s["turns_per_s"] for s in this["sustained"]), default=0.0)
    results["targets"] = [
        ("20-turn session p95 ms", TARGETS["session20_p95_ms"], this["session20"]["p95"]),
        ("1-turn capture p95 ms", TARGETS["turn1_p95_ms"], this["turn1"]["p95"]),
        ("sustained turns/s", TARGETS["sustained_turns_per_s"], best),
    ]
    results.update(
        {
            "command": "make bench-write" + (f" (--baseline-ref {args.baseline_ref})" if args.baseline_ref else ""),
            "workers": args.workers,
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "machine": f"{platform.node()} {platform.machine()}, {os.cpu_count()} cores; shared, load generator here",
        }
    )
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2))
    print("| target | goal | measured | met |\n| --- | --- | --- | --- |")
    for label, goal, got in results["targets"]:
        met = got >= goal if "turns/s" in label else got <= goal
        print(f"| {label} | {goal:g} | {got:g} | {'yes' if met else 'no'} |")
    print(json.dumps({"floor": results["floor"]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
