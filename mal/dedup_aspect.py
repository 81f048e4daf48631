"""What a word means by its neighbour rather than alone (mal/dedup_text.py reads the words: 已经,
was, planning): aspect carried by particles and phrasal verbs, and 我 as "my" before a relative.
Pure: a token list in."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["particle_aspects", "possessive"]

_ENDED = frozenset(("stopped", "stop", "stops", "quit", "quits", "ceased", "gave"))
_FINAL_PARTICLES = frozenset(("呢", "吧", "啊", "呀", "哦", "嘛", "哈"))


def particle_aspects(tokens: list[str], is_place: Callable[[str], bool]) -> set[str]:
    """ "former" for a habit ended ("I stopped taking metformin", "quit smoking"; "I stopped by the
    bakery" ends nothing); "ongoing" for 在 / 正在 before a verb (not before a place: 在上海);
    "done" for a sentence-final 了. Alone each is no difference (我戒烟 / 我戒烟了, mal/dedup.py
    tolerates it); "done" against "ongoing" is: 我戒烟了 is not 我在戒烟."""
    aspects: set[str] = set()
    words = [t for t in tokens if t and t[0].isalnum()]
    lowered = [w.lower() for w in words]
    for i, token in enumerate(lowered[:-1]):
        if token in _ENDED and lowered[i + 1].endswith("ing"):
            aspects.add("former")
        if token in ("在", "正在") and not is_place(words[i + 1]):
            aspects.add("ongoing")
    tail = [t for t in words if t not in _FINAL_PARTICLES]
    if tail and tail[-1] in ("了", "啦"):
        aspects.add("done")
    return aspects


def possessive(tokens: list[str], i: int, is_person: Callable[[str], bool]) -> bool:
    """我 right before a relative ("我 爸爸" as jieba cuts it) says whose, not who."""
    following = tokens[i + 1] if i + 1 < len(tokens) else ""
    return tokens[i] == "我" and is_person(following)
