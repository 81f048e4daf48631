"""English amounts written short: "2 yrs", "3x/week", "a 2BR" (sixteenth round, helper unblock16en).

A note about the user writes an amount the short way the user spelled out ("I quit smoking two
years ago" / "User stopped smoking 2 yrs ago", "I go running three times a week" / "User runs
3x/week", "a two-bedroom apartment" / "a 2BR apartment"). Every reader of the pair (the times and
away-time vetoes, the word rules, the model's features) read the short form as another word: "yrs"
is no year, so the note moved the fact in time; "x" and "BR" were words the other text lacked, so
the note swapped one. `written_out` spells each short form out before any step reads the pair
(mal/dedup_variants.py `read_alike`). The forms are a closed class and read the same in any text:
a unit abbreviated after a number, a count per period with "x" or "/", a home's bedrooms counted
with "BR" or "bd". Nothing else is touched, so "2 yrs" / "2 months" still differ (they differ the
more plainly once read as "2 years").

`counted_apart` is the family that keeps each count with its thing once one animal and its plural
are one member of the contrast group (mal/dedup_checks.py): "two cats and a dog" / "two dogs and a
cat" say the same numbers and the same animals, but count them apart.

`half_day_clock` is the times veto's reading of a part of the day said by a clock's half: "6:30 am" /
"6:30 in the morning", "each AM" / "every morning", "9:15 pm" / "9:15 in the evening".

`ages_listed` is the numbers veto's reading of one list of ages said two ways: "My kids are 8 and
11" / "User has two kids, aged eight and eleven" (a count the list itself says), "ages 8 and 5" /
"5 and 8" (a bare list of ages is said in any order).

Pure functions; no I/O.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from mal.dedup_bilingual import rewritten
from mal.dedup_text import Signature, flat, signature, stem, zh_number
from mal.models import Memory

__all__ = ["CHECKS", "ages_listed", "counted_apart", "differs", "half_day_clock", "spelled_out", "written_out"]

_NUMBER = r"(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
# a unit abbreviated after a number, and the word it stands for
_UNITS = {
    "yrs": "years",
    "yr": "year",
    "y/o": "years old",
    "yo": "years old",
    "mos": "months",
    "mo": "month",
    "wks": "weeks",
    "wk": "week",
    "hrs": "hours",
    "hr": "hour",
    "mins": "minutes",
    "min": "minutes",
    "secs": "seconds",
    "lbs": "pounds",
    "lb": "pound",
}
_UNIT = re.compile(
    rf"(?i)\b{_NUMBER}\s*({'|'.join(re.escape(u) for u in sorted(_UNITS, key=len, reverse=True))})(?![\w/])\.?"
)
# a count per period: "3x/week", "3x a week", "3 x per week", "3 times/week", "twice/week"
_PER = re.compile(rf"(?i)\b{_NUMBER}\s*(?:x|times)\s*(?:/|\ba\b|\bper\b|\beach\b|\bevery\b)\s*(day|week|month|year)\b")
_TWICE_PER = re.compile(r"(?i)\btwice\s*/\s*(day|week|month|year)\b")
# a home's bedrooms: "2BR", "2 br", "2bd", "2-bed"
# ("bed" only after digits and a hyphen or nothing: "a 2-bed flat", never "one bed in the room")
_BEDROOMS = re.compile(rf"(?i)\b(?:{_NUMBER}[- ]?(?:br|bd|bdr|bdrm)|(\d+)-?bed)\b(?!-?rooms?)")


def spelled_out(text: str) -> str:
    """`text` with each short form above written out."""
    text = _UNIT.sub(lambda m: f"{m.group(1)} {_UNITS[m.group(2).lower()]}", text)
    text = _PER.sub(lambda m: f"{m.group(1)} times a {m.group(2).lower()}", text)
    text = _TWICE_PER.sub(lambda m: f"twice a {m.group(1).lower()}", text)
    return _BEDROOMS.sub(lambda m: f"{m.group(1) or m.group(2)}-bedroom", text)


def written_out(a: Memory, b: Memory) -> tuple[Memory, Memory]:
    """The pair with every short form spelled out (see above); the memories as they are otherwise."""
    return _written(a), _written(b)


def _written(memory: Memory) -> Memory:
    text = memory.text or memory.summary
    new = _spelled(text)
    if new == text:
        return memory
    slots: dict[str, Any] = {k: _spelled(v) if isinstance(v, str) else v for k, v in memory.slots.items()}
    return rewritten(memory, new, {text: new}, slots)


@lru_cache(maxsize=4096)
def _spelled(text: str) -> str:
    return spelled_out(text)


# --- one list of ages said two ways
# a count of people or things with the list of their ages after it: "two kids, aged 8 and 11",
# "my two kids are 5 and 8" (seventeenth round)
_COUNTED_LIST = re.compile(
    r"\b(\d+|two|three|four|five|six)\s+[a-z]+,?\s*(?:\(|:|,)?\s*(?:aged?|ages|are)\s+"
    r"((?:\d+|[a-z]+)(?:\s*,\s*(?:\d+|[a-z]+))*\s*,?\s*and\s+(?:\d+|[a-z]+))\b"
)
# a bare list of ages: "are 8 and 11", "aged 8, 5 and 3", "ages 8 and 5"
_AGES = re.compile(
    r"\b(?:are|aged?|ages)\s+((?:\d+|[a-z]+)(?:\s*,\s*(?:\d+|[a-z]+))*\s*,?\s*and\s+(?:\d+|[a-z]+))\b(?!\s*[a-z%$])"
)


def ages_listed(x: Signature, y: Signature) -> bool:
    """The two texts' numbers are one list of ages: each text lists ages ("are 8 and 11", "aged
    eight and eleven"), the lists hold the same ages in any order, and any other number a text says
    is the count of that list ("two kids, aged 8 and 11"). A list of other ages ("8 and 12"),
    another count ("three kids, aged 8 and 11") or any number beside the list still differ."""
    lx, ly = _ages(x.text), _ages(y.text)
    if lx is None or ly is None or Counter(lx[0]) != Counter(ly[0]):
        return False
    if lx[0] != ly[0] and (_ordered(x.text) or _ordered(y.text)):
        return False  # "My son and daughter are 8 and 11": the order says whose age is whose
    return _rest(x, lx) and _rest(y, ly)


_ORDERED = re.compile(r"\band\b[^,.;]*\b(?:are|aged?|ages)\s+(?:\d+|[a-z]+)(?:\s*,\s*(?:\d+|[a-z]+))*\s*,?\s*and\b")


def _ordered(text: str) -> bool:
    """Two people named before the list ("Tom and Amy are 8 and 11"): the ages are theirs in order."""
    return bool(_ORDERED.search(text))


def _ages(text: str) -> tuple[tuple[str, ...], str | None] | None:
    """The ages one list says (as numbers) and the count said before it, if any."""
    found = [(m, None) for m in _AGES.finditer(text)]
    counted = _COUNTED_LIST.search(text)
    if len(found) != 1:
        return None
    ages = tuple(signature(found[0][0].group(1)).numbers)
    if len(ages) < 2:
        return None
    count = signature(counted.group(1)).numbers if counted else ()
    return ages, (count[0] if count else None)


def _rest(s: Signature, listed: tuple[tuple[str, ...], str | None]) -> bool:
    """Every number of `s` is an age of its list or the list's own count."""
    ages, count = listed
    rest = Counter(s.numbers) - Counter(ages)
    if count is not None and count != str(len(ages)):
        return False
    return not rest or (count is not None and rest == Counter((count,)))


# --- each count with its thing
_COUNT_WORDS = {"a": "1", "an": "1", "one": "1", "single": "1"}
_COUNTED = re.compile(r"\b(\d+|[a-z]+)\s+(?=([a-z]{3,})\b)")
# Chinese: a numeral, a measure word, then the thing (its first character after a size prefix:
# 两只小猫和一只小狗 counts 猫 and 狗, not 小 twice): 两只猫和一只狗
_COUNTED_ZH = re.compile(
    r"([\d零一二两三四五六七八九十]+)(?:个|只|条|位|辆|台|本|套|件|张|家|所|瓶|杯|匹|头|盆|部)(?:小|大)?([\u4e00-\u9fff])"
)


def counted_apart(a: str, b: str) -> bool:
    """The texts say the same counts of the same things, each of another thing: "two cats and a
    dog" / "two dogs and a cat", 两只猫和一只狗 / 两只狗和一只猫. Counts that differ ("two cats" /
    "three cats") are the numbers veto's to read."""
    ca, cb = _counts(a), _counts(b)
    if len(ca) < 2 or ca.keys() != cb.keys() or ca == cb:
        return False
    return sorted(c for v in ca.values() for c in v) == sorted(c for v in cb.values() for c in v)


@lru_cache(maxsize=4096)
def _counts(text: str) -> dict[str, frozenset[str]]:
    """Each thing the text counts (by its stem) and the counts it says of it."""
    out: dict[str, set[str]] = {}
    for m in _COUNTED.finditer(signature(text).text):
        word, thing = m.group(1), m.group(2)
        count = _COUNT_WORDS.get(word) or (word if word.isdigit() else None)
        if count is None:
            numbers = signature(word).numbers if word.isalpha() else ()
            count = numbers[0] if len(numbers) == 1 and word not in ("once", "twice", "half") else None
        if count is not None and thing not in _NOT_THINGS:
            out.setdefault(stem(thing), set()).add(count)
    for m in _COUNTED_ZH.finditer(flat(text)):
        out.setdefault(m.group(2), set()).add(zh_number(m.group(1)))
    return {t: frozenset(c) for t, c in out.items()}


# words after a count that are no thing counted ("2 and", "a few", "one of", "a lot")
_NOT_THINGS = frozenset(
    ("and", "the", "few", "lot", "bit", "couple", "half", "day", "week", "month", "year", "years", "times", "time")
)

CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (("counted", counted_apart),)


def differs(a: str, b: str) -> bool:
    """Any family of this module says the two texts are two facts (the word rules ask it too)."""
    return any(check(a, b) for _, check in CHECKS)


# --- a part of the day said by a clock's half
# the hours (on a 12-hour clock) each part of the day may hold, by the half that says it
_PARTS = {
    "morning": ("am", range(1, 12)),
    "afternoon": ("pm", (12, *range(1, 6))),
    "evening": ("pm", range(5, 12)),
    "night": ("pm", range(7, 12)),
}
_HALF_CLOCK = re.compile(r"\b(\d{1,2})(?::\d{2})?\s*([ap])\.?m\.?(?![a-z])", re.IGNORECASE)
# "AM" alone as a time: "each AM", "every AM", "in the AM" (lowercase "am" is the verb)
_BARE_AM = re.compile(
    r"\b(?:each|every|in the|per|mornings?)\s+(?:AM|A\.M\.)(?![A-Za-z])|(?<![A-Za-z])AMs?(?![A-Za-z])"
)


def half_day_clock(a: str, b: str) -> bool:
    """The only time one text alone says is a part of the day, and the other says that part by the
    half of its clock: "6:30 am" / "6:30 in the morning", "every AM" / "every morning", "9 pm" /
    "9 in the evening". The hours must fit the part ("4 pm" is no evening); another part ("6:30 in
    the evening" / "6:30 am") still differs."""
    x, y = signature(a), signature(b)
    extra = x.times ^ y.times
    if len(extra) != 1:
        return False
    part = next(iter(extra))
    if part not in _PARTS:
        return False
    other = b if part in x.times else a
    half, hours = _PARTS[part]
    said = [(m.group(2).lower() + "m", int(m.group(1))) for m in _HALF_CLOCK.finditer(other)]
    if half == "am" and not said and _BARE_AM.search(other):
        return True
    return bool(said) and all(h == half and hour in hours for h, hour in said)
