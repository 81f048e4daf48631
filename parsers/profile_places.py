"""Where the user lives now (city) and comes from (hometown), zh and en; split from
parsers/profile_rules.py (same rules). Values are the text's own words."""

from __future__ import annotations

import re

from parsers.profile_base import Found, relative_before
from parsers.profile_base import fact as _fact

__all__ = ["cities", "hometowns", "looks_like_place"]


def looks_like_place(value: str) -> bool:
    from parsers.lexicon import PLACES_ZH

    return value in PLACES_ZH or any(value.startswith(p) and len(p) >= 2 for p in PLACES_ZH)


_CITY_ZH = re.compile(
    r"(?:坐标|base在|base\s?(?=[\u4e00-\u9fa5])|based in\s?(?=[\u4e00-\u9fa5])|搬到了?|搬去了?|住再|住在|(?<=[我俺])(?:现在|目前|一直)?住(?!在)(?=[\u4e00-\u9fa5]{2})|(?:现在|目前)住(?!在)(?=[\u4e00-\u9fa5]{2})|生活[在于]|定居[在于]?|居住[在于]|(?:现在|目前)人?在|人在|(?<![现实存正])在)\s*(?P<v>(?![住在于])[\u4e00-\u9fa5A-Za-z]{2,10}?)(?=[，,。了]|$|住|工作|上班|打工|做|当|教|待|生活|搞|\s|的一家|一家|定居|安家|落户|搬砖|读书|读|上学|上(?:大学|高中|初中|小学|中学|幼儿园|的)|跑|送|开)"
)
_CITY_EN = re.compile(
    r"(?:\b(?i:based (?:out of|in)|(?:working )?remote(?:ly)? from|moved (?:back )?to|relocated to|living (?:over |out )?in|now I live in|i live in|I'm in|located in|"
    r"(?:I've|I have|we've|we have|Ive) (?:lived|been living) in)|(?:^|,\s*|\b(?i:and)\s+)(?i:live in))\s+(?P<v>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?|[a-z]{4,}(?=[,.;!?]|$))|"
    r"\b(?i:work(?:ing)?|job|teach|I'm an?|I am an?|I'm [a-z]+,\s+an?|nurse|engineer|developer|barista|paralegal|teacher|driver)\b[^.;!?]{0,40}?\bin\s+(?P<v2>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?|[a-z]{3,}(?=\s*(?:[,.;!?]|$|lol\b|now\b)))|"
    # the place first: "Austin is where I live", "Denver is home now", "I call Portland home"
    r"^(?P<v3>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?)\s+is\s+(?i:where I (?:live|am based|'m based)|(?:my\s+)?home\b(?! to))|"
    r"\b(?i:I call)\s+(?P<v4>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?)\s+home\b|"
    # a stay that goes on: "I've been in Toronto for 10 years now", "we've been in Leeds since 2019"
    r"\b(?i:I've|I have|we've|we have|Ive)\s+been\s+in\s+(?P<v5>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?)"
    r"\s+(?i:for\s+(?:\d+|a|an|two|three|four|five|six|seven|eight|nine|ten|many|several|a few|over|almost|nearly)\b|since\b)",
)


_NOT_NOW_EN = re.compile(r"\b(?:not|never|no longer|used to|formerly|previously)\b|n't\b", re.I)
# Lower-case words after "a nurse in ..." that are a field or a stage, not a misspelt city.
_NOT_LOWER_CITY = {
    "training", "general", "tech", "sales", "marketing", "finance", "retail", "education", "healthcare",
    "pediatrics", "surgery", "residence", "charge", "school", "college", "town", "person", "office", "house",
    "practice", "private", "public", "law", "research", "management", "it", "hr", "ops", "construction",
}  # fmt: skip


def cities(text: str, lang: str) -> list[Found]:
    out: list[Found] = []
    if lang != "en":
        for m in _CITY_ZH.finditer(text):
            v = m.group("v")
            if re.search(r"^(?:家|公司|这|那|一家)|[家里]$|^[上下中]$|公司", v):
                continue  # 家里, 公司, 这边: not a place name (上海 and 中山 are)
            if re.search(r"长大|出生", v) or text.startswith(("长大", "出生"), m.end()):
                continue  # "我在成都长大": where the user grew up is the hometown, not the city
            if re.search(r"以前|曾经|小时候|之前", re.split(r"[，。,.!！？?]", text[: m.start()])[-1]):
                continue  # "我以前在杭州住过": where the user lived, not where they live
            bare = m.group(0).startswith("在") or bool(re.match(r"(?:现在|目前|一直)?住(?!在)", m.group(0)))
            if bare and not (looks_like_place(v) or re.search(r"[市省县]$", v)):
                continue
            if any(o[1][2]["value"] == v for o in out):
                continue
            if out and re.search(r"[区路街村镇]$", v) and not looks_like_place(v):
                continue  # "搬到了成都，现在住在高新区": the district of the city already named
            out.append((m.start("v"), _fact("city", v, relative_before(text, m.start(), "zh"))))
    if lang != "zh":
        city = _CITY_EN.search(text)
        group = next((g for g in ("v", "v2", "v3", "v4", "v5") if city and city.group(g)), None)
        v = city.group(group) if city and group else None
        if (
            city
            and group
            and v
            and v.lower() not in {"the", "a", "my", "here", "there", "town", "love", "english", "spanish"}
            and not (v.islower() and (v in _NOT_LOWER_CITY or re.match(r"(?i)work|job|teach", city.group(0))))
            # "I'm not a teacher in Guangzhou", "I used to teach in Boston": a job denied or left names no city
            and not (group == "v2" and _NOT_NOW_EN.search(re.split(r"[,;.!?]", text[: city.start(group)])[-1]))
        ):
            out.append((city.start(group), _fact("city", v)))
    return out


_HOMETOWN = re.compile(
    r"(?:老家(?:是|在)?|来自|土生土长的|俺是|我是)(?P<v>[\u4e00-\u9fa5]{2,4}?)(?:的|人|滴)?(?=[，,。\s]|$|人|(?<=的)(?:[嗯啊哈]|然后))|"
    r"(?:^|[，,。]|我)(?:从小)?在(?P<v3>[\u4e00-\u9fa5]{2,4}?)(?:出生)?长大(?:的)?|"
    # a code-switched place name after 老家 ("我老家 Penang 的", "老家是Ipoh"): capitalised, then 的/人 or a stop
    r"老家(?:是|在)?\s*(?P<v4>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?)(?=\s*(?:的|人|[，,。.!！]|$))|"
    r"\b(?i:originally from|"
    r"grew up in(?:\s+an? (?:small |little |tiny )?(?:town|village|city)(?:\s+(?:in|called|named))?)?|"
    r"born and raised in|I come from|I'm from|I am from|hometown is|(?:back|home) to my hometown(?:,| of)?)\s+(?P<v2>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?)"
)


def hometowns(text: str, lang: str) -> list[Found]:
    m = _HOMETOWN.search(text)
    if not m:
        return []
    v = m.group("v") or m.group("v3") or m.group("v2") or m.group("v4")
    if (m.group("v") or m.group("v3")) and not (
        looks_like_place(v)
        or re.search(
            r"[省市县]$|东北|湖南|湖北|山东|山西|河南|河北|广东|广西|四川|潮汕|福建|江苏|浙江|安徽|江西|云南|贵州|甘肃|新疆|西藏|内蒙|辽宁|吉林|黑龙江|海南",
            v,
        )
    ):
        return []
    return [(m.start(), _fact("hometown", v))]
