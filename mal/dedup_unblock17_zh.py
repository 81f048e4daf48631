"""Seventeenth round (helper unblock17zh): Chinese restatements a veto misread.

The learned layer scores these pairs ~0.99, and a hard veto shut them out on a misreading, not on a
difference:

  * a homophone typo (`homophone_typos`): a Chinese writer typing pinyin picks a character that
    sounds like the one meant (芒果 / 忙果, 芭蕾舞 / 芭雷舞, 驾照 / 架照). The sibling, substitution and
    swap checks read the two spellings as two words. One text's character is read as a typo of the
    other's only when every sign of a slip holds: the two characters sound alike (toneless pinyin),
    they stand between the same neighbours (a shared character beside them at least), the shared
    one and each forms a dictionary word in one text (cut as a word there) and no word at all in the
    other, where the odd character stands alone in the cut. Two real words that sound alike
    (权利 / 权力, 公式 / 公事) are two words, a character inside another word (吃玉米 / 吃鱼) is
    no typo, and a name is no dictionary word (张伟 / 章伟), so each of those still differs.
  * one measure in two units (`converted_measures`): 五公斤 / 10斤, 半小时 / 30分钟, 两公里 / 2000米
    are one amount, and the unit and numbers checks read them as two. Chinese units of weight, time
    and length (a closed class) are converted to the smallest of their dimension; when every
    measure of one text is one of the other's and every other number agrees, the newer text's
    measures are written as the older one writes them (mal/dedup_variants.py), so every check reads
    one measure. 五公斤 / 五斤 or 半小时 / 20分钟 are two amounts and stay so.
  * 在 cut together with a one-character place (`preposition_glued`): jieba keeps 在家 / 在校 whole,
    and the sibling check read them as two sorts of 家 / 校 beside 居家 / 学校. The word says where,
    so it names no sibling; another place (回老家, 党校) is still read by the other checks.
  * a city and its district written together or apart (`places_written_apart`): the lexicon knows
    北京朝阳 as one place, and 北京市朝阳区 reads as 北京 with an unknown 朝阳区.
  * 不好 said of a thing (`poorly_said`): 睡眠不好 / 睡眠质量差 negate nothing else; the negation
    check reads 不好 as 差 when the other text says 差 (and no 好).
  * a model year written with two digits (`model_years`): 18款 is the 2018 model when the other text
    writes 2018年 / 2018款 (款 alone: 18年 may be eighteen years).

Elsewhere, where the reading lives: 跳槽 is a workplace word (mal/dedup_review9.py `_WORK`), 回 after
a numeral counts times (mal/dedup_checks.py `_OTHER_SENSE`), and a product prefix cut off alone
before no word the other text says (通勤花一个小时) is no product (mal/dedup_review9.py `_glued`).

Pure functions over texts; no I/O (jieba's default dictionary and jionlp's pinyin table are read
once, lazily).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from mal.dedup_numbers import numbers_agree
from mal.dedup_text import Signature, is_cjk, normalise, signature, zh_number

__all__ = [
    "converted_measures",
    "dictionary_word",
    "homophone_typos",
    "measures_converted",
    "places_written_apart",
    "poorly_said",
    "preposition_glued",
]

# A two-character word rarer than this in jieba's default dictionary is no evidence of the spelling
# meant (a prefix entry has 0; 姓张 has 3, 芒果 125, 驾照 31).
_WORD_MIN = 20


@lru_cache(maxsize=1)
def _tokenizer() -> Any:
    """jieba's default dictionary, untouched by the parser's or the lexicon's added words: a typo is
    judged against the language's words, not the project's."""
    import jieba

    tokenizer = jieba.Tokenizer()
    tokenizer.initialize()
    return tokenizer


@lru_cache(maxsize=8192)
def _sound(char: str) -> str:
    """The toneless pinyin of one character ("" when unknown)."""
    import jionlp

    read = jionlp.pinyin(char, formater="simple")
    syllable = read[0] if read else ""
    return "" if syllable.startswith("<") else syllable.rstrip("012345")


def _word(bigram: str) -> bool:
    return dictionary_word(bigram)


def dictionary_word(word: str) -> bool:
    """`word` is a word of jieba's default dictionary, not a rare or prefix entry (`_WORD_MIN`)."""
    return int(_tokenizer().FREQ.get(word) or 0) >= _WORD_MIN


# A word jieba's dictionary lacks may still be a word: 油鱼 (escolar) is no typo of 鱿鱼 (squid).
# jionlp's word counts over a large segmented corpus say so: such a word is counted often, and
# often next to the word it sounds like (油鱼 409 against 鱿鱼 3938). A slip (忙果, 架照) is not
# counted at all, and a piece the corpus's segmenter cut off (会记 of 会记得: 352) is rare next to
# the word meant (会计: 159451).
_CORPUS_MIN = 100
_CORPUS_SHARE = 0.01


@lru_cache(maxsize=1)
def _corpus_counts() -> dict[str, int]:
    from jionlp.dictionary.dictionary_loader import word_distribution_loader

    return {w: int(info["total_num"]) for w, info in word_distribution_loader().items() if len(w) == 2}


def _known(bigram: str, other: str) -> bool:
    """`bigram` is a word of the language, not a slip for `other`: in jieba's dictionary, or counted
    in jionlp's corpus often enough, and often enough next to `other` (see `_CORPUS_SHARE`)."""
    counts = _corpus_counts()
    count = counts.get(bigram, 0)
    return _word(bigram) or (count >= _CORPUS_MIN and count >= _CORPUS_SHARE * counts.get(other, 0))


@lru_cache(maxsize=4096)
def _alone(text: str) -> frozenset[int]:
    """Positions of `text` whose character jieba cuts as a word of its own (no dictionary HMM guess)."""
    out: set[int] = set()
    at = 0
    for token in _tokenizer().lcut(text, HMM=False):
        if len(token) == 1:
            out.add(at)
        at += len(token)
    return frozenset(out)


@lru_cache(maxsize=4096)
def _cut_words(text: str) -> frozenset[str]:
    return frozenset(_tokenizer().lcut(text, HMM=False))


@lru_cache(maxsize=4096)
def homophone_typos(text: str, other: str) -> dict[str, str]:
    """Two-character spans of `text` that mistype a word of `other` (see the module docstring),
    each mapped to the word as `other` writes it."""
    out: dict[str, str] = {}
    alone, words = _alone(text), _cut_words(other)
    for i, c in enumerate(text):
        if not is_cjk(c) or i not in alone or not _sound(c):
            continue
        for j, d in enumerate(other):
            if normalise(d) == normalise(c) or not is_cjk(d) or _sound(d) != _sound(c):  # 過 / 过: one character
                continue
            for typo, meant in _contexts(text, i, other, j):
                if not _known(typo, meant) and _word(meant) and any(meant in w for w in words):
                    out[typo] = meant
    return out


def _contexts(text: str, i: int, other: str, j: int) -> list[tuple[str, str]]:
    """The bigrams around position i of `text` and j of `other`, when both neighbours agree (the same
    character, or each text's edge or a mark on both sides): 是五月 / 十五号 share one neighbour only."""
    before, after = _beside(text, i - 1, other, j - 1), _beside(text, i + 1, other, j + 1)
    if not (before and after):
        return []
    out = []
    if is_cjk(_at(text, i - 1)):
        out.append((text[i - 1 : i + 1], other[j - 1 : j + 1]))
    if is_cjk(_at(text, i + 1)):
        out.append((text[i : i + 2], other[j : j + 2]))
    return out


def _at(text: str, i: int) -> str:
    return text[i] if 0 <= i < len(text) else ""


def _beside(text: str, i: int, other: str, j: int) -> bool:
    x, y = _at(text, i), _at(other, j)
    return x == y or not (is_cjk(x) or is_cjk(y) or x.isalnum() or y.isalnum())


# --- one measure in two units: 五公斤 / 10斤, 半小时 / 30分钟, 两公里 / 2000米
# Chinese units of one dimension, each as a multiple of the smallest (a closed class: weight in
# grams, time in minutes, length in metres). 克 and 米 count only after a numeral (米 is rice).
_SCALE = {
    "公斤": ("weight", 1000.0),
    "千克": ("weight", 1000.0),
    "斤": ("weight", 500.0),
    "克": ("weight", 1.0),
    "小时": ("time", 60.0),
    "钟头": ("time", 60.0),
    "分钟": ("time", 1.0),
    "公里": ("length", 1000.0),
    "千米": ("length", 1000.0),
    "米": ("length", 1.0),
}
_NUMERAL = r"\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千万]+"
_MEASURE = re.compile(rf"(?:({_NUMERAL})\s*(个)?(半)?|(半)个?)\s*(公斤|千克|斤|克|小时|钟头|分钟|公里|千米|米)")


def _measures(text: str) -> tuple[list[tuple[str, float, str]], set[str], str]:
    """Each measure of `text` as (dimension, amount in the smallest unit, as written), the units
    named, and the text with the measures taken out."""
    found: list[tuple[str, float, str]] = []
    named: set[str] = set()
    for m in _MEASURE.finditer(text):
        numeral, _, half, bare_half, unit = m.groups()
        if numeral is None and unit in ("克", "米"):
            continue
        dimension, scale = _SCALE[unit]
        value = 0.5 if bare_half else _amount(numeral) + (0.5 if half else 0.0)
        found.append((dimension, value * scale, m.group(0)))
        named.add(unit)
    return sorted(found), named, _MEASURE.sub(" ", text)


def _amount(numeral: str) -> float:
    try:
        return float(zh_number(numeral))
    except ValueError:
        return float("nan")


def converted_measures(text: str, other: str) -> dict[str, str]:
    """Each measure of `text` written as `other` writes the same amount (see `measures_converted`),
    so the unit and number checks read one measure; nothing when the amounts are not one."""
    if not measures_converted(text, other):
        return {}
    mine, theirs = _measures(text)[0], _measures(other)[0]
    return {x[2]: y[2] for x, y in zip(mine, theirs, strict=True) if x[2] != y[2]}


@lru_cache(maxsize=4096)
def measures_converted(a: str, b: str) -> bool:
    """Both texts say their measures in units of one dimension, in other units, and the amounts are
    one amount once converted (五公斤 / 10斤: 5000 g each; 半小时 / 30分钟); every other number of
    the two texts agrees. 五公斤 / 五斤 and 半小时 / 20分钟 are two amounts."""
    (ma, ua, ra), (mb, ub, rb) = _measures(a), _measures(b)
    if not ma or not mb or ua == ub or len(ma) != len(mb):
        return False
    same = all(x[0] == y[0] and math.isclose(x[1], y[1]) for x, y in zip(ma, mb, strict=True))
    return same and numbers_agree(signature(ra), signature(rb))


def preposition_glued(u: str, v: str) -> bool:
    """jieba cut 在 with the one-character place after it (在家, 在校): the word says where, not a
    sort of that place, so it names no sibling of a word ending in the same character (在家 / 居家,
    在校 / 学校). 老家 / 在家 and 回家 / 在家 are still read by the other checks."""
    return any(
        len(x) == 2 and x[0] == "在" and len(y) >= 2 and y[-1] == x[1] and y[0] != "在" for x, y in ((u, v), (v, u))
    )


def places_written_apart(x: Signature, y: Signature) -> bool:
    """The places differ only in how they are cut: a place of the lexicon's that is a city and its
    district written together (北京朝阳) against the city and the district written apart (北京市朝阳区,
    where 朝阳区 is no place of the lexicon's): each place one text alone names either begins with a
    place the other names and the rest of it (two characters or more) is in the other text, or is
    that head of a place the other names so. 北京朝阳 / 北京市海淀区 names another district."""
    only_x, only_y = x.places - y.places, y.places - x.places
    together = {p for mine, other in ((only_x, y), (only_y, x)) for p in mine if _apart(p, other)}
    heads = {p for p in only_x | only_y if any(t.startswith(p) for t in together)}
    return bool(only_x or only_y) and only_x | only_y == together | heads


def _apart(place: str, other: Signature) -> bool:
    return any(
        place.startswith(q) and len(place) - len(q) >= 2 and place[len(q) :] in other.text
        for q in other.places
        if q != place
    )


# 不好 said of a thing, where a clause ends (睡眠不好，…): not 不好吃 / 不好意思 / 不好说
_NOT_GOOD = re.compile(r"不好(?=$|[，。,.;；！!？?、])")


def poorly_said(a: str, b: str, negated: Callable[[str], bool]) -> bool:
    """One text says a thing is 不好 (not good) and the other says it is 差 (poor): the negation is
    the adjective's, so the negation check reads 不好 as 差 and finds nothing else negated on one side
    alone (睡眠不好 / 睡眠质量差). 睡眠不好 / 睡眠很好 says no 差, and stays negated on one side."""
    for x, y in ((a, b), (b, a)):
        if _NOT_GOOD.search(x) and not _NOT_GOOD.search(y) and "差" in y and "好" not in y:
            return negated(_NOT_GOOD.sub("差", x)) == negated(y)
    return False


# a model year written short: 18款 is the 2018 model (款 says a model year; 18年 may be eighteen years)
_MODEL_YEAR = re.compile(r"(?<![\d.])(\d{2})(?=年?款)")


def model_years(text: str, other: str) -> dict[str, str]:
    """Each model year `text` writes with two digits (18款) that `other` writes whole of the thing
    (2018年的, 2018款, 2018年产), written whole; nothing when `other` has no such year. A year said of
    a deed (2018年买的: the year bought, seventeenth round's review) is no model year."""
    out = {}
    for m in _MODEL_YEAR.finditer(text):
        whole = next(
            (c + m.group(1) for c in ("20", "19") if re.search(rf"(?<!\d){c}{m.group(1)}(?=年?款|年的|年产)", other)),
            None,
        )
        if whole is not None:
            out[m.group(1) + text[m.end() : m.end() + 1]] = whole + text[m.end() : m.end() + 1]
    return out
