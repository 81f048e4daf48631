"""Nineteenth round (helper unblock19zh): Chinese restatements a veto misread.

The learned layer scores these pairs ~0.99, and a hard veto shut them out on a misreading:

  * one word written with a synonymous character (`dictionary_paired`): 读书 / 念书, 胃疼 / 胃痛,
    基督教 / 基督徒 differ in one character and CC-CEDICT glosses both alike among their first two
    senses. The sibling check read 读书 / 念书 as two sorts of 书 and the substitution check read
    each as an object the other text replaced. Such a pair is one word to both checks. The gloss
    must match as the dictionary writes it, qualifier and all ("to dive" is not "to dive (into
    water)": 潜水 / 跳水; "to teach" is not "to teach (in a school)": 教会 / 教书), and a headword
    with two entries is two words (教会 "to teach" and "church"), so co-hyponyms and polysemous
    words glossed loosely alike (退役 / 退休, 经理 / 管理员) stay two words. mal/dedup_explain.py
    `zh_synonyms` reads the looser sense for the word rules, which count only when no veto fires.
  * 尚未 / 并未 / 从未 (an adverb jieba cuts with 未) is the written 还没: the signature reads it as a
    negation (mal/dedup_text.py), as it reads 没; and 没过 / 未过 is the verb "pass" negated (科目二还没
    过), not an experience (没学过): the been-or-being check skips it (mal/dedup_qualifiers.py).
  * a to-do whose task is its whole turn (`whole_turn_task`: the parser found no task inside 用户
    每逢周三晚上会去练瑜伽): the slots check across kinds asked the episode to say that whole turn
    word for word. Its slots hold nothing the text does not, so it is read by the text checks, as
    an episode is, once the two texts name one day (a weekly habit names its weekday).
  * a Chinese to-do with only a task (`task_said_zh`: 给奶奶打电话) is said by a text that says the
    task word for word, as an English one is (mal/dedup_unblock17_en.py `task_said`), a 个 between
    a verb and its object read away (打个电话 is 打电话; 两个 / 这个 count or point and stay).

Pure functions over word sets and texts; the dictionary is read once, lazily.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any

from mal.dedup_bilingual import cedict_entries
from mal.dedup_text import is_cjk, normalise

__all__ = ["dictionary_paired", "one_word", "task_said_zh", "whole_turn_task"]

_SENSES = 2  # a gloss counts among the first senses of a word only (as mal/dedup_explain.py)
_NOT_A_GLOSS = ("cl:", "variant of", "old variant", "see ", "surname", "abbr", "also written", "used in", "pr. ")
# English kin words that cover relatives Chinese names apart: 伯母 / 舅母 are both "aunt" but the
# wives of a father's and a mother's brother, 叔父 / 姨父 both "uncle", 侄女 / 甥女 both "niece"
# (review20: 我伯母住在苏州 / 我舅母住在苏州 merged). A shared gloss of these alone is no synonym;
# a branch named alike still is (叔叔 / 叔父 "father's younger brother", 姑妈 / 姑姑 "paternal aunt").
_KIN_UMBRELLAS = frozenset(("aunt", "uncle", "niece", "nephew", "cousin"))


def dictionary_paired(only_a: frozenset[str], only_b: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """`only_a` and `only_b` (the words each text has and the other does not explain) less the
    words that are `one_word` with a word on the other side."""
    linked = [(u, v) for u in only_a for v in only_b if one_word(u, v)]
    return (
        frozenset(w for w in only_a if all(u != w for u, _ in linked)),
        frozenset(w for w in only_b if all(v != w for _, v in linked)),
    )


def one_word(u: str, v: str) -> bool:
    """Two Chinese words of one length that differ in one character and share a gloss as the
    dictionary writes it, each headword of one entry (see the module docstring)."""
    if not (is_cjk(u) and is_cjk(v)) or len(u) != len(v) or len(u) < 2:
        return False
    if sum(x != y for x, y in zip(u, v, strict=True)) != 1:
        return False
    glosses = _glosses()
    return bool((glosses.get(u, frozenset()) & glosses.get(v, frozenset())) - _KIN_UMBRELLAS)


@lru_cache(maxsize=1)
def _glosses() -> dict[str, frozenset[str]]:
    """Simplified headword of one entry -> the glosses of its first `_SENSES` senses, lower case,
    parentheses kept; no gloss that names a classifier, a variant or an abbreviation."""
    out: dict[str, set[str]] = {}
    entries: dict[str, int] = {}
    for heads, senses in cedict_entries():
        if len(heads) != 2 or not is_cjk(heads[1]):
            continue
        word = heads[1]
        entries[word] = entries.get(word, 0) + 1
        glosses = out.setdefault(word, set())
        for sense in senses[:_SENSES]:
            glosses.update(
                g for g in (part.strip().lower() for part in sense.split(";")) if g and not g.startswith(_NOT_A_GLOSS)
            )
    return {word: frozenset(g) for word, g in out.items() if entries[word] == 1 and g}


_END_PUNCT = "。.!！?？~～ "


def whole_turn_task(slots: Mapping[str, Any], text: str, other_text: str) -> bool:
    """A to-do whose task is its whole turn, word for word (用户每逢周三晚上会去练瑜伽 with that task):
    the parser found no task inside the words, so the slots say nothing the text does not, and
    across kinds the fact is read as an episode is, by the text checks (times, people, negation,
    substitution ...), not by a task that only its own words can say. Its date is read from those
    words, and the other text must name that day too: "lunch the day after tomorrow" is not "lunch
    tomorrow", though the times check may read both as one (attack11). A weekly habit names its
    weekday (孩子每周六上午学钢琴 / 用户孩子周六上午上钢琴课): the day it names next."""
    task = normalise(str(slots.get("task") or "")).strip(_END_PUNCT)
    if not task or task != normalise(text).strip(_END_PUNCT):
        return False
    return not slots.get("date") or _day(text) == _day(other_text)


# 每周六 / 每逢周三 / 每个星期二: the weekday a habit names, read as the day it names next
_EVERY_WEEKDAY = re.compile(r"每(?:逢|个)?(?=(?:周|星期|礼拜)[一二三四五六日天])")
# One reference day for both texts: only whether they name one day matters, not which
_READ_AT = datetime(2026, 1, 7, 12, 0)


def _day(text: str) -> str | None:
    from parsers.temporal import find_when

    flat = _EVERY_WEEKDAY.sub("", normalise(text))
    when = find_when(flat, _READ_AT, "zh" if any(is_cjk(c) for c in flat) else "en")
    return str(when.date) if when is not None and when.date else None


# 个 between a verb and its object with no numeral or demonstrative before it (打个电话, 洗个澡,
# 吃个饭): "a quick call", the call itself; 两个, 这个, 每个 count or point and stay
_VERB_GE = re.compile(r"(?<=[\u4e00-\u9fff])(?<![0-9一二两三四五六七八九十百千几这那哪每某整半])个(?=[\u4e00-\u9fff])")
_TASK_MIN = 3  # 打电话: a verb and its object at least, not one word that any text may hold


def task_said_zh(slots: Mapping[str, Any], text: str) -> bool:
    """A Chinese to-do with no date or other value (task 给奶奶打电话) is said by a text that says
    its task word for word, a 个 between a verb and its object read away (提醒一下我要给奶奶打个
    电话), as mal/dedup_unblock17_en.py `task_said` reads an English one; the other vetoes read what
    the text says around it (a negation, a person, a deed done)."""
    task = normalise(str(slots.get("task") or "")).strip(_END_PUNCT)
    if len(task) < _TASK_MIN or not all(is_cjk(c) for c in task) or set(slots) - {"task"}:
        return False
    flat = normalise(text)
    return task in flat or task in _VERB_GE.sub("", flat)
