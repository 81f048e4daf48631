"""Rule-first memory parser: text -> facts. Pure functions, no I/O, no LLM, no invented values.

parse(text, now) -> ParseResult          one user utterance
check_conflict(fact, existing)           against active memories of the same kind
apply_correction(correction, existing)   "不对，是800不是500"
render(kind, slots, lang)                template summaries
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from parsers.conflicts import CONFLICT_KEYS, apply_correction, check_conflict
from parsers.forgetting import forget_target, terms
from parsers.kinds import KINDS, KindSpec, kind_domains, query_words
from parsers.lang import as_zh_or_en, counts_as_zh, detect_lang
from parsers.model import ConflictFinding, Correction, EntityRef, Fact, ForgetRequest, ParseResult
from parsers.prototypes import prototype_fallback
from parsers.rules import correction, forget_request, is_smalltalk, match_intents
from parsers.sentiment import sentiment
from parsers.summaries import render

__all__ = [
    "CONFLICT_KEYS",
    "KINDS",
    "ConflictFinding",
    "Correction",
    "EntityRef",
    "Fact",
    "ForgetRequest",
    "KindSpec",
    "ParseResult",
    "apply_correction",
    "as_zh_or_en",
    "check_conflict",
    "counts_as_zh",
    "detect_lang",
    "forget_request",
    "forget_target",
    "parse",
    "prototype_fallback",
    "query_hints",
    "render",
    "terms",
]

_DOMAINS = kind_domains()  # from the KINDS table
_EDU = re.compile(r"学习|课程|考试|作业|老师|辅导|英语课|lesson|course|exam|homework|tutor|study|class", re.I)
_FIN = re.compile(r"理财|基金|股票|投资|贷款|存款|invest|fund|stock|loan|savings|mortgage", re.I)
# An embedding-similarity fallback may be injected: text -> (intent, similarity) or None.
Fallback = Callable[[str], tuple[str, float] | None]


def _domain(kind: str, text: str) -> str:
    if _FIN.search(text):
        return "finance"
    if _EDU.search(text):
        return "education"
    return _DOMAINS.get(kind, "general")


def parse(
    text: str,
    now: datetime,
    lang: str | None = None,
    speaker: str | None = None,
    fallback: Fallback | None = None,
    episodes: bool = True,
) -> ParseResult:
    text = text.strip()
    lang = lang or detect_lang(text)
    mood = sentiment(text)
    forget = forget_request(text, lang)
    if forget:
        return ParseResult(
            lang, "forget_request", [("forget_request", 0.95)], sentiment=mood[0], intensity=mood[1], forget=forget
        )
    fix = correction(text, lang)
    matches = match_intents(text, lang, now, mood)
    if is_smalltalk(text, lang) and all(m[0] == "feedback" for m in matches):
        return ParseResult(lang, "smalltalk", [("smalltalk", 0.9)], sentiment=mood[0], intensity=mood[1])
    subs = [(m[0], round(m[1], 2)) for m in matches]
    if fix:
        subs.insert(0, ("correction", 0.9))
    if not matches:
        if fix:
            return ParseResult(lang, "correction", subs, sentiment=mood[0], intensity=mood[1], correction=fix)
        if is_smalltalk(text, lang):
            return ParseResult(lang, "smalltalk", [("smalltalk", 0.9)], sentiment=mood[0], intensity=mood[1])
        guess = fallback(text) if fallback else None
        if guess and guess[0] == "smalltalk":
            return ParseResult(lang, "smalltalk", [guess], sentiment=mood[0], intensity=mood[1])
        if not episodes:
            return ParseResult(lang, "smalltalk", [("smalltalk", 0.5)], sentiment=mood[0], intensity=mood[1])
        slots = {"content": text[:500], **({"speaker": speaker} if speaker else {})}
        fact = Fact(
            "episode",
            slots,
            [],
            render("episode", slots, lang),
            lang,
            0.5,
            domain=_domain("episode", text),
            sentiment=mood[0],
            intensity=mood[1],
            text=text,
        )
        subs = [("episode", 0.5)] + ([guess] if guess else [])
        return ParseResult(lang, "episode", subs, [fact], mood[0], mood[1], fix)
    kind, confidence, slots, ents = matches[0]
    fact = Fact(
        kind,
        slots,
        ents,
        render(kind, slots, lang),
        lang,
        confidence,
        domain=_domain(kind, text),
        sentiment=mood[0],
        intensity=mood[1],
        correction=fix is not None,
        text=text,
    )
    # A fact that carries a correction keeps its kind as the intent (the write path sees `fix`).
    return ParseResult(lang, kind, subs, [fact], mood[0], mood[1], fix)


# -- query understanding for retrieval -------------------------------------------------------
# Words that name a kind of memory. English words match whole words only ("ill" is not "will"),
# and only unambiguous ones are listed: a false hint pushes unrelated memories up.
_QUERY_KIND_WORDS: dict[str, tuple[str, ...]] = query_words()  # from the KINDS table


def query_hints(query: str) -> tuple[tuple[str, ...], dict[str, str]]:
    """Kinds a question is about, and slot constraints it states ("我妈妈…" -> relative=mother).

    Used by retrieval to rank and to filter in the graph hop; never stored."""
    from parsers.lexicon import RELATIVES_EN, RELATIVES_ZH

    low = query.lower()
    kinds = tuple(
        k
        for k, words in _QUERY_KIND_WORDS.items()
        if any((w in low) if not w.isascii() else re.search(rf"\b{re.escape(w)}\b", low) for w in words)
    )
    constraints: dict[str, str] = {}
    for word, rel in sorted(RELATIVES_ZH.items(), key=lambda kv: -len(kv[0])):
        if word in query:
            constraints["relative"] = rel
            break
    else:
        m = re.search(r"\b(?:my|mine|our)\s+(" + "|".join(RELATIVES_EN) + r")\b", low)
        if m:
            constraints["relative"] = RELATIVES_EN[m.group(1)]
    return kinds, constraints
