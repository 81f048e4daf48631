"""The retrieval ablation, reusable by any benchmark (LoCoMo today, a Chinese multi-session set next):
the same questions through the same `Retriever.search` with one stage switched on at a time, and
recall@k per recipe, per category and per split, as one table.

A benchmark supplies `search(recipe, subject_scope, question) -> [provenance of each hit]` (the
real search path, run against the real stores) and its questions; this module owns the recipes and
the arithmetic, so every benchmark's ablation means the same thing.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mal.recipes import RECIPES, SearchRecipe

__all__ = ["ABLATION_KS", "Question", "ablation_recipes", "markdown", "merge", "recall", "run_ablation"]

ABLATION_KS = (1, 3, 5, 10)


@dataclass(frozen=True)
class Question:
    text: str
    evidence: tuple[str, ...]  # provenance refs that answer it
    category: str
    split: str  # "dev" (weights may be fitted here) or "test" (never tuned on)
    owner: Any  # what the benchmark's search needs to find the subject (its scope)


def ablation_recipes(base: SearchRecipe | None = None, k: int = 10) -> dict[str, SearchRecipe]:
    """Vector only, + BM25, + graph expansion, + time: each row adds one stage to the one before.
    The graph settings (seeds, weights) come from `base` (the `graph` preset) so the ablation
    measures the shipped stage."""
    base = (base or RECIPES["graph"]).model_copy(update={"k": k})
    off = {"bm25": False, "expand": False, "time_aware": False}
    return {
        "vector only": base.model_copy(update=off),
        "+ BM25": base.model_copy(update={**off, "bm25": True}),
        "+ graph expansion": base.model_copy(update={**off, "bm25": True, "expand": True}),
        "+ time": base.model_copy(update={"bm25": True, "expand": True, "time_aware": True}),
    }


def recall(ranked: Sequence[Sequence[str]], evidence: Iterable[str], k: int) -> float:
    """Share of the evidence turns covered by the top-k hits' provenance."""
    wanted = set(evidence)
    covered = set().union(*ranked[:k]) if ranked[:k] else set()
    return len(covered & wanted) / len(wanted) if wanted else 0.0


def run_ablation(
    search: Callable[[SearchRecipe, Question], list[list[str]]],
    questions: Sequence[Question],
    recipes: dict[str, SearchRecipe],
    ks: Sequence[int] = ABLATION_KS,
    timings: dict[str, list[float]] | None = None,
) -> dict[str, Any]:
    """{recipe: {split: {"recall": {"@k": r}, "recall@5_by_category": {cat: r}, "questions": n}}},
    with split "all" besides each question's own split."""
    cells: dict[str, dict[str, dict[str, list[float]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for question in questions:
        for name, recipe in recipes.items():
            ranked = search(recipe, question)
            for split in ("all", question.split):
                for k in ks:
                    cells[name][split][f"@{k}"].append(recall(ranked, question.evidence, k))
                cells[name][split][f"cat:{question.category}"].append(recall(ranked, question.evidence, 5))
    out: dict[str, Any] = {}
    for name, splits in cells.items():
        out[name] = {}
        for split, values in splits.items():
            out[name][split] = {
                "questions": len(values[f"@{ks[0]}"]),
                "recall": {key: round(statistics.fmean(v), 4) for key, v in values.items() if key.startswith("@")},
                "recall@5_by_category": {
                    key[4:]: round(statistics.fmean(v), 4)
                    for key, v in sorted(values.items())
                    if key.startswith("cat:")
                },
                "questions_by_category": {k[4:]: len(v) for k, v in sorted(values.items()) if k.startswith("cat:")},
            }
    if timings is not None:
        out["_timings"] = {name: _percentiles(v) for name, v in timings.items() if v}
    return out


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"p50": round(statistics.median(ordered), 2), "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2)}


def markdown(result: dict[str, Any], split: str, categories: Sequence[str]) -> str:
    """One markdown table: a row per recipe, R@1/3/5/10 and recall@5 per category."""
    head = "| recipe | R@1 | R@3 | R@5 | R@10 | " + " | ".join(f"{c} @5" for c in categories) + " |"
    lines = [head, "| " + " | ".join(["---"] * (5 + len(categories))) + " |"]
    for name, splits in result.items():
        if name.startswith("_") or split not in splits:
            continue
        cell = splits[split]
        r, by_cat = cell["recall"], cell["recall@5_by_category"]
        lines.append(
            f"| {name} | "
            + " | ".join(f"{r.get(f'@{k}', float('nan')):.3f}" for k in ABLATION_KS)
            + " | "
            + " | ".join(f"{by_cat[c]:.3f}" if c in by_cat else "-" for c in categories)
            + " |"
        )
    return "\n".join(lines)


def merge(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One ablation result from several runs over disjoint questions (e.g. one process per group of
    conversations): every mean re-weighted by its question count."""
    out: dict[str, Any] = {}
    for name in [n for n in parts[0] if not n.startswith("_")]:
        out[name] = {}
        for split in sorted({s for p in parts for s in p.get(name, {})}):
            cells = [p[name][split] for p in parts if split in p.get(name, {})]
            total = sum(c["questions"] for c in cells)
            cats = sorted({c for cell in cells for c in cell["questions_by_category"]})

            def mean(cat: str, cells: list[dict[str, Any]] = cells) -> float:
                weights: list[tuple[float, int]] = [
                    (float(c["recall@5_by_category"][cat]), int(c["questions_by_category"][cat]))
                    for c in cells
                    if cat in c["questions_by_category"]
                ]
                return round(sum(r * n for r, n in weights) / sum(n for _, n in weights), 4)

            out[name][split] = {
                "questions": total,
                "recall": {
                    k: round(sum(c["recall"][k] * c["questions"] for c in cells) / total, 4) for k in cells[0]["recall"]
                },
                "recall@5_by_category": {cat: mean(cat) for cat in cats},
                "questions_by_category": {
                    cat: sum(c["questions_by_category"].get(cat, 0) for c in cells) for cat in cats
                },
            }
    return out
