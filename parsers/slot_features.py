"""Tokens, tags and features of the learned slot tagger (parsers/slot_tagger.py).

Tokens are Chinese characters one by one and Latin words (letters, digits, inner ' - .): a
character tagger does not depend on where jieba cuts an unseen name, and jieba's cut is given to it
as a feature instead (position of the character in jieba's word). Tags are BIO over span-valued
slots typed by what the span is (`profile.job`, `preference.dislike`, `travel_plan.arrival`, ...);
normalised slots (dates, amounts, diet, age, polarity) are left to the rules. The rules' own output
is a feature: a token inside a value a rule extracted carries that rule's slot, so the tagger
learns where rules are right and what they miss.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from parsers.lexicon import CONDITIONS_EN, CONDITIONS_ZH, LANGUAGES, PLACES_ZH, RELATIVES_EN, RELATIVES_ZH
from parsers.places import MORE_PLACES_ZH

__all__ = ["TAGGED", "Token", "features", "span_tag", "tokens", "value_tokens"]

Token = tuple[str, int, int]  # text, start, end (character offsets)
_TOKEN = re.compile(r"[A-Za-z0-9]+(?:['’.\-&][A-Za-z0-9]+)*|[\u3400-\u9fff]|\S")
# Span-valued slots the tagger reads, by intent; a profile slot is typed by its field.
TAGGED = {
    "profile": ("job", "city", "employer", "pet", "name", "hometown", "device"),
    "family_health": ("condition", "allergen", "medication"),
    "travel_plan": ("departure", "arrival"),
}
_ALLERGY = {"过敏", "allergy", "allergies"}


def tokens(text: str) -> list[Token]:
    return [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def span_tag(intent: str, slots: dict[str, Any]) -> list[tuple[str, str]]:
    """(tag, verbatim value) pairs a fact holds: what the tagger learns and what it can add."""
    out: list[tuple[str, str]] = []
    if intent == "preference" and slots.get("polarity") in ("like", "dislike") and slots.get("item"):
        out.append((f"preference.{slots['polarity']}", str(slots["item"])))
    elif intent == "profile" and slots.get("field") in TAGGED["profile"] and slots.get("value"):
        out.append((f"profile.{slots['field']}", str(slots["value"])))
    elif intent in ("family_health", "travel_plan"):
        for key in TAGGED[intent]:
            value = slots.get(key)
            if isinstance(value, str) and value and value.lower() not in _ALLERGY:
                out.append((f"{intent}.{key}", value))
    return out


def value_tokens(toks: list[Token], text: str, value: str, taken: set[int]) -> list[int] | None:
    """Indices of the tokens that exactly cover the first free occurrence of `value` (case-insensitive),
    or None when the value is not a whole-token substring of the text."""
    low, needle = text.lower(), value.lower().strip()
    if not needle:
        return None
    start = low.find(needle)
    while start >= 0:
        end = start + len(needle)
        idx = [i for i, t in enumerate(toks) if t[1] < end and t[2] > start]
        if idx and toks[idx[0]][1] == start and toks[idx[-1]][2] == end and not taken & set(idx):
            return idx
        start = low.find(needle, start + 1)
    return None


@lru_cache(maxsize=1)
def _gazetteer() -> tuple[re.Pattern[str], dict[str, str], dict[str, str]]:
    zh: dict[str, str] = {}
    for words, label in (
        (PLACES_ZH + MORE_PLACES_ZH, "PLACE"),
        (CONDITIONS_ZH, "COND"),
        (list(RELATIVES_ZH), "REL"),
        ([w for w in LANGUAGES if not w.isascii()], "LANG"),
    ):
        for w in words:
            zh.setdefault(w, label)
    pattern = re.compile("|".join(re.escape(w) for w in sorted(zh, key=len, reverse=True)))
    en = {w.lower(): "REL" for w in RELATIVES_EN} | {w.lower(): "LANG" for w in LANGUAGES if w.isascii()}
    for c in CONDITIONS_EN:
        en.setdefault(c.split()[-1].lower(), "COND")
    return pattern, zh, en


def _jieba_marks(text: str, toks: list[Token]) -> list[str]:
    """For each Chinese character, its place in jieba's word (B/M/E/S) and the word's length."""
    import jieba

    from parsers.nlp import pipeline

    pipeline("zh")  # loads the gazetteer into jieba's dictionary once
    where: dict[int, str] = {}
    pos = 0
    for word in jieba.lcut(text, HMM=False):
        n = len(word)
        for k in range(n):
            where[pos + k] = "S" if n == 1 else "B" if k == 0 else "E" if k == n - 1 else "M"
        where[pos] = where[pos] + str(min(n, 4))
        pos += n
    return [where.get(t[1], "") for t in toks]


def _shape(word: str) -> str:
    shape = re.sub(r"[A-Z]+", "A", re.sub(r"[a-z]+", "a", re.sub(r"[0-9]+", "9", word)))
    return "CJK" if re.match(r"[\u3400-\u9fff]", word) else shape[:4]


def features(text: str, toks: list[Token], rule_spans: Iterable[tuple[str, str]]) -> list[list[str]]:
    """Binary features per token: the word and its shape, a window of +-2, jieba's cut, gazetteer
    membership, and the rules' own extraction (`rule_spans`: (tag, value) the rules read)."""
    words = [t[0].lower() for t in toks]
    n = len(toks)
    zh = any(w == "CJK" for w in map(_shape, words[:50]))
    marks = _jieba_marks(text, toks) if zh else [""] * n
    gaz = [""] * n
    pattern, names, en = _gazetteer()
    for m in pattern.finditer(text) if zh else ():
        idx = [i for i, t in enumerate(toks) if m.start() <= t[1] < m.end()]
        for k, i in enumerate(idx):
            gaz[i] = ("B-" if k == 0 else "I-") + names[m.group()]
    for i, w in enumerate(words):
        if w in en:
            gaz[i] = "B-" + en[w]
    ruled = [""] * n
    taken: set[int] = set()
    for tag, value in rule_spans:
        covered = value_tokens(toks, text, value, taken)
        for k, i in enumerate(covered or ()):
            ruled[i] = ("B-" if k == 0 else "I-") + tag
            taken.add(i)
    out: list[list[str]] = []
    for i, w in enumerate(words):
        f = ["b", "w=" + w, "s=" + _shape(toks[i][0])]
        if w.isascii() and len(w) > 3:
            f += ["p3=" + w[:3], "x3=" + w[-3:], "x2=" + w[-2:]]
        for d in (-2, -1, 1, 2):
            j = i + d
            f.append(f"w{d}=" + (words[j] if 0 <= j < n else ("<s>" if j < 0 else "</s>")))
        f.append("b-1=" + (words[i - 1] if i else "<s>") + "|" + w)
        f.append("b+1=" + w + "|" + (words[i + 1] if i + 1 < n else "</s>"))
        if marks[i]:
            f.append("j=" + marks[i])
        if gaz[i]:
            f.append("g=" + gaz[i])
        if ruled[i]:
            f += ["r=" + ruled[i], "rt=" + ruled[i][2:]]
        for d in (-1, 1):
            j = i + d
            if 0 <= j < n and ruled[j]:
                f.append(f"r{d}=" + ruled[j][2:])
        out.append(f)
    return out
