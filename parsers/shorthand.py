"""English texting shorthand and misspelt key words, read as the words they stand for.

Writers type "im a nurse", "my gf", "my daugter is 6", "she's alergic to eggs": the extractors are
written for the spelt-out words, so an English turn is read through this normalisation first. Only
words that are never a slot value themselves are rewritten (pronoun contractions, relatives,
"allergic"), so a value copied from the normalised text is still a value of the original text.
Misspellings are recognised by edit distance to a short list of key words, not listed one by one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

__all__ = ["normalise", "original"]

# Shorthand whose spelt-out form the extractors read; whole words, case-insensitive.
_SHORTHAND = {
    "im": "I'm",
    "i'm": "I'm",
    "ive": "I've",
    "ill": None,  # "ill" is a word (sick): never rewritten
    "id": None,
    "ur": "your",
    "hes": "he's",
    "shes": "she's",
    "dont": "don't",
    "didnt": "didn't",
    "doesnt": "doesn't",
    "isnt": "isn't",
    "wasnt": "wasn't",
    "cant": "can't",
    "thats": "that's",
    "whats": "what's",
    "gf": "girlfriend",
    "bf": "boyfriend",
    "bday": "birthday",
    "b-day": "birthday",
    "hubs": "husband",
    "hubby": "husband",
    "wifey": "wife",
    "fam": "family",
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "tmw": "tomorrow",
    "2moro": "tomorrow",
    "tonite": "tonight",
    "yrs": "years",
    "yo": None,
    "bc": "because",
    "cuz": "because",
    "youve": "you've",
    "weve": "we've",
    "youre": "you're",
    "theyre": "they're",
    "hows": "how's",
    "wheres": "where's",
    "parkinsons": "parkinson's",
    "alzheimers": "alzheimer's",
}
# A relative written without the possessive's apostrophe ("my wifes birthday", "my dads 70", "moms
# on warfarin"): read as "wife's", "dad's", "mom's" when the next word is one a possessive or an
# "is"/"has" runs into; a true plural ("my sons are twins") is followed by other words.
_KIN_S = re.compile(
    r"(?:mom|mum|dad|wife|husband|son|daughter|sister|brother|grandma|grandpa|grandmother|grandfather|"
    r"kid|boyfriend|girlfriend|partner|fiance|fiancee|cat|dog|birthday|name)s",
    re.I,
)
_KIN_S_NEXT = re.compile(
    r"(?:birthday|bday|b-day|name|on|got|allergic|alergic|a|an|\d+|turning|blood|meds|medication|medicine|"
    r"doctor|been|gonna|going|still|also|just|really|heart|diabetes|health|pills|insulin|in|at|is|has)\b",
    re.I,
)
# Key words a misspelling is read as (one edit away, two for long words; same first letter).
_KEYS = (
    "daughter",
    "daughters",
    "husband",
    "grandma",
    "grandpa",
    "grandmother",
    "grandfather",
    "mother",
    "father",
    "brother",
    "sister",
    "allergic",
    "allergy",
    "allergies",
    "birthday",
    "vegetarian",
    "remind",
    "tomorrow",
    "morning",
    "afternoon",
    "evening",
    # the cue words the rules read a fact or a request by ("prfeer", "bduget", "fogret", "thrusday")
    "prefer",
    "favorite",
    "favourite",
    "budget",
    "actually",
    "delete",
    "forget",
    "remove",
    "reminder",
    "diabetes",
    "diabetic",
    "medication",
    "flight",
    "flights",
    "flying",
    "business",
    "please",
    "boyfriend",
    "girlfriend",
)
_WORD = re.compile(r"[A-Za-z][A-Za-z/'-]*")
# Real words one edit from a key word: never rewritten.
_REAL = {
    "smother", "bother", "other", "gather", "rather", "lather", "farther", "sitter", "brothel", "rewind",
    "remand", "allergen", "allergens", "morning", "mourning", "evenings", "mornings",
    "frying", "fright", "fling", "remote", "removed", "forgot", "forged", "budge", "pleased", "reminded",
    "deleted", "sundry", "fight", "fights", "actual", "busyness", "mediation", "medications",
}  # fmt: skip


def _distance(a: str, b: str, limit: int) -> int:
    """Damerau-Levenshtein distance (adjacent swaps count one), cut off above `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


@lru_cache(maxsize=4096)
def _spelt(word: str) -> str | None:
    low = word.lower()
    if low in _SHORTHAND:
        return _SHORTHAND[low]
    if re.split(r"['’]", low)[0] in _KEYS:
        return None  # a key word's possessive or contraction ("flight's"), spelt right
    if len(low) < 5 or low in _KEYS or low in _REAL or low.rstrip("s") in _KEYS:
        return None  # too short to tell, a key word, a real word near one, or a key word's plural
    for key in _KEYS:
        if key[0] == low[0] and _distance(low, key, 2 if len(key) >= 8 else 1) <= (2 if len(key) >= 8 else 1):
            return key
    return None


def normalise(text: str) -> str:
    """The turn with shorthand and misspelt key words spelt out; other words untouched."""
    return _rewrites(text)[0]


# English key words typed inside a Chinese sentence ("我hometown是大连", "我不太 like 那种歌", "我的
# birthday是12月5号"): read as the Chinese word the zh rules know. Only keys, never values, and only
# a word standing between Chinese (so "I really like 抹茶", an English clause, is left to the en rules).
_ZH_KEYS = {"hometown": "老家", "birthday": "生日", "bday": "生日", "like": "喜欢", "love": "喜欢", "hate": "讨厌"}
_ZH_KEY = re.compile(
    r"(?<=[\u4e00-\u9fff])\s?(?:(?P<w>(?i:hometown|birthday|bday|like|love|hate))\s?(?=[\u4e00-\u9fff])|"
    r"(?P<b>(?i:base))\s?(?=在))"
)


def _spliced(text: str, found: Iterable[tuple[int, int, str]]) -> tuple[str, list[tuple[int, int, int, int]]]:
    """`text` with each (start, end) replaced by its spelling, and every replacement's (new start, new
    end, old start, old end); `found` in reading order, not overlapping."""
    parts: list[str] = []
    spans: list[tuple[int, int, int, int]] = []
    last, size = 0, 0
    for start, end, spelt in found:
        parts.append(text[last:start])
        size += start - last
        spans.append((size, size + len(spelt), start, end))
        parts.append(spelt)
        size += len(spelt)
        last = end
    parts.append(text[last:])
    return "".join(parts), spans


# A space typed between a number and the Chinese unit it counts ("7 月 15 号", "60 岁", "50 万", "9
# 点"): writers who switch keyboards space every run of digits (two retired writers, blind10 and
# blind12), and the zh date, age and amount readers expect the number against its unit. Only before
# a unit word: a space before other words is the writer's comma ("是32不是23 我哪有那么年轻").
_ZH_UNIT = r"(?:月|号|日|点|岁|周岁|万|千|百|元|块|年|个|分|天|小时|公斤|斤|人民币|美元|欧元|英镑|日元|港币)"
_ZH_DIGIT_SPACE = re.compile(
    rf"(?<=\d)[ \t]+(?={_ZH_UNIT})|(?<=[\u4e00-\u9fff])[ \t]+(?=\d+(?:\.\d+)?[ \t]*{_ZH_UNIT})"
)


# A full-width letter or digit typed on a Chinese keyboard ("我是Ｏ型血", "Ｐ３０") is the ASCII one to every
# reader; one character for one, so each offset stays where it was.
_WIDE = re.compile(r"[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]+")


def _narrow(word: str) -> str:
    return "".join(chr(ord(c) - 0xFEE0) for c in word)


def _zh_rewrites(text: str) -> tuple[str, list[tuple[int, int, int, int]]]:
    keys = (
        ((m.start(), m.end(), _ZH_KEYS[m.group("w").lower()] if m.group("w") else "住") for m in _ZH_KEY.finditer(text))
        if re.search(r"[A-Za-z]", text)
        else iter(())
    )
    spaces = ((m.start(), m.end(), "") for m in _ZH_DIGIT_SPACE.finditer(text))
    wide = ((m.start(), m.end(), _narrow(m.group(0))) for m in _WIDE.finditer(text))
    found = sorted([*keys, *spaces, *wide])
    kept = [f for i, f in enumerate(found) if i == 0 or f[0] >= found[i - 1][1]]  # never overlapping
    return _spliced(text, kept)


def _rewrites(text: str) -> tuple[str, list[tuple[int, int, int, int]]]:
    """The normalised text and each rewritten word's (new start, new end, old start, old end)."""
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text):
        return _zh_rewrites(text)
    if not re.search(r"[A-Za-z]", text):
        return text, []
    return _spliced(text, _en_spellings(text))


def _en_spellings(text: str) -> Iterator[tuple[int, int, str]]:
    for m in _WORD.finditer(text):
        spelt = _spelt(m.group(0))
        if spelt is None and _KIN_S.fullmatch(m.group(0)) and _possessive(text, m.start(), m.end()):
            spelt = m.group(0)[:-1] + "'s"
        if spelt is not None:
            yield m.start(), m.end(), spelt


def _possessive(text: str, start: int, end: int) -> bool:
    """Is the relative word at start:end an apostrophe-less possessive ("my dads 70")? After "my"/"our"
    or at the start of a clause, and before a word a possessive or a contracted "is" runs into."""
    before = text[:start].rstrip().lower()
    if not (before.endswith(("my", "our")) or not before or before[-1] in ",.!?;:"):
        return False
    if text[start:end].lower() == "names" and before.endswith("my"):
        return text[end : end + 1] == " "  # "my names priya": "my name's priya"
    return bool(_KIN_S_NEXT.match(text[end:].lstrip())) and text[end : end + 1] == " "


def original(said: str, value: str) -> str:
    """A free-text value read from the normalised turn, as the user wrote it ("remnd me to ..."
    stays the user's words in a task); a value the normalisation did not touch comes back as is."""
    if value in said:
        return value
    norm, spans = _rewrites(said)
    at = norm.find(value)
    if at < 0 or not spans:
        return value

    def back(pos: int, end: bool) -> int:
        shift = 0
        for new_start, new_end, old_start, old_end in spans:
            if pos < new_start or (pos == new_start and (end or new_end > new_start)):
                break  # (a value starting where a dropped space was starts after it)
            if pos < new_end:
                return old_end if end else old_start  # inside a rewritten word: the whole word
            shift = old_end - new_end
        return pos + shift

    return said[back(at, False) : back(at + len(value), True)]
