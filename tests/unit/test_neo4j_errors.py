"""Driver errors become typed store errors in one place (adapters/neo4j_base.py): a transient error
that outlived the driver's retries (a deadlock under concurrent captures of one subject) is a 503
naming Neo4j, not an untranslated 500."""

from __future__ import annotations

from typing import Any

import pytest
from neo4j import exceptions as nx

from adapters.neo4j_base import Neo4jBase
from mal.errors import StoreUnavailable


class _Raising:
    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    def execute_query(self, *args: Any, **kwargs: Any) -> Any:
        raise self.exc


def _base(exc: Exception) -> Neo4jBase:
    base = Neo4jBase.__new__(Neo4jBase)
    base._database = "neo4j"
    base._driver = _Raising(exc)  # type: ignore[assignment]
    base.bookmarks = None  # type: ignore[assignment]
    return base


def test_a_deadlock_after_retries_is_store_unavailable_naming_neo4j() -> None:
    deadlock = nx.TransientError._hydrate_neo4j(
        code="Neo.TransientError.Transaction.DeadlockDetected", message="can't acquire ExclusiveLock"
    )
    with pytest.raises(StoreUnavailable) as caught:
        _base(deadlock)._write("RETURN 1")
    assert caught.value.store == "neo4j" and "DeadlockDetected" in str(caught.value)


def test_a_client_error_is_not_swallowed_as_an_outage() -> None:
    syntax = nx.ClientError._hydrate_neo4j(code="Neo.ClientError.Statement.SyntaxError", message="bad")
    with pytest.raises(nx.ClientError):
        _base(syntax)._read("RETURN")
