"""Numerals as values, for the canonical reading of quantities (mal/dedup_quantities.py).

English number words ("forty", "twenty-five", "nine"), Chinese numerals (四万五, 两千, 二十三, 俩)
and digits, each read into one float, with the regular-expression pieces that find them. A
numeral this reading cannot take returns None, and the caller reads nothing there. Hand-written
(no cn2an: a dedup check runs per candidate and must stay well under a millisecond).

Pure functions; no imports from mal.
"""

from __future__ import annotations

__all__ = ["EN_HOUR", "EN_NUM", "ZH_NUM", "en_value", "zh_value"]

_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_EN_WORDS = {
    **{w: i + 1 for i, w in enumerate(_UNITS)},
    **{w: i + 10 for i, w in enumerate(_TEENS)},
    **{w: 20 + 10 * i for i, w in enumerate(_TENS)},
}
# "one" is left out of the counts: it is as often a pronoun ("the blue one", "no one"); the
# signature reads it where it counts, and the residue check compares what it reads
_COUNT_WORDS = sorted((w for w in (*_UNITS[1:], *_TEENS) if w != "one"), key=len, reverse=True)
EN_NUM = (
    r"\d+(?:\.\d+)?"
    rf"|(?:{'|'.join(_TENS)})(?:[- ](?:{'|'.join(_UNITS)}))?"
    rf"|{'|'.join(_COUNT_WORDS)}"
)
# an hour said as a word or in digits (one to twelve)
EN_HOUR = rf"1[0-2]|0?[1-9]|{'|'.join(sorted(_UNITS + _TEENS[:3], key=len, reverse=True))}"
ZH_NUM = r"[零〇一二两三四五六七八九十百千万\d.]+|俩|仨"

_ZH_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_ZH_SCALES = {"十": 10, "百": 100, "千": 1000}
_BELOW = {10_000: 1000, 1000: 100, 100: 10}  # 四万五 is 45000, 三千五 3500, 两百五 250


def en_value(word: str) -> float | None:
    """An English numeral as a number: "40", "4.5", "forty", "twenty-five", "twenty five"."""
    word = word.strip()
    try:
        return float(word)
    except ValueError:
        pass
    parts = word.replace("-", " ").split()
    if not parts or any(p not in _EN_WORDS for p in parts):
        return None
    if len(parts) == 2 and parts[0] in _TENS and parts[1] in _UNITS:
        return float(_EN_WORDS[parts[0]] + _EN_WORDS[parts[1]])
    return float(_EN_WORDS[parts[0]]) if len(parts) == 1 else None


def zh_value(numeral: str) -> float | None:
    """A Chinese numeral (or digits, or digits with 万 / 千) as a number: 十一 11, 二十三 23, 两千 2000,
    四万五 45000, 1.5万 15000, 俩 2. None for what is no one number (一一, 三四: "three or four")."""
    if numeral in ("俩", "仨"):
        return 2.0 if numeral == "俩" else 3.0
    if "万" in numeral:
        head, _, tail = numeral.partition("万")
        high = zh_value(head) if head else None
        if high is None:
            return None
        if not tail:
            return high * 10_000
        low = zh_value(tail)
        if low is None:
            return None
        return high * 10_000 + (low * _BELOW[10_000] if len(tail) == 1 and tail in _ZH_DIGITS else low)
    try:
        return float(numeral)
    except ValueError:
        pass
    return _below_wan(numeral)


def _below_wan(numeral: str) -> float | None:
    total, digit, last_scale = 0, None, 0
    for char in numeral:
        if char in _ZH_DIGITS:
            if digit is not None and char not in "零〇":
                return None  # 三四: two digits in a row are a guess, not a number
            digit = _ZH_DIGITS[char] if char not in "零〇" else None
        elif char in _ZH_SCALES:
            scale = _ZH_SCALES[char]
            total += (1 if digit is None else digit) * scale
            digit, last_scale = None, scale
        else:
            return None
    if digit is not None:
        # 三千五 is 3500, 两百五 250, 二十五 25
        total += digit * _BELOW[last_scale] if last_scale >= 100 and numeral[-2] in _ZH_SCALES else digit
    return float(total) if numeral else None
