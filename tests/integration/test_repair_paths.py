"""Crash repair on the real stores: an archive interrupted between deleting the vectors and writing
the stubs is finished by repair (not by a decay run), and the rule on the fakes (tests/unit/
test_repair.py) holds on Neo4j, Weaviate and versitygw."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from decay.archive import archive_key
from decay.policy import Decision
from mal.bootstrap import Container
from mal.errors import StoreUnavailable
from mal.models import MemoryStatus
from mal.scope import SubjectScope
from mal.writing import CaptureRequest


def _write(c: Container, scope: SubjectScope, *texts: str) -> list[str]:
    turns = [{"role": "user", "content": t} for t in texts]
    return [w.memory.id for w in c.writer.capture(scope, CaptureRequest(session_id="s1", turns=turns)).memories]


def _boom(*args: object, **kwargs: object) -> None:
    raise StoreUnavailable("neo4j", "injected crash")


@pytest.mark.parametrize("crash_at", ["vectors.delete", "graph.archive_stubs"])
def test_an_archive_a_crash_interrupted_is_finished_by_repair(
    container: Container, scope: SubjectScope, monkeypatch: pytest.MonkeyPatch, crash_at: str
) -> None:
    ids = _write(container, scope, "I prefer Python", "我妈妈有高血压")
    archiver: Any = container.lifecycle.archiver  # type: ignore[attr-defined]
    memories = [container.adapters.graph.get(scope.subject, i) for i in ids]
    items = [(m, Decision(m.id, "ttl", 0.05)) for m in memories if m is not None]
    store, method = crash_at.split(".")
    monkeypatch.setattr(getattr(container.adapters, store), method, _boom)
    with pytest.raises(StoreUnavailable):
        archiver.archive_many(scope, items)
    monkeypatch.undo()
    assert not container.retriever.search(scope, "Python").hits  # hidden while half-archived
    finished = archiver.resume_pending(datetime.now(UTC) + timedelta(seconds=1))
    assert sum(finished.values()) >= 2
    for memory_id in ids:
        memory = container.adapters.graph.get(scope.subject, memory_id)
        assert memory is not None and memory.status == MemoryStatus.ARCHIVED
        assert container.adapters.blobs.head_sha256(container.settings.s3.archive_bucket, archive_key(scope, memory_id))
    assert container.adapters.vectors.count_subject(scope.subject) == 0
    restored = container.lifecycle.restore(scope, ids[0])
    assert restored.summary == "User prefers Python"
    assert [h.memory.id for h in container.retriever.search(scope, "Python").hits][:1] == [ids[0]]


def test_lifecycle_repair_reports_both_kinds(container: Container) -> None:
    report = container.lifecycle.repair()
    assert set(report) == {"indexed", "archived", "forgotten"}
