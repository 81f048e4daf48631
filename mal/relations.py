"""The relationship-type whitelist. Cypher cannot parameterise a type, so only these are ever
interpolated, and only after `relation_type()` has checked them."""

from __future__ import annotations

__all__ = ["KIND_RELATION", "RELATION_TYPES", "relation_type"]

KIND_RELATION: dict[str, str] = {
    "preference": "PREFERS",
    "profile": "HAS_PROFILE",
    "family_health": "HAS_FAMILY_HISTORY",
    "travel_plan": "HAS_TRAVEL_PLAN",
    "budget": "HAS_BUDGET",
    "schedule": "HAS_TODO",
    "todo": "HAS_TODO",
    "feedback": "GAVE_FEEDBACK",
    "episode": "MENTIONED",
}
RELATION_TYPES: frozenset[str] = frozenset(KIND_RELATION.values()) | {"DISLIKES"}


def relation_type(name: str) -> str:
    if name not in RELATION_TYPES:
        raise ValueError(f"relationship type {name!r} is not in the whitelist")
    return name
