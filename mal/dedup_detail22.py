"""Two added-detail vetoes the older ones missed (helper detail22, issue #11).

The retired sets blind21 / blind21b had two near misses that passed every veto, so the learned
model decided them, and its floor had to rise above them (which costs Chinese restatements):

  * `kind_narrowed` - one text names a more specific kind of the thing the other names: 听播客 /
                    听历史类播客, 看小说 / 看悬疑小说, 喝咖啡 / 喝意式咖啡. The modifier veto
                    (mal/dedup_checks.py `added_modifier`) reads English words only, and the extended
                    veto (mal/dedup_review9.py) knows product heads and shades, not a kind put before
                    the noun. Read here: the longer text is the shorter with one Chinese span put
                    right after a verb, 的 or a measure word and before what both say, and that span
                    holds a word the shorter does not explain and is no adverb, pronoun, count, time or
                    one-character verb (我喜欢小说 / 我喜欢看小说 is one liking).
  * `clause_added` - one text is the other plus a clause that adds a fact: 我哥在腾讯上班 / 我哥在腾讯
                    上班，做产品经理, "I live in Shanghai" / "I live in Shanghai, since 2019". Read here:
                    the longer text cut at a clause break (a comma, a semicolon, "and") says what the
                    shorter says before it, no more and no less (mal/dedup_model.py `unexplained`, and
                    the same numbers, names, places and times), and after it a clause that opens on a
                    job, a place, a time, a person or a purpose (做 / 在 / 从 / 和 / 为了, "as", "in",
                    "since", "with", "for") and holds a word the shorter does not explain. A clause of
                    light words ("，真的", ", lol", "，超喜欢") adds nothing; one with a subject of its
                    own ("she fell") most often restates why, and is left to the model.

Pure functions over two texts (a note's "User" already read as "I": mal/dedup_notes.py); no I/O.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from mal import dedup_model
from mal.dedup_review9 import common_ends
from mal.dedup_text import is_cjk, normalise, signature

__all__ = ["clause_added", "kind_narrowed", "trailing_clauses"]

# Units of a sentence as mal/dedup_review9.py cuts it: a Latin word or number, one CJK character.
_UNIT = re.compile(r"[a-z0-9']+|[^\sa-z0-9.,!?;:\"，。！？；：“”‘’（）()…~-]")
# jieba flags of a span that adds no kind: an adverb, a pronoun, a preposition, a particle, a count,
# a measure, a time, a conjunction, a modal particle, 很 (zg)
_LIGHT_FLAGS = ("d", "r", "p", "u", "m", "q", "t", "c", "y", "e", "zg", "f")
# Verbs that may stand between a liking and its object without changing the thing liked (喜欢小说 /
# 喜欢看小说, 喜欢英语 / 喜欢学习英语)
_LIGHT_VERBS = frozenset(("学习", "学", "看", "听", "玩", "喝", "吃", "做", "打", "去", "读", "弹", "养", "用"))
# What comes right before a kind put on a noun: a verb (its object), 的, or a measure word
_BEFORE_KIND = frozenset("的只个种杯本部位家款首类件条双辆台")
_BEFORE_FLAGS = ("v",)
_SPAN_MAX = 4
# Spans that name no narrower kind of what the user keeps: a pet animal is a 宠物 one, a car (车) an
# 汽车 and a private one (review27: 我养了一条狗 / 我养了一条宠物狗, 我有一辆车 / 我有一辆汽车)
# (each only before the noun it is light for: 汽水 is no 水, 宠物店 no 店, 私家教练 no 教练: review28; not 小:
# 小龙虾 is no 龙虾)
_LIGHT_KINDS = {"宠物": "猫狗兔鸟鱼龟鼠蛇猪", "汽": "车", "私家": "车"}


def kind_narrowed(a: str, b: str) -> bool:
    """One text names a more specific kind of the same thing (see the module docstring)."""
    only_a, only_b = dedup_model.unexplained(a, b)
    if bool(only_a) == bool(only_b):
        return False
    longer, shorter, extra = (a, b, only_a) if only_a else (b, a, only_b)
    return _kind_inserted(normalise(longer), normalise(shorter), extra)


def _kind_inserted(longer: str, shorter: str, extra: frozenset[str]) -> bool:
    x, y = _UNIT.findall(longer), _UNIT.findall(shorter)
    start, end = common_ends(x, y)
    if start == 0 or end == 0 or start + end != len(y) or len(x) == len(y):
        return False  # not one span put between two things both say
    mid = x[start : len(x) - end]
    if len(mid) > _SPAN_MAX or not all(is_cjk(u) for u in mid) or not is_cjk(x[len(x) - end]):
        return False
    span = "".join(mid)
    if x[len(x) - end] in _LIGHT_KINDS.get(span, ""):
        return False  # 宠物猫 / 猫, 汽车 / 车, 私家车 / 车: the kind every such thing of the user's is (review27)
    if not any(set(w) & set(span) for w in extra if is_cjk(w)):
        return False  # the span is a filler or a word the shorter explains
    tags = _tagged(span)
    if span in _LIGHT_VERBS or all(flag.startswith(_LIGHT_FLAGS) for _, flag in tags):
        return False
    if len(tags) == 1 and len(span) == 1 and tags[0][1].startswith("v"):
        return False  # 超 / 看: an adverb or a verb, not a kind
    before = y[start - 1]
    if before in _BEFORE_KIND:
        return True
    head = "".join(y[:start])
    last = _tagged(head)[-1] if _tagged(head) else ("", "")
    return last[1].startswith(_BEFORE_FLAGS) and last[0] not in _NOT_OBJECT_VERBS


# verbs after which an inserted span is an adverb or a complement, not a kind of the object
_NOT_OBJECT_VERBS = frozenset(("是", "在", "有", "去", "到", "住", "上班", "工作"))


# A clause break: a comma or semicolon, or an English "and" ("and my wife too").
_BREAK = re.compile(r"\s*[,;]\s*|\s+and\s+")
# How a clause that adds a fact opens after a comma: a job (做 / 当 / 是 / "as"), a place (在 / 住 / "in"
# / "at"), a time (从 / 自从 / "since"), a person (和 / 跟 / "with"), a purpose (为了 / "for"). A clause
# with a subject of its own ("she fell", "dairy doesn't agree with me", 吃了会起疹子) most often says
# why or how the fact holds, which restates it, and is left to the model.
_OPENERS = re.compile(
    r"(?:做|当|是|在|住|从|自从|自|和|跟|同|为了|教|负责|担任|尤其)"
    r"|(?:as|since|in|at|with|for|from|until|near|teaching|working|especially)\b"
    r"|(?:he|she)(?:'s| is) an?\b"
)


def trailing_clauses(a: str, b: str, breaks: re.Pattern[str]) -> Iterator[tuple[str, str, str, str, frozenset[str]]]:
    """Where only one text has words the other does not explain, each split of that longer text at a
    break into a head and a trailing clause: (break, head, tail, the shorter text normalised, the
    unexplained words). Shared by `clause_added` and mal/dedup_near23.py `deed_added`."""
    only_a, only_b = dedup_model.unexplained(a, b)
    if bool(only_a) == bool(only_b):
        return
    longer, shorter, extra = (a, b, only_a) if only_a else (b, a, only_b)
    flat = normalise(longer).strip(" .!?。！？")
    for m in breaks.finditer(flat):
        head, tail = flat[: m.start()], flat[m.end() :]
        if head.strip() and tail.strip():
            yield m.group(), head, tail, normalise(shorter), extra


def clause_added(a: str, b: str) -> bool:
    """One text is the other plus a clause that adds a fact (see the module docstring)."""
    for joint, head, tail, shorter, extra in trailing_clauses(a, b, _BREAK):
        if joint.strip() != "and" and not _OPENERS.match(tail):
            continue
        if _says(head, shorter) and _adds(tail, extra):
            return True
    return False


def _says(part: str, shorter: str) -> bool:
    """The part says what the shorter text says, no more and no less: its words explain each other,
    and it has the same numbers, names, places and times (2 nieces is no "4 and 12")."""
    if dedup_model.unexplained(part, shorter) != (frozenset(), frozenset()):
        return False
    x, y = signature(part), signature(shorter)
    return (x.numbers, x.names, x.places, x.times) == (y.numbers, y.names, y.places, y.times)


def _adds(part: str, extra: frozenset[str]) -> bool:
    """The part holds a word the shorter text does not explain, other than a light one the word
    rules do not list ("lol", "yes", 哈哈: a reply, not a fact)."""
    return any(w in part and not any(light in w for light in _LIGHT_CLAUSE_WORDS) for w in extra)


# Words a clause may say without adding a fact (beyond the word rules' fillers)
_LIGHT_CLAUSE_WORDS = frozenset(
    (
        *("lol", "haha", "lmao", "yes", "yeah", "yep", "ok", "okay", "tbh", "honestly", "seriously", "truly"),
        *("fun", "indeed", "though", "anyway", "basically", "literally", "totally", "definitely", "finally"),
        *("btw", "fyi", "again", "lately", "recently", "sadly", "remember", "忘", "记得", "记住"),
        *("哈哈", "是的", "对的", "嗯", "确实", "其实", "反正", "说真的", "老实说", "真的", "挺好", "终于", "总算"),
    )
)


@lru_cache(maxsize=2048)
def _tagged(text: str) -> tuple[tuple[str, str], ...]:
    """jieba's part-of-speech reading of a Chinese span (nothing for a text without Chinese)."""
    if not any(is_cjk(c) for c in text):
        return ()
    return tuple((w.word, w.flag) for w in _pos().lcut(text, HMM=False))


@lru_cache(maxsize=1)
def _pos() -> Any:
    """A private tagger over jieba's own dictionary (mal/dedup_lists.py keeps one for the same reason:
    the parser adds its words to the global one)."""
    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    return jieba.posseg.POSTokenizer(jieba.Tokenizer())
