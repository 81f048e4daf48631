"""The learned paraphrase decision: may two memories that the word rules cannot equate still merge?

The word rules (mal/dedup.py) merge a restatement only when every differing word is explained (a
filler, a listed synonym, a frame word of that field). Restatements by other writers change the
frame and the vocabulary ("草莓是我的最爱" / "我最喜欢草莓", "I work in Seattle" / "My job is based in
Seattle"), so the rules kept two memories for two-thirds of them. This layer is a second chance with
two parts, in this order:

  1. `veto` - the hard agreement that no score can overrule: the same kind and structured slots,
     the same people (kinship words normalised: 母亲 = 妈妈, dad = father), places, negation,
     currency, aspect, the same numbers (a lone measure-word 一 aside) and times (a state may drop
     "今年" / "these days"; an event may not drop its day), and no name or brand that only one text
     has. A pair that fails here never merges, whatever the model says, so a distinct event in
     who / what number / where / when / yes-or-no can never be lost.
  2. `probability` - a logistic regression over a few pair features (`FEATURES`: the e5 cosine the
     write path already has, word and character overlap, how many content words each side alone
     has, whether the slots pin the fact down), trained on the retired pair sets by
     `python -m bench.dedup_train` (deterministic) into `dedup_model.npz`. It merges when the
     probability reaches the artefact's threshold, which the training script sets above every
     "different" development pair that passes the veto (in and out of fold), one threshold for
     facts the slots pin down, a stricter one for episodes, whose text is all there is, and one
     for a fact and an episode (`group`), which the model scores high almost whatever they say.

numpy only at run time; pure functions, no I/O beyond reading the packaged artefact once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from mal import dedup_variants
from mal.dedup_text import is_cjk, normalise, signature, stem
from mal.models import Memory

__all__ = ["ARTEFACT", "FEATURES", "PairModel", "features", "group", "load_model", "model", "row", "unexplained"]

ARTEFACT = Path(__file__).resolve().parent / "dedup_model.npz"
FEATURES = (
    "cosine",
    "word_jaccard",
    "char_jaccard",
    "only_a",
    "only_b",
    "substituted",
    "slots_pin",
    "episode",
    "length_ratio",
    "cross_kind",
)
# Slots that hold the user's own words: they say nothing the text does not, so they do not pin a fact.
_FREE_SLOTS = frozenset(("content", "task", "topic", "note"))
_PUNCT = str.maketrans("", "", " \t\n.,!?;:'\"，。！？；：、“”‘’（）()…-~")


@lru_cache(maxsize=4096)
def unexplained(a: str, b: str) -> tuple[frozenset[str], frozenset[str]]:
    """The content words each text has that the other does not explain (see `_unexplained`).
    Cached like `signature`: one dedup decision asks for the same pair up to three times (the
    sibling and substitution vetoes, then the model's features) on the write path."""
    sa, sb = signature(a), signature(b)
    wa, wb = {stem(w) for w in sa.words}, {stem(w) for w in sb.words}
    return frozenset(_unexplained(wa - wb, wb, sb.text)), frozenset(_unexplained(wb - wa, wa, sa.text))


def features(a: Memory, b: Memory, cosine: float) -> list[float]:
    """The pair features in `FEATURES` order (see the module docstring), read like the rules read
    the pair: code-switched words aligned (mal/dedup_bilingual.py), one name written one way
    (mal/dedup_variants.py)."""
    return row(*dedup_variants.read_alike(a, b), cosine)


def row(a: Memory, b: Memory, cosine: float) -> list[float]:
    """`features` of a pair already aligned (mal/dedup.py `same_fact` aligns once for every step)."""
    sa, sb = signature(a.text or a.summary), signature(b.text or b.summary)
    wa, wb = {stem(w) for w in sa.words}, {stem(w) for w in sb.words}
    only_a, only_b = unexplained(a.text or a.summary, b.text or b.summary)
    ca, cb = _bigrams(sa.text), _bigrams(sb.text)
    la, lb = len(sa.text.translate(_PUNCT)), len(sb.text.translate(_PUNCT))
    return [
        float(cosine),
        _jaccard(wa, wb),
        _jaccard(ca, cb),
        float(len(only_a)),
        float(len(only_b)),
        float(min(len(only_a), len(only_b))),
        # across kinds the fact's values are said by the episode (`veto`), whichever is older
        1.0 if _pins(b.slots if a.kind == "episode" != b.kind else a.slots) else 0.0,
        1.0 if a.kind == "episode" else 0.0,
        min(la, lb) / max(la, lb, 1),
        0.0 if a.kind == b.kind else 1.0,
    ]


def _unexplained(words: set[str], others: set[str], other_text: str) -> set[str]:
    """Content words the other text lacks, less Chinese words whose every character it holds
    (another cut or order: 戒烟 / 把烟戒了) and English words of one stem (running / run, hiking /
    hike). 草莓 / 蓝莓 stay: 蓝 is in one text only."""
    roots = {_root(o) for o in others if not is_cjk(o)}
    return {
        w
        for w in words
        if not (
            set(w) <= set(other_text)
            if is_cjk(w)
            else any(_root(w).startswith(r) or r.startswith(_root(w)) for r in roots if min(len(r), len(_root(w))) >= 3)
        )
    }


def _root(word: str) -> str:
    """running -> run, hiked -> hik, studies -> studi: enough to tell one stem from another."""
    for suffix in ("ing", "ed", "es", "s", "e"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2]:
        word = word[:-1]
    return word


def _bigrams(text: str) -> set[str]:
    flat = normalise(text).translate(_PUNCT)
    return {flat[i : i + 2] for i in range(len(flat) - 1)} or {flat}


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 1.0


def _pins(slots: Mapping[str, Any]) -> bool:
    """The structured slots say which fact this is (not just the user's words)."""
    return any(k not in _FREE_SLOTS and not k.endswith("_text") and v not in (None, "") for k, v in slots.items())


@dataclass(frozen=True)
class PairModel:
    mean: Any  # numpy vectors in FEATURES order: standardisation, then the logistic regression
    scale: Any
    coef: Any
    intercept: float
    threshold_pinned: float  # merge at or above this probability when the slots pin the fact
    threshold_free: float  # ... when they do not (episodes: the text is all there is); > 1 = never
    # ... across kinds (a fact and an episode, either way round): the model scores nearly every such
    # pair high, so they get a threshold of their own instead of raising the same-kind one
    threshold_cross: float = 1.01

    def merges(self, row: list[float]) -> bool:
        """The decision for one feature row (thresholds set by bench/dedup_train.py)."""
        return self.probability(row) >= self.threshold(row)

    def threshold(self, row: list[float]) -> float:
        return (self.threshold_pinned, self.threshold_free, self.threshold_cross)[group(row)]

    def probability(self, row: list[float]) -> float:
        z = (np.asarray(row, dtype=np.float64) - self.mean) / self.scale
        return float(1.0 / (1.0 + np.exp(-(float(z @ self.coef) + self.intercept))))


def group(row: list[float]) -> int:
    """Which threshold a feature row is held to: 0 the slots pin a same-kind fact, 1 they do not
    (two episodes), 2 across kinds (a fact and an episode)."""
    if row[FEATURES.index("cross_kind")] > 0:
        return 2
    return 0 if row[FEATURES.index("slots_pin")] > 0 else 1


def load_model(path: Path = ARTEFACT) -> PairModel | None:
    if not path.exists():
        return None
    data = np.load(path, allow_pickle=False)
    if tuple(str(f) for f in data["features"]) != FEATURES:
        return None  # an artefact from another feature set must not be read with this one
    return PairModel(
        mean=data["mean"].astype(np.float64),
        scale=data["scale"].astype(np.float64),
        coef=data["coef"].astype(np.float64),
        intercept=float(data["intercept"]),
        threshold_pinned=float(data["threshold_pinned"]),
        threshold_free=float(data["threshold_free"]),
        threshold_cross=float(data["threshold_cross"]) if "threshold_cross" in data else 1.01,
    )


@lru_cache(maxsize=1)
def model() -> PairModel | None:
    """The packaged model, read once; None when no artefact ships (the word rules alone decide)."""
    return load_model()
