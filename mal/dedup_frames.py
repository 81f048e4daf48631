"""Frame words: the words that only say *which* fact a sentence states, per kind and field.

Two memories whose kind and identity slots are equal (profile hometown = 湖南, family_health father
+ metformin, budget 5000 CNY max electronics) state the same fact when their texts differ only in
how they frame it: "我老家是湖南的" / "我是湖南人", "I'm originally from Manchester" / "I grew up in
Manchester", "I'm a nurse" / "I work as a nurse". A global synonym list cannot equate 老家 and 人, or
"originally" and "grew": they are not synonyms, only interchangeable *as the frame of that field*.
So the words are scoped: a word here excuses a difference only when both memories are that kind
and field, and every hard fact (people, numbers, times, places, negation, aspect, order) still has
to agree (mal/dedup.py). Words that name what the fact is about are never frame words: a pet's
species (猫 / 狗), a trip's purpose (出差 / 旅游), a food, a tense (took / takes).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["IDENTITY", "frame_words"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# The slots that identify a fact of each kind: all must be present (and equal, mal/dedup.py) for a
# frame difference to be excused. Kinds or fields not listed never take this path.
IDENTITY: dict[str, tuple[str, ...]] = {
    "profile": ("field", "value"),
    "family_health": ("relative",),
    "travel_plan": ("arrival",),
    "budget": ("amount", "bound"),
    "todo": ("task",),
    "preference": ("item", "polarity"),
}
_PROFILE: dict[str, frozenset[str]] = {
    "city": _words(
        "live living lives reside residing based stay staying now currently moved move "
        "住 住在 现在 目前 定居 坐标 生活 待 搬到 搬 在"
    ),
    "hometown": _words(
        "originally original from grew grow up come came born raised hometown 老家 人 来自 出生 长大 家乡 籍贯 是"
    ),
    "job": _words("work working works as job profession 做 当 工作 上班 职业 干 是"),
    "employer": _words("work working works at for employed job 上班 工作 就职 任职 供职 在"),
    "pet": _words("name named called call have got 叫 名字 养 家 有"),
    "age": _words("year old turned turn 岁 今年 满 了"),
    "name": _words("name named called call 叫 名字 是"),
    "device": _words("use using switched switch got new 换 换成 用 在用 新"),
    "birthday": _words("birthday on born 生日 是 号 出生"),  # "was born on" (sixth round)
    "language": _words("speak speaks can fluent 说 讲 会 能"),
}
_KIND: dict[str, frozenset[str]] = {
    "family_health": _words(
        "has have suffer suffers diagnosed allergic allergy take takes taking on every day daily "
        "有 患有 得了 对 过敏 会 吃 每天 都 服用 在吃 喝 碰"
    ),
    "travel_plan": _words("fly flying going go heading head will plan planning 去 要 飞 打算 准备"),
    "budget": _words(
        "budget for my buy buying purchase spend at most max maximum dollar buck 预算 是 的 买 花 最多 块 元 钱"
    ),
    "todo": _words("remind me need have must 提醒 我 要 得 需要 记得"),
    "preference": _words("like love enjoy prefer rather adore fan into 喜欢 爱 偏好 更 最 超 特别"),
}


def frame_words(kind: str, slots: Mapping[str, Any]) -> frozenset[str]:
    """The words that only frame a fact of this kind (and profile field); empty when the kind's
    identity slots are not all filled, so such a memory never merges on its frame alone."""
    identity = IDENTITY.get(kind)
    if identity is None or any(slots.get(k) in (None, "") for k in identity):
        return frozenset()
    if kind == "profile":
        return _PROFILE.get(str(slots["field"]), frozenset())
    return _KIND.get(kind, frozenset())
