"""Which stored neighbours a new memory is compared with, and how: the cosine gate of dedup.

multilingual-e5 scores a restatement in the other language (我对青霉素过敏 / "I'm allergic to
penicillin") or code-switched (我对penicillin过敏 / 我对青霉素过敏) well below same-language
restatements, often under the dedup threshold (MAL_DEDUP_THRESHOLD), so such a pair was never
compared and never merged although the word rules, with mal/dedup_bilingual.py aligning English
words to Chinese ones, equate many of them. A pair whose scripts differ therefore gets a lower gate
of its own (MAL_DEDUP_CROSS_LANGUAGE_THRESHOLD). Until the fifteenth round only the word rules
(mal/dedup.py `agree`) could merge behind it; now such a pair is decided as any other (word rules,
then the vetoes and the learned layer, which is fitted on these pairs too).

One function, `merges`, is the decision, so the write path (mal/write_store.py) and the benchmarks
(bench/dedup_eval.py, bench/dedup_train.py) apply the same gates.

A lower gate is no use if the neighbour is never looked at: in a full store e5 ranks same-language
memories on the topic above the other-language original, out of the top few the write path takes.
So the write path also searches the memories in another language (mal/write_batch.py), and
`excluded_lang` says which stored `lang` that search leaves out.
"""

from __future__ import annotations

import re

from mal import dedup
from mal.models import Memory

__all__ = ["compared", "crosses_languages", "excluded_lang", "gate", "merges", "script"]

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


# A script's memories by the `lang` the vector store holds (parsers/lang.py `detect_lang` of the
# turn): no Chinese character is "en", Chinese with more Latin letters than twice its characters is
# "mixed". The two do not line up exactly: a code-switched text with few Latin words
# (我用的是华为Mate 60) is "zh", so a Chinese memory's search, which leaves out "zh", misses it.
_SAME_SCRIPT_LANG = {"latin": "en", "han": "zh", "mixed": "mixed"}


def excluded_lang(memory: Memory) -> str:
    """The stored `lang` the other-language search leaves out for a new `memory`: the one of its own
    script, read from its text as `crosses_languages` reads it, not its own `lang` (a bare
    correction in Chinese of an English memory keeps "en"; a code-switched turn can be "zh"). So an
    English memory searches the Chinese and code-switched ones, a Chinese one the English and
    code-switched ones, a code-switched one the Chinese and English ones."""
    return _SAME_SCRIPT_LANG[script(memory.text or memory.summary)]


def gate(threshold: float, cross_threshold: float) -> float:
    """The lowest cosine at which any neighbour is looked at (the write path's candidate filter)."""
    return min(threshold, cross_threshold)


def compared(old: Memory, new: Memory, cosine: float, threshold: float, cross_threshold: float) -> bool:
    """The pair is close enough to be compared at all: at or above `threshold`, or, for a pair that
    `crosses_languages`, at or above `cross_threshold`."""
    return cosine >= threshold or (cosine >= cross_threshold and crosses_languages(old, new))


def merges(old: Memory, new: Memory, cosine: float, threshold: float, cross_threshold: float) -> bool:
    """`new` may reinforce `old` when the pair is `compared` and they are the same fact (mal/dedup.py
    `same_fact`: the word rules, then the vetoes and the learned layer). Fifteenth round: a pair in
    two scripts between the two gates is decided as a pair above the normal gate is. Before, only the
    word rules could merge it, and a translation with no veto left (我每周六早上去游泳 / "User goes
    swimming every Saturday morning", cosine 0.84, the model 0.95) was never merged; the learned
    layer is now fitted on such pairs too (bench/dedup_train.py), so its thresholds stand above every
    near miss in the band."""
    return compared(old, new, cosine, threshold, cross_threshold) and dedup.same_fact(old, new, cosine)
