"""Capitals put back into English typed all in lower case, so the extractors can read names.

The English extractors find names, cities, employers and devices by their capital letters ("moved to
Boston", "my name is Priya", "work at Stripe"). Writers who type everything in lower case ("i just
moved to boston", "call me jess", "work at stripe now") lost every such fact: with every English
development turn lowercased, slot F1 fell from 0.946 to 0.813. Here a turn with no capital of its own
(apart from a sentence's first letter and "I") gets capitals back on the words that stand where a
name stands: after a cue the rules themselves use (a name after "my name is"/"call me"/"named", a
place after "moved to"/"live in"/"from X to Y"/"flying to", an employer after "work at"/"job at"),
plus well-known place names and device brands anywhere. Only letter case changes (the text keeps
its length and every offset), so a value read from the recased turn is the user's own word.
A word that is a function word, a time word or a common noun that follows those cues ("moved to a
new place", "work from home", "call me tomorrow") is never capitalised.
"""

from __future__ import annotations

import re
from functools import lru_cache

from spacy.lang.en.stop_words import STOP_WORDS

from parsers.places_en import AIRPORTS, DEVICE_CASE, PET_WORDS, PLACE_PREFIXES, PLACE_SUFFIXES, PLACES_EN

__all__ = ["recase", "uncased"]

# Words that follow a name cue without being a name ("moved to town", "work at home", "call me later").
_COMMON = set(
    str.split(
        "home work school college uni university class office bed town church hospital gym bed dinner lunch breakfast "
        "today tomorrow tonight yesterday morning afternoon evening night weekend week month year day days weeks "
        "months years later asap sometime anytime whenever soon early late mom dad kids people clients customers "
        "crazy lol "
        "haha tho btw pls please thanks idk ok okay yeah yes nope sure maybe probably definitely actually basically "
        "literally honestly really again also still just like about around already here there everything nothing "
        "something anything visit see go get do be have make try buy book find check fly drive stay spend bring take "
        "remote remotely freelance myself yourself ourselves online abroad overseas downtown upstate nearby "
        "jan feb mar apr jun jul aug sep sept oct nov dec january february march april may june july august september "
        "october november december monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thurs "
        "fri sat sun christmas easter thanksgiving summer winter spring fall autumn holiday holidays vacation break "
        "economy business first second premium coach class seat flight flights train trains bus ticket tickets trip "
        "new old big small little good great bad nice best worst same different own whole half full"
    )
)
_WORD = r"[a-z][a-z'-]*[a-z0-9]|[a-z]"
# Cues after which the next word or two stand where a name stands, per kind of name.
_PERSON_CUE = re.compile(
    rf"\b(?:name is|name's|my names|nmae is|call me|calls me|i go by|go by|named|called|"
    rf"(?:^|[,.!]\s*)(?:hey|hi|hiya|hello|yo)[,!]?\s+(?:i'm|im|i am|this is|it's))"
    rf"\s+(?P<w>{_WORD})(?:\s+(?P<w2>{_WORD}))?|"
    rf"(?:^|[,.!]\s*)(?:i'm|im|i am)\s+(?P<a>{_WORD})(?=,\s*\d{{1,2}}\b)"
)
# A pet's or a relative's name right after it ("our cat mochi is", "my son arjun turns 10"); a verb
# there ("my dog barks", "my son got") is no name.
_KIN_CUE = re.compile(
    rf"\b(?:my|our)\s+(?:{PET_WORDS}|son|daughter|wife|husband|brother|sister|kid|boy|girl|baby|partner|mom|mum|"
    rf"dad|niece|nephew|cousin|grandson|granddaughter|twins?)\s+(?P<w>{_WORD})"
)
_VERBISH = set(
    str.split(
        "got went came said told took left found gave ran fell broke bought brought thought won lost saw ate drank "
        "sat slept threw needs wants loves hates can will would could should might must just"
    )
)
_PLACE_CUE = re.compile(
    r"\b(?:(?:moved|moving|move|relocated|relocating|relocate|transferred|flying|fly|flew|flight|flights|trip|"
    r"travel(?:l?ing)?|heading|headed|head|driving|drive|train|bus|ticket|tickets|visit|visiting|returning|"
    r"vacation|holiday|honeymoon|getaway|back|down|up|over|out|off|home)\s+(?:back\s+|down\s+|up\s+|over\s+|out\s+)?"
    r"(?:to|in)|"
    r"(?:live|living|lived|based|stay|staying|settled|grew up|raised|born|located)\s+(?:here\s+)?(?:in|out of)|"
    r"(?:i'm|im|i am|we're|were|originally|come|coming|came|leaving|leave|fly|flying|flew|departing)\s+"
    r"(?:originally\s+)?(?:from|frm|out of))"
    rf"\s+(?P<w>{_WORD})(?:\s+(?P<w2>{_WORD}))?(?:\s+(?P<w3>{_WORD}))?"
)
_FROM_TO = re.compile(
    rf"\b(?:from|frm)\s+(?P<a>{_WORD})(?:\s+(?P<a2>{_WORD}))?\s+to\s+(?P<b>{_WORD})(?:\s+(?P<b2>{_WORD}))?"
)
_EMPLOYER_CUE = re.compile(
    r"\b(?:(?:work|works|working|worked|job|gig|intern|interning|internship|employed|hired|started|starting|"
    r"joined|joining|engineer|developer|dev|designer|manager|analyst|nurse|teacher|scientist|consultant|"
    r"accountant|lawyer|pm|swe|sde)\s+(?:\w+\s+)?(?:at|for|by)|(?:i'm|im|i am)\s+(?:now\s+)?at|"
    rf"\ban?\s+[a-z]+\s+(?:at|for))\s+(?P<w>{_WORD})(?:\s+(?P<w2>{_WORD}))?"
)
_AIRPORT = re.compile(r"\b(?:" + "|".join(sorted(AIRPORTS)) + r")\b")
_I = re.compile(r"(?<![\w'’-])i(?=\s|['’](?:m|d|ll|ve)\b|[,.!?;:]|$)")
_UNCASED_BREAK = re.compile(r"(?:^|[.!?]\s+|\n)\W*$")


def uncased(text: str) -> bool:
    """True when no word carries a capital of its own: capitals only at a sentence's start and on
    "I" ("I'm", "I've"). Such a turn says nothing by its case, so capitals may be put back."""
    if not re.search(r"[a-z]", text) or re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text):
        return False
    for m in re.finditer(r"[A-Za-z][A-Za-z'’-]*", text):
        word = m.group(0)
        if not word[0].isupper() and not any(c.isupper() for c in word[1:]):
            continue
        if re.fullmatch(r"I(?:['’](?:m|ve|ll|d))?", word):
            continue
        if word[1:].islower() and _UNCASED_BREAK.search(text[: m.start()]):
            continue  # the first word of a sentence
        return False
    return True


def _nameish(word: str | None) -> bool:
    """Could this word be (part of) a name? Not a function word, time word or common noun."""
    if not word:
        return False
    w = word.lower().strip("'")
    return (
        len(w) >= 2
        and w not in STOP_WORDS
        and w not in _COMMON
        and not re.search(r"\d", w)
        and not w.endswith(("ing", "ly", "'s", "'re", "'ll", "'ve", "'d", "'m"))
    )


def _place_words(words: list[tuple[str | None, int]]) -> list[int]:
    """Starts of the words of a place name: the first, and the next ones when the first is a prefix
    ("new", "san", "los") or the next is a suffix ("city", "beach")."""
    first, at = words[0]
    if not _nameish(first) and not (first and first.lower() in PLACE_PREFIXES):
        return []
    starts = [at]
    prev = (first or "").lower()
    for word, pos in words[1:]:
        if (
            word
            and (prev in PLACE_PREFIXES or word.lower() in PLACE_SUFFIXES)
            and (_nameish(word) or word.lower() in PLACE_SUFFIXES or word.lower() in PLACE_PREFIXES)
        ):
            starts.append(pos)
            prev = word.lower()
        else:
            break
    if len(starts) == 1 and prev in PLACE_PREFIXES and not _nameish(first):
        return []  # "new" alone is no place
    return starts


@lru_cache(maxsize=1)
def _places() -> re.Pattern[str]:
    names = sorted(PLACES_EN, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b")


@lru_cache(maxsize=1)
def _calendar() -> re.Pattern[str]:
    """Month and weekday names as cased text writes them ("may" only before a day: the verb)."""
    return re.compile(
        r"\b(?:january|february|march|april|june|july|august|september|october|november|december|"
        r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|jan|feb|aug|sept|oct|nov|dec|may(?=\s+\d))\b"
    )


@lru_cache(maxsize=1)
def _devices() -> re.Pattern[str]:
    return re.compile(
        r"\b(?P<d>" + "|".join(re.escape(d) for d in sorted(DEVICE_CASE, key=len, reverse=True)) + r")"
        r"(?P<m>(?:\s+(?:pro|max|air|plus|mini|ultra|se|fold\d?|flip\d?|paperwhite|oasis|[a-z]?\d{1,2}[a-z]?))*)\b"
    )


def _name_starts(low: str) -> list[int]:
    """Where a capital goes back in a lower-cased turn: the first letter of each name word."""
    starts: list[int] = []
    for m in _places().finditer(low):
        starts += [
            m.start() + w.start()
            for w in re.finditer(r"[a-z]+", m.group(0))
            if w.start() == 0 or w.group(0) not in {"of", "de", "la", "du", "and"}
        ]
    for m in _PERSON_CUE.finditer(low):
        if m.group("a"):
            starts += [m.start("a")] if _nameish(m.group("a")) else []
        elif _nameish(m.group("w")):
            starts.append(m.start("w"))
            if _nameish(m.group("w2")) and not re.match(r"\s*(?:and|but|,)", low[m.end("w") :]):
                starts.append(m.start("w2"))
    for m in _KIN_CUE.finditer(low):
        w = m.group("w")
        if _nameish(w) and w not in _VERBISH and not w.endswith(("s", "ed")):
            starts.append(m.start("w"))
    starts += [m.start() for m in _calendar().finditer(low)]
    for m in _FROM_TO.finditer(low):
        for group in (("a", "a2"), ("b", "b2")):
            starts += _place_words([(m.group(g), m.start(g)) for g in group])
    for m in _PLACE_CUE.finditer(low):
        starts += _place_words([(m.group(g), m.start(g)) for g in ("w", "w2", "w3")])
    for m in _EMPLOYER_CUE.finditer(low):
        if _nameish(m.group("w")):
            starts.append(m.start("w"))
            if _nameish(m.group("w2")) and m.group("w2") not in PLACE_SUFFIXES:
                starts.append(m.start("w2"))
    return starts


def _spelt_as_made(low: str, chars: list[str]) -> None:
    """Airport codes in capitals and device names as their makers write them ("iPhone 15 Pro")."""
    for m in _AIRPORT.finditer(low):
        chars[m.start() : m.end()] = list(m.group(0).upper())
    for m in _devices().finditer(low):
        chars[m.start("d") : m.end("d")] = list(DEVICE_CASE[m.group("d")])
        for w in re.finditer(r"[a-z]+\d*|\d+[a-z]*", m.group("m")):
            at, word = m.start("m") + w.start(), w.group(0)
            if re.fullmatch(r"[a-z]\d{1,2}[a-z]?|se", word):
                chars[at : at + len(word)] = list(word.upper())
            elif word[0].isalpha():
                chars[at] = chars[at].upper()


@lru_cache(maxsize=1)
def _places_in_mixed() -> re.Pattern[str]:
    """Well-known places as Latin words between Chinese characters ("下周去tokyo出差"), where no
    word boundary separates them."""
    names = sorted(PLACES_EN, key=len, reverse=True)
    return re.compile(r"(?<![A-Za-z])(?:" + "|".join(re.escape(n) for n in names) + r")(?![A-Za-z])")


def _mixed(text: str) -> str:
    """A Chinese or mixed turn: only well-known place names typed in lower case get their capitals
    (the Chinese rules read a Latin place by it: 去Tokyo); every other Latin word is left as written."""
    chars = list(text)
    for m in _places_in_mixed().finditer(text):
        for w in re.finditer(r"[a-z]+", m.group(0)):
            if w.start() == 0 or w.group(0) not in {"of", "de", "la", "du", "and"}:
                chars[m.start() + w.start()] = chars[m.start() + w.start()].upper()
    return "".join(chars)


def recase(text: str) -> str:
    """The turn with capitals put back on the words that stand where a name stands, when the turn
    has no capitals of its own; any other turn unchanged. Same length, same letters."""
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text):
        return _mixed(text)
    text = _I.sub("I", text)  # the pronoun: rules read "I live", "I'd"
    if not uncased(text):
        return text
    low = text.lower()
    chars = list(text)
    for pos in _name_starts(low):
        chars[pos] = chars[pos].upper()
    _spelt_as_made(low, chars)
    return "".join(chars)
