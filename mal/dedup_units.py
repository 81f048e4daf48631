"""Two more dedup veto families, found by an outside review of the seventh round (issue #11 item 2).

* `unit_differs` - the same number with another unit is another fact: "My son is 7 years old" /
  "My son is seven months old", 七十公斤 / 七十斤, "70 kg" / "70 pounds". The word rules drop
  "years old" and read "months" as a time word a state may leave out, so without this the two
  looked alike to every other check. Both texts must name a unit: "I'm 35" / "I'm 35 years old"
  says one thing.
* `negation_absorbed` - a canonical phrase that swallows a negation (不吃肉 -> 素食, mal/dedup_lexicon.py)
  hides it from the negation check: 我吃肉 / 我从来不吃肉 became "吃肉" against "素食", with nothing
  left to tell them apart. One text holding the negated phrase and the other only its positive core
  is a negation the other checks cannot see.

Both read the normalised text, Chinese members anywhere and English ones as whole words.
"""

from __future__ import annotations

import re

from mal.dedup_lexicon import PHRASES
from mal.dedup_text import normalise
from mal.dedup_zh_forms import heights

_NUM = r"(?<=[\d一二三四五六七八九十两百千半几])"
_UNITS = {
    "age_years": r"岁|\byears? old\b|\byrs? old\b|\by/o\b",
    "age_months": r"个月大|\bmonths? old\b|\bmos? old\b",
    "age_weeks": r"周大|\bweeks? old\b",
    "kg": r"公斤|千克|\bkgs?\b|\bkilos?\b|\bkilograms?\b",
    "jin": r"(?<!公)斤",
    "lb": r"磅|\blbs?\b|\bpounds?\b",
    "g": _NUM + r"克|\bgrams?\b",
    "mg": r"毫克|\bmg\b|\bmilligrams?\b",
    "ml": r"毫升|\bml\b|\bmillilit(?:er|re)s?\b",
    "l": r"\blit(?:er|re)s?\b",
    "cm": r"厘米|公分|\bcm\b|\bcentimet(?:er|re)s?\b",
    "m": _NUM + r"米|\bmet(?:er|re)s?\b",
    "km": r"公里|千米|\bkm\b|\bkilomet(?:er|re)s?\b",
    "mile": r"英里|\bmiles?\b",
    "inch": r"英寸|\binch(?:es)?\b",
    "ft": r"英尺|\bfeet\b|\bfoot\b|\bft\b",
    "hour": r"小时|钟头|\bhours?\b|\bhrs?\b",
    "minute": r"分钟|\bminutes?\b|\bmins?\b",
    "second": _NUM + r"秒|\bseconds?\b|\bsecs?\b",
    # 里 (half a kilometre) right after a numeral; 公里 / 英里 have their own rows above
    "li": _NUM + r"里",
}
_UNIT_RE = {name: re.compile(pattern) for name, pattern in _UNITS.items()}


def units(text: str) -> frozenset[str]:
    flat = normalise(heights(text))  # 一米七五 is 175厘米 (mal/dedup_zh_forms.py)
    return frozenset(name for name, pattern in _UNIT_RE.items() if pattern.search(flat))


def unit_differs(a: str, b: str) -> bool:
    """Both texts name a unit, and not the same ones (see the module docstring)."""
    ua, ub = units(a), units(b)
    return bool(ua) and bool(ub) and ua != ub


# Canonical phrases that start with a negation, with their positive core: 不吃肉 -> 吃肉.
_NEGATED_PHRASES = tuple(
    (key, key[1:])
    for key in PHRASES
    if key[:1] in ("不", "没") and len(key) > 2 and not key[1:].startswith(("过", "了"))
)


def negation_absorbed(a: str, b: str) -> bool:
    """One text says a negated canonical phrase, the other only its positive core."""
    x, y = normalise(a), normalise(b)
    for key, core in _NEGATED_PHRASES:
        if (key in x) != (key in y):
            other = y if key in x else x
            if core in other:
                return True
    return False
