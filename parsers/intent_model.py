"""The learned intent layer: a char n-gram logistic regression, evaluated with numpy alone.

The rules read slots well but miss any phrasing nobody wrote a pattern for ("做产品的，坐标北京",
"What's the capital of Australia?"). This classifier reads character n-grams (1-3, within words;
Chinese has no spaces, so a Chinese turn is one long "word"), which generalises across wordings
of both languages and costs well under a millisecond, so it sits in the fast path with no
embedding call. It only ever labels a turn: slots still come from the rules, so it cannot invent
a value. Trained by `python -m parsers.train` (deterministic) into `intent_model.npz`; the
featuriser below reproduces scikit-learn's TfidfVectorizer(analyzer="char_wb", sublinear_tf=True),
which the training script checks on every training text.

Seventh round: English word uni- and bigrams sit next to the character n-grams (a second tf-idf
block, scikit-learn's word analyser over Latin tokens), because a Latin word pair ("turns 10",
"set a reminder") carries a writer-independent cue that character trigrams cut apart; Chinese
keeps only the character block. Classes are weighted inversely to their frequency in training, so
the rarer fact intents are not swallowed by "episode" and "profile" on a writer's new phrasing.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

__all__ = [
    "ARTEFACT",
    "CLASSIFIER_MIN",
    "LABEL_MIN",
    "IntentModel",
    "char_ngrams",
    "classify",
    "load_model",
    "word_ngrams",
]

ARTEFACT = Path(__file__).resolve().parent / "intent_model.npz"
# Calibrated probabilities at which the parser (parsers/__init__.py) trusts the label:
# - CLASSIFIER_MIN: the layer decides a turn no rule reads (a cued slot reader, request, smalltalk);
# - LABEL_MIN: a turn no rule read a slot from is labelled with the layer's fact kind (still stored
#   as an episode, never with guessed slots). Out of fold on the retired sets, below it such labels
#   were wrong more often than right (docs/benchmarks.md, "Parser, fifth round"); leave-one-set-out
#   of the seventh round's model found 0.6 and 0.7 no better ("Parser, seventh round: intent").
CLASSIFIER_MIN = 0.55
LABEL_MIN = 0.8
NGRAMS = (1, 3)
WORD_NGRAMS = (1, 2)
WORD_PATTERN = r"[a-z0-9']+"  # Latin words only: a Chinese run is read by the character block
_SPACE = re.compile(r"\s\s+")
_WORD = re.compile(WORD_PATTERN)


def char_ngrams(text: str, low: int = NGRAMS[0], high: int = NGRAMS[1]) -> list[str]:
    """scikit-learn's `char_wb` analyser: n-grams inside space-padded words, lower-cased."""
    grams: list[str] = []
    for word in _SPACE.sub(" ", text.lower()).split():
        padded = f" {word} "
        for n in range(low, high + 1):
            offset = 0
            grams.append(padded[offset : offset + n])
            while offset + n < len(padded):
                offset += 1
                grams.append(padded[offset : offset + n])
            if offset == 0:  # a word shorter than n counts once
                break
    return grams


def word_ngrams(text: str, low: int = WORD_NGRAMS[0], high: int = WORD_NGRAMS[1]) -> list[str]:
    """scikit-learn's `word` analyser with `token_pattern=WORD_PATTERN`, lower-cased."""
    tokens = _WORD.findall(text.lower())
    return [" ".join(tokens[i : i + n]) for n in range(low, high + 1) for i in range(len(tokens) - n + 1)]


def _block(grams: list[str], vocabulary: dict[str, int], idf: Any) -> tuple[Any, Any]:
    """Indices and l2-normalised sublinear tf-idf weights of one block (TfidfVectorizer's)."""
    counts = Counter(i for g in grams if (i := vocabulary.get(g)) is not None)
    if not counts:
        return np.zeros(0, dtype=np.int64), np.zeros(0)
    idx = np.fromiter(counts.keys(), dtype=np.int64)
    tf = np.array([1.0 + math.log(c) for c in counts.values()]) * idf[idx]
    tf /= float(np.linalg.norm(tf)) or 1.0
    return idx, tf


@dataclass(frozen=True)
class IntentModel:
    vocabulary: dict[str, int]
    idf: Any  # numpy float64 vector
    coef: Any  # classes x features
    intercept: Any
    classes: tuple[str, ...]
    temperature: float = 1.0  # calibration: out-of-fold temperature scaling (parsers/train.py)
    # The word block: its columns follow the character block's in `coef`.
    word_vocabulary: dict[str, int] = field(default_factory=dict)
    word_idf: Any = None

    def scores(self, text: str) -> list[tuple[str, float]]:
        """(intent, probability) for every class, most likely first."""
        idx, tf = _block(char_ngrams(text), self.vocabulary, self.idf)
        logits = self.intercept + (self.coef[:, idx] @ tf if len(idx) else 0.0)
        if self.word_vocabulary:
            widx, wtf = _block(word_ngrams(text), self.word_vocabulary, self.word_idf)
            if len(widx):
                logits = logits + self.coef[:, len(self.vocabulary) + widx] @ wtf
        logits = logits / self.temperature
        exp = np.exp(logits - logits.max())
        probs = exp / exp.sum()
        order = np.argsort(-probs)
        return [(self.classes[i], float(probs[i])) for i in order]


def load_model(path: Path = ARTEFACT) -> IntentModel | None:
    if not path.exists():
        return None
    data = np.load(path, allow_pickle=False)
    vocab = [str(v) for v in data["vocabulary"]]
    return IntentModel(
        vocabulary={g: i for i, g in enumerate(vocab)},
        idf=data["idf"].astype(np.float64),
        coef=data["coef"].astype(np.float64),
        intercept=data["intercept"].astype(np.float64),
        classes=tuple(str(c) for c in data["classes"]),
        temperature=float(data["temperature"]) if "temperature" in data.files else 1.0,
        word_vocabulary={g: i for i, g in enumerate(str(v) for v in data["word_vocabulary"])}
        if "word_vocabulary" in data.files
        else {},
        word_idf=data["word_idf"].astype(np.float64) if "word_idf" in data.files else None,
    )


@lru_cache(maxsize=1)
def _model() -> IntentModel | None:
    return load_model()


def classify(text: str) -> tuple[str, float] | None:
    """The most likely intent and its probability, or None when no model has been trained."""
    model = _model()
    if model is None or not text.strip():
        return None
    return model.scores(text)[0]
