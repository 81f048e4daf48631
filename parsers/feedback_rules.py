"""Feedback on the service: the words users judge an answer with, and the feedback fact.

Two vocabularies meet here. The turn-level mood (`ParseResult.sentiment`: satisfied / frustrated /
angry, with an intensity) drives the tone instruction another part of the service builds, so its
labels stay as they are. The feedback fact's `sentiment` slot carries the label format's polarity
(positive / negative, docs/parser_labels.md) and keeps the finer mood in `mood`, so neither
consumer has to translate the other's words. Split from parsers/rules.py.
"""

from __future__ import annotations

import re
from typing import Any

from parsers.model import EntityRef

__all__ = ["FEEDBACK_WORDS", "MOOD_WORDS", "POLARITY", "feedback_fact", "feedback_match", "pointed_work"]

Match = tuple[str, float, dict[str, Any], list[EntityRef]]
# Words that judge an answer or the assistant (merged into the sentiment lexicon). Only phrases
# that are about the help received: bare 牛 would also hit 牛肉, so the colloquial forms are listed.
FEEDBACK_WORDS: dict[str, tuple[str, float]] = {
    "敷衍": ("frustrated", 0.8),
    "答非所问": ("frustrated", 0.85),
    "啥玩意": ("angry", 0.8),
    "无语": ("frustrated", 0.75),
    "好烦": ("frustrated", 0.75),
    "不靠谱": ("frustrated", 0.8),
    "不好用": ("frustrated", 0.75),
    "又忘了": ("frustrated", 0.75),
    "记不住": ("frustrated", 0.75),
    "太差": ("angry", 0.8),
    "靠谱": ("satisfied", 0.75),
    "牛啊": ("satisfied", 0.8),
    "太牛了": ("satisfied", 0.8),
    "真牛": ("satisfied", 0.8),
    "牛逼": ("satisfied", 0.8),
    "点赞": ("satisfied", 0.8),
    "绝绝子": ("satisfied", 0.8),
    "懂我": ("satisfied", 0.8),
    "记性真好": ("satisfied", 0.8),
    "好使": ("satisfied", 0.75),
    "给力": ("satisfied", 0.8),
    "太棒了": ("satisfied", 0.85),
    "正是我想要的": ("satisfied", 0.85),
    "帮大忙": ("satisfied", 0.8),
    "帮了大忙": ("satisfied", 0.8),
    "帮了我大忙": ("satisfied", 0.8),
    "帮了我很多": ("satisfied", 0.8),
    "帮到我了": ("satisfied", 0.75),
    "很有帮助": ("satisfied", 0.8),
    "太有帮助": ("satisfied", 0.8),
    "很有用": ("satisfied", 0.75),
    "太有用": ("satisfied", 0.8),
    "挺有用": ("satisfied", 0.75),
    "没什么用": ("frustrated", 0.75),
    "一点用都没有": ("angry", 0.8),
    "really helpful": ("satisfied", 0.8),
    "was helpful": ("satisfied", 0.75),
    "really useful": ("satisfied", 0.8),
    "helped a lot": ("satisfied", 0.8),
    "helped me a lot": ("satisfied", 0.8),
    "made no sense": ("frustrated", 0.8),
    "makes no sense": ("frustrated", 0.8),
    "useless": ("frustrated", 0.8),
    "nailed it": ("satisfied", 0.85),
    "super helpful": ("satisfied", 0.85),
    "so helpful": ("satisfied", 0.8),
    "very helpful": ("satisfied", 0.8),
    "exactly what i needed": ("satisfied", 0.85),
    "exactly what i wanted": ("satisfied", 0.85),
    "getting better": ("satisfied", 0.75),
    "way better": ("satisfied", 0.75),
    "spot on": ("satisfied", 0.8),
    "10/10": ("satisfied", 0.8),
    "worked perfectly": ("satisfied", 0.85),
    "life saver": ("satisfied", 0.85),
    "lifesaver": ("satisfied", 0.85),
    "completely wrong": ("angry", 0.8),
    "totally wrong": ("angry", 0.8),
    "that's wrong": ("frustrated", 0.75),
    "keep forgetting": ("frustrated", 0.8),
    "keeps forgetting": ("frustrated", 0.8),
    "not helpful": ("frustrated", 0.8),
    "unhelpful": ("frustrated", 0.8),
    "trash": ("angry", 0.85),
    "garbage": ("angry", 0.85),
    "so laggy": ("frustrated", 0.75),
    "waste of time": ("angry", 0.85),
    # judging an answer or a recommendation in chat words ("meh", "was fire", "浪费我时间")
    "meh": ("frustrated", 0.7),
    "not what i asked for": ("frustrated", 0.8),
    "not what i asked": ("frustrated", 0.8),
    "didn't help": ("frustrated", 0.75),
    "was fire": ("satisfied", 0.8),
    "were fire": ("satisfied", 0.8),
    "不行啊": ("frustrated", 0.75),
    "浪费我时间": ("angry", 0.8),
    "没帮上忙": ("frustrated", 0.75),
    # the answer judged by what it did or how far off it was ("your fix worked", "way off", 没听懂)
    "fix worked": ("satisfied", 0.8),
    "that worked": ("satisfied", 0.8),
    "way off": ("frustrated", 0.8),
    "did you even read": ("angry", 0.8),
    "didn't read": ("frustrated", 0.75),
    "way too long": ("frustrated", 0.75),
    "too wordy": ("frustrated", 0.75),
    "much better": ("satisfied", 0.75),
    "answer was wrong": ("frustrated", 0.8),
    "没听懂": ("frustrated", 0.75),
    "不合我胃口": ("frustrated", 0.75),
    "问题解决了": ("satisfied", 0.8),
    "方法有用": ("satisfied", 0.75),
    "建议有用": ("satisfied", 0.75),
    "真有用": ("satisfied", 0.75),
    "yyds": ("satisfied", 0.85),
    # the answer ignored or the work judged as written or arranged ("you keep ignoring what I
    # asked", "总结写得挺好", "行程安排得挺合理")
    "keep ignoring": ("frustrated", 0.8),
    "keeps ignoring": ("frustrated", 0.8),
    "you ignored": ("frustrated", 0.75),
    "写得挺好": ("satisfied", 0.75),
    "写得很好": ("satisfied", 0.8),
    "写得不错": ("satisfied", 0.75),
    "写得真好": ("satisfied", 0.8),
    "安排得挺合理": ("satisfied", 0.75),
    "安排得很合理": ("satisfied", 0.8),
    "安排得不错": ("satisfied", 0.75),
    "就按这个来": ("satisfied", 0.7),
}
# Words with a mood that judge help only when the answer, a recommendation or "you" is named ("Your
# recipe suggestion was a hit"; "The party was a hit" is chat): in the mood lexicon, not in _JUDGING.
MOOD_WORDS: dict[str, tuple[str, float]] = {
    "was a hit": ("satisfied", 0.8),
    "were a hit": ("satisfied", 0.8),
    "worked great": ("satisfied", 0.8),
    "pretty bad": ("frustrated", 0.75),
    "didn't work": ("frustrated", 0.75),
    # code given that fails when run ("that code you gave me throws an error", "你给的代码报错了")
    "throws an error": ("frustrated", 0.8),
    "throws errors": ("frustrated", 0.8),
    "doesn't compile": ("frustrated", 0.8),
    "doesn't even run": ("frustrated", 0.8),
    "报错了": ("frustrated", 0.8),
    "跑不起来": ("frustrated", 0.8),
    "跑不通": ("frustrated", 0.8),
    "不太行": ("frustrated", 0.7),
    "浪费时间": ("frustrated", 0.75),
    "踩雷": ("frustrated", 0.75),
    "踩坑": ("frustrated", 0.7),
    # mild praise that judges help only with the answer named ("这个推荐还不错", "那个方案挺合理")
    "还不错": ("satisfied", 0.7),
    "挺合理": ("satisfied", 0.7),
}
_JUDGING = re.compile(
    "|".join(
        re.escape(t) if not t.isascii() else rf"\b{re.escape(t)}(?!\w)" for t in sorted(FEEDBACK_WORDS, key=len)[::-1]
    ),
    re.I,
)
POLARITY = {"satisfied": "positive", "frustrated": "negative", "angry": "negative"}
_TARGET_ZH = re.compile(
    r"响应|回复|回答|推荐|答的|答得|速度|反应|系统|客服|软件|应用|app|APP|服务|你们|你的|你这|你|界面|功能|体验|助手|机器人|AI"
)
_TARGET_EN = re.compile(
    r"\b(responses?|repl(?:y|ies)|answers?|apps?|service|support|system|you|your|interface|features?|"
    r"experience|bot|assistant|update|it|this|that)\b",
    re.IGNORECASE,
)
# "Thanks, Dave!", "Wow, Joanna!": the turn speaks to a person by name (LoCoMo-style chat).
_VOCATIVE = re.compile(
    r"(?:^|[.!?]\s*)(?:hey|hi|thanks|thank you|wow|yeah|yep|congrats|woo\w*|oh|sounds great|that's \w+),?\s+"
    r"[A-Z][a-z]+\b(?!\s+(?:is|was|app|service))|,\s+[A-Z][a-z]+[!.?]"
)
_SERVICE_EN = re.compile(
    r"\b(?:app|service|support team|system|answers?|responses?|repl(?:y|ies)|bot|assistant|feature|update|interface|"
    r"recommendations?|suggestions?|recs?|advice|tips?)\b",
    re.I,
)

# A piece of the assistant's work named by what it is ("这个解释很清楚", "Great job on that email draft",
# "这个 translation 有点 weird"): on the learned layer's cue it names the service as "answer" does (parse23).
# Someone else's work ("My sister's translation", "我姐姐的翻译") is not the assistant's.
# The work must be pointed at the assistant (your / this / that / 你的 / 这个 / 刚才的), and no other owner,
# tool or person be in the turn: "My sister translated it and the translation is weird", "DeepL
# translation is weird", "The explanation my doctor gave was weird", 谷歌翻译不太对 are not about the
# assistant (review30).
_WORK_WORD = (
    r"(?:解释|翻译|总结|摘要|草稿|译文|"
    r"\b(?:summary|summaries|draft|drafts|translation|translations|explanation|explanations|rewrite|outline)\b)"
)
_WORK = re.compile(
    # or an exclamation opening the turn ("Great translation, very accurate.", "翻译得不错")
    r"(?:^\s*(?:[A-Za-z'-]+\s+)?|\b(?:your|you|this|that)\s+(?:[a-z'-]+\s+){0,3}?|"
    r"(?:你的|你这个?|你那个?|这个|这份|这篇|这段|这次的?|那个|那份|刚才的?|刚刚的?|上面的?)\s*(?:[\u4e00-\u9fa5]{1,4}?\s*)?)"
    + _WORK_WORD,
    re.I,
)
_OTHER_OWNER = re.compile(
    r"\b(?:my|his|her|their|our|he|she|they|him|them|mom|dad|sister|brother|friend|friends|doctor|teacher|boss|"
    r"colleague|coworker|google|deepl|chatgpt|gpt|movie|film|show|subtitles?|book|novel|app|tool|website|site)\b|"
    r"\w['’]s\b(?<!\bthat's)(?<!\bit's)(?<!\bwhat's)(?<!\bhere's)|"
    r"我的|他|她|谷歌|百度|有道|必应|医生|老师|朋友|同事|老板|电影|字幕|书里|小说|软件|网站|网上|别人|妈|爸|姐|哥|弟|妹",
    re.I,
)


def pointed_work(text: str) -> bool:
    """A piece of the assistant's work pointed at ("your translation", "这个解释", "刚才的 summary") in a
    turn naming no other owner, tool or person."""
    return bool(_WORK.search(text)) and not _OTHER_OWNER.search(text)


def feedback_fact(text: str, label: str, intensity: float, topic: str, confidence: float) -> Match:
    """The feedback fact: polarity in `sentiment` (label format), the finer mood in `mood`."""
    slots = {
        "content": text.strip()[:120],
        "sentiment": POLARITY[label],
        "mood": label,
        "intensity": intensity,
        "topic": topic,
    }
    return ("feedback", confidence, slots, [EntityRef(topic, "feedback_topic", "GAVE_FEEDBACK")])


def feedback_match(text: str, lang: str, mood: tuple[str, float], cued: bool = False) -> Match | None:
    """Feedback read from the turn's mood. Without the learned layer's cue it needs the service (or
    "you") named, or a strong word: praise to a friend is chat, not feedback on the service."""
    label, intensity = mood
    if label not in POLARITY:
        return None
    targeted = (_TARGET_ZH.search(text) if lang != "en" else None) or (
        _TARGET_EN.search(text) if lang != "zh" else None
    )
    topic = targeted.group(0).lower() if targeted else "general"
    if cued:
        # The learned layer's "feedback" also fires on warm chat between friends ("Wow, great pic!");
        # it makes a fact only with a judging word or the service named.
        named = bool(
            _JUDGING.search(text) or _SERVICE_EN.search(text) or (lang != "en" and _TARGET_ZH.search(text))
        ) or pointed_work(text)
        return feedback_fact(text, label, intensity, topic, 0.75) if named and not _VOCATIVE.search(text) else None
    judged = _JUDGING.search(text)
    if judged and not _VOCATIVE.search(text) and len(text.split()) <= 12:
        # a word that judges help ("spot on", "敷衍", "keep forgetting") in a short turn: feedback
        # even without the service named, and strong enough to stand against a learned guess
        return feedback_fact(text, label, intensity, topic, 0.85)
    if lang != "zh" and not _SERVICE_EN.search(text):
        # Without the service named, only a short turn said to "you" can be feedback, and not praise
        # to a friend by name: "Wow, that's a great photo!" is chat.
        if _VOCATIVE.search(text) or len(text.split()) > 14 or not re.search(r"\byou(?:r|'re)?\b", text, re.I):
            return None
    if not targeted and intensity < 0.75:
        return None
    return feedback_fact(text, label, intensity, topic, 0.5 + 0.3 * intensity)
