"""Values the Chinese and code-switched rules of the eleventh round read where the older rules stop:

- profile values in the other language of the turn: an English job or city inside a Chinese sentence
  ("做product manager的", "我住Shanghai", "在Grab当UX designer") and a Chinese employer or city inside
  an English one ("I work at 华为", "living in 深圳"). An English job needs a job head word
  (manager, engineer, designer ...): "在公司做PPT" is a task, not a job.
- trip routes: the departure said after the destination ("去三亚，从北京出发"), an English route
  between a Chinese and an English name ("flying 上海 to Seattle"), a station's own name when the
  text writes it ("从广州南站" -> 广州南站);
- a drug taken or used with a bare verb (用 / 吃 / 喷 / 就吃) whose name ends like a drug's
  ("平时用沙丁胺醇", "在吃左甲状腺素钠因为...", "在吃Lipitor降血脂");
- health facts across languages: "my dad is allergic to 海鲜" (a Chinese allergen in an English frame),
  "我妈有hypertension" (an English condition in a Chinese frame).

Every value is a span of the text (zero invention by construction).
"""

from __future__ import annotations

import re
from typing import Any

from parsers.lexicon import CONDITIONS_EN, PLACES_ZH
from parsers.model import EntityRef
from parsers.places_en import PLACES_EN
from parsers.profile_base import REL_EN_ALT, Found, relative_before
from parsers.profile_base import fact as _fact

__all__ = ["bare_medication", "code_switched_health", "code_switched_profile", "fix_route"]

_HAN = r"[\u4e00-\u9fff]"
_LATIN_NAME = r"[A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+)?"
# What makes an English phrase a job title (its last word).
_JOB_HEADS = (
    "manager|engineer|developer|designer|analyst|scientist|consultant|architect|programmer|researcher|"
    "teacher|nurse|doctor|lawyer|accountant|intern|writer|editor|marketer|recruiter|specialist|director|"
    "officer|associate|planner|producer|tester|lead|owner|PM|QA|HR|BD|SDE|SWE"
)
_JOB_ZH_EN = re.compile(
    # a code-switched member after 我 too: "我sister是doctor"
    rf"(?:(?:我|俺|本人)(?:的)?\s?(?:(?i:{REL_EN_ALT})\s?)?(?:现在|目前|也)?|(?:^|[，,。]\s*)(?:现在|目前)?)(?:在\s?[^，。,.!！？?\s]{{1,12}}?\s?)?(?:做|当|是)(?:一名|一个|个)?\s?"
    rf"(?P<v>(?:[A-Za-z]+\s){{0,2}}(?i:{_JOB_HEADS}))(?=\s*(?:的)?\s*(?:[，,。.!！？?；;]|$))"
)
_CITY_ZH_EN = re.compile(
    rf"(?:(?:我|俺)(?:现在|目前|一直)?|(?:^|[，,。]\s*)(?:现在|目前)?)(?:住在?|base在?|坐标|定居在?)\s?(?P<v>{_LATIN_NAME})"
    r"(?=\s*(?:了|的)?\s*(?:[，,。.!！？?；;]|$))"
)
_EMPLOYER_EN_ZH = re.compile(
    rf"\bI\s+(?:work|am working|'m working|intern)\s+(?:at|for)\s+(?P<v>{_HAN}{{2,8}}?)(?=\s|[,.;!?]|$)"
)
_CITY_EN_ZH = re.compile(
    rf"\b(?:I\s+live|I'm\s+living|living|based|I'm\s+based|I\s+moved|moved|relocated)\s+(?:in|to|out of)\s+"
    rf"(?P<v>{_HAN}{{2,6}}?)(?=\s|[,.;!?]|$)"
)


def code_switched_profile(text: str, lang: str) -> list[Found]:
    """Profile facts whose value is in the other language of the sentence (module docstring)."""
    out: list[Found] = []
    if re.search(_HAN, text):
        for m in _JOB_ZH_EN.finditer(text):
            out.append((m.start("v"), _fact("job", m.group("v"), relative_before(text, m.start("v"), "zh"), 0.8)))
        for m in _CITY_ZH_EN.finditer(text):
            if m.group("v").lower() in PLACES_EN:
                out.append((m.start("v"), _fact("city", m.group("v"), relative_before(text, m.start("v"), "zh"))))
    if re.search(r"\bI\b", text):
        for m in _EMPLOYER_EN_ZH.finditer(text):
            out.append((m.start("v"), _fact("employer", m.group("v"))))
        for m in _CITY_EN_ZH.finditer(text):
            if m.group("v") in PLACES_ZH:
                out.append((m.start("v"), _fact("city", m.group("v"))))
    return out


_PLACE_ZH = "|".join(sorted(PLACES_ZH, key=len, reverse=True))
_PLACE = rf"(?:{_PLACE_ZH}|{_HAN}{{2,4}}?[东南西北]|[A-Z][A-Za-z]+(?:\s[A-Z][a-zA-Z]+)?)"
# "从北京出发", "从深圳过关", "从Vancouver飞回上海": the place left from, said on its own
_FROM = re.compile(rf"从\s?(?P<dep>{_PLACE})\s?(?P<st>站)?\s?(?:出发|启程|过关|走|坐|乘|搭|飞|回)")
_TO = re.compile(rf"(?:去|飞往|前往|飞|到)\s?(?:趟|一趟)?(?P<arr>{_PLACE})")
_ROUTE_MIXED = re.compile(
    rf"\b(?i:from|fly|flying|flew|driving from|drive from)\s+(?P<dep>{_HAN}{{2,6}}|{_LATIN_NAME})\s+to\s+"
    rf"(?P<arr>{_HAN}{{2,6}}|{_LATIN_NAME})"
)


def fix_route(text: str, lang: str, slots: dict[str, Any]) -> dict[str, Any]:
    """A trip's departure and arrival as the turn says them (module docstring); `slots` otherwise."""
    mixed = _ROUTE_MIXED.search(text)
    if mixed and re.search(_HAN, mixed.group("dep") + mixed.group("arr")):
        slots["departure"], slots["arrival"] = mixed.group("dep"), mixed.group("arr")
        return slots
    if lang == "en":
        return slots
    frm = _FROM.search(text)
    if frm:
        dep = frm.group("dep") + ("站" if frm.group("st") and re.search(r"[东南西北]$", frm.group("dep")) else "")
        if slots.get("departure") != dep and slots.get("departure") != frm.group("dep"):
            old = slots.get("departure")
            slots["departure"] = dep
            if slots.get("arrival") in (frm.group("dep"), dep, None):
                to = next((t.group("arr") for t in _TO.finditer(text) if t.group("arr") != frm.group("dep")), old)
                if to:
                    slots["arrival"] = to
        elif slots.get("departure") == frm.group("dep") and dep != frm.group("dep"):
            slots["departure"] = dep  # "从广州南站": the station's own name
    return slots


# Drug names by their ending (generic names in Chinese), and forms a drug is sold in.
_DRUG_END = (
    r"洛芬|西林|匹林|法林|地平|双胍|他汀|沙坦|普利|拉唑|霉素|沙星|胺醇|尼松|米松|素钠|钠|胺|碱|酚|醇|嗪|奈德|甲乐|"
    r"格雷|肽|特罗|卡因|岛素|喷雾|胶囊|缓释片|滴眼液|乳膏|软膏"
)
_BARE_MED = re.compile(
    r"(?:用|吃|喷|打|就吃|就用|在吃|在用|靠)\s?(?:[一两半]?[片粒颗支针喷])?"
    rf"(?P<m>{_HAN}{{1,7}}?(?:{_DRUG_END}))(?=了|因为|来|降|治|控制|止|[，。,.!！？?；;\s]|$)"
)
_NOT_DRUG = {"生酮", "胆固醇", "酒精", "碱"}


# "我爸在吃Lipitor降血脂": a brand in Latin letters, then what it is taken for
_LATIN_MED = re.compile(r"(?:吃|用|在吃|在用)\s?(?P<m>[A-Z][A-Za-z-]{2,20})(?=\s?(?:降|治|控制|止))")


def bare_medication(window: str) -> re.Match[str] | None:
    """A drug after a bare verb in `window` (module docstring), or None."""
    m = _BARE_MED.search(window) or _LATIN_MED.search(window)
    if m is None or m.group("m") in _NOT_DRUG or re.search(r"[不没别停戒]", window[max(0, m.start() - 2) : m.start()]):
        return None  # "我已经不吃阿司匹林了": a drug no longer taken is no fact
    return m


_ALLERGIC_TO_ZH = re.compile(rf"\b(?i:allergic|allergy)\s+to\s+(?P<a>{_HAN}{{1,6}}?)(?=\s|[,.;!?，。]|$)")
_HAS_EN = re.compile(
    r"(?:有|得了|患有|确诊了?|查出了?)\s?(?P<c>"
    + "|".join(re.escape(c) for c in sorted(CONDITIONS_EN, key=len, reverse=True))
    + r")(?![A-Za-z])",
    re.I,
)


def code_switched_health(text: str, lang: str) -> list[Found]:
    """Health facts whose value is in the other language of the sentence (module docstring)."""
    out: list[Found] = []
    if not re.search(_HAN, text):
        return out
    for m in _ALLERGIC_TO_ZH.finditer(text):
        if re.search(r"\b(?:not|n't|no|never)\b", text[max(0, m.start() - 15) : m.start()], re.I):
            continue
        rel = relative_before(text, m.start(), "en") or "self"
        slots = {"relative": rel, "condition": "allergy", "allergen": m.group("a")}
        out.append(
            (
                m.start(),
                ("family_health", 0.85, slots, [EntityRef("allergy", "condition", "HAS_FAMILY_HISTORY", detail=rel)]),
            )
        )
    for m in _HAS_EN.finditer(text):
        if re.search(r"[没不]$", text[max(0, m.start() - 1) : m.start()]):
            continue  # "我没有diabetes"
        rel = relative_before(text, m.start(), "zh") or "self"
        cond = m.group("c")
        slots = {"relative": rel, "condition": cond}
        out.append(
            (
                m.start(),
                ("family_health", 0.85, slots, [EntityRef(cond, "condition", "HAS_FAMILY_HISTORY", detail=rel)]),
            )
        )
    return out
