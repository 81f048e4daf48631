"""`python -m bench.parser_loso`: leave-one-set-out scores of the parser, zh and en separately.

Each labelled set in turn is held out whole: the learned intent layer is refitted (and its
temperature recalibrated) on every other set, the slot tagger (parsers/slot_tagger.py) is retrained
on every other set too (its threshold chosen by `--slot-folds`-fold cross-validation on them), and
the held-out set is parsed with those models. `--no-tagger` scores the rules and intent layer alone. Rules
are shared by all folds, so for a rule change the honest estimate is its effect on a set it was not
written from (see docs/benchmarks.md, "Parser, fifth round"). `--committed` scores every set with
the committed artefact instead (in-sample for the sets it was trained on). Never reads a current
blind set (parsers.train refuses any blind name that is not retired).

    python -m bench.parser_loso [--committed] [--no-tagger] [--slot-folds 3] [--sets blind5,blind4] [--out PATH]

The retired blind sets (blind, blind3 ... blind18, blind20, blind21, blind22) are held out like any other set.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bench.parser_eval import evaluate
from parsers import intent_model, slot_tagger, slot_train, train

SHORT = {name: name.removeprefix("parser_").removesuffix(".jsonl") for name in train.TRAIN_SETS}


def _score(rows: list[dict[str, Any]]) -> dict[str, Any]:
    report = evaluate(rows)
    summary = report.as_dict()
    out: dict[str, Any] = {"n": summary["utterances"]}
    for lang in ("zh", "en", "mixed"):
        if s := summary["by_lang"].get(lang):
            out[lang] = {
                "n": s["utterances"],
                "intent": s["intent_accuracy"],
                "slot_p": s["slot_precision"],
                "slot_r": s["slot_recall"],
                "slot_f1": s["slot_f1"],
                "invented": s["invented_values"],
                "counts": [report.langs[lang].tp, report.langs[lang].fp, report.langs[lang].fn],
            }
    return out


def _micro(counts: list[list[int]]) -> dict[str, float]:
    """Slot P/R/F1 over every fact of every held-out set pooled (each slot counted once)."""
    tp, fp, fn = (sum(c[i] for c in counts) for i in range(3))
    p, r = tp / max(1, tp + fp), tp / max(1, tp + fn)
    return {"slot_p": round(p, 4), "slot_r": round(r, 4), "slot_f1": round(2 * p * r / max(1e-9, p + r), 4)}


def _tagger(rest: list[dict[str, Any]], tagger: bool, folds: int) -> slot_tagger.SlotModel | None:
    """The slot tagger trained without the held-out set (None: rules only)."""
    if not tagger:
        return None
    data = slot_train.examples(rest)  # the rules' output read with this fold's intent layer
    # folds 0: the committed threshold (chosen on every set, the held-out one included; saves the
    # inner cross-validation, ~3 trainings per fold)
    threshold = slot_train.choose_threshold(data, folds)["threshold"] if folds else slot_tagger.threshold()
    return slot_tagger.SlotModel(slot_train.fit(data), threshold)


def run(
    committed: bool = False, only: set[str] | None = None, tagger: bool = True, slot_folds: int = 3
) -> dict[str, Any]:
    sets = {SHORT[name]: train._rows((name,)) for name in train.TRAIN_SETS}
    results: dict[str, Any] = {}
    original = intent_model._model
    try:
        for held, rows in sets.items():
            if only and held not in only:
                continue
            slots: slot_tagger.SlotModel | None = slot_tagger._committed() if tagger else None
            if not committed:
                rest = [r for name, other in sets.items() if name != held for r in other]
                temperature = train.cross_validate(rest)["temperature"]
                model = train.fit_model(rest, temperature)[0]
                intent_model._model = lambda model=model: model  # type: ignore[assignment]
                slots = _tagger(rest, tagger, slot_folds)
            with slot_tagger.using(slots):
                results[held] = _score(rows)
            print(held, json.dumps(results[held], ensure_ascii=False), flush=True)
    finally:
        intent_model._model = original  # type: ignore[assignment]
    pooled: dict[str, Any] = {}
    for lang in ("zh", "en"):
        parts = [r[lang] for r in results.values() if lang in r]
        n = sum(p["n"] for p in parts)
        pooled[lang] = {
            "n": n,
            "intent": round(sum(p["intent"] * p["n"] for p in parts) / max(1, n), 4),
            "slot_f1_mean_of_sets": round(sum(p["slot_f1"] for p in parts) / max(1, len(parts)), 4),
            **_micro([p["counts"] for p in parts]),
            "invented": sum(p["invented"] for p in parts),
        }
    mode = "committed artefact" if committed else "leave one set out"
    return {"mode": mode, "tagger": tagger, "sets": results, "pooled": pooled}


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("--committed", action="store_true", help="score with the committed artefact (no refit)")
    args.add_argument("--no-tagger", action="store_true", help="rules and intent layer only")
    args.add_argument(
        "--slot-folds",
        type=int,
        default=3,
        help="folds choosing the tagger's threshold per fold (0: the committed one)",
    )
    args.add_argument("--sets", default="", help="comma-separated held-out sets (default: all)")
    args.add_argument("--out", type=Path, default=None, help="write the JSON report here")
    opts = args.parse_args(argv)
    only = {s.strip() for s in opts.sets.split(",") if s.strip()} or None
    report = run(opts.committed, only, not opts.no_tagger, opts.slot_folds)
    text = json.dumps(report, ensure_ascii=False, indent=2)
    print(text)
    if opts.out:
        opts.out.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
