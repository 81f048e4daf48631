"""English readings of one fact written two ways (eighteenth round, helper unblock18en).

A restatement that fixes the user's keyboard slip ("i liek my steak" / "User likes steak", "sci-fi
nvoels" / "sci-fi novels", "pennicilin" / "penicillin", "cofee" / "coffee") was read as another
fact by the swap and slots vetoes: the slipped word is a content word the other text does not
explain, and the rule that reads a typo (one edit, mal/dedup_checks.py `TYPO_MIN_LEN`) holds only
from seven letters, because shorter English words one edit apart are too often two words (bread /
break, form / from, diner / dinner). `slips_fixed` reads the two commonest slips at any length
from four letters, and only where the slipped form is no English word at all:

  * two letters side by side typed the other way round (liek / like, nvoels / novels);
  * a letter typed once where it is doubled, or twice where it is single (cofee / coffee,
    pennicilin / penicillin: the two spellings are one once each double letter is written once).

"No English word" is read off the English of the CC-CEDICT dictionary the package ships (the one
mal/dedup_bilingual.py reads): some 49,000 words, with their plural and past forms, so diner /
dinner or desert / dessert, both words, are never read as one slipped into the other. A word
written with a capital is left alone (Karen / Karin are two people: mal/dedup_variants.py).

`remote_said` reads one place of work said two ways: "I work from home" / "User works remotely".
The words differ ("home" / "remotely"), so the swap and substitution vetoes read another place of
work; the reading writes "from home" after a form of "work" as "remotely", and only when the other
text says "remote" or "remotely" and not "from home" itself (the pair is then read alike, text and
words together, by every step).

`flight_said` reads a flight as the flying ("I'm flying to Oslo" / "I have a flight to Oslo"), but
only the trip: "flight" before where, when or a verb of it, or at the end of a clause, when the other
text says a form of "fly". Before another noun it is a thing of its own ("a flight attendant", "flight
delays", "flight school": review of the eighteenth round, when a synonym list read every "flight" as
"flying" and "My sister is a flight attendant" / "My sister is flying" merged).

Pure functions; the word list is read once.
"""

from __future__ import annotations

import re

from mal.dedup_bilingual import gloss_words

__all__ = ["english_word", "flight_said", "remote_said", "slip_of", "slips_fixed"]

SLIP_MIN_LEN = 4  # "teh" / "the": three-letter words are too few letters to tell a slip from a word
_WORD = re.compile(r"[A-Za-z]+")
_DOUBLE = re.compile(r"([a-z])\1+")
_INFLECTIONS = ("s", "es", "ed", "d", "ing", "ly", "er")


def english_word(word: str) -> bool:
    """`word` (lower case) is an English word, as written or once an inflection is taken off
    (novels -> novel, cycles -> cycle, cooked -> cook)."""
    words = gloss_words()[0]
    return word in words or any(
        word.endswith(end) and len(word) - len(end) >= SLIP_MIN_LEN - 1 and word[: -len(end)] in words
        for end in _INFLECTIONS
    )


def _collapsed(word: str) -> str:
    return _DOUBLE.sub(r"\1", word)


def _swapped_once(a: str, b: str) -> bool:
    """`a` is `b` with two letters side by side typed the other way round."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


def slip_of(word: str, candidates: set[str]) -> str | None:
    """The one word of `candidates` that `word` slipped from (see the module docstring), or None:
    `word` is no English word, the candidate is one, and the two are one slip apart (the candidate
    read with or without its inflection: "liek" slipped from the "like" of "likes")."""
    if len(word) < SLIP_MIN_LEN or english_word(word):
        return None
    forms = {c for c in candidates if english_word(c)}
    forms |= {c[: -len(end)] for c in forms for end in _INFLECTIONS if c.endswith(end) and english_word(c[: -len(end)])}
    found = {c for c in forms if c != word and (_swapped_once(word, c) or _collapsed(word) == _collapsed(c))}
    return found.pop() if len(found) == 1 else None


def slips_fixed(text: str, other: str) -> str:
    """`text` with each lower-case word that slipped from a lower-case word of `other` (and that
    `text` does not say itself) spelled as `other` spells it."""
    theirs = set(_WORD.findall(other)) - set(_WORD.findall(text))
    candidates = {w for w in theirs if w.islower()}

    def fixed(m: re.Match[str]) -> str:
        word = m.group(0)
        if not word.islower():
            return word
        return slip_of(word, candidates) or word

    return _WORD.sub(fixed, text)


_FROM_HOME = re.compile(r"(?i)\b(work(?:s|ed|ing)?) from home\b")
# "remote" as the work's way, not a place or a thing ("a remote oil rig", "a remote village", "the
# remote control": review of the eighteenth round): "remotely", or "remote" before no other noun
_REMOTE = re.compile(
    r"(?i)\bremotely\b|\bremote\b(?!\s+(?!(?:work|worker|workers|job|position|role|employee|from|on|in|at|and|"
    r"for|since|now|most|every|two|three|four|five)\b)[a-z])"
)


def remote_said(text: str, other: str) -> str:
    """`text` with "work from home" written "work remotely" when `other` says the work is remote
    and does not say "from home" (see the module docstring)."""
    if not _REMOTE.search(other) or _FROM_HOME.search(other):
        return text
    return _FROM_HOME.sub(lambda m: f"{m.group(1)} remotely", text)


_FLY = re.compile(r"(?i)\bfl(?:y|ying|ies|ew|own)\b")
# a flight as the trip: before where or when it goes, a verb of the flight, or the clause's end
_FLIGHT = re.compile(
    r"(?i)\bflights?\b(?=\s*(?:[.,;:!?)]|$)|\s+(?:to|from|at|on|in|into|out|back|home|tomorrow|tonight|today|"
    r"this|next|last|with|for|is|was|are|were|leaves|left|lands|landed|departs|arrives|got)\b)"
)


# a verb done to the flight as a thing, not the flying: missed, cancelled, delayed (nineteenth round:
# "I missed my flight" / "I am flying" read as "I missed my flying")
_ACTED_ON = re.compile(
    r"(?i)\b(?:miss|missed|missing|misses|cancel\w*|delay\w*|postpon\w*|rebook\w*|reschedul\w*|chang\w*|"
    r"lost|lose|refund\w*|upgrad\w*)\s+(?:(?:my|a|the|our|his|her|their|that|this|your)\s+)?(?:[a-z]+\s+)?$"
)


def flight_said(text: str, other: str) -> str:
    """`text` with a flight written as the flying when `other` flies (see the module docstring), not
    a flight something was done to (`_ACTED_ON`)."""
    if not _FLY.search(other) or _FLIGHT.search(other):
        return text
    return _FLIGHT.sub(lambda m: m.group(0) if _ACTED_ON.search(text[: m.start()]) else "flying", text)
