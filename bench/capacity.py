"""The measurements behind docs/deploy.md's sizing table (issue #15), on this machine's stack.

    python -m bench.capacity [--conversations 10] [--zh-subjects 10] [--tenants 200]

In-process service (the composition root) against this checkout's stack; CPU is counted for this
process plus the Neo4j and Weaviate processes the stack started (/proc), so "cost per request"
includes the stores. Parts:
1. captures: each LoCoMo conversation (English, text this code was not written for) captured
   session by session for one subject; Chinese subjects get the Chinese sentences of
   tests/data/parser_labelled.jsonl, 8 per capture. Memories per subject, per-capture wall time
   and CPU (all three processes), growth of data/neo4j per memory (store files and transaction
   logs; Community has no db.checkpoint, so some of it may still sit in the page cache).
2. searches: 5 per subject, wall time and CPU per search, en and zh separately.
3. tenants: `--tenants` small subjects (10 memories each, bulk vectors): Weaviate disk and RSS per
   tenant, then every tenant set INACTIVE (RSS after), then the first search of an inactive tenant
   (re-activation) against the next one (warm), as p50/p95.
Prints JSON and writes bench/results/capacity.json.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import statistics
import subprocess
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.latency_bench import percentiles
from bench.locomo_bench import DATA, sessions, turn_text
from infra.stack import ROOT, Stack
from mal.bootstrap import build
from mal.models import Memory
from mal.scope import SubjectScope
from mal.settings import Settings
from mal.writing import CaptureRequest

RESULTS = Path(__file__).resolve().parent / "results" / "capacity.json"
ZH = ROOT / "tests" / "data" / "parser_labelled.jsonl"


def _cpu_s(pid: int | None) -> float:
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int | None) -> float:
    if pid is None:
        return 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _du_mb(path: Path) -> float:
    out = subprocess.run(["du", "-sk", str(path)], capture_output=True, text=True, check=False).stdout
    return int(out.split()[0]) / 1024 if out else 0.0


class Meter:
    """CPU seconds of this process + the stack's Neo4j and Weaviate, around a block of work."""

    def __init__(self, stack: Stack) -> None:
        self.pids = [stack.owned_pid("neo4j"), stack.owned_pid("weaviate")]

    def cpu(self) -> float:
        return time.process_time() + sum(_cpu_s(p) for p in self.pids)


def _timed(meter: Meter, fn: Any) -> tuple[float, float, Any]:
    cpu, wall = meter.cpu(), time.perf_counter()
    result = fn()
    return 1000 * (time.perf_counter() - wall), 1000 * (meter.cpu() - cpu), result


def _memories(graph: Any, scope: SubjectScope) -> int:
    """Memories of the subject (every status). Not count_subject: that counts every node the
    subject owns (entities, audit and write events, fingerprints), about 6 per memory."""
    return int(graph.list_memories(scope.subject, None, None, 0, 1)[1])


def zh_captures(count: int) -> list[list[str]]:
    texts = [json.loads(line)["text"] for line in ZH.read_text().splitlines() if line.strip()]
    texts = [t for t in texts if any("\u4e00" <= ch <= "\u9fff" for ch in t)]
    return [texts[i : i + 8] for i in range(0, min(len(texts), 8 * count), 8)]


def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = Settings()
    stack = Stack(settings, ROOT / settings.data_dir)
    meter = Meter(stack)
    c = build(settings)
    c.ensure_schema()
    c.check_embedding_model()
    graph: Any = c.adapters.graph
    run_id = secrets.token_hex(3)
    neo_store = ROOT / settings.data_dir / "neo4j"
    neo_before = _du_mb(neo_store)
    report: dict[str, Any] = {"at": datetime.now(UTC).isoformat(timespec="seconds"), "cores": os.cpu_count()}

    # 1. captures
    subjects: dict[str, list[tuple[SubjectScope, list[str]]]] = {"en": [], "zh": []}
    capture: dict[str, list[tuple[float, float, int, int]]] = {"en": [], "zh": []}
    per_subject: dict[str, list[int]] = {"en": [], "zh": []}
    nodes: dict[str, list[int]] = {"en": [], "zh": []}  # every node of the subject (entities, audit, ...)
    conversations = json.loads(DATA.read_text())[: args.conversations]
    for n, sample in enumerate(conversations):
        scope = SubjectScope("capacity", f"cap-{run_id}-en-{n}")
        queries = []
        for number, _, turns in sessions(sample["conversation"]):
            body = [{"role": "user", "content": turn_text(t)} for t in turns]
            queries.extend(t for t in (turn_text(t) for t in turns[:2]) if t)
            wall, cpu, result = _timed(
                meter,
                lambda body=body, number=number, scope=scope: c.writer.capture(
                    scope,
                    CaptureRequest(session_id=f"s{number}", turns=body),  # type: ignore[arg-type]
                ),
            )
            capture["en"].append((wall, cpu, len(body), len(result.memories)))
        per_subject["en"].append(_memories(graph, scope))
        nodes["en"].append(graph.count_subject(scope.subject))
        subjects["en"].append((scope, queries[:5]))
    for n, texts in enumerate(zh_captures(args.zh_subjects * 3)):
        scope = SubjectScope("capacity", f"cap-{run_id}-zh-{n // 3}")
        body = [{"role": "user", "content": t} for t in texts]
        wall, cpu, result = _timed(
            meter,
            lambda body=body, n=n, scope=scope: c.writer.capture(
                scope,
                CaptureRequest(session_id=f"s{n}", turns=body),  # type: ignore[arg-type]
            ),
        )
        capture["zh"].append((wall, cpu, len(body), len(result.memories)))
        if n % 3 == 2:
            per_subject["zh"].append(_memories(graph, scope))
            nodes["zh"].append(graph.count_subject(scope.subject))
            subjects["zh"].append((scope, texts[:5]))
    memories = sum(sum(v) for v in per_subject.values())
    report["neo4j_store"] = {
        "memories_written": memories,
        "graph_nodes_written": sum(sum(v) for v in nodes.values()),
        "growth_mb": round(_du_mb(neo_store) - neo_before, 2),
    }
    report["neo4j_store"]["kb_per_memory"] = round(1024 * report["neo4j_store"]["growth_mb"] / max(1, memories), 2)
    for lang in ("en", "zh"):
        rows = capture[lang]
        turns = sum(r[2] for r in rows) or 1
        report[f"capture_{lang}"] = {
            "captures": len(rows),
            "turns": turns,
            "wall_ms": percentiles([r[0] for r in rows]),
            "cpu_ms_per_capture": round(statistics.fmean(r[1] for r in rows), 1),
            "cpu_ms_per_turn": round(sum(r[1] for r in rows) / turns, 2),
            "memories_per_subject": per_subject[lang],
            "graph_nodes_per_subject": nodes[lang],
        }

    # 2. searches
    for lang in ("en", "zh"):
        walls, cpus = [], []
        for scope, queries in subjects[lang]:
            for q in queries:
                wall, cpu, _ = _timed(meter, lambda scope=scope, q=q: c.retriever.search(scope, q[:200]))
                walls.append(wall)
                cpus.append(cpu)
        report[f"search_{lang}"] = {"n": len(walls), "wall_ms": percentiles(walls), "cpu_ms": percentiles(cpus)}

    # 3. tenants: disk and memory per tenant, deactivation, re-activation
    report["tenants"] = tenants(c, stack, settings, args.tenants, run_id)
    c.close()
    return report


def tenants(c: Any, stack: Stack, settings: Settings, count: int, run_id: str) -> dict[str, Any]:
    wv_pid = stack.owned_pid("weaviate")
    wv_dir = ROOT / settings.data_dir / "weaviate"
    rss0, disk0 = _rss_mb(wv_pid), _du_mb(wv_dir)
    now = datetime.now(UTC)
    names = [f"cap-{run_id}-t{i}" for i in range(count)]
    texts = [f"memory {j} of a small subject: likes item {j}" for j in range(10)]
    vectors = c.adapters.embedder.embed_passages(texts)
    for name in names:
        items = [
            (
                Memory(
                    id=secrets.token_hex(16),
                    kind="preference",
                    summary=t,
                    created_at=now,
                    updated_at=now,
                    last_reinforced=now,
                    last_accessed=now,
                ),
                v,
            )
            for t, v in zip(texts, vectors, strict=True)
        ]
        c.adapters.vectors.upsert_many(name, items)
    time.sleep(2)
    rss_active, disk_active = _rss_mb(wv_pid), _du_mb(wv_dir)
    started = time.perf_counter()
    for name in names:
        c.adapters.vectors.deactivate_subject(name)
    deactivate_ms = 1000 * (time.perf_counter() - started) / count
    time.sleep(2)
    rss_inactive, disk_inactive = _rss_mb(wv_pid), _du_mb(wv_dir)
    query = c.adapters.embedder.embed_query(["likes item 3"])[0]
    cold, warm = [], []
    for name in names[: min(count, 50)]:
        for bucket in (cold, warm):
            t = time.perf_counter()
            hits = c.adapters.vectors.search(name, "likes item 3", query, 5, 0.5, None)
            bucket.append(1000 * (time.perf_counter() - t))
            assert hits, name
    for name in names:
        c.adapters.vectors.erase_subject(name)
    return {
        "tenants": count,
        "memories_each": len(texts),
        "weaviate_rss_mb": {"before": round(rss0), "active": round(rss_active), "inactive": round(rss_inactive)},
        "weaviate_disk_mb": {
            "before": round(disk0, 1),
            "active": round(disk_active, 1),
            "inactive": round(disk_inactive, 1),
        },
        "rss_kb_per_active_tenant": round(1024 * (rss_active - rss0) / count, 1),
        "disk_kb_per_tenant": round(1024 * (disk_inactive - disk0) / count, 1),
        "deactivate_ms_per_tenant": round(deactivate_ms, 1),
        "search_inactive_tenant_ms": percentiles(cold),
        "search_warm_tenant_ms": percentiles(warm),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--conversations", type=int, default=10)
    parser.add_argument("--zh-subjects", type=int, default=10)
    parser.add_argument("--tenants", type=int, default=200)
    report = run(parser.parse_args())
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(json.dumps(report, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
