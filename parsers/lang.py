"""Which language a text is in, and the one rule for mixed text: it counts as Chinese.

`detect_lang` answers "zh", "en" or "mixed" (Chinese with a lot of Latin words). Everything that
needs a two-way choice (a template, a spaCy pipeline, BM25 fields, an answer's language) asks
`as_zh_or_en`, so "mixed counts as zh" is decided here and nowhere else.
"""

from __future__ import annotations

import re
from typing import Literal

__all__ = ["as_zh_or_en", "counts_as_zh", "detect_lang"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]{2,}")


def detect_lang(text: str) -> str:
    cjk = len(_CJK.findall(text))
    latin = sum(len(w) for w in _LATIN.findall(text))
    if cjk == 0:
        return "en"
    if latin > cjk * 2:
        return "mixed"
    return "zh"


def counts_as_zh(lang: str) -> bool:
    """Mixed Chinese/English text is handled as Chinese (its Chinese words need jieba and gse)."""
    return lang in {"zh", "mixed"}


def as_zh_or_en(lang: str) -> Literal["zh", "en"]:
    return "zh" if counts_as_zh(lang) else "en"
