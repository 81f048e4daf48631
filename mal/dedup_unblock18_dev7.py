"""Readings of one fact written in another register (eighteenth round, helper dev7same).

A user texts, speaks a regional Chinese, or spells a number out; the note about it writes the
plain form. Each form below was read as another fact by a veto (substitution, negation, names,
numbers, people, times) because the two texts share no word for it. `registers_alike` maps each
span of one text written in a closed-class register form to the plain form, so every dedup step
reads the pair alike (called from mal/dedup_variants.py `variants`, on whichever side has it):

English
  * texting shorthand: "wfh" (work from home), "uni" (university), "footy" (football), "the
    missus" (my wife); a contraction typed without its apostrophe ("im", "wont", "dont": a
    "wont" read as no negation made "won't" a negation the other text lacked); "till" where the
    other text says "until";
  * a word shouted in capitals ("im a HUGE fan"): a word of four or more letters the dictionary
    writes in lower case, in a text that also has lower-case words, is emphasis, not a name (the
    names veto read "HUGE" as one; IKEA or NASA, written in capitals in the dictionary, stay names);
  * a number spelled out with "hundred" ("fourteen hundred and fifty" is 1450) and a count of
    decades ("three decades" is 30 years);

  * a run's distance "5k" after a verb of running, with no noun after it ("10k steps" counts
    steps), is 5 kilometres when the other text says kilometres.

Chinese
  * 咱 (northern speech) is 我 (咱妈 / 我妈, 咱们 / 我们);
  * a numeral whose last digit drops its unit (六千二 is 6200, 三万五 is 35000, 一百五 is 150);
  * 我们 before a place one belongs to (我们单位, 我们公司, 我们家) is "my", when the other text has
    no 我们 (a note says 用户单位, never 用户们);
  * a count of times with 回 is one with 次 (两回 / 两次), when the other text counts with 次;
  * one son and one daughter said in four characters (一儿一女 / 一个儿子和一个女儿);
  * 半夜 before a clock hour from one to five is 凌晨 (半夜三点 / 凌晨三点), when the other says 凌晨;
  * a country's regional name and its mainland one (澳洲 / 澳大利亚, 纽西兰 / 新西兰), written in
    the mainland form when the other text uses it.

Every table is closed (texting forms, contractions, kin words, numerals, place names with two
standard spellings); none is a synonym list. Pure functions; no I/O.
"""

from __future__ import annotations

import re

from mal.dedup_bilingual import gloss_words
from parsers.lexicon_words import EN_NUMBERS, EN_TENS

__all__ = ["registers_alike"]

# --- English texting shorthand (unambiguous in a note about a person)
_TEXTING = {
    "wfh": "work from home",
    "uni": "university",
    "footy": "football",
}
_TEXTING_RE = re.compile(rf"(?<![\w'&/-])({'|'.join(_TEXTING)})(?![\w'&/-])", re.IGNORECASE)
_MISSUS = re.compile(r"(?i)\b(?:the|my)\s+(?:missus|missis|mrs)(?![\w.])")
_CONTRACTIONS = {
    "im": "I'm",
    "ive": "I've",
    "dont": "don't",
    "didnt": "didn't",
    "doesnt": "doesn't",
    "cant": "can't",
    "wont": "won't",
    "isnt": "isn't",
    "arent": "aren't",
    "wasnt": "wasn't",
    "werent": "weren't",
    "havent": "haven't",
    "hasnt": "hasn't",
    "couldnt": "couldn't",
    "shouldnt": "shouldn't",
    "wouldnt": "wouldn't",
}
# lower case only: "Im" starting a text is the same slip, "IM" is a message
_CONTRACTION_RE = re.compile(rf"(?<![\w'])({'|'.join(_CONTRACTIONS)}|Im|Ive)(?![\w'])")
_TILL = re.compile(r"(?i)(?<!\bthe )(?<!\ba )(?<!\bcash )\btill\b")
_UNTIL = re.compile(r"(?i)\buntil\b")
_CAPS = re.compile(r"(?<![\w'])[A-Z]{4,}(?![\w'])")
_LOWER_WORD = re.compile(r"\b[a-z]{2,}\b")

# --- English numbers spelled out with "hundred", and decades
_UNITS_WORDS = "|".join(sorted(EN_NUMBERS, key=len, reverse=True))
_TENS_WORDS = "|".join(EN_TENS)
_SMALL = rf"(?:(?:{_TENS_WORDS})(?:[- ](?:{_UNITS_WORDS}))?|{_UNITS_WORDS})"
_HUNDREDS = re.compile(rf"(?i)\b({_SMALL})\s+hundred(?:\s+(?:and\s+)?({_SMALL}))?\b")
_DECADES = re.compile(rf"(?i)\b(\d+|{_SMALL})\s+decades\b")
# a run's distance in kilometres said "5k" (the other text says kilometres or km): after a verb of
# running and before no word ("I walk 10k steps" counts steps)
_K_DISTANCE = re.compile(
    r"(?i)\b(?:run|runs|ran|running|jog|jogs|jogged|jogging|race|races|raced|racing)"
    r"\s+(?:(?:about|around|roughly|like|nearly|almost|over|a|another)\s+)*(\d+(?:\.\d+)?)k\b"
    r"(?=\s*(?:$|[.,;:!?)]|(?:once|twice|two|three|four|five|six|seven|every|each|a|per|on|in|at|before|after"
    r"|this|today|tomorrow|yesterday|daily|weekly|most|with|and|but|then)\b))"
)
_KILOMETRES = re.compile(r"(?i)\b(?:kilomet(?:er|re)s?|kms?)\b")


def _small(words: str) -> int:
    """A number under a hundred written in words ("fifty", "forty-two", "seven")."""
    parts = re.split(r"[- ]", words.lower())
    return sum(EN_TENS.get(p, EN_NUMBERS.get(p, 0)) for p in parts)


def _english(text: str, other: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in _TEXTING_RE.finditer(text):
        out[m.group(0)] = _TEXTING[m.group(1).lower()]
    for m in _MISSUS.finditer(text):
        out[m.group(0)] = "my wife"
    for m in _CONTRACTION_RE.finditer(text):
        out[m.group(0)] = _CONTRACTIONS[m.group(1).lower()]
    if _UNTIL.search(other) and not re.search(r"(?i)\btill\b", other):
        for m in _TILL.finditer(text):
            out[m.group(0)] = "until"
    if _LOWER_WORD.search(text):
        for m in _CAPS.finditer(text):
            word = m.group(0)
            if word.lower() in gloss_words()[1] and word not in other:
                out[word] = word.lower()
    for m in _HUNDREDS.finditer(text):
        value = _small(m.group(1)) * 100 + (_small(m.group(2)) if m.group(2) else 0)
        out[m.group(0)] = str(value)
    if _KILOMETRES.search(other) and not _KILOMETRES.search(text):
        for m in _K_DISTANCE.finditer(text):
            span = m.group(0)
            out[span] = span[: m.start(1) - m.start(0)] + f"{m.group(1)} kilometres"
    for m in _DECADES.finditer(text):
        count = int(m.group(1)) if m.group(1).isdigit() else _small(m.group(1))
        out[m.group(0)] = f"{count * 10} years"
    return out


# --- Chinese
_ZAN = re.compile(r"咱(?!们)")
_TIMES_HUI = re.compile(r"([一二两三四五六七八九十几\d]+)回(?![来去家国到头合答复应信忆顾收])")
# 六千二 is 六千二百: a last digit after 万, 千 or 百 counts the next lower unit
_ELIDED = re.compile(
    r"(?<![\d一二两三四五六七八九十百千万])([一二两三四五六七八九])([万千百])([一二三四五六七八九])(?![\d十百千万亿一二两三四五六七八九])"
)
_LOWER_UNIT = {"万": "千", "千": "百", "百": "十"}
# 我们单位 / 我们家: "we" before a place one belongs to is "my" (我单位, 我家)
_OUR_PLACE = re.compile(r"我们(?=(?:单位|公司|学校|班级|班|家|小区|部门|团队|医院|村|厂|宿舍|科室)(?![长主]))")
_SON_DAUGHTER = re.compile(r"([一两二三])[儿子]([一两二三])女")
_COUNT_ZH = {"一": "一", "两": "两", "二": "两", "三": "三"}
_MIDNIGHT = re.compile(r"半夜(?=(?:[一二两三四五]|[1-5](?!\d))(?:[一二三四五]|[2-5])?点)")
_COUNTRY_NAMES = (
    ("澳洲", "澳大利亚"),
    ("纽西兰", "新西兰"),
    ("星加坡", "新加坡"),
    ("义大利", "意大利"),
    ("纽澳", "新澳"),
)


def _chinese(text: str, other: str) -> dict[str, str]:
    out: dict[str, str] = {}
    if "咱们" in text:
        out["咱们"] = "我们"
    for m in _ZAN.finditer(text):
        out[m.group(0)] = "我"
    for m in _ELIDED.finditer(text):
        out[m.group(0)] = m.group(0) + _LOWER_UNIT[m.group(2)]
    if "我们" not in other:
        for m in _OUR_PLACE.finditer(text):
            out[m.group(0)] = "我"
    if "次" in other:
        for m in _TIMES_HUI.finditer(text):
            out[m.group(0)] = f"{m.group(1)}次"
    for m in _SON_DAUGHTER.finditer(text):
        sons, daughters = _COUNT_ZH[m.group(1)], _COUNT_ZH[m.group(2)]
        out[m.group(0)] = f"{sons}个儿子和{daughters}个女儿"
    if "凌晨" in other and "半夜" not in other:
        for m in _MIDNIGHT.finditer(text):
            out[m.group(0)] = "凌晨"
    for regional, mainland in _COUNTRY_NAMES:
        if regional in text and mainland in other and regional not in other:
            out[regional] = mainland
    return out


def registers_alike(text: str, other: str) -> dict[str, str]:
    """Spans of `text` written in a register form (see the module docstring), each mapped to the
    plain form; the mapping is empty where `text` has none."""
    out = {**_english(text, other), **_chinese(text, other)}
    return {k: v for k, v in out.items() if k != v}
