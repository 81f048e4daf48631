"""Seventeenth round's review families: near misses that passed every veto, on this round's head and
on its base, which the learned layer or the word rules then merged.

  * `role_turned` - a relation said of a person and its reverse: "Mr Haddad is my landlord" / "I am
                    Mr Haddad's landlord". The order veto reads a one-word name ("Priya") and misses
                    a titled one; here the name is whatever stands between the copula and "my"
                    (or before "'s"), so a title, an initial or two words count alike.
  * `job_then` - a job held now against one held before: "My grandpa is a coal miner" / "My
                 grandfather worked as a coal miner". The round reads "worked as a" as "was a"
                 (mal/dedup_unblock17_en.py), and no tense check reads "is" against either. A
                 "retired" or "former" job on the present side is the past one.
  * `excess_shortfall` - too much of a thing against too little: "when I sleep too much" / "from
                         lack of sleep", 喝水太多 / 喝水不够. The round reads "lack of" as "not
                         enough" (mal/dedup_unblock17_en.py); neither side's words said the amount.
  * `opposite_negated` - two opposite words, each negated: 视力不好 / 视力不差, "not good" / "not
                         bad". The negation check sees both sides negated and agrees; the round also
                         reads 不好 as 差 (mal/dedup_unblock17_zh.py), so 不好 and 不差 must stay two.

Pure functions over two texts as the family checks read them (mal/dedup.py `first_person`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal.dedup_text import flat as _flat
from mal.dedup_text import opposed

__all__ = ["CHECKS", "differs", "excess_shortfall", "job_then", "opposite_negated", "role_turned"]

# --- a relation and its reverse
_NAME = r"([a-z][\w.'-]*(?: [a-z][\w.'-]*){0,2}?)"
_ROLE = r"([a-z][a-z-]*(?: [a-z][a-z-]*)?)"
# "Mr Haddad is my landlord", "my landlord is Mr Haddad": the person is my <role>
_MINE = (
    re.compile(rf"^\W*{_NAME} is my {_ROLE}\W*$"),
    re.compile(rf"^\W*my {_ROLE} is {_NAME}\W*$"),
)
# "I am Mr Haddad's landlord", "Mr Haddad's landlord is me": I am the person's <role>
_THEIRS = (
    re.compile(rf"^\W*i(?: am|'m) {_NAME}'s {_ROLE}\W*$"),
    re.compile(rf"^\W*{_NAME}'s {_ROLE} is me\W*$"),
)


def _relations(text: str, patterns: tuple[re.Pattern[str], ...], name_first: tuple[bool, ...]) -> set[tuple[str, str]]:
    out = set()
    for pattern, first in zip(patterns, name_first, strict=True):
        m = pattern.match(text)
        if m:
            name, role = (m.group(1), m.group(2)) if first else (m.group(2), m.group(1))
            out.add((name.replace(".", ""), role))
    return out


def role_turned(a: str, b: str) -> bool:
    """One text says a person is my <role>, the other that I am that person's <role>."""
    ta, tb = _flat(a), _flat(b)
    for s, t in ((ta, tb), (tb, ta)):
        mine = _relations(s, _MINE, (True, False))
        theirs = _relations(t, _THEIRS, (True, True))
        if mine & theirs:
            return True
    return False


# --- a job now against a job before
_JOB_NOW = re.compile(r"\b(?:is|am|are|works as|work as|'s) (?:a|an) ([a-z-]+)(?: ([a-z]+))?\b")
_JOB_BEFORE = re.compile(
    r"\b(?:was|were|worked as|used to be|used to work as|retired as) (?:a|an) ([a-z-]+)(?: ([a-z]+))?\b"
)
# words after a job that are none ("worked as a baker for years")
_NOT_JOB = frozenset(("for", "in", "at", "with", "and", "of", "from", "since", "until", "when", "but", "who"))
_NO_LONGER = re.compile(r"\b(?:retired|former|ex-|no longer|used to|anymore|any more)\b")


def _jobs(pattern: re.Pattern[str], text: str) -> set[str]:
    return {w for m in pattern.finditer(text) for w in m.groups() if w and w not in _NOT_JOB}


def job_then(a: str, b: str) -> bool:
    """One text holds a job now, the other held the same job before (and the first never says it
    ended: "is a retired coal miner" is the past one)."""
    ta, tb = _flat(a), _flat(b)
    for s, t in ((ta, tb), (tb, ta)):
        if _NO_LONGER.search(s):
            continue
        now, before = _jobs(_JOB_NOW, s) - _jobs(_JOB_BEFORE, s), _jobs(_JOB_BEFORE, t) - _jobs(_JOB_NOW, t)
        if now & before:
            return True
    return False


# --- too much against too little
_EXCESS = re.compile(r"\btoo (?:much|many)\b|\bexcess(?:ive)?\b|\bover(?:sleep|eat|drink|work)\w*|太多|过多|过量|过度")
_SHORTFALL = re.compile(
    r"\b(?:lack of|lacking|too little|too few|not enough|insufficient|deprived of|deprivation)\b"
    r"|\b(?:not|n't|never) (?:[a-z]+ )?[a-z]+ enough\b|不够|不足|太少|过少|缺乏|缺少"
)


def excess_shortfall(a: str, b: str) -> bool:
    """One text says too much of a thing, the other too little (each says only its own)."""
    return bool(opposed(_flat(a), _flat(b), _EXCESS, _SHORTFALL))


# --- two opposite words, each negated
_OPPOSITES_ZH = (
    ("好", "差"),
    ("好", "坏"),
    ("高", "低"),
    ("多", "少"),
    ("大", "小"),
    ("快", "慢"),
    ("长", "短"),
    ("远", "近"),
)
# a negated word that is part of another one: 不好意思 (sorry), 不小心 (careless), 不高兴 (unhappy)
_COMPOUND_ZH = re.compile(r"不好意思|不小心|不高兴|不大[好会懂]|不少于|不多于")
_OPPOSITES_EN = (("good", "bad"), ("high", "low"), ("big", "small"), ("fast", "slow"), ("long", "short"))
_NOT_EN = r"(?:\bnot|n't) (?:very |that |too |so )?"
_NEGATED_EN = {w: re.compile(rf"{_NOT_EN}{w}\b") for pair in _OPPOSITES_EN for w in pair}


def _negated_words(text: str) -> set[str]:
    zh = _COMPOUND_ZH.sub("", text)
    words = {w for pair in _OPPOSITES_ZH for w in pair if "不" + w in zh}
    words |= {w for w, pattern in _NEGATED_EN.items() if pattern.search(text)}
    return words


def opposite_negated(a: str, b: str) -> bool:
    """One text negates a word, the other its opposite, and neither negates the other's word."""
    wa, wb = _negated_words(_flat(a)), _negated_words(_flat(b))
    return any(
        (u in wa and v in wb and v not in wa and u not in wb) or (v in wa and u in wb and u not in wa and v not in wb)
        for u, v in (*_OPPOSITES_ZH, *_OPPOSITES_EN)
    )


def differs(a: str, b: str) -> bool:
    """Any family above tells the texts apart (the word rules ask too: mal/dedup.py `agree`)."""
    return any(check(a, b) for _, check in CHECKS)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("role_turned", role_turned),
    ("job_then", job_then),
    ("excess_shortfall", excess_shortfall),
    ("opposite_negated", opposite_negated),
)
