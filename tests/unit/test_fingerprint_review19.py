"""Review of the summary/words fingerprint rule (mal/capture_plan.py `fingerprint`, mal/write_store.py
`_may_join`): a fact that the hard veto keeps from its summary's owner claims the fingerprint of its
words, in the one-at-a-time path and the batched one. These pin what must hold around that second
claim: rollback, replay, forget, two facts of one capture under one summary."""

from __future__ import annotations

import pytest

from adapters.memory import InMemoryVectorStore
from adapters.memory_graph import InMemoryGraphStore
from mal.bootstrap import Container
from mal.errors import StoreUnavailable
from mal.scope import SubjectScope
from tests.unit.fakes import fake_container, new_scope, write


def _graph(c: Container) -> InMemoryGraphStore:
    graph = c.adapters.graph
    assert isinstance(graph, InMemoryGraphStore)
    return graph


def _live(c: Container, scope: SubjectScope) -> list[str]:
    memories = _graph(c).list_memories(scope.subject, ["active", "disputed"], None, 0, 500)[0]
    return sorted(m.text for m in memories)


def test_a_failed_capture_undoes_a_memory_written_under_its_words(monkeypatch: pytest.MonkeyPatch) -> None:
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", "I have two ferrets.")
    vectors = c.adapters.vectors
    assert isinstance(vectors, InMemoryVectorStore)

    def down(*_: object) -> None:
        raise StoreUnavailable("weaviate", "connection failed (simulated)")

    with monkeypatch.context() as patched:  # the capture's flush fails after the insert transaction
        patched.setattr(vectors, "upsert_many", down)
        with pytest.raises(StoreUnavailable):
            write(c, scope, "s2", "I have three ferrets.")
    assert _live(c, scope) == ["I have two ferrets."]
    trail = [(e.type, e.memory_id) for e in _graph(c).audit_trail(scope.subject)]
    created = [m for t, m in trail if t == "created"]
    assert len(created) == 2 and ("rolled_back", created[1]) in trail
    # the words' fingerprint went with the memory: the retry writes it again
    [again] = write(c, scope, "s2", "I have three ferrets.").memories
    assert again.action == "created" and again.memory.id == created[1]
    assert _live(c, scope) == ["I have three ferrets.", "I have two ferrets."]


def test_a_replayed_capture_finds_its_memory_under_the_words_fingerprint() -> None:
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", "我家养了两只仓鼠")
    [first] = write(c, scope, "s2", "我家养了五只仓鼠").memories
    [replay] = write(c, scope, "s2", "我家养了五只仓鼠").memories
    assert (replay.action, replay.memory.id) == (first.action, first.memory.id)
    assert len(_live(c, scope)) == 2


def test_two_counts_in_one_capture_under_one_summary_stay_two() -> None:
    c, scope = fake_container(), new_scope()
    result = write(c, scope, "s1", "我家养了两只仓鼠", "我家养了五只仓鼠")
    assert [w.action for w in result.memories] == ["created", "created"]
    assert len({w.memory.id for w in result.memories}) == 2 and len(_live(c, scope)) == 2


def test_one_capture_restating_a_fact_joins_it_once() -> None:
    c, scope = fake_container(), new_scope()
    result = write(c, scope, "s1", "I have two parrots.", "I own two parrots.")
    assert [w.action for w in result.memories] == ["created", "reinforced"]
    assert len({w.memory.id for w in result.memories}) == 1
    assert len(_live(c, scope)) == 1


def test_a_correction_still_confirms_the_disputed_memory_of_its_value() -> None:
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", "I live in Sheffield.")
    [disputed] = write(c, scope, "s2", "I live in Norwich.").memories
    [fixed] = write(c, scope, "s3", "Actually I live in Norwich, not Sheffield.").memories
    assert (fixed.action, fixed.memory.id, fixed.memory.status) == ("corrected", disputed.memory.id, "active")


def test_the_same_words_find_their_memory_after_the_summary_owner_is_forgotten() -> None:
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", "I live in Bristol.")
    [owner] = write(c, scope, "s2", "I live in Cardiff.").memories  # disputed: holds "User city: Cardiff"
    [held] = write(c, scope, "s3", "I live in Cardiff with my cousin.").memories  # vetoed: its words' fingerprint
    assert held.memory.id != owner.memory.id and held.memory.summary == owner.memory.summary
    c.forgetter.forget(scope, owner.memory.id)
    [again] = write(c, scope, "s4", "I live in Cardiff with my cousin.").memories
    assert again.memory.id == held.memory.id


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("我有一只仓鼠", "我养了一只仓鼠"),
        ("我有一只龙猫", "我养了一只龙猫"),
    ],
)
def test_a_restatement_the_word_rules_equate_joins_its_summary_owner(first: str, second: str) -> None:
    # 有 / 养 is one pet owned: the word rules (mal/dedup.py `agree`) merge it wherever the detector
    # is asked, though the swap check of the veto reads the two verbs as one span swapped
    c, scope = fake_container(), new_scope()
    [one] = write(c, scope, "s1", first).memories
    [two] = write(c, scope, "s2", second).memories
    assert (two.action, two.memory.id) == ("reinforced", one.memory.id)
