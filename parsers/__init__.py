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
from typing import Any

from parsers.conflicts import CONFLICT_KEYS, CONFLICT_RULES, apply_correction, check_conflict, conflict_key
from parsers.corrections import inline_correction, tidy, trim_new
from parsers.cues import deploy_targets, tech
from parsers.forgetting import forget_target, terms
from parsers.guards import guard
from parsers.health_rules import health_facts
from parsers.identifier_rules import identifier_facts
from parsers.intent_model import CLASSIFIER_MIN, LABEL_MIN, classify
from parsers.kinds import KINDS, KindSpec, kind_domains
from parsers.lang import as_zh_or_en, counts_as_zh, detect_lang
from parsers.lexicon import COUNTED_MATES_ZH, LONE_MATE_EN
from parsers.model import ConflictFinding, Correction, EntityRef, Fact, ForgetRequest, ParseResult
from parsers.pref_shapes import more_tastes, tidy_items
from parsers.preference_rules import preference_facts
from parsers.profile_families import narrower
from parsers.profile_rules import profile_facts
from parsers.prototypes import prototype_fallback
from parsers.requests import STATES_EN, is_request
from parsers.retrieval_hints import _QUERY_KIND_WORDS as _QUERY_KIND_WORDS
from parsers.retrieval_hints import query_hints
from parsers.rules import correction, cued_match, forget_request, is_smalltalk, match_intents
from parsers.sentiment import sentiment
from parsers.shorthand import normalise, original
from parsers.slot_tagger import slot_facts
from parsers.summaries import render
from parsers.todo_rules import standing
from parsers.todo_second import second_timed
from parsers.truecase import recase
from parsers.zh_values import code_switched_health, code_switched_profile

__all__ = [
    "CONFLICT_KEYS",
    "CONFLICT_RULES",
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
    "conflict_key",
    "counts_as_zh",
    "detect_lang",
    "forget_request",
    "forget_target",
    "parse",
    "prototype_fallback",
    "query_hints",
    "render",
    "terms",
    "warm_up",
]

# Turns that touch every lazily loaded dictionary (jionlp's time and place tables, dateparser's
# locales, jieba, the intent model): parsed once before the first request or the first timing.
_WARM_UP = (
    "明天下午3点从北京南到上海虹桥，预算500以内",
    "下个月我要去三亚旅游，我对花生过敏",
    "remind me tomorrow at 9am",
    "I'm flying to Chicago in two weeks, budget $300",
)

_DOMAINS = kind_domains()  # from the KINDS table
_EDU = re.compile(r"学习|课程|考试|作业|老师|辅导|英语课|lesson|course|exam|homework|tutor|study|class", re.I)
_FIN = re.compile(r"理财|基金|股票|投资|贷款|存款|invest|fund|stock|loan|savings|mortgage", re.I)
# An embedding-similarity fallback may be injected: text -> (intent, similarity) or None.
Fallback = Callable[[str], tuple[str, float] | None]
Match = tuple[str, float, dict[str, Any], list[EntityRef]]
# How sure the learned layer must be to decide and to label: parsers/intent_model.py.
# A rule fact this weak (feedback read from sentiment alone) yields to a confident "request".
_WEAK_RULE = 0.8
_NOTHING = {"smalltalk", "request"}
# A note an assistant keeps about the user ("User sees Dr. Klein for therapy", "When flying, the
# user prefers an aisle seat", "用户是A型血"), a statement about them and no question or task: the
# learned layer, trained on the user's own turns, took such notes for requests and nothing was
# stored (the fourteenth round's dev5 pairs). Rules still read them; the learned guess may not drop them.
_NOTE_EN = re.compile(
    r"(?:^|[,.;]\s*|\b(?:year|week|day|morning|evening|night|flying|travell?ing)\s+)(?:the\s+)?user(?:'s)?\s", re.I
)
_NOTE_ZH = re.compile(r"^[^，。？?！!]{0,8}?用户(?!名|协议|手册|体验|界面|量|数|群|们|画像|隐私|反馈|需求)")
_ASKS = re.compile(
    r"[?？]\s*$|[吗呢吧]\s*[。.!！]?\s*$|^\s*(?:please|can you|could you|would you|help|帮|请|麻烦|给我)", re.I
)


def _note(text: str) -> bool:
    """The turn is a note about the user, not a question or a task (see `_NOTE_EN`)."""
    return bool(_NOTE_EN.search(text) or _NOTE_ZH.search(text)) and not _ASKS.search(text)


_DIET_FOODS = {"no pork": ("猪肉", "pork"), "no beef": ("牛肉", "beef"), "vegetarian": ("肉", "meat")}
# Kinds a request's wording can trip without saying anything about the user ("东京现在几点了" read
# as a city, "what's a good name for a bakery" as a name); plans, budgets and tastes are kept.
_REQUEST_OVERRIDES = {"profile", "family_health"}
# Kinds that describe a lasting state of the user; a slot-less turn that denies or ends one is an
# episode (docs/parser_labels.md: "a statement that only denies something ... is an episode").
_STATE_KINDS = {"profile", "family_health", "preference"}
_DENIAL = re.compile(
    r"\b(?:don't|do not|doesn't|does not|didn't) have\b|\bno longer\b|\banymore\b|\bused to\b|\bquit\b|"
    r"\bnot an?\b|\bnever (?:had|been)\b|\bno (?:[a-z]+ )?(?:allergies|pets|kids|car)\b|"
    r"没有|不再|已经不|以前|戒了|早就不",
    re.I,
)
_SOMEONE_ELSE = re.compile(
    r"^\W*(?:my|our)\s+(?:friend|colleague|coworker|co-worker|boss|neighbou?r|roommate|classmate|teammate)s?\b|"
    r"^\W*(?:my|our)\s+(?:girlfriend|boyfriend|gf|bf|fianc[ée]e?|ex)\b|"
    r"^\W*我(?:的)?(?:朋友|同事|同学|老板|领导|邻居|室友|闺蜜|哥们|女朋友|男朋友|对象)",
    re.I,
)
_NOT_FAMILY = {"girlfriend", "boyfriend"}
# Slots whose values are labels from a fixed vocabulary, never copied from the text.
_LABELS = {"field", "relative", "polarity", "sentiment", "mood", "seat_class", "currency", "bound", "category"}
# flatmate / housemate as roommate (singular only, as friend / roommate here: "Unlike my housemates I don't eat
# meat" keeps the diet); a lone "mate" only as the one who lives / works somewhere ("My mate lives in Leeds"),
# not the partner of "me and my mate live in Brisbane"; 哥们 only counted (两个哥们), not the 哥们我 of address
# (issue #11 review25; parsers/slot_tagger.py `_OTHER` reads them alike).
_OTHER_PERSON = re.compile(
    rf"朋友|同事|同学|老板|领导|邻居|室友|{COUNTED_MATES_ZH}|他|她|别人|\b(?:friend|colleague|coworker|"
    rf"co-worker|boss|neighbou?r|roommate|flatmate|housemate|he|she|someone|somebody)\b|{LONE_MATE_EN}",
    re.I,
)


def _position(text: str, match: Match) -> int:
    """Where a rule's fact starts in the text: its earliest slot value (reading order of facts)."""
    spots = [text.find(str(v)) for v in match[2].values() if isinstance(v, str) and v and str(v) in text]
    return min(spots) if spots else len(text)


def _same_fact(a: Match, b: Match) -> bool:
    """Two readings of one fact (the old rule and a newer extractor): same identity slots, where a
    slot one of them lacks does not count against it."""
    keys = {"profile": ("field", "value", "relative"), "family_health": ("relative", "condition", "allergen")}
    if a[0] == b[0] == "preference":
        return str(a[2]["item"]) in str(b[2]["item"]) or str(b[2]["item"]) in str(a[2]["item"])
    if a[0] != b[0] or a[0] not in keys:
        return False
    if a[0] == "profile":
        return all(str(a[2].get(k, "")).lower() == str(b[2].get(k, "")).lower() for k in keys["profile"])
    return all(str(a[2][k]).lower() == str(b[2][k]).lower() for k in keys["family_health"] if k in a[2] and k in b[2])


_JOB_FRAME = re.compile(r"^(?:一名|一位|一个|职业(?:为|是))(?=[\u4e00-\u9fffA-Za-z]{2})")
# A value read up to the sentence's full stop ("works at Oracle.") ends before it; "Inc." keeps its own.
_END_STOP = re.compile(r"(?<!\bInc)(?<!\bCo)(?<!\bLtd)(?<!\bCorp)(?<!\bSt)(?<!\bJr)(?<=[A-Za-z])\.$")


def _collect(text: str, lang: str, now: datetime, matches: list[Match]) -> list[Match]:
    """Every fact of the turn in reading order: the intent rules' matches plus the profile and
    health extractors (several per turn). A trip's budget is its slot, not a second fact; feedback
    read from sentiment stands only when nothing else does."""
    for m in matches:
        if (
            m[0] == "profile"
            and m[2].get("field") == "job"
            and re.search(r"[\u4e00-\u9fa5]{2}[的滴]$", str(m[2]["value"]))
        ):
            m[2]["value"] = str(m[2]["value"])[:-1]  # "做后端开发的": the job without the particle
    for m in matches:
        if m[0] == "profile" and m[2].get("field") == "job":
            # "是一名前端工程师", "本人职业为产品经理": the job without its count word or its frame
            m[2]["value"] = _JOB_FRAME.sub("", str(m[2]["value"])) or m[2]["value"]
    found: list[tuple[int, Match]] = [(_position(text, m), m) for m in matches]
    extras = profile_facts(text, lang, now) + health_facts(text, lang) + identifier_facts(text, lang)
    extras += code_switched_profile(text, lang) + code_switched_health(text, lang)  # "做PM的", "allergic to 海鲜"
    # Contrastive turns hold several tastes ("喜欢喝茶，不喜欢咖啡"): the extractor's readings join the
    # rule's, and a reading of the same item merges into it.
    extras += preference_facts(text, lang) + more_tastes(text, lang)
    for _, extra in extras:
        if extra[0] == "profile" and isinstance(extra[2].get("value"), str):
            extra[2]["value"] = _END_STOP.sub("", _JOB_FRAME.sub("", extra[2]["value"]) or extra[2]["value"])
    for pos, extra in extras:
        family = extra[2].get("relative") not in (None, "self")
        if not family and _OTHER_PERSON.search(re.split(r"[，。,.!！？?；;]", text[:pos])[-1]):
            continue  # "我朋友住在北京", "my coworker is allergic": not the user's or family's fact
        twin = next((f for f in found if _same_fact(f[1], extra)), None)
        if twin is None:
            found.append((pos, extra))
        else:
            for key, value in extra[2].items():
                twin[1][2].setdefault(key, value)
    found = tidy_items(text, found)  # parsers/pref_shapes.py: the item is the thing, one fact per taste
    found = [f for f in found if not (f[1][0] == "preference" and "过敏" in str(f[1][2].get("item")))]
    # A partner outside the family's health is an episode (label format: family members only)
    found = [f for f in found if not (f[1][0] == "family_health" and f[1][2].get("relative") in _NOT_FAMILY)]
    # "我不吃猪肉" is the diet "no pork"; the dislike of 猪肉 read beside it says the same thing again.
    diet_foods = {w for f in found if f[1][2].get("field") == "diet" for w in _DIET_FOODS.get(f[1][2]["value"], ())}
    found = [f for f in found if not (f[1][0] == "preference" and str(f[1][2].get("item")).lower() in diet_foods)]
    # "I'm a nurse practitioner" read by two rules, once as "nurse": the longer value of one field
    # holds the shorter one, which alone would be a different (and wrong) job.
    found = [f for f in found if not any(narrower(f[1], g[1]) for g in found)]
    kinds = {m[0] for _, m in found}
    if "travel_plan" in kinds:
        # The trip's budget is its budget_max; a budget the trip did not take (a hotel's per-night
        # limit) stays a fact of its own.
        ceilings = {f[1][2].get("budget_max") for f in found if f[1][0] == "travel_plan"}
        places = {str(f[1][2].get(k)) for f in found if f[1][0] == "travel_plan" for k in ("arrival", "departure")}
        # "我下周要去香港出差" read as a todo too: the task is the trip itself.
        found = [f for f in found if not (f[1][0] == "todo" and any(p in str(f[1][2].get("task")) for p in places))]
        found = [f for f in found if not (f[1][0] == "budget" and f[1][2].get("amount") in ceilings)]
    # "我老婆生日是5月20日，到时候提醒我": the reminder hangs on the birthday the turn states; the
    # birthday is the fact, not a task on that day.
    birthdays = {str(f[1][2]["value"])[-5:] for f in found if f[1][2].get("field") == "birthday"}
    found = [
        f
        for f in found
        if not (f[1][0] == "todo" and "time" not in f[1][2] and str(f[1][2].get("date", ""))[-5:] in birthdays)
    ]
    if kinds - {"feedback"}:
        found = [f for f in found if f[1][0] != "feedback"]
    health_values = {str(v) for f in found if f[1][0] == "family_health" for v in f[1][2].values()}
    health_values |= {str(f[1][2]["value"]) for f in found if f[1][0] == "profile" and f[1][2].get("field") == "pet"}
    # "我奶奶在吃降压药，叫硝苯地平", "我养了一只猫，叫咪咪": the name is the drug's or the pet's
    found = [
        f
        for f in found
        if not (f[1][0] == "profile" and f[1][2].get("field") == "name" and str(f[1][2].get("value")) in health_values)
        and not (
            f[1][0] == "profile" and str(f[1][2].get("value")) in health_values - {""} and f[1][2].get("field") != "pet"
        )
    ]
    if any(f[1][0] == "family_health" for f in found):
        # "我妈对鸡蛋过敏" is not a preference or a job; the health extractors read it more exactly.
        found = [f for f in found if not (f[1][0] == "profile" and f[1][2].get("field") == "job" and f[1][1] < 0.85)]
    return [m for _, m in sorted(found, key=lambda f: f[0])]


def _episode(text: str, lang: str, speaker: str | None, mood: tuple[str, float]) -> list[Fact]:
    slots = {"content": text[:500], **({"speaker": speaker} if speaker else {})}
    return [
        Fact(
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
    ]


def _request_cue(text: str, lang: str, speaker: str | None, mood: tuple[str, float], episodes: bool) -> list[Fact]:
    """What a request stores: its words when they name a language, tool or deployment target (the
    cues mal/instructions.py counts), nothing otherwise."""
    languages, tools = tech(text)
    if not episodes or not (languages or tools or deploy_targets(text)):
        return []
    return _episode(text, lang, speaker, mood)


# "你刚才说的完全不对", "you got that wrong": the assistant was wrong (feedback), the user corrects nothing
_ASSISTANT_WRONG = re.compile(
    r"你(?:刚才|之前|上次)?(?:说的|回答的|给的|推荐的|写的|发的)[^，。]{0,8}(?:不对|错|报错|不行|没用|跑不)|"
    r"\byou(?:'re| are| were| got (?:that|it))\s+wrong\b|"
    # the assistant's own output named with no old value of the user's: "nope that code you gave me
    # throws an error" judges the answer (feedback), it corrects no fact
    r"\b(?:the|that|this|your)\s+(?:\w+\s+)?\w+\s+you\s+(?:just\s+)?(?:gave|sent|wrote|suggested|recommended|provided|shared)\b",
    re.I,
)


def _correction(text: str, lang: str) -> Correction | None:
    fix = _read_correction(text, lang)
    if fix is None or (fix.old is None and _ASSISTANT_WRONG.search(text)):
        return None
    return tidy(fix)


def _read_correction(text: str, lang: str) -> Correction | None:
    """A bare correction ("不对，是800不是500") or one inside a sentence, its new value cut from
    the sentence ("我住苏州" -> 苏州, "my budget is 1200" -> 1200)."""
    fix, inline = correction(text, lang), inline_correction(text, lang)
    if fix is None or (fix.old is None and inline is not None and inline.old is not None):
        return inline
    zh = lang != "en" and bool(re.search(r"[\u4e00-\u9fff]", fix.new))
    if zh or re.match(r"(?:my|i|the|our|it|an?)\b", fix.new, re.I):
        return Correction(trim_new(fix.new, fix.old, zh), fix.old)
    return fix


def _own(said: str, text: str, value: str) -> str:
    """A value read from the turn as the rules read it (shorthand spelt out, capitals put back),
    in the user's own letters: recasing keeps every offset, so the span is found by position."""
    spelt = normalise(said)
    at = text.find(value)
    if at >= 0 and spelt != text and value not in spelt:
        value = spelt[at : at + len(value)]
    return original(said, value)


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
    said = text.strip()
    lang = lang or detect_lang(said)
    # Rules read the turn with texting shorthand and misspelt key words spelt out ("im", "my
    # daugter", "alergic"); what is stored keeps the user's own words. A turn typed all in lower case
    # gets capitals back where names stand ("moved to boston"): the extractors read names by them.
    text = recase(normalise(said))
    mood = sentiment(text)
    forget = forget_request(text, lang)
    if forget:
        return ParseResult(
            lang, "forget_request", [("forget_request", 0.95)], sentiment=mood[0], intensity=mood[1], forget=forget
        )
    fix = _correction(text, lang)
    ruled = match_intents(text, lang, now, mood)
    collected = _collect(text, lang, now, list(ruled))
    matches = guard(text, lang, collected)
    guarded = len(matches) < len(collected)  # a fact read, then found hypothetical, ended or not the user's
    guess = classify(said)
    if guess and guess[1] >= CLASSIFIER_MIN and guess[0] != "feedback":
        # Feedback read from sentiment alone is the weakest rule: a confident learned label wins
        # ("That's awesome, I love it!" between friends is chat, not feedback on the service).
        matches = [m for m in matches if not (m[0] == "feedback" and m[1] < _WEAK_RULE)]
    if not matches and not fix and not guarded and guess and guess[1] >= CLASSIFIER_MIN:
        # (a fact the guards dropped is not read again without its trigger words)
        cued = cued_match(guess[0], text, lang, now, mood)
        matches = [cued] if cued else []
    if is_smalltalk(text, lang) and all(m[0] == "feedback" for m in matches):
        return ParseResult(lang, "smalltalk", [("smalltalk", 0.9)], sentiment=mood[0], intensity=mood[1])
    if not fix and is_request(text, lang) and not _note(said) and all(m[0] in _REQUEST_OVERRIDES for m in matches):
        # A question or task for the assistant: intent `request`, no general fact ("What's the capital
        # of Australia?" is no memory). Only when it names a programming language, tool or
        # deployment target are its words kept (an episode), since recurring work questions ("How
        # should I deploy my Flask app to AWS?") are the evidence mal/instructions.py counts.
        kept = _request_cue(said, lang, speaker, mood, episodes)
        return ParseResult(lang, "request", [("request", 0.8)], kept, mood[0], mood[1])
    if (
        guess
        and guess[0] in _NOTHING
        and guess[1] >= CLASSIFIER_MIN
        and not fix
        and all(m[1] < _WEAK_RULE for m in matches)
        and not (guess[0] == "request" and lang == "en" and STATES_EN.search(text))
        and not _note(said)
    ):
        # A question or a task for the assistant the learned layer recognises: no fact, and the
        # same cue rule as above for a request.
        kept = _request_cue(said, lang, speaker, mood, episodes) if guess[0] == "request" else []
        return ParseResult(lang, guess[0], [(guess[0], round(guess[1], 2))], kept, mood[0], mood[1])
    nothing = guess and guess[0] in _NOTHING and not _note(said)
    if not fix and not nothing and not is_request(text, lang) and not is_smalltalk(text, lang):
        matches = guard(text, lang, slot_facts(text, lang, matches))  # the learned slot layer
    matches = second_timed(text, lang, now, matches)  # "明天上午10点开会，下午3点去接孩子": two tasks, one day
    # Sub-intents: every rule that fired (a trip's budget too), then the facts the extractors added.
    subs = [(m[0], round(m[1], 2)) for m in ruled if m in matches or m[0] == "budget"]
    subs += [(m[0], round(m[1], 2)) for m in matches if m not in ruled]
    if fix:
        subs.insert(0, ("correction", 0.9))
    if not matches:
        if fix:
            return ParseResult(lang, "correction", subs, sentiment=mood[0], intensity=mood[1], correction=fix)
        if is_smalltalk(text, lang):
            return ParseResult(lang, "smalltalk", [("smalltalk", 0.9)], sentiment=mood[0], intensity=mood[1])
        label = fallback(text) if fallback else None
        if label and label[0] == "smalltalk":
            return ParseResult(lang, "smalltalk", [label], sentiment=mood[0], intensity=mood[1])
        if not episodes:
            return ParseResult(lang, "smalltalk", [("smalltalk", 0.5)], sentiment=mood[0], intensity=mood[1])
        fact = _episode(said, lang, speaker, mood)[0]
        # The learned layer names the turn's intent even when no rule could read its slots; the turn
        # is still stored as an episode (its words kept), never as a fact with guessed slots.
        intent = guess[0] if guess and guess[1] >= LABEL_MIN and guess[0] not in _NOTHING else "episode"
        # parsers/guards.py: the words say no such fact. And only the forget rules name what to forget
        # (they returned above): a learned label alone would announce a forget nothing acts on
        # ("delete the milk from my grocery list").
        intent = "episode" if guarded or intent == "forget_request" else intent
        if intent == "todo" and standing(text):
            intent = "episode"  # a standing schedule ("I wake up at 6:30 on weekdays") asks for no task
        if intent in _STATE_KINDS and (_DENIAL.search(text) or _SOMEONE_ELSE.search(text)):
            # No rule read a slot and the turn denies or ends a state ("I don't have any allergies",
            # "我以前抽烟，两年前戒了") or is about someone outside the family: the label format calls
            # that an episode, and the learned layer, which reads topics, would call it a fact.
            intent = "episode"
        subs = [("episode", 0.5)] + ([(guess[0], round(guess[1], 2))] if guess else []) + ([label] if label else [])
        return ParseResult(lang, intent, subs, [fact], mood[0], mood[1], fix)
    if said != text:  # values read from the spelt-out turn are stored as the user wrote them
        matches = [
            (k, c, {n: _own(said, text, v) if isinstance(v, str) and n not in _LABELS else v for n, v in s.items()}, e)
            for k, c, s, e in matches
        ]
        fix = fix and Correction(_own(said, text, fix.new), fix.old and _own(said, text, fix.old))
    facts = [
        Fact(
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
            text=said,
        )
        for kind, confidence, slots, ents in matches
    ]
    # A turn that replaces a named old value is a correction (label format); its facts carry
    # `correction=True` and the write path decides on `fix` and the facts, not on the intent.
    # "不对，我的预算是1000元" names no old value: it restates the fact, so the fact is the intent.
    intent = "correction" if fix is not None and fix.old is not None else facts[0].kind
    return ParseResult(lang, intent, subs, facts, mood[0], mood[1], fix)


def warm_up(now: datetime) -> None:
    """Load what the parser loads lazily, so no user's turn pays for it (seconds for jionlp)."""
    for text in _WARM_UP:
        parse(text, now)
