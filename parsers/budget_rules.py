"""Budgets: how much, in which currency, which bound, for what.

Users state a limit in many shapes: 最多花八千 / 不能超过六千 / 别超过800 / 至少得一千 / 3k到4k都可以 /
上限两千 / "under £1200 a month" / "no more than $25k" / "shouldn't cost more than 800 CAD" /
"a minimum of $2000" / "$900 tops". The money reader here finds the number (digits, 3k, 1.2万,
Chinese numerals), its currency (symbol or word, 日元, 港币, CAD, 刀) and the bound word around it;
a sum called a budget with no bound word is a ceiling (the first labelled sets), any other sum with
none (a rent paid, a sum put in) is `exact` (docs/parser_labels.md: `max` only with a ceiling word). Every value
is the text's number or a normalisation of its words; a number with no money cue is no amount.
Split from parsers/rules.py.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

import cn2an

from parsers.model import EntityRef

__all__ = ["BUDGET_CUE", "Money", "budget_facts", "categories_named", "find_money", "trip_budget"]

Match = tuple[str, float, dict[str, Any], list[EntityRef]]


@dataclass(frozen=True)
class Money:
    value: float
    currency: str | None  # None: no currency written (the caller's default applies)
    bound: str | None  # max / min / exact; None: no bound word
    start: int
    end: int


_CN = "零〇一二两三四五六七八九十百千万"
_NUM = rf"(?P<num>\d[\d,]*(?:\.\d+)?|[{_CN}]+(?:点[{_CN}]+)?)"
_MULT = r"(?P<mult>[kK](?![a-zA-Z])|[wW](?![a-zA-Z])|万|千|\s(?i:grand)\b)?"
_CUR_BEFORE = r"(?P<cur1>[$¥£€]|US\$|HK\$|C\$|A\$|(?i:usd|rmb|cny|eur|gbp|cad|hkd|jpy|aud|inr|sgd|nzd)\s?)?"
# Another country's dollar named in words ("700 Canadian dollars"), sterling as "quid", rupees: the
# retired writers' sets name them in three sets (blind6, blind7, blind12) and the dollar read USD.
_DOLLAR_OF = r"(?:canadian|australian|aussie|singapore|hong kong|new zealand|nz)\s+dollars?"
_CUR_AFTER = (
    r"\s?(?P<cur2>块钱|块|元|人民币|美元|美金|刀|港币|港元|日元|欧元|英镑|加币|澳元|澳币|卢比|新币|"
    rf"(?i:{_DOLLAR_OF}|dollars|bucks|usd|yuan|rmb|cny|euros?|eur|pounds|quid|rupees?|gbp|cad|hkd|jpy|aud|inr|sgd|nzd|"
    r"yen)(?![a-zA-Z]))?"
)
_AMOUNT = re.compile(_CUR_BEFORE + _NUM + _MULT + _CUR_AFTER)
_CURRENCY = {
    # the longer names first: the fallback below reads the first word the text holds
    "canadian dollars": "CAD", "canadian dollar": "CAD", "australian dollars": "AUD", "australian dollar": "AUD",
    "aussie dollars": "AUD", "singapore dollars": "SGD", "hong kong dollars": "HKD", "new zealand dollars": "NZD",
    "nz dollars": "NZD", "quid": "GBP", "rupees": "INR", "rupee": "INR", "inr": "INR", "aud": "AUD", "a$": "AUD",
    "sgd": "SGD", "nzd": "NZD", "澳元": "AUD", "澳币": "AUD", "卢比": "INR", "新币": "SGD",
    "$": "USD", "us$": "USD", "usd": "USD", "dollars": "USD", "bucks": "USD", "美元": "USD", "美金": "USD",
    "刀": "USD", "¥": "CNY", "rmb": "CNY", "cny": "CNY", "yuan": "CNY", "元": "CNY", "块": "CNY",
    "块钱": "CNY", "人民币": "CNY", "€": "EUR", "eur": "EUR", "euro": "EUR", "euros": "EUR", "欧元": "EUR",
    "£": "GBP", "gbp": "GBP", "pounds": "GBP", "英镑": "GBP", "cad": "CAD", "c$": "CAD", "加币": "CAD",
    "hkd": "HKD", "hk$": "HKD", "港币": "HKD", "港元": "HKD", "jpy": "JPY", "yen": "JPY", "日元": "JPY",
}  # fmt: skip
# Bound words just before the number (a few words may sit between: 最多能出, 不能超过, "no more than").
_BEFORE_MAX = re.compile(
    r"(?:最多|最高|顶多|不超过|不能超过|别超过|不要超过|不得超过|不超|不高于|低于|少于|上限|控制在|卡死在|以内|"
    r"\b(?:under|below|less than|at most|no more than|not more than|up to|max(?:imum)?|tops|nothing over|"
    r"more than|go above|go over|exceed|within|cap(?:ped|ping)?(?: it| that| this)? at|"
    r"keep [\w ]{0,30}? (?:under|to(?! about| around| roughly))|"
    r"be (?:over|above|more than)|ceiling (?:is|of)|nothing more than)\b|(?:总共|一共|总共也)就|只有)"
    r"[^\d，。,;.!?]{0,8}$",
    re.I,
)
_BEFORE_MIN = re.compile(
    r"(?:至少|最少|起码|不低于|不少于|\b(?:at least|a minimum of|minimum|min|no less than)\b)[^\d，。,;.!?]{0,8}$", re.I
)
_BEFORE_EXACT = re.compile(r"(?:正好|刚好|恰好|拿出|\b(?:exactly|putting|precisely)\b)[^\d，。,;.!?]{0,8}$", re.I)
_BUDGET_WORD = re.compile(r"预算|(?<![A-Za-z])budget", re.I)
# "只有" / "总共就" say a sum is small ("only"): of a budget or a trip's money it is the most there is to
# spend ("这个月的预算只有两千", "这趟旅行总共就五千港币"), of a sum paid (a rent, a loan's instalment, a wage)
# it is that sum ("我房租只有1500": `exact`).
_ONLY_ZH = re.compile(r"(?:总共|一共|总共也)就|只有")
_PAID_ZH = re.compile(r"房租|月租|租金|房贷|月供|车贷|工资|月薪|年薪|薪水|收入|学费|物业费")
# "约为2000元", "差不多是30万": the approximating word may take its verb; "~30,000", "～5000": a tilde before a
# sum with no number before it (between two numbers it is a range, read by `_range`).
_APPROX_BEFORE = re.compile(
    r"(?:(?:大概|大约|约|差不多)(?:为|是|在|有)?|\b(?:around|about|roughly|approximately|approx|like)\b|"
    r"(?<![\d\s])\s?[~～]|(?:^|(?<=\s))[~～])\s?[$¥£€]?\s?$",
    re.I,
)
_APPROX_AFTER = re.compile(r"^\s?(?:左右|上下|(?i:or so|ish)\b)")
# the ceiling word may follow the sum's period: "400 bucks a month max"
_AFTER_MAX = re.compile(
    r"^\s?(?:(?i:(?:a|per|each|every|/)\s*(?:month|week|night|day|year)\s+))?"
    r"(?:以内|以下|之内|封顶|(?i:tops|max|or less|at most|at the most)\b)"
)
_AFTER_MIN = re.compile(r"^\s?(?:以上|起步|起|(?i:minimum|or more|at least|and up)\b)")
# "more than" only bounds from above when it is negated ("can't spend more than", "shouldn't cost more than").
# "don't want to spend more than $60", "can't be over $15,000", "nothing more than $15k".
_NEGATED_MORE = re.compile(r"(?:n't|not|never|no|nothing)\s+(?:\w+\s+){0,3}(?:more than|above|over)\s*$", re.I)
BUDGET_CUE = re.compile(
    r"预算|花费|(?:\d|[一二两三四五六七八九十百千万])\s*(?:块钱?|元|万|千)?\s*(?:以内|之内)|最多花|最多能|控制在|不超过|不能超过|别超过|上限|报销|至少得?|(?:能|可以)?接受|(?<![A-Za-z])budget(?![A-Za-z])|\bspend(?:ing)?\b|"
    r"\bcost\b|\bafford\b|\b(?:can|could) do up to\b|\bup to\b|\bunder\b|\bno more than\b|\bmax\b|\btops\b|"
    r"\bnothing (?:over|above|more than)\b|\bcap(?:ping|ped)?\s+(?:it|that|this|things|everything)?\s*at\b|"
    r"\bat least\b|\ba minimum of\b|\bgo above\b|\blooking at\b.{0,30}\b(?:around|about)\b|"
    r"\b(?:around|about|roughly)\s+[$£€]?\d[\d,.]*\s?(?:k|grand|bucks|dollars|euros|pounds)\b|"
    r"\bput(?:ting)?\b.{0,12}\binto\b|\bis fine\b|都可以|都行",
    re.I,
)
_RANGE = re.compile(r"(?:到|至|~|～|-|–|\bto\b|\band\b)\s?$", re.I)
# Categories, most specific first: a train word before 车, "phone" before "call".
_CATEGORIES: list[tuple[str, str]] = [
    (r"高铁|火车|动车|\btrains?\b", "train"),
    (r"机票|航班|\bflights?\b|\bairfare\b|\bplane tickets?\b", "flight"),
    (r"酒店|住宿|住的|民宿|\bhotels?\b|\bairbnb\b|\blodging\b", "hotel"),
    # rent, renovation and a wedding are categories of their own (docs/parser_labels.md), housing the rest
    # a rent paid is rent too ("我租的房子月租4500元"); 月租 is any monthly fee (a phone plan's, broadband's),
    # rent only of a home (`_monthly_rent`)
    (r"房租|租房|租金|租的(?:房|公寓|屋)|月租|\brent\b|\brental\b", "rent"),
    (r"装修|翻新|\brenovat\w*|\bremodel\w*|\b(?:redo|redoing|doing) the (?:kitchen|bathroom)", "renovation"),
    (r"婚礼|婚宴|办婚|结婚|\bwedding\b", "wedding"),
    # a deposit on a home is buying it ("house deposit", "deposit on a house": blind6, blind12)
    (r"房子|首付|买房|\bapartment\b|\bhousing\b|\bmortgage\b|\bdown payment\b|\b(?:house|home) deposit\b|"
     r"\bdeposit (?:on|for) (?:a|the|our|my) (?:house|home)\b", "housing"),
    (r"理财|基金|股票|投资|\binvest\w*\b|\bindex funds?\b|\bstocks?\b|\bsavings?\b", "investment"),
    # the thing bought before what it is for: "a laptop for school" is electronics
    # a device named by its brand inside a Chinese turn ("买 iPad 最多 4000", "MacBook 的预算": blind10, blind12)
    (r"手机|电脑|笔记本|相机|平板|耳机|\b(?:phones?|laptops?|computers?|camera|tablet|headphones|tv)\b|"
     r"\b(?:iphone|ipad|macbook|imac|airpods|kindle|thinkpad|ps5|xbox)\w*", "electronics"),
    (r"兴趣班|学费|补习|培训|辅导|家教|课程|[\u4e00-\u9fa5]课|"
     r"\b(?:tuition|tutoring|tutors?|camp|school|courses?|lessons?)\b", "education"),
    (r"买车|车子|新车|汽车|\bcars?\b", "car"),
    (r"礼物|\bgifts?\b|\bpresents?\b|给[^，。,]{1,6}买", "gift"),
    (r"吃饭|餐|外卖|伙食|买菜|\b(?:food|groceries|grocery|dinner|lunch|coffee|meals?|restaurants?)\b|"
     r"\b(?:eating out|dining out|takeout|takeaway)\b", "food"),
    (r"旅行|旅游|出游|这趟|\btrip\b|\btravel\b|\bvacation\b|\bholiday\b|\bleg\b", "travel"),
]  # fmt: skip
# English words next to Chinese ("买laptop", "budget最多") have no \b there: a Latin-letter edge instead
_LATIN_EDGE = r"(?:(?<![A-Za-z])(?=[A-Za-z])|(?<=[A-Za-z])(?![A-Za-z]))"
_CATEGORY = [(re.compile(p.replace(r"\b", _LATIN_EDGE), re.I), c) for p, c in _CATEGORIES]


def _number(num: str, mult: str | None) -> float | None:
    try:
        value = float(num.replace(",", "")) if num[0].isdigit() else float(cn2an.cn2an(num, "smart"))
    except (ValueError, KeyError, IndexError):
        return None
    factor = {"k": 1_000, "w": 10_000, "万": 10_000, "千": 1_000, "grand": 1_000}.get((mult or "").strip().lower(), 1)
    return value * factor


def _bound(text: str, start: int, end: int) -> str | None:
    before, after = text[max(0, start - 32) : start], text[end : end + 16]
    if _BEFORE_EXACT.search(before):
        return "exact"
    if _BEFORE_MIN.search(before) or _AFTER_MIN.search(after):
        return "min"
    m = _BEFORE_MAX.search(before)
    if m and _ONLY_ZH.match(m.group(0)):
        clause = re.split(r"[，,。;；!！?？]", before[: m.start()])[-1]
        if _PAID_ZH.search(clause) and not _BUDGET_WORD.search(clause):
            return "exact"
    if m and (
        not re.match(r"more than|go above|go over|exceed|be (?:over|above|more)", m.group(0), re.I)
        or _NEGATED_MORE.search(before)
    ):
        return "max"
    if _AFTER_MAX.search(after) or re.search(r"(?:\bunder\b|\bup to\b)[^\d]{0,6}$", before, re.I):
        return "max"
    if _APPROX_BEFORE.search(before) or _APPROX_AFTER.search(after):
        # "around $150" for a gift, "预算500左右" for headphones: a sum named roughly is the sum aimed at,
        # not a ceiling. Every writer since the third retired set labels it so, budget word or not (the
        # first sets read a ceiling when 预算 / "budget" stood by; an explicit ceiling still wins above)
        return "exact"
    return None


def find_money(text: str) -> list[Money]:
    """Money-like numbers: a currency, a multiplier (3k, 1.2万) or a bound word must stand by the
    number; "6月28号", "3rd grade" or "8 years" are never amounts."""
    out: list[Money] = []
    for m in _AMOUNT.finditer(text):
        num, mult = m.group("num"), m.group("mult")
        if not num or (not num[0].isdigit() and len(num) == 1 and not (mult or m.group("cur2"))):
            continue  # a lone 一/两 is a count
        after = text[m.end() : m.end() + 2]
        if len(num) > 1 and num.endswith("一") and re.match(r"个月|年|晚|天|周|个人", after):
            num, after = num[:-1], "一" + after[:1]  # "三千五一个月": 3500 a month, not 35001 months
        if re.match(r"\s?(?:月|号|日|点|岁|年|天|个|次|人|星期|周|:|：|%|st\b|nd\b|rd\b|th\b)", after) or re.match(
            r"\s?(?:am|pm|years?|days?|weeks?|months?|nights?|hours?|people|kids?|times|%)\b", text[m.end() :], re.I
        ):
            continue
        cur = re.sub(r"\s+", " ", (m.group("cur1") or m.group("cur2") or "").strip().lower())
        cur = "euros" if cur == "euro" else cur
        value = _number(num, mult)
        if value is None or value <= 0:
            continue
        bound = _bound(text, m.start(), m.end())
        if not (cur or mult or bound) and not re.search(
            r"预算|budget|花|spend|cost", text[max(0, m.start() - 12) : m.start()], re.I
        ):
            continue
        out.append(Money(value, _CURRENCY.get(cur), bound, m.start(), m.end()))
    return out


def _currency(money: Money, text: str, lang: str) -> str:
    if money.currency:
        if money.currency == "CNY" and "¥" in text and re.search(r"日本|东京|大阪|japan|tokyo|osaka|kyoto", text, re.I):
            return "JPY"  # ¥ is also the yen sign
        return money.currency
    for word, code in _CURRENCY.items():
        if len(word) > 1 and re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", text, re.I):
            return code  # "groceries budget is like 400 a week, dollars"
    return "USD" if lang == "en" else "CNY"


# What may stand before a bare 月租 that is still the rent: the owner or a time, no other thing
# ("月租最多4500元", "我现在月租3000"; not "我的电话月租50元").
_RENT_OWNER_ZH = re.compile(r"^\s*(?:我们?|用户|俺)?(?:家)?(?:的)?(?:现在|目前|每个?月)?(?:的)?\s*$")


def _monthly_rent(text: str, at: int) -> bool:
    """月租 is a home's rent when a home is named, or when nothing else is named as what it is paid for."""
    clause = re.split(r"[，,。;；!！?？]", text[:at])[-1]
    # the home right before it ("房子月租3000", "公寓的月租"), not a home anywhere in the text
    # ("车位月租800元，房子是自己买的": a parking space's fee)
    return bool(re.search(r"(?:房子?|公寓|屋子?|住的地方)(?:的)?$", clause) or _RENT_OWNER_ZH.match(clause))


def _category(text: str) -> tuple[str, str]:
    for pattern, cat in _CATEGORY:
        m = pattern.search(text)
        if m and m.group(0) == "月租" and not _monthly_rent(text, m.start()):
            continue  # "我的电话月租50元": a monthly fee of something else is no rent
        if m:
            return cat, m.group(0)
    return "general", "总体" if re.search(r"[\u4e00-\u9fff]", text) else "general"


def categories_named(text: str) -> frozenset[str]:
    """Every category a word of `text` names, not only the first `_category` picks: "saving $300 for
    a new car" names investment (saving) and car (the dedup slot check, mal/dedup_slots22.py)."""
    return frozenset(cat for pattern, cat in _CATEGORY if pattern.search(text))


def _range(text: str, found: list[Money]) -> list[Money]:
    """ "3k到4k都可以", "between $50 and $80": the ceiling first, then the floor."""
    for a, b in itertools.pairwise(found):
        if a.value < b.value and _RANGE.search(text[a.end : b.start]):
            currency = b.currency or a.currency
            return [Money(b.value, currency, "max", b.start, b.end), Money(a.value, currency, "min", a.start, a.end)]
    return []


# 只有 / 总共就 after a sum paid that is no budget of the user's now: someone else's ("我朋友的房租只有1500",
# "我们公司的月租只有20000"), a former one ("我以前房租只有1500", "房租原来只有1500") or a wage ("我工资只有5000").
_OTHERS_ZH = re.compile(r"朋友|同事|同学|室友|舍友|邻居|别人|人家|他|她|公司|单位|亲戚|哥|姐|弟|妹|爸|妈|父|母")
_FORMER_ZH = re.compile(r"以前|原来|原先|之前|过去|以往|当年|那时|曾经|本来|从前")
_WAGE_ZH = re.compile(r"工资|月薪|年薪|薪水|收入")


def _no_budget(text: str, money: Money) -> bool:
    """A sum that 只有 / 总共就 describes as paid, not budgeted, and that is no current sum of the user's
    own home or spending (`_OTHERS_ZH`, `_FORMER_ZH`, `_WAGE_ZH`): no budget (parse20b read each as one)."""
    before = text[: money.start]
    only = _ONLY_ZH.search(before[-12:])
    clause = re.split(r"[，,。;；!！?？]", before)[-1]
    if not only or _BUDGET_WORD.search(clause) or not _PAID_ZH.search(clause):
        return False
    return bool(_OTHERS_ZH.search(clause) or _FORMER_ZH.search(clause) or _WAGE_ZH.search(clause))


def budget_facts(text: str, lang: str, cued: bool = False) -> list[Match]:
    """Budget facts of a turn (two for a range). Needs a budget cue unless the learned layer cued it."""
    if not cued and not BUDGET_CUE.search(text):
        return []
    found = [money for money in find_money(text) if not _no_budget(text, money)]
    if not found:
        return []
    if not cued and (several := _each(text, found)):
        return [_fact(money, text, lang, category, word) for money, category, word in several]
    picks = _range(text, found) or [max(found, key=lambda x: (x.bound is not None, x.value))]
    category, category_text = _category(text)
    return [_fact(money, text, lang, category, category_text) for money in picks]


def _each(text: str, found: list[Money]) -> list[tuple[Money, str, str]]:
    """ "房租最多3000，吃饭控制在1000以内", "rent is capped at $2,000 and I keep groceries under $400":
    limits of different things, each with its own bound, clause and category, are budgets of their own."""
    if len(found) < 2 or _range(text, found) or any(m.bound is None for m in found):
        return []
    out: list[tuple[Money, str, str]] = []
    for i, money in enumerate(found):
        start = found[i - 1].end if i else 0
        if i and not re.search(r"[，,;；。]|\band\b|\bbut\b", text[start : money.start]):
            return []  # one clause: one budget
        category, word = _category(text[start : money.end + 8])
        if category == "general" or any(category == c for _, c, _ in out):
            return []
        out.append((money, category, word))
    return out


def _unbounded(text: str) -> str:
    """The bound of a sum with no bound word by it. A sum called a budget ("预算是1500美元", "My budget is
    $800") is the ceiling the first labelled sets call it. A sum paid, put in or set aside ("我租的房子月租
    4500元", "定投2000", "I put $500 into index funds", "we've saved 40k") names no ceiling: the label
    format gives `max` only with a ceiling word, so it is the sum itself, `exact`."""
    return "max" if _BUDGET_WORD.search(text) else "exact"


def _fact(money: Money, text: str, lang: str, category: str, category_text: str) -> Match:
    slots = {
        "amount": money.value,
        "currency": _currency(money, text, lang),
        "bound": money.bound or _unbounded(text),
        "category": category,
        "category_text": category_text,
    }
    return ("budget", 0.9, slots, [EntityRef(category, "budget_category", "HAS_BUDGET")])


def trip_budget(text: str, lang: str) -> tuple[float, str] | None:
    """A trip's ceiling (its budget_max) and currency, when the turn states one."""
    facts = budget_facts(text, lang, cued=True)  # a trip's sum needs no budget word ("maybe 8k total")
    if not facts:
        return None
    slots = facts[0][2]
    if slots["category"] == "hotel" and re.search(r"每晚|一晚|每天|a night|per night|/night", text, re.I):
        return None  # a hotel's nightly limit is a budget of its own, not the trip's ceiling
    return float(slots["amount"]), str(slots["currency"])
