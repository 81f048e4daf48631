"""Eleventh round (helper en11): two English texts say the same numbers.

`signature` (mal/dedup_text.py) reads "one" before a noun as the number 1 and keeps an English
number said twice ("two tablets twice a day" is 2 and 2, not one 2). An article is as often the
count one ("a tablet" / "one tablet"), so the signature keeps each "a" / "an" where it stands among
the numbers (`Signature.counts`), and two texts agree on their numbers when the numbers are equal,
or when, in order, every number of one text meets the same number of the other, the count one
meeting an article, and only articles are left over: "a tablet twice a day" / "one tablet twice a
day" agree; "one tablet twice a day" / "two tablets twice a day", and "one son and two daughters"
/ "two sons and a daughter", do not.

Pure functions over signatures; no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache

from mal.dedup_text import Signature

__all__ = ["numbers_agree"]

_ARTICLE = "a"
_ORDINAL_WORDS = (
    "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|"
    "twentieth|thirtieth|fortieth|fiftieth|sixtieth|seventieth|eightieth|ninetieth"
)
_OWN_ORDINAL = re.compile(rf"\b(?:my|our|his|her|their) (?:\w+-)?(?:{_ORDINAL_WORDS}|\d+(?:st|nd|rd|th))\b")


def numbers_agree(x: Signature, y: Signature) -> bool:
    """The same numbers, or the same once an article may stand for the count one (see above); an
    ordinal of one's own is no count ("my second son" / "my two sons")."""
    if len(_OWN_ORDINAL.findall(x.text)) != len(_OWN_ORDINAL.findall(y.text)):
        return False
    if x.numbers == y.numbers:
        return True
    if _ARTICLE not in x.counts and _ARTICLE not in y.counts:
        return False
    return _aligned(x.counts, y.counts)


@lru_cache(maxsize=4096)
def _aligned(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    if not a or not b:
        return all(t == _ARTICLE for t in (*a, *b))
    head_a, head_b = a[0], b[0]
    if (head_a == head_b or {head_a, head_b} == {_ARTICLE, "1"}) and _aligned(a[1:], b[1:]):
        return True
    return (head_a == _ARTICLE and _aligned(a[1:], b)) or (head_b == _ARTICLE and _aligned(a, b[1:]))
