"""The learned intent layer: a char n-gram logistic regression, evaluated with numpy alone.

The rules read slots well but miss any phrasing nobody wrote a pattern for ("做产品的，坐标北京",
"What's the capital of Australia?"). This classifier reads character n-grams (1-3, within words;
Chinese has no spaces, so a Chinese turn is one long "word"), which generalises across wordings
of both languages and costs well under a millisecond, so it sits in the fast path with no
embedding call. It only ever labels a turn: slots still come from the rules, so it cannot invent
a value. Trained by `python -m parsers.train` (deterministic) into `intent_model.npz`; the
featuriser below reproduces scikit-learn's TfidfVectorizer(analyzer="char_wb", sublinear_tf=True),
which the training script checks on every training text.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["ARTEFACT", "IntentModel", "char_ngrams", "classify", "load_model"]

ARTEFACT = Path(__file__).resolve().parent / "intent_model.npz"
NGRAMS = (1, 3)
_SPACE = re.compile(r"\s\s+")


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


@dataclass(frozen=True)
class IntentModel:
    vocabulary: dict[str, int]
    idf: Any  # numpy float64 vector
    coef: Any  # classes x features
    intercept: Any
    classes: tuple[str, ...]
    temperature: float = 1.0  # calibration: out-of-fold temperature scaling (parsers/train.py)

    def scores(self, text: str) -> list[tuple[str, float]]:
        """(intent, probability) for every class, most likely first."""
        counts = Counter(i for g in char_ngrams(text) if (i := self.vocabulary.get(g)) is not None)
        if not counts:
            logits = self.intercept
        else:
            idx = np.fromiter(counts.keys(), dtype=np.int64)
            tf = np.array([1.0 + math.log(c) for c in counts.values()]) * self.idf[idx]
            tf /= float(np.linalg.norm(tf)) or 1.0
            logits = self.coef[:, idx] @ tf + self.intercept
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
