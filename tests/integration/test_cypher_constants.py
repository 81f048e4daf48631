"""Every Cypher constant compiles on the real Neo4j. A statement that does not parse fails only
when it runs, and some run only on rare paths (a rollback after a failure, a lifecycle step): a
merged DELETE_MEMORY once lacked a WITH between two deletes and every rollback failed silently."""

from __future__ import annotations

import re
from typing import Any

import neo4j
import pytest

from adapters import neo4j_cypher
from adapters.neo4j_cypher import status_params

pytestmark = pytest.mark.integration
_PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_CYPHER = re.compile(r"\b(MATCH|MERGE|CREATE|CALL|RETURN|UNWIND|DELETE|SET)\b")


def _statements() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for name in neo4j_cypher.__all__:
        value: Any = getattr(neo4j_cypher, name)
        if isinstance(value, str):
            found.append((name, value))
        elif isinstance(value, dict):
            found.extend((f"{name}[{key}]", text) for key, text in value.items() if isinstance(text, str))
        elif isinstance(value, tuple):
            found.extend((f"{name}[{i}]", text) for i, text in enumerate(value) if isinstance(text, str))
    return [(name, text) for name, text in found if _CYPHER.search(text)]  # not label names


STATEMENTS = _statements()


def test_the_scan_finds_the_statements() -> None:
    names = {name for name, _ in STATEMENTS}
    assert {"UPSERT_MEMORY", "DELETE_MEMORY", "FORGET_MEMORY", "BY_IDS"} <= names
    assert len(STATEMENTS) > 40


@pytest.mark.parametrize(("name", "text"), STATEMENTS, ids=[name for name, _ in STATEMENTS])
def test_statement_compiles(name: str, text: str, admin_driver: neo4j.Driver) -> None:
    if text.lstrip().upper().startswith(("CREATE CONSTRAINT", "CREATE INDEX")):
        pytest.skip("schema commands cannot be EXPLAINed; ensure_schema runs them at every start")
    params = {**status_params(), **{p: None for p in _PARAM.findall(text)}}
    with admin_driver.session() as session:  # auto-commit: CALL { } IN TRANSACTIONS needs it
        session.run(f"EXPLAIN {text}", params).consume()
