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

review12 (attack11's near misses behind the reopened model, zh and mixed):

  * `stance`        - a dislike (讨厌, 受不了, hate) against a liking (爱吃, 喜欢, love) of the same thing.
  * `in_law`        - a kin term against its in-law (弟 / 弟媳, 姐 / 姐夫, 儿子 / 儿媳), unless the
                      other text says the spouse (弟弟的老婆).
  * `prohibited`    - a request one text forbids (别 / 不要 + verb) and the other makes (别忘了 is
                      "remember", no prohibition).
  * `hedged`        - an almost (差点, 险些, 几乎) or a hardly (没怎么, 不怎么, 很少) one text alone says.
  * `deixis`        - the same time unit (a weekday, 周, 月, week) marked next / this / last differently
                      (下个Friday / 这个Friday).
  * `past_vs_still` - a past habit (used to, 以前, 曾经) against a continuing one (still, 还在, 仍然).
  * `household_count` (mal/dedup_zh_counts.py) - siblings counted with the user (我家兄弟姐妹三个)
                      against siblings the user has (我有三个兄弟姐妹).

Pure functions over two texts, as written; mal/dedup.py runs `CHECKS` as veto checks and `differs`
among the word rules' turning checks. The first seven (`SHARED`) have twins in mal/dedup_review11.py
and mal/dedup_en11.py: the veto reads each family once, all its readings together
(mal/dedup_shared_families.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal.dedup_text import content_words, is_cjk, normalise, signature
from mal.dedup_zh_counts import household_count

__all__ = ["CHECKS", "SHARED", "differs"]

_JOINT = re.compile(
    r"我(?:和|跟|与|同|带着)(?!你)|(?:和|跟|与|同|and\s*)我(?!的)|我俩|咱俩|咱们|我们(?!家|公司|学校|单位|小区|部门|这|那)"
)
_ALL = re.compile(r"都|所有|全部|全都|每个")
_PARTIAL = re.compile(r"有些|有的|一部分|部分|其中|个别")
_FROM = re.compile(r"从(\S{2,3}?)(?:搬|来|过来|回|飞|坐|出发|到)")
_TO = re.compile(r"(?:去|到|飞|飞往|前往|回)(\S{2,3})")
_FLOOR = re.compile(r"(?<![号栋幢座])([\d零一二两三四五六七八九十]+)楼")
_BUILDING = re.compile(r"([\d零一二两三四五六七八九十]+)(?:号楼|栋|幢|座楼)")


# A note's 用户 is the user's 我 (sixteenth round, helper unblock16zh): 用户与丈夫已结婚10年 says the
# user is a co-subject as 我和老公结婚十年了 does (与 / 和 / 跟 / 同 are one "and").
_NOTE_USER = re.compile(r"用户")


def joint_subject(a: str, b: str) -> bool:
    """The user is a co-subject (我和…, …跟我, 我们; a note's 用户与…) in one text only (我跟你说
    addresses the assistant and is no co-subject)."""
    x, y = _NOTE_USER.sub("我", normalise(a)), _NOTE_USER.sub("我", normalise(b))
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
    moved to the front, or two items of one list (喜欢吃A，也喜欢吃B) swapped, is a restatement.
    A clause's negation is read only for the two words that moved (most pairs stop before)."""
    xs, ys = _slots(a), _slots(b)
    x, y = [w for w, _ in xs], [w for w, _ in ys]
    if len(x) != len(y) or x == y or sorted(x) != sorted(y):
        return False
    moved = [i for i, (u, v) in enumerate(zip(x, y, strict=True)) if u != v]
    if len(moved) != 2 or moved[1] - moved[0] < 2:
        return False
    i, j = moved
    if (x[i], x[j]) != (y[j], y[i]):
        return False
    # 喜欢吃苹果，也喜欢吃香蕉 / 喜欢吃香蕉，也喜欢吃苹果 is one list: the two slots follow one word
    # in clauses negated alike (喜欢喝茶，但不喜欢喝咖啡 turns on the negation)
    context = ((x[i - 1] if i else None), _negated(xs[i][1])), (x[j - 1], _negated(xs[j][1]))
    return context[0] != context[1]


_CLAUSE = re.compile(r"[，,。；;！!？?]")


def _slots(text: str) -> list[tuple[str, str]]:
    """The content words of `text` clause by clause, each with the clause it is in."""
    return [(word, clause) for clause in _CLAUSE.split(text) if clause.strip() for word in content_words(clause)]


def _negated(clause: str) -> bool:
    return signature(clause).negated


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


# --- review12 families
_NEG = r"(?<![不没别])"
_EN = r"(?<![a-z])(?:{})(?![a-z])"  # an English word inside Chinese text (我still打球: no \b there)
_DISLIKE = re.compile(r"讨厌|厌恶|反感|受不了|不喜欢|不爱|烦透|" + _EN.format(r"hates?|dislikes?|can't stand"))
_LIKE = re.compile(_NEG + r"(?:爱吃|爱喝|爱看|爱玩|喜欢|热爱|爱上|迷上)|" + _EN.format(r"love[sd]?|likes?"))


# a like said negated is the dislike it says (don't like / hate, 不太喜欢 / 讨厌)
_NOT_LIKE = re.compile(
    r"(?:don't|doesn't|didn't|do not|does not|did not|never|not|won't)\s+"
    r"(?:really\s+|much\s+|even\s+)?(?:like|love)[sd]?"
    r"|不太喜欢|不怎么喜欢|不是很喜欢|不太爱|没那么喜欢"
)


def stance(a: str, b: str) -> bool:
    """One text dislikes (讨厌, hate, a like said negated) and the other likes (爱吃, 喜欢, love),
    neither saying both."""
    x, y = (_NOT_LIKE.sub(" dislike ", normalise(t)) for t in (a, b))
    return any(
        _DISLIKE.search(s) and not _LIKE.search(s) and _LIKE.search(t) and not _DISLIKE.search(t)
        for s, t in ((x, y), (y, x))
    )


_IN_LAW = re.compile(r"(弟|妹|姐|哥|儿|侄|孙|甥)(媳妇|媳|夫)")
_SPOUSE = re.compile(r"的(?:老婆|妻子|媳妇|太太|老公|丈夫|先生|爱人)")


def in_law(a: str, b: str) -> bool:
    """A kin term with an in-law ending (弟媳, 姐夫, 儿媳) in one text, the bare kin in the other
    (弟, 姐姐, 儿子) with no spouse said (弟弟的老婆 restates 弟媳)."""
    x, y = normalise(a), normalise(b)
    for s, t in ((x, y), (y, x)):
        kin = {m.group(1) for m in _IN_LAW.finditer(s)}
        if not kin or _SPOUSE.search(t):
            continue
        bare = _IN_LAW.sub("", t)
        if any(k in bare for k in kin) and not {m.group(1) for m in _IN_LAW.finditer(t)} >= kin:
            return True
    return False


# 别 as "don't", not inside a word (特别, 区别, 告别, 分别, 差别, 性别, 类别, 级别, 个别, 识别, 离别)
_PROHIBIT = re.compile(
    r"(?:(?<![特区告分差性类级个识辨离派])别|不要|不用|甭|勿|don't\s*|do not\s*)(?!忘|忘记|忘了)([\u4e00-\u9fff]{2})"
)


def prohibited(a: str, b: str) -> bool:
    """One text forbids an act (别提醒, 不要订) that the other asks for with no prohibition."""
    x, y = normalise(a), normalise(b)
    for s, t in ((x, y), (y, x)):
        for m in _PROHIBIT.finditer(s):
            if m.group(1) in t and not any(n.group(1) == m.group(1) for n in _PROHIBIT.finditer(t)):
                return True
    return False


# 差不多 is "almost" before every / all (差不多每晚), "about" before an amount (差不多三十岁)
_HEDGE = re.compile(
    r"差点|差一点|险些|几乎|差不多(?=每|天天|都|全|所有)|没怎么|不怎么|很少|没太|"
    + _EN.format("almost|nearly|hardly|rarely")
)


def hedged(a: str, b: str) -> bool:
    """An almost (差点, 险些, 几乎) or a hardly (没怎么, 很少) one text alone says: the other says
    the thing happened, or never did."""
    x, y = normalise(a), normalise(b)
    return bool(_HEDGE.search(x)) != bool(_HEDGE.search(y))


_DEIXIS = {
    "next": r"下个|下一个|(?<![一以楼底线])下|next\s*",
    "this": r"这个|这|本|this\s*",
    "last": r"上个|上一个|(?<![早晚马以线路])上|last\s*",
}
_UNIT = (
    r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|week|month|周末|"
    r"周[一二三四五六日天]?|星期[一二三四五六日天]?|礼拜[一二三四五六日天]?|月)"
)
_DEICTIC = [(k, re.compile(r"(?:" + v + r")" + _UNIT)) for k, v in _DEIXIS.items()]


def deixis(a: str, b: str) -> bool:
    """The same time unit (a weekday, 周, 月, week) marked next, this or last differently."""

    def marks(text: str) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for kind, pattern in _DEICTIC:
            for m in pattern.finditer(text):
                out.setdefault(m.group(1), set()).add(kind)
        return out

    mx, my = marks(normalise(a)), marks(normalise(b))
    return any(mx[u] != my[u] for u in mx.keys() & my.keys())


_PAST_HABIT = re.compile(r"used\s*to|以前|曾经|过去|从前")
_STILL = re.compile(_EN.format("still") + r"|还在|仍然|依然|仍在|至今|现在还")


def past_vs_still(a: str, b: str) -> bool:
    """A habit one text puts in the past (used to, 以前, 曾经) and the other says goes on (still, 还在)."""
    x, y = normalise(a), normalise(b)
    return any(
        _PAST_HABIT.search(s) and not _STILL.search(s) and _STILL.search(t) and not _PAST_HABIT.search(t)
        for s, t in ((x, y), (y, x))
    )


# Read by the veto together with their twins in mal/dedup_review11.py and mal/dedup_en11.py, one
# check per family (mal/dedup_shared_families.py); the word rules read them here (`differs`).
SHARED: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("joint", joint_subject),
    ("partial", partial),
    ("reordered", reordered),
    ("infixed", infixed),
    ("swapped_pair", swapped_pair),
    ("origin_goal", origin_vs_goal),
    ("floor", floor_vs_building),
)
# the families only this module reads: mal/dedup.py runs them as veto checks
CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("stance", stance),
    ("in_law", in_law),
    ("prohibited", prohibited),
    ("hedged", hedged),
    ("deixis", deixis),
    ("past_still", past_vs_still),
    ("household", household_count),
)


def differs(a: str, b: str) -> bool:
    """Any family above says the two texts are two facts."""
    return any(check(a, b) for _, check in (*SHARED, *CHECKS))
