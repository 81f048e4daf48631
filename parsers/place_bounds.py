"""Where a Chinese place value ends (run on every reader's facts, the slot tagger's included).

Chinese writes no space between a place and what follows it, so a reader that found the start of a
place often runs on into the next word: "从深圳坐高铁" -> 深圳坐高铁, "去成都玩" -> 成都玩, "在深圳腾讯做产品"
-> 深圳腾讯, "我是东北银" -> 东北银 (银 = 人, slang). jieba's part-of-speech cut tells where the place
stops: the value keeps its leading place words (ns), a direction (天津西, 广州南) and, for a trip, a
plain noun after them (a station or an airport: 成都双流); it ends at the first verb, organisation,
measure word or bound morpheme. What a work clause names after the city ("在深圳腾讯上班") is the
employer, a span of the text as well. A city that another fact of the turn holds as the employer
("在Google做SDE") is the employer only. Nothing is added that the text does not say.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from parsers.lexicon import PLACES_ZH
from parsers.places import MORE_PLACES_ZH

__all__ = ["bound_places"]

Match = tuple[str, float, dict[str, Any], list[Any]]

_CJK = re.compile(r"[\u4e00-\u9fff]")
# What the rest of a city value is when a work clause names it ("在深圳腾讯上班", "深圳腾讯做产品").
_WORK_ZH = re.compile(r"上班|工作|任职|入职|实习|打工|[做干当]")
_ORG_FLAGS = ("nz", "nt", "nr", "nrt", "n", "j")
_CLAUSE = re.compile(r"[，,。！!？?；;\n]")


def _words(value: str) -> list[tuple[str, str]]:
    import jieba.posseg

    from parsers.nlp import pipeline

    pipeline("zh")  # the place gazetteer is in jieba's dictionary
    return [(w.word, w.flag) for w in jieba.posseg.lcut(value, HMM=False)]


# A province heads a city jieba may not tag as a place ("湖南邵阳", "河南信阳"): the name after it is the city.
_PROVINCES = frozenset(
    re.findall(
        r"\S+",
        "河北 山西 辽宁 吉林 黑龙江 江苏 浙江 安徽 福建 江西 山东 河南 湖北 湖南 "
        "广东 海南 四川 贵州 云南 陕西 甘肃 青海 台湾 内蒙古 广西 西藏 宁夏 新疆",
    )
)


# An administrative division ends a place name ("鼓楼区", "高新区", "昌平县").
_DIVISION = re.compile(r"[区县市镇乡省]$")


@lru_cache(maxsize=1)
def _places() -> frozenset[str]:
    return frozenset(PLACES_ZH) | frozenset(MORE_PLACES_ZH)


def _place_word(word: str, flag: str, after: str, trip: bool) -> bool:
    """Whether a word after a place still belongs to it."""
    if flag.startswith("ns") or flag == "f" or word in _places() or _DIVISION.search(word):
        return True
    if after in _PROVINCES and len(word) > 1 and flag in ("n", "nr", "x"):
        return True
    # a station or an airport: 成都双流, and the 站 jieba cuts off as a verb ("广州南" + "站")
    return trip and ((flag == "n" and len(word) > 1) or word == "站")


def _head(value: str, trip: bool) -> tuple[str, str] | None:
    """(place, rest) when `value` is a place followed by something that is no part of it."""
    words = _words(value)
    if len(words) < 2 or not (words[0][1].startswith("ns") or words[0][0] in _places()):
        return None
    keep = 1
    for word, flag in words[1:]:
        if _place_word(word, flag, words[keep - 1][0], trip):
            keep += 1
            continue
        break
    if keep == len(words):
        return None
    place = "".join(w for w, _ in words[:keep])
    return place, value[len(place) :]


def _clause(text: str, value: str) -> str:
    pos = text.find(value)
    if pos < 0:
        return ""
    start = max((m.end() for m in _CLAUSE.finditer(text, 0, pos)), default=0)
    end = next((m.start() for m in _CLAUSE.finditer(text, pos)), len(text))
    return text[start:end]


def _employer(text: str, value: str, rest: str) -> str | None:
    """The organisation a work clause names after the city, or None."""
    clause = _clause(text, value)
    after = clause[clause.find(value) + len(value) :] if value in clause else ""
    words = _words(rest)
    if len(rest) < 2 or not _WORK_ZH.match(after) or not all(flag in _ORG_FLAGS for _, flag in words):
        return None
    return rest


def _keys(kind: str, slots: dict[str, Any]) -> tuple[str, ...]:
    """The slots of a fact that hold a place."""
    if kind == "profile" and slots.get("field") in ("city", "hometown"):
        return ("value",)
    return ("departure", "arrival") if kind == "travel_plan" else ()


def _bounded(text: str, match: Match, employers: set[str]) -> list[Match]:
    """The fact with its place values cut, and the employer its city ran into (if a work clause says so)."""
    kind, conf, slots, ents = match
    new = dict(slots)
    extra: list[Match] = []
    for key in _keys(kind, slots):
        value = slots.get(key)
        if not isinstance(value, str) or not _CJK.match(value):
            continue
        cut = _head(value, kind == "travel_plan")
        if cut is None:
            continue
        new[key] = cut[0]
        employer = _employer(text, value, cut[1]) if kind == "profile" and not employers else None
        if employer and slots.get("field") == "city":
            owner = {"relative": slots["relative"]} if "relative" in slots else {}
            extra.append(("profile", conf, {"field": "employer", "value": employer, **owner}, ents))
            employers.add(employer.lower())
    return [(kind, conf, new, ents), *extra]


def bound_places(text: str, lang: str, matches: list[Match]) -> list[Match]:
    """The matches with their Chinese place values cut where the place ends (see the module docstring)."""
    if lang == "en":
        return matches
    employers = {
        str(m[2].get("value")).lower() for m in matches if m[0] == "profile" and m[2].get("field") == "employer"
    }
    out: list[Match] = []
    for m in matches:
        if m[0] == "profile" and m[2].get("field") == "city" and str(m[2].get("value")).lower() in employers:
            continue  # "在Google做SDE": the employer, read twice
        out += _bounded(text, m, employers)
    return out
