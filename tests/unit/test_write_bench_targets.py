"""`make bench-write`'s targets table (issue #13): every row says whether the goal is met, by how
much it is missed (over for latencies, short for rates), which server stage limits it, and the
in-process floor of the same run."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

# Imported by name: bench/ is outside mypy's strict scope, and a static import would pull it in.
write_bench: Any = importlib.import_module("bench.write_bench")
TARGETS, targets = write_bench.TARGETS, write_bench.targets


def _stats(p95: float, stages: dict[str, float]) -> dict[str, Any]:
    return {"p50": p95 / 2, "p95": p95, "mean": p95 / 1.5, "stages_ms_mean": stages}


def _pct(p95: float) -> dict[str, float]:
    return {"p50": p95 / 2, "p95": p95, "mean": p95 / 1.5}


def test_rows_say_met_by_how_much_the_limiting_stage_and_the_floor() -> None:
    results = {
        "this": {
            "session20": _stats(600.0, {"parse": 40.0, "passage_encode": 400.0, "neo4j_insert": 60.0, "total": 500.0}),
            "turn1": _stats(25.0, {"parse": 2.0, "passage_encode": 12.0, "total": 20.0}),
            "sustained": [
                {"clients": 4, "turns_per_s": 40.0, "server_cpu_ms_per_turn": 30.0, "stages_ms_mean": {"rules": 1.0}},
                {"clients": 8, "turns_per_s": 50.0, "server_cpu_ms_per_turn": 31.0, "stages_ms_mean": {"rules": 2.0}},
            ],
        },
        "floor": {
            "total_ms": _pct(300.0),
            "parse_ms": _pct(30.0),
            "embed_ms": _pct(270.0),
            "turn_total_ms": _pct(14.0),
            "turn_parse_ms": _pct(2.0),
            "turn_embed_ms": _pct(12.0),
        },
        "archive": {
            "memories": 1000,
            "archived": 400,
            "memories_per_min": 5000.0,
            "scan_per_min": 40000.0,
            "archive_ms_per_memory": 20.0,
        },
    }
    rows = {r["target"].split(" (")[0]: r for r in targets(results, argparse.Namespace())}
    session = rows["20-turn session p95 ms"]
    assert (session["goal"], session["measured"], session["met"], session["by"]) == (150.0, 600.0, False, "4.0x over")
    assert session["limit"].startswith("passage_encode 400 ms (80%)") and "p95 300 ms" in session["floor"]
    turn = rows["1-turn capture p95 ms"]
    assert turn["met"] and turn["by"] == "-" and turn["limit"].startswith("passage_encode 12 ms")
    sustained = rows["sustained turns/s"]
    assert sustained["measured"] == 50.0 and sustained["by"] == "10.0x short" and "8 concurrent" in sustained["target"]
    assert "31 ms per turn" in sustained["limit"]
    archive = rows["archive: memories through a real decay run per min"]
    assert archive["goal"] == TARGETS["archive_per_min"] and archive["by"] == "2.0x short"
    assert "40000/min" in archive["floor"]
