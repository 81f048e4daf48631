"""What a value of each field can be: the check every reader's fact passes (rules, extractors and the
learned slot tagger alike, through parsers/guards.py).

A shape such as "我住在X", "我是X", "I'm a X" or "在X上班" holds a city, a job or an employer only when X
is one; the same shapes carry a floor ("我住在五楼"), a trait ("我是左撇子", "I'm a night owl"), a
faith ("I'm a Buddhist"), a stage of study ("我现在在读研二") or the kind of a workplace with no
name ("在小学当老师"). The dedup layer compares such values across restatements, so a wrong one
splits two sayings of one fact. Each test here names a class of value, never one sentence; a value
refused leaves the turn to its other readings (an episode when nothing is left), nothing is guessed.
"""

from __future__ import annotations

import re
from typing import Any

from parsers.lexicon import PLACES_ZH, RELATIVES_ZH
from parsers.profile_base import REL_ZH
from parsers.profile_rules import PET_WORDS_EN as _PET_WORDS_EN
from parsers.profile_rules import PET_WORDS_ZH as _PET_WORDS_ZH

__all__ = ["implausible", "kin_split"]

_NUM = r"[\d一二三四五六七八九十百两零]"
# Where in a building, beside whom, or a stage of study is no city or hometown.
_NOT_PLACE_ZH = re.compile(
    rf"^(?:{_NUM}+号?(?:楼|层|栋|幢|单元|室)|.*(?:卧室|房间|那间|这间|楼下|楼上)|一起|附近|隔壁|对面|这边|那边|旁边|身边|"
    r"读.*|上(?:大学|高中|初中|小学|中学|学).*|.*型的?|"
    # an activity ("在找工作", "在准备雅思考试", "在减肥"), someone's place ("搬去男朋友那儿") or a kind of home
    r"找.*|准备.*|减肥|.*(?:那儿|那里|这儿|这里)|养老院|敬老院|疗养院)$"
)
# A date word is no place: "moved to Thursday", "promoted in January", "flew to Tokyo in April".
_DATE_WORD_EN = re.compile(
    r"^(?:January|February|March|April|May|June|July|August|September|October|November|December|"
    r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Year|Week|Month|Today|Tomorrow)$",
    re.I,
)
# An institution is where one works or studies, not the city one lives in ("在南京大学工作").
_INSTITUTION = re.compile(r"(?:大学|学院|医院|公司|银行|中学|小学|高中|初中|幼儿园)$")
# A trait, a sign, a fan or a member is no occupation ("我是左撇子", "我是处女座", "我是湖人的铁杆球迷").
_TRAIT_ZH = re.compile(
    r"左撇子|独生[子女]|夜猫子|路痴|吃货|旱鸭子|色盲|近视|戴眼镜|早起|晚睡|[\u4e00-\u9fff]{2}座$|球迷|粉丝|铁粉|会员|型的?$|"
    # a blood type ("我是O型血", "我是Rh阴性血") is said with the same 我是 as a job
    r"型血|血型|[阴阳]性血"
)
# Who one is in a place without working there is no occupation: a guest (a tourist, a visitor, a patient),
# a parent at a school, a resident, a nobody online ("我是杭州的一名游客", "我是广州的一位家长", "我是上海的一个
# 小透明", "I'm a tourist in Hangzhou", "I'm a patient in Guangzhou").
_NOT_OCCUPATION = re.compile(
    r"(?:游客|访客|旅客|过客|观光客|背包客|患者|病人|病友|家长|小透明|网友|路人|居民|市民|乘客|顾客|业主|新人|萌新)$|"
    r"^(?:[a-z]+\s+)?(?:tourist|visitor|patient|parent|guest|resident|local|newbie|newcomer|nobody|passenger|"
    r"customer)s?$",
    re.I,
)
# What the copula's subject owns is no job of the user's: "我的车是…丰田卡罗拉", "我的狗是三岁的柯基", "我坐的是
# 去杭州的高铁", "年糕是我家猫的名字", "下个月是我老婆的生日"; nor is what one did once ("我做过销售", "做过手术").
_THING_SUBJECT_ZH = re.compile(
    r"(?:车|狗狗?|猫咪?|宠物|手机|电脑|房子|坐的|开的|骑的|养的|买的|用的|穿的|吃的|喝的)(?:也|都|就)?是[^，。,.!！？?]*$"
)
_NOT_JOB_ZH = re.compile(rf"^(?:过.*|名字|小名|昵称|生日|本科|.*毕业的?|(?:{_PET_WORDS_ZH})犬?)$")
_NOT_JOB_PET_EN = re.compile(rf"^(?:[a-z]+\s+)?(?:{_PET_WORDS_EN})s?$", re.I)
_THING_SUBJECT_EN = re.compile(
    r"\b(?:my|our|the user's|user's)\s+(?:[a-z]+\s+)?(?:dog|cat|puppy|kitten|pet|car|phone|horse)\b"
    r"(?:\s+[A-Z][a-z]+)?\s+(?:is|'s)\s+(?:an?\s+)?$",
    re.I,
)
# A diet or a fan's team is no occupation ("My wife is a vegetarian", "I'm a Mets fan").
_NOT_JOB_EN = re.compile(r"^(?:vegetarian|vegan|pescatarian|carnivore|flexitarian)s?$", re.I)
_FAN_AFTER_EN = re.compile(r"^\s+(?:fan|fans|supporter|supporters|user|users|owner|fanatic)\b", re.I)
# The note's subject or the one an allergy happens to is no allergen or drug ("用户有虾", "I recieve", "gives
# me"); a drug that is refused or counted is no drug ("户不能用青霉素", "两次降压药").
_PERSON_ZH = re.compile(r"用户|我|俺|不能|不用|没有")
_PERSON_EN = re.compile(r"\b(?:i|me|my|user|users|gets?|gives?|receive[sd]?|recieve[sd]?|has|have|takes?)\b", re.I)
_TRAIT_EN = re.compile(
    r"\b(?:buddhist|catholic|christian|muslim|jewish|hindu|sikh|atheist|agnostic|mormon|"
    r"aries|taurus|gemini|cancer|leo|virgo|libra|scorpio|sagittarius|capricorn|aquarius|pisces|"
    r"night owl|early bird|morning person|introvert|extrovert|alcoholic|teetotaler|teetotaller|swimmer|"
    r"fan|holder|subscriber|supporter|user|deaf)\b",
    re.I,
)
# A faith named where a name is read ("I'm Catholic" after "I'm <Name>").
_FAITH_EN = re.compile(
    r"^(?:Buddhist|Catholic|Christian|Muslim|Jewish|Hindu|Sikh|Atheist|Agnostic|Mormon|Protestant)$", re.I
)
# The kind of a workplace with no name, a bare place or a word of purpose is no employer.
_NOT_EMPLOYER_ZH = re.compile(
    r"^(?:小学|中学|大学|高中|初中|学校|幼儿园|医院|银行|公司|工厂|单位|魔都|帝都|为了.*|转行.*|教.*|用户.*|.*号|"
    # a person or a possessive ("我老公做饭", "小美是我儿子的干妈"), a way to work or a stage of school
    # ("坐地铁上班", "都在上小学"), a search ("在找工作")
    r".*我.*|.*的|坐.*|找.*|上(?:小学|中学|大学|高中|初中|幼儿园|学|班).*)$"
)
# A thing counted out ("开的是一辆比亚迪汉") is an object, not what one does for a living.
_COUNTED = re.compile(r"[一两几]?(?:辆|台|部|款|件|套)[^，。,.!！？?]{0,8}$")
# A preference named by its category ("周杰伦是我最喜欢的歌手"): the thing is the subject, not the category.
_CATEGORY_OF = r"(?:最喜欢|最爱)的"
# A taste verb read alone: its object was said first ("红酒我很爱喝").
_BARE_VERB = re.compile(r"^[吃喝听看玩用]$")
_KIN_WORDS = sorted({*RELATIVES_ZH, *REL_ZH}, key=len, reverse=True)
_KIN_ALT = "|".join(map(re.escape, _KIN_WORDS))


def kin_split(text: str, at: int) -> bool:
    """The value starting at `at` starts inside a kinship word ("我爱人不喜欢…": 爱 of 爱人 read as "love")."""
    for word in _KIN_WORDS:
        for cut in range(1, len(word)):
            if at - cut >= 0 and text.startswith(word, at - cut):
                return True
    return False


def _person_in(value: str) -> bool:
    """An allergen or drug value that holds a subject, a verb of having or a refusal (`_PERSON_ZH`)."""
    return bool(_PERSON_ZH.search(value) or _PERSON_EN.search(value))


def _place(kind: str, value: str) -> bool:
    """A city or hometown value that is no place."""
    if not re.search(r"[\u4e00-\u9fff]", value):
        return bool(_DATE_WORD_EN.match(value))
    return bool(_NOT_PLACE_ZH.match(value) or (_INSTITUTION.search(value) and kind == "city"))


# A place one went to or has been to is no city one lives in ("上周我去了杭州", "我去过成都"), unless the
# turn says one settled or works there ("我去了杭州工作"); 来了 / 搬去 name a move and stay.
_VISITED_ZH = re.compile(r"(?<![搬迁])(?:去了|去过|到过|玩了|逛了)\s*$")
_SETTLED_AFTER_ZH = re.compile(
    r"^\s*(?:工作|上班|打工|定居|生活|发展|读|念书|上学|安家|落户|住|当|做|教|租|以后|之后|后来|一直|再也)"
)


def _only_visited(text: str, value: str) -> bool:
    """Every mention of the city is a place gone to (我去了杭州, 上周去过杭州); one mention that is not
    ("我去年去了杭州，现在就住在杭州") or a visit followed by settling (去了杭州以后一直住) keeps it (review28)."""
    mentions = [m.start() for m in re.finditer(re.escape(value), text)]
    return bool(mentions) and all(
        _VISITED_ZH.search(text[:at]) and not _SETTLED_AFTER_ZH.match(text[at + len(value) :]) for at in mentions
    )


def implausible(kind: str, slots: dict[str, Any], text: str) -> bool:
    """The fact's value is no value of its field (module docstring)."""
    if kind == "profile":
        field, value = slots.get("field"), str(slots.get("value", ""))
        at = text.find(value)
        if field in ("city", "hometown"):
            return _place(str(field), value) or (field == "city" and at > 0 and _only_visited(text, value))
        if field == "job":
            before = text[:at] if at >= 0 else ""
            # "小雨是我干女儿", "我是小美儿子的干妈": a kinship, not a job; 全职妈妈 is a job
            kin = bool(re.fullmatch(rf"(?:.*的)?[干亲养继]?(?:{_KIN_ALT})", value))
            clause = re.split(r"[，。,;；!！？?]", before)[-1]
            return bool(
                _TRAIT_ZH.search(value)
                or _TRAIT_EN.search(value)
                or _NOT_OCCUPATION.search(value)
                or kin
                or _COUNTED.search(before)
                or _NOT_JOB_ZH.match(value)
                or _NOT_JOB_EN.match(value)
                or _NOT_JOB_PET_EN.match(value)
                or (at >= 0 and _FAN_AFTER_EN.match(text[at + len(value) :]))
                or _THING_SUBJECT_ZH.search(clause)
                or _THING_SUBJECT_EN.search(clause)
            )
        if field == "employer":
            exact_place = value in PLACES_ZH or re.sub(r"[市省县]$", "", value) in PLACES_ZH  # "上海电气" is a name
            return bool(_NOT_EMPLOYER_ZH.match(value) or exact_place)
        if field == "name":
            return bool(_FAITH_EN.match(value))
        return False
    if kind == "family_health":
        return any(_person_in(str(slots[k])) for k in ("allergen", "medication") if slots.get(k))
    if kind == "preference":
        item = str(slots.get("item", ""))
        at = text.find(item)
        if at > 0 and re.match(r"[\u4e00-\u9fff]", item) and kin_split(text, at):
            return True
        if _BARE_VERB.match(item) or re.match(r"(?:用户|user\b)", item, re.I):
            return True  # (the note's subject read as the thing liked: "用户完全接受不了香菜")
        return bool(re.search(rf"是(?:我|用户)(?:的)?{_CATEGORY_OF}{re.escape(item)}", text))
    return False
