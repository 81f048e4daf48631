"""Attacks on lossless reinforcement (mal/variants.py): ways a merged wording could outlive a
promise, each pinned by a defect the review found (quarantine, forget's neighbour context, a
rollback whose index re-wording fails).

As in tests/unit/test_variants.py, every text shares one vector; the merge decision is forced here
by a prefix rule (a text merges into a stored one it starts with), so a test can also write a turn
that stays its own memory."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

import pytest

from adapters.memory import HashEmbedder
from mal import dedup_gate
from mal.bootstrap import Container, build
from mal.clock import FixedClock
from mal.errors import StoreUnavailable
from mal.models import Memory
from mal.scope import SubjectScope
from tests.unit.fakes import T0, fake_adapters, fake_settings, new_scope, write


class _OneTopic(HashEmbedder):
    """Every stored text on one vector (cosine 1 for whatever dedup compares)."""

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._one("a single shared topic") for _ in texts]


def _prefix_merge(found: Memory, memory: Memory, *args: object, **kwargs: object) -> bool:
    """A wrong merge on purpose: a text that extends a stored one merges into it."""
    return memory.text != found.text and memory.text.startswith(found.text)


@pytest.fixture(autouse=True)
def _forced_merges(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dedup_gate, "merges", _prefix_merge)


def _container() -> Container:
    s = fake_settings()
    adapters = fake_adapters(s)
    adapters.embedder = _OneTopic()
    return build(s, adapters=adapters, clock=FixedClock(T0))


def _lexical(c: Container, scope: SubjectScope, words: str) -> list[str]:
    vector = c.adapters.embedder.embed_query([words])[0]
    return [h.id for h in c.adapters.vectors.search(scope.subject, words, vector, 10, 0.0, None) if h.score > 0]


def _shown(c: Container, scope: SubjectScope) -> str:
    return "\n".join(m["content"] for m in c.context.build(scope, None, 5, 0, "en").system_messages)


# -- quarantine --------------------------------------------------------------------------------


def test_a_source_under_quarantine_adds_no_variant_to_a_visible_memory() -> None:
    c, scope = _container(), new_scope()
    kept = write(c, scope, "s0", "I keep bees").memories[0].memory
    c.quarantine.set(scope.tenant, "garden-webhook")
    written = write(c, scope, "s1", "I keep bees behind the Harrowgate allotment", source="garden-webhook")
    assert written.memories[0].memory.id == kept.id
    stored = c.adapters.graph.get(scope.subject, kept.id)
    assert stored is not None and stored.variants == []
    assert _lexical(c, scope, "Harrowgate") == []
    assert "Harrowgate" not in _shown(c, scope)


def test_quarantining_a_source_later_hides_the_words_it_merged_into_another_sources_memory() -> None:
    c, scope = _container(), new_scope()
    kept = write(c, scope, "s0", "I keep bees").memories[0].memory
    write(c, scope, "s1", "I keep bees and sell the honey to Quillfeather market", source="garden-webhook")
    c.quarantine.set(scope.tenant, "garden-webhook")
    stored = c.adapters.graph.get(scope.subject, kept.id)
    assert stored is not None and stored.status.value == "active"
    assert "Quillfeather" not in _shown(c, scope)
    assert [h.memory.id for h in c.retriever.search(scope, "Quillfeather market").hits if h.memory.variants] == []


def test_a_quarantined_device_memory_absorbed_at_login_adds_no_variant() -> None:
    c, user = _container(), new_scope()
    target = write(c, user, "s0", "I ride a tandem").memories[0].memory
    device = target.model_copy(
        update={"id": "dev-7", "text": "I ride a tandem with Oyelaran", "status": "quarantined", "variants": []}
    )
    (written,) = c.writer.absorb(user, [device], origin="e" * 64)
    assert written.memory.id == target.id and written.memory.variants == []


def test_a_restatement_from_the_same_source_still_keeps_its_words() -> None:
    c, scope = _container(), new_scope()
    kept = write(c, scope, "s0", "I keep bees", source="garden-webhook").memories[0].memory
    write(c, scope, "s1", "I keep bees on the roof of the old mill", source="garden-webhook")
    stored = c.adapters.graph.get(scope.subject, kept.id)
    assert stored is not None and stored.variants == ["I keep bees on the roof of the old mill"]


# -- forget ------------------------------------------------------------------------------------


def test_forgetting_a_memory_clears_the_next_turns_context_that_holds_one_of_its_variants() -> None:
    c, scope = _container(), new_scope()
    first = write(c, scope, "s0", "I sing in a choir").memories[0].memory.id
    result = write(c, scope, "s1", "I sing in a choir at Saint Brannock chapel", "Rain makes my knee ache")
    merged, neighbour = result.memories
    assert (merged.action, merged.memory.id) == ("reinforced", first)
    assert neighbour.action == "created"
    before = c.adapters.graph.get(scope.subject, neighbour.memory.id)
    assert before is not None and "Brannock" in before.context
    c.forgetter.forget(scope, first)
    after = c.adapters.graph.get(scope.subject, neighbour.memory.id)
    assert after is not None and after.context == ""
    assert _lexical(c, scope, "Brannock") == []
    assert "Brannock" not in repr(vars(c.adapters.vectors))


# -- rollback ----------------------------------------------------------------------------------


def test_a_rollback_whose_index_rewording_fails_leaves_the_memory_for_repair_to_reindex(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    c, scope = _container(), new_scope()
    first = write(c, scope, "s0", "I paint miniatures").memories[0].memory.id
    vectors = c.adapters.vectors
    real = vectors.update_text
    calls: list[str] = []

    def once_then_down(subject: str, memory: Memory) -> bool:
        calls.append(memory.id)
        if len(calls) > 1:  # the rollback's re-wording: Weaviate is gone by then
            raise StoreUnavailable("weaviate", "injected")
        return real(subject, memory)

    def broken(*args: object, **kwargs: object) -> None:
        raise StoreUnavailable("neo4j", "injected")

    with monkeypatch.context() as patch, pytest.raises(StoreUnavailable):
        patch.setattr(vectors, "update_text", once_then_down)
        patch.setattr(c.adapters.graph, "append_audits", broken)
        write(c, scope, "s1", "I paint miniatures of Vendramin galleons")
    assert calls == [first, first]
    stored = c.adapters.graph.get(scope.subject, first)
    assert stored is not None and stored.variants == []
    # The index still holds the rolled-back words; the graph must say so, so repair rewrites them.
    assert c.writer.repair(T0 + timedelta(days=1), scope) == 1
    assert _lexical(c, scope, "Vendramin") == []
    assert [h.memory.id for h in c.retriever.search(scope, "I paint miniatures").hits] == [first]
