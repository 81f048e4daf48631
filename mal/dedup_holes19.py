"""Nineteenth round's holes: near misses that passed every veto, merged by the word rules or, at
~0.99, by the learned layer (which then shut itself: a near miss it must score above every
restatement leaves no threshold that merges anything).

  * `negation_moved` - one negation in each text, on different words: 我不能喝牛奶，乳糖不耐受 /
                       我能喝牛奶，不是乳糖不耐受. The negation check counts negations, and both texts
                       have as many. Each text negating a phrase (never said plainly there) that the
                       other says plainly (and never negates) is the negation moved.
  * `model_suffix` - a number with a model's letters on it against the bare number or other
                     letters: Pixel 8 / Pixel 8a. The numbers read "8" in both and drop the "a" as an
                     article. Units, ordinals and the clock's am / pm are no model's letters.
  * `progressive_past` - a plan said in the progressive against the deed in the past: "is getting
                         married in June" / "got married in June", "are moving" / "moved". The
                         tense check reads a past form only right after its subject, not after a
                         name ("My sister Priya got married").
  * `remaining_elapsed` - a span still to go against a span gone by: 房贷还有十五年还完 /
                          房贷已经还了十五年, "5 years left on" / "for 5 years". The numbers and
                          units agree; only the words around them say which way the span runs.

Pure functions over two texts as the family checks read them (mal/dedup.py `first_person`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal.dedup_families import _base, _past
from mal.dedup_text import flat as _flat
from mal.dedup_text import opposed

__all__ = ["CHECKS", "differs", "model_suffix", "negation_moved", "progressive_past", "remaining_elapsed"]

# --- one negation in each text, on different words
# 不 in words that negate nothing said after them: 不过 "but", 不错 "good", 不少 "many", ...
_NEGATOR_ZH = r"(?:没有|不|没|未)(?!过|错|少|然|但|仅|管|如|同|久|一定|得不|用谢|来)"
# a negated copula negates what follows it: 不是乳糖不耐受 negates 乳糖…, not 是乳
_NEGATED_ZH = re.compile(rf"{_NEGATOR_ZH}(?:是)?([\u4e00-\u9fff]{{2}})")
_NEGATOR_EN = r"\b(?:not|never|cannot|\w+n't)\s+(?:be\s+)?"
_NEGATED_EN = re.compile(rf"{_NEGATOR_EN}([a-z]{{3,}})\b")


def _negated(text: str) -> set[str]:
    """The phrases `text` negates: the two characters after a Chinese negator (and its 是), the
    word after an English one (and its "be")."""
    return {m.group(1) for p in (_NEGATED_ZH, _NEGATED_EN) for m in p.finditer(text)}


def _plain(text: str, phrase: str) -> bool:
    """`text` says `phrase` with no negation right before it."""
    english = re.fullmatch(r"[a-z]+", phrase) is not None
    found = re.finditer(rf"\b{phrase}\b" if english else re.escape(phrase), text)
    before = re.compile(rf"{_NEGATOR_EN}$" if english else rf"{_NEGATOR_ZH}(?:是)?$")
    return any(not before.search(text[: m.start()]) for m in found)


def _moved(s: str, t: str, ns: set[str], nt: set[str]) -> bool:
    """`s` negates a phrase that `t` says plainly and never negates, and never says it plainly itself."""
    return any(p not in nt and _plain(t, p) and not _plain(s, p) for p in ns)


def negation_moved(a: str, b: str) -> bool:
    """Each text negates a phrase the other says plainly (see the module docstring): the negation
    moved from one to the other. One way only is a rewording ("I don't drink coffee" / "Coffee
    isn't something I drink")."""
    x, y = _flat(a), _flat(b)
    nx, ny = _negated(x), _negated(y)
    return _moved(x, y, nx, ny) and _moved(y, x, ny, nx)


# --- a model's letters on a number
_CODE = re.compile(r"(?<![\w.])(\d+)([a-z]{1,3})(?![\w.])")
# letters on a number that are a unit, an ordinal, the clock or a decade, never a model
_NOT_MODEL = frozenset(
    (
        *("am", "pm", "st", "nd", "rd", "th", "s", "k", "m", "h", "hr", "hrs", "min", "yo", "x", "ish"),
        *("kg", "km", "cm", "mm", "g", "l", "ml", "lb", "lbs", "oz", "ft", "mi", "mb", "gb", "tb", "d", "w"),
        *("mg", "mcg", "ug", "iu", "kb", "mph", "kph", "hz", "ghz", "mp", "p", "v", "mah", "yr", "yrs", "wk"),
    )
)
_BARE = re.compile(r"(?<![\w.])(\d+)(?![\w.])")


def _codes(text: str) -> set[tuple[str, str]]:
    return {(m.group(1), m.group(2)) for m in _CODE.finditer(text) if m.group(2) not in _NOT_MODEL}


def _said_numbers(text: str) -> set[str]:
    """Every number `text` says, bare or with letters on it."""
    return {m.group(1) for m in _BARE.finditer(text)} | {m.group(1) for m in _CODE.finditer(text)}


def model_suffix(a: str, b: str) -> bool:
    """One text puts a model's letters on a number the other says bare or with other letters."""
    x, y = _flat(a), _flat(b)
    cx, cy = _codes(x), _codes(y)
    return any(
        code not in ct and code[0] in _said_numbers(t) and not re.search(rf"(?<![\w.]){code[0]} {code[1]}\b", t)
        for s, t, cs, ct in ((x, y, cx, cy), (y, x, cy, cx))
        for code in cs
    )


# --- a plan in the progressive against the deed in the past
_PROGRESSIVE = re.compile(r"\b(?:am|is|are|'m|'s|'re)\s+(?:\w+ly\s+|still\s+|also\s+)?([a-z]{3,}ing)\b")
_WORDS = re.compile(r"[a-z]+")


def _progressive(text: str) -> set[str]:
    return {_base(m.group(1)) for m in _PROGRESSIVE.finditer(text)}


def _pasts(text: str) -> set[str]:
    return {p for w in _WORDS.findall(text) if (p := _past(w))}


def progressive_past(a: str, b: str) -> bool:
    """One text says a verb in the progressive and not in the past, the other the same verb in the
    past and not in the progressive."""
    x, y = _flat(a), _flat(b)
    px, py, dx, dy = _progressive(x), _progressive(y), _pasts(x), _pasts(y)
    return bool((px - dx) & (dy - py) or (py - dy) & (dx - px))


# --- a span to go against a span gone by
_NUM_ZH = r"[\d一二两三四五六七八九十百半几]+"
_UNIT_ZH = r"(?:个)?(?:年|月|周|星期|天|期)"
_LEFT_ZH = rf"(?:还有|还剩|剩下|剩|还要|再过|再)(?:大概|差不多|将近)?{_NUM_ZH}{_UNIT_ZH}"
_GONE_ZH = rf"已经?[^，。,.;；]{{0,6}}?{_NUM_ZH}{_UNIT_ZH}|了{_NUM_ZH}{_UNIT_ZH}|{_NUM_ZH}{_UNIT_ZH}了"
_NUM_EN = r"(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
_UNIT_EN = r"(?:years?|months?|weeks?|days?)"
_LEFT_EN = (
    rf"\b{_NUM_EN} (?:more )?{_UNIT_EN} (?:left|to go|remaining)\b|\b{_NUM_EN} more {_UNIT_EN}\b|"
    rf"\banother {_NUM_EN}? ?{_UNIT_EN}\b"
)
_GONE_EN = rf"\bfor (?:the (?:past|last) )?{_NUM_EN} {_UNIT_EN}\b|\b{_NUM_EN} {_UNIT_EN} (?:ago|now|already|so far)\b"
_LEFT = re.compile(f"{_LEFT_ZH}|{_LEFT_EN}")
_GONE = re.compile(f"{_GONE_ZH}|{_GONE_EN}")


def remaining_elapsed(a: str, b: str) -> bool:
    """One text says a span is left, the other that a span has gone by, each only its own."""
    return opposed(_flat(a), _flat(b), _LEFT, _GONE)


def differs(a: str, b: str) -> bool:
    """Any family above tells the texts apart."""
    return any(check(a, b) for _, check in CHECKS)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("negation_moved", negation_moved),
    ("model_suffix", model_suffix),
    ("progressive_past", progressive_past),
    ("remaining_elapsed", remaining_elapsed),
)
