"""Sixteenth round (helper unblock16zh): Chinese restatements a veto misread.

The learned layer scores these pairs ~0.99, and a hard veto shut them out on a misreading, not on a
difference:

  * a dated to-do against a note of the same day (`date_restated`): 我下周二要去看牙医 is a to-do whose
    only structured slot is the date (2026-12-08, resolved from 下周二); the note 用户下星期二约了牙医
    says that day in other words, and the fact-against-episode slot check (mal/dedup.py `_said`)
    looked for the date string in the note and found none. The date is said when the parser's own
    date reader (parsers/temporal.py `find_when`) resolves both texts to one day, and the to-do's
    task shares content with the note (去看牙医 / 约了牙医: 牙医); another day or another errand
    (皮肤科 / 眼科), the to-do's verb marked done (去看了皮肤科), or another action done to it
    (取消了牙医预约) is still not said.
  * 准备 as "prepare", not "plan" (`prepared`): after 在 / 正在 in its clause (我在准备考研, 我正在准备
    雅思考试) 准备 is the verb the user is busy with, which 备考 says too; after a deed in its clause
    (我在存钱准备买房, 我存了十万块准备买车) it gives that deed's purpose, which 攒钱买房子 / 为买车已攒下
    says without it. Neither is a plan one text alone states, so the wish and aspect checks read the
    texts with that 准备 gone; a 准备 that opens its clause (我准备考研, 我准备明年买房) stays a plan,
    and every other aspect (已经考上, 买了) still counts.

Pure functions over texts and slots; no I/O (the date reader is pure too).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any

from mal.dedup_actions import actions
from mal.dedup_overlap import overlaps
from mal.dedup_text import is_cjk, normalise, signature

__all__ = ["aspects_prepared", "date_restated", "prepared", "wish_prepared"]

# Any fixed day serves: both texts are read against the same one, so only what they say counts.
_READ_AT = datetime(2026, 1, 7, 12, 0)
_CLAUSE = re.compile(r"[^，。,.;；！!？?：:\n]+")
# 准备 after 在 / 正在 (the verb in progress, or a verb in progress between: 在存钱准备) or after a deed
# marked done (存了十万块准备) in its clause; what stands between is at most a short verb phrase.
_PREPARING = re.compile(r"(正?在|了)([^准，。,.;；]{0,6}?)准备")


@lru_cache(maxsize=4096)
def _day(text: str) -> str | None:
    from parsers.temporal import find_when

    when = find_when(text, _READ_AT, "zh")
    return str(when.date) if when is not None and when.date else None


def date_restated(slots: Mapping[str, Any], text: str, other_text: str) -> bool:
    """A to-do's date is said by `other_text` (see the module docstring): both texts resolve to one
    day, and the task, when the fact has one, shares content with the other text."""
    if not slots.get("date"):
        return False
    day = _day(normalise(text))
    if day is None or day != _day(normalise(other_text)):
        return False
    task, other = normalise(str(slots.get("task") or "")), normalise(other_text)
    # the to-do's own verb marked done (去看皮肤科 / 去看了皮肤科) is the deed, not the plan; a verb of
    # its own may be (约了牙医 makes the appointment the to-do keeps)
    if any(c + mark in other for c in set(task) if is_cjk(c) for mark in "了过"):
        return False
    # an action the to-do does not say done to it (取消了牙医预约: mal/dedup_actions.py) is another event
    if actions(other) - actions(normalise(text)):
        return False
    return not task or overlaps(task, other)


def prepared(text: str) -> str:
    """`text` with each 准备 that is no plan taken out (see the module docstring)."""
    return _CLAUSE.sub(lambda m: _unplanned(m.group(0)), normalise(text))


def _unplanned(clause: str) -> str:
    match = _PREPARING.search(clause)
    if match is None or not (match.group(1) == "了" or not match.group(2) or _verb_first(match.group(2))):
        return clause
    return clause[: match.end() - 2] + clause[match.end() :]


@lru_cache(maxsize=4096)
def _verb_first(chunk: str) -> bool:
    """`chunk` (what follows 在) starts with a verb: 在存钱 is progressive, 在上海 / 在家 a place."""
    import jieba.posseg

    words = jieba.posseg.lcut(chunk, HMM=False)
    return bool(words) and words[0].flag.startswith("v")


def wish_prepared(a: str, b: str, differs: Callable[[str, str], bool]) -> bool:
    """The wish check finds nothing once 准备 that is no plan is read out of both texts, and that
    reading changed at least one of them."""
    pa, pb = prepared(a), prepared(b)
    return (pa, pb) != (normalise(a), normalise(b)) and not differs(pa, pb)


def aspects_prepared(a: str, b: str) -> bool:
    """The aspect check's tolerance (only "ongoing", or only "done", said by one text alone) holds once
    准备 that is no plan is read out of both texts, and that reading changed at least one of them."""
    pa, pb = prepared(a), prepared(b)
    if (pa, pb) == (normalise(a), normalise(b)):
        return False
    diff = signature(pa).aspects ^ signature(pb).aspects
    return diff <= {"ongoing"} or diff == {"done"}
