"""The user's name and the languages they speak, zh and en; split from parsers/profile_rules.py
(same rules). Values are the text's own words; a language is normalised to its English name."""

from __future__ import annotations

import re

from parsers.lexicon import LANGUAGES
from parsers.profile_base import Found
from parsers.profile_base import fact as _fact

__all__ = ["NOT_NAME_ZH", "languages", "names", "surname_kept"]


# 我叫王伟来北京出差: the name ends before 来 when a place and the errand there follow (来 + place + deed)
# or the time since the user came (来了 + place + 以后),
# which the learned slot layer may read into the name (王伟来, issue #11 parse23). A Latin name keeps its
# capitalised surname (我叫 Kevin Zhang，今年 33).
# The place is no person's home: 我叫张三来了我家以后… calls 张三 over (review30).
_PLACE = r"(?:(?![我你他她俺咱家])[\u4e00-\u9fa5])"
_COME_TO = (
    rf"来(?:了)?{_PLACE}{{2,6}}?(?:出差|旅游|旅行|玩|工作|上班|上学|读书|读研|开会|办事|看病|探亲|培训|实习)"
    # 我叫李娜来了杭州以后当了老师: settled in a place since (来了 + place + 以后), the user's own move
    rf"|来了{_PLACE}{{2,4}}?(?:以后|之后|后)"
)
# 我叫我妈来北京看病: 叫 is "ask" and what follows is a person, never the user's name (review30).
NOT_NAME_ZH = r"(?!我|俺|咱|你|您|他|她|它|妈|爸|哥|姐|弟|妹|儿子|女儿|孩子|老公|老婆|爷爷|奶奶|外公|外婆|姥姥|姥爷|朋友|同事|同学|老板|舅|姑|叔|姨)"
# 我叫 Kevin Nice to meet you: a capitalised English word after the given name is no surname (review30)
_NOT_SURNAME = (
    r"(?!(?:Nice|Thanks|Thank|Here|And|Hi|Hello|Hey|Please|Sorry|Btw|But|So|The|Is|Am|From|In|At|I|Im|My|"
    r"Yes|No|Ok|Okay|Good|Great|Just|Now|Today|Too|Also|Not|Lol|Haha)\b)"
)
_SURNAME_AFTER = re.compile(r"\s+" + _NOT_SURNAME + r"[A-Z][a-z]{1,14}\b(?!\s+[a-z])")


def surname_kept(text: str, value: str) -> str:
    """A Latin name `value` ("Kevin Nice") cut to its given name when the word after it in `text` is no
    surname: a common English word, or the first of a phrase ("我叫 Kevin Nice to meet you", review30)."""
    words = value.split()
    if len(words) != 2 or not words[0].isascii():
        return value
    at = text.find(value)
    if at < 0 or _SURNAME_AFTER.match(text, at + len(words[0])):
        return value
    return words[0]


_NAME = re.compile(
    r"(?:(?<![妈爸他她们谁点半分])叫我|我姓.{1,2}，叫|我叫|俺叫|名字叫|名字是)\s*(?P<v>"
    + NOT_NAME_ZH
    + r"[\u4e00-\u9fa5]{2,4}?|[A-Za-z]{2,15}(?:\s"
    + _NOT_SURNAME
    + r"[A-Z][a-z]{1,14}\b(?!\s+[a-z]))?)(?=就行|就好|吧|[，,。.!！\s]|$|今年|然后|[在住]|是(?!的)|"
    + _COME_TO
    + r")|"
    r"(?:\b(?i:the name's|my name is|my name's|call me|my nmae is|everyone calls me|i go by)|(?:^|(?<=[.!?]\s))(?i:name's))\s+(?P<v2>[A-Z\u4e00-\u9fa5][\w\u4e00-\u9fa5'-]*(?:\s+[A-Z][a-z]+)?)|"
    r"(?:^|[,.!:]\s*)(?i:hey|hi|hello)?,?\s*I'm\s+(?P<v3>[A-Z][a-z]+)(?=[,.!]|$|\s+(?:and|by the way|btw|here|I'm)\b)",
)
_NAME_NOT = {
    "什么",
    "谁",
    "一名",
    "一个",
    "我",
    "他",
    "她",
    "一下",
    "一声",
    "not",
    "just",
    "so",
    "also",
    "back",
    "from",
}


def names(text: str) -> list[Found]:
    out: list[Found] = []
    for m in _NAME.finditer(text):
        v = m.group("v") or m.group("v2") or m.group("v3")
        if not v or v.lower() in _NAME_NOT or (m.group("v3") and v.lower() in _JOB_WORDS):
            continue
        out.append((m.start(), _fact("name", v)))
    return out


_JOB_WORDS = {
    "nurse",
    "teacher",
    "doctor",
    "lawyer",
    "vegan",
    "vegetarian",
    "allergic",
    "diabetic",
    "celiac",
    "sorry",
    "fine",
}
_LANG_ZH = {**{k: v for k, v in LANGUAGES.items() if not k.isascii()}, "闽南话": "Hokkien", "四川话": "Sichuanese", "上海话": "Shanghainese", "客家话": "Hakka", "广东话": "Cantonese"}  # fmt: skip
_LANG_CUE = re.compile(
    r"说|讲|会|母语|native|first language|mother tongue|speak|fluent|还行|流利|at home|at work", re.I
)


# A language the user says they speak badly or not at all ("英语不行", "英文一般般", "我不会说日语",
# "my French is rusty", "I don't speak German") is none they speak; "日语还行" still is.
_WEAK_AFTER = re.compile(
    r"^[^，。,.!！?？；;]{0,3}?(?:不行|一般|不太|不怎么|很差|太差|很烂|不好|差劲|渣|是短板)|"
    r"^\s+(?:is|was|'s)\s+(?:\w+\s+)?(?:bad|poor|rusty|terrible|awful|weak|so-so|weird|broken|shaky|limited|meh|"
    r"not (?:great|good|very good|perfect))\b",
    re.I,
)
_WEAK_BEFORE = re.compile(
    r"(?:不会|不懂|听不懂|不太会)(?:说|讲)?(?:一点)?$|\b(?:don't|do not|can't|cannot|never learned to) (?:speak|read) $",
    re.I,
)


def _weak(text: str, start: int, end: int) -> bool:
    return bool(_WEAK_AFTER.search(text[end:]) or _WEAK_BEFORE.search(text[max(0, start - 16) : start]))


def languages(text: str, lang: str) -> list[Found]:
    if not _LANG_CUE.search(text) or re.search(r"翻译|translate|学|learn|[吗?？]", text, re.I):
        return []
    out: list[Found] = []
    for word, name in _LANG_ZH.items():
        i = text.find(word)
        if i >= 0 and not any(f[1][2]["value"] == name for f in out) and not _weak(text, i, i + len(word)):
            out.append((i, _fact("language", name)))
    for word, name in LANGUAGES.items():
        if word.isascii():
            m = re.search(rf"\b{word}\b", text, re.I)
            if m and not any(f[1][2]["value"] == name for f in out) and not _weak(text, m.start(), m.end()):
                out.append((m.start(), _fact("language", name)))
    return out
