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
from parsers.model import ConflictFinding, Correction, EntityRef, Fact, ForgetRequest, ParseResult
from parsers.prototypes import prototype_fallback
from parsers.rules import correction, forget_request, is_smalltalk, match_intents
from parsers.sentiment import sentiment
from parsers.summaries import render

__all__ = [
    "CONFLICT_KEYS",
    "ConflictFinding",
    "Correction",
    "EntityRef",
    "Fact",
    "ForgetRequest",
    "ParseResult",
    "apply_correction",
    "check_conflict",
    "detect_lang",
    "forget_request",
    "forget_target",
    "parse",
    "prototype_fallback",
    "query_hints",
    "render",
    "terms",
]

_CJK = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]{2,}")
_DOMAINS = {"budget": "finance", "travel_plan": "travel", "family_health": "health"}
_EDU = re.compile(r"学习|课程|考试|作业|老师|辅导|英语课|lesson|course|exam|homework|tutor|study|class", re.I)
_FIN = re.compile(r"理财|基金|股票|投资|贷款|存款|invest|fund|stock|loan|savings|mortgage", re.I)
# An embedding-similarity fallback may be injected: text -> (intent, similarity) or None.
Fallback = Callable[[str], tuple[str, float] | None]


def detect_lang(text: str) -> str:
    cjk = len(_CJK.findall(text))
    latin = sum(len(w) for w in _LATIN.findall(text))
    if cjk == 0:
        return "en"
    if latin > cjk * 2:
        return "mixed"
    return "zh"


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
    intent = "correction" if fix and kind not in {"budget", "profile", "travel_plan"} else kind
    return ParseResult(lang, intent if not fix else kind, subs, [fact], mood[0], mood[1], fix)


# -- query understanding for retrieval -------------------------------------------------------
# Words that name a kind of memory. English words match whole words only ("ill" is not "will"),
# and only unambiguous ones are listed: a false hint pushes unrelated memories up.
_QUERY_KIND_WORDS: dict[str, tuple[str, ...]] = {
    "preference": ("喜欢", "偏好", "爱好", "口味", "prefer", "preference", "preferences", "favorite", "favourite"),
    "profile": ("名字", "叫什么", "职业", "住在", "哪里人", "母语", "my name", "my job", "my profession"),
    "family_health": (
        "生病",
        "得病",
        "什么病",
        "健康",
        "血压",
        "糖尿病",
        "health",
        "illness",
        "sick",
        "disease",
        "diagnosed",
        "medical condition",
    ),
    "travel_plan": (
        "行程",
        "高铁",
        "火车",
        "车票",
        "机票",
        "航班",
        "发车",
        "出发",
        "旅行",
        "旅游",
        "my trip",
        "train ticket",
        "flight",
        "travel plan",
        "itinerary",
    ),
    "budget": ("预算", "花多少", "budget", "afford"),
    "todo": ("提醒", "待办", "日程", "remind", "reminder", "to-do", "todo", "my schedule", "appointment"),
    "feedback": ("反馈", "投诉", "feedback", "complaint", "complain"),
}


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
