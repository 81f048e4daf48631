"""Crash repair on the fakes: every crash point of a capture's rollback and of an archive run is
finished by `repair()`, which the API runs at start-up and on a schedule (not only in decay)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient

from decay.archive import archive_key
from mal import journal
from mal.api.app import create_app
from mal.bootstrap import Container
from mal.clock import FixedClock
from mal.errors import Conflict, StoreUnavailable
from mal.models import MemoryStatus
from mal.schedule import IntervalSchedule
from mal.scope import SubjectScope
from mal.settings import LifecycleSettings
from tests.unit.fakes import T0, fake_container, fake_settings, new_scope, write

AGENT = {"Authorization": "Bearer agent-key-0123456789", "X-User-Id": "alice"}


def _boom(*args: object, **kwargs: object) -> None:
    raise StoreUnavailable("weaviate", "injected crash")


def _status(c, scope, memory_id):  # type: ignore[no-untyped-def]
    memory = c.adapters.graph.get(scope.subject, memory_id)
    return memory.status if memory else None


def test_interval_schedule_runs_at_once_then_every_interval() -> None:
    ran = threading.Semaphore(0)
    schedule = IntervalSchedule.start(0.05, ran.release, "test")
    assert schedule is not None
    assert ran.acquire(timeout=5) and ran.acquire(timeout=5)  # start-up run, then a tick
    schedule.stop()
    assert IntervalSchedule.start(0, ran.release, "off") is None


def test_a_failing_scheduled_job_is_retried_on_the_next_tick() -> None:
    calls: list[int] = []
    done = threading.Event()

    def job() -> None:
        calls.append(1)
        if len(calls) == 1:
            raise StoreUnavailable("neo4j", "down at start-up")
        done.set()

    schedule = IntervalSchedule.start(0.05, job, "test")
    assert done.wait(5) and schedule is not None
    schedule.stop()


def test_api_start_up_repairs_a_crash_left_memory_without_a_decay_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The crash: a capture wrote Neo4j (unindexed) and died before Weaviate; no rollback ran."""
    clock = FixedClock(T0)
    settings = fake_settings(lifecycle=LifecycleSettings(repair_interval_s=3600, repair_grace_s=60))
    c, scope = fake_container(settings, clock), new_scope()
    monkeypatch.setattr(c.adapters.vectors, "upsert_many", _boom)
    monkeypatch.setattr(journal, "_roll_back", lambda *a, **k: None)
    with pytest.raises(StoreUnavailable):
        write(c, scope, "s1", "I prefer Python")
    monkeypatch.undo()
    assert not c.retriever.search(scope, "python").hits
    clock.advance(seconds=61)
    repaired = threading.Event()
    real = c.lifecycle.repair

    def spy() -> dict[str, int]:
        out = real()
        repaired.set()
        return out

    monkeypatch.setattr(c.lifecycle, "repair", spy)
    with TestClient(create_app(settings, container_factory=lambda _s: c, warm=False)):
        assert repaired.wait(10)
    hits = c.retriever.search(scope, "python").hits
    assert [h.memory.summary for h in hits] == ["User prefers Python"]


def test_repair_leaves_a_capture_in_flight_alone() -> None:
    clock = FixedClock(T0)
    c, scope = fake_container(clock=clock), new_scope()
    c.adapters.graph.ensure_subject(scope.subject, scope.tenant, T0)
    memory = write(c, scope, "s1", "I prefer Python").memories[0].memory
    c.adapters.graph.upsert(scope.subject, memory, indexed=False)  # as mid-capture
    assert c.lifecycle.repair() == {"indexed": 0, "archived": 0, "forgotten": 0}  # younger than the grace period
    clock.advance(seconds=c.settings.lifecycle.repair_grace_s + 1)
    assert c.lifecycle.repair() == {"indexed": 1, "archived": 0, "forgotten": 0}


def test_rollback_that_cannot_delete_the_vector_keeps_the_memory_for_repair(monkeypatch: pytest.MonkeyPatch) -> None:
    """Weaviate failed after taking the vector and refuses the undo: the graph copy must stay
    (unindexed), or the vector would belong to no memory; repair then finishes it whole."""
    clock = FixedClock(T0)
    c, scope = fake_container(clock=clock), new_scope()
    real_mark = c.adapters.graph.mark_indexed_many
    monkeypatch.setattr(c.adapters.graph, "mark_indexed_many", _boom)
    monkeypatch.setattr(c.adapters.vectors, "delete", _boom)
    with pytest.raises(StoreUnavailable):
        write(c, scope, "s1", "我更喜欢 Python")
    monkeypatch.setattr(c.adapters.graph, "mark_indexed_many", real_mark)
    monkeypatch.undo()
    ids = c.adapters.vectors.ids(scope.subject)
    assert len(ids) == 1 and c.adapters.graph.get(scope.subject, ids[0]) is not None
    clock.advance(minutes=5)
    assert c.lifecycle.repair()["indexed"] == 1
    assert [h.memory.id for h in c.retriever.search(scope, "Python").hits] == ids


def test_rollback_after_the_memories_were_visible_never_leaves_a_hot_node_without_its_vector(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by the fault run: a capture failed after its memories were flushed and indexed (here
    the recent-turn buffer), the rollback deleted the vectors and then could not delete the nodes
    (Neo4j cut): two hot memories without vectors, which repair never saw. Now they are hidden
    first, so repair finishes them whole; zh and en alike."""
    clock, c, scope = _capture_with_a_cut_rollback(monkeypatch)
    clock.advance(minutes=5)
    assert c.lifecycle.repair()["indexed"] == 2
    for query in ("山地车", "green tea"):
        hits = c.retriever.search(scope, query).hits
        assert hits and set(c.adapters.vectors.ids(scope.subject)) >= {h.memory.id for h in hits}
    visible = {m.id for m in c.adapters.graph.list_memories(scope.subject, ["active"], None, 0, 10)[0]}
    assert visible == set(c.adapters.vectors.ids(scope.subject)) and len(visible) == 2


@pytest.mark.parametrize("text", ["I prefer green tea", "我喜欢山地车"])
def test_a_retry_is_not_acknowledged_while_its_earlier_attempt_can_still_delete_the_memory(text: str) -> None:
    """Found by the fault run (a lost acknowledged write): the client's connection was cut, it
    retried the capture while the first attempt was still running; the retry found the first
    attempt's memory (still unindexed) and answered 200 as a replay; then the first attempt
    failed and its rollback deleted that memory. A replay of an unfinished memory is now a 409."""
    c, scope = fake_container(), new_scope()
    first = write(c, scope, "s1", text).memories[0].memory
    c.adapters.graph.upsert(scope.subject, first, indexed=False)  # the first attempt, mid-capture
    with pytest.raises(Conflict):
        write(c, scope, "s1", text)  # the retry: before the fix, a 200 naming `first`
    c.adapters.vectors.delete(scope.subject, [first.id])  # the first attempt fails and rolls back
    c.adapters.graph.delete(scope.subject, first.id)
    acknowledged = write(c, scope, "s1", text).memories  # the client's next retry writes it anew
    assert [w.memory.id for w in acknowledged] == [first.id]
    assert [h.memory.id for h in c.retriever.search(scope, text).hits] == [first.id]
    # Once finished, a retry is a plain replay again.
    assert [w.memory.id for w in write(c, scope, "s1", text).memories] == [first.id]


def test_a_retry_after_a_rollback_cut_short_is_acknowledged_once_repair_finished_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rollback could not delete the node (Neo4j cut): the memory stays hidden until repair
    finishes it; a retry meanwhile gets a 409, after repair the replay acknowledges it whole."""
    clock, c, scope = _capture_with_a_cut_rollback(monkeypatch)
    with pytest.raises(Conflict):
        write(c, scope, "s1", "我喜欢山地车", "I prefer green tea")
    clock.advance(minutes=5)
    assert c.lifecycle.repair()["indexed"] == 2
    ids = {w.memory.id for w in write(c, scope, "s1", "我喜欢山地车", "I prefer green tea").memories}
    assert len(ids) == 2 and ids == set(c.adapters.vectors.ids(scope.subject))


@pytest.mark.parametrize("crash_at", ["vectors.delete", "graph.archive_stubs"])
def test_archive_crash_after_the_mark_is_finished_by_repair(monkeypatch: pytest.MonkeyPatch, crash_at: str) -> None:
    clock = FixedClock(T0)
    c, scope = fake_container(clock=clock), new_scope()
    ids = [w.memory.id for w in write(c, scope, "s1", "I prefer Python", "我妈妈有高血压").memories]
    clock.advance(days=100)
    store, method = crash_at.split(".")
    target = c.adapters.vectors if store == "vectors" else c.adapters.graph
    monkeypatch.setattr(target, method, _boom)
    with pytest.raises(StoreUnavailable):
        c.lifecycle.run(tenant=scope.tenant)
    monkeypatch.undo()
    # Mid-archive the memories are hidden from reads (their vectors may already be gone) ...
    assert not c.retriever.search(scope, "python").hits
    assert all(_status(c, scope, i) == MemoryStatus.ACTIVE for i in ids)
    assert c.lifecycle.repair() == {"indexed": 0, "archived": 0, "forgotten": 0}  # still inside the grace period
    clock.advance(minutes=5)
    # ... and repair, not a decay run, finishes them: stubs, no vectors, objects kept, restorable.
    assert c.lifecycle.repair() == {"indexed": 0, "archived": 2, "forgotten": 0}
    assert all(_status(c, scope, i) == MemoryStatus.ARCHIVED for i in ids)
    assert c.adapters.vectors.count_subject(scope.subject) == 0
    assert c.adapters.graph.archive_pending(clock.now() + timedelta(days=1)) == []
    restored = c.lifecycle.restore(scope, ids[0])
    assert restored.summary == "User prefers Python"
    assert c.retriever.search(scope, "python").hits[0].memory.id == ids[0]
    trail = [e.type for e in c.adapters.graph.audit_trail(scope.subject) if e.memory_id == ids[1]]
    assert trail.count("archived") == 1  # finished once, not recorded twice


@pytest.mark.parametrize("crash_at", ["blobs.put", "graph.mark_archiving"])
def test_archive_crash_before_the_mark_leaves_the_memory_hot_and_whole(
    monkeypatch: pytest.MonkeyPatch, crash_at: str
) -> None:
    clock = FixedClock(T0)
    c, scope = fake_container(clock=clock), new_scope()
    memory_id = write(c, scope, "s1", "I prefer Python").memories[0].memory.id
    clock.advance(days=100)
    store, method = crash_at.split(".")
    monkeypatch.setattr(getattr(c.adapters, "blobs" if store == "blobs" else "graph"), method, _boom)
    with pytest.raises(StoreUnavailable):
        c.lifecycle.run(tenant=scope.tenant)
    monkeypatch.undo()
    assert c.retriever.search(scope, "python").hits[0].memory.id == memory_id
    assert c.lifecycle.repair() == {"indexed": 0, "archived": 0, "forgotten": 0}
    assert c.lifecycle.run(tenant=scope.tenant)["archived"] == 1  # the next run archives it once
    assert _status(c, scope, memory_id) == MemoryStatus.ARCHIVED


def test_forgetting_a_memory_whose_archive_was_interrupted_deletes_the_object(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = FixedClock(T0)
    c, scope = fake_container(clock=clock), new_scope()
    memory_id = write(c, scope, "s1", "我妈妈有高血压").memories[0].memory.id
    clock.advance(days=100)
    monkeypatch.setattr(c.adapters.vectors, "delete", _boom)
    with pytest.raises(StoreUnavailable):
        c.lifecycle.run(tenant=scope.tenant)
    monkeypatch.undo()
    key = archive_key(scope, memory_id)
    assert c.adapters.blobs.head_sha256(c.settings.s3.archive_bucket, key)
    c.forgetter.forget(scope, memory_id)
    assert c.adapters.blobs.head_sha256(c.settings.s3.archive_bucket, key) is None
    assert _status(c, scope, memory_id) == MemoryStatus.FORGOTTEN
    clock.advance(minutes=5)
    assert c.lifecycle.repair() == {"indexed": 0, "archived": 0, "forgotten": 0}  # nothing left to finish


@pytest.mark.parametrize("crash_at", ["vectors.delete", "graph.forget_memory"])
def test_a_forget_an_outage_interrupted_is_hidden_at_once_and_finished_by_repair(
    monkeypatch: pytest.MonkeyPatch, crash_at: str
) -> None:
    """Weaviate down (the vector stays) or Neo4j down after the vector went: either way the memory
    is never hot without its vector; repair finishes the forget (the user asked for it)."""
    clock = FixedClock(T0)
    c, scope = fake_container(clock=clock), new_scope()
    memory_id = write(c, scope, "s1", "我妈妈有高血压").memories[0].memory.id
    store, method = crash_at.split(".")
    monkeypatch.setattr(getattr(c.adapters, store), method, _boom)
    with pytest.raises(StoreUnavailable):
        c.forgetter.forget(scope, memory_id)
    monkeypatch.undo()
    assert not c.retriever.search(scope, "高血压").hits
    assert c.lifecycle.repair() == {"indexed": 0, "archived": 0, "forgotten": 0}  # grace period
    clock.advance(minutes=5)
    assert c.lifecycle.repair() == {"indexed": 0, "archived": 0, "forgotten": 1}
    assert _status(c, scope, memory_id) == MemoryStatus.FORGOTTEN
    assert not c.adapters.vectors.exists(scope.subject, memory_id)
    tomb = c.adapters.graph.get(scope.subject, memory_id)
    assert tomb is not None and tomb.text == ""


def test_the_next_decay_run_finishes_an_interrupted_archive_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """No grace period inside a decay run: runs never overlap, so nothing pending is in flight."""
    clock = FixedClock(T0)
    c, scope = fake_container(clock=clock), new_scope()
    memory_id = write(c, scope, "s1", "I prefer Python").memories[0].memory.id
    clock.advance(days=100)
    monkeypatch.setattr(c.adapters.graph, "archive_stubs", _boom)
    with pytest.raises(StoreUnavailable):
        c.lifecycle.run(tenant=scope.tenant)
    monkeypatch.undo()
    report = c.lifecycle.run(tenant=scope.tenant)
    assert report["archived"] == 1 and _status(c, scope, memory_id) == MemoryStatus.ARCHIVED


def _capture_with_a_cut_rollback(monkeypatch: pytest.MonkeyPatch) -> tuple[FixedClock, Container, SubjectScope]:
    """A zh + en capture that fails after its memories were flushed and indexed (the recent-turn
    buffer), whose rollback then cannot delete the nodes (Neo4j cut); the faults are undone after."""
    clock = FixedClock(T0)
    c, scope = fake_container(clock=clock), new_scope()
    monkeypatch.setattr(c.writer._recent, "append", _boom)
    monkeypatch.setattr(c.adapters.graph, "delete", _boom)
    with pytest.raises(StoreUnavailable):
        write(c, scope, "s1", "我喜欢山地车", "I prefer green tea")
    monkeypatch.undo()
    return clock, c, scope
