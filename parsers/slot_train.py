"""`python -m parsers.slot_train`: fit the slot tagger (parsers/slot_tagger.py) on every labelled set.

Training spans come from aligning each labelled verbatim value with the turn's text (the text the
rules read, shorthand spelt out); a value that is not a whole-token substring is left untagged, and
normalised slots (dates, amounts, diet, age, polarity, relative) are never tagged. The rules' output
on each turn (the parser run without the tagger) is a feature, as at parse time. The acceptance
threshold is chosen by 5-fold cross-validation (folds by position, no shuffling): the least
probability at which the spans the combination rule would apply out of fold are right at least
`PRECISION` of the time. Deterministic (L-BFGS on fixed data in file order), so the committed
artefact is rebuilt byte-for-byte (tests/unit/test_slot_tagger.py). Current blind sets are refused
by parsers.train._rows.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from parsers import slot_tagger
from parsers.slot_features import Token, features, span_tag, tokens, value_tokens

__all__ = ["Example", "align", "examples", "fit", "train"]

NOW = datetime(2024, 6, 14, 10, 0)  # the labelled sets' session time (docs/parser_labels.md)
PARAMS = {"c1": 0.05, "c2": 0.05, "max_iterations": 60, "feature.possible_transitions": True}
PRECISION = 0.75  # out-of-fold precision the applied spans must reach (precision first; see docs/benchmarks.md)
GRID = tuple(round(0.3 + 0.05 * i, 2) for i in range(14))  # 0.30 ... 0.95
FOLDS = 5
_OUT_OF_SCOPE = {"request", "smalltalk", "correction", "forget_request"}


@dataclass
class Example:
    text: str  # what the rules and the tagger read
    lang: str
    gold: list[tuple[str, str]]  # (tag, value) of the labels
    rules: list[tuple[str, float, dict[str, Any], list[Any]]]  # the rules' facts
    in_scope: bool  # the parser reaches its facts (not a request, chat or correction)
    xseq: list[list[str]]
    yseq: list[str]


def align(text: str, toks: list[Token], gold: list[tuple[str, str]]) -> list[str]:
    """BIO tags for the tokens: each labelled value at its first free whole-token occurrence."""
    tags = ["O"] * len(toks)
    taken: set[int] = set()
    for tag, value in sorted(gold, key=lambda g: -len(g[1])):  # longer values first: "type 2 diabetes"
        idx = value_tokens(toks, text, value, taken)
        for k, i in enumerate(idx or ()):
            tags[i] = ("B-" if k == 0 else "I-") + tag
            taken.add(i)
    return tags


def _gold(row: dict[str, Any]) -> list[tuple[str, str]]:
    facts = [(row["intent"], row.get("slots") or {})] + [
        (m["intent"], m.get("slots") or {}) for m in row.get("more") or []
    ]
    return [p for intent, slots in facts for p in span_tag(intent, dict(slots))]


def examples(rows: list[dict[str, Any]]) -> list[Example]:
    """Each row with its rule facts (the parser with the tagger switched off) and its features."""
    import parsers
    from parsers.shorthand import normalise
    from parsers.truecase import recase

    out: list[Example] = []
    with slot_tagger.using(None):
        for row in rows:
            said = row["text"].strip()
            text = recase(normalise(said))  # what parsers.parse reads
            result = parsers.parse(said, NOW)
            rules: list[slot_tagger.Match] = [
                (f.kind, f.confidence, dict(f.slots), []) for f in result.facts if f.kind != "episode"
            ]
            toks = tokens(text)
            gold = _gold(row)
            xseq = features(text, toks, [p for m in rules for p in span_tag(m[0], m[2])])
            in_scope = result.intent not in _OUT_OF_SCOPE and result.correction is None
            out.append(Example(text, result.lang, gold, rules, in_scope, xseq, align(text, toks, gold)))
    return out


def fit(data: list[Example]) -> bytes:
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for ex in data:
        if ex.xseq:
            trainer.append(ex.xseq, ex.yseq)
            # the same turn without the rules' output: where no rule fired, the tagger must read the
            # words themselves, or it only learns to copy the rules
            trainer.append([[f for f in x if not f.startswith("r")] for x in ex.xseq], ex.yseq)
    trainer.set_params(PARAMS)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "model.crfsuite"
        trainer.train(str(path))
        return path.read_bytes()


def applied(model: slot_tagger.SlotModel, ex: Example) -> list[tuple[float, bool]]:
    """(probability, right) of every span the combination rule applies to one turn."""
    if not ex.in_scope:
        return []
    log: list[slot_tagger.Span] = []
    rules = [(k, c, dict(s), e) for k, c, s, e in ex.rules]
    slot_tagger.slot_facts(ex.text, ex.lang, rules, model=model, log=log)
    gold = {(t, v.lower()) for t, v in ex.gold}
    return [(s.prob, (s.tag, s.value.lower()) in gold) for s in log]


def choose_threshold(data: list[Example], folds: int = FOLDS) -> dict[str, Any]:
    outcomes: list[tuple[float, bool]] = []
    for k in range(folds):
        model = slot_tagger.SlotModel(fit([ex for i, ex in enumerate(data) if i % folds != k]), 0.0)
        outcomes += [o for i, ex in enumerate(data) if i % folds == k for o in applied(model, ex)]
    threshold, table = GRID[-1], {}
    for t in GRID:
        kept = [right for p, right in outcomes if p >= t]
        table[f"{t:.2f}"] = {"applied": len(kept), "right": sum(kept)}
    for t in GRID:
        cell = table[f"{t:.2f}"]
        if cell["applied"] and cell["right"] / cell["applied"] >= PRECISION:
            threshold = t
            break
    return {"threshold": threshold, "cv_applied_by_threshold": table}


def train(rows: list[dict[str, Any]] | None = None, out: Path | None = None) -> dict[str, Any]:
    """Fit on `rows` (default: every training set), write the artefact when `out` is given."""
    from parsers.train import _rows

    data = examples(rows if rows is not None else _rows())
    cv = choose_threshold(data)
    model = fit(data)
    meta = {
        "rows": len(data),
        "threshold": cv["threshold"],
        "params": PARAMS,
        "cv": cv["cv_applied_by_threshold"],
        "sha256": hashlib.sha256(model).hexdigest(),
    }
    if out is not None:
        out.write_bytes(model)
        out.with_suffix(".json").write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n")
    return {"model": model, **meta}


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("--out", type=Path, default=slot_tagger.ARTEFACT)
    args.add_argument("--check", action="store_true", help="rebuild in memory; exit 1 unless it is the committed one")
    opts = args.parse_args(argv)
    report = train(out=None if opts.check else opts.out)
    model = report.pop("model")
    if opts.check:
        same = model == slot_tagger.ARTEFACT.read_bytes()
        print("identical to the committed artefact" if same else "DIFFERS from the committed artefact")
        return 0 if same else 1
    print(json.dumps(report, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
