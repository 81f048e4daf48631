"""Sixteenth round's dedup families: near misses of the fourteenth round's blind set (writer27, retired
into training at the start of the fifteenth session) that no veto named.

With writer27 in training, one "different" pair passed every veto, the learned layer scored it
0.98, and every merge threshold went above 1 again: 我妈妈住在杭州 / 我妈妈在杭州工作. The parser reads
both as the mother's city (one slot, one value), so no slot and no word check told them apart. A
second writer27 near miss was merged by the word rules, ahead of the model: 我爸爸做了心脏搭桥手术 /
我爸爸要做心脏搭桥手术. The families they stand for:

  * `place_role` - what a person does at a place: lives (住在, 家在, 定居, lives, resides), works (在…
                   工作, 上班, 办公, works, employed), studies (上学, 读书, 念书, 留学, studies, goes to
                   school). Each text must say a role the other does not: a city said with a role
                   against the same city said bare ("Mom is in Hangzhou") is left to the model.
  * `done_planned` - one Chinese verb done in one text and planned in the other: 做了 / 要做, 去过 /
                   打算去, 已经报名 / 准备报名. The verb must be the same on both sides, and neither text
                   may say it both ways ("做了手术，还要做复查"). English plans and deeds are read by the
                   older aspect and tense checks.

Giving each contrast group's Chinese word and its English one a single class (mal/dedup_checks.py,
mal/dedup_synonyms.py: 猫 / cat, 每天 / daily, 住 / live) let sixteen restatements of the pair sets past
the `contrast` veto (11 translations, 5 English texts it read "cats" against "cat" in), and showed
one near miss that only that misreading had stopped:

  * one count tied to different things (两只猫和一只狗 / 两只狗和一只猫) is read by helper unblock16en's
    `counted` family (mal/dedup_unblock16_en.py), in both languages.

Pure functions over two texts as written; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from mal.dedup_text import flat as _flat

__all__ = ["CHECKS", "differs", "done_planned", "place_role"]


# --- what a person does at a place
_ROLES: dict[str, str] = {
    "live": r"住在|住(?:的)?地方|家在|定居|安家|\b(?:live|lives|lived|living|reside|resides|resided|residing)\b",
    "work": (
        r"(?<!找)工作(?!室)|上班|办公|任职|就职|\b(?:work|works|worked|working)\b(?! out)|\bemployed\b|"
        r"\b(?:has|have|got) a job\b"
    ),
    "study": (
        r"上学|读书|念书|留学|上大学|读大学|读研|读博|"
        r"\b(?:study|studies|studied|studying)\b|\b(?:go|goes|went|going) to (?:school|college|university|uni)\b"
    ),
}
_ROLE_RE = {name: re.compile(pattern, re.IGNORECASE) for name, pattern in _ROLES.items()}


@lru_cache(maxsize=4096)
def _roles(text: str) -> frozenset[str]:
    flat = _flat(text)
    return frozenset(name for name, pattern in _ROLE_RE.items() if pattern.search(flat))


def place_role(a: str, b: str) -> bool:
    """Each text says a role at a place the other does not (see the module docstring)."""
    ra, rb = _roles(a), _roles(b)
    return bool(ra - rb) and bool(rb - ra)


# --- one Chinese verb done in one text, planned in the other
_DONE = re.compile(r"([\u4e00-\u9fff])(?:了|过)|已经([\u4e00-\u9fff])")
_PLANNED = re.compile(r"(?<![主只重需])(?:要|打算|准备|计划|将要|想要)([\u4e00-\u9fff])")
# characters that are no verb of the fact: particles, and the plan words themselves (要了 is "ordered")
_NOT_VERBS = frozenset("了过的地得也都就还又才要想在是不没")


@lru_cache(maxsize=4096)
def _aspects(text: str) -> tuple[frozenset[str], frozenset[str]]:
    flat = _flat(text)
    done = {next(g for g in m.groups() if g) for m in _DONE.finditer(flat)}
    planned = {m.group(1) for m in _PLANNED.finditer(flat)}
    return frozenset(done - _NOT_VERBS), frozenset(planned - _NOT_VERBS)


def done_planned(a: str, b: str) -> bool:
    """One verb done in one text and planned in the other (see the module docstring)."""
    (done_a, plan_a), (done_b, plan_b) = _aspects(a), _aspects(b)
    return bool(((done_a - plan_a) & (plan_b - done_b)) or ((done_b - plan_b) & (plan_a - done_a)))


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("place_role", place_role),
    ("done_planned", done_planned),
)


def differs(a: str, b: str) -> bool:
    """Any family of the round says the two texts are two facts (see the module docstring)."""
    return any(check(a, b) for _, check in CHECKS)
