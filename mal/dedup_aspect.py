"""What a word means by its neighbour rather than alone (mal/dedup_text.py reads the words: 已经,
was, planning): aspect carried by particles and phrasal verbs, and 我 as "my" before a relative.
Pure: a token list in."""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["particle_aspects", "possessive"]

# Past forms only: "I usually stop drinking coffee at 2" ends nothing.
_ENDED = frozenset(("stopped", "quit", "ceased"))
_FINAL_PARTICLES = frozenset(("呢", "吧", "啊", "呀", "哦", "嘛", "哈"))
# Verbs whose end state differs from their course: 戒烟了 (quit) is not 在戒烟 (quitting). For other
# verbs 在 is as often a preposition (在公司附近租了房子) and 了 adds nothing (我在减肥 / 我减肥了).
_TELIC = re.compile(r"^(?:戒|停|退|辞|搬|离|毕业|装修|学会|考)")


def particle_aspects(tokens: list[str], is_place: Callable[[str], bool]) -> set[str]:
    """ "former" for a habit ended ("I stopped taking metformin", "gave up smoking"; not "stopped
    by the bakery"; "trying to quit drinking" is a plan); "ongoing" for 在 / 正在 right before a
    telic verb, "done" for a sentence-final 了 right after one. Alone each is no difference (我戒烟 /
    我戒烟了, mal/dedup.py tolerates it); "done" against "ongoing" is: 我戒烟了 is not 我在戒烟."""
    aspects: set[str] = set()
    words = [t for t in tokens if t and t[0].isalnum()]
    lowered = [w.lower() for w in words]
    for i, word in enumerate(lowered[:-1]):
        if _ended(lowered, i):
            aspects.add("planned" if i and lowered[i - 1] == "to" else "former")
        if word in ("在", "正在") and _TELIC.match(words[i + 1]) and not is_place(words[i + 1]):
            aspects.add("ongoing")
    tail = [t for t in words if t not in _FINAL_PARTICLES]
    if len(tail) > 1 and tail[-1] in ("了", "啦") and _TELIC.match(tail[-2]):
        aspects.add("done")
    return aspects


def _ended(words: list[str], i: int) -> bool:
    """A past "stopped / quit / ceased" or "gave up" before an -ing verb."""
    if words[i] in _ENDED:
        return words[i + 1].endswith("ing")
    return (
        words[i] == "gave"
        and words[i + 1 : i + 2] == ["up"]
        and words[i + 2 : i + 3] != []
        and words[i + 2].endswith("ing")
    )


def possessive(tokens: list[str], i: int, is_person: Callable[[str], bool]) -> bool:
    """我 (or 我 + 的) right before a relative ("我 爸爸", "我 的 妈妈" as jieba cuts them) says
    whose, not who."""
    following = [t for t in tokens[i + 1 : i + 3] if t != "的"][:1]
    return tokens[i] == "我" and bool(following) and is_person(following[0])
