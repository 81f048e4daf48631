"""The write and read paths against the real stores, through the composition root."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from mal import journal
from mal.bootstrap import Container
from mal.errors import StoreUnavailable
from mal.models import MemoryStatus
from mal.scope import SubjectScope
from mal.writing import CaptureRequest

pytestmark = pytest.mark.integration


def write(c: Container, scope: SubjectScope, session: str, *texts: str, at: datetime | None = None):
    turns = [{"role": "user", "content": t} for t in texts]
    return c.writer.capture(scope, CaptureRequest(session_id=session, turns=turns, occurred_at=at))


def active(c: Container, scope: SubjectScope) -> list:
    return c.adapters.graph.list_memories(scope.subject, ["active", "disputed"], None, 0, 100)[0]


def test_same_request_twice_yields_one_memory_and_the_same_answer(container: Container, scope: SubjectScope) -> None:
    first = write(container, scope, "s1", "我更喜欢 Python", "我妈妈有高血压")
    again = write(container, scope, "s1", "我更喜欢 Python", "我妈妈有高血压")
    assert [(w.memory.id, w.action) for w in first.memories] == [(w.memory.id, w.action) for w in again.memories]
    assert len(active(container, scope)) == 2
    assert container.adapters.vectors.count_subject(scope.subject) == 2
    assert len(container.recent.get(scope, 50)) == 2  # the buffer did not grow either


def test_near_duplicate_reinforces_instead_of_inserting(container: Container, scope: SubjectScope) -> None:
    first = write(container, scope, "s1", "I prefer Python").memories[0]
    second = write(container, scope, "s2", "I prefer Python").memories[0]
    assert second.action == "reinforced" and second.memory.id == first.memory.id
    stored = container.adapters.graph.get(scope.subject, first.memory.id)
    assert stored is not None and stored.weight > first.memory.weight
    assert sorted(stored.provenance) == ["s1:0", "s2:0"]
    assert len(active(container, scope)) == 1
    replay = write(container, scope, "s2", "I prefer Python").memories[0]  # found by its event, not re-applied
    assert (replay.action, replay.memory.id) == ("reinforced", first.memory.id)
    again = container.adapters.graph.get(scope.subject, first.memory.id)
    assert again is not None and again.weight == stored.weight


def test_explicit_correction_demotes_the_old_value(container: Container, scope: SubjectScope) -> None:
    old = write(container, scope, "s1", "my budget for the trip is at most $500").memories[0]
    fixed = write(container, scope, "s2", "actually it's 800, not 500").memories[0]
    assert fixed.action == "corrected" and fixed.memory.slots["amount"] == 800.0
    demoted = container.adapters.graph.get(scope.subject, old.memory.id)
    assert demoted is not None and demoted.weight == pytest.approx(0.3, abs=0.01)
    hits = container.retriever.search(scope, "what is my trip budget?").hits
    assert hits[0].memory.id == fixed.memory.id


def test_unexplained_contradiction_is_disputed_with_a_question(container: Container, scope: SubjectScope) -> None:
    write(container, scope, "s1", "预算500以内")
    result = write(container, scope, "s2", "预算800以内")
    assert result.memories[0].action == "disputed"
    assert result.memories[0].memory.status == MemoryStatus.DISPUTED
    assert result.questions == ["您之前设定预算500元，本次为800元，是否更新？"]


def test_family_history_stays_separate_per_relative(container: Container, scope: SubjectScope) -> None:
    write(container, scope, "s1", "我妈妈有高血压", "我爸爸有糖尿病", "我更喜欢 Python")
    hits = container.retriever.search(scope, "我妈妈有什么病", k=3).hits
    summaries = [h.memory.summary for h in hits]
    assert summaries[0] == "用户的妈妈有高血压"
    assert all("爸爸" not in s for s in summaries)
    rows = container.adapters.graph.run_read_only(
        "MATCH (u:User {key:$k})-[r:HAS_FAMILY_HISTORY]->(c) RETURN c.name AS name, r.detail AS who ORDER BY name",
        {"k": scope.subject},
        10,
    )
    assert {(r["name"]) for r in rows} == {"高血压", "糖尿病"}


def test_forget_request_in_a_turn_forgets_that_kind_only(container: Container, scope: SubjectScope) -> None:
    write(container, scope, "s1", "预算500以内", "我更喜欢 Python")
    result = write(container, scope, "s2", "忘掉我说过的预算")
    assert len(result.forgotten) == 1
    kinds = {m.kind for m in active(container, scope)}
    assert kinds == {"preference"}
    tomb = container.adapters.graph.get(scope.subject, result.forgotten[0])
    assert tomb is not None and tomb.status == MemoryStatus.FORGOTTEN and tomb.summary == "" and tomb.slots == {}
    assert not container.adapters.vectors.exists(scope.subject, result.forgotten[0])


def test_weaviate_failure_rolls_back_the_graph_write(
    container: Container, scope: SubjectScope, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = {"n": 0}
    real_upsert = container.adapters.vectors.upsert

    def flaky(*args, **kwargs):  # the second vector write fails, as if Weaviate died mid-request
        calls["n"] += 1
        if calls["n"] == 2:
            raise StoreUnavailable("weaviate", "injected")
        return real_upsert(*args, **kwargs)

    monkeypatch.setattr(container.adapters.vectors, "upsert", flaky)
    real_many = container.adapters.vectors.upsert_many

    def flaky_many(subject, items):  # type: ignore[no-untyped-def]  # a capture's one batch: same failure
        for memory, vector in items:
            flaky(subject, memory, vector)
        return real_many(subject, items)

    monkeypatch.setattr(container.adapters.vectors, "upsert_many", flaky_many)
    with pytest.raises(StoreUnavailable):
        write(container, scope, "s1", "我更喜欢 Python", "我妈妈有高血压")
    monkeypatch.undo()
    assert container.adapters.graph.count_subject(scope.subject) == 0 or active(container, scope) == []
    assert container.adapters.vectors.count_subject(scope.subject) == 0
    retried = write(container, scope, "s1", "我更喜欢 Python", "我妈妈有高血压")
    assert [w.action for w in retried.memories] == ["created", "created"]
    assert len(active(container, scope)) == 2


def test_repair_finishes_a_memory_a_crash_left_unindexed(
    container: Container, scope: SubjectScope, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(container.adapters.vectors, "upsert", lambda *a, **k: (_ for _ in ()).throw(SystemExit()))
    monkeypatch.setattr(container.adapters.vectors, "upsert_many", lambda *a, **k: (_ for _ in ()).throw(SystemExit()))
    monkeypatch.setattr(journal, "_roll_back", lambda *a, **k: None)
    with pytest.raises(SystemExit):  # a crash: no rollback runs
        write(container, scope, "s1", "I prefer Python")
    monkeypatch.undo()
    assert active(container, scope) == []  # invisible while half-written
    repaired = container.writer.repair(datetime.now(UTC) + timedelta(seconds=1), scope)
    assert repaired == 1
    assert [m.summary for m in active(container, scope)] == ["User prefers Python"]
    assert container.retriever.search(scope, "python").hits
