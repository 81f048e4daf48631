"""Cypher for the Neo4j adapter, as named, parameterised constants: the index of every statement.

The statements live in two modules by role (`neo4j_cypher_memories` for one subject's memories,
`neo4j_cypher_subjects` for subjects, lifecycle, recent turns, audit and erase, `neo4j_cypher_audit`
for the tenant's audit chain); this module
re-exports them all so one import (and the scope-check in tests/unit) sees every statement.
Relationship types are the only interpolation, from the whitelist, once at import. Statuses are
never literals: they are parameters, supplied by `status_params()` from the one `MemoryStatus`
vocabulary. Every statement touching a subject's data matches `$subject`; tenant-wide admin
statements match `$tenant` (a unit test checks both, and that no status literal is written here).
"""

from __future__ import annotations

from typing import Any

from adapters.neo4j_cypher_audit import *  # noqa: F403
from adapters.neo4j_cypher_audit import __all__ as _audit
from adapters.neo4j_cypher_expand import *  # noqa: F403
from adapters.neo4j_cypher_expand import __all__ as _expand
from adapters.neo4j_cypher_identity import *  # noqa: F403
from adapters.neo4j_cypher_identity import __all__ as _identity
from adapters.neo4j_cypher_lock import *  # noqa: F403
from adapters.neo4j_cypher_lock import __all__ as _lock
from adapters.neo4j_cypher_memories import *  # noqa: F403
from adapters.neo4j_cypher_memories import __all__ as _memories
from adapters.neo4j_cypher_subjects import *  # noqa: F403
from adapters.neo4j_cypher_subjects import __all__ as _subjects
from mal.models import HOLDS_FACT, SEARCHABLE, MemoryStatus

__all__ = [*_memories, *_expand, *_subjects, *_audit, *_identity, *_lock, "status_params"]  # noqa: PLE0604


def status_params() -> dict[str, Any]:
    """The status parameters every statement may use, from `MemoryStatus` (the one vocabulary):
    `$active`, `$disputed`, `$archived`, `$quarantined`, `$forgotten` for one status, `$searchable`
    (what a search or context may return) and `$holds_fact` (a memory that still owns its fact, for
    replay detection and fingerprint claims). Extra parameters are ignored by Neo4j."""
    return {
        **{status.value: status.value for status in MemoryStatus},
        "searchable": list(SEARCHABLE),
        "holds_fact": list(HOLDS_FACT),
    }
