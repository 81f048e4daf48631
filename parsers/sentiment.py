"""Lexicon sentiment for both languages: label + intensity in [0, 1]."""

from __future__ import annotations

import re

from parsers.feedback_rules import FEEDBACK_WORDS, MOOD_WORDS
from parsers.lexicon import SENTIMENT as _BASE

__all__ = ["sentiment"]

SENTIMENT = {**_BASE, **FEEDBACK_WORDS, **MOOD_WORDS}
_NEGATION = re.compile(r"(不|没|别|not|n't|never|no)\s*$", re.IGNORECASE)
_INTENSIFIER = re.compile(r"(太|非常|特别|极其|真的|超级|really|so|very|extremely|!{2,}|！{2,})", re.IGNORECASE)
_TERMS = sorted(SENTIMENT, key=len, reverse=True)
_PATTERN = re.compile(
    "|".join(re.escape(t) if not t.isascii() else rf"\b{re.escape(t)}\b" for t in _TERMS), re.IGNORECASE
)
_RANK = {"angry": 3, "frustrated": 2, "satisfied": 1}


def sentiment(text: str) -> tuple[str, float]:
    """The strongest non-negated hit wins; negative feelings outrank positive ones."""
    best: tuple[str, float] | None = None
    for m in _PATTERN.finditer(text):
        term = m.group(0).lower()
        label, intensity = SENTIMENT.get(term) or SENTIMENT[next(t for t in _TERMS if t.lower() == term)]
        prefix = text[max(0, m.start() - 4) : m.start()]
        if _NEGATION.search(prefix) and label == "satisfied" and not term.startswith("不"):
            label, intensity = "frustrated", 0.5
        if best is None or (_RANK[label], intensity) > (_RANK[best[0]], best[1]):
            best = (label, intensity)
    if best is None:
        return "neutral", 0.0
    boost = 0.1 * len(_INTENSIFIER.findall(text))
    return best[0], round(min(1.0, best[1] + boost), 2)
