"""Which stored neighbours a new memory is compared with, and how: the cosine gate of dedup.

multilingual-e5 scores a restatement in the other language (我对青霉素过敏 / "I'm allergic to
penicillin") or code-switched (我对penicillin过敏 / 我对青霉素过敏) well below same-language
restatements, often under the dedup threshold (MAL_DEDUP_THRESHOLD), so such a pair was never
compared and never merged although the word rules, with mal/dedup_bilingual.py aligning English
words to Chinese ones, equate many of them. A pair whose scripts differ therefore gets a lower gate
of its own (MAL_DEDUP_CROSS_LANGUAGE_THRESHOLD), and behind it only the word rules
(mal/dedup.py `agree`) may merge: the learned layer was fitted on pairs above the normal gate and
is never asked about a pair below it.

One function, `merges`, is the decision, so the write path (mal/write_store.py) and the benchmarks
(bench/dedup_eval.py, bench/dedup_train.py) apply the same gates.
"""

from __future__ import annotations

import re

from mal import dedup
from mal.models import Memory

__all__ = ["crosses_languages", "gate", "merges", "script"]

_HAN = re.compile(r"[\u3400-\u9fff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def script(text: str) -> str:
    """ "han" (Chinese only), "latin" (no Chinese character) or "mixed" (Chinese with English words
    of two letters or more in it: code-switched). Digits and punctuation do not count."""
    if not _HAN.search(text):
        return "latin"
    return "mixed" if _LATIN_WORD.search(text) else "han"


def crosses_languages(a: Memory, b: Memory) -> bool:
    """The two memories are written in different scripts: Chinese and English, or one of them
    code-switched and the other not. Two code-switched texts (明天和Anna开会 / 明天跟Anna开会) are one
    language as far as e5 is concerned and keep the normal gate."""
    return script(a.text or a.summary) != script(b.text or b.summary)


def gate(threshold: float, cross_threshold: float) -> float:
    """The lowest cosine at which any neighbour is looked at (the write path's candidate filter)."""
    return min(threshold, cross_threshold)


def merges(old: Memory, new: Memory, cosine: float, threshold: float, cross_threshold: float) -> bool:
    """`new` may reinforce `old`: at or above `threshold` when they are the same fact
    (mal/dedup.py `same_fact`, the word rules and then the learned layer); below it, only for a pair
    that `crosses_languages`, at or above `cross_threshold`, and only when the word rules agree."""
    if cosine >= threshold:
        return dedup.same_fact(old, new, cosine)
    return cosine >= cross_threshold and crosses_languages(old, new) and dedup.agree(old, new)
