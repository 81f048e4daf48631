"""Structural promises: scoping in Cypher, the relation whitelist, and which layer imports what."""

import re
import subprocess
import sys
from typing import Any

import pytest

from adapters import neo4j_cypher as neo4j_graph
from adapters import neo4j_cypher_identity, neo4j_cypher_memories, neo4j_cypher_subjects
from mal.models import HOLDS_FACT, SEARCHABLE, MemoryStatus
from mal.relations import KIND_RELATION, RELATION_TYPES, relation_type

# Statements that deliberately span subjects: schema setup and the crash-repair scan (which
# returns each row's own subject key and is never exposed through the API).
CROSS_SUBJECT = {
    "SCHEMA",
    "UNINDEXED",
    "ARCHIVE_PENDING",
    "FORGET_PENDING",
    "CHAIN_HEADS",
}  # CHAIN_HEADS: the hourly anchor
# Admin and lifecycle statements that span a tenant's subjects must be scoped by tenant instead.
TENANT_SCOPED = {
    "SUBJECTS_PAGE",
    "PERSIST_DECAY",
    "QUARANTINE_SOURCE",
    "RELEASE_SOURCE",
    "MARK_SOURCE",
    "UNMARK_SOURCE",
    "QUARANTINED_SOURCES",
    # the tenant's audit chain (adapters/neo4j_cypher_audit.py)
    "CHAIN_LOCK_HEAD",
    "CHAIN_APPEND",
    "CHAIN_SET_HEAD",
    "CHAIN_EVENTS",
    "CHAIN_HEAD",
    "SUBJECT_AUDIT_REFS",
    # Identity (Level 3): the daily job pages a tenant's unbound devices; admins list and decide.
    "UNBOUND_DEVICES",
    "RECORD_PROPOSAL",
    "PROPOSALS",
    "DECIDE_PROPOSAL",
}


def _cypher_constants() -> dict[str, str]:
    out = {}
    for name in dir(neo4j_graph):
        value = getattr(neo4j_graph, name)
        if (
            name.isupper()
            and not name.startswith("_")
            and isinstance(value, str)
            and ("MATCH" in value or "MERGE" in value or "CREATE" in value)
        ):
            out[name] = value
    for rel, query in neo4j_graph.UPSERT_RELATION.items():
        out[f"UPSERT_RELATION[{rel}]"] = query
    return out


def test_every_memory_statement_is_scoped_by_subject() -> None:
    constants = _cypher_constants()
    assert len(constants) >= 15
    for name, query in constants.items():
        if name in CROSS_SUBJECT:
            continue
        if name in TENANT_SCOPED:
            assert "$tenant" in query, f"{name} is not scoped by $tenant"
            continue
        assert "$subject" in query, f"{name} is not scoped by $subject"


def _all_statements(module: Any) -> dict[str, str]:
    """Every Cypher text a module defines, including those inside tuples (SCHEMA) and dicts (ERASE_SUBJECT)."""
    out: dict[str, str] = {}
    for name in dir(module):
        value = getattr(module, name)
        if not name.isupper() or name.startswith("_"):
            continue
        if isinstance(value, str):
            out[name] = value
        elif isinstance(value, tuple):
            out.update({f"{name}[{i}]": v for i, v in enumerate(value) if isinstance(v, str)})
        elif isinstance(value, dict):
            out.update({f"{name}[{k}]": v for k, v in value.items() if isinstance(v, str)})
    return out


def _status_literals(query: str) -> list[str]:
    statuses = "|".join(s.value for s in MemoryStatus)
    return re.findall(rf"""['"]({statuses})['"]""", query, flags=re.IGNORECASE)


def test_the_cypher_index_re_exports_every_role_module() -> None:
    """The scope check above reads adapters.neo4j_cypher: a statement added to a role module but not
    re-exported there would escape it."""
    for module in (neo4j_cypher_memories, neo4j_cypher_subjects, neo4j_cypher_identity):
        for name in module.__all__:
            assert getattr(neo4j_graph, name) is getattr(module, name), name
    assert set(_all_statements(neo4j_cypher_memories)) | set(_all_statements(neo4j_cypher_subjects)) <= set(
        _all_statements(neo4j_graph)
    )


def test_no_cypher_statement_hard_codes_a_status() -> None:
    """Statuses come from MemoryStatus as parameters ($active, $searchable, ...), never as literals."""
    assert _status_literals("MATCH (m) WHERE m.status IN ['active', \"Disputed\"]") == ["active", "Disputed"]
    statements = _all_statements(neo4j_graph)
    assert len(statements) >= 40
    offenders = {name: _status_literals(q) for name, q in statements.items() if _status_literals(q)}
    assert offenders == {}


def test_every_status_parameter_a_statement_uses_is_supplied() -> None:
    params = neo4j_graph.status_params()
    assert {s.value for s in MemoryStatus} <= set(params) and all(params[s.value] == s.value for s in MemoryStatus)
    assert params["searchable"] == list(SEARCHABLE) and params["holds_fact"] == list(HOLDS_FACT)
    status_names = {s.value for s in MemoryStatus} | {"searchable", "holds_fact"}
    used = {p for q in _all_statements(neo4j_graph).values() for p in re.findall(r"\$([a-z_]+)", q)}
    assert used & status_names, "no statement takes a status parameter"
    # A status-like parameter the adapter does not supply would fail only against a real Neo4j.
    assert {p for p in used if p.endswith("_status") or p in status_names} <= set(params) | {"status"}


def test_no_statement_is_built_from_format_placeholders_at_run_time() -> None:
    for name, query in _cypher_constants().items():
        assert "{rel}" not in query and "%s" not in query, name


def test_relation_types_come_from_the_whitelist() -> None:
    assert set(KIND_RELATION.values()) <= RELATION_TYPES
    assert set(neo4j_graph.UPSERT_RELATION) == RELATION_TYPES
    for bad in ("PREFERS]->(x) DETACH DELETE x //", "prefers", "KNOWS"):
        with pytest.raises(ValueError, match="whitelist"):
            relation_type(bad)


@pytest.mark.parametrize(
    "module,forbidden",
    [
        ("mal.api.app", ("neo4j", "weaviate", "boto3", "botocore")),
        ("mal.writing", ("neo4j", "weaviate", "boto3", "botocore")),
        ("parsers", ("mal", "adapters", "decay", "neo4j", "weaviate", "boto3")),
    ],
)
def test_layers_import_inward_only(module: str, forbidden: tuple[str, ...]) -> None:
    code = (
        f"import sys, {module}; bad = sorted(m for m in sys.modules if m.split('.')[0] in {forbidden!r}); "
        "print(','.join(bad)); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"{module} imports {result.stdout.strip()}"


def test_every_label_holding_a_subject_is_erased_by_index() -> None:
    """Erase deletes label by label (no AllNodesScan), so every label written with `subject`
    must be in SUBJECT_LABELS, and each gets its own indexed delete statement."""
    import re

    written: set[str] = set()
    for query in _cypher_constants().values():
        labels = dict(re.findall(r"\((\w+):(\w+)", query))
        for var in re.findall(r"(\w+)\.subject\s*=\s*\$subject", query):
            written.add(labels.get(var, var))
        for clause in re.findall(r"(?:MERGE|CREATE)[^\n]*", query):
            written.update(re.findall(r":(\w+)\s*\{[^}]*\bsubject:\s*\$subject", clause))
    assert written and written <= set(neo4j_graph.SUBJECT_LABELS), written - set(neo4j_graph.SUBJECT_LABELS)
    assert set(neo4j_graph.ERASE_SUBJECT) == set(neo4j_graph.SUBJECT_LABELS)
    for label, statement in neo4j_graph.ERASE_SUBJECT.items():
        assert f"(n:{label} {{subject: $subject}})" in statement and "WHERE n.subject" not in statement
