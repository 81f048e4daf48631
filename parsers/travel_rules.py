"""Trips: the words that make a turn a trip, its route (departure, arrival), seat class, date and
budget, zh and en. Split from parsers/rules.py (same rules); `travel_match` is its `_travel`."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from parsers.budget_rules import trip_budget
from parsers.cues import tech
from parsers.lexicon import PLACES_ZH, SEAT_CLASSES
from parsers.model import EntityRef
from parsers.nlp import entities
from parsers.temporal import find_when
from parsers.zh_values import fix_route

__all__ = ["travel_match"]

Match = tuple[str, float, dict[str, Any], list[EntityRef]]
_PLACE_ZH = "|".join(sorted(PLACES_ZH, key=len, reverse=True))
_TRAVEL_ZH = re.compile(
    r"(订|预订|预定|买|抢|订一张|买一张|改签)[^，。]{0,20}?(票|高铁|火车|动车|机票|航班|车次)|(?:去|到|飞)[\u4e00-\u9fa5]{2,4}(?:旅游|旅行|出差|玩|自驾|度假|开会)|从[\u4e00-\u9fa5]{2,5}(?:到|飞)[\u4e00-\u9fa5]{2,5}|"
    rf"(?:去|飞|飞往|前往|回老家|回)(?:趟|一趟)?(?:{_PLACE_ZH})(?!人|话|菜|的(?:菜|人|朋友))|"
    r"(?:去|飞|飞往|前往)\s?[A-Z][a-zA-Z]{2,}(?:\s?(?:出差|旅游|旅行|玩|度假|开会|，|,|$))"
)
_DEST_LATIN_ZH = re.compile(r"(?:去|飞|飞往|前往)\s?(?P<arr>[A-Z][a-zA-Z]{2,}(?: [A-Z][a-zA-Z]+)?)")
# A capitalised place name of one or two words; a weekday or month is none ("from July 15 to July 22")
# and is not part of one after it.
_PL = r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|June|July|August|September|October|November|December)\b)[A-Z][a-zA-Z]+(?:\s+(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|On|In|At|By|For)\b)[A-Z][a-zA-Z]+)?"
_TRAVEL_EN = re.compile(
    r"\b(?i:book|buy|reserve|get)\b[^.]{0,30}\b(?i:ticket|train|flight|seat|plane)s?\b|\b(?i:trip|travel(?:ing|ling)?|fly(?:ing)?|flyin|heading|going|flight|train|bus|ticket)\s+(?:to|for)\s+[A-Z]|"
    r"(?<!(?i:it) )(?<!(?i:it's) )\b(?i:heading|going|flying|flyin)\s+to\s+[a-z]{3,}\b|"
    r"\b(?:fr[o]?m|out of)\s+[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?\s+to\s+[A-Z]|"
    r"\b(?i:driving|flying|heading|going|coming)\s+(?:up |down |over |back )?to\s+[A-Z]\w+\s+from\s+[A-Z]|\b(?i:leave|leaving)\s+[A-Z]\w+\s+for\s+[A-Z]|"
    r"\b(?i:a week|a few days|a weekend|the weekend|\d+ days|a conference|vacation|holiday)\s+in\s+[A-Z]|"
    r"\b(?i:fly|flying)\s+[A-Z]\w+\s+to\s+[A-Z]|^[A-Z]\w+\s+to\s+[A-Z]\w+\s+(?:by|on)\b|\bI'll be in [A-Z]\w+ from\b|"
    # "we'll be in Rome from August 3", "I'm going to be in Oslo next week": a stay ahead, dated
    r"\b(?i:we'll|I will|we will|I'm going to|we're going to|I am going to|we are going to)\s+be\s+in\s+[A-Z]\w+\s+(?i:from|on|until|till|through|next|this)\b|"
    # a trip said by what the travellers do: "taking the kids to Orlando", "want to do Japan in the
    # fall", "thinking about Portugal sometime in September"
    r"\b(?i:taking|take|bringing|bring)\s+(?i:the|our)\s+(?i:kids|family|whole family|parents)\s+to\s+[A-Z]|"
    r"\b(?i:want to|wanna|going to|gonna|plan to|planning to|hoping to|hope to|would love to|we'll|will)\s+do\s+[A-Z]\w+\s+(?i:in|this|next|for|over|sometime)\b|"
    r"\b(?i:thinking about|thinking of|considering)\s+(?i:going to\s+|visiting\s+|a trip to\s+)?[A-Z]\w+\s+(?i:sometime|this|next|in|for|over)\b"
)
_ROUTE_ZH = re.compile(
    r"从(?P<dep>[\u4e00-\u9fa5]{2,5}?)(?:站)?(?:出发)?(?:到|去|飞往|开往|飞)(?P<arr>[\u4e00-\u9fa5]{2,5}?)(?:站)?(?=的|[，。,]|$|高铁|火车|动车|机票|航班|二等|一等|商务|硬|软|经济|头等)"
)
_DEST_ZH = re.compile(r"(?:去|到|飞)(?P<arr>[\u4e00-\u9fa5]{2,4}?)(?:旅游|旅行|出差|玩|的|自驾|度假|开会)")
_ROUTE_EN = [
    re.compile(rf"\b(?:fr[o]?m|out of)\s+(?P<dep>{_PL})\s+to\s+(?P<arr>{_PL})"),
    re.compile(rf"\bto\s+(?P<arr>{_PL})\s+from\s+(?P<dep>{_PL})"),
    re.compile(rf"\b(?i:leave|leaving)\s+(?P<dep>{_PL})\s+for\s+(?P<arr>{_PL})"),
    re.compile(rf"\b(?i:fly|flying)\s+(?P<dep>{_PL})\s+to\s+(?P<arr>{_PL})"),
    re.compile(rf"^(?P<dep>{_PL})\s+to\s+(?P<arr>{_PL})\s+(?:by|on)\b"),
    # "booked business class London to Singapore", "economy LAX to Tokyo"
    re.compile(rf"\b(?i:class|economy|booked|book|ticket|flight|flights)\s+(?P<dep>{_PL})\s+to\s+(?P<arr>{_PL})"),
    re.compile(rf"\bin\s+(?P<arr>{_PL})\b[^.]{{0,40}}?\b(?:leaving|flying in)\s+from\s+(?P<dep>{_PL})"),
    # the departure said after the trip: "business class to Dubai on the 25th, leaving from Houston"
    re.compile(
        rf"\bto\s+(?P<arr>{_PL})\b[^.;!?]{{0,40}}?\b(?i:leaving|departing|flying out)\s+(?:from|out of)\s+(?P<dep>{_PL})"
    ),
    re.compile(rf"\bin\s+(?P<arr>{_PL})\b[^.]{{0,40}}?\bflying in from\s+(?P<dep>{_PL})"),
    # the departure last in its clause: "flying to Denver on the 25th from Austin", "flying there on
    # the 25th, business class, from Vancouver" (there: the place named before)
    re.compile(rf"\bto\s+(?P<arr>{_PL})\b[^.;!?]{{0,40}}?\bfrom\s+(?P<dep>{_PL})(?=\s*[,.;!?]|\s*$)"),
    # "thinking about Paris to Rome by train"
    re.compile(rf"\b(?i:about|considering|of)\s+(?P<dep>{_PL})\s+to\s+(?P<arr>{_PL})\s+(?:by|on|in|next|this)\b"),
]
# "I fly out of Toronto on July 19": the departure alone
_OUT_OF_EN = re.compile(rf"\b(?i:fly|flying|flies|leave|leaving|depart|departing)\s+out\s+of\s+(?P<dep>{_PL})")
_DEST_EN = [
    re.compile(rf"\b(?:to|for)\s+(?P<arr>{_PL})"),
    re.compile(
        rf"\b(?i:a week|a few days|a weekend|the weekend|\d+ days|a conference|vacation|holiday|be)\s+in\s+(?P<arr>{_PL})"
    ),
    # lower-case destinations ("heading to bostn"); "it's going to rain" is weather, not a trip
    re.compile(r"(?<!(?i:it) )(?<!(?i:it's) )\b(?i:heading|going|flying|flyin)\s+to\s+(?P<arr>[a-z]{3,})\b"),
    re.compile(rf"\b(?i:do|about|of|considering)\s+(?i:going to\s+|visiting\s+|a trip to\s+)?(?P<arr>{_PL})"),
]
# A question about a route (its length, distance, price or way), not a trip of the user's
_ROUTE_QUESTION = re.compile(
    r"要多久|多长时间|几个小时|多远|怎么走|怎么去|票价多少|多少钱|\bhow\s+(?:long|far)\b|\bhow\s+much\s+(?:is|does|are)\b|"
    r"\bhow\s+do\s+(?:i|you)\s+get\b",
    re.I,
)
_NOT_PLACE = {"I", "My", "me", "the", "work", "bed", "sleep", "school", "see", "get", "be", "do", "go", "have", "make"}


_SWITCH_EN = re.compile(r"\b(?:switch|chang|upgrad|migrat|convert)(?:e|ed|ing|es)?\s+(?:\w+\s+){0,2}from\b", re.I)
# a verb read as a departure at the start ("Heading to Paris on July 10")
_NOT_DEPARTURE = re.compile(r"^(?:[A-Z][a-z]+ing|Headed|Off|Back|Then|Next|Also|Just|Maybe|Probably)$")


def _is_switch(text: str, lang: str) -> bool:
    return (
        lang != "zh"
        and bool(_SWITCH_EN.search(text))
        and not re.search(r"\b(?:fly|flight|train|trip|travel)", text, re.I)
    )


def _route_en(text: str) -> dict[str, str]:
    """Departure and arrival of an English trip ("from X to Y", "to Y from X", "heading to Y")."""
    m = next((r for r in (p.search(text) for p in _ROUTE_EN) if r), None)
    if m:
        if _NOT_DEPARTURE.match(m.group("dep")):
            return {"arrival": m.group("arr")}
        return {"departure": m.group("dep"), "arrival": m.group("arr")}
    d = next((r for r in (p.search(text) for p in _DEST_EN) if r and r.group("arr") not in _NOT_PLACE), None)
    out = _OUT_OF_EN.search(text)
    if out:
        arrival = d.group("arr") if d and d.group("arr") != out.group("dep") else None
        return {"departure": out.group("dep"), **({"arrival": arrival} if arrival else {})}
    return {"arrival": d.group("arr")} if d else {}


def travel_match(text: str, lang: str, now: datetime, cued: bool = False) -> Match | None:
    """cued: the learned layer already named the turn a trip, so the trigger words are not needed."""
    if _is_switch(text, lang):
        return None
    if not cued and not (
        (_TRAVEL_ZH.search(text) if lang != "en" else None) or (_TRAVEL_EN.search(text) if lang != "zh" else None)
    ):
        return None
    slots: dict[str, Any] = {}
    if lang != "en":
        m = _ROUTE_ZH.search(text)
        places = [e[0] for e in entities(text, "zh") if e[1] == "PLACE"]
        if m:
            slots["departure"], slots["arrival"] = m.group("dep"), m.group("arr")
            # Prefer gazetteer names when the regex boundary is fuzzy.
            for key in ("departure", "arrival"):
                for place in places:
                    if slots[key].startswith(place) or place.startswith(slots[key]):
                        slots[key] = place if len(place) >= len(slots[key]) or slots[key] not in text else slots[key]
        elif places:
            slots["arrival"] = places[-1]
            if len(places) > 1:
                slots["departure"] = places[0]
        else:
            d = _DEST_ZH.search(text) or _DEST_LATIN_ZH.search(text)
            if d:
                slots["arrival"] = d.group("arr")
        if re.search(r"高铁|火车|动车|车票|车次", text):
            slots["mode"] = "train"
        elif re.search(r"机票|航班|飞机|飞", text):
            slots["mode"] = "flight"
    if lang != "zh" and "arrival" not in slots:
        slots.update(_route_en(text))
        if re.search(r"\btrain\b", text, re.I):
            slots["mode"] = "train"
        elif re.search(r"\b(flight|fly|plane)\b", text, re.I):
            slots["mode"] = "flight"
    for word, cls in sorted(SEAT_CLASSES.items(), key=lambda kv: -len(kv[0])):  # 超级经济舱 before 经济舱
        if word in text.lower():
            slots["seat_class"], slots["seat_text"] = cls, word
            break
    when = find_when(text, now, lang)
    if when:
        if when.date:
            slots["date"] = when.date
        if when.time:
            slots["time"] = when.time
    budget = trip_budget(text, lang)
    if budget:
        slots["budget_max"], slots["currency"] = budget
    slots = fix_route(text, lang, slots)  # "去三亚，从北京出发", "flying 上海 to Seattle", "从广州南站"
    if not (slots.get("arrival") or slots.get("departure")):
        return None
    if "date" not in slots and _ROUTE_QUESTION.search(text):
        return None  # "从上海到杭州高铁要多久", "how long is the train from Paris to Lyon?": asked, no plan
    if lang != "zh" and str(slots.get("arrival")).lower() in {w.lower() for w in [*tech(text)[0], *tech(text)[1]]}:
        return None  # "I want to do Python in the evenings": a language, not a destination
    ents = [EntityRef(slots[k], "place", "HAS_TRAVEL_PLAN", detail=k) for k in ("departure", "arrival") if slots.get(k)]
    return ("travel_plan", 0.95 if "departure" in slots else 0.85, slots, ents)
