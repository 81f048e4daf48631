"""One name written two ways: "MIL" / "mother-in-law", "Austin" / "Austin, TX", "Zoë" / "Zoe",
"Bostn" / "Boston" (fourteenth round, helper unblock14).

The names veto (mal/dedup_checks.py `names_differ`) reads each capitalised word one text has and
the other lacks as another thing named, as it must for Emma / Emily and Tesla / Toyota. A note
written about the user spells out what the user abbreviated, drops the accent the user typed, adds
the state or country after a city, or fixes the user's typo, and every such restatement was kept
twice. `aligned` rewrites one memory's form of a name into the form the other memory uses, only
when the two are one name by a rule that holds for any name:

  * an acronym and its expansion: the acronym's letters are the initials of a run of the other
    text's words, in order ("HOA" / "homeowners' association" may take a letter from inside a
    compound word; "&", "and", "of" may be skipped; "D&D" / "Dungeons & Dragons");
  * a city with a state or country after it, and the same city without one, or with one that holds
    the other (Manchester, England / Manchester, UK; Austin / Austin, TX); two regions of one
    country (Portland, Oregon / Portland, Maine) are two cities and stay;
  * a name with its diacritics and the same name without (Zoë / Zoe, José / Jose); an app's
    Chinese name with "App" after it and without (微信读书App / 微信读书);
  * a name of five or more letters with one letter dropped, added or two swapped inside it (not its
    first or last letter: Bostn / Boston, Micheal / Michael), when it is the only name either text
    has that the other lacks. A changed letter is no typo here (Sofia / Sonia, Karen / Karin), nor
    a changed first or last one (Jason / Mason, Maria / Marie).

It is positive evidence only: the rewritten pair still passes every check of the veto. Called
where the pair is first read (mal/dedup.py, mal/dedup_model.py), after the code-switch alignment
(mal/dedup_bilingual.py). Pure functions; no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

from mal.dedup_bilingual import aligned as bilingual_aligned
from mal.dedup_bilingual import rewritten
from mal.dedup_miss23en import phrased_alike
from mal.dedup_negative_verbs import negative_said
from mal.dedup_notes import STATES
from mal.dedup_people23 import child_verbs, children_by_sex
from mal.dedup_unblock16_en import written_out
from mal.dedup_unblock17_en import spelled_alike
from mal.dedup_unblock17_zh import converted_measures, homophone_typos, model_years
from mal.dedup_unblock18_dev7 import registers_alike
from mal.dedup_unblock18_zh import written_alike
from mal.models import Memory

__all__ = ["aligned", "read_alike", "variants"]

# --- acronyms
_ACRONYM = re.compile(r"(?<![\w&])([A-Z](?:&?[A-Z]){1,5})(?![\w&])")
_SKIPPED = frozenset(("&", "and", "of", "the", "for"))
# words an expansion never begins with nor takes an initial from ("TV" is not "to the village")
_FUNCTION = frozenset(
    "a an the to of in on at for and or by with from my your his her their our its is are was were i me we it".split()  # noqa: SIM905
)
_MAX_INNER = 1  # letters an acronym may take from inside one word ("HOA": home-Owners)

# --- places: a region after a city, and the country that holds it
_UK = ("England", "Scotland", "Wales", "Northern Ireland")
_CANADA = (
    *("Ontario", "Quebec", "British Columbia", "Alberta", "Manitoba", "Saskatchewan", "Nova Scotia"),
    *("New Brunswick", "Newfoundland", "Prince Edward Island"),
)
_AUSTRALIA = ("New South Wales", "NSW", "Victoria", "Queensland", "Tasmania", "Western Australia", "South Australia")
_COUNTRY_NAMES = {
    **dict.fromkeys(("USA", "US", "U.S.", "U.S.A.", "United States", "America"), "usa"),
    **dict.fromkeys(("UK", "U.K.", "United Kingdom", "Britain", "Great Britain"), "uk"),
    **dict.fromkeys(("Canada",), "canada"),
    **dict.fromkeys(("Australia",), "australia"),
    **{c: c.lower() for c in ("Ireland", "Germany", "France", "Spain", "Italy", "Portugal", "Netherlands")},
    **{c: c.lower() for c in ("Belgium", "Switzerland", "Austria", "Sweden", "Norway", "Denmark", "Poland")},
    **{c: c.lower() for c in ("Mexico", "Brazil", "Argentina", "India", "Japan", "China", "Korea", "Singapore")},
    **{c: c.lower() for c in ("New Zealand", "South Africa", "Greece", "Turkey", "Israel", "Egypt")},
}
# a region (a state, a nation of the UK, a province) -> its country
_REGIONS = {
    **{name: "usa" for name in STATES.values()},
    **{code: "usa" for code in STATES if code != "OK"},
    **dict.fromkeys(_UK, "uk"),
    **dict.fromkeys(_CANADA, "canada"),
    **dict.fromkeys(_AUSTRALIA, "australia"),
}
_REGION_NAMES = sorted({*_REGIONS, *_COUNTRY_NAMES}, key=len, reverse=True)
_CITY = r"[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}"
_CODES = "|".join(c for c in STATES if c != "OK")  # "OK" is a word more often than Oklahoma
_QUALIFIED = re.compile(rf"\b({_CITY})(?:,\s*({'|'.join(re.escape(r) for r in _REGION_NAMES)})|\s+({_CODES}))(?!\w)")

# --- typos in names
_NAME = re.compile(r"(?<![\w'])[A-Z][a-z]{3,}\b")
_TYPO_MIN = 5


def aligned(a: Memory, b: Memory) -> tuple[Memory, Memory]:
    """`a` and `b` with each name one of them writes another way rewritten as the other writes it
    (see above); the memories as they are otherwise."""
    ta, tb = a.text or a.summary, b.text or b.summary
    (na, ra), (nb, rb) = variants(ta, tb)
    if not ra and not rb:
        return a, b
    return _with(a, na, ra), _with(b, nb, rb)


def read_alike(a: Memory, b: Memory) -> tuple[Memory, Memory]:
    """The pair as every dedup step reads it: code-switched words aligned (mal/dedup_bilingual.py),
    English amounts written short spelled out (mal/dedup_unblock16_en.py: "2 yrs", "3x/week"),
    one thing spelled two ways spelled one way (mal/dedup_unblock17_en.py: "freind" / "friend",
    "biweekly" / "every other week", "3/14" / "March 14", "St." / "Saint"), then one name written
    two ways written one way (`aligned`). The rule (mal/dedup.py) and the model's features
    (mal/dedup_model.py) both read a pair through this one function."""
    return aligned(*spelled_alike(*written_out(*bilingual_aligned(a, b))))


@lru_cache(maxsize=4096)
def variants(a: str, b: str) -> tuple[tuple[str, dict[str, str]], tuple[str, dict[str, str]]]:
    """Each text with its forms of a name rewritten to the other's, and what was replaced."""
    a, b = unicodedata.normalize("NFC", a), unicodedata.normalize("NFC", b)
    ra = {**_folded(a, b), **_expanded(a, b), **_app(a, b), **_typos(a, b)}  # a typo: on one side only
    rb = {**_folded(b, a), **_expanded(b, a), **_app(b, a)}
    # a Chinese homophone typo (芒果 / 忙果: mal/dedup_unblock17_zh.py), on whichever side has it
    ra.update(homophone_typos(a, b))
    rb.update(homophone_typos(b, a))
    # one measure in two units (五公斤 / 10斤: mal/dedup_unblock17_zh.py), written as the older text has it
    rb.update(converted_measures(b, a))
    ra.update(model_years(a, b))  # 18款 / 2018年的 (mal/dedup_unblock17_zh.py)
    rb.update(model_years(b, a))
    # 研二 / 研究生二年级, 俩 / 两个, 三成 / 30%, 五楼 / 5层 (mal/dedup_unblock18_zh.py), on whichever side
    ra.update(written_alike(a, b))
    rb.update(written_alike(b, a))
    # wfh / work from home, im / I'm, HUGE / huge, 咱 / 我, 两回 / 两次 (mal/dedup_unblock18_dev7.py)
    ra.update(registers_alike(a, b))
    rb.update(registers_alike(b, a))
    # 两个孩子，一个男孩一个女孩 / 一个儿子和一个女儿: children counted by sex (mal/dedup_people23.py)
    ra.update(children_by_sex(a, b))
    rb.update(children_by_sex(b, a))
    # 带娃 / 带孩子: jieba cuts a verb with 娃 as one word (mal/dedup_people23.py)
    ra.update(child_verbs(a, b))
    rb.update(child_verbs(b, a))
    # must avoid gluten / can't eat gluten, 戒烟 / 没抽烟, 除了下雨天 / 不下雨的话 (mal/dedup_negative_verbs.py)
    ra.update(negative_said(a, b))
    rb.update(negative_said(b, a))
    # a note's phrasing of the user's words: "wants a reminder to" / "Remind me to", "the 22nd of
    # September" / "September 22", "followed a vegan diet" / "been vegan" (mal/dedup_miss23en.py)
    ra.update(phrased_alike(a, b))
    rb.update(phrased_alike(b, a))
    qa, qb = _qualifiers(a, b)
    ra.update(qa)
    rb.update(qb)
    return (_replace(a, ra), ra), (_replace(b, rb), rb)


def _replace(text: str, replaced: dict[str, str]) -> str:
    for old, new in sorted(replaced.items(), key=lambda kv: -len(kv[0])):
        text = re.sub(rf"(?<![A-Za-z0-9&]){re.escape(old)}(?![A-Za-z0-9&])", new, text)
    return text


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def _folded(text: str, other: str) -> dict[str, str]:
    """Words of `text` written with diacritics that `other` writes without (Zoë / Zoe)."""
    words = {w.lower() for w in re.findall(r"\w+", unicodedata.normalize("NFC", other))}
    return {
        w: _fold(w)
        for w in re.findall(r"\w+", text)
        if not w.isascii() and w.isalpha() and _fold(w).isascii() and _fold(w).lower() in words
    }


def _expanded(text: str, other: str) -> dict[str, str]:
    """Acronyms of `text` that `other` says in full (MIL / mother-in-law), each with that run."""
    out = {}
    for acronym in {m.group(1) for m in _ACRONYM.finditer(text)}:
        if re.search(rf"(?<![\w&]){re.escape(acronym)}(?![\w&])", other):
            continue
        run = _expansion(acronym.replace("&", ""), other)
        if run and not re.search(rf"\b{re.escape(run)}\b", text, re.IGNORECASE):
            out[acronym] = run
    return out


def _expansion(letters: str, text: str) -> str | None:
    """The run of `text`'s words whose initials (and at most `_MAX_INNER` letters from inside a
    word) spell `letters`, as written in `text`; None when there is none or more than one."""
    tokens = [(m.start(), m.end(), m.group(0)) for m in re.finditer(r"[A-Za-z][A-Za-z']*|&", text)]
    found = set()
    for i, (start, _, word) in enumerate(tokens):
        if word[0].upper() != letters[0]:
            continue
        end = _spell(letters.lower(), [w.lower() for _, _, w in tokens[i:]])
        if end is not None:
            found.add(text[start : tokens[i + end - 1][1]])
    return found.pop() if len(found) == 1 else None


def _spell(letters: str, words: list[str]) -> int | None:
    """How many of `words` spell `letters` from their start (see `_expansion`), or None."""
    pos, inner, initials = 0, 0, 0
    for n, word in enumerate(words, 1):
        if pos == len(letters):
            return n - 1 if initials >= 2 else None
        if word in _SKIPPED and word[0] != letters[pos]:
            continue
        if word[0] != letters[pos] or (word in _FUNCTION and n == 1):
            return None
        pos += 1
        initials += 1
        # letters taken from inside this word: a compound ("homeowners")
        at = 1
        while pos < len(letters) and inner < _MAX_INNER and letters[pos] in word[at:]:
            following = words[n] if n < len(words) else ""
            if following[:1] == letters[pos]:
                break  # the next word begins with it: take it there
            at = word.index(letters[pos], at) + 1
            pos += 1
            inner += 1
    return len(words) if pos == len(letters) and initials >= 2 else None


def _qualifiers(a: str, b: str) -> tuple[dict[str, str], dict[str, str]]:
    """A city with a region after it in one text and the same city in the other, without one or
    with one that holds it or that it holds: each qualified city rewritten as the city alone."""
    qa, qb = _qualified(a), _qualified(b)
    return _unqualified(qa, qb, b), _unqualified(qb, qa, a)


def _unqualified(mine: dict[str, tuple[str, str]], theirs: dict[str, tuple[str, str]], other: str) -> dict[str, str]:
    out = {}
    for city, (whole, region) in mine.items():
        if city in theirs:
            if _holds(region, theirs[city][1]):
                out[whole] = city
        elif re.search(rf"\b{re.escape(city)}\b", other):
            out[whole] = city
    return out


def _qualified(text: str) -> dict[str, tuple[str, str]]:
    return {m.group(1): (m.group(0), m.group(2) or m.group(3)) for m in _QUALIFIED.finditer(text)}


def _holds(x: str, y: str) -> bool:
    """Two qualifiers of one city that say one place: equal, or a country and a region of it."""
    cx, cy = _country(x), _country(y)
    return x == y or (cx == cy and (x in _COUNTRY_NAMES or y in _COUNTRY_NAMES))


def _country(region: str) -> str:
    return _COUNTRY_NAMES.get(region) or _REGIONS[region]


# an app named with "App" after its Chinese name (微信读书App / 微信读书)
_APP = re.compile(r"([\u4e00-\u9fff]{2,})\s*(?:App|APP|app)(?![A-Za-z])")


def _app(text: str, other: str) -> dict[str, str]:
    """A Chinese name with "App" after it that `other` says without it (the longest end of the
    Chinese run before "App" that `other` holds: 我用番茄小说App / 番茄小说)."""
    if re.search(r"(?i)(?<![a-z])app(?![a-z])", other):
        return {}
    out = {}
    for m in _APP.finditer(text):
        run = m.group(1)
        name = next((run[i:] for i in range(len(run) - 1) if run[i:] in other), None)
        if name is not None:
            out[m.group(0)[len(run) - len(name) :]] = name
    return out


def _typos(text: str, other: str) -> dict[str, str]:
    """A name of `text` mistyped in `other` or the other way round (see the module docstring),
    rewritten as `other` writes it."""
    mine, theirs = _names(text), _names(other)
    only_mine = {n for n in mine if not re.search(rf"\b{n}\b", other, re.IGNORECASE)}
    only_theirs = {n for n in theirs if not re.search(rf"\b{n}\b", text, re.IGNORECASE)}
    if len(only_mine) != 1 or len(only_theirs) != 1:
        return {}
    x, y = only_mine.pop(), only_theirs.pop()
    return {x: y} if _inner_edit(x, y) else {}


def _names(text: str) -> set[str]:
    """Capitalised words not at the start of a sentence (where any word is capitalised)."""
    return {m.group(0) for m in _NAME.finditer(text) if text[: m.start()].strip()[-1:] not in ("", ".", "!", "?")}


def _inner_edit(x: str, y: str) -> bool:
    """One letter dropped, added or two swapped inside a name of 5+ letters (first and last kept)."""
    if min(len(x), len(y)) < _TYPO_MIN - 1 or max(len(x), len(y)) < _TYPO_MIN:
        return False
    if x[0] != y[0] or x[-1] != y[-1]:
        return False
    if len(x) == len(y):
        diff = [i for i in range(len(x)) if x[i] != y[i]]
        return len(diff) == 2 and diff[1] == diff[0] + 1 and x[diff[0]] == y[diff[1]] and x[diff[1]] == y[diff[0]]
    longer, shorter = (x, y) if len(x) > len(y) else (y, x)
    if len(longer) != len(shorter) + 1:
        return False
    return any(longer[:i] + longer[i + 1 :] == shorter for i in range(1, len(longer) - 1))


def _with(memory: Memory, text: str, replaced: dict[str, str]) -> Memory:
    if not replaced:
        return memory
    slots: dict[str, Any] = {k: _replace(v, replaced) if isinstance(v, str) else v for k, v in memory.slots.items()}
    return rewritten(memory, text, replaced, slots)
