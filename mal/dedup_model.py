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
  3. `SecondOpinion` - a second logistic regression that can only say no. The first model is
     fitted on the rows the vetoes let through, nearly all restatements, so it is a restatement
     scorer with a threshold: a near miss the vetoes miss (one text only adds an exception, a
     limit, a period, a hedge) gets p ~1.0 from it (the nineteenth round's unseen writer: all three
     Chinese wrong merges). The second is fitted on EVERY judged pair, the near misses the vetoes
     stop too, with five more features for the kind of detail one text alone says
     (mal/dedup_details.py), so it has seen near misses and the first has not. Alone it stops most
     near misses but keeps too many restatements apart; asked only about the pairs the first would
     merge, a pair merges when its probability also reaches a floor per language (`language`)
     and threshold group (`group`), which bench/dedup_train.py sets out of fold as the highest
     that costs at most about one point of the merged restatements, raised above any training
     near miss that passes every veto (the first model's thresholds are then set above the near
     misses the second lets through). Its artefact `dedup_model2.npz` is optional: without it
     (or with one from another feature set) the first model decides alone, as before.

`merges` is the combined decision, the one place the service (mal/dedup.py `same_fact`) and the
benchmarks (bench/dedup_eval.py through `same_fact`; bench/dedup_train.py on out-of-fold
probabilities through `decision`) ask the learned layer.

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
from mal.dedup_details import DETAILS, details
from mal.dedup_text import is_cjk, normalise, signature, stem
from mal.models import Memory

__all__ = [
    "ARTEFACT",
    "ARTEFACT2",
    "FEATURES",
    "FEATURES2",
    "GROUPS",
    "LANGUAGES",
    "PairModel",
    "SecondOpinion",
    "decision",
    "features",
    "features2",
    "group",
    "language",
    "load_model",
    "load_second",
    "merges",
    "model",
    "row",
    "row2",
    "second",
    "unexplained",
]

ARTEFACT = Path(__file__).resolve().parent / "dedup_model.npz"
ARTEFACT2 = ARTEFACT.with_name("dedup_model2.npz")
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
# The second opinion's features: the first model's, then what kind of detail one text alone says.
FEATURES2 = (*FEATURES, *DETAILS)
# The second opinion's floors, one per language of the pair (`language`) and threshold group (`group`).
LANGUAGES = ("en", "zh")
GROUPS = (0, 1, 2)
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


def features2(a: Memory, b: Memory, cosine: float) -> list[float]:
    """The second opinion's features (`FEATURES2`), read as `features` reads the pair."""
    return row2(*dedup_variants.read_alike(a, b), cosine)


def row2(a: Memory, b: Memory, cosine: float) -> list[float]:
    """`features2` of a pair already aligned; its first `len(FEATURES)` values are `row`."""
    sa, sb = signature(a.text or a.summary), signature(b.text or b.summary)
    return [*row(a, b, cosine), *details(sa, sb)]


def language(a: Memory, b: Memory) -> str:
    """Which floor of the second opinion a pair is held to: "zh" when either text has a Chinese
    character (code-switched and cross-language pairs included), else "en"."""
    return "zh" if any(is_cjk(ch) for ch in (a.text or a.summary) + (b.text or b.summary)) else "en"


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
        return _logistic(self.mean, self.scale, self.coef, self.intercept, row)


@dataclass(frozen=True)
class SecondOpinion:
    """The second model (module docstring, part 3): a logistic regression over `FEATURES2` and a
    floor per language and threshold group; it can only keep apart a pair the first model merges."""

    mean: Any  # numpy vectors in FEATURES2 order
    scale: Any
    coef: Any
    intercept: float
    floors: Mapping[tuple[str, int], float]  # by `language` and `group`: merge only at or above it

    def probability(self, row2: list[float]) -> float:
        return _logistic(self.mean, self.scale, self.coef, self.intercept, row2)

    def floor(self, lang: str, row: list[float]) -> float:
        """The floor a pair of language `lang` and (first model's) feature row `row` is held to."""
        return self.floors.get((lang, group(row)), 0.0)


def decision(p_first: float, threshold: float, p_second: float | None, floor: float) -> bool:
    """The combined rule on probabilities: the first model reaches its threshold, and the second,
    when there is one, its floor. bench/dedup_train.py scores the out-of-fold probabilities with it."""
    return p_first >= threshold and (p_second is None or p_second >= floor)


def merges(a: Memory, b: Memory, cosine: float) -> bool:
    """The learned layer's decision on a pair already aligned that no veto stops: the first model
    merges it and the second opinion, when its artefact ships, does not keep it apart. No first
    model: never (the word rules alone decide)."""
    first = model()
    if first is None:
        return False
    base = row(a, b, cosine)
    if not first.merges(base):
        return False  # the second opinion can only say no: its features are not read (write path)
    opinion = second()
    if opinion is None:
        return True
    full = row2(a, b, cosine)
    return opinion.probability(full) >= opinion.floor(language(a, b), base)  # `decision`'s second half


def _logistic(mean: Any, scale: Any, coef: Any, intercept: float, row: list[float]) -> float:
    z = (np.asarray(row, dtype=np.float64) - mean) / scale
    return float(1.0 / (1.0 + np.exp(-(float(z @ coef) + intercept))))


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


def load_second(path: Path = ARTEFACT2) -> SecondOpinion | None:
    """The second opinion at `path`; None when it is missing or from another feature set, and the
    first model then decides alone (fail safe: the service behaves as before the second existed)."""
    if not path.exists():
        return None
    data = np.load(path, allow_pickle=False)
    if tuple(str(f) for f in data["features"]) != FEATURES2:
        return None
    return SecondOpinion(
        mean=data["mean"].astype(np.float64),
        scale=data["scale"].astype(np.float64),
        coef=data["coef"].astype(np.float64),
        intercept=float(data["intercept"]),
        floors={
            (lang, which): float(data[f"floor_{lang}_{which}"])
            for lang in LANGUAGES
            for which in GROUPS
            if f"floor_{lang}_{which}" in data
        },
    )


@lru_cache(maxsize=1)
def second() -> SecondOpinion | None:
    """The packaged second opinion, read once; None when it does not ship."""
    return load_second()
