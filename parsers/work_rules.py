"""Work and place shapes the profile patterns miss: job + employer + city said together.

"Software dev at Shopify", "wrk at amazon as a warehouse lead", "I teach 3rd grade at a public
school in Austin", "been nursing for 10 years", "I grew up in a small town in Ohio", "moved back to
Minneapolis", "在美团送外卖", "饿了么的骑手", "在武汉教书". Each value is a span of the text; a
name before 的/at counts as an employer only when it is not a known place (then it is the city).
Split from parsers/profile_rules.py, which holds the other profile fields.
"""

from __future__ import annotations

import re
from typing import Any

from parsers.lexicon import PLACES_ZH
from parsers.model import EntityRef
from parsers.profile_base import COUNT_ZH, relative_before

__all__ = ["work_facts"]

Match = tuple[str, float, dict[str, Any], list[EntityRef]]
Found = tuple[int, Match]

_HEADS_EN = (
    r"dev|developer|engineer|designer|manager|analyst|nurse|teacher|lead|intern|consultant|scientist|"
    r"programmer|architect|accountant|lawyer|paralegal|barista|chef|cook|driver|pharmacist|researcher|"
    r"PM|SWE|SDE|recruiter|marketer|writer|editor|technician|mechanic|electrician|plumber|cashier|clerk"
)
_COMPANY = r"[A-Z][\w&.-]*(?:\s+[A-Z][\w&'.-]*){0,3}"
_EN: list[tuple[str, re.Pattern[str]]] = [
    (
        "job+employer",
        re.compile(rf"^(?P<job>(?:[A-Za-z]+\s+){{0,2}}(?:{_HEADS_EN}))\s+(?i:at|@)\s+(?P<org>{_COMPANY})"),
    ),
    (
        "job",
        re.compile(
            r"\b(?i:work|wrk|working|works|employed|hired)\b[^.;!?]{0,30}?\bas an?\s+"
            r"(?P<job>(?:[a-z]+\s+){0,2}?[a-z]+)(?=\s+(?:at|in|for|and)\b|[,.;!?]|$)",
            re.I,
        ),
    ),
    ("job", re.compile(r"\bI\s+(?P<job>teach\s+[\w ]{2,20}?)(?=\s+(?:at|in)\b|[,.;!?]|$)", re.I)),
    (
        "job",
        re.compile(
            r"\b(?:been|I've been|Ive been)\s+(?P<job>nursing|teaching|bartending|tutoring|freelancing|"
            r"consulting|coding|programming|farming|lawyering|waitressing|waiting tables)\s+for\b",
            re.I,
        ),
    ),
    (
        "hometown",
        re.compile(
            r"\b(?i:grew up in|was raised in)\s+(?:(?i:a|the)\s+[a-z ]{1,20}?\s+(?i:in|of|outside|near)\s+)?"
            r"(?P<place>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?)"
        ),
    ),
    ("hometown+city", re.compile(r"\b(?i:moved back (?:home )?to)\s+(?P<place>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?)")),
    ("city", re.compile(r"\b(?i:in)\s+(?P<place>[a-z]{4,})$")),
]
_GIGS_ZH = "送外卖|跑外卖|送快递|开网约车|开出租车?|开滴滴|跑滴滴|带货|做直播|摆摊|教书|搬砖"
_ROLES_ZH = "骑手|司机|快递员|客服|程序员|工程师|设计师|产品经理|销售|老师|医生|护士|主播|店长|会计"
_ZH: list[tuple[str, re.Pattern[str]]] = [
    ("org+job", re.compile(rf"在(?P<org>[\u4e00-\u9fa5A-Za-z]{{2,6}}?)(?P<job>{_GIGS_ZH})")),
    (
        "org+job",
        re.compile(rf"(?:^|[，,])(?P<org>[\u4e00-\u9fa5A-Za-z]{{2,5}}?)的(?P<job>{_ROLES_ZH})(?=[，,。!！]|$)"),
    ),
]
# "我是广州的一名老师", "用户的姐姐是广州的一名牙医": the city where the subject works and the job, any job
# word (the whole "广州的一名老师" was read as the job, and the tagger read 广州 as a hometown). Only a
# known place before 的 with a count word after it; "我是广州人" and "我是广州的" stay the hometown.
_CITY_JOB_ZH = re.compile(
    rf"是(?P<org>[\u4e00-\u9fa5]{{2,6}}?)的{COUNT_ZH}(?P<job>[\u4e00-\u9fa5A-Za-z]{{2,8}}?)(?=[，,。.!！；;]|$)"
)
# The shape takes any noun after the count word, so the noun must name an occupation: it ends in a head
# word of one (老师, 程序员, 牙医, 骑手, 记者, 店长 ...). A visitor, a patient, a parent or a nobody (游客,
# 患者, 家长, 小透明) is who one is in the city, not work there, and the city is then no fact either (a
# visitor does not live there; parsers/slot_sense.py refuses such a job from any reader).
_OCCUPATION_ZH = re.compile(
    rf"(?:{_ROLES_ZH}|师|员|医|医生|大夫|护士|士|手|工|警|官|长|家|匠|记者|学者|编辑|教授|经理|总监|主管|"
    r"销售|运营|会计|律师|模特|翻译|导游|教练|保安|保姆|厨子|老板|码农|农民|军人|学生|研究生|博士)$"
)
_NOT_OCCUPATION_ZH = re.compile(
    r"(?:会员|成员|党员|团员|学员|病员|家长|学长|班长|兄长|新手|老手|高手|好手|帮手|对手|凶手|女士|男士|人士|"
    r"绅士|义工|玩家|人家|大家|东家|亲家|买家|卖家)$"
)
# A denial ("我姐姐不是上海的一名医生") or a former state ("我妈以前是…", "我曾是…") before 是 in the
# clause: no current city or job (the job guard of parsers/guards.py drops only some former jobs).
_NOT_NOW_ZH = re.compile(
    r"(?:不|没|非)[再曾也都就]?$|以前|曾|原来|原先|过去|之前|从前|早年|当年|那时|那会儿|退休前|不再|已经不"
)


# "我在读研究生", "目前在读博士": a student's degree is the job slot, as the labelled sets give it ("在读研究生，学的是
# 材料" -> 研究生). Only the user's own clause head (no relative, no 明年/假如 before it); the learned tagger read
# it until the twenty-first round's retraining, so a rule holds it now.
_STUDYING_ZH = re.compile(
    r"(?:^|我|用户|[，,。])(?:现在|目前|正)?在读(?P<job>研究生|博士生?|硕士生?)(?=[，,。!！；;]|$)"
)
_NOT_USERS_STUDY_ZH = re.compile(r"[他她]|明年|假如|如果|打算|想|准备|以后|将来")


def _fact(field: str, value: str, pos: int, rel: str | None = None) -> Found:
    slots: dict[str, Any] = {"field": field, "value": value, **({"relative": rel} if rel else {})}
    return pos, ("profile", 0.8, slots, [EntityRef(value, field, "HAS_PROFILE", detail=rel)])


def _occupation(value: str) -> bool:
    """The noun after "是<城市>的一名" names an occupation (`_OCCUPATION_ZH`), not a guest or a role."""
    return bool(_OCCUPATION_ZH.search(value)) and not _NOT_OCCUPATION_ZH.search(value)


def _clause_head(text: str, pos: int) -> str:
    """The clause's words before `pos` (from the last punctuation)."""
    return re.split(r"[，,。.!！?？;；]", text[:pos])[-1]


def _studying(text: str) -> list[Found]:
    """The user's degree studied now (`_STUDYING_ZH`), not a relative's, a wish's or a supposition's."""
    out: list[Found] = []
    for m in _STUDYING_ZH.finditer(text):
        head = _clause_head(text, m.start("job"))
        if not _NOT_USERS_STUDY_ZH.search(head) and relative_before(text, m.start("job"), "zh") is None:
            out.append(_fact("job", m.group("job"), m.start("job")))
    return out


def _is_place(value: str) -> bool:
    return value in PLACES_ZH or bool(re.fullmatch(r"[\u4e00-\u9fa5]{1,4}[市省县]", value))


def work_facts(text: str, lang: str) -> list[Found]:
    """Profile facts (job, employer, city, hometown) read from work-and-place shapes."""
    out: list[Found] = []
    if lang != "zh":
        for kind, pattern in _EN:
            m = pattern.search(text)
            if not m:
                continue
            if kind == "city" and not re.search(r"\b(?:im|i'm|i am)\s+an?\s+\w+\s+in\s+[a-z]+$", text, re.I):
                continue  # a lowercase place only in "im a teachr in phoenix"
            if "job" in kind:
                out.append(_fact("job", m.group("job").strip(), m.start("job")))
            if "employer" in kind:
                out.append(_fact("employer", m.group("org"), m.start("org")))
            for field in ("hometown", "city"):
                if field in kind:
                    out.append(_fact(field, m.group("place"), m.start("place")))
    if lang != "en":
        for _, pattern in _ZH:
            for m in pattern.finditer(text):
                org = m.group("org").lstrip("在")
                if re.search(r"^(?:一家|家|这|那)|公司$|^我|^是", org):
                    continue
                out.append(_fact("city" if _is_place(org) else "employer", org, m.start("org")))
                out.append(_fact("job", m.group("job"), m.start("job")))
        out += _studying(text)
        for m in _CITY_JOB_ZH.finditer(text):
            if not _is_place(m.group("org")) or re.search(r"人$|[吗呢吧啊了]", m.group("job")):
                continue
            if not _occupation(m.group("job")) or _NOT_NOW_ZH.search(_clause_head(text, m.start())):
                continue
            rel = relative_before(text, m.start(), "zh")
            out.append(_fact("city", m.group("org"), m.start("org"), rel))
            out.append(_fact("job", m.group("job"), m.start("job"), rel))
    return out
