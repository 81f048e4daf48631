"""The batched write path (mal/write_batch.py): a capture is a few round trips, whatever its
length, and the rules see this capture's own new memories exactly as if they were already indexed."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from mal.models import Memory, VectorHit
from mal.settings import Settings
from mal.write_batch import StagedWrites
from mal.writing import DEDUP_CANDIDATES
from tests.unit.fakes import fake_container, new_scope, write

EN = [f"I visited museum number {i} with my sister" for i in range(18)] + ["I prefer Python", "我妈妈有高血压"]
ZH = [f"我上周去了第{i}个博物馆" for i in range(18)] + ["我更喜欢 Python", "我妈妈有高血压"]
OTHER_LANGUAGE = int(Settings.model_fields["dedup_other_language_candidates"].default)
COUNTED = {
    "graph": (
        "get",
        "by_event",
        "prior_writes",
        "insert_new",
        "insert_many",
        "mark_indexed",
        "mark_indexed_many",
        "append_audit",
        "append_audits",
    ),
    "vectors": ("upsert", "upsert_many", "nearest"),
}


def _count(c: Any, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    calls: Counter[str] = Counter()
    for store, names in COUNTED.items():
        adapter = getattr(c.adapters, store)
        for name in names:
            real = getattr(adapter, name)

            def counted(*args: Any, _real: Any = real, _name: str = f"{store}.{name}", **kwargs: Any) -> Any:
                if not calls.get("nested"):
                    calls[_name] += 1
                calls["nested"] += 1
                try:
                    return _real(*args, **kwargs)
                finally:
                    calls["nested"] -= 1

            monkeypatch.setattr(adapter, name, counted)
    return calls


@pytest.mark.parametrize("texts", [EN, ZH], ids=["en", "zh"])
def test_a_20_turn_capture_is_a_few_round_trips(texts: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    c, scope = fake_container(), new_scope()
    calls = _count(c, monkeypatch)
    result = write(c, scope, "s1", *texts)
    created = [w for w in result.memories if w.action == "created"]
    assert len(result.memories) == 20 and len(created) >= 2  # the fake embedder merges near-identical lines
    # One replay read, one batch to Weaviate, one UNWIND to make them visible, one audit append;
    # the per-memory forms are never used. Dedup neighbours: two queries per candidate (the nearest,
    # and the nearest in another language), up front and side by side.
    assert calls["graph.prior_writes"] == 1 and calls["vectors.upsert_many"] == 1
    assert calls["graph.mark_indexed_many"] == 1 and calls["graph.append_audits"] == 1
    # Every new memory is claimed and written in one transaction, not one each.
    assert calls["graph.insert_many"] == 1
    # Each near neighbour above the threshold is read once for the agreement check (at most
    # DEDUP_CANDIDATES per candidate, and the other-language ones); a reinforced duplicate's read is
    # also the journal's "before".
    reinforced = len(result.memories) - len(created)
    assert reinforced <= calls["graph.get"] <= (DEDUP_CANDIDATES + OTHER_LANGUAGE) * len(result.memories)
    for single in ("graph.by_event", "graph.insert_new", "graph.mark_indexed", "graph.append_audit", "vectors.upsert"):
        assert calls[single] == 0, single
    assert calls["vectors.nearest"] == 2 * len(result.memories)
    trail = c.adapters.graph.audit_trail(scope.subject)
    assert [(e.type, e.memory_id) for e in trail] == [(w.action, w.memory.id) for w in result.memories]
    assert c.adapters.vectors.count_subject(scope.subject) == len(created)
    assert len(c.adapters.graph.list_memories(scope.subject, None, None, 0, 100)[0]) == len(created)


@pytest.mark.parametrize("fact", ["I prefer Python", "我更喜欢 Python"])
def test_a_fact_stated_twice_in_one_capture_is_reinforced(fact: str) -> None:
    c, scope = fake_container(), new_scope()
    result = write(c, scope, "s1", fact, "something else entirely", fact)
    actions = [
        (w.action, w.memory.id) for w in result.memories if w.memory.summary == result.memories[0].memory.summary
    ]
    assert [a for a, _ in actions] == ["created", "reinforced"] and actions[0][1] == actions[1][1]
    stored = c.adapters.graph.get(scope.subject, actions[0][1])
    assert stored is not None and sorted(stored.provenance) == ["s1:0", "s1:2"]
    assert [e.type for e in c.adapters.graph.audit_trail(scope.subject)].count("reinforced") == 1


@pytest.mark.parametrize("texts", [EN, ZH], ids=["en", "zh"])
def test_stored_neighbours_are_read_in_one_statement_not_one_each(
    texts: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second session restating the first: the agreement check's records of the stored
    duplicates come from one read up front (no `get` per hit), and the answer is unchanged."""
    c, scope = fake_container(), new_scope()
    first = write(c, scope, "s1", *texts)
    calls = _count(c, monkeypatch)
    again = write(c, scope, "s2", *texts)
    assert calls["graph.prior_writes"] == 2  # the replay check, then the neighbours' records
    assert calls["graph.get"] == 0
    created = {w.memory.id for w in first.memories if w.action == "created"}
    assert {w.action for w in again.memories} == {"reinforced"} and {w.memory.id for w in again.memories} <= created
    for memory_id in created:
        stored = c.adapters.graph.get(scope.subject, memory_id)
        assert stored is not None and any(p.startswith("s2:") for p in stored.provenance)


@pytest.mark.parametrize(
    ("texts", "forget"),
    [([*EN[:6], "I like green tea"], "Please forget my budget"), ([*ZH[:6], "我喜欢绿茶"], "忘掉我说过的预算")],
    ids=["en", "zh"],
)
def test_a_forget_turn_splits_the_up_front_reads_instead_of_disabling_them(
    texts: list[str], forget: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The turns before a forget and the turns after it each get one replay read (the forget
    changes what later turns would read); no per-candidate replay reads either side, and a replay
    of the whole request still changes nothing."""
    c, scope = fake_container(), new_scope()
    turns = [*texts[:3], forget, *texts[3:]]
    calls = _count(c, monkeypatch)
    first = write(c, scope, "s1", *turns)
    # a replay read per stretch (+ at most one neighbours' read after the forget's flush), never one each
    assert calls["graph.prior_writes"] in (2, 3) and calls["graph.by_event"] == 0
    assert calls["vectors.nearest"] == 2 * len(first.memories)
    again = write(c, scope, "s1", *turns)
    assert [(w.memory.id, w.action) for w in again.memories] == [(w.memory.id, w.action) for w in first.memories]
    assert c.adapters.vectors.count_subject(scope.subject) == len({w.memory.id for w in first.memories})


def _memory(memory_id: str, kind: str) -> Memory:
    c, scope = fake_container(), new_scope()
    m = write(c, scope, "s", "I prefer Python").memories[0].memory
    return m.model_copy(update={"id": memory_id, "kind": kind})


def test_staged_vectors_take_part_in_the_nearest_neighbour() -> None:
    class Store:
        def __init__(self, hits: list[VectorHit]) -> None:
            self.hits = hits

        def nearest(
            self, subject: str, vector: Any, k: int, kind: str | None, exclude_lang: str | None = None
        ) -> list[VectorHit]:
            return self.hits

    staged = StagedWrites()
    staged.vectors = [(_memory("same-kind", "preference"), [1.0, 0.0]), (_memory("other", "health"), [0.0, 1.0])]
    probe = _memory("probe", "preference")
    # A staged vector of the same kind beats a weaker stored hit ...
    hits = staged.nearest(Store([VectorHit(id="old", score=0.5, vector_cosine=0.5)]), "s", probe, [1.0, 0.0])
    assert [(h.id, round(h.vector_cosine or 0, 3)) for h in hits] == [("same-kind", 1.0)]
    # ... but not a better one, and other kinds never count.
    hits = staged.nearest(Store([VectorHit(id="old", score=1.0, vector_cosine=1.0)]), "s", probe, [0.6, 0.8])
    assert [h.id for h in hits] == ["old"]
    assert [h.id for h in staged.nearest(Store([]), "s", probe, [0.0, 1.0])] == ["same-kind"]
    # Prefetched neighbours are used instead of the store when present.
    staged.nearest_hits = {"probe": []}
    assert staged.nearest(Store([VectorHit(id="x", score=1, vector_cosine=1)]), "s", probe, [0.0, 1.0])[0].id == (
        "same-kind"
    )


@pytest.mark.parametrize("fact", ["I prefer Python", "我更喜欢 Python"])
def test_a_pending_insert_whose_fact_was_claimed_meanwhile_reinforces_the_owner(
    fact: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A concurrent writer claims the fact between staging and the insert transaction: the
    capture's memory is never written, the owner is reinforced, and the answer and trail say so."""
    c, scope = fake_container(), new_scope()
    graph = c.adapters.graph
    real = graph.insert_many
    rival: list[str] = []

    def racing(subject: str, items: list[tuple[Memory, str]]) -> list[str]:
        memory, fingerprint = items[0]
        other = memory.model_copy(update={"id": "rival-" + memory.id, "events": ["rival:created"]})
        rival.append(graph.insert_new(subject, other, fingerprint))
        graph.mark_indexed(subject, other.id)
        return list(real(subject, items))

    monkeypatch.setattr(graph, "insert_many", racing)
    result = write(c, scope, "s1", fact)
    assert [(w.action, w.memory.id) for w in result.memories] == [("reinforced", rival[0])]
    assert graph.get(scope.subject, rival[0].removeprefix("rival-")) is None  # never written
    assert [(e.type, e.memory_id) for e in graph.audit_trail(scope.subject)] == [("reinforced", rival[0])]
    assert c.adapters.vectors.count_subject(scope.subject) == 0  # the rival's vector is its writer's


@pytest.mark.parametrize("texts", [EN[:3], ZH[:3]], ids=["en", "zh"])
def test_a_failed_insert_transaction_writes_nothing_and_the_trail_says_so(
    texts: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from mal.errors import StoreUnavailable

    c, scope = fake_container(), new_scope()
    graph = c.adapters.graph

    def down(subject: str, items: list[tuple[Memory, str]]) -> list[str]:
        raise StoreUnavailable("neo4j", "ServiceUnavailable (simulated)")

    monkeypatch.setattr(graph, "insert_many", down)
    with pytest.raises(StoreUnavailable):
        write(c, scope, "s1", *texts)
    assert graph.list_memories(scope.subject, None, None, 0, 100)[0] == []
    trail = [(e.type, e.memory_id) for e in graph.audit_trail(scope.subject)]
    created = [m for t, m in trail if t == "created"]
    assert created and sorted(map(str, created)) == sorted(str(m) for t, m in trail if t == "rolled_back")
