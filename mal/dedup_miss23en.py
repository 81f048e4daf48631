"""English restatements a veto kept apart (twenty-third round, helper miss23en, issue #11).

A note about the user says the user's words in a note's phrasing, and each of these phrasings made
some veto read another fact: "wants a reminder to" a wish (aspect, wish), "To-do: phone" a swapped
deed (swap), "followed a vegan diet" a modifier, "the 22nd of September" beside "9/22" two numbers.
`phrased_alike` rewrites one text's phrasing into the other text's, before any step reads the pair
(mal/dedup_variants.py `variants`), and only when the other text says that phrasing with the same
words after it, so everything the phrasing frames is still compared word for word:

  * a reminder's frame: "The user wants a reminder to X", "User asked to be reminded to X",
    "To-do: X" read "Remind me to X" beside "Remind me to X"; "phone X" reads "call X" beside
    "call X" (the same object after it);
  * a date with its day first ("the 22nd of September", "3 June") reads "September 22" beside
    "September 22" (and "9/22", which mal/dedup_unblock17_en.py spells so); a range "from A through
    B" reads "from A to B" beside that range with "to";
  * every other weekday said by its weeks: "every two weeks on Thursday(s)" (and "every second
    Thursday") reads "every other Thursday" beside that; "every Thursday" and another day stay;
  * a diet followed: "followed / follows a vegan diet" reads "been / is vegan" beside it;
  * a book by its title: "finished the book 'X'" reads "finished reading 'X'" beside it (the same
    verb and title); "started the book" beside "finished reading" stays;
  * money put by: "put aside / set aside / put away / sock away" reads "save" beside "save", and a
    note's "aims to" / "hopes to" "want to" beside "want to" (the same verb after it);
  * a grandparent said familiarly: nan, nana, gran, granny, grandma read "grandmother" beside
    "grandmother" (grandpa, granddad, grandad "grandfather").

Two near misses of the families that passed every veto before (the vegan and book families' own):
`begun_vs_finished` (finished reading 'X' / started the book 'X') and `since_vs_in` (vegan since
2019 / followed a vegan diet in 2019) are checks of the veto (`CHECKS`, mal/dedup.py).

Positive evidence only: the rewritten pair still passes every other check. Pure functions; no I/O.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable

__all__ = ["CHECKS", "begun_vs_finished", "phrased_alike", "since_vs_in"]

_MONTHS = [name for name in calendar.month_name[1:]]
_MONTH_ABBR = {m[:3].lower(): m for m in _MONTHS} | {"sept": "September"}
_DAY_FIRST = re.compile(r"(?i)\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]{3,9})\b\.?")
_SLASH_DATE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})(?![\d/])")
_WEEKDAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"

# a note's reminder frame before the deed
_REMINDER = re.compile(
    r"(?i)\b(?:(?:the\s+)?user\s+(?:wants|would like|needs|asked for|asks for)\s+a\s+reminder\s+to"
    r"|(?:the\s+)?user\s+(?:wants|asked|asks|would like)\s+to\s+be\s+reminded\s+to"
    r"|to-?do:)\s+"
)
_REMIND_ME = re.compile(r"(?i)\bremind\s+me\s+to\s+")
_FORTNIGHT_DAY = re.compile(
    rf"(?i)\b(?:every\s+(?:two|2)\s+weeks\s+on\s+({_WEEKDAYS})s?|every\s+second\s+({_WEEKDAYS}))\b"
)
_DIET = re.compile(r"(?i)\b(followed|follows|follow)\s+an?\s+(vegan|vegetarian|pescatarian|keto|paleo)\s+diet\b")
_BOOK = re.compile(r"(?i)\b(finished|started|began)\s+the\s+(?:book|novel)\s+(?=['\"‘“])")
_PUT_BY = re.compile(r"(?i)\b(?:put|set|sock)\s+aside\b|\b(?:put|sock)\s+away\b")
_AIM = re.compile(r"(?i)\b(?:aims|is aiming|hopes)\s+to\s+(?=(\w+))")
_GRANDMOTHER = re.compile(r"(?i)\b(nan|nana|nanna|gran|granny|grandma|grandmom)\b")
_GRANDFATHER = re.compile(r"(?i)\b(grandpa|granddad|grandad|grampa|gramps)\b")


def _month(word: str) -> str | None:
    low = word.lower()
    full = next((m for m in _MONTHS if m.lower() == low), None)
    return full or _MONTH_ABBR.get(low)


def _day_first(text: str) -> dict[str, str]:
    """Each date `text` writes day first ("the 22nd of September", "3 June"), said month first."""
    out = {}
    for m in _DAY_FIRST.finditer(text):
        month = _month(m.group(2))
        if month and 1 <= int(m.group(1)) <= 31:
            out[m.group(0).rstrip(".")] = f"{month} {int(m.group(1))}"
    return out


def _slashed(text: str) -> dict[str, str]:
    """Each date `text` writes "9/22" (month first; day first only when the first cannot be a month)."""
    out = {}
    for m in _SLASH_DATE.finditer(text):
        first, second = int(m.group(1)), int(m.group(2))
        month, day = (first, second) if first <= 12 else (second, first)
        # 5/4 is May 4 or 5 April by who wrote it: read only a date no writer reads two ways (review29)
        if 1 <= month <= 12 and 1 <= day <= 31 and (day > 12 or day == month):
            out[m.group(0)] = f"{_MONTHS[month - 1]} {day}"
    return out


def _dates(text: str, other: str) -> dict[str, str]:
    """A date written day first or with digits, said "September 22" as `other` says that date
    (month first, day first, or with digits)."""
    theirs = set(_day_first(other).values()) | set(_slashed(other).values())
    out = {
        k: v for k, v in _day_first(text).items() if v in theirs or re.search(rf"(?i)\b{v}(?:st|nd|rd|th)?\b", other)
    }
    out |= {k: v for k, v in _slashed(text).items() if v in set(_day_first(other).values())}
    return out


def _ranges(text: str, other: str) -> dict[str, str]:
    """ "A through B" read "A to B" when `other` says "to" between the same two dates."""
    out = {}
    dates = r"(?:[A-Z][a-z]+ \d{1,2}|\d{1,2} [A-Z][a-z]+)"
    theirs = other
    for old, new in _day_first(other).items():
        theirs = theirs.replace(old, new)
    for m in re.finditer(rf"\b({dates}) (?:through|thru|until|till) ({dates})\b", text):
        start, end = (_day_first(d).get(d, d) for d in (m.group(1), m.group(2)))
        if re.search(rf"\b{start} to {end}\b", theirs):
            out[m.group(0)] = f"{start} to {end}"
    return out


def _reminder(text: str, other: str) -> dict[str, str]:
    out = {}
    if _REMIND_ME.search(other) and not _REMIND_ME.search(text):
        for m in _REMINDER.finditer(text):
            out[m.group(0).strip()] = "Remind me to"
            # the note's "their" after the frame is the user's "my" (renew their passport / my passport)
            for t in re.finditer(r"(?i)\btheir\s+(\w+)", text[m.end() :]):
                if re.search(rf"(?i)\bmy\s+{re.escape(t.group(1))}\b", other):
                    out[t.group(0)] = f"my {t.group(1)}"
    # phone / call with the same object after it
    for m in re.finditer(r"(?i)\bphone\s+(?=((?:the|my|our)\s+)?(\w+))", text):
        if re.search(rf"(?i)\bcall\s+{re.escape(m.group(1) or '')}{re.escape(m.group(2))}\b", other):
            out[m.group(0).strip()] = "call"
    return out


def _fortnight(text: str, other: str) -> dict[str, str]:
    out = {}
    for m in _FORTNIGHT_DAY.finditer(text):
        day = (m.group(1) or m.group(2)).capitalize()
        if re.search(rf"(?i)\bevery other {day}", other):
            out[m.group(0)] = f"every other {day}"
    return out


def _diet(text: str, other: str) -> dict[str, str]:
    out = {}
    for m in _DIET.finditer(text):
        diet = m.group(2).lower()
        verb = m.group(1).lower()
        if verb == "followed" and not re.search(r"(?i)(?:\bhas|\bhave|'ve)\s+$", text[: m.start()]):
            continue  # "followed a vegan diet in 2019" is a past diet, not "has been vegan"
        been = "been" if verb == "followed" else "is"
        if re.search(rf"(?i)\b(?:been|is|am|'m|are)\s+(?:a\s+)?{diet}\b", other) and not re.search(
            rf"(?i)\b{diet}\s+diet\b", other
        ):
            out[m.group(0)] = f"{been} {diet}"
    return out


def _book(text: str, other: str) -> dict[str, str]:
    out = {}
    for m in _BOOK.finditer(text):
        if re.search(rf"(?i)\b{m.group(1)}\s+reading\s+['\"‘“]", other):
            out[m.group(0).strip()] = f"{m.group(1)} reading"
    return out


def _saving(text: str, other: str) -> dict[str, str]:
    out = {}
    if re.search(r"(?i)\bsave\b", other):
        for m in _PUT_BY.finditer(text):
            out[m.group(0)] = "save"
    for m in _AIM.finditer(text):
        verb = "save" if _PUT_BY.match(text, m.end()) else m.group(1)
        if re.search(rf"(?i)\b(?:want|wants)\s+to\s+{verb}\b", other):
            out[m.group(0).strip()] = "wants to"
    return out


def _kin(text: str, other: str) -> dict[str, str]:
    out = {}
    for pattern, word in ((_GRANDMOTHER, "grandmother"), (_GRANDFATHER, "grandfather")):
        if re.search(rf"(?i)\b{word}\b", other):
            for m in pattern.finditer(text):
                out[m.group(0)] = word
    return out


def phrased_alike(text: str, other: str) -> dict[str, str]:
    """Each phrase of `text` (an English text) with the phrasing `other` says it in (see above)."""
    if not any(c.isascii() and c.isalpha() for c in text):
        return {}
    out: dict[str, str] = {}
    for read in (_reminder, _dates, _ranges, _fortnight, _diet, _book, _saving, _kin):
        out.update(read(text, other))
    return {k: v for k, v in out.items() if k and k != v}


_BEGUN = re.compile(r"(?i)\b(?:started|began|begun|starting|beginning)\b")
_FINISHED = re.compile(r"(?i)\b(?:finished|completed|finishing)\b")
_TITLE = re.compile(r"['\"‘“]([^'\"’”]+)['\"’”]")


def begun_vs_finished(a: str, b: str) -> bool:
    """One text finished a titled thing the other only began ("finished reading 'Dune'" / "started
    the book 'Dune'"): the same title, a start against an end."""
    if not set(_TITLE.findall(a)) & set(_TITLE.findall(b)):
        return False
    ends = [(bool(_BEGUN.search(t)), bool(_FINISHED.search(t))) for t in (a, b)]
    return ends[0] != ends[1] and all(sum(e) == 1 for e in ends)


_SINCE_YEAR = re.compile(r"(?i)\bsince\s+((?:19|20)\d\d)\b")
_IN_YEAR = re.compile(r"(?i)\bin\s+((?:19|20)\d\d)\b")


def since_vs_in(a: str, b: str) -> bool:
    """A state held since a year against one held in that year ("vegan since 2019" / "followed a
    vegan diet in 2019"): one goes on, the other is over."""
    for x, y in ((a, b), (b, a)):
        years = set(_SINCE_YEAR.findall(x)) - set(_SINCE_YEAR.findall(y))
        if years & set(_IN_YEAR.findall(y)) - set(_IN_YEAR.findall(x)):
            return True
    return False


_STOPPING = (
    r"stop|stops|stopped|stopping|quit|quits|quitting|no longer|cease|give up|gave up|gives up|giving up|given up"
)
_STOP_EN = re.compile(rf"(?i)\b(?:{_STOPPING})\s+(\w+?)(?:ing)?\b")
_STOP_ZH = re.compile(r"(?:停止|不再|别再|不要再|戒掉)([\u4e00-\u9fff]{2})")


def stop_flipped(a: str, b: str) -> bool:
    """One text stops a deed the other does ("Remind me to stop taking my pills" / "Remind me to take
    my pills", 提醒我别再喝咖啡 / 提醒我喝咖啡): the reminder rewrite above once hid the note's wording
    that had kept such pairs apart (review29), and no other check reads "stop" before a verb."""
    for x, y in ((a, b), (b, a)):
        for m in _STOP_EN.finditer(x):
            verb = m.group(1).lower()
            if len(verb) < 3 or _STOP_EN.search(y):
                continue
            if re.search(rf"(?i)\b{re.escape(verb)}(?:e|s|es|ing|ed)?\b", y):
                return True
        for m in _STOP_ZH.finditer(x):
            if m.group(1) in y and not _STOP_ZH.search(y):
                return True
    return False


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("begun_finished", begun_vs_finished),
    ("since_in", since_vs_in),
    ("stop_flipped", stop_flipped),
)
