"""The near-miss families three helpers wrote apart, each folded into one veto check.

review11 (mal/dedup_review11.py), zh11 / review12 (mal/dedup_zh_near.py) and en11
(mal/dedup_en11.py) were written in parallel and each found the same families in its own pairs: a
person added or removed, all against some, two roles swapped, a word set inside a name, a place
come from against a place gone to, a numbered thing against a count. Their readings are not
interchangeable (each catches near misses the others miss: 我和你 is no co-subject for zh11 and is
for review11, "and I" is read only by review11 and en11, en11 asks the signature who is named), so
a family here is every reading of it, and the veto (mal/dedup.py `_checks`) asks each family once:

  * `companion`     - the user with someone against that someone alone (review11 `companion`,
                      zh11 `joint_subject`, en11 `joint_subject`).
  * `quantifier`    - all against some (review11 `quantifier`, zh11 `partial`, en11 `quantifier`).
  * `role_swap`     - two words or roles exchanged (review11 `role_swap`, en11 `contrast_swapped`
                      and `subject_moved`, zh11 `reordered` and `swapped_pair`).
  * `ordinal`       - a numbered thing against a count or a floor (review11 `ordinal`, zh11
                      `floor_vs_building`).
  * `name_modifier` - a word inside a name (review11 `name_modifier`, zh11 `infixed`).
  * `from_to`       - a place one text comes from and the other goes to (review11 `from_to`, zh11
                      `origin_vs_goal`).

A family holds when any of its readings does, so the veto fires exactly where the separate checks
did; the readings run cheapest first and stop at the first that fires. The word rules (mal/dedup.py
`agree`, `_turned`) still ask each module's `differs`, which reads the texts in another form (the
signature's casefolded text, or as written), so they keep their own readings.

Pure functions over two texts as written; no I/O.
"""

from __future__ import annotations

from collections.abc import Callable

from mal import dedup_en11 as en11
from mal import dedup_review11 as review11
from mal import dedup_zh_near as zh_near
from mal.dedup_household import household_noted_zh
from mal.dedup_their21 import couple_noted

__all__ = ["CHECKS", "companion", "from_to", "name_modifier", "ordinal", "quantifier", "role_swap"]


def companion(a: str, b: str) -> bool:
    """The user is one of the subjects in one text only ("My wife and I" / "My wife", 我和老婆 / 我老婆);
    not a 我们 that owns what a note owns by 用户的 (twentieth round: mal/dedup_household.py)."""
    joint = review11.companion(a, b) or zh_near.joint_subject(a, b) or en11.joint_subject(a, b)
    return joint and not household_noted_zh(a, b) and not couple_noted(a, b)


def quantifier(a: str, b: str) -> bool:
    """One text says all or both of a group, the other some, most or one of it (都 / 有些)."""
    return review11.quantifier(a, b) or zh_near.partial(a, b) or bool(en11.quantifier(a, b))


def role_swap(a: str, b: str) -> bool:
    """Two words or roles trade places ("tea over coffee" / "coffee over tea", "Anna fixed my bike" /
    "I fixed Anna's bike", 蜜蜂 / 蜂蜜, 怕狗…对猫过敏 / 怕猫…对狗过敏). The content-word reading
    (zh11 `swapped_pair`, a segmentation per clause) runs last."""
    return (
        review11.role_swap(a, b)
        or en11.contrast_swapped(a, b)
        or en11.subject_moved(a, b)
        or zh_near.reordered(a, b)
        or zh_near.swapped_pair(a, b)
    )


def ordinal(a: str, b: str) -> bool:
    """A numbered thing against a count of it or a floor (第二个儿子 / 两个儿子, 三号楼 / 三楼)."""
    return zh_near.floor_vs_building(a, b) or review11.ordinal(a, b)


def name_modifier(a: str, b: str) -> bool:
    """A name with a word set inside it names another one (南京大学 / 南京师范大学)."""
    return review11.name_modifier(a, b) or zh_near.infixed(a, b)


def from_to(a: str, b: str) -> bool:
    """A place one text comes from is where the other goes (从成都搬来 / 搬去成都)."""
    return review11.from_to(a, b) or zh_near.origin_vs_goal(a, b)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("role_swap", role_swap),
    ("companion", companion),
    ("quantifier", quantifier),
    ("ordinal", ordinal),
    ("name_modifier", name_modifier),
    ("from_to", from_to),
)
