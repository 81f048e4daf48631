"""Profile shapes that name a family member or chain two facts, split from parsers/profile_rules.py
(which holds the single-field readers): "我儿子叫小宇" (a relative's name), "My mom turns 70 on
July 9" (an age and a birthday in one clause), "I'm Marco, an Italian teacher in Melbourne" (a job
after a name). Each is a family of phrasings, not a sentence: the relative word, the name, the
month and day are read from the text, never guessed.
"""

from __future__ import annotations

import re
from typing import Any

from parsers.lexicon import zh_kin_alternation
from parsers.model import EntityRef
from parsers.profile_base import REL_EN, REL_ZH

__all__ = ["family_profile_facts", "narrower"]

Match = tuple[str, float, dict[str, Any], list[EntityRef]]
Found = tuple[int, Match]

_REL_ZH_ALT = zh_kin_alternation(r for r in REL_ZH if r not in {"妈", "爸"})
_REL_EN_ALT = "|".join(re.escape(r) for r in sorted(REL_EN, key=len, reverse=True))

# "我儿子叫小宇", "我女儿的名字叫朵朵", "my son's name is Leo", "my daughter is called Mia"; the possessor
# may be the note's subject ("用户的丈夫叫李明", "User's husband is called Daniel", also after "and": "User's
# brother is called Mike and User's sister is called Anna"); 我哥 / 我妈 are one word: "我哥叫小明" (the
# user's name was 小明 before the twenty-first round); a note an assistant
# keeps about the user names the family as the user's own turn does, and no other rule reads the name
# (the slot tagger took "Daniel" for a pet's).
_NAMED_ZH = re.compile(
    rf"(?:(?:我|俺|用户)(?:家)?(?:的)?|(?=我))(?P<r>{_REL_ZH_ALT})(?:的)?(?:名字(?:叫|是)|小名叫|叫)(?P<v>[\u4e00-\u9fa5]{{2,3}}|[A-Z][a-z]{{1,12}})"
    r"(?=[，,。.!！？?\s]|$)"
)
_NAMED_EN = re.compile(
    rf"(?:\b(?i:my|our)|(?:\b(?i:the)\s+|^|(?<=[,.;!?]\s)|(?<=\b(?i:and)\s))(?i:user's))\s+(?P<r>{_REL_EN_ALT})"
    r"(?:'s name is|\s+is (?:named|called)|\s+named)\s+(?P<v>[A-Z][a-z]+)\b"
)
# 叫 as "call for / order / wake" is no naming: 我爸叫救护车, 我妈叫保姆, 我姐叫滴滴, 我妈叫醒我 (review23)
_NOT_NAME_ZH = re.compile(
    r"^(?:我|你|他|她|什么|谁|个|一|这|那|不|医生|老师|学生|护士|醒|外卖|救护车|车|滴滴|出租|的士|保姆|阿姨|快递|"
    r"跑腿|代驾|师傅|警察|人|别|来|去|过来|起来|上)|[了的吗呢吧啊岁年月号]"
)
# "My son turns 10 on August 9", "my mom turns seventy on the 9th of July", "my son Leo turns 5 on ..."
_TURNS_EN = re.compile(
    rf"\b(?i:my|our)\s+(?P<r>{_REL_EN_ALT})(?:\s+[A-Z][a-z]+)?\s+(?i:turns|will turn|is turning|will be)"
    r"\s+\w+(?:-\w+)?\s+(?i:on)\s+"
    r"(?:(?!the\b)(?P<m1>[A-Za-z]{3,9})\.?\s+(?P<d1>\d{1,2})(?:st|nd|rd|th)?\b|(?:the\s+)?(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?"
    r"(?P<m2>[A-Za-z]{3,9})\b)"
)
# "I'm Marco, an Italian teacher in Melbourne", "Hi, I'm Ana - a nurse from Leeds"
_NAME_THEN_JOB_EN = re.compile(
    # an age may stand between: "I'm Ana, 41, a school nurse in Leeds"
    r"\bI'm\s+[A-Z][a-z]+\s*[,-]\s*(?:\d{1,3}\s*[,-]\s*)?(?:a|an)\s+(?P<v>(?:[A-Za-z]+\s+){0,3}?[a-z]+)"
    r"(?=\s+(?:in|at|from|for|and)\b|[,.;!?]|$)"
)
_NOT_JOB_EN = re.compile(r"\b(?:bit|lot|fan|person|guy|girl|mom|dad|mother|father|parent|vegetarian|vegan)\b", re.I)


def _fact(field: str, value: str, rel: str | None) -> Match:
    slots: dict[str, Any] = {"field": field, "value": value}
    if rel:
        slots["relative"] = rel
    return ("profile", 0.85, slots, [EntityRef(value, field, "HAS_PROFILE", detail=rel)])


_MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip


def _month(word: str) -> int | None:
    """A month name or its abbreviation ("Aug", "Sept"), else None ("Monday", "the")."""
    low = word.lower()
    return next((i + 1 for i, name in enumerate(_MONTH_NAMES) if len(low) >= 3 and name.startswith(low)), None)


# A word after "is called" that is no name: a particle or adverb ("is called away", "called in"), a
# title or a kin word said as a name ("called Grandma Jo by the kids"). The turn may have been recased
# (parsers/truecase.py capitalises the word after "called"), so the capital alone proves nothing.
_NOT_NAME_EN = re.compile(
    r"^(?:away|in|out|up|off|back|over|on|down|upon|home|often|sometimes|always|never|again|all|every|"
    r"grandma|grandpa|granny|gran|nana|nanna|papa|pops|mom|mum|mommy|mummy|dad|daddy|mama|ma|pa|auntie|aunt|"
    r"aunty|uncle|sis|bro|baby|babe|honey|hon|sweetie|boss|buddy|mr|mrs|ms|miss|dr|doctor|sir|madam|lady)$",
    re.I,
)
# "called Dan by his friends but his name is Daniel": "called X by ..." is a nickname; the name the turn
# gives as the relative's name wins.
_NICKNAME_BY_EN = re.compile(r"^\s+by\b", re.I)
_REAL_NAME_EN = re.compile(r"\b(?:his|her|their)\s+(?:real\s+|actual\s+|full\s+)?name\s+is\s+(?P<v>[A-Z][a-z]+)\b")


def _name_en(text: str, m: re.Match[str]) -> str | None:
    """The relative's name a `_NAMED_EN` match gives, or None when the word there is no name."""
    name = m.group("v")
    if _NOT_NAME_EN.match(name):
        return None
    if "called" in m.group(0).lower() and _NICKNAME_BY_EN.match(text[m.end() :]):
        real = _REAL_NAME_EN.search(text, m.end())
        if real and not _NOT_NAME_EN.match(real.group("v")):
            return real.group("v")
    return name


def family_profile_facts(text: str, lang: str) -> list[Found]:
    out: list[Found] = []
    if lang != "en":
        for m in _NAMED_ZH.finditer(text):
            if not _NOT_NAME_ZH.search(m.group("v")):
                out.append((m.start(), _fact("name", m.group("v"), REL_ZH[m.group("r")])))
    if lang != "zh":
        for m in _NAMED_EN.finditer(text):
            if (name := _name_en(text, m)) is not None:
                out.append((m.start(), _fact("name", name, REL_EN[m.group("r").lower()])))
        for m in _TURNS_EN.finditer(text):
            month = _month(m.group("m1") or m.group("m2"))
            day = int(m.group("d1") or m.group("d2"))
            if month and 1 <= day <= 31:
                out.append((m.start("r"), _fact("birthday", f"{month:02d}-{day:02d}", REL_EN[m.group("r").lower()])))
        for m in _NAME_THEN_JOB_EN.finditer(text):
            if not _NOT_JOB_EN.search(m.group("v")):
                out.append((m.start("v"), _fact("job", m.group("v"), None)))
    return out


def narrower(m: Match, other: Match) -> bool:
    """`m` is a profile value that `other`, a reading of the same field and person, contains."""
    if m[0] != "profile" or other[0] != "profile" or m is other:
        return False
    a, b = m[2], other[2]
    if a.get("field") != b.get("field") or a.get("relative") != b.get("relative"):
        return False
    short, long = str(a.get("value", "")).lower(), str(b.get("value", "")).lower()
    return short != long and bool(short) and re.search(rf"(?<!\w){re.escape(short)}(?!\w)", long) is not None
