"""Health facts about the user (`relative: self`) or a family member: allergies (allergen as
written), medication (drug as written) and conditions outside the small gazetteer.

Negated statements keep only what is affirmed ("我不对花粉过敏，是对猫毛过敏" -> 猫毛; "My dad doesn't
have diabetes, my uncle does" -> uncle). Values are copied from the text.
"""

from __future__ import annotations

import re
from typing import Any

from parsers.lexicon import CONDITIONS_EN, CONDITIONS_ZH, zh_kin_alternation
from parsers.model import EntityRef
from parsers.profile_rules import REL_EN, REL_ZH, relative_before
from parsers.zh_values import bare_medication

__all__ = ["bare_drug", "health_facts", "not_a_drug"]

Match = tuple[str, float, dict[str, Any], list[EntityRef]]
Found = tuple[int, Match]

_COND_ZH = sorted(
    {
        *CONDITIONS_ZH,
        *[
            "胃炎",
            "癫痫",
            "乙肝",
            "中风",
            "湿疹",
            "抑郁",
            "轻度抑郁",
            "焦虑症",
            "焦虑",
            "甲减",
            "痛风",
            "心脏不好",
            "肾病",
            "肾结石",
            "鼻炎",
            "过敏性鼻炎",
            "乳糖不耐受",
            "阿尔茨海默",
            "阿尔茨海默病",
            "阿尔兹海默症",
            "慢阻肺",
            "脂肪肝",
            "颈椎病",
            "腰椎间盘突出",
            "心律不齐",
            "高血糖",
            "低血糖",
            "血糖有点高",
            "白血病",
            "肺癌",
            "乳腺癌",
            "胃癌",
            "肝癌",
            "自闭症",
            "多动症",
            "红斑狼疮",
            "青光眼",
            "白内障",
            "近视",
            "老年痴呆",
            "怀孕",
        ],
    },
    key=len,
    reverse=True,
)
_COND_EN = sorted(
    {
        *CONDITIONS_EN,
        *[
            "type 1 diabetes",
            "type 2 diabetes",
            "celiac disease",
            "celiac",
            "copd",
            "adhd",
            "autism",
            "epilepsy",
            "lupus",
            "crohn's",
            "ibs",
            "eczema",
            "psoriasis",
            "hay fever",
            "anxiety",
            "bipolar disorder",
            "ptsd",
            "hypothyroidism",
            "hyperthyroidism",
            "kidney disease",
            "kidney stones",
            "sleep apnea",
            "glaucoma",
            "a mild stroke",
            "a stroke",
            "stroke",
            "prostate cancer",
            "breast cancer",
            "lung cancer",
            "leukemia",
            "acid reflux",
            "gerd",
            "blood pressure",
            "high blood sugar",
            "multiple sclerosis",
            "ms",
            "heart failure",
            "afib",
            "atrial fibrillation",
            "diabetic",
            "migraine",
            "asthmatic",
            "lactose intolerant",
            "gluten intolerant",
            "anemic",
            "anaemic",
            "epileptic",
            "pregnant",
        ],
    },
    key=len,
    reverse=True,
)
# Conditions outside the gazetteer, read by their suffix right after 有 / 得了 / 查出 / 确诊 / 医生说是 ("我姐有
# 乳糜泻", "我爸查出了肾结石", "医生说是心衰"): the listed names come first, this catches the rest of the family.
_COND_ZH_SUFFIX = (
    r"(?:(?<=有)|(?<=得了)|(?<=患有)|(?<=查出)|(?<=查出了)|(?<=查出来)|(?<=检查出)|(?<=确诊)|(?<=确诊了)|(?<=医生说是)|(?<=诊断为)|(?<=诊断是))"
    r"(?!了|来|什么|这|那|毛|点|些|个|种|有)[\u4e00-\u9fff]{1,4}?(?:病|症|炎|癌|瘤|泻|综合征|结石|溃疡|结节|囊肿|息肉|肌瘤|衰竭|衰)"
)
_COND_ZH_ALT = "|".join(_COND_ZH) + "|" + _COND_ZH_SUFFIX
_COND_EN_ALT = "|".join(re.escape(c) for c in _COND_EN)
_REL_ZH_ALT = zh_kin_alternation(REL_ZH)
_REL_EN_ALT = "|".join(re.escape(r) for r in sorted(REL_EN, key=len, reverse=True))
_WHO_ZH = rf"(?:(?:我|俺)(?:家)?(?:的)?(?:{_REL_ZH_ALT})|(?:{_REL_ZH_ALT})|我自己|本人|我)"
_CLAUSE_END = r"[，。,.!！？?；;]"

_ALLERGY_ZH = re.compile(
    rf"(?P<who>{_WHO_ZH})?\s*(?:也|从小|一直|有点)?(?:对)?\s*(?P<a>[^，。,.!！？?；;对]{{1,10}}?)\s*过敏"
)
_AND_ALLERGEN = re.compile(
    r"\s*(?:,\s*)?(?:and|&)\s+(?:also\s+)?(?!(?:my|his|her|i|we|he|she|it|they|the|so|also|too|that|this)\b)"
    r"(?P<b>(?:[a-z]+\s+)?[a-z]+)(?=\s*(?:[,.;!?]|$|\s+(?:too|as well|so|but|lol)\b))",
    re.I,
)
_AND_MEMBER_EN = re.compile(
    rf"\s*,?\s+and\s+my\s+(?P<r>{_REL_EN_ALT})\s+(?:is\s+)?(?:allergic\s+)?to\s+"
    r"(?P<b>(?:[a-z]+\s+)?[a-z]+?)(?=\s*(?:[,.;!?]|$|\s(?:too|but|and|so)\b))",
    re.I,
)
# Who reacts, as the object of the verb: the user, a family member, or a note's subject ("the user").
_OBJECT_EN = rf"me|(?:my|our)\s+(?:{_REL_EN_ALT})|(?:the\s+)?user's\s+(?:{_REL_EN_ALT})|(?:the\s+)?user"
# An adverb between the substance and its verb is no part of the substance ("Peanuts never give my son
# hives", "Shellfish always makes my wife break out"); a noun that ends in -ly (royal jelly) is one.
_ADVERB_EN = (
    r"never|rarely|seldom|hardly(?:\s+ever)?|barely|scarcely|no\s+longer|always|sometimes|often|usually|still|"
    r"also|ever|even|just|now|once|could|might|may|will|would|can|should|must|"
    r"(?!(?:jelly|lily|holly|belly|fly|butterfly|dragonfly|family|italy|ally|bully)\b)[a-z]+ly"
)
_SUBJECT_EN = rf"[a-z]+(?:\s+(?!(?:{_ADVERB_EN})\b)[a-z]+)?"
# The adverb says the substance does not (or no longer) set it off: a denial, no allergy.
_DENYING_ADVERB = re.compile(r"^(?:never|hardly|barely|scarcely|no\s+longer)\b", re.I)
# A modal says the substance may set it off, not that it does ("Peanuts could give my son hives"): a
# possibility is no allergy (the turn stays an episode). "once" is stripped: it did ("Penicillin once gave ...").
_POSSIBLE = re.compile(r"^(?:could|might|may|will|would|can|should|must)$", re.I)
# The reaction is over ("gave my son hives once but not anymore", "she outgrew it", "used to").
_ENDED_REACTION = re.compile(
    r"\b(?:not|no)\s+(?:any\s*more|anymore|longer)\b|\banymore\b|\boutgr[eo]w\w*|\bgrew out of\b|"
    r"\bused to\b|\bnot since\b",
    re.I,
)
# An activity is no substance ("Running gives me hives", "Shaving gives me a rash"); a food or a thing
# whose name ends in -ing is ("Pudding", "salad dressing"), and after a verb of taking in, its object is
# the substance ("Eating peanuts gives my son hives" -> peanuts).
# Whole words, not suffixes: "Mowing" ends in "wing" and is an activity.
_ING_NOUNS = re.compile(
    r"^(?:pudding|icing|frosting|stuffing|dressing|seasoning|filling|topping|dumpling|herring|whiting|sting|"
    r"ring|string|bedding|clothing|wing|shortening)s?$",
    re.I,
)
# What follows a verb of taking in without being a substance: "Eating out", "Having kids" are activities.
_INTAKE_EN = re.compile(
    r"^(?:eating|drinking|taking|touching|having|using|wearing|smelling)\s+"
    r"(?!(?:out|in|up|kids|children|babies|a|an|the|fun|sex|guests|people|friends|company|meetings|work|"
    r"dinner|lunch|breakfast)$)(?P<a>[a-z]+)$",
    re.I,
)
_ALLERGY_EN = re.compile(
    r"(?:\b(?:allergic|alergic|allergc|allerg(?:y|ies))\s+to\s+(?P<a>(?:[a-z]+\s+){0,2}?[a-z]+)(?=\s+(?:and|so|but|too|which|if|lol|haha|tbh|rn|btw|after|since|when|because|now|lately|as well|myself|also|,)\b|[,.;!?]|$))|"
    r"(?:\b(?P<a2>(?:[a-zA-Z]+\s+)?[a-zA-Z]+)\s+allerg(?:y|ies)\b(?!\s+to\b))|"
    r"(?:\ballergic\b[^.;!?]{0,3}$)|"
    # the substance as the subject, the one who reacts as the object: "Penicillin gives my son an allergic
    # reaction", "shellfish makes me break out, I'm allergic" (the object, not the sentence's start, says whose)
    rf"(?:^(?P<a3>{_SUBJECT_EN})(?:\s+(?P<d3>{_ADVERB_EN}))?\s+(?:gives?|gave|causes?|caused|triggers?|triggered)\s+"
    rf"(?P<o3>{_OBJECT_EN})\s+an? (?:bad |severe |serious |mild )?allergic reaction|"
    rf"^(?P<a4>{_SUBJECT_EN})(?:\s+(?P<d4>{_ADVERB_EN}))?\s+(?:makes?|made)\s+(?P<o4>{_OBJECT_EN})\s+break out\b"
    r"[^.;!?]*\ballergic)",
    re.I,
)
# The same shapes with a reaction but no word of allergy ("Peanuts give my son hives", "Shellfish makes my
# wife break out"): the substance and whose it is, and no `condition` the text does not say. What sets off
# hives or a breakout without being an allergen (stress, heat, the sun) is no substance.
_REACTION_EN = re.compile(
    rf"^(?P<a>{_SUBJECT_EN})(?:\s+(?P<d>{_ADVERB_EN}))?\s+(?:(?:gives?|gave)\s+(?P<o>{_OBJECT_EN})\s+(?:hives|a rash)|"
    rf"(?:makes?|made)\s+(?P<o2>{_OBJECT_EN})\s+(?:break out|swell up)(?: in (?:hives|a rash))?)\b(?![^.;!?]*\ballerg)",
    re.I,
)
_NOT_ALLERGEN_EN = re.compile(
    r"^(?:stress|anxiety|heat|the heat|sun|the sun|sunlight|cold|the cold|work|exercise|sweat|sweating|"
    r"hormones|chocolate cravings|school|nerves|he|she|it|this|that|which|everything|nothing|"
    r"(?:(?:cold|hot|humid|warm|dry|wet|windy|bad)\s+)?(?:weather|temperatures?|climate|wind|air))$",
    re.I,
)
_MED_ZH = re.compile(
    r"(?:药[，,]?叫|常备|备着|随身带着?|在吃|吃着|一直在吃|每天都吃|天天吃|都在吃|每天(?:早上|晚上|中午|早晚)?(?:都)?吃|每天要吃|(?:一直)?在打|每天打|要吃一片|吃一片|服用|开了|给我开了|开始吃|在涂|涂|补|带着|用着|(?<=每天)滴|(?<=每天)点)\s?"
    # the drug may be followed by its verb: "医生开了舍曲林在吃"
    r"(?:[一两半]?[片粒颗支针])?(?P<m>[\u4e00-\u9fa5]{2,8}?|[A-Za-z][A-Za-z-]{1,20})(?=了|[，。,.!！？?；;\s]|$|在吃|吃着|一直吃)"
)
_NAMED_MED_ZH = re.compile(
    r"药[，,]?(?:叫|是)(?P<m>[\u4e00-\u9fa5]{2,8}?|[A-Za-z][A-Za-z-]{1,20})(?=了|[，。,.!！？?；;\s]|$)"
)
# "医生给我开了阿莫西林" is a prescription, "开了个会" / "开了家小店" is not: after 开了 a drug is named
# outright, never counted with a measure word, and is no meeting, shop, car or door.
_NOT_DRUG_ZH = re.compile(
    r"^[一两三四五六七八九十几\d]*[个家场次间辆扇条门]|^(?:会|店|车|门|窗|灯|玩笑|空调|房)|[会店]$"
)
# Without 对 the span before 过敏 holds more than the substance: the note's subject and its verb
# ("用户海鲜过敏", "用户有虾过敏", "【用户】青霉素过敏", "用户儿子猫毛过敏", "用户因猫毛过敏"), the one it happens
# to said after the substance ("花生我过敏", "猫毛会让我过敏", "青霉素会引起我儿子过敏") or how badly ("尘螨轻度过敏",
# "猫毛有点过敏"). Each is cut off; what is left is the substance as written.
_HEAD_ZH = re.compile(rf"^\W*(?:用户|本人|我|俺)\W*(?:的|家)?(?P<r>{_REL_ZH_ALT})?")
_LEAD_ZH = re.compile(r"^(?:有|因为?|由于|一?(?:接触|碰到?|吃|喝)|患有|对)+")
_DEGREE_ZH = r"(?:有点儿?|有些|有一点|一点|轻度|轻微|中度|重度|严重|很|非常|特别|比较)的?"
_TAIL_ZH = re.compile(rf"(?:(?:就会|会|就|也)?(?:让|引起|导致|使)|我|用户|俺).*$|{_DEGREE_ZH}$")
# A drug counted with how often or how much ("每天吃两次降压药", "服用氨氯地平一片", "吃了一片布洛芬")
_COUNT_ZH = r"[一两二三四五六七八九十半几\d]+(?:次|回|片|粒|颗|支|针|袋|包)"
_DRUG_EDGES_ZH = re.compile(rf"^(?:了|过)?(?:{_COUNT_ZH})?|(?:{_COUNT_ZH})$")
# "对青霉素和乳胶过敏": a list of allergens is split like the English "and"
_LIST_ZH = re.compile(r"和|、|以及|跟|与|还有")
# "老公的降压药快吃完了": a family member's medicine named by its kind
_OWNED_MED_ZH = re.compile(r"的(?P<m>[\u4e00-\u9fa5]{1,4}药)(?:快)?(?:吃完|用完|没了|不够)")
_MED_EN = re.compile(
    r"\b(?:takes?|taking|on|put (?:me|him|her) on|prescribed|started|uses?|using|carry|carries|carrying|out of (?:his|her|my|their))\s+"
    r"(?:an?\s+)?(?P<m>[A-Za-z][A-Za-z]+(?:-[a-z]+)?)(?=\s+(?:for|every|daily|each|now|inhaler|twice|and|so|everywhere|"
    # what follows a drug's name in a clause about when or why it is taken ("takes sumatriptan when
    # it's bad", "she's on glipizide if that matters")
    r"when|if|at|before|after|since|as|but|because|in the)\b|[,.;!?]|$)",
)
# A brand named with its device is a drug whatever its ending ("a Spiriva inhaler", "an EpiPen").
_DEVICE_MED_EN = re.compile(r"^\s+(?:inhaler|pen|patch|injections?|shots?)\b", re.I)
_NOT_MED_EN = {
    "it", "the", "a", "my", "his", "her", "some", "time", "calls", "call", "board", "vacation", "trip", "walks",
    "medication", "meds", "pills", "everything", "that", "this", "insulin pump", "track", "care", "hold", "off",
    # treatments taken for a condition that are no drug named
    "chemo", "chemotherapy", "radiation", "radiotherapy", "therapy", "treatment", "dialysis", "physio",
}  # fmt: skip
_NOT_MED_ZH = {"什么", "药", "东西", "饭", "东西了", "药了"}
# "我每天吃苹果" is a habit of eating, not a drug: everyday foods after 每天吃 / 在吃 are refused.
_FOOD_ZH = re.compile(
    r"^(?:一个|一根|一把|一杯|一碗|点)?(?:苹果|香蕉|橙子|橘子|葡萄|西瓜|草莓|蓝莓|梨|桃子?|芒果|猕猴桃|水果|坚果|核桃|"
    r"燕麦|酸奶|牛奶|零食|巧克力|早餐|早饭|午饭|晚饭|米饭|馒头|包子|饺子|蔬菜|沙拉|青菜|辣|甜食|外卖|泡面)$"
)
# After 用着 / 在吃 a judgement or a diet is no drug ("iPhone用着还行", "最近在吃纯素").
# A diet ends in 素 (纯素, 全素); a drug may too (胰岛素, 激素), so only the diet words are refused.
_NOT_DRUG_WORD_ZH = re.compile(r"^(?:还行|还可以|还不错|不错|挺好|挺顺|一般|凑合|顺手)|^(?:纯|全|吃)?素$|斋$")
_DRUG_HINT_EN = re.compile(
    r"(?:in|ol|am|ine|ide|one|ate|ril|rel|tan|pam|lin|vir|cin|xin|zole|pril|sartan|statin|mab|nib|coxib|azepam|ex|all|pen|ol|il|ta)$|^(?:epipen|insulin|aspirin|adderall|concerta|inhaler|albuterol)$",
    re.I,
)
# A condition (or "diagnosed") just before "and on X" / "and takes X" in the same clause.
_HEALTH_CLAUSE_EN = re.compile(
    # the drug's clause may follow a comma and name its subject again ("has epilepsy, he's on Keppra",
    # "and she's on ..."): two writers of the retired sets
    rf"\b(?:{'|'.join(re.escape(c) for c in _COND_EN)}|diagnosed)\b[^,.;!?]{{0,12}}(?:\s(?:and|so)|,(?:\s+(?:and|so))?)\s+"
    rf"(?:(?:he|she|they|I)(?=\s|'))?(?:\s*is\s+|\s*am\s+|\s*are\s+|'m\s+|'s\s+|'re\s+)?$",
    re.I,
)
_FOR_CONDITION_EN = re.compile(
    rf"\s+for\s+(?:(?:her|his|my|their|the)\s+)?(?:{'|'.join(re.escape(c) for c in _COND_EN)})\b", re.I
)
_NOT_DRUG_NAME = re.compile(
    r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|"
    r"August|September|October|November|December|Netflix|Instagram|Facebook|Twitter|TikTok|Reddit|YouTube|Zoom|"
    r"Holiday|Vacation|Leave|Call|Duty)$"
)
# "My wife is expecting", "we're expecting twins": pregnancy said the other common way. Only with
# nothing after it or a baby named (never "I'm expecting a call"); the value stays the user's word.
_EXPECTING_EN = re.compile(
    r"\b(?:is|'s|are|'re|am|'m)\s+(?:now\s+|finally\s+)?(?P<c>expecting)"
    r"(?=\s*(?:$|[.!,;]|\s(?:a\s+(?:baby|boy|girl)|twins|our|their|her|his|my|again|in)\b))",
    re.I,
)
_NEG_ZH = re.compile(r"不对|没有|没|不是|不")
# Conditions that are also a passing mood ("有点焦虑", "最近好抑郁"): with a degree word before them, a mood.
_MOODS_ZH = {"焦虑", "抑郁"}
_NEG_EN = re.compile(r"\b(?:not|n't|no|never)\b", re.I)


def _object(said: str | None) -> str | None:
    """The one an object names ("my son", "me", "the user"), or None when there is no object."""
    if not said:
        return None
    rel = re.search(rf"(?P<r>{_REL_EN_ALT})$", said, re.I)
    return REL_EN[rel.group("r").lower()] if rel else "self"


def _substance(subject: str, adverb: str | None, text: str) -> str | None:
    """The allergen a sentence opened by it names, or None: a denying adverb or an ended reaction says
    there is none now (`_DENYING_ADVERB`, `_ENDED_REACTION`), an activity is none (`_ING_NOUNS`)."""
    if adverb and (_DENYING_ADVERB.match(adverb) or _POSSIBLE.match(adverb)):
        return None
    if _ENDED_REACTION.search(_sentence_of(text)):
        return None
    if (intake := _INTAKE_EN.match(subject)) is not None:
        return intake.group("a")
    head = subject.split(maxsplit=1)[0]
    if head.lower().endswith("ing") and not _ING_NOUNS.match(head):
        return None  # an activity ("Running", "Mowing grass", "Eating out"), not a food ending in -ing
    return subject


def _sentence_of(text: str) -> str:
    """The first sentence (the subject-first shapes open the text)."""
    return re.split(r"[.!?;]\s", text, maxsplit=1)[0]


def _who(text: str, pos: int, lang: str) -> str:
    return relative_before(text, pos, lang) or "self"


def _health(rel: str, slots: dict[str, Any], conf: float = 0.9) -> Match:
    cond = slots.get("condition") or slots.get("medication") or ""
    return (
        "family_health",
        conf,
        {"relative": rel, **slots},
        [EntityRef(str(cond), "condition", "HAS_FAMILY_HISTORY", detail=rel)],
    )


def _clause(text: str, pos: int) -> tuple[int, int]:
    start = max((m.end() for m in re.finditer(_CLAUSE_END, text[:pos])), default=0)
    end = re.search(_CLAUSE_END, text[pos:])
    return start, pos + end.start() if end else len(text)


def _bare_allergen(a: str) -> tuple[str, str | None]:
    """The substance of a zh allergy span (see `_HEAD_ZH`) and the relative the span names, if any."""
    head = _HEAD_ZH.match(a)
    said = head.group("r") if head else None
    a = _LEAD_ZH.sub("", a[head.end() :] if head and head.end() else a)
    tail = _TAIL_ZH.search(a)
    if tail and tail.start() > 0:
        said = said or next((w for w in _REL_ZH_SORTED if w in tail.group(0)), None)
        a = a[: tail.start()]
    a = re.sub(rf"^{_DEGREE_ZH}", "", a)
    return a, said


_REL_ZH_SORTED = sorted(REL_ZH, key=len, reverse=True)


def bare_drug(value: str) -> str:
    """A zh drug without the count read with it ("两次降压药" -> 降压药, "氨氯地平一片" -> 氨氯地平)."""
    return _DRUG_EDGES_ZH.sub("", value) if re.search(r"[\u4e00-\u9fff]", value) else value


def not_a_drug(value: str) -> bool:
    """A word the rules never take for a medication (an everyday food, a diet, a judgement, "药"
    itself): the slot tagger's medication spans pass the same refusal (我每天吃苹果 is no drug)."""
    return (
        value in _NOT_MED_ZH
        or value.lower() in _NOT_MED_EN
        or bool(_NOT_DRUG_WORD_ZH.search(value) or _FOOD_ZH.search(value))
    )


def _meds(text: str, lang: str, start: int, end: int) -> str | None:
    window = text[start:end]
    if lang != "en":
        m = _NAMED_MED_ZH.search(window) or _MED_ZH.search(window) or _OWNED_MED_ZH.search(window)
        bare = bare_medication(window)  # "平时用沙丁胺醇": a bare verb before a drug-shaped name
        if bare and (m is None or (m.group("m").startswith(bare.group("m")) and m.start("m") == bare.start("m"))):
            m = bare  # also "在吃甲钴胺因为手麻": the drug ends where its name ends, not at the comma
        drug = bare_drug(m.group("m")) if m else ""
        if (
            m
            and len(drug) >= 2
            and drug not in _NOT_MED_ZH
            and not _NOT_DRUG_WORD_ZH.search(drug)
            and not _FOOD_ZH.search(drug)
            and not re.search(r"饭|菜|水果|东西|火锅|钙$|肉|鱼|蛋|面|粥", drug[:1] + drug[-1:])
            and not (re.search(r"开了\s?$", window[m.start() : m.start("m")]) and _NOT_DRUG_ZH.search(drug))
        ):
            return drug
    m = _MED_EN.search(window)
    if m and m.group("m").lower() not in _NOT_MED_EN:
        drug = m.group("m")
        if _DRUG_HINT_EN.search(drug) or (drug[:1].isupper() and _DEVICE_MED_EN.match(window[m.end("m") :])):
            return drug
        named = _HEALTH_CLAUSE_EN.search(window[: m.start()]) or _FOR_CONDITION_EN.match(window[m.end("m") :])
        if (
            named
            and (drug[:1].isupper() or _FOR_CONDITION_EN.match(window[m.end("m") :]))
            and not _NOT_DRUG_NAME.match(drug)
        ):
            # "I'm epileptic and on Keppra", "she's on Lexapro for anxiety": a brand name (capitalised,
            # no drug-like ending) right after a condition in its clause, or taken for one
            return drug
    return None
    return None


def health_facts(text: str, lang: str) -> list[Found]:
    out: list[Found] = []
    low = text.lower()
    # allergies
    if lang != "en":
        for m in _ALLERGY_ZH.finditer(text):
            a = re.sub(rf"^(?:{_REL_ZH_ALT}|我|也|有点|是|对)+", "", m.group("a")).strip()
            a = re.sub(r"^(?:对|确诊了?|查出了?|得了|有|患有|一直)+", "", a)
            a = re.sub(r"^(?:吃了?|喝了?|碰到?|闻到?)|(?:就会|会|就|也|都|容易)$", "", a)  # 喝牛奶会过敏 -> 牛奶
            before = text[max(0, m.start() - 2) : m.start("a")]
            if not a or _NEG_ZH.search(before + m.group(0)[: m.start("a") - m.start()]) or a in {"不", "有点", "会"}:
                continue
            if re.search(r"(?:不|没)$", a) or re.match(r"没|不|无|什么", a) or a.endswith("什么"):
                continue  # "我没有什么过敏的东西": a denial names no allergen
            a, kin = _bare_allergen(a)
            if not a:
                continue
            who = REL_ZH[kin] if kin else _who(text, m.start("a"), "zh")
            for part in [p for p in _LIST_ZH.split(a) if p] if len(a) > 3 else [a]:
                out.append((m.start(), _health(who, {"condition": "过敏", "allergen": part})))
    if lang != "zh":
        for m in _ALLERGY_EN.finditer(text):
            said = m.group("a") or m.group("a2") or m.group("a3") or m.group("a4")
            if said and (m.group("a3") or m.group("a4")):
                said = _substance(said, m.group("d3") or m.group("d4"), text)  # the substance as the subject
            if not said:
                continue
            a = re.sub(r"^(?:severe|a|an|mild|bad|my|his|her|the|got|has|have|food)\s+", "", said, flags=re.I)
            head = text[max(0, m.start() - 12) : m.start()]
            if a.lower() in {"no", "any", "food", "seasonal", "an", "a"} or _NEG_EN.search(head):
                continue
            # "no allergies here myself, but my daughter is allergic to cats": a denial in another
            # clause does not unsay this one
            if re.search(r"\b(?:any|no)\s+(?:[a-z]+\s+){0,2}allerg", low[_clause(text, m.start())[0] : m.end()]):
                continue
            rel = _object(m.group("o3") or m.group("o4")) or _who(text, m.start(), "en")
            she = re.search(rf"\bmy\s+(?P<r>{_REL_EN_ALT})\b[^.;!?]*\b(?:she|he)'?s?\s+(?:is\s+)?allergic", text, re.I)
            if she:
                rel = REL_EN[she.group("r").lower()]
            out.append((m.start(), _health(rel, {"condition": "allergy", "allergen": a})))
            # "allergic to penicillin and sulfa drugs": each substance of the list is an allergy
            if m.group("a") and (more := _AND_ALLERGEN.match(text, m.end("a"))):
                out.append((m.end("a"), _health(rel, {"condition": "allergy", "allergen": more.group("b")})))
            # "my son is allergic to eggs and my daughter to nuts": a second member, the verb left out
            if m.group("a") and (other := _AND_MEMBER_EN.match(text, m.end("a"))):
                who = REL_EN[other.group("r").lower()]
                out.append((other.start("r"), _health(who, {"condition": "allergy", "allergen": other.group("b")})))
        reaction = _REACTION_EN.search(text)
        substance = _substance(reaction.group("a"), reaction.group("d"), text) if reaction else None
        if reaction and substance and not out and not _NOT_ALLERGEN_EN.match(substance):
            who = _object(reaction.group("o") or reaction.group("o2")) or "self"
            out.append((0, _health(who, {"allergen": substance}, 0.85)))
        wide = re.search(
            # "my sister can't have penicillin, she's allergic": the substance, then the allergy
            rf"\b(?:my\s+)?(?P<r>{_REL_EN_ALT})\b[^.;!?]{{0,20}}\b(?:can't|cannot|can not)\s+(?:have|take|eat)\s+"
            r"(?:anything with\s+)?(?P<a>[a-z]+(?:\s+(?!(?:at|or|and|because|since|as|either)\b)[a-z]+)?)"
            r"(?=\s*[,;]|\s+(?:because|since|as)\b)[^.;!?]*\b(?:she|he)(?:'s| is)\s+(?:very\s+|severely\s+)?allergic\b",
            text,
            re.I,
        )
        if wide:
            # "my wife can't have anything with sesame, she's allergic": the substance is named first.
            out = [f for f in out if f[1][2].get("allergen") not in {"allergic", "she's allergic"}]
            allergen = {"condition": "allergy", "allergen": wide.group("a")}
            out.append((wide.start(), _health(REL_EN[wide.group("r").lower()], allergen)))
    # conditions
    if lang != "en":
        for m in re.finditer(_COND_ZH_ALT, text):
            cond = m.group(0)
            clause = _clause(text, m.start())
            if cond == "过敏" or any(clause[0] <= f[0] < clause[1] and "allergen" in f[1][2] for f in out):
                continue
            pre = text[_clause(text, m.start())[0] : m.start()]
            shifted = re.search(rf"是(?P<r>{_REL_ZH_ALT})有", text[m.end() :])
            if re.search(r"没有|没|不是|预防|怕|担心|会不会|怎么|吗", pre + text[m.end() : m.end() + 2]):
                if not shifted:
                    continue
                # "我妈没有糖尿病，是我爸有": the condition belongs to the one named after
                out.append((m.start(), _health(REL_ZH[shifted.group("r")], {"condition": cond})))
                continue
            if re.search(r"(?:有点|有些|有一点|好|很|太|特别|超)$", pre) and cond in _MOODS_ZH:
                continue  # "有点焦虑": how the user feels, not a diagnosis
            said = re.search(rf"{_WHO_ZH}|自己|患者|查出|得了|有|医生说|诊断", pre + text[m.end() : m.end() + 2])
            # "我老爷子今年80了，高血压加心脏不好": a clause with no subject continues a relative's clause
            if not said and not (not pre.strip() and relative_before(text, m.start(), "zh") not in (None, "self")):
                continue
            rel = _who(text, m.start(), "zh")
            slots: dict[str, Any] = {"condition": cond}
            med = _meds(text, lang, *_clause(text, m.start())) or _meds(
                text, lang, m.end(), min(len(text), m.end() + 20)
            )
            if med:
                slots["medication"] = med
            out.append((m.start(), _health(rel, slots)))
    if lang != "zh":
        for m in re.finditer(rf"\b(?:{_COND_EN_ALT})\b", text, re.I):
            cond = m.group(0)
            if cond.lower() in {"allergies", "an allergy"}:
                continue
            start, end = _clause(text, m.start())
            pre = text[start : m.start()]
            if _NEG_EN.search(pre) and not re.search(r"\bmy\s+\w+\s+does\b", text[m.end() :], re.I):
                continue
            # "is diabetes hereditary?" asks; "my dad is diabetic, what should he eat?" states (the
            # copula after a subject is no question word)
            asks = re.search(r"\b(?:what|how|can|does|should|prevent|risk)\b|^\W*is\b", pre, re.I)
            if asks and "?" in text:
                if not re.search(r"\bI'm\b|\bI have\b|\bI've got\b", pre):
                    continue
            if not re.search(
                r"\b(?:I|I'm|I've|my|mom|dad|has|have|had|got|with|for|diagnosed)\b", pre + " " + cond, re.I
            ) and not relative_before(text, m.start(), "zh"):
                continue
            rel = _who(text, m.start(), lang)
            later = re.search(rf"\bmy\s+(?P<r>{_REL_EN_ALT})\s+does\b", text[m.end() :], re.I)
            if later and _NEG_EN.search(pre):
                rel = REL_EN[later.group("r").lower()]
            slots = {"condition": re.sub(r"^(?:a mild |a )", "", cond) if cond.lower().startswith("a ") else cond}
            other = re.search(r"\s(?:and|but)\s+my\s", text[m.end() :], re.I)
            stop = m.end() + other.start() if other else end  # "... and my dad takes metformin": dad's drug
            med = _meds(text, lang, start, len(text) if "and" in text[m.end() : m.end() + 6] and not other else stop)
            med = med or _meds(text, lang, start, min(end, stop))
            if med:
                slots["medication"] = med
            out.append((m.start(), _health(rel, slots)))
        for m in _EXPECTING_EN.finditer(text):
            start, _ = _clause(text, m.start())
            if _NEG_EN.search(text[start : m.end()]) or any(f[1][2].get("condition") for f in out):
                continue
            out.append((m.start(), _health(_who(text, m.start(), lang), {"condition": m.group("c")})))
    # medication alone
    if not any("medication" in f[1][2] for f in out):
        med = _meds(text, lang, 0, len(text))
        if med:
            i = text.find(med)
            named = text.rfind("药", 0, i) if lang != "en" else -1
            i = named if named >= 0 else i  # "我奶奶在吃降压药，叫硝苯地平": whose medicine is said first
            # a question about another drug does not unsay a statement in its own clause ("I'm on
            # warfarin, can I take ibuprofen?"); a drug named only inside the question is no fact
            asked = r"推荐|recommend|should I|can I|吗|能不能|[?？]"
            start, end = _clause(text, text.find(med))
            if not re.search(asked, text[start : end + 1], re.I) or out:
                attached = next(
                    (f for f in out if f[0] <= i and not re.search(r"\b(?:and|but)\s+my\b", text[f[0] : i], re.I)),
                    None,
                )  # "my sister has celiac disease and my dad takes metformin": the drug is dad's
                if attached is not None:
                    attached[1][2]["medication"] = med
                else:
                    out.append(
                        (i, _health(_who(text, i, lang if lang != "mixed" else "zh"), {"medication": med}, 0.85))
                    )
    too = re.search(rf"\b(?:and|,)\s+my\s+(?P<r>{_REL_EN_ALT})\s+(?:is|does|has|'s)\s+too\b", text, re.I)
    if too and out and lang != "zh":
        # "I'm allergic to pollen and my wife is too": the same fact again, for the relative
        slots = {k: v for k, v in out[-1][1][2].items() if k != "relative"}
        out.append((too.start(), _health(REL_EN[too.group("r").lower()], slots)))
    return _both(text, lang, out)


_BOTH_ZH = re.compile(rf"我(?:和|跟|与|同)(?:我|我家)?(?P<r>{_REL_ZH_ALT})(?:俩|两个|两人)?(?:都|也都|一样)")
_BOTH_EN = re.compile(
    rf"\b(?:both\s+)?my\s+(?P<r>{_REL_EN_ALT})\s+and\s+(?:I|me)\b(?:\s+(?:are|have|'ve|both|each))*"
    rf"|\b(?:I|me)\s+and\s+my\s+(?P<r2>{_REL_EN_ALT})\s+(?:are\s+|have\s+)?both\b",
    re.I,
)


def _both(text: str, lang: str, out: list[Found]) -> list[Found]:
    """ "我和我女儿都对芒果过敏", "my husband and I both have asthma": the relative's fact is the user's too
    (the user's first, as said)."""
    m = (_BOTH_ZH.search(text) if lang != "en" else None) or (_BOTH_EN.search(text) if lang != "zh" else None)
    if m is None or (m.re is _BOTH_EN and "both" not in m.group(0).lower()):
        return out
    word = m.group("r") or m.group("r2")
    rel = REL_ZH.get(word) if m.re is _BOTH_ZH else REL_EN.get(word.lower())
    added: list[Found] = []
    for pos, fact in out:
        slots = {k: v for k, v in fact[2].items() if k not in {"relative", "relative_text"}}
        said = fact[2].get("relative")
        if pos < m.start() or rel is None or said not in {rel, "self"}:
            continue
        other = "self" if said == rel else rel
        if any(f[2].get("relative") == other and all(f[2].get(k) == v for k, v in slots.items()) for _, f in out):
            continue
        added.append((m.start() if other == "self" else pos, _health(other, slots, fact[1])))
    return sorted(added + out, key=lambda f: f[0])
