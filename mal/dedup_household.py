"""A note's "the user's" for the user's "our" (fourteenth round, helper unblock14).

A note about the user has no word for the user's household: "Our anniversary is on October 3" is
written "The user's anniversary is Oct. 3", "Our fridge is a Samsung" "The user's refrigerator is
a Samsung". The people veto (mal/dedup_checks.py `people_differ`) reads the bare "our" as other
people ("we") that the note lacks. `household_noted` reads that "our" as the user's when the other
text owns the thing by "the user's" (a note's possessive) and by no other owner: the user's own
"my" against "our" stays two owners ("Our electricity bill" / "My electricity bill", thirteenth
round), and "our" against another person's ("my sister's") stays other people.

`they_noted` (eighteenth round, helper unblock18en) reads a note's "they" the same way: a note says
the user's own words in the third person ("User has celiac disease, so they can't eat gluten",
"they're a night owl"), and the veto read that "they" as other people. It is the user only where the
note is about the user ("User ..." at its start) and names no one else "they" could be; once it
reads as "I", no other person may differ ("User's kids have celiac, so they can't eat gluten" keeps
the kids). Nor may the note name, before its "they", a thing "they" could stand for: a noun after an
article, a number or a possessive, or a plural ("User adopted a greyhound and they are scared of
stairs", "User has two cats and they sleep all day", "User works at a startup and they pay well": the
dog, the cats, the company; review of the eighteenth round).

The twentieth round reads the note's "them" the same way ("User hates flying because it makes them
anxious"), under the same guards, except "with them" / "and them" (company the user keeps). A verb
in -s ("says it tastes like soap to them") and a clock time ("after 2 p.m.") name no thing before it.

`their_noted` (twenty-first round, helper notes21) reads a note's "their" against the user's "our"
the same way: "I already booked the hotel for our anniversary trip" / "The user has already reserved
the hotel for their anniversary trip". The note's every "their" must read as the user's "my"
(mal/dedup_notes.py leaves a "their" said after another person or a name: "User drove Anna to their
school"), the note names no other owner, and each "our" stands before a word the note's "their"
owns.

Pure functions over two texts as written; no I/O.
"""

from __future__ import annotations

import re

from mal.dedup_checks import people_differ
from mal.dedup_notes import first_person
from mal.dedup_text import signature

__all__ = ["household_noted", "household_noted_zh", "their_noted", "they_noted"]

_OUR = re.compile(r"\bour\b", re.IGNORECASE)
_WE = re.compile(r"\b(?:we|us|we're|we've|we'll|we'd|ours|ourselves)\b", re.IGNORECASE)
_NOTE_OWNER = re.compile(r"\buser['\u2019]s\b", re.IGNORECASE)
_OTHER_OWNER = re.compile(r"\b(?:my|our|his|her|their|your)\b|\b(?!user\b)\w+['\u2019]s\b", re.IGNORECASE)


def household_noted(a: str, b: str) -> bool:
    """One text says "our" (and no "we"), the other is a note owning the thing by "the user's" alone,
    and once that "our" reads as the user's no other person differs."""
    for ours, note in ((a, b), (b, a)):
        if not (_OUR.search(ours) and not _WE.search(ours) and _NOTE_OWNER.search(note)):
            continue
        if _OTHER_OWNER.search(_NOTE_OWNER.sub(" ", note)):
            continue
        mine = _OUR.sub(lambda m: "My" if m.group(0)[0].isupper() else "my", ours)
        if not people_differ(signature(mine), signature(note)):
            return True
    return household_noted_zh(a, b)


# twentieth round: 我们(的) before the very words a note owns by 用户的 ("我们结婚纪念日是十月十二号" /
# "用户的结婚纪念日：10月12日", "我们读书会每个月…" / "用户的读书会每月…"): the user's household's thing
_OUR_ZH = re.compile(r"我们的?")
_NOTE_OWNER_ZH = re.compile(r"用户的")
# a word that is a plan, a habit or a wish the 我们 has, said as a noun by the note (用户的打算：…):
# 我们打算 / 我们习惯 / 我们决定 is what they do (review22)
_DOING_ZH = re.compile(
    r"打算|计划|习惯|决定|梦想|爱好|希望|愿望|目标|想法|安排|准备|选择|偏好|兴趣|喜欢|想|要|会|都|也|一起|经常|常常|总是"
)
_WHEN_ZH = re.compile(r"[上下这本每今明去前后昨周星礼早晚平假节春夏秋冬一二两三四五六七八九十\d]")


def household_noted_zh(a: str, b: str) -> bool:
    """`household_noted` in Chinese: every 我们 of one text stands right before the words (two
    characters or more) that follow the other text's 用户的, and once it reads as 我的 no other person
    differs. A 我们 that does something (我们下周去日本) is a subject, and stays other people."""
    for ours, note in ((a, b), (b, a)):
        owned = {note[m.end() : m.end() + 2] for m in _NOTE_OWNER_ZH.finditer(note)}
        places = list(_OUR_ZH.finditer(ours))
        if not places or not owned or any(ours[m.end() : m.end() + 2] not in owned for m in places):
            continue
        if any(
            len(ours[m.end() : m.end() + 2]) < 2 or _WHEN_ZH.match(ours[m.end() :]) or _DOING_ZH.match(ours[m.end() :])
            for m in places
        ):
            continue  # 我们下周去日本 / 用户的下周计划: a time after 我们 is what they do, not what they own
        mine = _OUR_ZH.sub("我的", ours)
        if not people_differ(signature(mine), signature(note)):
            return True
    return False


_NOTE = re.compile(r"^\W*(?:the\s+)?user\b(?!['\u2019]s)", re.IGNORECASE)
# the subject alone: "with them", "their" may be others the note is about, and stay people
_THEY = {
    "they": "I",
    "they're": "I'm",
    "they've": "I've",
    "they'll": "I'll",
    # twentieth round: the note's object and possessive forms are the user too ("it makes them
    # anxious", "ruins their sleep"), under the same guards as its "they"
    "them": "me",
    "their": "my",
    "theirs": "mine",
    "themselves": "myself",
    "themself": "myself",
}
_THEY_RE = re.compile(r"\b(?:they(?:['\u2019](?:re|ve|ll))?|them|their|theirs|themselves|themself)\b", re.IGNORECASE)


# what may name a thing before the note's "they": an article, a number, a possessive, or a plural noun
# (a word of four letters or more ending in a single "s", past the note's own verb: "User skips ...")
_DETERMINER = re.compile(
    r"\b(?:a|an|the|this|that|these|those|his|her|its|their|my|some|several|many|both|\d+|"
    r"two|three|four|five|six|seven|eight|nine|ten|twelve|dozen)\b"
)
_PLURAL = re.compile(r"\b[a-z]{3,}(?<![su])s\b")
# twentieth round: not a plural but a verb ("says it tastes like soap to them", "which stops them",
# "because it makes them"): a word in -s right after a subject or an adverb a verb follows
_VERB_AFTER = re.compile(
    r"\b(?:it|which|that|who|and|also|he|she|then|often|usually|still|never|always|sometimes)\s+[a-z]{3,}(?<![su])s\b"
)
# "with them", "and them", "them and me": others beside the user
_COMPANY = re.compile(r"\b(?:with|and|beside|besides|without)\s+them\b|\bthem\s+and\b", re.IGNORECASE)
# a "them" is the user only as the object of a thing's doing, after a subject that is no person in
# its clause ("because it makes them anxious", "which stops them running", "says it tastes like soap
# to them"); where the user acts ("User owes them", "User calls them") "them" is someone else
_THEM = re.compile(r"\bthem\b", re.IGNORECASE)
# (the thing must be the subject: "it" right before its verb, "it makes", "which really stops"; an
# object "it" is the user's doing, "User reads it to them": review22)
_THING_SUBJECT = re.compile(
    r"\b(?:it|which|that|this)\s+(?:[a-z]+ly\s+)?(?:[a-z]{2,}(?<![su])s|makes|gives|keeps)\b[^,.;!?]*$", re.IGNORECASE
)
# nor is a clock time a count of things ("after 2 p.m.", "at 10pm")
_CLOCK = re.compile(r"\b\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?|o'clock)(?=\W|$)|\b\d{1,2}:\d{2}\b")


def _antecedent(note: str) -> bool:
    """`note` names, before its first "they", something else that "they" could stand for."""
    head = _NOTE.sub("", _THEY_RE.split(note.lower(), maxsplit=1)[0]).strip()
    rest = _PREDICATE.sub("", head) if _PREDICATE.match(head) else " ".join(head.split(" ")[1:])
    rest = _CLOCK.sub(" ", re.sub(r"^that\b", "", rest))  # "User says that ...": no determiner
    # the word right before the pronoun, in -s, is its verb ("spicy food gives them heartburn")
    words = _VERB_AFTER.sub(" ", rest).split()
    first = _THEY_RE.search(note.lower())
    if words and words[-1].endswith("s") and first is not None and first.group(0) != "they":
        words = words[:-1]
    # a name before it ("User drives Marco to their office": Marco's, maybe)
    named = bool(_NAME.search(_NOTE.sub("", _THEY_RE.split(note, maxsplit=1)[0])))
    return named or bool(_DETERMINER.search(rest) or _PLURAL.search(" ".join(words)))


_NAME = re.compile(r"(?<!^)(?<![.!?]\s)\b[A-Z][a-z]+\b")


# "User is a night owl; they ...": what the user is names the user, no other thing
_PREDICATE = re.compile(r"^(?:is|was|'s) (?:a|an) (?:[a-z-]+ ){0,2}[a-z-]+(?=\s*(?:[,;]|\band\b|\bso\b|$))")


def they_noted(a: str, b: str) -> bool:
    """One text is a note about the user whose only person is "they", and once that "they" reads
    as the user ("I") no other person differs (see the module docstring)."""
    for note, other in ((a, b), (b, a)):
        if not (_NOTE.search(note) and signature(note).people == {"they"}) or _antecedent(note):
            continue
        if _COMPANY.search(note):
            continue  # "User skips breakfast with them": the company the user keeps, other people
        if not all(_THING_SUBJECT.search(_CLOCK.sub(" ", note[: m.start()])) for m in _THEM.finditer(note)):
            continue  # "User owes them 200 dollars": the user acts on them, someone else (review21)
        mine = _THEY_RE.sub(lambda m: _THEY[m.group(0).lower().replace("\u2019", "'")], note)
        if not people_differ(signature(mine), signature(other)):
            return True
    return False


# twenty-first round: a note's "their" (the user's) against the user's "our"
_THEIR_OWNS = re.compile(r"\btheir\s+([a-z-]+)", re.IGNORECASE)
_OUR_OWNS = re.compile(r"\bour\s+([a-z-]+)", re.IGNORECASE)
_NOTE_SUBJECT = re.compile(r"^\W*(?:[^.!?;,]{1,40},\s*)?(?:the\s+)?user\b(?!['\u2019]s)", re.IGNORECASE)
_OWNER_ELSE = re.compile(r"\b(?:his|her|your|my)\b|\b(?!user\b)\w+['\u2019]s\b", re.IGNORECASE)


def their_noted(a: str, b: str) -> bool:
    """One text is a note about the user whose every "their" reads as the user's own (see the module
    docstring), the other says "our" (and no "we") only before words the note's "their" owns, and
    once that "our" reads as "my" no other person differs."""
    for note, ours in ((a, b), (b, a)):
        if not (_NOTE_SUBJECT.search(note) and _THEIR_OWNS.search(note) and _OUR.search(ours)) or _WE.search(ours):
            continue
        if _THEIR_OWNS.search(first_person(note)) or _OWNER_ELSE.search(note):
            continue  # a "their" that may be another person's, or another owner named
        owned = {w.lower() for w in _THEIR_OWNS.findall(note)}
        if any(w.lower() not in owned for w in _OUR_OWNS.findall(ours)):
            continue
        mine = _OUR.sub(lambda m: "My" if m.group(0)[0].isupper() else "my", ours)
        if not people_differ(signature(mine), signature(note)):
            return True
    return False
