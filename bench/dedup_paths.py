"""`python -m bench.dedup_paths`: where the dedup rule decides, and how well its learned layer can tell.

Two diagnoses the plain scores cannot give, both aggregates only (no pair text is printed, so it is
safe to run on a frozen blind file):

1. **Error paths** (`--blind-file PATH`, or the retired training sets by default): for every wrong
   merge and every missed duplicate, which step of the service rule (mal/dedup.py `same_fact`) made
   the call - below the cosine gate, the word rules (`agree`), a hard veto (and which), or the
   learned decision in which threshold group (mal/dedup_model.py `group`: 0 pinned facts, 1 two
   episodes, 2 a fact and an episode; "second opinion keeps" when the first model would merge and
   the second keeps the pair apart, as the service decides) - counted per language and label.
2. **Separation** (training sets only): the learned decision is fitted on the rows the vetoes let
   through, which are nearly all restatements, so its thresholds rest on a handful of near misses.
   The near misses the vetoes stop are the only large sample of what a near miss looks like to the
   model. This prints the ROC AUC of the model's probability for those near misses against the
   restatements it decides, per language, and what a threshold at a quantile of the near misses'
   probabilities would cost in merged duplicates (in sample: a bound on the trade-off, not a score).

    python -m bench.dedup_paths [--blind-file PATH]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from bench.dedup_bench import CROSS, SERVICE, e5
from bench.dedup_eval import Scored, load, prepare
from bench.dedup_train import pairs
from mal import dedup, dedup_gate, dedup_model, dedup_variants
from mal.dedup_model import PairModel, features, group

QUANTILES = (0.5, 0.75, 0.9, 0.95, 0.99)
Step = tuple[str, float]  # (the step that decided one row, the model's probability or -1)


def steps(s: Scored, model: PairModel) -> Iterator[Step]:
    """The deciding step of each of b's memories against its nearest memory of a."""
    for cos, old, new in s.nearest:
        if old is None:
            yield "no memory to meet", -1.0
        elif cos < SERVICE and dedup_gate.merges(old, new, cos, SERVICE, CROSS):
            yield "word rules merge across languages", -1.0
        elif cos < SERVICE:
            yield "below the cosine gate", -1.0
        elif dedup.agree(old, new):
            yield "word rules merge", -1.0
        elif (reason := dedup.veto_reason(old, new)) is not None:
            yield f"veto {reason}", -1.0
        else:
            row = features(old, new, cos)
            # the service's decision (mal/dedup_model.py `merges`): the first model, then the
            # second opinion, which may keep apart a pair the first would merge
            combined = dedup_model.merges(*dedup_variants.read_alike(old, new), cos)
            verdict = "merges" if combined else "second opinion keeps" if model.merges(row) else "keeps"
            yield f"model group {group(row)} {verdict}", model.probability(row)


def merged(step: str) -> bool:
    return step.startswith("word rules merge") or step.endswith(" merges")


def error_paths(scored: list[Scored], model: PairModel) -> Counter[tuple[str, str, str]]:
    """(lang, label, step) over the rows of every pair the rule got wrong (as bench/dedup_eval.py
    counts a pair: a near miss is wrong when any row merged, a duplicate when not every row did)."""
    out: Counter[tuple[str, str, str]] = Counter()
    for s in scored:
        rows = [step for step, _ in steps(s, model)]
        if s.pair["label"] == "different":
            wrong = any(merged(r) for r in rows)
        else:
            wrong = not (rows and all(merged(r) for r in rows))
        if wrong:
            out.update((s.pair.get("lang", "en"), s.pair["label"], r) for r in rows)
    return out


def separation(scored: list[Scored], model: PairModel) -> dict[str, dict[str, object]]:
    """Per language: AUC of the model's probability, near misses the vetoes stop against the
    restatements the model decides, and the share of those restatements each quantile keeps."""
    from sklearn.metrics import roc_auc_score

    near: dict[str, list[float]] = defaultdict(list)
    same: dict[str, list[float]] = defaultdict(list)
    for s in scored:
        lang = s.pair.get("lang", "en")
        for cos, old, new in s.nearest:
            if old is None or cos < SERVICE or dedup.agree(old, new):
                continue
            p = model.probability(features(old, new, cos))
            vetoed = not dedup.veto(old, new)
            if vetoed and s.pair["label"] == "different":
                near[lang].append(p)
            elif not vetoed and s.pair["label"] == "same":
                same[lang].append(p)
    out: dict[str, dict[str, object]] = {}
    for lang in sorted(near.keys() & same.keys()):
        n, r = np.asarray(near[lang]), np.asarray(same[lang])
        auc = roc_auc_score([0] * len(n) + [1] * len(r), np.concatenate([n, r]))
        cuts = {q: float(np.quantile(n, q)) for q in QUANTILES}
        out[lang] = {
            "near misses": len(n),
            "restatements": len(r),
            "auc": round(float(auc), 3),
            "kept at quantile": {q: (round(c, 3), round(float((r >= c).mean()), 2)) for q, c in cuts.items()},
        }
    return out


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--blind-file", type=Path, help="diagnose a blind pair set (aggregates only)")
    opts = args.parse_args(argv)
    model = dedup_model.model()
    if model is None:
        print("no dedup model ships: nothing to diagnose", file=sys.stderr)
        return 1
    data = load(opts.blind_file) if opts.blind_file else pairs()
    print(f"embedding {len(data)} pairs ...", file=sys.stderr)
    scored = prepare(data, e5())
    print("rows of the pairs the rule got wrong, by deciding step:")
    for (lang, label, step), n in sorted(error_paths(scored, model).items()):
        print(f"  {lang:5} {label:9} {step:32} {n}")
    if opts.blind_file is None:
        print("learned decision: near misses the vetoes stop vs restatements it decides (in sample):")
        for lang, row in separation(scored, model).items():
            print(f"  {lang}: {row}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
