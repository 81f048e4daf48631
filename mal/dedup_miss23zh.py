"""Chinese restatements the twenty-third round found kept apart by a veto (dedup, issue #11).

A deadline's 之前 / 以前: 用户需要在9月之前换驾照 restates 我得在九月前把驾照换了, but the aspect
check read 之前 as "formerly" (mal/dedup_lexicon.py ASPECTS: 之前我住在北京 is a past fact). After a
point in the calendar (9月, 15号, 年底, 周五, 下个月, 春节, 毕业) 之前 says "before that point", as 前
does, just as 23点之前 is a bound on the hour (mal/dedup_text.py `_CLOCK_BOUND`). After a length of
time (两年之前, 三个月之前) it says "ago" and still reads as the past, so no such rewrite is made
there. Only a deadline both texts set is read so: the other text names the same point with 前 /
之前 / 以前 (我毕业之前在腾讯工作 is a past job, not 我在腾讯工作). The rewrite only lets the aspect
check look again: the numbers and times checks still read the point itself (九月前 / 十月前 stay apart).

Its near miss is a veto of its own (`before_after`): 九月前 / 9月之后, 春节前 / 春节以后 set one point
on either side, and no check read that (those pairs merged before this round too).
"""

from __future__ import annotations

import re

from mal.dedup_text import signature, zh_number

__all__ = ["CHECKS", "before_after", "deadline_aspects_agree", "deadlines_read"]

_N = r"[\d一二三四五六七八九十两]"
_DAY = r"[一二三四五六日天末]"
# a point in the calendar, never a length of time: 9月 (not 9个月), 2027年 (not 两年), 年底, 周五
_POINT = (
    rf"(?:{_N}{{1,2}}月(?:{_N}{{1,3}}[日号])?|{_N}{{1,3}}[日号]|\d{{4}}年|"
    r"年底|年初|年中|月底|月初|月中|"
    rf"周{_DAY}|星期{_DAY}|礼拜{_DAY}|下周{_DAY}?|下个?星期{_DAY}?|下个?礼拜{_DAY}?|"
    r"明天|后天|今晚|明晚|下个?月|明年|"
    r"春节|过年|国庆|中秋|元旦|圣诞节?|寒假|暑假|开学|毕业|下班|出发|截止日期?|deadline)"
)
_DEADLINE = re.compile(rf"({_POINT})\s*(?:之前|以前)", re.IGNORECASE)
_BEFORE = re.compile(rf"({_POINT})\s*(?:之前|以前|前)", re.IGNORECASE)
_NUMERAL = re.compile(r"[一二三四五六七八九十两]+(?=[月日号])")


def _point(said: str) -> str:
    """A point as digits (九月 / 9月 are one month)."""
    return _NUMERAL.sub(lambda m: zh_number(m.group(0).replace("两", "二")), said.lower())


# a deadline is something to be done by then: a plan, a need or an aim in the text (review29: 我9月之前在北京
# 工作 is a past job, not 我九月前要去北京工作; 我毕业之前在腾讯工作 neither)
_AIMED = re.compile(
    r"要|得|需要|必须|打算|计划|准备|想|希望|争取|目标|应该|该|务必|记得|提醒|待办|must|need|plan", re.IGNORECASE
)


def deadlines_read(text: str, other: str) -> str:
    """`text` with every 之前 / 以前 after a calendar point `other` also sets a deadline at written 前
    (before that point); only when both texts say the thing is still to be done by then."""
    if not (_AIMED.search(text) and _AIMED.search(other)):
        return text
    points = {_point(m.group(1)) for m in _BEFORE.finditer(other)}
    return _DEADLINE.sub(lambda m: f"{m.group(1)}前" if _point(m.group(1)) in points else m.group(0), text)


def deadline_aspects_agree(a: str, b: str) -> bool:
    """A deadline's 之前 was all that told the two texts' aspects apart: once it reads 前, they
    differ in nothing but "ongoing" or a "done" one text alone says (the aspect check's own terms)."""
    ra, rb = deadlines_read(a, b), deadlines_read(b, a)
    if (ra, rb) == (a, b):
        return False
    x, y = signature(ra).aspects, signature(rb).aspects
    return (x ^ y) <= {"ongoing"} or x ^ y == {"done"}


_AFTER = re.compile(rf"({_POINT})\s*(?:之后|以后|后)", re.IGNORECASE)


def before_after(a: str, b: str) -> bool:
    """One text says before a calendar point and the other after the same point (九月前 / 9月之后)."""

    def sides(text: str) -> tuple[set[str], set[str]]:
        return {_point(m.group(1)) for m in _BEFORE.finditer(text)}, {_point(m.group(1)) for m in _AFTER.finditer(text)}

    (before_a, after_a), (before_b, after_b) = sides(a), sides(b)
    return bool((before_a - before_b) & after_b or (before_b - before_a) & after_a)


# what is so until a point (我年底之前在上海上班: ongoing) against what is to be done by then (年底前要去上海上班)
_UNTIL = re.compile(rf"({_POINT})\s*(?:之前|以前|前)(?:都|还|一直|先)*在", re.IGNORECASE)
_BY_THEN = re.compile(
    rf"({_POINT})\s*(?:之前|以前|前)(?:都|还|一定|必须|先)*(?:要|得|会|打算|准备|需要|必须|争取|想)", re.IGNORECASE
)


def until_vs_by(a: str, b: str) -> bool:
    """One text holds a state until a calendar point, the other plans a deed by the same point (review29:
    我年底之前在上海上班 / 我年底前要去上海上班, 我周五之前在家办公 / 我周五前得回家办公 merged)."""
    for x, y in ((a, b), (b, a)):
        until = {_point(m.group(1)) for m in _UNTIL.finditer(x)} - {_point(m.group(1)) for m in _UNTIL.finditer(y)}
        if until & {_point(m.group(1)) for m in _BY_THEN.finditer(y)}:
            return True
    return False


CHECKS = (("before_after", before_after), ("until_by", until_vs_by))
