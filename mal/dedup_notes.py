"""Eleventh round (helper en11): an English note about the user read as the user's own words.

Memory systems and their writers keep notes in the third person and in shorthand: "User's mother
has knee surgery on the 22nd", "Reminder: call landlord tmrw, 09:00", "Thurs 19:30 - dinner w/
Priya", "type II diabetic", "3x per week". `first_person` rewrites such a note into the words the
user would have said ("my mother has knee surgery ...", "tomorrow", "Thursday", "with", "type 2",
"3 times per week"; a label such as "Reminder:" dropped, a state's postal code after a city
spelled out) before `signature` (mal/dedup_text.py) and the veto's checks read it, so a note
and the user's sentence are compared fact by fact; every hard check (numbers, people, places,
negation, times) still runs on the rewritten text.

Only the subject "user" is rewritten: "user" or "the user" before a verb (after an adverb);
"a power user of Excel", "every user" and "user manual" stay words. The verb after the subject is
put back in the first person ("User goes" / "I go", "User has" / "I have", "User is" / "I am").

Fourteenth round (helper unblock14): a note names its subject without a gender, so the rest of a
sentence about the user says "their" for the user's ("User takes their coffee black", "User and
their husband are vegan"): `_singular_they` reads it as "my" until another person or name is said
before it ("User drives Anna to their school" keeps it); and a person put after their name ("Sam,
the user's partner, is a chef") is read in the user's order ("my partner Sam is a chef").

Pure functions over text; no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache

from mal.dedup_lexicon import PEOPLE_EN, TIME_WORDS_EN
from mal.dedup_notes21 import register_read
from mal.dedup_people20 import children_named
from mal.dedup_rate_words import rates_spelt
from mal.dedup_regional import mandarin

__all__ = ["STATES", "first_person"]

_DETERMINERS = frozenset(
    ("a", "an", "each", "every", "another", "any", "no", "one", "power", "end", "new", "this", "that", "other")
)
_ADVERBS = (
    r"really|usually|also|currently|still|often|never|always|recently|just|now|only|mostly|sometimes|rarely|"
    r"normally|typically|generally|regularly|occasionally"
)
_BEFORE = r"(?:\b(?!the\b)([a-z]+)\s+)?"  # the word before "user", to leave "a power user" alone
_PAST = (
    "went|got|grew|took|made|came|flew|drove|bought|sold|left|met|saw|ate|broke|began|became|gave|spent|won|lost|"
    "found|quit|rode|ran|swam|wrote|read|paid|sent|kept|felt|heard|told|said|thought|taught|knew|wore|slept|fell|"
    "built|lent|forgot|hurt|had|did|was|were"
)
# the possessive: "User's cat", "the user's mother"
_POSSESSIVE = re.compile(rf"{_BEFORE}\b(the\s+)?user['\u2019]s\b", re.IGNORECASE)
# the subject "user" or "the user" before a verb (after an adverb), and that verb
_SUBJECT = re.compile(
    rf"{_BEFORE}(?<![\w'])(the\s+)?user(\s+(?:(?:{_ADVERBS})\s+)?)"
    rf"(is|has|does|doesn't|will|would|can|could|should|may|might|must|{_PAST}|\w+s|\w+ed)\b",
    re.IGNORECASE,
)
_BE_HAVE = {"is": "am", "has": "have", "does": "do", "doesn't": "don't", "was": "was"}  # "User was" / "I was"
_ABBREVIATIONS = (
    (re.compile(r"\b(?:tmrw|tmr|tmw|tmrrw)\b", re.IGNORECASE), "tomorrow"),
    (re.compile(r"\bappts?\b", re.IGNORECASE), "appointment"),
    (re.compile(r"\bb-?days?\b", re.IGNORECASE), "birthday"),
    (re.compile(r"(?<![\w/])w/o(?![\w/])", re.IGNORECASE), "without"),
    (re.compile(r"(?<![\w/])w/(?=\s|\w)", re.IGNORECASE), "with "),
    (re.compile(r"\bthurs?\b\.?", re.IGNORECASE), "thursday"),
    (re.compile(r"\btues\b\.?", re.IGNORECASE), "tuesday"),
    (re.compile(r"\bweds\b\.?", re.IGNORECASE), "wednesday"),
    # a year said with an apostrophe: '16 is 2016, '98 is 1998 ("the '90s" stays a decade)
    (re.compile(r"(?<![\w'])['\u2019](\d{2})\b(?!s)"), None),
    # 3x a week / 3x per week: three times
    (re.compile(r"\b(\d+)\s?x(?=\s+(?:a|per|each|every)\b)", re.IGNORECASE), r"\1 times"),
    # type II diabetes, stage III: a Roman numeral after a kind of grade
    (re.compile(r"\b(type|stage|grade|phase|level|class)\s+(IV|V|I{1,3})\b"), None),
)
# a note's label before what it says: "Reminder: call the bank", "TODO: renew the lease"
_LABEL = re.compile(r"^\s*(?:reminder|to-?\s?do|note|memo|task)\s*[:\-\u2013]\s*", re.IGNORECASE)
# a US state said by its postal code after a place: "Boise, ID", "Austin TX"
STATES = {
    **{"AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado"},
    **{"CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho"},
    **{"IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana"},
    **{"ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota"},
    **{"MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada"},
    **{"NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina"},
    **{"ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania"},
    **{"RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas"},
    **{"UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington", "WV": "West Virginia"},
    **{"WI": "Wisconsin", "WY": "Wyoming", "DC": "DC"},
}
_STATE = re.compile(
    rf"\b([A-Z][a-z]+)(?:,\s*|\s+)({'|'.join(c for c in STATES if c != 'OK')})"
    r"(?=\s*(?:$|[.,;:!?)]|\s(?:in|on|at|since|for|and|with|from|to|now|area)\b))"
)
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}


# a sentence whose subject is the user (after a fronted phrase: "Last month, the user ..."), the
# subject's end, and the words after it up to the sentence's end
_USER_SUBJECT = re.compile(
    r"(?:^|(?<=[.!?;]\s))((?:[^.!?;,]{1,40},\s*(?:the\s+)?|(?:[A-Za-z]+\s+){1,4}the\s+|the\s+)?user\b(?!['\u2019]))"
    r"([^.!?;]*)",
    re.IGNORECASE,
)
_THEIR = {"their": "my", "theirs": "mine", "themselves": "myself", "themself": "myself"}
_THEIR_WORD = re.compile(r"\b(?:their|theirs|themselves|themself)\b", re.IGNORECASE)
# another person (a relative, a pronoun, a role) or a name: a "their" after it may be theirs
_OTHER_PERSON = re.compile(
    r"(?i:\b(?:"
    + "|".join(sorted((re.escape(w) for w, v in PEOPLE_EN.items() if v != "they"), key=len, reverse=True))
    + r")\b)|(?<=\s)[A-Z][a-z]+"
)
# "User and their husband ...": the user is one of two subjects
# (said in the user's order: "User and their sister share a car" / "My sister and I share a car")
# "my husband and I are expecting their first child" (read from "User and their husband are ..."): a
# "their" after the joint subject, up to the sentence's end, is the couple's "our" (seventeenth round)
_JOINT_THEIR = re.compile(r"(?:^|(?<=[.!?;]\s))((?:[Mm]y\s+[a-z-]+|[A-Z][a-z]+)\s+and\s+I\s)([^.!?;]*)")
_USER_AND = re.compile(r"(?:^|(?<=[.!?;]\s))(?:[Tt]he\s+)?[Uu]ser\s+and\s+((?:[Mm]y\s+[a-z-]+)|[A-Z][a-z]+)(?=\s)")
# "Sam, my partner, is ..." (a note's "the user's" already read as "my"): "my partner Sam is ..."
_APPOSITIVE = re.compile(r"(?:^|(?<=[.!?;]\s))([A-Z][a-z]+(?: [A-Z][a-z]+)?), my ([a-z-]+(?: [a-z-]+)?),\s")


@lru_cache(maxsize=4096)
def first_person(text: str) -> str:
    """`text` with a third-person note's subject and shorthand in the user's own words (see above),
    regional Chinese in Mandarin (mal/dedup_regional.py) and a counted child's sex as son or daughter
    (mal/dedup_people20.py), and a to-do's or a clinical note's register in the user's words
    (mal/dedup_notes21.py)."""
    text = rates_spelt(mandarin(text))  # 每十四天 / 每两周: one rate, one wording (mal/dedup_rate_words.py)
    text = register_read(text)  # 待办：X / 提醒我X, "Patient states they ..." / "I ..." (mal/dedup_notes21.py)
    if not text.isascii() and not any(c.isascii() and c.isalpha() for c in text):
        return text  # no English in it
    text = children_named(text)  # "two kids, a boy and a girl": a son and a daughter (mal/dedup_people20.py)
    out = _LABEL.sub("", text)
    out = _STATE.sub(lambda m: f"{m.group(1)}, {STATES[m.group(2)]}", out)
    out = _USER_SUBJECT.sub(_singular_they, out)
    out = _USER_AND.sub(r"\1 and I", out)
    out = _JOINT_THEIR.sub(_joint_their, out)  # "User and their husband ... their first child": ours
    out = _POSSESSIVE.sub(_possessive, out)
    out = _APPOSITIVE.sub(lambda m: f"my {m.group(2)} {m.group(1)} ", out)
    out = _SUBJECT.sub(_subject, out)
    for pattern, repl in _ABBREVIATIONS:
        out = pattern.sub(repl if repl is not None else _special, out)
    return out


def _joint_their(m: re.Match[str]) -> str:
    return m.group(1) + re.sub(r"\btheir\b", "our", m.group(2))


def _singular_they(m: re.Match[str]) -> str:
    """The rest of a sentence about the user with its "their" read as the user's, up to the first
    other person or name said before it (whose "their" it may be)."""
    subject, rest = m.group(1), m.group(2)
    stop = next((p for p in _OTHER_PERSON.finditer(rest) if p.group(0).lower() not in TIME_WORDS_EN), None)
    head, tail = (rest[: stop.start()], rest[stop.start() :]) if stop else (rest, "")
    return subject + _THEIR_WORD.sub(lambda w: _same_case(w.group(0), _THEIR[w.group(0).lower()]), head) + tail


def _same_case(word: str, repl: str) -> str:
    return repl.capitalize() if word[:1].isupper() else repl


def _possessive(m: re.Match[str]) -> str:
    before = m.group(1)
    if before is not None and before.lower() in _DETERMINERS and not m.group(2):
        return m.group(0)  # "every user's account"
    return (f"{before} " if before else "") + "my"


def _subject(m: re.Match[str]) -> str:
    before, space, verb = m.group(1), m.group(3) or "", m.group(4) or ""
    if before is not None and before.lower() in _DETERMINERS and not m.group(2):
        return m.group(0)  # "a power user of Excel"
    return (f"{before} " if before else "") + "I" + space + _first_person_verb(verb)


def _first_person_verb(verb: str) -> str:
    low = verb.lower()
    if low in _BE_HAVE:
        return _BE_HAVE[low]
    if len(low) > 3 and low.endswith("ies"):
        return verb[:-3] + "y"
    if len(low) > 3 and low.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    if len(low) > 2 and low.endswith("s") and not low.endswith(("ss", "us", "is")):
        return verb[:-1]
    return verb


def _special(m: re.Match[str]) -> str:
    if m.lastindex == 1:  # '16
        year = int(m.group(1))
        return str(2000 + year if year <= 30 else 1900 + year)
    return f"{m.group(1)} {_ROMAN[m.group(2)]}"
