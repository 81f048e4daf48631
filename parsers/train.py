"""`python -m parsers.train`: fit the intent classifier on every labelled development set.

Deterministic (lbfgs on fixed data in file order, folds by position, no shuffling), so the committed artefact can be
rebuilt byte-for-byte-equivalent at setup. The retired blind sets (first blind scores recorded) are
development data; a current blind set is never read (`_rows` refuses it). Prints 5-fold
cross-validated accuracy and calibration (expected calibration error) of the probabilities the
parser uses as confidence, so the numbers are not the training fit; the logits are divided by the
temperature that minimises out-of-fold log loss (temperature scaling), stored with the weights.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from parsers.intent_model import ARTEFACT, NGRAMS, WORD_NGRAMS, WORD_PATTERN, IntentModel

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
# Every labelled set, the retired blind sets included (their first blind scores are recorded in
# docs/benchmarks.md; they are development data now). A current blind set is never read: any name
# with "blind23" or later is refused by `_rows` (blind19 was never kept; blind20, blind21 and blind22 are
# retired).
TRAIN_SETS = (
    "parser_labelled.jsonl",
    "parser_heldout.jsonl",
    "parser_dev2.jsonl",
    "parser_dev3.jsonl",
    "parser_dev4.jsonl",
    "parser_blind.jsonl",
    "parser_blind3.jsonl",
    "parser_blind4.jsonl",
    "parser_blind5.jsonl",
    "parser_blind6.jsonl",
    "parser_blind7.jsonl",
    "parser_blind8.jsonl",
    "parser_blind9.jsonl",
    "parser_blind10.jsonl",
    "parser_blind11.jsonl",
    "parser_blind12.jsonl",
    "parser_blind13.jsonl",
    "parser_blind14.jsonl",
    "parser_blind15.jsonl",
    "parser_blind16.jsonl",
    "parser_blind17.jsonl",
    "parser_blind18.jsonl",
    "parser_blind20.jsonl",
    "parser_blind21.jsonl",
    "parser_blind22.jsonl",
)
RETIRED = (
    "parser_blind.jsonl",
    "parser_blind3.jsonl",
    "parser_blind4.jsonl",
    "parser_blind5.jsonl",
    "parser_blind6.jsonl",
    "parser_blind7.jsonl",
    "parser_blind8.jsonl",
    "parser_blind9.jsonl",
    "parser_blind10.jsonl",
    "parser_blind11.jsonl",
    "parser_blind12.jsonl",
    "parser_blind13.jsonl",
    "parser_blind14.jsonl",
    "parser_blind15.jsonl",
    "parser_blind16.jsonl",
    "parser_blind17.jsonl",
    "parser_blind18.jsonl",
    "parser_blind20.jsonl",
    "parser_blind21.jsonl",
    "parser_blind22.jsonl",
)
C = 8.0  # inverse regularisation, chosen by the cross-validation below on the development sets
MAX_FEATURES = 12000
# Seventh round, chosen by leave-one-set-out (each set roughly one writer; docs/benchmarks.md,
# "Parser, seventh round: intent"): English word 1-2-grams as a second block, and classes weighted
# inversely to their frequency (held-out accuracy of the classifier alone rose on both languages).
WORD_FEATURES = True
CLASS_WEIGHT: str | None = "balanced"


def _rows(names: tuple[str, ...] = TRAIN_SETS) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for name in names:
        path = DATA / name
        if ("blind" in name and name not in RETIRED) or not path.exists():
            continue
        rows += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return rows


class _Features:
    """The character block, and the word block beside it when WORD_FEATURES (each l2-normalised,
    as IntentModel.scores reads them)."""

    def __init__(self) -> None:
        from sklearn.feature_extraction.text import TfidfVectorizer

        self.char = TfidfVectorizer(
            analyzer="char_wb", ngram_range=NGRAMS, min_df=2, sublinear_tf=True, max_features=MAX_FEATURES
        )
        self.word = (
            TfidfVectorizer(
                analyzer="word", ngram_range=WORD_NGRAMS, min_df=2, sublinear_tf=True, token_pattern=WORD_PATTERN
            )
            if WORD_FEATURES
            else None
        )

    def fit_transform(self, texts: list[str]) -> Any:
        import scipy.sparse as sp

        blocks = [self.char.fit_transform(texts)] + ([self.word.fit_transform(texts)] if self.word else [])
        return sp.hstack(blocks).tocsr()

    def transform(self, texts: list[str]) -> Any:
        import scipy.sparse as sp

        blocks = [self.char.transform(texts)] + ([self.word.transform(texts)] if self.word else [])
        return sp.hstack(blocks).tocsr()


def _fit(texts: list[str], labels: list[str]) -> tuple[Any, Any]:
    from sklearn.linear_model import LogisticRegression

    vec = _Features()
    x = vec.fit_transform(texts)
    clf = LogisticRegression(C=C, max_iter=3000, class_weight=CLASS_WEIGHT)
    clf.fit(x, labels)
    return vec, clf


def _ece(probs: list[float], hits: list[bool], bins: int = 10) -> float:
    total, err = len(probs), 0.0
    for b in range(bins):
        members = [i for i, p in enumerate(probs) if b / bins < p <= (b + 1) / bins or (b == 0 and p == 0)]
        if members:
            conf = sum(probs[i] for i in members) / len(members)
            acc = sum(hits[i] for i in members) / len(members)
            err += len(members) / total * abs(conf - acc)
    return err


def _softmax(logits: Any, temperature: float) -> Any:
    z = logits / temperature
    z = np.exp(z - z.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def cross_validate(rows: list[dict[str, Any]], folds: int = 5) -> dict[str, float]:
    """Out-of-fold logits -> accuracy, and the temperature that calibrates them (least NLL)."""
    texts, labels = [r["text"] for r in rows], [r["intent"] for r in rows]
    logits, gold = [], []
    for k in range(folds):
        train = [i for i in range(len(rows)) if i % folds != k]
        test = [i for i in range(len(rows)) if i % folds == k]
        vec, clf = _fit([texts[i] for i in train], [labels[i] for i in train])
        z = clf.decision_function(vec.transform([texts[i] for i in test]))
        classes = list(clf.classes_)
        for row, i in zip(z, test, strict=True):
            logits.append(row)
            gold.append(classes.index(labels[i]) if labels[i] in classes else -1)
    z_all, y = np.array(logits), np.array(gold)

    def nll(t: float) -> float:
        p = _softmax(z_all, t)
        return float(-np.mean(np.log(np.clip(p[np.arange(len(y)), np.maximum(y, 0)], 1e-12, 1.0))))

    temperature = min((0.25 + 0.05 * i for i in range(76)), key=nll)
    out: dict[str, float] = {"temperature": round(temperature, 2)}
    for name, t in (("raw", 1.0), ("calibrated", temperature)):
        p = _softmax(z_all, t)
        best = p.argmax(axis=1)
        probs, hits = [float(v) for v in p.max(axis=1)], [bool(b) for b in best == y]
        confident = [h for q, h in zip(probs, hits, strict=True) if q >= 0.6]
        out[f"cv_ece_{name}"] = round(_ece(probs, hits), 4)
        if name == "calibrated":
            out["cv_accuracy"] = round(sum(hits) / len(hits), 4)
            out["cv_accuracy_when_p>=0.6"] = round(sum(confident) / max(1, len(confident)), 4)
            out["cv_share_p>=0.6"] = round(len(confident) / len(hits), 4)
    return out


def fit_model(rows: list[dict[str, Any]], temperature: float = 1.0) -> tuple[IntentModel, Any, Any]:
    """The numpy model (what the parser loads) and the scikit-learn pair it was read from."""
    texts, labels = [r["text"] for r in rows], [r["intent"] for r in rows]
    vec, clf = _fit(texts, labels)
    model = IntentModel(
        vocabulary=dict(vec.char.vocabulary_),
        idf=vec.char.idf_.astype(np.float64),
        coef=clf.coef_.astype(np.float64),
        intercept=clf.intercept_.astype(np.float64),
        classes=tuple(clf.classes_),
        temperature=temperature,
        word_vocabulary=dict(vec.word.vocabulary_) if vec.word else {},
        word_idf=vec.word.idf_.astype(np.float64) if vec.word else None,
    )
    return model, vec, clf


def train(out: Path = ARTEFACT) -> dict[str, Any]:
    rows = _rows()
    texts = [r["text"] for r in rows]
    calibration = cross_validate(rows)
    model, vec, clf = fit_model(rows)
    vocab = sorted(vec.char.vocabulary_, key=vec.char.vocabulary_.__getitem__)
    words = sorted(vec.word.vocabulary_, key=vec.word.vocabulary_.__getitem__) if vec.word else []
    # The numpy featuriser must agree with scikit-learn on every training text.
    reference = clf.predict_proba(vec.transform(texts))
    for text, ref in zip(texts, reference, strict=True):
        mine = dict(model.scores(text))
        assert all(abs(mine[c] - ref[j]) < 1e-6 for j, c in enumerate(clf.classes_)), text
    np.savez_compressed(
        out,
        vocabulary=np.array(vocab),
        word_vocabulary=np.array(words, dtype=str),
        word_idf=(vec.word.idf_ if vec.word else np.zeros(0)).astype(np.float32),
        idf=vec.char.idf_.astype(np.float32),
        coef=clf.coef_.astype(np.float32),
        intercept=clf.intercept_.astype(np.float32),
        classes=np.array(clf.classes_),
        temperature=np.array(calibration["temperature"], dtype=np.float32),
    )
    return {"rows": len(rows), "features": len(vocab) + len(words), "classes": list(clf.classes_), **calibration}


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("--out", type=Path, default=ARTEFACT)
    opts = args.parse_args(argv)
    print(json.dumps(train(opts.out), ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
