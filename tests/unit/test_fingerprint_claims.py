"""What a new fact claims (mal/capture_plan.py `fingerprints`: its words', then its summary's) and
what the write path does with the owner a claim returns (mal/write_store.py `_settle`): the same
words find their memory whoever holds the summary, a forgotten memory is never revived, and an
owner that disappears between the claim and the join (its own capture rolling back) is claimed
again instead of being answered "created" for a memory never written."""

from __future__ import annotations

from typing import Any

import pytest

from adapters.memory import InMemoryVectorStore
from adapters.memory_graph import InMemoryGraphStore
from mal.bootstrap import Container
from mal.errors import Conflict
from mal.models import Memory, MemoryStatus
from mal.scope import SubjectScope
from mal.write_store import CLAIM_RETRIES
from tests.unit.fakes import T0, fake_container, new_scope, write


def _graph(c: Container) -> InMemoryGraphStore:
    graph = c.adapters.graph
    assert isinstance(graph, InMemoryGraphStore)
    return graph


def _vectors(c: Container) -> InMemoryVectorStore:
    vectors = c.adapters.vectors
    assert isinstance(vectors, InMemoryVectorStore)
    return vectors


def _live(c: Container, scope: SubjectScope) -> list[Memory]:
    return _graph(c).list_memories(scope.subject, ["active", "disputed"], None, 0, 500)[0]


def _status(c: Container, scope: SubjectScope, memory_id: str) -> MemoryStatus | None:
    memory = _graph(c).get(scope.subject, memory_id)
    return memory.status if memory is not None else None


# -- the same words find their memory ------------------------------------------------------------


def test_the_same_words_find_their_memory_after_the_summary_owner_is_archived() -> None:
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", "I live in Exeter.")
    [owner] = write(c, scope, "s2", "I live in Truro.").memories  # disputed: holds the summary
    [held] = write(c, scope, "s3", "I live in Truro with my aunt.").memories  # vetoed: held under its words
    assert held.memory.id != owner.memory.id and held.memory.summary == owner.memory.summary
    _graph(c).archive_stub(scope.subject, owner.memory.id, "k/owner.json", "ab" * 32, "ttl", T0)
    [again] = write(c, scope, "s4", "I live in Truro with my aunt.").memories
    assert (again.action, again.memory.id) == ("reinforced", held.memory.id)


def test_a_fact_said_after_its_summary_owner_is_forgotten_holds_its_words_too() -> None:
    # The first fact written after the summary owner is gone holds the summary and its words: said
    # again, it is found by either, and a new fact under that summary is still vetoed from it.
    c, scope = fake_container(), new_scope()
    [first] = write(c, scope, "s1", "我养了三只乌龟").memories
    c.forgetter.forget(scope, first.memory.id)
    [second] = write(c, scope, "s2", "我养了三只乌龟").memories
    assert second.action == "created" and second.memory.id != first.memory.id
    [again] = write(c, scope, "s3", "我养了三只乌龟").memories
    assert (again.action, again.memory.id) == ("reinforced", second.memory.id)
    [other] = write(c, scope, "s4", "我养了八只乌龟").memories
    assert other.memory.id != second.memory.id
    assert len(_live(c, scope)) == 2


# -- forgotten memories stay forgotten -------------------------------------------------------------


@pytest.mark.parametrize("text", ["I collect vintage postcards.", "我收藏老式明信片"])
def test_a_forgotten_memory_is_not_revived_by_its_words_said_again(text: str) -> None:
    c, scope = fake_container(), new_scope()
    [first] = write(c, scope, "s1", text).memories
    c.forgetter.forget(scope, first.memory.id)
    [again] = write(c, scope, "s2", text).memories
    assert again.action == "created" and again.memory.id != first.memory.id
    assert _status(c, scope, first.memory.id) == MemoryStatus.FORGOTTEN
    assert [m.id for m in _live(c, scope)] == [again.memory.id]


def test_a_forgotten_memory_held_under_its_words_is_not_revived_either() -> None:
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", "I live in Derby.")
    [owner] = write(c, scope, "s2", "I live in Lincoln.").memories
    [held] = write(c, scope, "s3", "I live in Lincoln near the cathedral.").memories
    assert held.memory.id != owner.memory.id
    c.forgetter.forget(scope, held.memory.id)
    [again] = write(c, scope, "s4", "I live in Lincoln near the cathedral.").memories
    assert again.memory.id not in (held.memory.id, owner.memory.id)
    assert _status(c, scope, held.memory.id) == MemoryStatus.FORGOTTEN
    assert _status(c, scope, again.memory.id) == MemoryStatus.DISPUTED


# -- the owner disappears between the claim and the join -----------------------------------------


class _Rival:
    """Another capture of the same fact, racing this one: it claims the fact's fingerprints just
    before this capture's claim, then rolls back (its memory deleted, its fingerprints with it) at
    `vanish`, once or each time (`times`). Deterministic: it runs inside the patched store calls."""

    def __init__(self, c: Container, scope: SubjectScope, times: int = 1) -> None:
        self.graph, self.subject, self.times = _graph(c), scope.subject, times
        self.insert = self.graph.insert_new  # unpatched: the rival is another writer
        self.ids: list[str] = []

    def claim(self, memory: Memory, fingerprints: tuple[str, ...]) -> None:
        if len(self.ids) >= self.times:
            return
        rival = memory.model_copy(update={"id": f"rival{len(self.ids)}-{memory.id}", "events": ["rival:created"]})
        assert self.insert(self.subject, rival, fingerprints) == rival.id
        self.ids.append(rival.id)

    def vanish(self, forget: bool = False) -> None:
        """Its capture rolls back (`forget`: the user forgets it instead, leaving a tombstone)."""
        for rival_id in self.ids:
            if forget:
                self.graph.forget_memory(self.subject, rival_id, T0)
            else:
                self.graph.delete(self.subject, rival_id)


def _race(monkeypatch: pytest.MonkeyPatch, rival: _Rival, where: str) -> None:
    """Patch the fake so the rival claims before every claim of this capture and is rolled back
    right after the claim (`where` "claim"; "forget": forgotten instead) or right before the owner
    is reinforced ("reinforce")."""
    graph = rival.graph
    real_many, real_new, real_reinforce = graph.insert_many, graph.insert_new, graph.reinforce

    def after_claim(result: Any) -> Any:
        if where in ("claim", "forget"):
            rival.vanish(forget=where == "forget")
        return result

    batch: list[bool] = []  # inside insert_many (the fake's calls insert_new per item)

    def insert_many(subject: str, items: list[tuple[Memory, tuple[str, ...]]]) -> list[str]:
        rival.claim(*items[0])
        batch.append(True)
        try:
            owners = real_many(subject, items)
        finally:
            batch.pop()
        return after_claim(owners)  # type: ignore[no-any-return]

    def insert_new(subject: str, memory: Memory, fingerprints: tuple[str, ...]) -> str:
        if batch:
            return real_new(subject, memory, fingerprints)  # type: ignore[no-any-return]
        rival.claim(memory, fingerprints)
        return after_claim(real_new(subject, memory, fingerprints))  # type: ignore[no-any-return]

    def reinforce(subject: str, memory_id: str, *args: Any, **kwargs: Any) -> Memory | None:
        if where == "reinforce":
            rival.vanish()
        return real_reinforce(subject, memory_id, *args, **kwargs)

    monkeypatch.setattr(graph, "insert_many", insert_many)
    monkeypatch.setattr(graph, "insert_new", insert_new)
    monkeypatch.setattr(graph, "reinforce", reinforce)


def _written_whole(c: Container, scope: SubjectScope, memory_id: str, action: str) -> None:
    """The memory answered is in the graph, visible, indexed, and the trail says it once."""
    assert memory_id in {m.id for m in _live(c, scope)}
    assert memory_id in set(_vectors(c).ids(scope.subject))
    trail = [(e.type, e.memory_id) for e in _graph(c).audit_trail(scope.subject)]
    assert trail.count((action, memory_id)) == 1 and not any(t == "rolled_back" for t, _ in trail)


@pytest.mark.parametrize("where", ["claim", "reinforce", "forget"])
@pytest.mark.parametrize(
    "text", ["I keep bees in the back garden.", "我在后院养蜜蜂", "We watched a film at the cinema last night."]
)
def test_a_batched_fact_whose_owner_rolls_back_meanwhile_is_written(
    text: str, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    c, scope = fake_container(), new_scope()
    rival = _Rival(c, scope)
    _race(monkeypatch, rival, where)
    [written] = write(c, scope, "s1", text).memories
    assert rival.ids and written.memory.id not in rival.ids
    assert written.action == "created"
    _written_whole(c, scope, written.memory.id, "created")
    gone = None if where != "forget" else MemoryStatus.FORGOTTEN
    assert all(_status(c, scope, r) == gone for r in rival.ids)  # and not revived


@pytest.mark.parametrize("where", ["claim", "reinforce"])
def test_a_disputed_fact_whose_owner_rolls_back_meanwhile_is_written(
    where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A disputed fact is claimed one at a time (mal/write_store.py `_insert_or_join`), not batched.
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", "I work as a plumber.")
    rival = _Rival(c, scope)
    _race(monkeypatch, rival, where)
    [written] = write(c, scope, "s2", "I work as a carpenter.").memories
    assert rival.ids and (written.action, written.memory.status) == ("disputed", MemoryStatus.DISPUTED)
    _written_whole(c, scope, written.memory.id, "disputed")


@pytest.mark.parametrize("second", ["I drive a red van.", "I work as a baker."], ids=["batched", "disputed"])
def test_an_owner_that_keeps_disappearing_fails_the_capture_with_nothing_written(
    second: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    c, scope = fake_container(), new_scope()
    [first] = write(c, scope, "s1", "I work as a tailor.").memories
    trail_before = _graph(c).audit_trail(scope.subject)
    rival = _Rival(c, scope, times=CLAIM_RETRIES + 5)
    _race(monkeypatch, rival, "claim")
    with pytest.raises(Conflict):
        write(c, scope, "s2", second)
    monkeypatch.undo()
    assert len(rival.ids) == CLAIM_RETRIES + 1
    assert [m.id for m in _live(c, scope)] == [first.memory.id]
    assert set(_vectors(c).ids(scope.subject)) == {first.memory.id}
    graph = _graph(c)
    assert all(graph.get(scope.subject, r) is None for r in rival.ids)
    # Never written, so never "created" in the trail (nor rolled back); the retry writes it.
    new = [(e.type, e.memory_id) for e in graph.audit_trail(scope.subject)[len(trail_before) :]]
    assert not any(t in ("created", "disputed") for t, _ in new)
    [retried] = write(c, scope, "s2", second).memories
    assert retried.action in ("created", "disputed")
    assert {m.id for m in _live(c, scope)} == {first.memory.id, retried.memory.id}


def test_an_owner_forgotten_between_the_claim_and_the_join_is_not_revived(monkeypatch: pytest.MonkeyPatch) -> None:
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", "I live in Bath.")
    [owner] = write(c, scope, "s2", "I live in Wells.").memories  # disputed: claimed, not batched
    graph = _graph(c)
    real = graph.insert_new
    forgotten: list[str] = []

    def insert_new(subject: str, memory: Memory, fingerprints: tuple[str, ...]) -> str:
        claimed = real(subject, memory, fingerprints)
        if not forgotten:  # the user forgets it concurrently, right after this claim found it
            forgotten.append(claimed)
            c.forgetter.forget(scope, claimed)
        return claimed  # type: ignore[no-any-return]

    monkeypatch.setattr(graph, "insert_new", insert_new)
    [again] = write(c, scope, "s3", "I live in Wells.").memories
    assert forgotten == [owner.memory.id]
    assert again.memory.id != owner.memory.id and again.action == "disputed"
    tomb = graph.get(scope.subject, owner.memory.id)
    assert tomb is not None and tomb.status == MemoryStatus.FORGOTTEN and len(tomb.events) == 1
    _written_whole(c, scope, again.memory.id, "disputed")
