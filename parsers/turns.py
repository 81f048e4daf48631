"""Turns that carry no fact of their own: bare corrections ("不对，是800不是500", "actually 800, not
500") and small talk ("好的谢谢", "ok thanks"). Split from parsers/rules.py, which matches intents."""

from __future__ import annotations

import re

from parsers.lexicon import SMALLTALK_EN, SMALLTALK_ZH
from parsers.model import Correction
from parsers.requests import is_greeting

__all__ = ["correction", "is_smalltalk"]

_PUNCT = re.compile(r"[\s，。！？!?,.~～…、；;：:]+")


# -- forget and correction --------------------------------------------------------------------
# Forget detection lives in parsers/forgetting.py (whole words / jieba tokens, imperatives only).


_CORR_ZH = re.compile(
    # 报错了 / 出错了 is a program failing ("代码报错了，怎么办"), not the user saying "wrong"
    r"(?:不对|不是的|(?<![报出])错了|说错了|搞错了|更正|纠正)(?:一下)?[，,。\s]*(?:应该)?是?(?P<new>[^，,。不]+?)(?:[，,\s]*(?:而)?不是(?P<old>[^，,。\s]+)(?:\s+[^，,。]*)?)?[。！!]?$"
)
# The two values in parallel, a short subject before them ("猫的名字是团子，不是丸子", "预算不是五千，是八千"):
# a correction by its grammar, with no cue word (every writer labelled this shape so). Not about
# someone else (他/她/你), and not a statement about the user (我不是医生，是护士 is the job).
_SUBJ_ZH = r"(?:(?![^，,。]*[我他她你])[^，,。不是]{1,8}?)?"
# An apology may open the parallel shape ("不好意思，预算是5000不是3000", parse23): still a correction;
# a place said as 从X出发 is X.
_SORRY_ZH = r"(?:(?:不好意思|抱歉|对不起|(?i:sorry))[，,\s]*)?"
_CORR_ZH2 = re.compile(
    rf"^{_SORRY_ZH}{_SUBJ_ZH}(?:应该)?是(?:从(?=[^，,。]+?出发))?(?P<new>[^，,。]+?)(?:出发)?[，,\s]*(?:而)?不是(?P<old>[^，,。]+?)[哈啊呀吧呢]*[。！!]?$"
)
_CORR_ZH3 = re.compile(
    rf"^{_SORRY_ZH}{_SUBJ_ZH}不是(?P<old>(?![^，,。]*我)(?!的[，,])[^，,。]+?)[，,]\s*(?:而)?是(?P<new>[^，,。]+?)[哈啊呀吧呢]*[。！!]?$"
)
_CORR_EN = re.compile(
    # "no" / "nope" is a cue before a pause or a clause, not before a noun it negates ("No allergies
    # that I know of", "no spicy food for me": two retired writers, read as corrections before)
    r"^(?:(?:actually|correction|sorry|wait|oops)[,:\s]+|no(?:pe)?(?:[,:!.-]+\s*|\s+(?=(?:it'?s|it is|i|i'm|not|my|"
    r"make|that|wait|sorry|actually|we|our)\b)))(?:i meant\s+|it'?s\s+|it is\s+|make that\s+|that should be\s+)?"
    r"(?P<new>[^,;]+?)(?:[,;]?\s*not\s+(?P<old>[^,.;]+))?\.?$",
    re.IGNORECASE,
)
_CORR_EN2 = re.compile(r"^(?:it'?s|it is)\s+(?P<new>[^,;]+?),?\s+not\s+(?P<old>[^,.;]+)\.?$", re.IGNORECASE)


def _norm_value(value: str) -> str:
    value = value.strip(" 。.！!")
    m = re.fullmatch(r"(\d{4})\s*年", value)
    if m:
        return m.group(1)
    m = re.fullmatch(r"[\$¥]?\s*(\d+(?:\.\d+)?)\s*(元|块|块钱|美元|dollars|yuan|rmb)?", value, re.IGNORECASE)
    if m:
        return m.group(1)
    return value


def correction(text: str, lang: str) -> Correction | None:
    stripped = text.strip()
    for pattern in (_CORR_ZH2, _CORR_ZH, _CORR_ZH3, _CORR_EN2, _CORR_EN):
        m = pattern.search(stripped) if pattern is _CORR_ZH else pattern.match(stripped)
        if m and m.group("new"):
            old = m.group("old")
            return Correction(_norm_value(m.group("new")), _norm_value(old) if old else None)
    return None


_SMALLTALK_WORDS = {
    "ok",
    "okay",
    "thanks",
    "thank",
    "you",
    "yes",
    "no",
    "sure",
    "cool",
    "hi",
    "hey",
    "hello",
    "there",
    "bye",
    "nice",
    "great",
    "lol",
    "yeah",
    "yep",
    "nah",
    "got",
    "it",
    "good",
    "morning",
    "night",
    "see",
    "ya",
    "alright",
    "fine",
}


# Greetings, thanks and weather chat as whole turns, with the fillers people add ("how are you
# today?", "nice weather today huh", "辛苦了辛苦了", "在不在", "ty"): a family, not a word list.
_CHAT_EN = re.compile(
    r"^(?:(?:hey|hi|hello|yo|ok|okay|so|(?:good\s+)?(?:morning|afternoon|evening))[\s,!.]+)?(?:how(?:'s|\s+is)\s+(?:it|everything|life|your day)\s+going|"
    r"how\s+(?:are|r)\s+(?:you|u|things|ya)(?:\s+doing)?|how\s+have\s+you\s+been|what'?s\s+up|wh?at'?s\s+new|sup|"
    r"ty|tysm|thx|thanks+|thank\s+(?:you|u)(?:\s+so\s+much)?|much\s+appreciated|cheers|"
    r"(?:nice|lovely|great|beautiful|awful|terrible)\s+(?:weather|day)|good\s+(?:morning|night|evening|afternoon)|"
    r"have\s+a\s+(?:good|nice|great)\s+(?:one|day|night|weekend)|see\s+(?:you|ya)(?:\s+later)?|"
    r"(?:hey|hi|hello)\s+there|happy\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|holidays|"
    r"new\s+year|thanksgiving|easter|diwali|new\s+year's))"
    r"(?:[\s,]+(?:today|tonight|this\s+morning|huh|lol|haha|man|dude|buddy|friend|again|mate|there|for\s+that|"
    # gratitude that judges no answer: "Thanks so much, you're a lifesaver", "thx, appreciate it"
    r"so\s+much|a\s+lot|isn'?t\s+it|(?:you(?:'re|\s+are)\s+)?(?:a\s+)?(?:life\s?saver|star|legend|the\s+best|awesome)|"
    r"(?:i\s+)?appreciate\s+it|everyone|all|y'?all))*\W*$",
    re.I,
)
_CHAT_ZH = re.compile(
    r"^(?:(?:辛苦(?:了|啦)|在不在|在吗|你好呀?|早(?:上好|安)?|晚上好|中午好|下午好|晚安|周末愉快|谢谢(?:你|啦|了)?|多谢|帮(?:了我|了)?大忙(?:了)?|"
    r"今天天气(?:真|很|挺|好)?(?:不错|好|热|冷|差)|天气(?:真|很|挺)?(?:不错|好)|哈+|嘿嘿|嗯+|好嘞|好哒|么么哒)"
    r"[啊呀啦哈哦吧嘛～~！!，,。.？?\s]*)+$"
)


def is_smalltalk(text: str, lang: str) -> bool:
    core = _PUNCT.sub("", text.lower())
    if not core:
        return True
    if _CHAT_EN.match(text.strip()) or _CHAT_ZH.match(text.strip()) or is_greeting(text):
        return True
    vocab = SMALLTALK_ZH if lang != "en" else SMALLTALK_EN
    if core in {_PUNCT.sub("", v) for v in vocab}:
        return True
    words = re.findall(r"[a-z']+", text.lower())
    pieces = [p for p in _PUNCT.split(re.sub(r"[A-Za-z']+", " ", text)) if p]
    zh_vocab = {_PUNCT.sub("", v) for v in SMALLTALK_ZH}
    english_ok = len(words) <= 4 and all(w in _SMALLTALK_WORDS for w in words)
    chinese_ok = all(
        p in zh_vocab or len(p) <= 1 or (len(p) <= 4 and any(p.startswith(v) for v in zh_vocab if len(v) >= 2))
        for p in pieces
    )
    if lang == "en":
        return english_ok
    return (english_ok and chinese_ok) or len(core) <= 2
