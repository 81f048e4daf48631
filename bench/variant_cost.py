"""What lossless reinforcement (mal/variants.py) costs a capture, on the real stack.

A reinforcement that adds a variant re-words the memory's Weaviate object at the capture's flush
(one PATCH, `WeaviateVectorStore.update_text`, stage `weaviate_retext`); one whose words the memory
already holds sends nothing more than before. Measured here, on one subject per pair, in-process
(no HTTP): a 1-turn capture that reinforces with a new wording against one that restates known
words, and the bare PATCH. Merges are forced (`dedup_gate.merges`), so the numbers are about the
write, not the detector. Prints JSON; writes nothing under bench/results.

    python -m infra.stack with -- python -m bench.variant_cost --pairs 60
"""

from __future__ import annotations

import argparse
import json
import secrets
import statistics
import time
from typing import Any

from mal import dedup_gate
from mal.bootstrap import build
from mal.scope import SubjectScope
from mal.settings import Settings
from mal.writing import CaptureRequest

PLACES = ("market", "library", "harbour", "museum", "bakery", "station")


def _pct(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "p50": round(statistics.median(ordered), 2),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
        "n": len(ordered),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=60)
    args = parser.parse_args()
    dedup_gate.merges = lambda *a, **k: True  # type: ignore[assignment]  # every compared pair merges
    c = build(Settings())
    c.ensure_schema()
    c.check_embedding_model()
    tenant = "bench-variants-" + secrets.token_hex(3)
    timings: dict[str, list[float]] = {"new_wording_total": [], "known_words_total": [], "retext_stage": []}
    patch_ms: list[float] = []
    subjects: list[SubjectScope] = []

    def capture(scope: SubjectScope, session: str, text: str) -> Any:
        request = CaptureRequest(session_id=session, turns=[{"role": "user", "content": text}])  # type: ignore[list-item]
        return c.writer.capture(scope, request)

    try:
        for i in range(args.pairs):
            scope = SubjectScope(tenant, secrets.token_hex(32))
            subjects.append(scope)
            place = PLACES[i % len(PLACES)]
            first = capture(scope, "s0", f"I walked to the {place} this morning")
            memory_id = first.memories[0].memory.id
            known = capture(scope, "s1", f"I walked to the {place} this morning")  # same words: no variant
            new = capture(scope, "s2", f"I walked to the {place} this morning with my neighbour")
            assert new.memories[0].action == "reinforced" and known.memories[0].action == "reinforced"
            timings["known_words_total"].append(known.timings_ms["total"])
            timings["new_wording_total"].append(new.timings_ms["total"])
            timings["retext_stage"].append(new.timings_ms["weaviate_retext"])
            stored = c.adapters.graph.get(scope.subject, memory_id)
            assert stored is not None and stored.variants
            began = time.perf_counter()
            c.adapters.vectors.update_text(scope.subject, stored)
            patch_ms.append((time.perf_counter() - began) * 1000)
        out = {k: _pct(v) for k, v in timings.items()} | {"bare_patch": _pct(patch_ms)}
        print(json.dumps(out, indent=1))
    finally:
        for scope in subjects:
            c.forgetter.erase(scope)
        c.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
