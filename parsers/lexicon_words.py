"""Word lists split from parsers/lexicon.py (re-exported there): the chat vocabulary that marks a
turn as smalltalk, and English number words. Data, not logic."""

from __future__ import annotations

__all__ = ["EN_NUMBERS", "EN_TENS", "SMALLTALK_EN", "SMALLTALK_ZH"]

SMALLTALK_ZH = [
    "你好",
    "您好",
    "在吗",
    "谢谢",
    "多谢",
    "好的",
    "嗯",
    "哈哈",
    "再见",
    "拜拜",
    "早上好",
    "晚安",
    "没事",
    "没问题",
    "知道了",
    "收到",
    "明白",
    "ok",
    "行",
    "可以",
    "嗯嗯",
    "你是谁",
    "今天天气",
]
SMALLTALK_EN = [
    "hi",
    "hello",
    "hey",
    "thanks",
    "thank you",
    "ok",
    "okay",
    "bye",
    "goodbye",
    "good morning",
    "good night",
    "cool",
    "got it",
    "sure",
    "lol",
    "how are you",
    "who are you",
    "nice",
    "yes",
    "no",
]

# English number words, shared by the age reader and the eval's invented-value check.
EN_NUMBERS = {
    w: i
    for i, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
}
EN_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
