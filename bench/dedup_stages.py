"""`python -m bench.dedup_stages`: where the held-out misses of the retired pair sets die.

For each retired set (bench/dedup_train.py `TRAIN_SETS`), held out as `python -m bench.dedup_loso`
holds it out, every true duplicate the service rule kept apart and every near miss it merged is
put in one stage: no memory of a comparable kind, the cosine below the gate (SERVICE; for a pair in
two scripts CROSS, behind which the word rules alone merge), a named veto reason, or the model below
its threshold. Prints a count per stage and set, and with -v the rows.
Development use only (the retired sets are training data): the output is not committed.

    python -m bench.dedup_stages [--lang en] [-v] [--only SET] [--cache PATH]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from bench.dedup_bench import CROSS, SERVICE, e5
from bench.dedup_eval import Scored, prepare
from bench.dedup_loso import cached
from bench.dedup_train import TRAIN_SETS, Trained, decide, pairs, probabilities, tally, train
from mal import dedup, dedup_gate, dedup_model


def stage(s: Scored, trained: Trained, probs: dict[tuple[int, int], float], i: int) -> str:
    """The first stage that kept one of b's memories apart (a miss) or let it merge (a wrong)."""
    wrong = s.pair["label"] == "different"
    for j, (cos, old, new) in enumerate(s.nearest):
        if old is None:
            if not wrong:
                return "no-kind"
            continue
        if cos < SERVICE:  # a pair in two scripts merges down to CROSS when the word rules agree
            if dedup_gate.merges(old, new, cos, SERVICE, CROSS):
                if wrong:
                    return "cross-language agree"
                continue
            if not wrong:
                return "cosine"
            continue
        if dedup.agree(old, new):
            if wrong:
                return "agree"
            continue
        reason = dedup.veto_reason(old, new)
        if reason is not None:
            if not wrong:
                return f"veto:{reason}"
            continue
        p = probs.get((i, j), -1.0)
        cut = trained.threshold[dedup_model.group(dedup_model.features(old, new, cos))]
        if (p >= cut) == wrong:
            return f"model p={p:.2f}<{cut:.2f}" if not wrong else f"model p={p:.2f}>={cut:.2f}"
    return "?"


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--lang", default="en")
    args.add_argument("-v", dest="verbose", action="store_true")
    args.add_argument("--only", action="append", help="only these held-out sets (substring)")
    args.add_argument("--cache", type=Path, help="JSON file caching the e5 vectors (bench/dedup_loso.py)")
    opts = args.parse_args(argv)
    scored = prepare(pairs(), cached(e5(), opts.cache))
    total: Counter[str] = Counter()
    loso: dict[str, Counter[str]] = {}
    for name in TRAIN_SETS:
        if opts.only and not any(o in name for o in opts.only):
            continue
        inside = [s for s in scored if s.pair["set"] != name]
        held = [s for s in scored if s.pair["set"] == name]
        trained = train(inside)
        probs = probabilities(held, trained.model)
        for lang, row in tally(held, probs, trained.threshold, set(range(len(held)))).items():
            loso.setdefault(lang, Counter()).update(row)
        counts: Counter[str] = Counter()
        for i, s in enumerate(held):
            if s.pair.get("lang", "en") != opts.lang:
                continue
            merged = decide(s, probs, i, trained.threshold)
            if (s.pair["label"] == "same") == merged:
                continue
            tag = "WRONG" if merged else "miss"
            where = stage(s, trained, probs, i)
            key = where.split(" ")[0] if where.startswith("model") else where
            counts[f"{tag} {key}"] += 1
            if opts.verbose:
                print(f"  {tag:5} {where:28} {s.pair['a']} | {s.pair['b']}")
        total.update(counts)
        print(f"{name:28} " + ", ".join(f"{k} {v}" for k, v in counts.most_common()))
    for lang, row in sorted(loso.items()):
        print(f"held out {lang}: wrong {row['wrong']}/{row['different']} merged {row['merged']}/{row['same']}")
    print("all: " + ", ".join(f"{k} {v}" for k, v in total.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
