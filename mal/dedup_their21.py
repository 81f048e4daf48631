"""A note's "their" after a fronted phrase, and "User and their partner" as the user's "we" (helper their21).

Assistants note the user in the third person with a singular "their" (issue #11). Two wordings
escaped the earlier readings (mal/dedup_household.py `they_noted` / `their_noted`, which want the
note to start with "User"):

* a phrase about the user fronted before the clause: "At the user's last checkup, their cholesterol
  was 240" is "At my last checkup, my cholesterol was 240". Only a "their" (a fronted "they" may be
  the staff: "At the user's appointment, they took blood"), only where the fronted phrase owns a
  single thing that is no group ("At the user's school, their policy ..." is the school's, "At the
  user's parents' house" names other people) and the note names no person but "they";
* "User and their partner / husband / wife ... are expecting their first child" against the user's
  "We're expecting our first baby": the couple is the user's "we". Only a spouse (a sister, a friend
  or a name is someone the "we" may not hold), only where the other text's subject is "we" and it
  names no spouse or other person the note lacks. The note as the user says it ("my partner and I
  are ...", mal/dedup_notes.py `first_person`) is read the same way, so the companion check passes it.

Once read, the people veto (mal/dedup_checks.py `people_differ`) must find no other person; every
other check still runs. Pure functions over text; no I/O.
"""

from __future__ import annotations

import re

from mal.dedup_checks import people_differ
from mal.dedup_text import signature

__all__ = ["couple_noted", "fronted_noted"]

_FRONTED = re.compile(
    r"^\W*((?:at|in|during|on|after|before|since|by|for|from)\s+)(?:the\s+)?user['\u2019]s\s+"
    r"((?:[a-z-]+\s+){0,3}([a-z-]+)),\s+(.*)$",
    re.IGNORECASE | re.DOTALL,
)
# What a fronted phrase may name for its "their" to be the user's: an event of the user's own (a checkup, an
# interview), never a business, a person or a pet ("At the user's salon / dentist / vet, their prices ...",
# "For the user's dog, their food ...": review24 found a closed list of groups leaked every other head).
_OWN_EVENTS = frozenset(
    [
        "checkup",
        "check-up",
        "physical",
        "appointment",
        "exam",
        "examination",
        "visit",
        "interview",
        "screening",
        "test",
        "scan",
        "consultation",
        "session",
        "surgery",
        "operation",
        "assessment",
        "review",
        "evaluation",
    ]
)
# a group or a place of others: its "their" is theirs
_GROUP = frozenset(
    [
        "school",
        "company",
        "work",
        "job",
        "office",
        "firm",
        "employer",
        "team",
        "club",
        "band",
        "church",
        "gym",
        "bank",
        "hospital",
        "clinic",
        "store",
        "shop",
        "restaurant",
        "university",
        "college",
        "class",
        "group",
        "family",
        "building",
        "landlord",
        "household",
        "house",
        "home",
        "party",
        "wedding",
        "workplace",
        "agency",
        "practice",
        "department",
        "staff",
        "crew",
        "church",
        "synagogue",
        "mosque",
        "temple",
        "league",
        "airline",
    ]
)
_THEIR = re.compile(r"\btheir\b", re.IGNORECASE)
_THEY_ELSE = re.compile(r"\b(?:they|them|they're|they've|they'll|they'd|themselves|theirs)\b", re.IGNORECASE)
# a name (not a month or a day, which are capitalised too)
_NAME = re.compile(
    r"(?<!^)(?<![.!?]\s)\b(?!(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Christmas|Easter)\b)[A-Z][a-z]+\b"
)


def _plural(word: str) -> bool:
    return word.endswith("s") and not word.endswith(("ss", "us", "is"))


def fronted_noted(a: str, b: str) -> bool:
    """One text fronts a phrase the user owns and then says "their" for the user's (see above)."""
    for note, other in ((a, b), (b, a)):
        m = _FRONTED.match(note)
        if m is None or not _THEIR.search(m.group(4)) or _THEY_ELSE.search(note):
            continue
        head = m.group(3).lower()
        if head not in _OWN_EVENTS or head in _GROUP or "'" in m.group(2) or _NAME.search(m.group(4)):
            continue
        if signature(note).people != {"they"}:
            continue  # another person named anywhere: "their" may be theirs
        mine = f"{m.group(1)}my {m.group(2)}, " + _THEIR.sub(
            lambda w: "My" if w.group(0)[0] == "T" else "my", m.group(4)
        )
        if not people_differ(signature(mine), signature(other)):
            return True
    return False


_SPOUSES = r"partner|husband|wife|spouse|boyfriend|girlfriend|fianc[eé]e?"
_COUPLE = re.compile(
    rf"^\W*(?:(?:the\s+)?user\s+and\s+(?:their|the\s+user['\u2019]s)\s+(?:{_SPOUSES})|my\s+(?:{_SPOUSES})\s+and\s+I)"
    r"\s+(are|were|have|had|will|'re)\b(.*)$",
    re.IGNORECASE | re.DOTALL,
)
_WE_SUBJECT = re.compile(r"^\W*(?:we|we're|we've|we'll|we'd)\b", re.IGNORECASE)
_SPOUSE_WORD = re.compile(rf"\b(?:{_SPOUSES}|my\s+other\s+half)\b", re.IGNORECASE)


def couple_noted(a: str, b: str) -> bool:
    """One text is "User and their spouse ...", the other's subject is "we" (see above)."""
    for note, other in ((a, b), (b, a)):
        m = _COUPLE.match(note)
        if m is None or not _WE_SUBJECT.match(other) or _SPOUSE_WORD.search(other):
            continue
        rest = m.group(2)
        if _THEY_ELSE.search(rest) or _NAME.search(rest):
            continue
        ours = f"We {m.group(1)}" + _THEIR.sub("our", rest)
        if signature(ours).people - {"we"} != signature(note).people - {"we", "spouse", "they"}:
            continue  # another person in the note's rest
        if _ORDINAL.findall(ours.lower()) != _ORDINAL.findall(other.lower()):
            continue  # "our first" / "their second child": which child is the fact (a parsed slot misses it)
        if not people_differ(signature(ours), signature(other)):
            return True
    return False


_ORDINAL = re.compile(r"\b(?:first|second|third|fourth|fifth|\d+(?:st|nd|rd|th)|twins?|triplets)\b")
