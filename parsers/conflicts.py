"""Conflicts between a new fact and the subject's active memories of the same kind.

Explicit corrections ("不对，是800不是500") win and cut the old weight; an unexplained
contradiction becomes `disputed` with a question in the user's language (seed 004, 5.2).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from parsers.kinds import conflict_keys
from parsers.model import ConflictFinding, Correction, Fact

__all__ = ["CONFLICT_KEYS", "CONFLICT_RULES", "apply_correction", "check_conflict", "conflict_key"]

# kind -> (identity slots that must match, value slot that must not differ)
CONFLICT_KEYS: dict[str, tuple[tuple[str, ...], str]] = conflict_keys()  # from the KINDS table
# Kinds with identity slots whose memories never contradict each other (two conditions of one
# relative are both true): no conflict check, so no read either.
_NEVER_CONFLICT = frozenset({"family_health"})
# What a stored conflict key was computed under: a changed identity rule makes old keys unknown.
CONFLICT_RULES = hashlib.sha256(
    json.dumps(sorted((k, list(v[0])) for k, v in CONFLICT_KEYS.items()) + sorted(_NEVER_CONFLICT)).encode()
).hexdigest()[:16]


def _canonical(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def conflict_key(kind: str, slots: dict[str, Any]) -> str | None:
    """The only memories `check_conflict` can find in conflict with a fact are those of its kind
    with equal identity slots: this key names that group (a hash, equal exactly when the identity
    slots are equal), so the write path reads the group, not every memory of the kind. None when
    the kind never conflicts."""
    keys = CONFLICT_KEYS.get(kind)
    if keys is None or kind in _NEVER_CONFLICT:
        return None
    identity = [_canonical(slots.get(k)) for k in keys[0]]
    text = json.dumps([kind, identity], ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


_LABELS = {
    "amount": ("预算", "budget"),
    "value": ("信息", "value"),
    "polarity": ("偏好", "preference"),
    "time": ("时间", "time"),
    "condition": ("情况", "condition"),
}


def _fmt(value: Any) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def _question(fact: Fact, slot: str, old: Any, new: Any) -> str:
    zh, en = _LABELS.get(slot, (slot, slot))
    if fact.kind == "budget":
        unit = "元" if fact.slots.get("currency") == "CNY" else f" {fact.slots.get('currency', '')}"
        if fact.lang == "en":
            return f"You previously set a budget of {_fmt(old)}{unit.strip() and ' ' + unit.strip()}; now it is {_fmt(new)}. Update it?"
        return f"您之前设定预算{_fmt(old)}{unit.strip()}，本次为{_fmt(new)}{unit.strip()}，是否更新？"
    if fact.lang == "en":
        return f"You previously told me your {en} was {_fmt(old)}; now it is {_fmt(new)}. Which one is right?"
    return f"您之前说{zh}是{_fmt(old)}，这次是{_fmt(new)}，以哪个为准？"


def check_conflict(fact: Fact, existing: list[dict[str, Any]]) -> ConflictFinding | None:
    """`existing`: the subject's active memories of fact.kind as {"id", "slots"} dicts."""
    keys = CONFLICT_KEYS.get(fact.kind)
    if keys is None:
        return None
    identity, slot = keys
    if fact.kind in _NEVER_CONFLICT:
        return None  # two conditions for one relative are both true, never a contradiction
    for memory in reversed(existing):
        old_slots = memory.get("slots", {})
        if any(old_slots.get(k) != fact.slots.get(k) for k in identity):
            continue
        if slot not in fact.slots or slot not in old_slots:
            continue
        old, new = old_slots[slot], fact.slots[slot]
        if old == new:
            continue
        return ConflictFinding(memory["id"], slot, old, new, fact.correction, _question(fact, slot, old, new))
    return None


def apply_correction(correction: Correction, existing: list[dict[str, Any]]) -> tuple[str, str, dict[str, Any]] | None:
    """Find the newest memory holding the corrected value; returns (memory id, slot, new slots)."""
    for memory in sorted(existing, key=lambda m: str(m.get("created_at", "")), reverse=True):
        for slot, value in memory.get("slots", {}).items():
            if slot in {"currency", "bound", "polarity", "field", "relative", "category", "mode", "sentiment", "mood"}:
                continue
            text = _fmt(value)
            if correction.old is not None and text != correction.old and not text.startswith(correction.old):
                continue
            if correction.old is None and slot not in {"amount", "budget_max", "value", "date", "time", "item"}:
                continue
            new_value: Any = correction.new
            if isinstance(value, float):
                try:
                    new_value = float(correction.new)
                except ValueError:
                    continue
            elif slot == "date" and len(text) >= 4 and correction.new.isdigit() and len(correction.new) == 4:
                new_value = correction.new + text[4:]
            return memory["id"], slot, {**memory["slots"], slot: new_value}
    return None
