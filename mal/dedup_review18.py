"""Eighteenth round's review families: near misses that passed every veto (the attack pair sets and
last round's review), which the learned layer then merged at ~0.99.

  * `measure_word` - one number with two measure words: 两年合同 / 两个合同, 三天假 / 三个假. The
                     numbers agree and the count check (mal/dedup_review9.py `count_vs_span`) reads
                     only times and portions (次, 杯), so a span of time against a count of things
                     said with 个 went unread. The number must be the same on both sides, and the
                     text that counts things must not also say that number as a span
                     (我一个人住了三年 / 我独自住了三年 keep their 三年).
  * `expecting_born` - a child on the way against one born: "We're expecting our first child" /
                       "We have our first child", 我们在等第一个孩子出生 / 我们有了第一个孩子. The lexicon
                       reads "expecting" as "pregnant" and nothing read "have a child" against it.

Pure functions over two texts as the family checks read them (mal/dedup.py `first_person`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal.dedup_text import flat as _flat
from mal.dedup_text import opposed

__all__ = ["CHECKS", "differs", "expecting_born", "measure_word"]

# --- one number, two measure words
_NUMERAL_ZH = r"[\d一二两三四五六七八九十百几]+"
_SPAN_ZH = re.compile(rf"({_NUMERAL_ZH})(?:个)?(?:年|月|天|日|周|星期|礼拜|小时|钟头|分钟)")
# 个 before a unit of time is part of the span (两个月, 三个星期), not a count of things
_THINGS_ZH = re.compile(rf"({_NUMERAL_ZH})个(?!月|星期|礼拜|小时|钟头|多|半|人)")


def _numbers(pattern: re.Pattern[str], text: str) -> set[str]:
    """The numerals `pattern` finds, 两 as 二; never 一 (一个 is the article "a": 一个月度读书会)."""
    return {m.group(1).replace("两", "二") for m in pattern.finditer(text)} - {"一", "1"}


def measure_word(a: str, b: str) -> bool:
    """One text counts things with 个, the other says the same number as a span of time, and neither
    says the other's (see the module docstring)."""
    x, y = _flat(a), _flat(b)
    for s, t in ((x, y), (y, x)):
        things = _numbers(_THINGS_ZH, s) - _numbers(_SPAN_ZH, s)
        spans = _numbers(_SPAN_ZH, t) - _numbers(_THINGS_ZH, t)
        if things & spans:
            return True
    return False


# --- a child on the way against a child born
_CHILD_EN = r"(?:child|children|baby|babies|kid|kids|son|daughter|twins|boy|girl)"
_ON_THE_WAY = re.compile(
    r"\b(?:expecting|pregnant|due in|due on|due next|on the way|having a baby)\b|"
    r"怀孕|怀了|怀上|预产期|等.{0,8}出生|快要?生了|要生了|即将出生|快出生"
)
_BORN = re.compile(
    rf"\b(?:have|has|had|welcomed|gave birth to)\b(?: \w+){{0,3}} {_CHILD_EN}\b|\bwas born\b|\bwere born\b|"
    r"生了|出生了|有了.{0,6}(?:孩子|宝|儿子|女儿|娃|胎)|当(?:爸爸|妈妈|爸|妈|爹|娘)了"
)


def expecting_born(a: str, b: str) -> bool:
    """One text says a child is on the way, the other that the child is had, each only its own."""
    return opposed(_flat(a), _flat(b), _ON_THE_WAY, _BORN)


def differs(a: str, b: str) -> bool:
    """Any family above tells the texts apart."""
    return any(check(a, b) for _, check in CHECKS)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("measure_word", measure_word),
    ("expecting_born", expecting_born),
)
