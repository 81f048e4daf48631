"""Verdicts on an answer said without a mood word: 说得很清楚 / 你算错了吧 / 太水了 / "so smart".

The mood lexicon (parsers/sentiment.py) holds words of feeling; users judge the assistant's work
just as often by what the answer *was* (clear, wrong, watery, stiff, a dead end). Without a mood
word the feedback fact had no `sentiment`, although the learned layer had already named the turn
feedback. These words are read only on that path (the learned layer said `feedback` and no trigger
rule fired, parsers/rules.py `cued_match`): on their own, 清楚 or 不对 say nothing about the service.

The value is a normalised polarity (label format: `positive` / `negative`), never text.
"""

from __future__ import annotations

import re
from typing import Any

from parsers.feedback_rules import _TARGET_EN, _TARGET_ZH, POLARITY, feedback_fact, pointed_work
from parsers.model import EntityRef

__all__ = ["verdict", "verdict_feedback"]

Match = tuple[str, float, dict[str, Any], list[EntityRef]]

# Faults of an answer: wrong, inaccurate, empty, padded, stiff, leading nowhere.
_NEGATIVE = re.compile(
    r"不对|不准|不太准|错了|[算说翻搞弄写讲答记]错|翻措|有错|出错|太水|很水|好水|水了|注水|离谱|生硬|别扭|"
    r"走不通|行不通|不通顺|用不了|不管用|不好使|啰嗦|啰唆|太长了|太笼统|太空|太泛|泛泛|车轱辘|废话|"
    r"看不懂|没看懂|听不懂|驴唇不对马嘴|牛头不对马嘴|误导|坑了|害我|白费|失望|"
    r"(?<![A-Za-z])(?:wrong|inaccurate|incorrect|confusing|vague|generic|misleading|clunky|awkward|"
    r"robotic|outdated|off base|doesn't work|does not work|broken)(?![A-Za-z])",
    re.I,
)
# Faults that judge an answer only when a piece of the assistant's work is pointed at ("这个翻译不太对",
# "Your translation is weird"): alone, 他说的不太对 / "DeepL translation is weird" judge no answer (review30).
_NEGATIVE_WORK = re.compile(r"不太对|(?<![A-Za-z])(?:weird|missed the (?:main |whole )?point)(?![A-Za-z])", re.I)
# Merits of an answer: clear, accurate, practical, better than the user's own.
_POSITIVE = re.compile(
    r"清楚|清晰|明白了|懂了|厉害|绝了|强多了|比我强|到位|专业|有道理|准确|精准|很准|挺准|好用|管用|有效|"
    r"实用|详细|贴心|完美|受教|学到了|太好了|真棒|很棒|好棒|优秀|地道|满意|不错|可以啊|稳了|"
    r"(?<![A-Za-z])(?:helpful|smart|clear|accurate|useful|brilliant|awesome|perfect|great|amazing|"
    r"excellent|impressive|genius|clever|thorough|detailed)(?![A-Za-z])",
    re.I,
)
# A merit denied is a fault: 不清楚 / 不太准确 / 不够详细 / "not clear", "not helpful".
_DENIED = re.compile(r"(?:不|没|不太|不够|不是很|没那么|(?<![A-Za-z])not(?: very| that| so| really)?)\s?$", re.I)


def verdict(text: str) -> tuple[str, float] | None:
    """The mood a verdict on an answer implies (`frustrated` / `satisfied`, as the mood lexicon
    names them), or None when the turn holds none. A fault outranks a merit ("清楚是清楚，但算错了"),
    as a negative feeling outranks a positive one in the mood lexicon."""
    if _NEGATIVE.search(text) or (_NEGATIVE_WORK.search(text) and pointed_work(text)):
        return "frustrated", 0.7
    for m in _POSITIVE.finditer(text):
        if _DENIED.search(text[max(0, m.start() - 6) : m.start()]):
            return "frustrated", 0.6
    if _POSITIVE.search(text):
        return "satisfied", 0.7
    return None


def verdict_feedback(text: str, lang: str, mood: tuple[str, float]) -> Match | None:
    """The feedback fact of a turn the learned layer called feedback, when no mood word gave it a
    polarity but a verdict on the answer does (the topic is read as feedback_match reads it)."""
    if mood[0] in POLARITY:
        return None  # a mood word was there: feedback_match decided
    said = verdict(text)
    if said is None:
        return None
    targeted = (_TARGET_ZH.search(text) if lang != "en" else None) or (
        _TARGET_EN.search(text) if lang != "zh" else None
    )
    topic = targeted.group(0).lower() if targeted else "general"
    return feedback_fact(text, said[0], said[1], topic, 0.7)
