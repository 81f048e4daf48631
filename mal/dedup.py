"""Do two memories say the same thing? The agreement check that guards dedup.

A vector cosine alone cannot tell "舅舅教Lisa做草莓蛋糕" from "爷爷教Lisa制作红丝绒蛋糕": MiniLM puts
them at 0.95+, and even multilingual-e5 puts near-misses that differ in one word above most true
paraphrases. Merging two different events loses one of them from every answer, while keeping a true
duplicate twice only costs a little ranking, so this check is deliberately one-sided: a memory
reinforces another only when nothing in either text says otherwise.

Two memories agree when
  * they are of the same kind and their structured slots (parsers/kinds.py) are equal, free-text
    slots aside (those are the user's words, compared below);
  * the people (relatives, friends, pronouns), numbers, times, names (capitalised or Latin words)
    and places they mention are the same sets, and both or neither are negated;
  * every content word one text has and the other lacks is explained: a filler ("really", "了"), an
    interchangeable word (SYNONYMS: 做/制作, love/like), an English typo (one edit in a long word),
    or a Chinese segmentation difference (the word occurs in the other text as is).

Pure functions over text, no I/O: the write path calls `agree`, the benchmark and the tests call it
on labelled pairs.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from mal.dedup_lexicon import (
    FILLERS_EN,
    FILLERS_ZH,
    NEGATIONS_EN,
    NEGATIONS_ZH,
    NUMBER_WORDS_EN,
    PEOPLE_EN,
    PEOPLE_ZH,
    SYNONYMS,
    TIME_WORDS_EN,
    TIME_WORDS_ZH,
)
from mal.models import Memory
from parsers.lexicon import PLACES_ZH

__all__ = ["Signature", "agree", "agree_texts", "signature", "slots_agree"]

# Slots that hold the user's own words rather than a normalised value: compared as text.
_TEXT_SLOTS = frozenset(("content", "task", "topic", "note"))
_TYPO_MIN_LEN = 7  # shorter words differ by one letter too often (bread / break, prices / prizes)
_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_SEGMENTS = re.compile(rf"[{_CJK}]+|[^{_CJK}]+")
_EN_TOKEN = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
_ZH_NUMERAL = re.compile(r"[零〇一二两三四五六七八九十百千万亿]+")
# Words containing a numeral or a negation character that are neither a number nor a negation.
_ZH_NOT_NUMBERS = (
    *("一起", "一些", "一点", "一下", "一直", "一定", "一样", "一般", "一切", "一边", "一向", "一致", "一会"),
    *("一阵", "一旦", "唯一", "统一", "万一", "千万", "一共", "一半", "万分", "十分", "百分", "三明治", "一家人"),
)
_ZH_NOT_NEGATIONS = (
    *("不错", "不过", "无论", "非常", "未来", "莫名", "不得不", "没准", "差不多", "不管", "别人", "别的"),
    *("无聊", "非洲", "不久", "不少", "不断", "不仅", "没事", "不用谢", "不好意思", "无线", "非得"),
)
_CONTRACTIONS = (
    (re.compile(r"\bcan't\b", re.IGNORECASE), "can not"),
    (re.compile(r"\bwon't\b", re.IGNORECASE), "will not"),
    (re.compile(r"n't\b", re.IGNORECASE), " not"),
    (re.compile(r"'(s|m|re|ve|ll|d)\b", re.IGNORECASE), ""),
)


@dataclass(frozen=True)
class Signature:
    """What a text commits to: the hard sets must be equal, `words` may differ only explainably."""

    people: frozenset[str]
    numbers: frozenset[str]
    times: frozenset[str]
    names: frozenset[str]
    places: frozenset[str]
    negated: bool
    words: frozenset[str]
    text: str  # the normalised text, to explain Chinese segmentation differences


def normalise(text: str) -> str:
    """Width (NFKC), case, traditional -> simplified; punctuation is dropped by the tokenisers."""
    return _to_simplified(unicodedata.normalize("NFKC", text)).casefold()


def signature(text: str) -> Signature:
    folded = unicodedata.normalize("NFKC", text)
    simplified = _to_simplified(folded)
    acc = _Acc()
    for segment in _SEGMENTS.findall(simplified):
        if re.match(rf"[{_CJK}]", segment):
            _zh(segment, acc)
        else:
            _en(segment, acc)
    return Signature(
        frozenset(acc.people),
        frozenset(acc.numbers),
        frozenset(acc.times),
        frozenset(acc.names),
        frozenset(acc.places),
        acc.negated,
        frozenset(acc.words),
        simplified.casefold(),
    )


def agree_texts(a: str, b: str) -> bool:
    """Two texts say the same thing (see the module docstring for what that means)."""
    return _signatures_agree(_cached_signature(a), _cached_signature(b))


def slots_agree(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Equal structured slots; free-text slots and their surface forms (`*_text`) are left to the text check."""
    return _structured(a) == _structured(b)


def agree(a: Memory, b: Memory) -> bool:
    """`b` may reinforce `a`: same kind, same structured slots, and the user's words agree."""
    if a.kind != b.kind or not slots_agree(a.slots, b.slots):
        return False
    return agree_texts(a.text or a.summary, b.text or b.summary)


# -- internals --------------------------------------------------------------------------------
@dataclass
class _Acc:
    people: set[str] = field(default_factory=set)
    numbers: set[str] = field(default_factory=set)
    times: set[str] = field(default_factory=set)
    names: set[str] = field(default_factory=set)
    places: set[str] = field(default_factory=set)
    words: set[str] = field(default_factory=set)
    negated: bool = False


def _signatures_agree(a: Signature, b: Signature) -> bool:
    if (a.people, a.numbers, a.times, a.places, a.negated) != (b.people, b.numbers, b.times, b.places, b.negated):
        return False
    only_a, only_b = a.words - b.words, b.words - a.words
    if not (a.words & b.words) and (only_a or only_b):
        return False  # nothing in common but fillers and hard facts: not enough to call it the same
    names = a.names | b.names
    return all(_explained(w, only_b, b.text, names) for w in only_a) and all(
        _explained(w, only_a, a.text, names) for w in only_b
    )


def _explained(word: str, others: frozenset[str], other_text: str, names: frozenset[str]) -> bool:
    """A content word the other text lacks is harmless only as a typo or a segmentation split.
    Names never are (Tom / Tim), nor short words (bread / break, fight / flight)."""
    if _is_cjk(word):
        # jieba cut the other text differently: 红丝绒蛋糕 vs 红丝绒 / 蛋糕, 跑步 vs 跑 ... 步
        return word in other_text or set(word) <= {c for o in others for c in o}
    if word in names or len(word) < _TYPO_MIN_LEN:
        return False
    return any(len(o) >= _TYPO_MIN_LEN and o not in names and _one_edit(word, o) for o in others)


def _one_edit(a: str, b: str) -> bool:
    """Damerau distance <= 1 (one insertion, deletion, substitution or adjacent swap)."""
    if abs(len(a) - len(b)) > 1:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1 :] == b[i + 1 :] or (a[i + 2 :] == b[i + 2 :] and a[i : i + 2] == b[i : i + 2][::-1])
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return longer[i + 1 :] == shorter[i:]


def _zh(segment: str, acc: _Acc) -> None:
    """jieba words (lexicon terms are in its dictionary, so 外婆 stays one word and is not 婆)."""
    for token in _jieba().lcut(segment):
        _zh_token(token.strip(), acc)


def _zh_token(token: str, acc: _Acc) -> None:
    if len(token) > 1 and token.startswith("我") and token not in _zh_terms():
        token = token[1:]  # jieba glues 我 to the next word (我要, 我妈): the speaker is implicit
    if not token:
        return
    term = _zh_terms().get(token)
    if term is not None:
        getattr(acc, term[0]).add(term[1])
        return
    if token in _ZH_NOT_NUMBERS or token in _ZH_NOT_NEGATIONS or token in SYNONYMS:
        token = SYNONYMS.get(token, token)
        if token not in FILLERS_ZH:
            acc.words.add(token)
        return
    for numeral in _ZH_NUMERAL.findall(token):
        value = _zh_number(numeral)
        if value != "1":  # a lone 一 is an article (一个蛋糕, 买了台电脑 say the same), not a count
            acc.numbers.add(value)
    token = _ZH_NUMERAL.sub("", token)
    if token and (token[0] in NEGATIONS_ZH or "不" in token or "没" in token):
        acc.negated = True  # 不, 没去, 吃不下
        token = "".join(c for c in token if c not in NEGATIONS_ZH)
    token = SYNONYMS.get(token, token)
    if token and token not in FILLERS_ZH:
        acc.words.add(token)


def _en(segment: str, acc: _Acc) -> None:
    """Latin-script text (English, or names and terms inside Chinese)."""
    text = segment.replace("\u2019", "'")
    for pattern, repl in _CONTRACTIONS:
        text = pattern.sub(repl, text)
    for digits in _DIGITS.findall(text):
        acc.numbers.add(_number(digits.replace(",", "")))
    text = _DIGITS.sub(" ", text)
    for raw in _EN_TOKEN.findall(text):
        low = raw.lower().replace("'", "")
        if low in NEGATIONS_EN:
            acc.negated = True
        elif low in PEOPLE_EN:
            acc.people.add(PEOPLE_EN[low])
        elif low in TIME_WORDS_EN:
            acc.times.add(TIME_WORDS_EN[low])
        elif low in NUMBER_WORDS_EN:
            acc.numbers.add(_number(str(NUMBER_WORDS_EN[low])))
        elif low in SYNONYMS:
            acc.words.add(SYNONYMS[low])
        elif low in FILLERS_EN:
            continue
        elif raw[0].isupper() and low != "i":
            acc.names.add(low)  # Tom vs Tim is a different person: never explained away as a typo
            acc.words.add(low)
        else:
            acc.words.add(_stem(low))


def _stem(word: str) -> str:
    """Plurals only: tenses can be a different event (visit / visited)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _number(text: str) -> str:
    value = float(text) if text.replace(".", "", 1).isdigit() else None
    if value is None:
        return text
    return str(int(value)) if value.is_integer() else str(value)


def _zh_number(numeral: str) -> str:
    import cn2an

    try:
        return _number(str(cn2an.cn2an(numeral, "smart")))
    except (ValueError, KeyError, IndexError):
        return numeral


def _is_cjk(word: str) -> bool:
    return bool(re.match(rf"[{_CJK}]", word))


@lru_cache(maxsize=1)
def _zh_terms() -> dict[str, tuple[str, str]]:
    terms = {t: ("places", t) for t in PLACES_ZH}
    terms.update({t: ("times", v) for t, v in TIME_WORDS_ZH.items()})
    terms.update({t: ("people", v) for t, v in PEOPLE_ZH.items()})
    return terms


@lru_cache(maxsize=1)
def _jieba() -> Any:
    """A private tokenizer: the parser adds its own words to jieba's global one, and the check must
    cut a text the same way whatever else has run in the process."""
    import jieba

    jieba.setLogLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()
    for word in (*_zh_terms(), *_ZH_NOT_NUMBERS, *_ZH_NOT_NEGATIONS, *(w for w in SYNONYMS if _is_cjk(w))):
        tokenizer.add_word(word, freq=200_000)
    return tokenizer


@lru_cache(maxsize=4096)
def _to_simplified(text: str) -> str:
    if not re.search(rf"[{_CJK}]", text):
        return text
    import jionlp

    return str(jionlp.tra2sim(text, mode="char"))


@lru_cache(maxsize=4096)
def _cached_signature(text: str) -> Signature:
    return signature(text)


def _structured(slots: Mapping[str, Any]) -> dict[str, str]:
    return {
        key: _slot_value(value)
        for key, value in slots.items()
        if key not in _TEXT_SLOTS and not key.endswith("_text") and value not in (None, "")
    }


def _slot_value(value: Any) -> str:
    """ "aisle seats" and "Aisle seat" are one value; 800 and 800.0 too."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return _number(str(float(value)))
    words = normalise(str(value)).split()
    return " ".join(_stem(w) for w in words if w not in ("a", "an", "the")) or " ".join(words)
