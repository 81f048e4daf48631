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
TARGETS = {
    "session20_p95_ms": 150.0,
    "turn1_p95_ms": 30.0,
    "sustained_turns_per_s": 500.0,
    "archive_per_min": 10_000.0,
}


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
                # The clients run in one process: each part's CPU share is the whole generator's.
                "loadgen_cpu_share": max(p["loadgen_cpu_share"] for p in parts),
                "stages_ms_mean": _pooled_stages(parts),
            }
        )
        print(f"  sustained {out['sustained'][-1]}", flush=True)
    return out


def _pooled_stages(parts: list[dict[str, Any]]) -> dict[str, float]:
    """Stage means over several clients' captures, weighted by how many each made."""
    weights = {id(p): p["requests"] for p in parts if p.get("stages_ms_mean")}
    names = list(dict.fromkeys(k for p in parts for k in p.get("stages_ms_mean", {})))
    n = sum(weights.values()) or 1
    return {
        k: round(sum(p["stages_ms_mean"].get(k, 0.0) * weights[id(p)] for p in parts if id(p) in weights) / n, 2)
        for k in names
    }


def in_process_floor(pool: list[list[dict[str, Any]]], limit: int) -> dict[str, Any]:
    """What no server can beat here, with the configured encoder: parse each turn and embed the
    session's candidate texts in one batch (a 20-turn session), and the same for single turns."""
    import parsers
    from mal.bootstrap import make_embedder
    from mal.settings import Settings

    embedder = make_embedder(Settings())  # the configured model, as the service uses it
    embedder.embed_passages(["warm up"])
    parsers.parse("warm up", datetime.now(UTC))

    def one(turns: list[dict[str, Any]]) -> tuple[float, float]:
        started = time.perf_counter()
        facts = [f for t in turns for f in parsers.parse(t["content"], datetime.now(UTC), speaker=t["speaker"]).facts]
        middle = time.perf_counter()
        embedder.embed_passages(
            [f"{f.summary}\n{f.text}" if f.text and f.text != f.summary else f.summary for f in facts] or ["-"]
        )
        return (middle - started) * 1000, (time.perf_counter() - middle) * 1000

    sessions_ms = [one(turns) for turns in pool[:limit]]
    turns_ms = [one([pool[i % len(pool)][i % SESSION_TURNS]]) for i in range(min(100, 5 * limit))]
    return {
        "sessions": len(sessions_ms),
        "parse_ms": percentiles([p for p, _ in sessions_ms]),
        "embed_ms": percentiles([e for _, e in sessions_ms]),
        "total_ms": percentiles([p + e for p, e in sessions_ms]),
        "turn_parse_ms": percentiles([p for p, _ in turns_ms]),
        "turn_embed_ms": percentiles([e for _, e in turns_ms]),
        "turn_total_ms": percentiles([p + e for p, e in turns_ms]),
    }


def archive_phase(memories: int, code: Path | None) -> dict[str, Any]:
    """The decay bench's dry and real runs (`bench.decay_bench N`) against the same stack, for
    the archive target: memories through a real `mal decay run` per minute (the issue's measure,
    10,000 in 153 s = 3,900/min at the start), archived ones per minute, and the dry run's scan
    rate as this phase's floor (a real run cannot be faster than its own scan)."""
    from dotenv import dotenv_values

    env = {**{k: v for k, v in dotenv_values(".env").items() if v is not None}, **os.environ}
    if code:
        env["PYTHONPATH"] = str(code)
    subprocess.run(
        [sys.executable, "-m", "bench.decay_bench", str(memories)],
        check=True,
        cwd=code,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    result = json.loads(((code or Path.cwd()) / "bench" / "results" / f"decay_{memories}.json").read_text())
    runs = result["runs"]
    real, dry = runs["real_run"]["seconds"], runs["dry_run_baseline"]["seconds"]
    archived = runs["real_run"]["archived"]
    return {
        "memories": memories,
        "real_run_s": real,
        "dry_run_s": dry,
        "archived": archived,
        "memories_per_min": round(memories * 60 / real, 1),
        "archived_per_min": round(archived * 60 / real, 1) if isinstance(archived, int) else None,
        "scan_per_min": round(memories * 60 / max(dry, 1e-9), 1),
        "archive_ms_per_memory": result["archive_ms_per_memory"],
    }


def _limiting(stats: dict[str, Any]) -> str:
    """The largest server-side stage (mean ms, exclusive: stages add up to the total)."""
    stages = {k: v for k, v in (stats.get("stages_ms_mean") or {}).items() if k != "total"}
    if not stages:
        return "no stage timings (older API)"
    top = sorted(stages, key=lambda k: stages[k], reverse=True)[:3]
    total = stats["stages_ms_mean"].get("total") or sum(stages.values())
    return ", ".join(f"{k} {stages[k]:g} ms ({stages[k] / total:.0%})" for k in top) + f" of {total:g} ms server time"


def export(ref: str) -> Path:
    """The API code of an older commit, for a same-run baseline (nothing in this checkout changes)."""
    target = Path(tempfile.mkdtemp(prefix="mal-write-baseline-"))
    archive = subprocess.run(["git", "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def targets(results: dict[str, Any], args: argparse.Namespace) -> list[dict[str, Any]]:
    """The issue's write targets: goal, this run's value, met, by how much, the limiting stage and
    the in-process floor measured in the same run."""
    this, floor = results["this"], results["floor"]
    best = max(this["sustained"], key=lambda s: s["turns_per_s"], default=None)
    floor_rate = SESSION_TURNS * 1000 / max(floor["total_ms"]["mean"], 1e-9)
    rows = [
        {
            "target": "20-turn session p95 ms",
            "goal": TARGETS["session20_p95_ms"],
            "measured": this["session20"]["p95"],
            "limit": _limiting(this["session20"]),
            "floor": f"p95 {floor['total_ms']['p95']:g} ms (parse {floor['parse_ms']['p95']:g}, "
            f"passage encode {floor['embed_ms']['p95']:g})",
        },
        {
            "target": "1-turn capture p95 ms",
            "goal": TARGETS["turn1_p95_ms"],
            "measured": this["turn1"]["p95"],
            "limit": _limiting(this["turn1"]),
            "floor": f"p95 {floor['turn_total_ms']['p95']:g} ms (parse {floor['turn_parse_ms']['p95']:g}, "
            f"passage encode {floor['turn_embed_ms']['p95']:g})",
        },
        {
            "target": "sustained turns/s" + (f" ({best['clients']} concurrent sessions)" if best else ""),
            "goal": TARGETS["sustained_turns_per_s"],
            "measured": best["turns_per_s"] if best else 0.0,
            "limit": (
                f"server CPU {best['server_cpu_ms_per_turn']:g} ms per turn on 2 shared cores; " + _limiting(best)
                if best
                else "-"
            ),
            "floor": f"{floor_rate:.1f} turns/s (one thread: parse + encode of 20-turn sessions, no store)",
        },
    ]
    if "archive" in results:
        a = results["archive"]
        rows.append(
            {
                "target": "archive: memories through a real decay run per min",
                "goal": TARGETS["archive_per_min"],
                "measured": a["memories_per_min"],
                "limit": f"archiving {a['archive_ms_per_memory']:g} ms per archived memory "
                f"({a['archived']} of {a['memories']} archived; S3 round trips, stubs, audit)",
                "floor": f"{a['scan_per_min']:g}/min (the dry run's scan, same run)",
            }
        )
    for row in rows:
        higher = "turns/s" in row["target"] or "per min" in row["target"]
        got, goal = row["measured"], row["goal"]
        row["met"] = got >= goal if higher else got <= goal
        if row["met"]:
            row["by"] = "-"
        elif higher:
            row["by"] = f"{goal / got:.1f}x short" if got else "nothing measured"
        else:
            row["by"] = f"{got / goal:.1f}x over"
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--sessions", type=int, default=40, help="20-turn sessions measured one at a time")
    parser.add_argument("--turns", type=int, default=200, help="1-turn captures measured one at a time")
    parser.add_argument("--sustained-sessions", type=int, default=48, help="sessions per concurrency level")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[4, 8])
    parser.add_argument("--seconds", type=float, default=60.0, help="time cap per measurement")
    parser.add_argument("--archive", type=int, default=1500, help="memories for the archive phase (0: skip)")
    parser.add_argument("--baseline-ref", default="", help="also measure the API of this git ref, same run")
    parser.add_argument("--out", default="", help="results file name under bench/results (default write.json)")
    args = parser.parse_args()
    pool = session_pool()
    print(f"{len(pool)} LoCoMo sessions with >= {SESSION_TURNS} turns", flush=True)
    results: dict[str, Any] = {"load_before": os.getloadavg()}
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
    if args.archive:
        results["archive"] = archive_phase(args.archive, None)
        print(f"  archive {results['archive']}", flush=True)
    results["floor"] = in_process_floor(pool, args.sessions)
    results["targets"] = targets(results, args)
    results.update(
        {
            "command": "python -m bench.write_bench " + " ".join(a for a in sys.argv[1:] if not a.startswith("/")),
            "workers": args.workers,
            "load_after": os.getloadavg(),
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "machine": f"{platform.node()} {platform.machine()}, {os.cpu_count()} cores; shared, load generator here",
        }
    )
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.with_name(args.out or RESULTS.name).write_text(json.dumps(results, indent=2))
    print("| target | goal | measured | met | by | limiting stage | in-process floor (same run) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for row in results["targets"]:
        print(
            f"| {row['target']} | {row['goal']:g} | {row['measured']:g} | {'yes' if row['met'] else 'no'} "
            f"| {row['by']} | {row['limit']} | {row['floor']} |"
        )
    baseline = next((k for k in results if k.startswith("baseline")), None)
    if baseline:
        b, t = results[baseline], results["this"]
        print(f"\n| measurement | this branch | {baseline} | this / baseline |\n| --- | --- | --- | --- |")
        pairs = [("20-turn session p50 ms", "session20", "p50"), ("20-turn session p95 ms", "session20", "p95")]
        pairs += [("1-turn capture p50 ms", "turn1", "p50"), ("1-turn capture p95 ms", "turn1", "p95")]
        for label, part, q in pairs:
            print(f"| {label} | {t[part][q]:g} | {b[part][q]:g} | {t[part][q] / max(b[part][q], 1e-9):.2f} |")
        for ts, bs in zip(t["sustained"], b["sustained"], strict=False):
            ratio = ts["turns_per_s"] / max(bs["turns_per_s"], 1e-9)
            print(
                f"| sustained turns/s, {ts['clients']} sessions | {ts['turns_per_s']:g} ({ts['errors']} errors) | "
                f"{bs['turns_per_s']:g} ({bs['errors']} errors) | {ratio:.2f} |"
            )
    print(json.dumps({"floor": results["floor"], "load": [results["load_before"], results["load_after"]]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
