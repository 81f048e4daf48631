"""Entities of any turn, for the graph's (Memory)-[:ABOUT]->(Entity) links: names, places, topics and
dates, normalised so two turns that mention the same thing meet at one node.

The rule parser extracts entities only for the structured facts it recognises; episodes (most of a
conversation) carried none, so retrieval had nothing to expand through. This module is the cheap,
deterministic extractor for every turn: no statistical NER (spaCy's trained pipelines are not
published on PyPI by their authors, only as unofficial re-uploads, so none is used), but
- English: capitalised spans (names, places, organisations), gazetteer hits (relatives,
  conditions, languages) and content words ("pottery", "adoption") as topics;
- Chinese: jieba part-of-speech tags (nr person, ns place, nt organisation, nz other proper
  noun, n/vn nouns as topics) with the gazetteer in jieba's dictionary (parsers.nlp);
- both: dates resolved against the turn's time (parsers.temporal) as `time` entities.
Names are normalised (NFKC, case-folded, traditional -> simplified Chinese, possessive and
plural endings cut) so "Melanie's", "melanie" and "MELANIE" are one entity, 臺灣 and 台湾 too.
How specific an entity is (and so how much it counts) is decided at read time, from how many of
the subject's memories mention it, not here.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from parsers.lexicon import CONDITIONS_EN, LANGUAGES, RELATIVES_EN

__all__ = ["Mention", "extract", "normalise", "query_names"]

MAX_TOPICS = 12  # per turn: bounds the ABOUT edges a long turn adds
MAX_MENTIONS = 24


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that start sentences or fill conversation: never a name, never a topic.
_FILLER = _words(
    """a about above after again against all also am an and any anything are aren as at awesome be because
    been before being below between both but by can cannot could couldn did didn do does doesn doing don
    done down during each even ever every everything few for from further get gets getting got great
    good had has have having he her here hers herself hey hi him himself his how however i if im in into
    is isn it its itself just keep know let lets like lot lots love made make makes making many maybe me
    more most much must my myself need new nice no nor not nothing now of off oh ok okay on once one
    only or other our ours ourselves out over own really right same say said see seems she should so
    some something sometimes still such sure take than thank thanks that thats the their theirs them
    themselves then there these they thing things think this those though through time times to too
    totally under until up us very want wanted was wasn way we well were weren what whats when where
    which while who whom why will with without wow would yeah yes yet you your yours yourself yourselves
    feel feeling felt going gonna glad happy cool amazing wonderful awesome definitely absolutely
    especially actually probably pretty kind sort stuff always never often today tomorrow yesterday week
    weeks month months year years day days tell told hear heard hope hoping look looks looking looked
    come came coming back bit try trying tried doing does went goes gone give gave given find found use
    used using mean means meant share shared sharing sounds sound awesome incredible fun hard glad super
    excited exciting wish able lately recently last next first another"""
)
_MONTHS = _words(
    """january february march april may june july august september october november december monday tuesday
    wednesday thursday friday saturday sunday"""
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’\-]*[A-Za-z]|[A-Za-z]")
_CAPS = re.compile(r"\b[A-Z][\w'’\-]*(?:\s+(?:of\s+|the\s+|de\s+)?[A-Z][\w'’\-]*)*")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|[\"“(]\s*)$")
_GAZETTEER_EN = {c.lower(): "condition" for c in CONDITIONS_EN} | {r: "person" for r in RELATIVES_EN}
_ZH_TAGS = {"nr": "person", "nrfg": "person", "nrt": "person", "ns": "place", "nt": "organization", "nz": "thing"}
_ZH_TOPIC_TAGS = {"n", "vn", "nz"}
_ZH_FILLER = _words("""时候 事情 东西 问题 感觉 朋友 时间 今天 明天 昨天 地方 样子 一下 什么 怎么 这个 那个""")


@dataclass(frozen=True)
class Mention:
    name: str  # normalised; the node's identity together with `type`
    type: str  # person | place | organization | name | condition | language | topic | time
    detail: str | None = None  # "speaker" for who said the turn


@lru_cache(maxsize=1)
def _tra2sim() -> object:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import jionlp

    return jionlp.tra2sim


def _simplified(text: str) -> str:
    if not any("\u4e00" <= ch <= "\u9fff" for ch in text):
        return text
    convert = _tra2sim()
    return str(convert(text, mode="char"))  # type: ignore[operator]


def normalise(name: str) -> str:
    """One spelling per entity: NFKC, case-folded, simplified Chinese, no possessive or plural."""
    text = unicodedata.normalize("NFKC", name).strip().replace("’", "'")
    text = _simplified(text).casefold()
    text = re.sub(r"'s$|'$", "", text)
    text = " ".join(text.split())
    if text.isascii() and " " not in text and len(text) > 3:
        if text.endswith("ies"):
            text = text[:-3] + "y"
        elif text.endswith("s") and not text.endswith(("ss", "us", "is")):
            text = text[:-1]
    return text


def _english(text: str) -> list[Mention]:
    out: list[Mention] = []
    for m in _CAPS.finditer(text):
        span = m.group(0)
        words = span.split()
        if len(words) == 1 and (words[0].lower() in _FILLER or len(words[0]) < 2):
            continue  # "I", "The", "Yeah" at the start of a sentence
        if _SENTENCE_START.search(text[: m.start()]) and words[0].lower() in _FILLER:
            words = words[1:]
            if not words:
                continue
        name = normalise(" ".join(words))
        if name in _MONTHS or not name:
            continue
        out.append(Mention(name, "name"))
    low = text.lower()
    for word, kind in _GAZETTEER_EN.items():
        if re.search(rf"\b{re.escape(word)}\b", low):
            out.append(Mention(normalise(word), kind))
    for word in LANGUAGES:
        if word.isascii() and re.search(rf"\b{re.escape(word)}\b", low):
            out.append(Mention(normalise(word), "language"))
    topics = 0
    for m in _WORD.finditer(text):
        word = m.group(0)
        if word[0].isupper() or len(word) < 4 or word.lower() in _FILLER or "'" in word or "’" in word:
            continue
        if word.lower().endswith("ly"):
            continue  # adverbs ("really", "finally") say little about the topic
        out.append(Mention(normalise(word), "topic"))
        topics += 1
        if topics >= MAX_TOPICS:
            break
    return out


def _chinese(text: str) -> list[Mention]:
    import jieba.posseg

    from parsers.nlp import pipeline

    pipeline("zh")  # loads the gazetteer into jieba's dictionary once
    out: list[Mention] = []
    topics = 0
    # The HMM for unknown words costs ~50 ms a sentence; dictionary words are what can be linked.
    for token, flag in jieba.posseg.cut(_simplified(text), HMM=False):
        word = token.strip()
        if len(word) < 2 or word in _ZH_FILLER:
            continue
        if flag in _ZH_TAGS:
            out.append(Mention(normalise(word), _ZH_TAGS[flag]))
        elif flag in _ZH_TOPIC_TAGS and topics < MAX_TOPICS:
            out.append(Mention(normalise(word), "topic"))
            topics += 1
        elif flag == "eng" and word[0].isupper():
            out.append(Mention(normalise(word), "name"))
    return out


def extract(text: str, lang: str, now: datetime | None = None, speaker: str | None = None) -> list[Mention]:
    """The entities one turn mentions (deduplicated, bounded); `speaker` becomes a person entity."""
    from parsers.lang import counts_as_zh

    found: list[Mention] = []
    if speaker and speaker.strip():
        found.append(Mention(normalise(speaker), "person", "speaker"))
    zh = counts_as_zh(lang) or any("\u4e00" <= ch <= "\u9fff" for ch in text)
    found += _chinese(text) if zh else []
    found += _english(text)
    if now is not None:
        from parsers.temporal import find_when

        when = find_when(text, now, "zh" if zh else "en")
        if when is not None and when.date:
            found.append(Mention(when.date, "time"))
    seen: set[tuple[str, str]] = set()
    out: list[Mention] = []
    for mention in found:
        key = (mention.name, mention.type)
        if mention.name and key not in seen:
            seen.add(key)
            out.append(mention)
    return out[:MAX_MENTIONS]


def query_names(query: str, lang: str) -> list[str]:
    """Entity names a question mentions (for the graph stage to start from), without times."""
    return sorted({m.name for m in extract(query, lang) if m.type != "time"})
