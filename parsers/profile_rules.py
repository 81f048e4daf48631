"""Profile facts beyond name/job/city: age, diet, pet, device, birthday, employer, and the colloquial
shapes of job and city ("做产品的，坐标北京", "Software dev at Shopify"), several per turn.

Each extractor returns (position, Match) pairs so a turn's facts keep reading order. Values are
copied from the text; only `diet`, `age` (digits), `language` and birthdays (MM-DD) are
normalised, as the label format says. Nothing is guessed: a shape that does not match yields
nothing and the turn stays an episode.
"""

from __future__ import annotations

import re
from datetime import datetime

from parsers.en_clauses import clause_facts
from parsers.profile_base import CN as _CN
from parsers.profile_base import REL_EN, REL_ZH, Found, Match, relative_before
from parsers.profile_base import REL_EN_ALT as _REL_EN_ALT
from parsers.profile_base import REL_ZH_ALT as _REL_ZH_ALT
from parsers.profile_base import cn_int as _cn_int
from parsers.profile_base import en_int as _en_int
from parsers.profile_base import fact as _fact
from parsers.profile_families import family_profile_facts
from parsers.profile_places import cities as _cities
from parsers.profile_places import hometowns as _hometowns
from parsers.profile_places import looks_like_place as _looks_like_place
from parsers.profile_things import birthdays as _birthdays
from parsers.profile_things import devices as _devices
from parsers.profile_words import languages as _languages
from parsers.profile_words import names as _names
from parsers.work_rules import work_facts

__all__ = ["PET_WORDS_EN", "PET_WORDS_ZH", "REL_EN", "REL_ZH", "Found", "Match", "profile_facts", "relative_before"]


# "我今年 26，still young": a space after 今年 before the figure in a mixed turn (parse23)
_AGE_ZH = re.compile(
    rf"(?:(?P<who>{_REL_ZH_ALT}|我|本人|俺)(?:今年|现在|已经|都){{0,2}}(?:刚满|满|快)?|今年(?:刚满|满)?|刚满|刚过完?|过完了?|(?<=[，,]))(?:(?<=今年)\s+)?(?P<n>\d{{1,3}}|[{_CN}]{{1,4}})(?:周)?(?:岁|了|，|,|$|(?=在|住|老家|然后))"
)
_AGE_EN = re.compile(
    rf"\b(?:(?P<who>I|my\s+(?:{_REL_EN_ALT})|(?:mom|dad))(?:'m|'s| am| is| turned| just turned| will be| turns)\s+|I'm\s+\w+(?:\s+(?:btw|here|by the way))?,\s+|turned\s+)"
    r"(?P<n>\d{1,3}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-\w+)?|\w+teen|ten|eleven|twelve|"
    r"one|two|three|four|five|six|seven|eight|nine)"
    r"(?!\s*(?:am|pm|%|dollars|bucks|minutes|hours|days|kg|lbs|k\b|:|\.\d))(?:\s+(?:years?\s+old|this year|now))?\b",
    re.I,
)
_AGE_EN2 = re.compile(
    r"\b(?:a|an)\s+(?P<n>\d{1,3})[- ]year[- ]old\b|\b(?:i'?m|i am)\s+(?P<n2>\d{1,3})\s*(?:yrs?|years?|y/?o)\b|"
    # an age standing alone after the user's own clause: "I'm a retired firefighter, 67 years young"
    r"(?<=\bI'm\s)[^.;!?]{2,40}?,\s*(?P<n3>\d{2})\s+(?:years?|yrs?)\s+(?:old|young)\b|"
    # the birthday just had: "just celebrated my 30th birthday" (刚过完30岁生日)
    r"\b(?:celebrated|had|just had)\s+my\s+(?P<n4>\d{1,3})(?:st|nd|rd|th)\s+(?:birthday|bday)\b",
    re.I,
)


def _sentence_relative(text: str, pos: int) -> str | None:
    """The family member a Chinese sentence starts with, for a later clause with no subject of its
    own ("我女儿今年上初一，13岁了", "我妈下礼拜三过生日，六十大寿")."""
    sentence = re.split(r"[。！？!?]", text[:pos])[-1]
    head = re.match(rf"(?:我|俺)(?:家)?(?:的)?(?P<r>{_REL_ZH_ALT})|(?P<r2>{_REL_ZH_ALT})", sentence)
    if head is None:
        return None
    word = head.group("r") or head.group("r2")
    return REL_ZH[word] if head.group("r") or word not in {"妈", "爸"} else None


_BIG_BIRTHDAY_ZH = re.compile(rf"(?P<n>[{_CN}]{{2,3}}|\d{{2,3}})(?:岁)?大寿")


def _ages(text: str, lang: str) -> list[Found]:
    out: list[Found] = []
    for m in _BIG_BIRTHDAY_ZH.finditer(text) if lang != "en" else ():
        n = _cn_int(m.group("n"))
        if n and 40 <= n < 120:
            rel = relative_before(text, m.start(), "zh") or _sentence_relative(text, m.start())
            out.append((m.start(), _fact("age", str(n), rel)))
    if lang != "en":
        for m in _AGE_ZH.finditer(text):
            n = _cn_int(m.group("n"))
            tail = text[m.end("n") : m.end("n") + 2]
            if n is None or not 0 < n < 120 or re.match(r"[点号月日年块元万个次天]", tail):
                continue
            if re.match(r"在|住|老家|然后", tail) and "今年" not in m.group(0):
                continue  # a run-on "今年三十七在上海住" is an age; "我三个在上海" is not
            if not (re.match(r"周?岁", tail) or m.group("who") or "今年" in m.group(0)):
                continue
            rel = REL_ZH.get(m.group("who") or "")
            if not m.group("who"):
                if re.search(PET_WORDS_ZH, re.split(r"[。！？!?]", text[: m.start()])[-1]):
                    continue  # "家里有条金毛叫可乐，今年三岁了": the pet's age
                rel = _sentence_relative(text, m.start())
            out.append((m.start(), _fact("age", str(n), rel)))
    if lang != "zh":
        for m in list(_AGE_EN.finditer(text)) + list(_AGE_EN2.finditer(text)):
            n = _en_int(
                m.group("n") or m.groupdict().get("n2") or m.groupdict().get("n3") or m.groupdict().get("n4") or ""
            )
            clause = re.split(r"[,.;!?]", text[: m.start()])[-1]
            if re.search(rf"\b(?:{PET_WORDS_EN})s?\b", clause, re.I):
                continue  # "Our cat Luna just turned 3": the pet's age
            if n is None or not 0 < n < 120:
                continue
            who = (m.groupdict().get("who") or "").lower()
            if (
                n < 10
                and not (m.group("n") or m.group("n2") or "").isdigit()
                and not who.startswith(("my", "mom", "dad"))
            ):
                continue  # "I'm one of them": a small number word is an age only for a child named
            rel = relative_before(text, m.end(), "en") if who.startswith(("my", "mom", "dad")) else None
            out.append((m.start("n3") if m.groupdict().get("n3") else m.start(), _fact("age", str(n), rel)))
    return out


_DIETS = [
    ("vegan", r"全素|纯素|(?<![A-Za-z])vegan(?![A-Za-z])"),
    (
        "vegetarian",
        r"吃素|素食|不吃荤|(?<![A-Za-z])vegetarian(?![A-Za-z])|\bveggie\b|\b(?:don't|do not|never) eat (?:any )?meat\b",
    ),
    ("halal", r"清真|\bhalal\b"),
    ("kosher", r"\bkosher\b"),
    ("gluten-free", r"无麸质|\bgluten[- ]free\b"),
    ("lactose-free", r"无乳糖|\blactose[- ]free\b"),
    (
        "no pork",
        r"不吃猪肉|猪肉[^，。]{0,3}不吃|\b(?:don't|do not|never|no longer|can't|cannot)\s+eat\s+pork\b|\bno pork\b",
    ),
    (
        "no beef",
        r"不吃牛肉|牛肉[^，。]{0,4}不吃|\b(?:don't|do not|never|no longer|can't|cannot)\s+eat\s+beef\b|\bno beef\b",
    ),
]


# The speaker (or a relative) said to be of a diet right before its word, inside one clause: "can you
# recommend a place near me? I'm vegetarian", "有推荐的餐厅吗？我吃素". Such a diet is stated even in a
# turn that asks something.
_DIET_SAID = re.compile(
    r"(?:\b(?:i'm|im|i am|we're|we are|i've been|ive been|i have been|(?:he|she)'s|(?:he|she) is|(?:he|she|i) went|"
    r"my \w+(?:-in-law)? is|i'm now|i'm still)\s+(?:(?:a|an|fully|strictly|mostly|now|still|also|basically|"
    r"pretty much|\w+ly)\s+){0,2}|(?:我|俺|本人)(?:是|也是|一直|现在|平时|从小|也|都|只)*)$",
    re.I,
)


def _diet_said(text: str, at: int) -> bool:
    clause = re.split(r"[,;.!?，。；！？]", text[:at])[-1]
    return bool(_DIET_SAID.search(clause.lstrip()))


def _diets(text: str, lang: str) -> list[Found]:
    # "有没有素食餐厅？" asks, it does not state a diet
    asks = bool(re.search(r"吗|[?？]$|\b(?:is|are|any|what|which|recommend)\b.*\?", text))
    out: list[Found] = []
    for label, pattern in _DIETS:
        m = re.search(pattern, text, re.I)
        if m and asks and not _diet_said(text, m.start()) and not re.match(r"\s+here\b", text[m.end() :], re.I):
            continue  # "gluten free here - what pasta brands are decent?": "X here" is the speaker's
        if m and label == "no pork" and any(f[1][2]["value"] in {"halal", "kosher"} for f in out):
            continue  # "I only eat halal, so no pork": what the diet implies, not a second diet
        if m and not (label == "vegetarian" and any(f[1][2]["value"] == "vegan" for f in out)):
            out.append((m.start(), _fact("diet", label, relative_before(text, m.start(), lang))))
    return out


PET_WORDS_ZH = (
    "猫|狗|狗子|狗狗|猫咪|柯基|金毛|泰迪|哈士奇|布偶|英短|美短|仓鼠|兔子|鹦鹉|乌龟|柴犬|边牧|橘猫|比熊|博美|萨摩耶|"
    "拉布拉多|德牧|法斗|蜥蜴|金鱼|龙猫|刺猬|八哥"
)
PET_WORDS_EN = (
    "cat|dog|puppy|kitten|rabbit|bunny|parrot|hamster|turtle|beagle|golden retriever|labrador|lab|corgi|"
    "poodle|husky|bulldog|terrier|guinea pig|ferret|goldfish|fish|bird|tortoise|gecko|snake|bearded dragon|lizard|"
    "iguana|axolotl|hedgehog|chinchilla|cockatiel|budgie|parakeet|canary|pug|dachshund|chihuahua|shih tzu|"
    "german shepherd|retriever|spaniel|collie|border collie|schnauzer|maltese|greyhound|dalmatian|rat|mouse|pony|horse"
)
# How many pets: any count, not only the small ones ("养了五只兔子" is a pet as "养了两只兔子" is; a
# rule that read only 一/两/三 gave the two restatements different kinds, eighteenth round).
_PET_COUNT_ZH = r"(?:[一二两三四五六七八九十几]{1,3}|\d{1,2})"
_PET_COUNT_EN = "two|three|four|five|six|seven|eight|nine|ten|several|a couple of"
# The naming verb may open the next clause ("有一只柯基，名叫豆豆", "取名叫豆豆"): the name is the pet's, not
# the user's (the name rule after a comma read 豆豆 as the user's own name).
_PET_NAMED_ZH = re.compile(
    rf"(?:养了|有)?{_PET_COUNT_ZH}?(?:只|条|个)?[^，。]{{0,4}}?(?P<sp>{PET_WORDS_ZH}|(?i:{PET_WORDS_EN}))[^，。]{{0,3}}?[，,]?\s*(?:名字叫|名字是|(?:取|起)?名(?:字)?叫|叫)\s*(?P<v>[\u4e00-\u9fa5]{{1,4}}|[A-Za-z]{{2,12}})"
)
# "我们养了只小狗！柯基。孩子们给它取名叫豆豆": the naming a sentence after the pet
_PET_NAMED_LATER_ZH = re.compile(
    rf"(?P<sp>{PET_WORDS_ZH})[^；;]{{0,20}}?给(?:它|他|她)(?:取名|起名|取了个名字|起了个名字)(?:叫|为)?\s*(?P<v>[\u4e00-\u9fa5]{{1,4}}|[A-Za-z]{{2,12}})"
)
# "我家那只叫雪球的布偶猫": the name before the species
_PET_NAME_FIRST_ZH = re.compile(
    rf"(?:那|这|一)?(?:只|条)叫(?P<v>[\u4e00-\u9fa5]{{1,4}}?|[A-Za-z]{{2,12}})的[^，。]{{0,4}}?(?:{PET_WORDS_ZH})"
)
# "我和两只猫住在深圳": the pets the user lives with (species as written)
_PET_ZH = re.compile(rf"(?:养了|养着|养|有|(?<=我)[和跟]|带着){_PET_COUNT_ZH}?(?:只|条|个)(?P<v>{PET_WORDS_ZH})")
_PET_NAMED_EN = re.compile(
    rf"\b(?P<sp>{PET_WORDS_EN})s?\b[^.;!?]{{0,25}}?\b(?:named|called|(?:his|her|its|'s) name is)\s+(?P<v>[A-Z][a-z]+)|"
    # "with my cat, Mochi": the name may follow a comma
    rf"\b(?i:my|our)\s+(?P<sp2>{PET_WORDS_EN}),?\s+(?!(?:And|But|The|So|It|He|She|We|They|Oh|Who)\b)(?P<v2>[A-Z][a-z]+)\b|"
    # the pet, then a sentence or two later its naming: "we got a puppy!! a beagle. the kids named him Waffles"
    rf"\b(?P<sp3>{PET_WORDS_EN})s?\b[^;]{{0,50}}?\b(?:named|called)\s+(?:him|her|it)\s+(?P<v3>[A-Z][a-z]+)",
)
_PET_EN = re.compile(
    rf"\b(?:I|we)(?:'ve)?\s+(?:have|own|got|adopted|have got)\s+(?:a|an|{_PET_COUNT_EN}|\d+)\s+(?:\w+\s+)?(?P<v>(?:{PET_WORDS_EN})s?)\b",
    re.I,
)


# "I live in Denver with my two dogs": the pets the user lives with (species as written), as 我和两只猫住在深圳
_PET_WITH_EN = re.compile(
    rf"\b(?:I|we)\s+(?:live|am living|'m living|are living)\b[^.;!?]{{0,40}}?\bwith\s+(?:my|our)\s+"
    rf"(?:(?:two|three|four|\d+)\s+)?(?P<v>(?:{PET_WORDS_EN})s?)\b",
    re.I,
)


# Several pets named one by one ("两只猫，一只叫橘子一只叫可乐"; "two cats named Luna and Milo"): each
# name is a pet fact, as a single named pet is.
_EACH_NAMED_ZH = re.compile(
    r"(?:另外?一|一|大的|小的|老大|老二|老三)(?:只|条|个)?(?:叫|名字叫)(?P<v>[\u4e00-\u9fa5]{1,4}?|[A-Za-z]{2,12})"
    r"(?=另|一[只条个]?叫|[，,。！!、；;和]|$)"
)
_AND_NAMED_EN = re.compile(r"^,?\s+and\s+(?:the other(?: one)?(?: is)?(?: (?:called|named))?\s+)?(?P<v>[A-Z][a-z]+)\b")


# What follows a naming verb but names nothing: a particle, a negation, a pronoun, a question word or a
# duration ("起名叫了好久", "名叫不出来", "名字叫什么还没想好"); the pet is then the species, as before the
# naming was read (parsers/profile_families.py's _NOT_NAME_ZH guards a relative's name the same way).
_NOT_PET_NAME_ZH = re.compile(
    r"^(?:了(?!了)|不|没|别|我|你|他|她|它|什么|啥|谁|怎么|哪|好久|很久|半天|多久|一会)|"
    r"[吗呢吧啊]|出来|起来|不出|不好|不了|半天|好久|很久"
)


def _pets(text: str, lang: str) -> list[Found]:
    if re.search(r"不养|没养|no longer have|don't have a", text, re.I):
        return []
    for pattern in (_PET_NAMED_ZH, _PET_NAMED_LATER_ZH, _PET_NAME_FIRST_ZH, _PET_ZH) if lang != "en" else ():
        m = pattern.search(text)
        if m and pattern is not _PET_ZH and _NOT_PET_NAME_ZH.search(m.group("v")):
            continue  # "我有一只狗，起名叫了好久": no name; the species rule below reads the pet
        if m:
            each = [(n.start("v"), _fact("pet", n.group("v"))) for n in _EACH_NAMED_ZH.finditer(text, m.start())]
            name = _strip_zh(m.group("v")) or m.group("v")  # a name of particles ("了了") stays whole
            return each if len(each) > 1 else [(m.start(), _fact("pet", name))]
    for pattern in (_PET_NAMED_EN, _PET_EN, _PET_WITH_EN) if lang != "zh" else ():
        m = pattern.search(text)
        if m:
            found = [(m.start(), _fact("pet", m.group("v") or m.group("v2") or m.group("v3")))]
            more = _AND_NAMED_EN.match(text[m.end() :]) if pattern is _PET_NAMED_EN and m.group("v") else None
            return found + ([(m.end() + more.start("v"), _fact("pet", more.group("v")))] if more else [])
    return []


def _strip_zh(value: str) -> str:
    return re.sub(r"(?:就行|就好)$", "", value).strip(" ，。,.!！?？的了吧呀啊哦呢")


_COMPANY = r"[A-Z][\w&.-]*(?:'s)?(?:\s+(?:&\s+)?[A-Z][\w&.-]*(?:'s)?){0,3}"
_EMPLOYER_ZH = re.compile(
    # 再 for 在 and 上斑 for 上班 are typos writers make ("我再字节上班", "在宁德时代上斑")
    r"(?:在|(?<=我)再|是|于)\s*(?P<v>[\u4e00-\u9fa5A-Za-z]{2,6}?|[A-Za-z][A-Za-z&.-]{1,20})\s*(?:上班|上斑|工作|打工|混日子|实习|做|当|干|的(?=[\u4e00-\u9fa5]{0,6}(?:师|员|经理|工程|骑手|总监|主管|客服)))|公司叫(?P<v2>[\u4e00-\u9fa5A-Za-z]{2,8})"
)
_EMPLOYER_EN = re.compile(
    rf"\b(?:(?:work|wokr|wrok|wrk)(?:s|ing)?\s+(?:at|for)|(?i:my employer is)|been\s+with|(?:I'm|I am)\s+(?:now\s+)?(?:starting|started)\s+at|started\s+at|(?:I'm|I am)\s+at(?=\s+{_COMPANY}\s+now\b)|employed\s+by|job\s+at|(?:dev|developer|engineer|designer|manager|analyst|intern|lead)\s+at|wrk\s+at|"
    rf"(?:I'm|I am|i'm|im|he's|she's)\s+(?:a|an)\s+(?:[a-z-]+\s+){{0,3}}?at)\s+(?P<v>the\s+[a-z]+(?:\s+[a-z]+)?|(?:the\s+)?{_COMPANY}|[a-z]{{3,}})"
)
_NOT_ORG = {
    "家",
    "家里",
    "这里",
    "那里",
    "公司",
    "一家",
    "学校",
    "医院",
    "一家公司",
    "外企",
    "国企",
    "小公司",
    "大厂",
    "家上班",
    # a place of work that names no employer ("在工地干了两年")
    "工地",
    "工地上",
    "车间",
    "店里",
}


# An organisation named by its kind after 在 or a job change ("我是一名护士，在协和医院", "跳槽去了阿里")
_ORG_ZH = re.compile(
    r"(?:(?<![现实存正])在|跳槽(?:去了|到了|去|到)|入职了?|加入了?)\s*(?P<v>[\u4e00-\u9fa5A-Za-z]{2,10}?"
    r"(?:医院|公司|银行|集团|研究所|事务所|律所|工厂|学校|中学|小学|大学)|[\u4e00-\u9fa5A-Za-z]{2,6}(?=[，。,.!！]|$))"
    r"(?=[，。,.!！]|$|上班|工作|做|当)"
)


def _employers(text: str, lang: str) -> list[Found]:
    out: list[Found] = []
    if lang != "en":
        for m in _ORG_ZH.finditer(text):
            v = m.group("v")
            bare_tail = not re.search(r"(?:医院|公司|银行|集团|研究所|事务所|律所|工厂|学校|中学|小学|大学)$", v)
            if bare_tail and not m.group(0).startswith(("跳槽", "入职", "加入")):
                continue  # "在北京": a bare name after 在 is a place, not an employer
            if _looks_like_place(v) or v in _NOT_ORG or re.match(r"[一某这那]|家|小|大", v):
                continue  # "在一家游戏公司": a kind of company, no name
            rel = relative_before(text, m.start(), "zh") or _sentence_relative(text, m.start())
            out.append((m.start("v"), _fact("employer", v, rel)))
        for m in _EMPLOYER_ZH.finditer(text):
            v = (m.group("v") or m.group("v2") or "").lstrip("在")
            if not v or v in _NOT_ORG or v.startswith(("一家", "一所", "一个", "家", "读")) or _looks_like_place(v):
                continue
            if re.search(r"[市省区县]$", v):
                continue
            rel = relative_before(text, m.start(), "zh")
            out.append((m.start(), _fact("employer", v, rel)))
            break
    if lang != "zh":
        emp = _EMPLOYER_EN.search(text)
        if emp and emp.group("v").lower() not in {"home", "a", "an", "the", "night"}:
            v = re.sub(r"\s+(?:for|as|in|since|and)$", "", emp.group("v")).rstrip(".")
            v = re.sub(r"^the\s+(?=[A-Z])", "", v)
            rel = relative_before(text, emp.start(), "en")
            out.append((emp.start("v"), _fact("employer", v, rel)))
            # "at Shopify as a product designer": the role said after the employer is the job
            role = re.match(
                r",?\s+as\s+(?:a|an)\s+(?P<j>(?:[a-z]+\s+){0,2}[a-z]+)(?=[,.;!?]|$|\s+(?:and|which|in|at|for|since|now)\b)",
                text[emp.start("v") + len(v) :],
            )
            if role:
                out.append((emp.start("v") + len(v), _fact("job", role.group("j"), rel, 0.8)))
    return out


_JOB_ZH = re.compile(
    rf"(?P<t>(?:我|俺|本人|{_REL_ZH_ALT})(?:也|现在|目前|以前)?(?:是(?:一名|一个|个)?|做|当|干|搞)|(?:我的)?职业是(?:一名|一个|个)?|(?:^|[，,])(?:做|干|搞|本人|在读|是(?:一名|一个|个)?)|在[^，。,]{{1,12}}?(?:做|当|干|搞|教)|(?:是|在)[^，。,]{{2,8}}?的)"
    r"(?P<v>[\u4e00-\u9fa5A-Za-z]{1,8}?)(?:的(?=[，,。]|$|，)|(?=[，,。]|$))"
)
_JOB_EN = re.compile(
    r"\b(?:I'm|I am|i'm|im|Im)\s+(?:a|an)\s+(?P<v>(?:\d+[- ]year[- ]old\s+)?(?:[a-z]+\s+){0,3}?[a-z]+?)(?=\s+(?:in|at|for|from|lol|and|who|by|btw|tbh|now|here|based|out|downtown|these|lately)\b|[,.;!?]|$)",
    re.I,
)
_NOT_JOB = re.compile(
    r"人$|^(?:了|这|那|什么|好|不|没|我|你|很|挺|有|在|个|的|只|条|一|两|嗯|啊|哦|呃|额)|就这些|"
    # a sum or a clock time after 是 ("是八千", "是下午四点") is no job
    r"^[二三四五六七八九十百千万几]|[千万点]$|[吗呢吧啊]|回族|东北|患者|学生会|不是|语$|话$|素$|清真|错|"
    r"周[一二三四五六日天末]|星期|礼拜|穆斯林|基督|佛教|素食|饮食|东西|天$|号$|vegan|vegetarian|keto|"
    # a piece of work done, not the job ("在公司做PPT")
    r"^(?i:ppt|excel|ps|demo|report|slides?|deck|project|presentation|homework|ddl|pre)$"
)


def _jobs(text: str, lang: str) -> list[Found]:
    out: list[Found] = []
    if lang != "en":
        for m in _JOB_ZH.finditer(text):
            v = m.group("v")
            if _NOT_JOB.search(v) or (len(v) < 2 and not v.isascii()) or _looks_like_place(v) or re.search(r"\d", v):
                continue
            if re.search(
                r"吃|喝|住|去|来|买|看|玩|饭|菜|觉|梦|(?<!人)事|题|决定|准备|打算|想|要|会(?!计)|能|病|药|过敏|岁|受不了|不了|敢",
                v,
            ):
                continue
            clause_start = max((c.end() for c in re.finditer(r"[，。,.!！？?；;]", text[: m.start("v")])), default=0)
            if re.search(r"喜欢|爱|讨厌|用|不是|生日", text[max(clause_start, m.start() - 12) : m.start("v")]):
                continue
            if m.group("t").endswith("是") and re.match(r"[做干搞][\u4e00-\u9fa5A-Za-z]{2,}", v):
                v = v[1:]  # "我是做测试的" -> 测试, "我是干外卖的" -> 外卖
            start = m.start("v")
            if m.group("t").endswith("教") and re.fullmatch(r"[\u4e00-\u9fa5]{2,4}", v):
                v, start = "教" + v, start - 1  # "我在高中教化学": what one does is teaching it (as 教书)
            rel = relative_before(text, start, "zh")
            out.append((start, _fact("job", v, rel, 0.8)))
    if lang != "zh":
        for m in _JOB_EN.finditer(text):
            v = re.sub(r"^\d+[- ]year[- ]old\s+", "", m.group("v").strip())
            if re.search(
                r"\b(?:bit|little|lot|fan|big|huge|person|guy|girl|year|vegetarian|vegan|new|first|huge)\b", v, re.I
            ):
                continue
            out.append((m.start("v"), _fact("job", v, None, 0.8)))
        rel_job = re.search(
            rf"\bmy\s+(?P<r>{_REL_EN_ALT})(?:'s| is)\s+(?:a|an)\s+(?P<v>[a-z]+(?:\s+[a-z]+)?)(?=\s+(?:at|in|for)\b|[,.;!?]|$)",
            text,
            re.I,
        )
        if rel_job:
            out.append((rel_job.start("v"), _fact("job", rel_job.group("v"), REL_EN[rel_job.group("r").lower()], 0.8)))
    return out


def profile_facts(text: str, lang: str, now: datetime) -> list[Found]:
    """Every profile fact the turn states, with its position; one per (field, relative, value)."""
    found = (
        _names(text)
        + _ages(text, lang)
        + _diets(text, lang)
        + _pets(text, lang)
        + _devices(text, lang)
        + _birthdays(text, lang, now)
        + _employers(text, lang)
        + _cities(text, lang)
        + _hometowns(text, lang)
        + _languages(text, lang)
        + _jobs(text, lang)
        + work_facts(text, lang)
        + family_profile_facts(text, lang)
        + clause_facts(text, lang)
    )
    seen: set[tuple[str, str, str]] = set()
    out: list[Found] = []
    for pos, match in sorted(found, key=lambda f: f[0]):
        slots = match[2]
        if slots["field"] == "job" and re.search(r"[\u4e00-\u9fa5]{2}[的滴]$", str(slots["value"])):
            slots["value"] = str(slots["value"])[:-1]  # "做销售滴", "做后端开发的": the job without the particle
        key = (slots["field"], str(slots.get("relative")), str(slots["value"]).lower())
        if key in seen or any(
            str(slots["value"]) in str(o[1][2]["value"])
            and o[1][2]["field"] in {slots["field"], "employer", "city"}
            and o[1][2].get("relative") == slots.get("relative")
            for o in out
            if slots["field"] in {"job", "name"}
        ):
            continue
        seen.add(key)
        out.append((pos, match))
    if not re.search(r"\b(?:I|I'm|I've|me|Me|we|We)\b|[我俺]", text):
        # "My husband works at Deloitte as an auditor": no clause is about the user, so a reading
        # without the relative is the relative's fact read twice
        told = {(o[1][2]["field"], str(o[1][2]["value"]).lower()) for o in out if o[1][2].get("relative")}
        out = [
            o for o in out if o[1][2].get("relative") or (o[1][2]["field"], str(o[1][2]["value"]).lower()) not in told
        ]
    return out
