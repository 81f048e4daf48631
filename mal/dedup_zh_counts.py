"""Twelfth round (helper zh11): a Chinese count read the same way whatever numeral says it.

The signature (mal/dedup_text.py) drops a lone 一 as an article (一个蛋糕 / 蛋糕 say the same), and
reads neither 半 nor 俩 as a number, so two texts that count one thing differently could show the
veto equal number lists: "吃一片药，吃了两年" and "吃两片药，吃了一年" both read as (2,), and
半斤 / 一斤 as nothing at all. Here every numeral bound to a measure word (一片 / 两片, 一次 / 两次,
半斤 / 一斤, 一个 / 两个 / 俩, 几个) is read as a count of that measure, and `counts_differ` says
two texts count one measure differently: positive evidence of two facts. A count one text leaves
out (吃片药 / 吃一片药, 买了台电脑 / 买了一台电脑) is no difference, so restatements still reach
the model.

Pure functions over two texts; mal/dedup.py runs `counts_differ` as a veto check and as one of the
word rules' turning checks.
"""

from __future__ import annotations

import re
from functools import lru_cache

from mal.dedup_text import normalise

__all__ = ["counts", "counts_differ", "household_count"]

# Measure words (and the time units a count of them names). Longest first so 个月 wins over 个.
_MEASURES = (
    *("个小时", "个钟头", "个星期", "个礼拜", "个月", "小时", "分钟", "公斤", "毫升", "星期", "礼拜"),
    *("个", "片", "粒", "颗", "次", "回", "趟", "遍", "杯", "瓶", "罐", "碗", "盒", "包", "袋", "支"),
    *("根", "条", "只", "头", "张", "本", "台", "部", "辆", "套", "间", "件", "双", "对", "斤", "克"),
    *("升", "块", "天", "周", "年", "岁", "位", "名", "口", "顿", "层", "节", "份", "盆", "棵", "所"),
)
_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
# A numeral (Chinese or Arabic, 半 after it for "and a half"), 半, 几, 俩 or 仨, then a measure word.
# Not an ordinal (第一次, 头一回) nor a fraction's tail (三分之一); a lone 一 glued to no measure
# (一起, 一点, 一直) and a year (2023年) read as no count.
_COUNT = re.compile(
    r"(?<![第头之])(?P<n>[零〇一二两三四五六七八九十百千万\d][零〇一二两三四五六七八九十百千万\d.]*|半|几|俩|仨)"
    r"(?P<m>" + "|".join(sorted(_MEASURES, key=len, reverse=True)) + ")?(?P<half>半)?"
)
_COLLOQUIAL = {"俩": "2", "仨": "3"}  # 我们俩 = 我们两个
# 一个半小时 / 两个半月: the 半 between 个 and the unit belongs to the count of that unit
_HALF_UNIT = re.compile(r"半(小时|钟头|月|星期|礼拜)")


def _value(numeral: str, half: bool = False) -> str:
    """一 -> 1, 两 -> 2, 十二 -> 12, 2.5 -> 2.5, 半 -> 0.5, 几 -> 几; `half` adds a half (两斤半)."""
    if numeral == "几":
        return numeral
    if numeral == "半":
        value = 0.0
        half = True
    elif re.fullmatch(r"\d+(?:\.\d+)?", numeral):
        value = float(numeral)
    elif numeral in _DIGITS:
        value = float(_DIGITS[numeral])
    else:
        import cn2an

        try:
            value = float(cn2an.cn2an(numeral, "smart"))
        except (ValueError, KeyError, IndexError):
            return numeral
    value += 0.5 if half else 0.0
    return str(int(value)) if value.is_integer() else str(value)


@lru_cache(maxsize=4096)
def counts(text: str) -> frozenset[tuple[str, str]]:
    """(value, measure) for every numeral bound to a measure word, 俩 / 仨 as two / three of one:
    "每天吃两片，一次一片" -> {(2, 片), (1, 次), (1, 片)}; 一个月 / 三个星期 count 月 / 星期."""
    flat = normalise(text)
    out: set[tuple[str, str]] = set()
    for m in _COUNT.finditer(flat):
        numeral, measure, half = m.group("n"), m.group("m"), bool(m.group("half"))
        if numeral in _COLLOQUIAL:
            out.add((_COLLOQUIAL[numeral], "个"))  # 俩 is 两个 whatever follows it
            continue
        if not measure or (measure == "年" and len(numeral) >= 4):
            continue
        if measure == "个" and half:
            unit = _HALF_UNIT.match(flat, m.end("m"))
            if unit:
                out.add((_value(numeral, True), unit.group(1)))
                continue
        out.add((_value(numeral, half), measure.removeprefix("个") if len(measure) > 1 else measure))
    return frozenset(out)


@lru_cache(maxsize=4096)
def _bound(text: str) -> frozenset[tuple[str, str, str]]:
    """(value, measure, the character after the measure): 两只猫一只狗 -> (2, 只, 猫), (1, 只, 狗)."""
    flat = normalise(text)
    return frozenset(
        (_value(m.group("n"), bool(m.group("half"))), m.group("m"), flat[m.end() : m.end() + 1])
        for m in _COUNT.finditer(flat)
        if m.group("m") and m.group("n") not in _COLLOQUIAL and m.end() < len(flat)
    )


def _rebound(a: str, b: str) -> bool:
    """One measure counts the same numbers in both texts, bound to other things: 两只猫一只狗 /
    两只狗一只猫 (each thing both count, counted by another number)."""
    ba, bb = _bound(a), _bound(b)
    return any(
        {v for v, m, t in ba if t == thing and m == unit} & {v for v, m, t in bb if t == thing and m == unit} == set()
        for _, unit, thing in ba
        if any(m == unit and t == thing for _, m, t in bb)
    )


def counts_differ(a: str, b: str) -> bool:
    """Both texts count one measure, and never by the same number: 一片 / 两片, 半斤 / 一斤,
    一次 / 两次, 几个 / 三个, 俩 / 三个. A measure only one text counts is no evidence (片药 / 一片药),
    nor one text counting a measure twice where the other says one of its counts (两片，一次一片 / 两片).
    The same counts bound to other things differ too (两只猫一只狗 / 两只狗一只猫: `_rebound`)."""
    ca, cb = counts(a), counts(b)
    return any(
        not {v for v, u in ca if u == m} & {v for v, u in cb if u == m} for m in {u for _, u in ca} & {u for _, u in cb}
    ) or _rebound(a, b)


# review12: siblings counted with the user (我家兄弟姐妹三个, 我们兄弟三个: the user is one of them)
# against siblings the user has (我有三个兄弟姐妹: the user is not).
_SIBLINGS = r"(?:兄弟姐妹|兄弟|姐妹|姊妹|兄妹|姐弟)"
_N = r"[\d一二两三四五六七八九十]+|俩|仨"
_WITH_USER = re.compile(
    r"(?:我家|我们家|家里|咱家|我们|咱们)(?:一共|共|总共)?(?:有)?(?:" + _N + r")?个?" + _SIBLINGS + r"|"
    r"(?:我家|我们家|家里|咱家|我们|咱们)" + _SIBLINGS + r"(?:一共|共|总共)?(?:" + _N + ")"
)
_USER_HAS = re.compile(r"我(?:一共|共|总共)?有(?:" + _N + r")个?" + _SIBLINGS)


def household_count(a: str, b: str) -> bool:
    """One text counts siblings with the user among them (我家兄弟姐妹三个), the other the siblings
    the user has (我有三个兄弟姐妹): two counts of one family."""
    x, y = normalise(a), normalise(b)
    return any(
        _WITH_USER.search(s) and not _USER_HAS.search(s) and _USER_HAS.search(t) and not _WITH_USER.search(t)
        for s, t in ((x, y), (y, x))
    )
