"""Twelfth round (helper zh11): a dated future event said as a plan or as a plain statement.

A note in the third person ("用户计划下月10日飞昆明", "用户母亲将于下周二接受手术") frames what the
user said plainly ("我下个月十号飞昆明", "我妈下周二做手术") as a plan. When both texts name the same
future time (明天, 下周, 下个月, 明年 ...), the plan word one alone says is the only difference the
aspect and wish checks see, and it adds nothing: an event on a future day is planned either way.
A wish (想, 希望: what the user would like, not what is fixed), another or no future time, and every
other check of the veto still stand.

And a note's relative (`note_read`): 用户的儿子尘螨过敏 is the son's allergy to 尘螨, as 我儿子对尘螨
过敏 says it, where the parser read the user as the subject and 用户的儿子尘螨 as the allergen.

Pure functions; mal/dedup.py asks `plan_dated` in its aspect and wish checks and reads both slot sets
through `note_read` before its slot check compares them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal.dedup_text import normalise, signature

__all__ = ["note_read", "plan_dated"]

# A fixed plan, not a wish: 计划 / 打算 / 准备 / 将 / 将于 / 将要 / 预计 (想 and 希望 stay a wish).
_PLAN = re.compile(r"计划|打算|准备|预计|将于|将要|(?<![即必])将(?=[^来军])")
_WISH = re.compile(r"想|希望|愿意|梦想|目标")
_FUTURE = frozenset(("明天", "后天", "大后天", "明晚", "下周", "下个月", "明年", "后年"))


def plan_dated(a: str, b: str, differs: Callable[[str, str], bool] | None = None) -> bool:
    """One text alone says a fixed plan, neither says a wish, and both name the same future times
    (at least one): 用户计划下月10日去昆明 / 我下个月十号去昆明. With `differs` (a veto check), also
    that the check finds nothing once the plan words are gone (an outcome or an ability still counts)."""
    pa, pb = bool(_PLAN.search(a)), bool(_PLAN.search(b))
    if pa == pb or _WISH.search(a) or _WISH.search(b):
        return False
    ta, tb = signature(a).times, signature(b).times
    if ta != tb or not ta & _FUTURE:
        return False
    return differs is None or not differs(_PLAN.sub("", a), _PLAN.sub("", b))


# 用户的儿子… / 用户母亲…: a note names the user's relative after 用户, which the parser reads as
# part of the span (allergen 用户的儿子尘螨) with the user as the subject (relative self).


def note_read(slots: dict[str, str], text: str) -> dict[str, str]:
    """The structured slots of a note about the user (用户的儿子尘螨过敏) read as the user's own words
    would give them: a span that starts with 用户(的) + a relative loses that start, and a relative
    read as the user (self) is that relative. Other texts' slots come back unchanged."""
    from mal.dedup_lexicon import PEOPLE_ZH

    flat = normalise(text)
    if not flat.startswith("用户"):
        return slots
    person = next(
        (w for w in sorted(PEOPLE_ZH, key=len, reverse=True) if flat.startswith(("用户的" + w, "用户" + w))), None
    )
    if person is None:
        return slots
    out = dict(slots)
    for key, value in slots.items():
        for head in ("用户的" + person, "用户" + person):
            if isinstance(value, str) and value.startswith(head) and len(value) > len(head):
                out[key] = value[len(head) :]
    if out.get("relative") == "self":
        out["relative"] = PEOPLE_ZH[person]
    return out
