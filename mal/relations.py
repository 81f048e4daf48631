"""The relationship-type whitelist. Cypher cannot parameterise a type, so only these are ever
interpolated, and only after `relation_type()` has checked them."""

from __future__ import annotations

from parsers.kinds import kind_relations, relation_types

__all__ = ["KIND_RELATION", "RELATION_TYPES", "relation_type"]

# Both read the KINDS table (parsers/kinds.py): a kind and its relationship type are one row.
KIND_RELATION: dict[str, str] = kind_relations()
RELATION_TYPES: frozenset[str] = relation_types()


def relation_type(name: str) -> str:
    if name not in RELATION_TYPES:
        raise ValueError(f"relationship type {name!r} is not in the whitelist")
    return name
