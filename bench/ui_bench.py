"""What the inspector's reads cost next to the list an agent already had, in the same run.

`python -m bench.ui_bench` (stack up): one subject with N memories captured from LoCoMo-free,
mixed Chinese/English turns (bench text, not the unit tests' sentences), then, interleaved and
repeated, `GET /v1/memories?limit=200` (the baseline), `GET /v1/subjects/memories?limit=200` (the
table: + weight now, rivals of disputed ones, decay policy) and `GET /v1/subjects/graph`, against a
real uvicorn. Medians and the ratio to the baseline; the machine is shared, so only ratios matter.
"""

from __future__ import annotations

import argparse
import json
import secrets
import statistics
import time

import httpx

from bench.latency_bench import start_api

ZH = ["我喜欢喝{}", "我住在{}", "我妈妈有{}", "预算{}以内", "我下周去{}出差"]
EN = ["I like {}", "I work as a {}", "My sister lives in {}", "I am allergic to {}", "I prefer {} for work"]
FILL_ZH = ["绿茶", "杭州", "糖尿病", "3000", "深圳", "咖啡", "成都", "高血压", "800", "西安"]
FILL_EN = ["jazz", "nurse", "Lisbon", "peanuts", "Rust", "hiking", "teacher", "Oslo", "shellfish", "Go"]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    key, tenant = "bench-" + secrets.token_hex(8), "bench-ui-" + secrets.token_hex(3)
    proc, base = start_api(key, tenant, workers=1)
    try:
        headers = {"Authorization": f"Bearer {key}", "X-User-Id": "ui-bench-" + secrets.token_hex(4)}
        with httpx.Client(base_url=base, headers=headers, timeout=300) as http:
            turns = [t.format(f) for t, f in zip(ZH * 2, FILL_ZH, strict=True)]
            turns += [t.format(f) for t, f in zip(EN * 2, FILL_EN, strict=True)]
            for i in range(0, len(turns), 5):
                body = {"session_id": f"s{i}", "turns": [{"role": "user", "content": t} for t in turns[i : i + 5]]}
                http.post("/v1/memories", json=body).raise_for_status()
            calls = {
                "GET /v1/memories (baseline)": "/v1/memories?limit=200",
                "GET /v1/subjects/memories": "/v1/subjects/memories?limit=200",
                "GET /v1/subjects/graph": "/v1/subjects/graph",
            }
            times: dict[str, list[float]] = {name: [] for name in calls}
            sizes = {}
            for _ in range(args.rounds):
                for name, path in calls.items():
                    started = time.perf_counter()
                    response = http.get(path)
                    times[name].append((time.perf_counter() - started) * 1000)
                    response.raise_for_status()
                    sizes[name] = len(response.json().get("items", response.json().get("quadruples", [])))
        base_ms = statistics.median(times["GET /v1/memories (baseline)"])
        report = {
            name: {
                "median_ms": round(statistics.median(t), 1),
                "ratio": round(statistics.median(t) / base_ms, 2),
                "rows": sizes[name],
            }
            for name, t in times.items()
        }
        print(json.dumps({"rounds": args.rounds, "turns": len(turns), "results": report}, ensure_ascii=False, indent=1))
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
