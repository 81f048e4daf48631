"""Span slots for dedup's slot checks (mal/dedup.py): when one span holds another and still names
the same thing (新电脑 / 一台新电脑, jazz / jazz music), and when the longer names another (peanuts /
peanuts and shellfish, nurse / nurse practitioner, teacher / substitute teacher). Split from
mal/dedup.py to keep each module under the house size; pure functions over two strings.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from mal.dedup_text import is_cjk

__all__ = ["same_span", "titled"]

# A span that goes on into a list: "peanuts and shellfish", "花生和虾".
_LIST_TAIL = re.compile(r"(?:和|与|及|跟|还有|、|,|，|&|(?:and|or|plus|as well as)\b)", re.I)
# Words after an English item that name its category, not another thing: "jazz music", "Android user".
_CATEGORY_TAILS = frozenset(
    (
        "music",
        "songs",
        "food",
        "foods",
        "dishes",
        "cuisine",
        "films",
        "movies",
        "shows",
        "games",
        "user",
        "fan",
        # a condition with its generic head: Alzheimer's / Alzheimer's disease (fourteenth round)
        "disease",
        "syndrome",
        "disorder",
        "音乐",
        "歌",
        "菜",
        "电影",
        "食物",
        "东西",
        "用户",
        "类",
        "之类",
        "这类",
        "手机",
    )
)
# Characters a parser's loose cut goes on with after an item (猫毛会让我, 辣的东西, 咖啡都不加糖): no head.
_ZH_LINKS = frozenset(
    "会让是的了就都也很在有被给对和与及跟还我你他她它这那不没能要想得地着过吗呢吧啊一二两三四五六七八九十几每"
)
_COPULA = re.compile(r"(?:就是|是|为|的|(?:is|are|was|were)\b)")


def same_span(a: str, b: str, title: bool = False) -> bool:
    """One span holds the other, and the shorter is no mere fragment: 新电脑 in 一台新电脑, not 茶 in
    绿茶 (two CJK characters or one Latin word at least). Not a longer list (peanuts / peanuts and
    shellfish), and for a title (`_titled`) not a new head (nurse / nurse practitioner, 护士 / 护士长)."""
    short, long = sorted((a, b), key=len)
    if short not in long or _new_head(short, long, title) or (title and _longer_title(short, long)):
        return False
    if is_cjk(short):
        return len(short) >= 2
    return f" {short} " in f" {long} "


def _new_head(short: str, long: str, title: bool) -> bool:
    """Words after the shorter span name another thing: a list that grows (peanuts / peanuts and
    shellfish), a title's new head (nurse / nurse practitioner, 护士 / 护士长), an item's (jazz /
    jazz fusion, in English); only a category word keeps the item (jazz / jazz music, Android /
    Android user). A copula after it is the parser's cut, not a new head (水果 / 水果是芒果)."""
    if not long.startswith(short) or long.endswith(short):
        return False
    tail = long[len(short) :].strip()
    if _LIST_TAIL.match(tail):
        return True
    if _COPULA.match(tail):
        return False
    if title:
        return True
    # Chinese item spans are cut loosely by the parser (O型 / O型血, 猫毛 / 猫毛会让我): a title's head
    # is read there, and a tail of two characters or more that starts on a content character names
    # another thing (绿茶 / 绿茶拿铁); English spans end on a word.
    if is_cjk(short):
        return len(tail) >= 2 and is_cjk(tail) and tail[0] not in _ZH_LINKS and tail not in _CATEGORY_TAILS
    return tail.lower() not in _CATEGORY_TAILS


def _longer_title(short: str, long: str) -> bool:
    """A word in front of a title names another role: teacher / substitute teacher, 老师 / 代课老师
    (an article is no word: a teacher / teacher)."""
    front = long[: long.find(short)].strip().lower()
    return bool(front) and front not in ("a", "an", "the", "一名", "一个", "一位", "名", "个")


def titled(key: str, slots: Mapping[str, str]) -> bool:
    """The slot is a job title, whose last word names the role."""
    return key == "value" and slots.get("field") == "job"
