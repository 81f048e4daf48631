"""`python -m bench.report`: markdown tables from bench/results/*.json, pasted into docs/benchmarks.md
so the numbers in the doc are the measured ones."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


def _load(name: str) -> dict[str, Any] | None:
    path = RESULTS / f"{name}.json"
    return json.loads(path.read_text()) if path.exists() else None


def parser_table(d: dict[str, Any]) -> str:
    lines = [
        "| set | utterances | intent accuracy | slot P | slot R | slot F1 | invented | parse p50 / p95 ms |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, s in d["sets"].items():
        lines.append(
            f"| {name} | {s['utterances']} | {s['intent_accuracy']:.3f} | {s['slot_precision']:.3f} | "
            f"{s['slot_recall']:.3f} | {s['slot_f1']:.3f} | {s['invented_values']} | "
            f"{s['latency_ms']['p50']:.2f} / {s['latency_ms']['p95']:.2f} |"
        )
    return "\n".join(lines) + f"\n\n`{d['command']}`, {d['date']}, {d['machine']}."


def locomo_table(d: dict[str, Any], mem0: dict[str, Any] | None) -> str:
    names = {
        "mal": "**this platform**",
        "bm25": "BM25 over raw turns",
        "dense": "dense MiniLM over raw turns",
        "rrf": "RRF(BM25, dense)",
    }
    lines = [
        "| system | R@1 | R@3 | R@5 | R@10 | multi-hop @5 | temporal @5 | open-domain @5 | single-hop @5 |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    rows = [(names[k], d["recall"][k], d["recall@5_by_category"][k]) for k in ("mal", "bm25", "dense", "rrf")]
    if mem0:
        rows.append(("mem0 (infer=False, dense only)", mem0["recall"], mem0["recall@5_by_category"]))
    for label, r, c in rows:
        lines.append(
            f"| {label} | {r['@1']:.3f} | {r['@3']:.3f} | {r['@5']:.3f} | {r['@10']:.3f} | "
            f"{c.get('multi-hop', 0):.3f} | {c.get('temporal', 0):.3f} | {c.get('open-domain', 0):.3f} | "
            f"{c.get('single-hop', 0):.3f} |"
        )
    return "\n".join(lines) + (
        f"\n\n{d['questions']} questions (categories 1-4 with valid evidence; "
        f"{d['skipped_no_valid_evidence']} skipped), {d['memories_written']} memories written. "
        f"`{d['command']}`, {d['date']}, {d['machine']}."
    )


def latency_table(d: dict[str, Any]) -> str:
    lines = [
        "| operation | clients | requests | p50 ms | p95 ms | p99 ms | req/s | embed / vector / graph ms (mean) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for op in ("search", "context", "write"):
        for r in d[op]:
            stages = r.get("stages_ms_mean")
            stage_text = f"{stages['embed']:.1f} / {stages['vector']:.1f} / {stages['graph']:.1f}" if stages else ""
            lines.append(
                f"| {op} | {r['clients']} | {r['requests']} | {r['p50']:.1f} | {r['p95']:.1f} | "
                f"{r['p99']:.1f} | {r['throughput_rps']:.1f} | {stage_text} |"
            )
    f = d["floor"]
    lines.append(
        f"\nIn-process floor over the same {f['items']} items: query embedding p50 {f['embed_ms']['p50']:.1f} ms, "
        f"brute-force dense scan p50 {f['dense_scan_ms']['p50']:.2f} ms, total p50 {f['total_ms']['p50']:.1f} / "
        f"p95 {f['total_ms']['p95']:.1f} ms. Highest search throughput with p95 < 100 ms: "
        f"{d['best_search_rps_with_p95_under_100ms']:.1f} req/s."
    )
    return "\n".join(lines) + f"\n\n`{d['command']}`, {d['date']}, {d['machine']}."


def decay_table(d: dict[str, Any]) -> str:
    lines = [
        "| run | seconds | per 10,000 memories | scanned | archived (by reason) |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, r in d["runs"].items():
        lines.append(
            f"| {name} | {r['seconds']:.1f} | {d['seconds_per_10k'][name]:.1f} s | {r['scanned']} | "
            f"{r['archived']} {r['archived_by_reason']} |"
        )
    return "\n".join(lines) + (
        f"\n\nReal run / dry-run baseline: {d['real_over_dry_ratio']}x; archiving costs "
        f"{d['archive_ms_per_memory']} ms per memory. `{d['command']}`, {d['date']}, {d['machine']}."
    )


def main() -> int:
    parts = {"parser": _load("parser"), "decay": _load("decay"), "locomo": _load("locomo"), "latency": _load("latency")}
    if parts["parser"] and "sets" in parts["parser"]:
        print("### parser\n\n" + parser_table(parts["parser"]) + "\n")
    if parts["decay"]:
        print("### decay\n\n" + decay_table(parts["decay"]) + "\n")
    if parts["locomo"]:
        print("### locomo\n\n" + locomo_table(parts["locomo"], _load("mem0")) + "\n")
    if parts["latency"]:
        print("### latency\n\n" + latency_table(parts["latency"]) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
