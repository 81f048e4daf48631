"""Cross-language detail comparison: which content words of a Chinese text and an English one
nothing on the other side translates.

The vetoes of mal/dedup.py compare words within one language (花生 / 核桃, bus / subway). Across two,
a detail swapped for another is a content word on each side that neither explains: 我每天坐地铁去公司
/ "User takes the bus to the office" leaves 地铁 with no English and "bus" with no Chinese, and the
learned layer, which reads overlaps and cosines, merged seven such near misses of the fifteenth
round's cross-language attack (tests/data/dedup_xattack15_pairs.jsonl: 地铁 / bus, 项链 / bracelet,
左膝 / right knee, 靠窗 / aisle, 单程 / round-trip, 产品经理 / project manager).

`unaligned` reads the pair after mal/dedup_bilingual.py has rewritten the English spans the
dictionary translates into the other text's Chinese words (knee -> 膝盖), so what is left is the
content the two texts do not share (time words aside: the `times` check and
mal/dedup_times_across.py read those). A leftover word is aligned when
  * it is Chinese and the other text holds it, or its characters (a segmentation difference), or
    pieces of it the other text holds or translates cover it (靠过道座位 against "aisle 座位" leaves
    靠; 牛肉面 against "chicken noodles" leaves 牛肉);
  * it is English and a Chinese word or character of the other text has it among the English of its
    CC-CEDICT senses (all of them, every synonym of a sense: 自行车 "bicycle; bike").
The dictionary is the only lexicon: no list of pairs.

`swapped_detail` (the veto family "unaligned_detail") is the swap shape: a word left on each side,
a Chinese one and an English one, both of one kind. Kinds are coarse on purpose: both name things
(the Chinese word of two characters or more is a common noun to jieba, and most of the English
word's one-word Chinese renderings are), or the Chinese word is one character of a closed set
(左 / 右, 上 / 下) and the English word renders another of that set.

A word the dictionary does not know, on both sides (metformin / 二甲双胍), is no swap unless both
are nouns: golden retriever / 金毛 is, and is vetoed (a restatement lost to the dictionary's gaps).

Tried and undone (sixteenth round): opening the cross-language band (mal/dedup_gate.py) to the
vetoes and the learned layer for pairs with nothing left on one side at least ("the other only says
more"). A fresh cross-language set by a writer with no code access (xattack16) had two such near
misses merged: a qualifier only one side says ("raw carrots" / 胡萝卜) is a detail too, and a unit
across languages (五个月 / "five weeks") is read by no check here.

Pure functions over texts; the dictionary (mal/dedup_bilingual.py `cedict_entries`) is read once,
lazily, the first time a pair mixes the two scripts.
"""

from __future__ import annotations

import re
from functools import lru_cache

from mal.dedup_bilingual import FUNCTION_WORDS, cedict_entries
from mal.dedup_text import Signature, is_cjk, signature

__all__ = ["swapped_detail", "unaligned", "warm_up"]

_EN_TOKEN = re.compile(r"[a-z]+")
_CJK_RUN = re.compile(r"[\u3400-\u9fff]+")
_SUFFIXES = ("ing", "ed", "es", "s", "e", "y")
# One-character words of one kind (a swap within a set is a detail swapped: 左膝 / right knee).
_CLOSED_SETS = ("左右", "上下", "前后", "东西南北", "早晚", "冷热", "大小", "长短", "高低", "多少", "新旧")
_MAX_PIECE = 4
# English words of two letters that say nothing a gloss could match (the bilingual aligner's list
# holds the longer ones)
_SHORT_FUNCTION_WORDS = frozenset(
    (
        "to",
        "of",
        "in",
        "on",
        "at",
        "by",
        "be",
        "is",
        "an",
        "as",
        "or",
        "if",
        "it",
        "me",
        "my",
        "we",
        "us",
        "he",
        "so",
        "no",
        "am",
    )
)
# the bilingual aligner's function words, less the time relations a gloss may translate (以后 "after")
_GLOSS_FUNCTION_WORDS = FUNCTION_WORDS - {"before", "after", "every", "each", "since", "until", "again"}
# jieba's part-of-speech flags of a common noun (names, abbreviations and verbal nouns aside)
_NOUN_FLAGS = frozenset(("n", "nz", "ng", "nw", "ns", "nt"))


@lru_cache(maxsize=8192)
def _lemma(word: str) -> str:
    """injured / injure / injuring -> injur, lenses / lens -> len: one English word in its forms, to
    meet a gloss (two suffixes at most)."""
    for _ in range(2):
        for suffix in _SUFFIXES:
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                word = word[: -len(suffix)]
                break
    return word


def _content(token: str) -> bool:
    return len(token) >= 2 and token not in _SHORT_FUNCTION_WORDS and token not in _GLOSS_FUNCTION_WORDS


_NOT_A_SENSE = ("cl:", "variant of", "old variant", "see ", "surname", "abbr", "also written", "used in", "pr. ")
_PAREN = re.compile(r"\([^)]*\)")


@lru_cache(maxsize=1)
def _senses() -> tuple[dict[str, str], dict[str, str]]:
    """From CC-CEDICT: each headword -> the English content words (as lemmas) of all its senses,
    every synonym of a sense included (自行车 "bicycle; bike": mal/dedup_bilingual.py keeps the first);
    and each one-word sense (as a lemma) -> the headwords that have it (bracelet -> 手镯, 手链). Both
    kept as space-joined strings (a set per entry held some 140 MB)."""
    words: dict[str, set[str]] = {}
    renderings: dict[str, set[str]] = {}
    for heads, senses in cedict_entries():
        head = heads[-1]  # the simplified form: the signature reads every text simplified
        if len(head) > _MAX_PIECE:
            continue  # only pieces of up to _MAX_PIECE characters are looked up
        for sense in senses:
            if sense.lower().startswith(_NOT_A_SENSE):
                continue
            for part in re.split(r"[;,]", _PAREN.sub(" ", sense.lower())):
                tokens = [t for t in _EN_TOKEN.findall(part) if _content(t)]
                words.setdefault(head, set()).update(_lemma(t) for t in tokens)
                if len(tokens) == 1:
                    renderings.setdefault(_lemma(tokens[0]), set()).add(head)
    return (
        {k: " ".join(sorted(v)) for k, v in words.items() if v},
        {k: " ".join(sorted(v)) for k, v in renderings.items()},
    )


def warm_up() -> None:
    """Read the dictionary's senses now (~4 s, ~40 MB) rather than on the first cross-language pair."""
    _senses()


@lru_cache(maxsize=8192)
def _gloss_lemmas(word: str) -> frozenset[str]:
    return frozenset(_senses()[0].get(word, "").split())


@lru_cache(maxsize=2048)
def _pieces(run: str) -> tuple[str, ...]:
    """Every piece of a Chinese run the dictionary has (single characters included)."""
    return tuple(
        run[i : i + n]
        for n in range(1, min(_MAX_PIECE, len(run)) + 1)
        for i in range(len(run) - n + 1)
        if _gloss_lemmas(run[i : i + n])
    )


def _chinese_lemmas(text: str) -> frozenset[str]:
    """The English (as lemmas) every Chinese word or character of `text` has among its glosses."""
    return frozenset(
        lemma for run in _CJK_RUN.findall(text) for piece in _pieces(run) for lemma in _gloss_lemmas(piece)
    )


def _english_lemmas(text: str) -> frozenset[str]:
    return frozenset(_lemma(t) for t in _EN_TOKEN.findall(text.lower()) if _content(t))


def _zh_left(word: str, other_text: str, other_english: frozenset[str]) -> str:
    """What of a Chinese word the other text neither holds nor translates: "" when all of it is
    said (靠过道座位 against "aisle 座位" after the bilingual rewrite: 靠 only, which names nothing), the
    part no piece of the other text covers otherwise (靠窗座位 against "aisle 座位": 靠窗)."""
    if word in other_text or set(word) <= set(other_text):
        return ""
    rest = word
    for piece in sorted(
        {word[i:j] for i in range(len(word)) for j in range(i + 2, len(word) + 1)}, key=len, reverse=True
    ):
        if piece in rest and piece in other_text:
            rest = rest.replace(piece, "")
    for piece in sorted(_pieces(rest), key=len, reverse=True):  # 牛肉面 against "noodles": 牛肉 is left
        if piece in rest and _gloss_lemmas(piece) & other_english:
            rest = rest.replace(piece, "")
    return rest


def unaligned(a: str, b: str) -> tuple[frozenset[str], frozenset[str]]:
    """The content words of `a` and of `b` (as the signature reads them, time words aside) that
    nothing in the other text says or translates."""
    x, y = signature(a), signature(b)
    return _left(x.words - y.words - x.times, y), _left(y.words - x.words - y.times, x)


def _left(words: frozenset[str], other: Signature) -> frozenset[str]:
    said = other.words | other.people | other.places
    english = _english_lemmas(other.text) | {_lemma(w) for w in said if not is_cjk(w)}
    chinese = _chinese_lemmas(other.text)
    out = set()
    for word in words:
        if is_cjk(word):
            rest = _zh_left(word, other.text, english)
            if rest:
                out.add(rest)
        elif word.isalpha() and _lemma(word) not in chinese and _lemma(word) not in english:
            out.add(word)
    return frozenset(out)


def _renderings(word: str) -> frozenset[str]:
    return frozenset(_senses()[1].get(_lemma(word), "").split())


@lru_cache(maxsize=4096)
def _flag(word: str) -> str:
    """jieba's part of speech for a Chinese word cut as one ("" when it is cut in pieces)."""
    import jieba.posseg

    cut = jieba.posseg.lcut(word, HMM=False)
    if any(piece.flag == "x" for piece in cut):
        return ""
    return str(cut[-1].flag)  # a compound's head is its last word (靠窗 + 座位)


def _zh_thing(word: str) -> bool:
    """A Chinese word of two characters or more that names a thing (a common noun), or a
    one-character word of a closed set. Other single characters are left out: jieba tags 学 a noun
    in 学钢琴, and the dictionary does not say "lesson" for it."""
    return (len(word) >= 2 and _flag(word) in _NOUN_FLAGS) or _closed(word) is not None


def _closed(word: str) -> str | None:
    return next((s for s in _CLOSED_SETS if len(word) == 1 and word in s), None)


@lru_cache(maxsize=4096)
def _en_thing(word: str) -> bool:
    """An English word whose Chinese renderings are mostly common nouns: bus, bracelet, aisle."""
    flags = [f for f in map(_flag, _renderings(word)) if f]
    return 2 * sum(f in _NOUN_FLAGS for f in flags) > len(flags)


def _same_kind(zh: str, en: str) -> bool:
    """Two words a swap may exchange: both name things, or the Chinese word is of a closed set
    (左 / 右) and a rendering of the English one is of that set too."""
    closed = _closed(zh)
    if closed is not None:
        return any(r in closed and r != zh for r in _renderings(en))
    return _zh_thing(zh) and _en_thing(en)


def _scripts_apart(mine: frozenset[str], other: frozenset[str]) -> bool:
    """`mine` holds a Chinese word and `other` an English one (what `unaligned` leaves is drawn
    from these, so without it no swap can be found)."""
    return any(is_cjk(w) for w in mine) and any(not is_cjk(w) for w in other)


def swapped_detail(a: str, b: str) -> bool:
    """A Chinese content word on one side and an English one on the other that nothing translates,
    the two of one kind (the English word's own Chinese rendering shares a character with the
    Chinese one, or both are of a closed set such as 左 / 右): a detail swapped for another across
    the two languages."""
    x, y = signature(a), signature(b)
    if not (_scripts_apart(x.words, y.words) or _scripts_apart(y.words, x.words)):
        return False  # no Chinese word on one side against an English one: the dictionary is not read
    left_a, left_b = unaligned(a, b)
    return any(
        _same_kind(zh, en)
        for zhs, ens in ((left_a, left_b), (left_b, left_a))
        for zh in zhs
        if is_cjk(zh)
        for en in ens
        if not is_cjk(en)
    )
