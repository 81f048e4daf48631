"""What a text commits to, for the dedup agreement check (mal/dedup.py): its `Signature`.

One tokeniser for both languages: the text is normalised (width, traditional -> simplified,
contractions, thousands separators, clock times, money, "at most"), then cut by a private jieba
tokenizer that knows the lexicon's terms (jieba passes Latin words and digits through whole), and
each token is sorted into people, numbers, times, places, names, aspect, negation or content words.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from mal.dedup_aspect import particle_aspects, possessive
from mal.dedup_clock_words import clock_words
from mal.dedup_lexicon import (
    ASPECTS,
    CURRENCY_SYMBOLS,
    CURRENCY_WORDS,
    FILLERS_EN,
    FILLERS_ZH,
    NEGATIONS_EN,
    NEGATIONS_ZH,
    NUMBER_WORDS_EN,
    PEOPLE_EN,
    PEOPLE_ZH,
    PHRASES,
    SURNAMES_ZH,
    SYNONYMS,
    TIME_WORDS_EN,
    TIME_WORDS_ZH,
)
from mal.dedup_notes import first_person
from mal.dedup_synonyms import NEGATED_ZH, NOT_NAMES_EN, NOT_NEGATIONS_ZH, NOT_NUMBERS_ZH
from mal.dedup_zh_forms import zh_forms
from parsers.lexicon import PLACES_ZH

__all__ = [
    "Signature",
    "content_words",
    "flat",
    "is_cjk",
    "jieba_tokens",
    "normalise",
    "opposed",
    "signature",
    "stem",
    "zh_number",
]

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_HAS_CJK = re.compile(rf"[{_CJK}]")
_ZH_NUMERAL = re.compile(r"[零〇一二两三四五六七八九十百千万亿]+")
_ZH_DIGITS = "零〇一二两三四五六七八九十"
# 未 cut with its adverb (尚未, 并未, 从未, 仍未): the written 还没 / 没 (a closed class: never a
# mis-cut such as 车贷 + 未 -> 贷未, which the negation checks read apart: mal/dedup_unblock18_zh.py)
_NOT_YET = frozenset(("尚未", "并未", "从未", "仍未", "还未", "均未", "都未", "皆未", "亦未", "也未", "迄未", "始终未"))
# Words containing a numeral that are no number (NOT_NEGATIONS_ZH: a negation character, no negation).
_ZH_NOT_NUMBERS = (
    *("一起", "一些", "一点", "一下", "一直", "一定", "一样", "一般", "一切", "一边", "一向", "一致", "一会"),
    *("一阵", "一旦", "唯一", "统一", "万一", "千万", "一共", "一半", "万分", "十分", "百分", "三明治", "一家人"),
    *NOT_NUMBERS_ZH,
)
_IN_LAW = re.compile(r"\b([a-z]+)[- ]in[- ]laws?\b", re.IGNORECASE)  # 小李 / 老王 below: jieba may cut 小 + 李借
# "my in-laws" are my parents-in-law (not a person called "my": fourteenth round, helper unblock14)
_BARE_IN_LAWS = re.compile(r"\b(my|our|his|her|their|your|the)\s+in-laws\b", re.IGNORECASE)
_ZH_NICKNAME = re.compile("[小老阿][" + "".join(n for n in SURNAMES_ZH if len(n) == 1) + "]")
_ZH_TITLES = ("总", "老师", "经理", "医生", "先生", "女士", "姐", "哥", "阿姨", "叔", "工")
_SELF = frozenset(("i", "me", "myself", "我"))  # "my" can move: "my cat Luna" / "Luna, my cat"
_PRONOUNS = frozenset(("he", "she", "they", "we"))
# 早晨 is 早上 and a bare 晚 before an hour is 晚上 (每晚十一点 = 23点; tenth round, helper recall9)
_ZH_PERIODS = {"凌晨": 0, "早上": 0, "早晨": 0, "上午": 0, "中午": 12, "下午": 12, "傍晚": 12, "晚上": 12, "晚": 12}
_ZH_CLOCK = re.compile(
    rf"(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|晚)?([{_ZH_DIGITS}]{{1,3}}|\d{{1,2}})[点點时](半|([{_ZH_DIGITS}]{{1,3}}|\d{{1,2}})分"
    # 七点四十五 / 7点45: two-digit minutes said without 分 (fifteenth round, helper unblock15),
    # not a count after the hour (七点十五分钟, 三点二十个人)
    rf"|(十[一二三四五六七八九]?|[二三四五]十[一二三四五六七八九]?|[0-5]\d)(?![{_ZH_DIGITS}\d分钟个岁块元次天年月号日人]))?"
)
# 早上7:30 / 晚上7:30: the period says which half of the day, as it does for 七点半.
# A city named with its administrative suffix is the city (杭州市 / 杭州); 西湖区 is not 西湖.
_ZH_CITY_SUFFIX = "市"
_ZH_PLACE_SUFFIXES = (_ZH_CITY_SUFFIX, "新区", "区", "县")
# 想 + one more character that is no wish and a verb (想念 "miss", 想法 "idea": fourteenth round)
_ZH_NOT_WISH = frozenset(("想念", "想法", "想象", "想起", "想到", "想通", "想家", "想必", "想想", "想出", "想开"))
_ZH_PERIOD_HHMM = re.compile(r"(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|晚)\s*(\d{1,2}):(\d{2})(?![\d:])")
# 周二和周四 / 周四和周二: a list of weekdays is a set, not an order (3月8日 / 8月3日 stays ordered).
_ZH_WEEKDAY_LIST = re.compile(
    r"(周|星期|礼拜)([一二三四五六日天])((?:[和、及与跟,，](?:周|星期|礼拜)?[一二三四五六日天])+)"
)
_WEEKDAYS_ZH = "一二三四五六日天"
# 明早 / 明晚 / 今早 / 今晚 are 明天早上 ... before the clock reads the half of the day.
_ZH_SHORT_DAY_PART = re.compile(r"([今明昨])([早晚])(?![饭餐安点上])")
_ZH_DAY = {"今": "今天", "明": "明天", "昨": "昨天"}
_ZH_PART = {"早": "早上", "晚": "晚上"}
# twenty-five / twenty five -> 25: the tens and the units are one number.
_EN_TENS = re.compile(
    r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b",
    re.IGNORECASE,
)
_EN_CLOCK = re.compile(r"(?<!\d)(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?![a-z])", re.IGNORECASE)
# "one" as a count: before a word that is not "of", a preposition or a verb ("one of my friends",
# "a new one from Ikea", "one is red"; "one of four siblings" counts), never after a determiner or
# a pronoun-like word ("the blue one", "no one", "each one", "this one")
_EN_ONE = re.compile(
    r"(?:\b([a-z]+)\s+)?\bone\b"
    r"(?=[ -]+(?!(?:of(?! (?:the |my |our )?(?:\d|two|three|four|five|six|seven|eight|nine|ten)\b)"
    r"|from|for|with|in|on|at|to|by|that|which|who|is|was|are|were|and|or|but|another|else|way|thing|point|hand)\b)[a-z])",
    re.IGNORECASE,
)
_NOT_BEFORE_ONE = frozenset(("the", "this", "that", "each", "every", "any", "some", "which", "no", "a", "an", "at"))
_EN_COUPLE = re.compile(r"\ba couple of\b", re.IGNORECASE)
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_EN_SCALE = re.compile(
    r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+(?:\.\d+)?) (hundred|thousand|million)\b",
    re.IGNORECASE,
)
_ARTICLES = frozenset(("a", "an"))
_CLOCK_TOKEN = re.compile(r"clock\d{4}")
_CLOCK_BOUND = re.compile(r"(clock\d{4})\s*(?:之前|以前)")
_HHMM = re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})(?![\d:])")
_CONTRACTIONS = (
    (re.compile(r"'d\s+like\b", re.IGNORECASE), " want"),  # "I'd like to go" is a wish, not "I like to go"
    (re.compile(r"\bcan'?t\b", re.IGNORECASE), "can not"),
    (re.compile(r"\bwon't\b", re.IGNORECASE), "will not"),
    (re.compile(r"n't\b", re.IGNORECASE), " not"),
    (re.compile(r"'(s|m|re|ve|ll|d)\b", re.IGNORECASE), ""),
    # "well" is a filler only as the discourse marker ("Well, I ..."); after a word it says how
    # ("medium well" is not "medium rare", "sleeps well"), and "as well" is "also" (a writer29 near miss)
    # but "as well as" is "and": "tea as well" / "tea as well as coffee" add an item (review of round 17)
    (re.compile(r"(?:^|(?<=[.!?;,:]))\s*well\b\s*,?", re.IGNORECASE), " "),
    (re.compile(r"\bas well as\b", re.IGNORECASE), " and "),
    (re.compile(r"\bas well\b", re.IGNORECASE), " also "),
)


@dataclass(frozen=True)
class Signature:
    """What a text commits to. mal/dedup.py says which parts must be equal and which may differ."""

    people: frozenset[str]  # relatives, friends, colleagues, third-person pronouns (never "I")
    numbers: tuple[str, ...]  # in order: 3月8日 is not 8月3日; clock times as HH:MM
    times: frozenset[str]  # days, parts of day, periods
    places: frozenset[str]
    currencies: frozenset[str]
    aspects: frozenset[str]  # former / done / ongoing / planned
    negated: bool
    names: frozenset[str]  # capitalised or Latin words: never explained away as a typo
    words: frozenset[str]  # content words after fillers and synonyms
    anchors: tuple[str, ...]  # who and where, in order: "I lent Xiao Wang" is not "Xiao Wang lent me"
    text: str  # the normalised text, to explain Chinese segmentation differences
    # the numbers with each English article ("a", "an") where it stands: "a tablet" may be "one tablet"
    # (mal/dedup_numbers.py `numbers_agree`)
    counts: tuple[str, ...] = ()


@dataclass
class _Acc:
    people: set[str] = field(default_factory=set)
    numbers: list[str] = field(default_factory=list)
    times: set[str] = field(default_factory=set)
    places: set[str] = field(default_factory=set)
    currencies: set[str] = field(default_factory=set)
    aspects: set[str] = field(default_factory=set)
    names: set[str] = field(default_factory=set)
    words: set[str] = field(default_factory=set)
    anchors: list[str] = field(default_factory=list)
    counts: list[str] = field(default_factory=list)
    negated: bool = False

    def number(self, value: str, repeat: bool = False) -> None:
        """`repeat`: an English number said twice is two numbers ("two tablets twice a day")."""
        if repeat or value not in self.numbers:
            self.numbers.append(value)
            self.counts.append(value)

    def anchor(self, value: str) -> None:
        if value not in self.anchors:
            self.anchors.append(value)


def normalise(text: str) -> str:
    """Width (NFKC), case, traditional -> simplified."""
    return _to_simplified(unicodedata.normalize("NFKC", text)).casefold()


def is_cjk(word: str) -> bool:
    return bool(_HAS_CJK.match(word))


def stem(word: str) -> str:
    """Plurals only: a tense can be a different event (visit / visited)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def number(text: str) -> str:
    """ "800", "800.0" and "800.00" are one number."""
    try:
        value = float(text)
    except ValueError:
        return text
    return str(int(value)) if value.is_integer() else str(value)


@lru_cache(maxsize=4096)
def signature(text: str) -> Signature:
    simplified = first_person(_to_simplified(unicodedata.normalize("NFKC", text)).replace("\u2019", "'"))
    acc = _Acc()
    tokens = [t for t in (p.strip() for p in _join_names(_jieba().lcut(_prepare(simplified, acc)))) if t]
    acc.aspects |= particle_aspects(tokens, lambda t: _term_kind(t) == "places")
    for i, token in enumerate(tokens):
        if not token[0].isalnum():
            continue
        if possessive(tokens, i, lambda t: _term_kind(t) == "people"):
            continue  # 我 + 爸爸 is the father alone: "我爸爸教我" is not "我教我爸爸"
        if _CLOCK_TOKEN.fullmatch(token):  # a clock time _prepare found
            acc.number(f"{token[5:7]}:{token[7:]}")
        elif is_cjk(token):
            _zh_token(token, acc)
        else:
            _en_token(token, acc)
    return Signature(
        frozenset(acc.people),
        tuple(acc.numbers),
        frozenset(acc.times),
        frozenset(acc.places),
        frozenset(acc.currencies),
        frozenset(acc.aspects),
        acc.negated,
        frozenset(acc.names),
        frozenset(acc.words),
        tuple(acc.anchors),
        simplified.casefold(),
        tuple(acc.counts),
    )


@lru_cache(maxsize=4096)
def content_words(text: str) -> tuple[str, ...]:
    """The content words of a text in the order it says them, as `signature` records them (after
    fillers and synonyms): where a word sits, which the signature's sets do not keep."""
    simplified = first_person(_to_simplified(unicodedata.normalize("NFKC", text)).replace("\u2019", "'"))
    out: list[str] = []
    for token in (t.strip() for t in _join_names(_jieba().lcut(_prepare(simplified, _Acc())))):
        if not token or not token[0].isalnum() or _CLOCK_TOKEN.fullmatch(token):
            continue
        acc = _Acc()
        (_zh_token if is_cjk(token) else _en_token)(token, acc)
        out += sorted(acc.words)
    return tuple(out)


def jieba_tokens(text: str) -> list[str]:
    """`text` as the check's private tokenizer cuts it (no rewriting: the words as written)."""
    return [t for t in (p.strip() for p in _jieba().lcut(text)) if t]


def _join_names(tokens: list[str]) -> list[str]:
    """jieba cuts 王总 / 小王 into 王 + 总 / 小 + 王: put such names back together."""
    out: list[str] = []
    for token in tokens:
        if out and _zh_name(out[-1] + token):
            out[-1] += token
        else:
            out.append(token)
    return out


def _prepare(text: str, acc: _Acc) -> str:
    """Rewrite what a token-by-token pass would misread: contractions, 1,500, 3pm / 下午三点 /
    15:00 (all "clock1500"), $ and multi-word phrases (PHRASES: "can't stand" -> hate)."""
    text = clock_words(text)  # "half past five" / 5:30 (mal/dedup_clock_words.py)
    for pattern, repl in _CONTRACTIONS:
        text = pattern.sub(repl, text)
    text = zh_forms(text)  # 20万 / 二十万, 星期三 / 周三, 半年 / 六个月 (mal/dedup_zh_forms.py)
    text = _IN_LAW.sub(r"\1inlaw", _BARE_IN_LAWS.sub(r"\1 parents-in-law", text))  # a sister-in-law is not a sister
    text = _ZH_NICKNAME.sub(lambda m: f" {m[0]} " if _jieba().FREQ.get(m[0], 0) < 400 else m[0], text)
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    text = re.sub(r"(?<=\d)(st|nd|rd|th)\b", "", text, flags=re.IGNORECASE)
    text = re.sub(r"(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])", " ", text)  # Model3 -> Model 3, 3pm stays
    text = _EN_TENS.sub(_en_tens, text)
    text = _en_counts(text)  # "one tablet" / "a couple of days" / "two hundred"
    text = _ZH_SHORT_DAY_PART.sub(lambda m: _ZH_DAY[m.group(1)] + _ZH_PART[m.group(2)], text)  # 明早 = 明天早上
    text = _ZH_WEEKDAY_LIST.sub(_zh_weekdays, text)
    text = _ZH_PERIOD_HHMM.sub(_zh_period_hhmm, text)
    text = _ZH_CLOCK.sub(_zh_clock, text)
    text = re.sub(rf"(?<=[\d{_ZH_DIGITS}])[日号]", " ", text)  # 3日 / 3号: the number is the date
    text = _EN_CLOCK.sub(_en_clock, re.sub(r"(\d) (a\.?m\.?|p\.?m\.?)", r"\1\2", text, flags=re.IGNORECASE))
    text = _HHMM.sub(lambda m: f" clock{int(m.group(1)):02d}{m.group(2)} ", text)
    # 23点之前睡 is a bound on the hour, not "formerly" (之前 / 以前 alone say the past: ASPECTS)
    text = _CLOCK_BOUND.sub(r"\1 前 ", text)
    for symbol, name in CURRENCY_SYMBOLS.items():
        if symbol in text:
            acc.currencies.add(name)
            text = text.replace(symbol, " ")
    for pattern, repl in _phrases():
        text = pattern.sub(f" {repl} ", text)
    return text


def _zh_clock(m: re.Match[str]) -> str:
    period, hour, minute = m.group(1), m.group(2), m.group(3)
    if period in (None, "晚") and hour == "一" and minute is None:
        return m.group(0)  # 一点 is "a little", not one o'clock (晚一点到: a little later)
    h = int(number(zh_number(hour)))
    h += _ZH_PERIODS.get(period or "", 0) if h < 12 else 0
    bare = m.group(5)
    mins = (
        30
        if minute == "半"
        else int(number(zh_number(m.group(4))))
        if m.group(4)
        else int(number(zh_number(bare)))
        if bare
        else 0
    )
    return f" clock{h:02d}{mins:02d} "


def _zh_period_hhmm(m: re.Match[str]) -> str:
    h, mins = int(m.group(2)), int(m.group(3))
    h += _ZH_PERIODS[m.group(1)] if h < 12 else 0
    return f" clock{h:02d}{mins:02d} "


def _zh_weekdays(m: re.Match[str]) -> str:
    days = {m.group(2), *(c for c in m.group(3) if c in _WEEKDAYS_ZH)}
    ordered = sorted(days, key=lambda d: _WEEKDAYS_ZH.index(d) if d != "天" else _WEEKDAYS_ZH.index("日"))
    return "和".join(f"{m.group(1)}{d}" for d in ordered)


def _en_tens(m: re.Match[str]) -> str:
    units = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    return str(int(NUMBER_WORDS_EN[m.group(1).lower()]) + units.index(m.group(2).lower()) + 1)


def _en_counts(text: str) -> str:
    """English counts a token-by-token pass would misread: "one" before a noun is the number 1
    ("one tablet", not "the blue one", "one of them", "no one"), "a couple of" is 2, and a number
    before "hundred" / "thousand" / "million" is one number ("two hundred" = 200)."""
    text = _EN_ONE.sub(_en_one, text)
    text = _EN_COUPLE.sub(" 2 ", text)
    return _EN_SCALE.sub(_en_scale, text)


def _en_one(m: re.Match[str]) -> str:
    before = m.group(1)
    if before is None and re.match(r"[ -]+days?\b", m.string[m.end() :], re.IGNORECASE):
        return m.group(0)  # "One day I'll ..." is some day, not a count
    if before is not None and before.lower() in _NOT_BEFORE_ONE:
        return m.group(0)
    return f"{before} 1" if before else " 1"


def _en_scale(m: re.Match[str]) -> str:
    head = m.group(1).lower()
    value = float(head) if head[0].isdigit() else NUMBER_WORDS_EN.get(head, 1 if head == "one" else 0)
    return f" {number(str(float(value) * _SCALES[m.group(2).lower()]))} " if value else m.group(0)


def _en_clock(m: re.Match[str]) -> str:
    h, mins, half = int(m.group(1)), int(m.group(2) or 0), m.group(3).lower()[0]
    h = (h % 12) + (12 if half == "p" else 0)
    return f" clock{h:02d}{mins:02d} "


def _term_kind(token: str) -> str:
    return _zh_terms().get(token, ("",))[0]


def _zh_token(token: str, acc: _Acc) -> None:
    if token.startswith("我") and token not in _zh_terms():
        rest = _zh_terms().get(token[1:])
        if not (rest and rest[0] == "people"):
            acc.anchor("self")  # 我妈 is the mother alone: "我妈给我买了" is not "我给我妈买了"
        token = token[1:]  # jieba glues 我 to the next word (我要, 我妈)
    token = _zh_compound(token, acc)
    if not token:
        return
    term = _zh_term(token)
    if term is not None:
        kind, value = term
        if kind == "people":
            acc.anchor(value)
            if value != "self":
                acc.people.add(value)
        elif kind == "places":
            acc.anchor(value)
            acc.places.add(value)
        else:
            getattr(acc, kind).add(value)
        return
    if _zh_name(token):
        acc.anchor(token)  # 小王, 王总: a person the lexicon cannot list
        acc.names.add(token)
        acc.words.add(token)
        return
    if token in CURRENCY_WORDS:
        acc.currencies.add(CURRENCY_WORDS[token])
        return
    if token in _ZH_NOT_NUMBERS or token in NOT_NEGATIONS_ZH or token in SYNONYMS or token in ASPECTS:
        _word(SYNONYMS.get(token, token), acc, FILLERS_ZH)
        return
    for numeral in _ZH_NUMERAL.findall(token):
        value = number(zh_number(numeral))
        if value != "1":  # a lone 一 is an article (一个蛋糕, 买了台电脑 say the same), not a count
            acc.number(value)
    token = _ZH_NUMERAL.sub("", token)
    if token in CURRENCY_WORDS:  # 两千块
        acc.currencies.add(CURRENCY_WORDS[token])
        return
    if token and (token[0] in NEGATIONS_ZH or "不" in token or "没" in token or token in _NOT_YET):
        acc.negated = True  # 不, 没去, 吃不下, 尚未 / 并未 / 从未 (an adverb cut with 未: 还没 said in writing)
        token = "".join(c for c in token if c not in NEGATIONS_ZH)
    if token:
        _word(SYNONYMS.get(token, token), acc, FILLERS_ZH)


def _zh_term(token: str) -> tuple[str, str] | None:
    """The lexicon's reading of a token; a city with its suffix reads as the city (杭州市 is 杭州),
    a district of the lexicon's with its suffix as the district (浦东新区 is 浦东; 西湖区 stays: 西湖 is
    no place of the lexicon's, it is a lake)."""
    term = _zh_terms().get(token)
    for suffix in _ZH_PLACE_SUFFIXES:
        if term is None and len(token) > len(suffix) + 1 and token.endswith(suffix):
            place = _zh_terms().get(token[: -len(suffix)])
            term = place if place is not None and place[0] == "places" else None
    return term


def _zh_compound(token: str, acc: _Acc) -> str:
    """What is left of a token jieba kept whole that says two things (fourteenth round): a wish and
    its verb (我想学 / 想养: 想 read as planned, the verb left), or an address (上海市浦东新区: each
    part read here, nothing left)."""
    if not token or token in _zh_terms():
        return token
    if len(token) == 2 and token[0] == "想" and token not in _ZH_NOT_WISH:
        acc.aspects.add(ASPECTS["想"])
        return token[1:]
    address = _zh_address(token)
    for part in address or ():
        _zh_token(part, acc)
    return "" if address else token


def _zh_address(token: str) -> tuple[str, str] | None:
    """A token jieba kept whole that is a place of the lexicon's, its 市 / 省, and more
    (上海市浦东新区), or two places of the lexicon's side by side (上海浦东新区): the place and the
    rest, to be read one by one (fourteenth round)."""
    for i, char in enumerate(token):
        if char in "省市" and i >= 2 and i < len(token) - 2:
            place = _zh_terms().get(token[:i])
            if place is not None and place[0] == "places":
                return token[:i], token[i + 1 :]
    # a city and its district written together (上海浦东新区: sixteenth round, helper unblock16zh),
    # both places of the lexicon's, the district with or without its suffix
    for i in range(2, len(token) - 1):
        head, rest = _zh_terms().get(token[:i]), _zh_term(token[i:])
        if head is not None and head[0] == "places" and rest is not None and rest[0] == "places":
            return token[:i], token[i:]
    return None


def _zh_name(token: str) -> bool:
    """小王, 老李, 王总, 李老师: people the lexicon cannot list."""
    if len(token) not in (2, 3):
        return False
    if token[0] in "小老阿" and len(token) == 2:
        return token[1] in SURNAMES_ZH
    return token[0] in SURNAMES_ZH and token[1:] in _ZH_TITLES


def _en_token(raw: str, acc: _Acc) -> None:
    raw = raw.strip(".-")
    low = raw.lower().replace("'", "")
    if not low:
        return
    if low.replace(".", "", 1).isdigit():
        acc.number(number(low), repeat=True)
        return
    if low in _ARTICLES:
        acc.counts.append("a")  # "a tablet" may be "one tablet" (mal/dedup_numbers.py)
        return
    base = stem(low)
    if low.endswith("ies") and (low[:-1] in SYNONYMS or low[:-1] in PEOPLE_EN):
        base = low[:-1]  # movies / aunties: the plural of a listed word in -ie, not "movy" (unblock19en)
    if low in CURRENCY_WORDS or base in CURRENCY_WORDS:
        acc.currencies.add(CURRENCY_WORDS.get(low) or CURRENCY_WORDS[base])
    elif low in _SELF:
        acc.anchor("self")
    elif low in NEGATIONS_EN:
        acc.negated = True
    elif low in ASPECTS:
        acc.aspects.add(ASPECTS[low])
    elif low in PEOPLE_EN or base in PEOPLE_EN:
        person = PEOPLE_EN.get(low) or PEOPLE_EN[base]
        acc.anchor(person)
        acc.people.add(person)
    elif low in TIME_WORDS_EN or base in TIME_WORDS_EN:
        acc.times.add(TIME_WORDS_EN.get(low) or TIME_WORDS_EN[base])
    elif low in NUMBER_WORDS_EN:
        acc.number(number(str(NUMBER_WORDS_EN[low])), repeat=True)
    elif low in SYNONYMS or base in SYNONYMS:
        _word(SYNONYMS.get(low) or SYNONYMS[base], acc, FILLERS_EN)
    elif low in FILLERS_EN:
        return
    elif (any(c.isupper() for c in raw) and low not in NOT_NAMES_EN) or not raw.isascii():  # Tom, iPhone, José
        acc.anchor(low)  # Tom vs Tim is a different person: never explained away as a typo
        acc.names.add(low)
        acc.words.add(low)
    else:
        acc.words.add(base)


def _word(token: str, acc: _Acc, fillers: frozenset[str]) -> None:
    if token in ASPECTS:
        acc.aspects.add(ASPECTS[token])
    elif token not in fillers:
        acc.words.add(token)


def zh_number(numeral: str) -> str:
    """A Chinese numeral as digits (三十五 -> 35; digits pass through; what cn2an cannot read is kept)."""
    if numeral.isdigit() and numeral.isascii():
        return numeral
    import cn2an

    try:
        return str(cn2an.cn2an(numeral, "smart"))
    except (ValueError, KeyError, IndexError):
        return numeral


@lru_cache(maxsize=4096)
def flat(text: str) -> str:
    """A text as the family checks read it (mal/dedup_review10.py, 11, 13): normalised, typographic
    apostrophes plain. Cached once for every module: dozens of checks read both texts of each pair."""
    return normalise(text).replace("\u2019", "'")


def opposed(x: str, y: str, one: re.Pattern[str], other: re.Pattern[str]) -> bool:
    """One text says `one` and not `other`, the other text `other` and not `one` (either order): the
    shape of most dedup families."""
    return any(
        one.search(s) and not other.search(s) and other.search(t) and not one.search(t) for s, t in ((x, y), (y, x))
    )


@lru_cache(maxsize=1)
def _phrases() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple(
        (re.compile(re.escape(p) if is_cjk(p) else rf"\b{re.escape(p)}\b", re.IGNORECASE), r)
        for p, r in sorted(PHRASES.items(), key=lambda kv: -len(kv[0]))
    )


@lru_cache(maxsize=1)
def _zh_terms() -> dict[str, tuple[str, str]]:
    terms = {t: ("places", t) for t in PLACES_ZH}
    terms.update({t: ("times", v) for t, v in TIME_WORDS_ZH.items()})
    terms.update({t: ("people", v) for t, v in PEOPLE_ZH.items()})
    return terms


@lru_cache(maxsize=1)
def _jieba() -> Any:
    """A private tokenizer: the parser adds its own words to jieba's global one, and the check must
    cut a text the same way whatever else has run in the process."""
    import jieba

    jieba.setLogLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()
    words = (*_zh_terms(), *_ZH_NOT_NUMBERS, *NOT_NEGATIONS_ZH, *NEGATED_ZH, *SYNONYMS, *ASPECTS, *PHRASES.values())
    for word in words:
        if is_cjk(word):
            tokenizer.add_word(word, freq=200_000)
    return tokenizer


@lru_cache(maxsize=4096)
def _to_simplified(text: str) -> str:
    if not _HAS_CJK.search(text):
        return text
    import jionlp

    return str(jionlp.tra2sim(text, mode="char"))
