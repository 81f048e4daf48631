"""Twelfth round (helper zh11): Chinese near misses the word rules equated or the model merged.

attack11's Chinese near misses (a dev set by another writer) showed families where two texts share
every content word, or differ only in words the segmentation check explains by their characters,
yet say two facts. Each check below is positive evidence of two facts, read from both texts:

  * `joint_subject` - the user is one of the subjects in one text only: 我和老婆下个月去成都 /
                      我老婆下个月去成都 (我老婆 is the wife alone); 我们, 我俩, 咱们 are joint too.
  * `partial`       - some against all: 我有些同学在深圳 / 我的同学都在深圳.
  * `reordered`     - the same characters in another order name another thing: 蜜蜂 / 蜂蜜, 奶牛 / 牛奶.
  * `infixed`       - a name with a word set inside it names another one: 南京大学 / 南京师范大学
                      (the head and the start kept, a modifier between).
  * `swapped_pair`  - two content words trade places around a word that stays: 不怕狗，但对猫过敏 /
                      不怕猫，但对狗过敏, 两只猫一只狗 / 两只狗一只猫 (topic fronting, 香菜我不吃 / 我不吃
                      香菜, moves one word, and stays a restatement).
  * `origin_vs_goal` - a place one text comes from (从成都搬来) that the other goes to (搬去成都).
  * `floor_vs_building` - 三楼 (a floor) against 三号楼 / 三栋 (a building).

Pure functions over two texts, as written; mal/dedup.py runs `CHECKS` as veto checks and `differs`
among the word rules' turning checks.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal.dedup_text import content_words, is_cjk, normalise, signature

__all__ = ["CHECKS", "differs"]

_JOINT = re.compile(
    r"我(?:和|跟|与|同|带着)(?!你)|(?:和|跟|与|同|and\s*)我(?!的)|我俩|咱俩|咱们|我们(?!家|公司|学校|单位|小区|部门|这|那)"
)
_ALL = re.compile(r"都|所有|全部|全都|每个")
_PARTIAL = re.compile(r"有些|有的|一部分|部分|其中|个别")
_FROM = re.compile(r"从(\S{2,3}?)(?:搬|来|过来|回|飞|坐|出发|到)")
_TO = re.compile(r"(?:去|到|飞|飞往|前往|回)(\S{2,3})")
_FLOOR = re.compile(r"(?<![号栋幢座])([\d零一二两三四五六七八九十]+)楼")
_BUILDING = re.compile(r"([\d零一二两三四五六七八九十]+)(?:号楼|栋|幢|座楼)")


def joint_subject(a: str, b: str) -> bool:
    """The user is a co-subject (我和…, …跟我, 我们) in one text only (我跟你说 addresses the
    assistant and is no co-subject)."""
    x, y = normalise(a), normalise(b)
    return bool(_JOINT.search(x)) != bool(_JOINT.search(y))


def partial(a: str, b: str) -> bool:
    """One text says some (有些, 有的, 部分) of what the other says of all or of no share."""
    x, y = normalise(a), normalise(b)
    return bool(_PARTIAL.search(x)) != bool(_PARTIAL.search(y)) and bool(_ALL.search(x) or _ALL.search(y))


# A verb and its object said either way round are one act (戒烟 / 把烟戒了, 租房 / 房租, 抽烟 / 烟抽).
_VERBS = frozenset("戒租吃喝抽买卖学养开做打看住")


def reordered(a: str, b: str) -> bool:
    """A Chinese word of one text has the same characters as a word of the other in another order,
    neither a verb with its object (`_VERBS`)."""
    sa, sb = signature(a), signature(b)
    only_a, only_b = sa.words - sb.words, sb.words - sa.words
    return any(
        is_cjk(u)
        and len(u) >= 2
        and u != v
        and sorted(u) == sorted(v)
        and u not in sb.text
        and v not in sa.text
        and not {u[0], v[0]} & _VERBS
        for u in only_a
        for v in only_b
    )


def infixed(a: str, b: str) -> bool:
    """A word of one text is a word of the other with more words set inside it (start and head of
    two characters or more kept): 南京大学 / 南京师范大学, 红丝绒蛋糕 / 红丝绒芝士蛋糕."""
    sa, sb = signature(a), signature(b)
    return any(_infix(u, v) or _infix(v, u) for u in sa.words - sb.words for v in sb.words - sa.words)


def _infix(short: str, long: str) -> bool:
    if not (is_cjk(short) and is_cjk(long)) or len(long) <= len(short) or len(short) < 4:
        return False
    return any(long.startswith(short[:i]) and long.endswith(short[i:]) for i in range(2, len(short) - 1))


def swapped_pair(a: str, b: str) -> bool:
    """The content words are the same, in the same order but for two non-adjacent ones that trade
    places around a word that stays, each after another word (怕狗…对猫过敏 / 怕猫…对狗过敏). One word
    moved to the front, or two items of one list (喜欢吃A，也喜欢吃B) swapped, is a restatement."""
    xs, ys = _slots(a), _slots(b)
    x, y = [w for w, _ in xs], [w for w, _ in ys]
    if len(x) != len(y) or x == y or sorted(x) != sorted(y):
        return False
    moved = [i for i, (u, v) in enumerate(zip(x, y, strict=True)) if u != v]
    if len(moved) != 2 or moved[1] - moved[0] < 2:
        return False
    i, j = moved
    # 喜欢吃苹果，也喜欢吃香蕉 / 喜欢吃香蕉，也喜欢吃苹果 is one list: the two slots follow one word
    # in clauses negated alike (喜欢喝茶，但不喜欢喝咖啡 turns on the negation)
    context = ((x[i - 1] if i else None), xs[i][1]), (x[j - 1], xs[j][1])
    return (x[i], x[j]) == (y[j], y[i]) and context[0] != context[1]


_CLAUSE = re.compile(r"[，,。；;！!？?]")


def _slots(text: str) -> list[tuple[str, bool]]:
    """The content words of `text` clause by clause, each with whether its clause is negated."""
    return [
        (word, signature(clause).negated)
        for clause in _CLAUSE.split(text)
        if clause.strip()
        for word in content_words(clause)
    ]


def origin_vs_goal(a: str, b: str) -> bool:
    """A place one text moves or comes from (从成都搬来) is where the other goes (搬去成都)."""
    x, y = normalise(a), normalise(b)
    for u, v in ((x, y), (y, x)):
        for place in {m.group(1) for m in _FROM.finditer(u)}:
            if place not in {m.group(1)[: len(place)] for m in _FROM.finditer(v)} and any(
                m.group(1).startswith(place) for m in _TO.finditer(v)
            ):
                return True
    return False


def floor_vs_building(a: str, b: str) -> bool:
    """One text says a floor (三楼) where the other says a building of that number (三号楼, 3栋)."""
    x, y = normalise(a), normalise(b)
    fx, fy = {m.group(1) for m in _FLOOR.finditer(x)}, {m.group(1) for m in _FLOOR.finditer(y)}
    bx, by = {m.group(1) for m in _BUILDING.finditer(x)}, {m.group(1) for m in _BUILDING.finditer(y)}
    return bool((fx - fy) & (by - bx)) or bool((fy - fx) & (bx - by))


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("joint", joint_subject),
    ("partial", partial),
    ("reordered", reordered),
    ("infixed", infixed),
    ("swapped_pair", swapped_pair),
    ("origin_goal", origin_vs_goal),
    ("floor", floor_vs_building),
)


def differs(a: str, b: str) -> bool:
    """Any family above says the two texts are two facts."""
    return any(check(a, b) for _, check in CHECKS)
