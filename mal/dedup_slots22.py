"""Twenty-second round (helper slots22, issue #11): restatements the slot check kept apart.

The slot check (mal/dedup.py `_slots_compatible`) compares the parsed slots of two memories. Some
restatements carry one value read two ways from words that mean one thing:

  * a budget's category read from the act of saving ("I'm saving $300 every month for a new car":
    investment, from "saving") where the other wording names only what the money is for ("puts aside
    300 dollars toward a new car": car). The parser picks the first category a text names; the
    saving text names the other's category too, so the saving is toward that thing (`saving_read`).
    Not when the investment is said in other words (index funds, stocks, invest) or the saving text
    does not name the other's category: $300 for a car and $300 for a laptop stay two budgets, and
    saving for a car is no investment ("invests $300 a month in index funds" is another budget).
  * across kinds (a fact and an episode), the slot check asks the episode to say the fact's slot
    values; a value the parser wrote as a code ("no beef" for 不吃牛肉) or read only from a Cantonese
    or a note's wording (我唔食牛肉嘅 is an episode, 用户不吃牛肉 a diet) is said by no text. When the
    two texts, each read in the user's own words (mal/dedup_notes.py `first_person`), are one text
    to the word rules (same people, numbers, places, negation, every other word explained), the
    fact's slots came from words the episode says: the slot check holds (mal/dedup.py `_checks`),
    and every other veto still reads the two texts.
  * a budget's amount said in words across kinds ("aiming for 40k" / "target is forty grand"): the
    slot check reads a number said by the canonical numbers of mal/dedup_quantities.py (`amount_said`),
    and a bound said by words of that bound ("$18,000 max" / "capped ... at": `bound_said`).
  * a job title followed by a participle ("a nurse employed at ...", "working at", "based in") is
    that title, not a longer one (mal/dedup_families.py `title_extended`): "nurse practitioner" is.

Pure functions over slot mappings and texts.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from mal.dedup_quantities import quantities
from mal.dedup_text import stem
from parsers.budget_rules import categories_named

__all__ = ["amount_said", "bound_said", "saving_apart", "saving_read"]

_SAVING = re.compile(r"\bsav(?:e|es|ed|ing|ings)\b", re.I)
# the slot check compares codes stemmed (mal/dedup.py `_slot_value`: electronics is "electronic")
_INVESTMENT = stem("investment")


def saving_read(
    a: dict[str, str], b: dict[str, str], text_a: str, text_b: str
) -> tuple[dict[str, str], dict[str, str]]:
    """The two budgets' slots with an investment category read from a saving word alone replaced by
    the other reading's category, when the saving text names that category as well."""
    return _toward(a, b, text_a), _toward(b, a, text_b)


def saving_apart(a: dict[str, str], b: dict[str, str], text_a: str, text_b: str) -> bool:
    """Both budgets read investment, one from a saving word beside what it is for ("saving $300
    for a car") and the other invested ("invests $300 in index funds"): equal slots, two budgets."""
    ra, rb = saving_read(a, b, text_a, text_b)
    return a.get("category") == b.get("category") and ra.get("category") != rb.get("category")


def _toward(slots: dict[str, str], other: Mapping[str, str], text: str) -> dict[str, str]:
    target = other.get("category", "")
    if slots.get("category") != _INVESTMENT or not target or target == stem("general"):
        return slots
    if _INVESTMENT in _named(_SAVING.sub(" ", text)):
        return slots  # invested in other words too (index funds, stocks): a category of its own
    toward = sorted(_named(text) - {_INVESTMENT})
    if target == _INVESTMENT and toward:
        # saving for a car is no investment: "saving $300 for a car" / "investing $300 in index funds"
        return {**slots, "category": toward[0]}
    if target not in toward:
        return slots
    return {**slots, "category": target}


def _named(text: str) -> frozenset[str]:
    return frozenset(stem(c) for c in categories_named(text))


def amount_said(text: str, value: str) -> bool:
    """`value` (a slot's number, as the slot check writes it: "40000") is a number `text` says in
    any form mal/dedup_quantities.py reads (40k, "forty grand", 4万, "eighteen thousand"). The same
    number only: 40000 is not said by "fourteen grand", nor by 40."""
    try:
        wanted = float(value)
    except ValueError:
        return False
    return any(q.kind == "num" and wanted in q.readings for q in quantities(text))


# a budget's bound said in other words: "$18,000 max" / "capped the budget at eighteen thousand"
_BOUND_WORDS = {
    "max": re.compile(
        r"\b(?:max(?:imum)?|cap(?:s|ped|ping)?|at most|no more than|up to|ceiling)\b|最多|不超过|以内|之内|上限|封顶",
        re.I,
    ),
    "min": re.compile(r"\b(?:min(?:imum)?|at least|or more)\b|至少|以上|起步", re.I),
}


def bound_said(text: str, value: str) -> bool:
    """`value` is a budget's bound (max / min) that `text` says in words of that bound: a ceiling is
    not said by "at least", nor a floor by "up to"."""
    pattern = _BOUND_WORDS.get(value)
    return pattern is not None and bool(pattern.search(text))
