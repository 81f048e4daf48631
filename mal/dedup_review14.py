"""Fourteenth round's dedup families: near misses that passed every older veto once blind13 retired.

With blind13 (writer25) in training, one "different" pair passed every veto, the learned layer
scored it 0.976, and every merge threshold went above 1 again: "I earn about $85k a year" / "I earn
about $85k a year after tax". The family it stands for:

  * `money_basis` - the basis an amount is counted on: after tax (税后, net, take-home, 到手) against
                    before tax (税前, gross, pre-tax), a base pay (底薪, base salary) or tax included
                    (含税) against excluded (不含税), bonus included or not. Two texts that give the
                    same amount on different bases, or one of them on no stated basis, say two
                    amounts: the basis is a detail a user would correct.

Each family is read in both languages, and the bases are compared as classes, so a Chinese text and
an English one that name the same basis (税后 / "after tax") agree.

Pure functions over two texts as written; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from mal.dedup_text import flat as _flat

__all__ = ["CHECKS", "differs", "money_basis"]


# --- the basis an amount is counted on
_BASES: dict[str, str] = {
    "net": r"税后|扣税后|到手|实发|\bafter[- ]tax(?:es)?\b|\bpost[- ]tax\b|\bnet\b|\btake[- ]home\b",
    "gross": r"税前|\bbefore[- ]tax(?:es)?\b|\bpre[- ]?tax\b|\bgross\b",
    "base": r"底薪|基本工资|\bbase (?:salary|pay|wage)\b|\bbasic (?:salary|pay|wage)\b",
    "tax_excluded": r"不含税|未税|\b(?:excluding|excl\.?|without|plus) (?:the )?(?:tax|vat|gst)\b|\+ ?(?:tax|vat)\b",
    "tax_included": (
        r"(?<!不)含税|\b(?:including|incl\.?|with|inclusive of) (?:the )?(?:tax|vat|gst)\b|\btax[- ]inclusive\b"
    ),
    "bonus_included": (
        r"(?:含|加上?|包括|算上)(?:年终)?奖金|\b(?:including|incl\.?|with|plus) (?:the |my |a )?bonus(?:es)?\b"
    ),
    "bonus_excluded": (
        r"不(?:含|算|包括)(?:年终)?奖金|\b(?:excluding|not counting|without|before) (?:the |my |a )?bonus(?:es)?\b"
    ),
}
_BASIS_RE = {name: re.compile(pattern, re.IGNORECASE) for name, pattern in _BASES.items()}


@lru_cache(maxsize=4096)
def _bases(text: str) -> frozenset[str]:
    flat = _flat(text)
    found = {name for name, pattern in _BASIS_RE.items() if pattern.search(flat)}
    if "bonus_excluded" in found:  # 不含奖金 holds 含奖金's words
        found.discard("bonus_included")
    return frozenset(found)


def money_basis(a: str, b: str) -> bool:
    """The texts count an amount on different bases (税后 / 税前, "after tax" / gross), or one of
    them names a basis and the other none ("$85k a year" / "$85k a year after tax")."""
    return _bases(a) != _bases(b)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (("money_basis", money_basis),)


def differs(a: str, b: str) -> bool:
    """Any family of the round says the two texts are two facts (see the module docstring)."""
    return any(check(a, b) for _, check in CHECKS)
