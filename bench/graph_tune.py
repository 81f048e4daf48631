"""Dev-split tuning for the graph stage (issue #12): recall@5/@10 of a few recipe variants on
already-ingested LoCoMo conversations, calling `Retriever.search` directly. Dev conversations
only (`--only`); never run it on the test split. `python -m bench.graph_tune --tenant T --only 0`."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict

from bench.ablation import recall
from bench.locomo_bench import CATEGORIES, DATA, evidence_ids, sessions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tenant", required=True)
    parser.add_argument("--only", default="0")
    parser.add_argument("--variants", default="{}", help='JSON: {"name": {recipe field: value}}')
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()

    from mal.bootstrap import build
    from mal.identity import subject_key
    from mal.recipes import RECIPES
    from mal.scope import SubjectScope
    from mal.settings import Settings

    container = build(Settings())
    data = json.loads(DATA.read_text())
    variants = {"default": {}, "graph": {"expand": True, "time_aware": True}, **json.loads(args.variants)}
    out: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    stage: dict[str, list[float]] = defaultdict(list)
    for index in (int(i) for i in args.only.split(",")):
        sample = data[index]
        known = {t["dia_id"] for _, _, turns in sessions(sample["conversation"]) for t in turns}
        scope = SubjectScope(
            args.tenant, subject_key(container.pepper, args.tenant, f"{sample['sample_id']}-{args.tenant}")
        )
        qas = [q for q in sample["qa"] if q.get("category") in CATEGORIES]
        for qa in qas[: args.limit or None]:
            evidence = evidence_ids(qa.get("evidence", []), known)
            if not evidence:
                continue
            for name, update in variants.items():
                cfg = RECIPES["default"].model_copy(update={"k": 10, **update})
                started = time.perf_counter()
                result = container.retriever.search(scope, qa["question"], k=10, config=cfg, touch=False)
                stage[f"{name} total"].append((time.perf_counter() - started) * 1000)
                if "expand" in result.timings_ms:
                    stage[f"{name} expand"].append(result.timings_ms["expand"])
                ranked = [h.memory.provenance for h in result.hits]
                for k in (5, 10):
                    out[name][f"@{k}"].append(recall(ranked, evidence, k))
                out[name][CATEGORIES[qa["category"]]].append(recall(ranked, evidence, 5))
    for name, cells in out.items():
        print(name, {key: round(statistics.fmean(v), 3) for key, v in cells.items()}, len(cells["@5"]))
    print(
        {
            key: {"p50": round(statistics.median(v), 1), "p95": round(sorted(v)[int(0.95 * (len(v) - 1))], 1)}
            for key, v in stage.items()
        }
    )
    container.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
