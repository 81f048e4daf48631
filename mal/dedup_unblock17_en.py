"""English readings of one fact written two ways (seventeenth round, helper unblock17en).

A note about the user restates the user's words, and every veto read some of those restatements as
another fact because one text spelled a thing another way. `spelled_alike` writes the pair one way
before any step reads it (mal/dedup_variants.py `read_alike`); each reading is a closed class that
holds for any writer:

  * "ie" written "ei" or the other way round inside a word the other text spells right ("my
    freind" / "my friend", "recieve" / "receive"): English has next to no pair of words told apart
    by that swap alone, so it is a typo wherever it stands;
  * a period of two weeks said four ways ("every two weeks", "every 2 weeks", "every other week",
    "biweekly", "fortnightly"): the numbers and times vetoes read a 2 and a week one text alone
    said, so each is written "every two weeks"; "every other Thursday" and "every week" are left
    as they are (the thirteenth round's every other / every family reads them);
  * a date written with digits ("3/14", "3/3") beside the same date with its month named ("March
    14th"): read month first, as American English writes it, or day first only when the first
    number cannot be a month ("14/3"), and only when the other text names that month and day;
  * a place name's title abbreviated ("St. Mary's", "Mt. Hood", "Ft. Worth") beside the same name
    with the title spelled out ("Saint Mary's").

`copula_turned` is the order veto's reading of one equation said either way round: "My manager is
Priya" / "Priya is my manager" (a note's "the user's" is read as "my" before it: mal/dedup.py
`first_person`). Only a whole sentence of the form "my <relation> is <Name>" counts, so "Priya's
manager is me" still says the other way round.

`phrases_swapped` is the order veto's reading of two phrases after the verb said in either order,
each led by its own preposition: "I live in Seattle with my partner" / "I live with my partner in
Seattle". The preposition carries each name's role, so the order says nothing; "from Denver to
Austin" / "from Austin to Denver" moves the names between prepositions and still differs.

Pure functions; no I/O.
"""

from __future__ import annotations

import calendar
import re
from functools import lru_cache
from typing import Any

from mal.dedup_bilingual import rewritten
from mal.dedup_text import normalise, stem
from mal.dedup_unblock18_en import flight_said, remote_said, slips_fixed
from mal.models import Memory

__all__ = ["birthday_said", "clock_read", "copula_turned", "kin_read", "phrases_swapped", "spelled_alike", "task_said"]

_WORD = re.compile(r"[A-Za-z]+")
# two weeks said without the number two, or with the digit
_FORTNIGHT = re.compile(
    r"(?i)\b(?:every (?:other|second|2) week|every (?:14|fourteen) days|bi-?weekly|fortnightly|once a fortnight)\b"
)
_MONTHS = [name.lower() for name in calendar.month_name[1:]]  # january ... december (the C locale's)
_MONTH_ABBR = {m[:3]: i for i, m in enumerate(_MONTHS, 1)} | {"sept": 9}
_SLASH_DATE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})(?![\d/])")
_NAMED_DATE = re.compile(
    r"(?i)\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b|\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]{3,9})\b"
)
_TITLES = {"st": "Saint", "mt": "Mount", "ft": "Fort"}
_TITLE = re.compile(r"\b(St|Mt|Ft)\.?\s+(?=([A-Z][\w']*))")


def spelled_alike(a: Memory, b: Memory) -> tuple[Memory, Memory]:
    """The pair with each thing written two ways (see the module docstring) written one way."""
    ta, tb = a.text or a.summary, b.text or b.summary
    # a slip into no English word is fixed on either side first (liek / like: mal/dedup_unblock18_en.py),
    # so the "ie" / "ei" reading never spells a right word as the other side's slip
    sa, sb = slips_fixed(ta, tb), slips_fixed(tb, ta)
    # a typo is rewritten on one side only, as the other text spells it (both sides would trade spellings)
    na, nb = _spelled(ta, sb, typos=True), _spelled(tb, sa)
    return _with(a, ta, na, sb, typos=True), _with(b, tb, nb, sa)


def _with(memory: Memory, old: str, new: str, other: str, typos: bool = False) -> Memory:
    if new == old:
        return memory
    slots: dict[str, Any] = {k: _slot(v, old, other, typos) for k, v in memory.slots.items()}
    return rewritten(memory, new, {old: new}, slots)


def _slot(value: Any, text: str, other: str, typos: bool) -> Any:
    """A slot value taken from `text`, read the way `text` now reads (its words rewritten alike)."""
    if not isinstance(value, str) or not value:
        return value
    return _spelled(value, other, typos) if value in text else value


@lru_cache(maxsize=4096)
def _spelled(text: str, other: str, typos: bool = False) -> str:
    text = slips_fixed(text, other)
    if typos:
        text = _typos(text, other)
    text = remote_said(text, other)  # work from home / work remotely (mal/dedup_unblock18_en.py)
    text = flight_said(text, other)  # a flight to Oslo / flying to Oslo (mal/dedup_unblock18_en.py)
    text = _avoided(text, other)
    text = _in_law(text, other)
    text = _hour_half(text, other)
    text = _worked_as(text, other)
    text = _reported(text)
    text = _done_for(text, other)
    text = _maker(text, other)
    text = _shortfall(text, other)
    text = _FORTNIGHT.sub("every two weeks", text)
    text = _dates(text, other)
    return _titles(text, other)


def _typos(text: str, other: str) -> str:
    """`text` with each word that is a word of `other` with one "ie" / "ei" swapped spelled as `other` has it."""
    theirs = {w.lower() for w in _WORD.findall(other)}
    mine = {w.lower() for w in _WORD.findall(text)}

    def fixed(m: re.Match[str]) -> str:
        word = m.group(0)
        low = word.lower()
        if low in theirs:
            return word
        for i in range(len(low) - 1):
            pair = low[i : i + 2]
            if pair in ("ie", "ei"):
                fix = low[:i] + pair[::-1] + low[i + 2 :]
                if fix in theirs and fix not in mine:
                    return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        return word

    return _WORD.sub(fixed, text)


def _month(word: str) -> int | None:
    low = word.lower().rstrip(".")
    if low in _MONTHS:
        return _MONTHS.index(low) + 1
    return _MONTH_ABBR.get(low)


def _named_dates(text: str) -> set[tuple[int, int]]:
    """(month, day) of each date `text` writes with its month named ("March 3rd", "3 June", "Oct 3")."""
    out = set()
    for m in _NAMED_DATE.finditer(text):
        word, day = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        month = _month(word)
        if month and 1 <= int(day) <= 31:
            out.add((month, int(day)))
    return out


def _dates(text: str, other: str) -> str:
    """`text` with a date written "3/14" spelled with its month named as `other` names that date."""
    named = _named_dates(other)
    if not named:
        return text

    def spelled(m: re.Match[str]) -> str:
        first, second = int(m.group(1)), int(m.group(2))
        for month, day in [(first, second)] + ([(second, first)] if first > 12 else []):
            if (month, day) in named:
                return f"{_MONTHS[month - 1].capitalize()} {day}"
        return m.group(0)

    return _SLASH_DATE.sub(spelled, text)


def _titles(text: str, other: str) -> str:
    """`text` with "St." / "Mt." / "Ft." before a name spelled out when `other` spells it out there."""

    def spelled(m: re.Match[str]) -> str:
        full = _TITLES[m.group(1).lower()]
        return f"{full} " if re.search(rf"\b{full}\s+{re.escape(m.group(2))}", other) else m.group(0)

    return _TITLE.sub(spelled, text)


# --- a relative by marriage said through the spouse: "my wife's dad" / "my father-in-law"
_KIN_BY_MARRIAGE = {"father": "father", "dad": "father", "mother": "mother", "mom": "mother", "mum": "mother"}
_KIN_BY_MARRIAGE |= {"brother": "brother", "sister": "sister"}
_SPOUSES = re.compile(rf"(?i)\b(spouse|husband|wife|partner)(?:'s|’s) ({'|'.join(_KIN_BY_MARRIAGE)})\b")


def _in_law(text: str, other: str) -> str:
    """`text` with "<spouse>'s <parent or sibling>" said "<parent or sibling>-in-law" when `other`
    says that in-law: kin words are a closed class, and the people veto read a spouse and a parent
    where the other text names one relative."""

    def spelled(m: re.Match[str]) -> str:
        kin = f"{_KIN_BY_MARRIAGE[m.group(2).lower()]}-in-law"
        return kin if re.search(rf"(?i)\b{kin}\b", other) else m.group(0)

    return _SPOUSES.sub(spelled, text)


# --- an hour's half of the day said in words: "after 10 at night" / "after 10 pm"
_HOUR_WORDS = re.compile(
    r"(?i)\b(\d{1,2}(?::\d{2})?) (?:(at night|in the evening|in the afternoon)|(in the morning))\b"
)


def _hour_half(text: str, other: str) -> str:
    """`text` with "10 at night" said "10 pm" ("7 in the morning" said "7 am") when `other` says that
    hour with "pm" ("am"): the numbers veto read the hour and the clock time as two numbers."""

    def spelled(m: re.Match[str]) -> str:
        half = "pm" if m.group(2) else "am"
        said = re.search(rf"(?i)(?<![\d:]){re.escape(m.group(1))}\s*{half[0]}\.?m\b", other)
        return f"{m.group(1)} {half}" if said else m.group(0)

    return _HOUR_WORDS.sub(spelled, text)


# --- a past job: "was a coal miner" / "worked as a coal miner"
_WORKED_AS = re.compile(r"(?i)\bworked as (a|an) ([a-z]+(?: [a-z]+)?)")


def _worked_as(text: str, other: str) -> str:
    """`text` with "worked as a <job>" said "was a <job>" when `other` says "was a <job>" of that
    very job: both say a job held in the past (the aspect veto read "was" alone as a state that
    ended). Another job, or "is a <job>", still differs."""

    def spelled(m: re.Match[str]) -> str:
        job = m.group(2).lower()
        return (
            f"was {m.group(1)} {m.group(2)}" if re.search(rf"(?i)\bwas an? {re.escape(job)}\b", other) else m.group(0)
        )

    return _WORKED_AS.sub(spelled, text)


# --- a note's "says" before the user's own words: "User can't stand cilantro; says it tastes like soap"
_REPORTED = re.compile(
    r"(?i)(^|[;,(]\s*|\band\s+)(?:(?:the\s+)?user\s+|they\s+)?(?:says|said|mentions|mentioned|notes|noted|reports|reported)"
    r"(?:\s+that)?\s+(?=[a-z])"
)


def _reported(text: str) -> str:
    """`text` without a note's "says (that)" when its subject is the user, said or left out at the
    head of a clause: what the user says of themselves is the fact the user's own words state. A
    "says" with another subject ("my wife says it tastes like soap") stays."""
    return _REPORTED.sub(lambda m: m.group(1), text)


# --- a thing done for the user: "get my passport renewed" / "renew my passport"
_DONE_FOR = re.compile(
    r"(?i)\b(?:get|gets|getting|have|has|having)\s+((?:my|the|their|our)\s+)?([a-z]+)\s+([a-z]+ed)\b"
)


def _done_for(text: str, other: str) -> str:
    """`text` with "get <thing> <done>" said "<do> <thing>" when `other` says that verb before that
    thing ("get my passport renewed" / "renew passport"): the user has it done, the same deed."""
    words = re.findall(r"[a-z]+", other.lower())

    def spelled(m: re.Match[str]) -> str:
        thing, done = m.group(2).lower(), m.group(3).lower()
        for i, w in enumerate(words[:-1]):
            if done in (w + "ed", w + "d", w + w[-1:] + "ed") and thing in words[i + 1 : i + 3]:
                return f"{w} {m.group(1) or ''}{m.group(2)}"
        return m.group(0)

    return _DONE_FOR.sub(spelled, text)


# --- a maker's name before a model with a number: "Google Pixel 8" / "Pixel 8"
_MODEL = re.compile(r"(?<=[a-z,:] )([A-Z][a-z]+) ((?:[A-Z][\w-]* )+\d+\w*)\b")


def _maker(text: str, other: str) -> str:
    """`text` without the maker's name said mid-sentence before a model that ends in a number, when
    `other` names that model and never the maker ("a Google Pixel 8" / "a Pixel 8"): the same
    product. Another number or another model name ("Pixel 8 Pro") still differs."""

    def spelled(m: re.Match[str]) -> str:
        model, maker = m.group(2), m.group(1)
        said = re.search(rf"(?<![\w-]){re.escape(model)}(?![\w-])", other)
        if said and not re.search(rf"(?i)\b{maker}\b", other) and not _made_by_another(model, other):
            return model
        return m.group(0)

    return _MODEL.sub(spelled, text)


def _made_by_another(model: str, other: str) -> bool:
    """`other` says the model after a maker of its own ("a Samsung Pixel 8"): another product
    (seventeenth round's review). A determiner at the start ("My Pixel 8") names no maker."""
    return any(
        m.group(1) not in _NO_MAKER for m in re.finditer(rf"(?<![\w-])([A-Z][a-z]+) {re.escape(model)}(?![\w-])", other)
    )


_NO_MAKER = frozenset(("My", "Our", "The", "A", "An", "His", "Her", "Their", "Your", "This", "That", "New", "Old"))


# --- a negation said by a verb: "avoids pork" / "doesn't eat pork"
_AVOID_PRESENT = r"avoids?|skips?|abstains? from|stays? away from|steers? clear of|goes without|go without"
_AVOID_PAST = r"avoided|skipped|abstained from|stayed away from|steered clear of|went without"
_OBJECT = r"((?:(?:my|their|his|her|the) )?[a-z][\w-]*)"
_AVOIDING = re.compile(rf"(?i)\b(?:({_AVOID_PRESENT})|({_AVOID_PAST})) {_OBJECT}")
_NOT_DOING = re.compile(rf"(?i)\b(?:(don't|doesn't|do not|does not|never)|(didn't|did not)) ([a-z]+) {_OBJECT}")


def _avoided(text: str, other: str) -> str:
    """`text` with a verb that says not doing ("avoids pork", "skips breakfast", "abstains from
    alcohol") said as `other` says it with a negation ("doesn't eat pork"), when the two say it of
    one thing in one tense: the negation veto read only one text as negated. The verb comes from
    `other`, never guessed, so "avoids pork" / "doesn't eat beef" stays two things."""
    said = {}
    for m in _NOT_DOING.finditer(other):
        said[(bool(m.group(2)), _bare(m.group(4)))] = m.group(0)

    def spelled(m: re.Match[str]) -> str:
        return said.get((bool(m.group(2)), _bare(m.group(3))), m.group(0))

    return _AVOIDING.sub(spelled, text)


def _bare(phrase: str) -> str:
    return re.sub(r"^(?:my|their|his|her|the) ", "", phrase.lower())


# --- too little of a thing: "from lack of sleep" / "when I don't sleep enough"
_LACK = re.compile(r"(?i)\b(?:a )?(?:lack of|too little|insufficient|not enough) ([a-z]+)\b")
_NOT_ENOUGH = re.compile(r"(?i)\b(?:don't|doesn't|do not|does not|didn't|did not|not) (?:[a-z]+ )?([a-z]+) enough\b")


def _shortfall(text: str, other: str) -> str:
    """`text` with "lack of <thing>" said "not enough <thing>" when `other` says of that very word
    that the user does not do or get it enough: one shortfall, negated in both texts alike."""
    short = {_root(m.group(1)) for m in _NOT_ENOUGH.finditer(other)}
    return _LACK.sub(lambda m: f"not enough {m.group(1)}" if _root(m.group(1)) in short else m.group(0), text)


def _root(word: str) -> str:
    """A verb and its -ing noun read alike ("blink" / "blinking", "sleep" / "sleeping")."""
    return re.sub(r"ing$", "", stem(word.lower()))


# --- order: one equation said either way round
_EQUATION = re.compile(r"^\W*my ([a-z][a-z' -]*?) (?:is|'s) ([a-z][\w'-]*(?: [a-z][\w'-]*)?)\W*$")
_EQUATION_TURNED = re.compile(r"^\W*([a-z][\w'-]*(?: [a-z][\w'-]*)?) is my ([a-z][a-z' -]*?)\W*$")


def copula_turned(a: str, b: str) -> bool:
    """One text says "my <relation> is <Name>", the other "<Name> is my <relation>", alike."""
    ta, tb = _flat(a), _flat(b)
    for s, t in ((ta, tb), (tb, ta)):
        m, n = _EQUATION.match(s), _EQUATION_TURNED.match(t)
        if m and n and m.group(1) == n.group(2) and m.group(2) == n.group(1):
            return True
    return False


# --- order: two phrases after the verb, each led by its own preposition
_PREPOSITIONS = "in|at|with|near|for"
_DET = r"(?:(?:my|our|the|a|an|his|her|their) )?"
_PHRASES = re.compile(rf"\b({_PREPOSITIONS}) ({_DET}[\w'-]+) ({_PREPOSITIONS}) ({_DET}[\w'-]+)(?=\W*$|\W*[,;.])")


def phrases_swapped(a: str, b: str) -> bool:
    """`a` with two prepositional phrases side by side said the other way round is `b`
    (or the other way round), each phrase kept whole with its preposition."""
    ta, tb = _flat(a), _flat(b)
    for s, t in ((ta, tb), (tb, ta)):
        for m in _PHRASES.finditer(s):
            if m.group(1) == m.group(3):
                continue
            turned = f"{s[: m.start()]}{m.group(3)} {m.group(4)} {m.group(1)} {m.group(2)}{s[m.end() :]}"
            if turned == t:
                return True
    return False


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", normalise(text).replace("\u2019", "'")).strip()


# --- slots: what the parser read off a note, as the user's own words would give it
_KIN = re.compile(r"^\W*(?:the )?(?:user's|users'|my) ([a-z]+)\b")


def kin_read(slots: dict[str, str], text: str) -> dict[str, str]:
    """The structured slots of a note that opens on the user's relative ("The user's child has a
    peanut allergy") with the relative the parser read as the user (self) read as that relative,
    as "My kid is allergic to peanuts" gives it. Any other text's slots come back unchanged."""
    from parsers.lexicon import RELATIVES_EN

    m = _KIN.match(_flat(text))
    if slots.get("relative") != "self" or not m or m.group(1) not in RELATIVES_EN:
        return slots
    return {**slots, "relative": RELATIVES_EN[m.group(1)]}


_HALF_DAY = re.compile(
    r"(?<![a-z])(?:am|a\.m\.?|pm|p\.m\.?)(?![a-z])|\b(?:morning|noon|afternoon|evening|night|tonight)\b|\d{2}:\d{2}"
)


def clock_read(a: dict[str, str], b: dict[str, str], text_a: str, text_b: str) -> tuple[dict[str, str], dict[str, str]]:
    """Two clock times twelve hours apart, the earlier read from an hour its text says with no half
    of the day ("dinner Thursday at 7"), the later said as such ("Thursday 7pm dinner"): the bare
    hour is the later one. A text that says its half of the day ("7am", "in the morning", "07:00")
    keeps its time, so "7am" / "7pm" still differ."""
    ta, tb = a.get("time", ""), b.get("time", "")
    if not (_CLOCK.match(ta) and _CLOCK.match(tb)) or ta == tb:
        return a, b
    (early, early_text), (late, _) = sorted(((ta, text_a), (tb, text_b)))
    if int(late[:2]) - int(early[:2]) != 12 or late[2:] != early[2:] or not early_text.isascii():
        return a, b
    if _HALF_DAY.search(normalise(early_text)):
        return a, b
    return {**a, "time": late}, {**b, "time": late}


_CLOCK = re.compile(r"^\d{2}:\d{2}$")
_BIRTHDAY = re.compile(r"^(\d{2})-(\d{2})$")
_BORN = re.compile(r"(?i)\bborn\b")


def birthday_said(slots: dict[str, Any], text: str) -> bool:
    """A birthday fact (month-day value "06-03") is said by a text that says who was born on that
    month and day ("was born on 3 June", "born Oct 3"): the field is the birth, the value the date."""
    m = _BIRTHDAY.match(str(slots.get("value") or ""))
    if slots.get("field") != "birthday" or not m or not _BORN.search(text):
        return False
    return (int(m.group(1)), int(m.group(2))) in _named_dates(text)


def task_said(slots: dict[str, Any], text: str) -> bool:
    """An English to-do with no date or other value ("Remind me to renew my passport": task "renew
    my passport") is said by a text that says its task word for word, two words or more ("I need a
    reminder to renew my passport"); the other vetoes read what the text says around it (a
    negation, a person, a deed done)."""
    task = _flat(str(slots.get("task") or ""))
    if not task.isascii() or len(task.split()) < 2 or set(slots) - {"task"}:
        return False
    # (a sentence's own stop is no word: "To-do: renew my passport." says "renew my passport")
    return f" {task} " in f" {_STOPS.sub(' ', _flat(text))} "


_STOPS = re.compile(r"[.,;:!?]+(?=\s|$)")
