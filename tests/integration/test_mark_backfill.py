"""`mal profile-backfill` and the write-time marks against the real Neo4j (issue #13): memories
written before the marks are read as unknown (never missed), the backfill marks them exactly as a
write would, resumes, and after it a conflict check reads only the fact's group."""

from __future__ import annotations

from pathlib import Path

import neo4j
import pytest

from mal.backfill import MarkBackfill
from mal.bootstrap import Container
from mal.profile import PROFILE_RULES
from mal.scope import SubjectScope
from mal.writing import CaptureRequest
from parsers import CONFLICT_RULES, conflict_key

pytestmark = pytest.mark.integration

CASES = {
    "en": ["I prefer Python", "I dislike coffee", "my budget for the trip is at most $500", "I prefer vim"],
    "zh": ["我更喜欢 Python", "我不喜欢咖啡", "这次旅行预算最多800元", "我妈妈有高血压"],
}


def _forget_marks(driver: neo4j.Driver, subject: str) -> None:
    """What a memory written before the marks existed looks like."""
    driver.execute_query(
        "MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory) "
        "REMOVE m.profile, m.profile_rules, m.conflict_key, m.conflict_rules",
        subject=subject,
    )


def _marks(driver: neo4j.Driver, subject: str) -> dict[str, tuple[object, ...]]:
    rows = driver.execute_query(
        "MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory) "
        "RETURN m.id AS id, m.profile AS p, m.profile_rules AS pr, m.conflict_key AS k, m.conflict_rules AS kr",
        subject=subject,
    ).records
    return {r["id"]: (r["p"], r["pr"], r["k"], r["kr"]) for r in rows}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_backfill_marks_legacy_memories_as_a_write_would_and_resumes(
    container: Container, scope: SubjectScope, admin_driver: neo4j.Driver, tmp_path: Path, lang: str
) -> None:
    graph = container.adapters.graph
    written = container.writer.capture(
        scope, CaptureRequest(session_id="s1", turns=[{"role": "user", "content": t} for t in CASES[lang]])
    ).memories
    assert written
    as_written = _marks(admin_driver, scope.subject)
    assert all(pr == PROFILE_RULES and kr == CONFLICT_RULES for _, pr, _, kr in as_written.values())
    first = written[0].memory
    key = conflict_key(first.kind, first.slots)
    assert key is not None
    _forget_marks(admin_driver, scope.subject)
    # Unknown marks are read, never missed: every active memory of the kind comes back.
    legacy = {m.id for m in graph.conflict_rivals(scope.subject, first.kind, key)}
    assert legacy == {m.id for m in graph.active_of_kind(scope.subject, first.kind)}

    backfill = MarkBackfill(graph, tmp_path)
    summary = backfill.run(only=[scope.subject])
    assert summary.subjects == 1 and summary.marked == len(as_written)
    assert _marks(admin_driver, scope.subject) == as_written  # exactly the write's own judgement
    group = [m.id for m in graph.active_of_kind(scope.subject, first.kind) if conflict_key(m.kind, m.slots) == key]
    assert [m.id for m in graph.conflict_rivals(scope.subject, first.kind, key)] == group
    # Resumable: a finished subject is skipped by the next run; marks on a page are never redone.
    again = backfill.run(only=[scope.subject])
    assert (again.subjects, again.skipped_subjects, again.marked) == (0, 1, 0)
    assert graph.backfill_marks(scope.subject, 100) == 0
