"""Twentieth round's holes in dev9: near misses that passed every veto (the last round's notes named
them; dev9 is development data, not trained on).

  * `part_distance` - a race or a course said whole against a part of it: 马拉松 / 半程马拉松 (半马),
    "marathon" / "half marathon". The extra word was read as a light modifier.
  * `me_too` - one text adds the user to someone else's fact: 我女儿对花生过敏 / 我女儿对花生过敏，我也是,
    "My son is allergic to cats" / "..., and so am I". The signature's people do not count the user.
  * `admitted` - admitted against preparing for the exam: 考上研究生 / 准备考研究生, "got into grad
    school" / "preparing for the grad school exam".
  * `exception` - an exception against one more excluded thing: "doesn't eat meat, except fish" /
    "doesn't eat meat or fish" (the same words, one says fish is eaten).
  * `negated_item` - which of two things is refused: "milk, no sugar" / "sugar, no milk".
  * `how_much_paid` - paying a bill in full against the minimum: "in full" / "the minimum", 全额 / 最低.

Pure functions over two texts as the family checks read them (mal/dedup.py `first_person`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal.dedup_text import flat

__all__ = ["CHECKS", "differs"]


def _one_sided(a: str, b: str, pattern: re.Pattern[str]) -> bool:
    return bool(pattern.search(a)) != bool(pattern.search(b))


# --- a part of a race or a course
_PART = re.compile(r"半程|半马|迷你马拉松|\bhalf[- ]marathon\b|\bhalf[- ]ironman\b|\b10k\b")
_WHOLE = re.compile(r"马拉松|\bmarathon\b|\bironman\b")


def part_distance(a: str, b: str) -> bool:
    """Both name the race; one alone names a part of it."""
    x, y = flat(a), flat(b)
    return (
        bool(_WHOLE.search(x) or _PART.search(x))
        and bool(_WHOLE.search(y) or _PART.search(y))
        and (_one_sided(x, y, _PART))
    )


# --- the user added to someone else's fact
_ME_TOO = re.compile(
    r"我也(?:是|一样|过敏|有|这样)|(?:,|，)\s*我也|\b(?:and )?so (?:am|do|have|did) i\b"
    r"|\bme too\b|\bi do too\b|\bi am too\b|\bi'm (?:also|too)\b|\bas am i\b"
)


def me_too(a: str, b: str) -> bool:
    """One text alone says the user too ("…，我也是", "and so am I")."""
    return _one_sided(flat(a), flat(b), _ME_TOO)


# --- admitted against preparing
_ADMITTED = re.compile(r"考上|考取|考进|被录取|录取了|\bgot into\b|\bwas admitted\b|\bgot accepted\b|\bpassed\b")
_PREPARING = re.compile(r"准备考|备考|在考|要考|复习考|\bpreparing for\b|\bstudying for\b|\bapplying\b")


def admitted(a: str, b: str) -> bool:
    """One text says the user got in (or passed), the other that they prepare for it."""
    x, y = flat(a), flat(b)
    return any(_ADMITTED.search(s) and not _PREPARING.search(s) and _PREPARING.search(t) for s, t in ((x, y), (y, x)))


# --- an exception against one more excluded thing
_EXCEPT = re.compile(r"\b(?:except(?: for)?|apart from|other than|but not|besides)\s+([a-z]+)")


def exception(a: str, b: str) -> bool:
    """One text makes an exception of a thing ("except fish") that the other lists with the rest
    ("or fish", "and fish", "nor fish")."""
    x, y = flat(a), flat(b)
    for s, t in ((x, y), (y, x)):
        m = _EXCEPT.search(s)
        if m and not _EXCEPT.search(t) and re.search(rf"\b(?:or|and|nor)\s+{re.escape(m.group(1))}\b", t):
            return True
    return False


# --- which of two things is refused
_NO_ITEM = re.compile(r"\b(?:no|without|minus)\s+([a-z]+)(?:\s+(?:or|and|nor)\s+([a-z]+))?|不(?:要)?(?:加|放)(\w)")


def _refused(text: str) -> frozenset[str]:
    return frozenset(g for m in _NO_ITEM.finditer(flat(text)) for g in m.groups() if g)


def negated_item(a: str, b: str) -> bool:
    """Each refuses a thing the other says and does not refuse ("milk, no sugar" / "sugar, no
    milk"): a swap, not one text refusing more ("no milk, no sugar" / "without milk or sugar") nor
    two words for one thing ("no lift" / "no elevator")."""
    x, y = _refused(a), _refused(b)
    fa, fb = flat(a), flat(b)
    return any(w in fb for w in x - y) and any(w in fa for w in y - x)


# --- in full against the minimum
_FULL = re.compile(r"\bin full\b|\bthe (?:full|whole) (?:balance|amount)\b|全额|全部还清|还清")
_MINIMUM = re.compile(r"\bthe minimum\b|\bminimum (?:payment|amount|due)\b|最低还款|最低额")


def how_much_paid(a: str, b: str) -> bool:
    """One pays in full, the other the minimum."""
    x, y = flat(a), flat(b)
    return any(_FULL.search(s) and _MINIMUM.search(t) for s, t in ((x, y), (y, x)))


def differs(a: str, b: str) -> bool:
    """Any family above tells the texts apart."""
    return any(check(a, b) for _, check in CHECKS)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("part_distance", part_distance),
    ("me_too", me_too),
    ("admitted", admitted),
    ("exception", exception),
    ("negated_item", negated_item),
    ("how_much_paid", how_much_paid),
)
