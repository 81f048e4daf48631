"""A dated future event said as a plan or plainly, in English (twentieth round, issue #11).

mal/dedup_zh_plans.py `plan_dated` reads 用户计划下月10日去昆明 / 我下个月十号去昆明 as one event; the
same shape in English was kept apart by the aspect check ("gonna start learning Portuguese in Jan" /
"User plans to start learning Portuguese in January", "Going back to uni in September" / "User plans
to return to university in September"): the plan word one text alone says is the only difference,
and a fixed event on a future day is planned either way.

Only when the plain text says the event is coming (going to, gonna, will, 'll, or a present
progressive: "I'm flying to Tokyo next Friday"), neither text says a wish or a doubt (want, would
like, hope, might, thinking about: what the user would like is not what is fixed), both name the
same times (at least one), and once the plan and tense words are gone every content word of one is
explained by the other (review21: "I'm skipping the party" / "plans to go to the party", "cancel my
trip" / "plans to fly" are other events, and nothing after the aspect check reads the verb). A past
"planned" is no plan here (it may have fallen through). Every other check still stands.

Pure functions over two texts; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal.dedup_text import signature

__all__ = ["plan_dated_en"]

# (not "planned": a past plan may have fallen through, and "planned a party" organised one)
_PLAN = re.compile(r"\b(?:plans?|planning|intends?|intending)\b(?:\s+(?:to|on)\b)?", re.IGNORECASE)
_WISH = re.compile(
    r"\b(?:wants?|wanted|wanting|would like|'d like|hopes?|hoping|hoped|dreams?|dreaming|wish(?:es)?|might|may|"
    r"maybe|perhaps|thinking (?:about|of)|considering|if)\b",
    re.IGNORECASE,
)
_COMING = re.compile(
    r"\b(?:gonna|going to|will|'ll|shall)\b|\b(?:am|is|are|'m|'s|'re)\s+[a-z]+ing\b|^\W*(?:going|gonna)\b",
    re.IGNORECASE,
)
# the plan's and the coming event's framing words, dropped before the two events are compared
_FRAME = re.compile(r"\b(?:gonna|going to|will|'ll|shall|am|is|are|'m|'s|'re|a|an|the)\b", re.IGNORECASE)


def plan_dated_en(a: str, b: str, differs: Callable[[str, str], bool] | None = None) -> bool:
    """One text alone says a plan, the other says the event is coming, neither says a wish, and
    both name the same times (see the module docstring). With `differs` (a veto check), also that
    the check finds nothing once the plan words are gone."""
    pa, pb = bool(_PLAN.search(a)), bool(_PLAN.search(b))
    if pa == pb or _WISH.search(a) or _WISH.search(b):
        return False
    plain = b if pa else a
    if not _COMING.search(plain):
        return False
    ta, tb = signature(a).times, signature(b).times
    if ta != tb or not ta:
        return False
    # the same event once the framing is gone: every content word of one is explained by the other
    # ("I'm skipping the party on Saturday" / "User plans to go to the party on Saturday": review21)
    from mal.dedup_model import unexplained  # the model module reads this one's caller

    bare_a, bare_b = _FRAME.sub(" ", _PLAN.sub(" ", a)), _FRAME.sub(" ", _PLAN.sub(" ", b))
    if any(unexplained(bare_a, bare_b)):
        return False
    return differs is None or not differs(_PLAN.sub("", a), _PLAN.sub("", b))
