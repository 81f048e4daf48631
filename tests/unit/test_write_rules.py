"""Write-path rules (idempotency, dedup, correction, dispute, rollback, repair, forget, erase)
through the real composition root with in-memory stores: no servers, milliseconds per test."""

from __future__ import annotations

from datetime import timedelta

import pytest

from mal import journal
from mal.errors import StoreUnavailable
from mal.models import MemoryStatus
from tests.unit.fakes import T0, fake_container, new_scope, write


def active(c, scope):  # type: ignore[no-untyped-def]
    return c.adapters.graph.list_memories(scope.subject, ["active", "disputed"], None, 0, 100)[0]


def test_replay_writes_nothing_and_answers_the_same() -> None:
    c, scope = fake_container(), new_scope()
    first = write(c, scope, "s1", "我更喜欢 Python", "我妈妈有高血压")
    again = write(c, scope, "s1", "我更喜欢 Python", "我妈妈有高血压")
    assert [(w.memory.id, w.action) for w in first.memories] == [(w.memory.id, w.action) for w in again.memories]
    assert [w.action for w in first.memories] == ["created", "created"]
    assert len(active(c, scope)) == 2 and c.adapters.vectors.count_subject(scope.subject) == 2
    assert len(c.recent.get(scope, 50)) == 2


def test_restated_fact_reinforces_with_provenance() -> None:
    c, scope = fake_container(), new_scope()
    first = write(c, scope, "s1", "I prefer Python").memories[0]
    second = write(c, scope, "s2", "I prefer Python").memories[0]
    assert (second.action, second.memory.id) == ("reinforced", first.memory.id)
    stored = c.adapters.graph.get(scope.subject, first.memory.id)
    assert stored is not None and stored.weight > first.memory.weight
    assert sorted(stored.provenance) == ["s1:0", "s2:0"]
    assert len(active(c, scope)) == 1


def test_explicit_correction_demotes_old_value_and_new_one_wins() -> None:
    c, scope = fake_container(), new_scope()
    old = write(c, scope, "s1", "my budget for the trip is at most $500").memories[0]
    fixed = write(c, scope, "s2", "actually it's 800, not 500").memories[0]
    assert fixed.action == "corrected" and fixed.memory.slots["amount"] == 800.0
    demoted = c.adapters.graph.get(scope.subject, old.memory.id)
    assert demoted is not None and demoted.weight == pytest.approx(0.3, abs=0.01) and demoted.valid_to == T0
    hits = c.retriever.search(scope, "what is my trip budget?").hits
    assert hits[0].memory.id == fixed.memory.id and hits[0].hints == []
    assert [h.hints for h in hits if h.memory.id == old.memory.id] == [["superseded: a later memory replaces this one"]]


def test_unexplained_contradiction_is_disputed_with_a_question() -> None:
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", "预算500以内")
    result = write(c, scope, "s2", "预算800以内")
    assert result.memories[0].action == "disputed" and result.memories[0].memory.status == MemoryStatus.DISPUTED
    assert result.questions == ["您之前设定预算500元，本次为800元，是否更新？"]


def test_vector_outage_rolls_back_everything_and_retry_succeeds(monkeypatch: pytest.MonkeyPatch) -> None:
    c, scope = fake_container(), new_scope()
    real_upsert, calls = c.adapters.vectors.upsert, {"n": 0}

    def flaky(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 2:
            raise StoreUnavailable("weaviate", "injected")
        return real_upsert(*args, **kwargs)

    monkeypatch.setattr(c.adapters.vectors, "upsert", flaky)
    with pytest.raises(StoreUnavailable) as err:
        write(c, scope, "s1", "我更喜欢 Python", "我妈妈有高血压")
    assert err.value.store == "weaviate"
    monkeypatch.undo()
    assert active(c, scope) == [] and c.adapters.vectors.count_subject(scope.subject) == 0
    retried = write(c, scope, "s1", "我更喜欢 Python", "我妈妈有高血压")
    assert [w.action for w in retried.memories] == ["created", "created"]


def test_repair_finishes_a_crash_left_unindexed(monkeypatch: pytest.MonkeyPatch) -> None:
    c, scope = fake_container(), new_scope()
    monkeypatch.setattr(c.adapters.vectors, "upsert", lambda *a, **k: (_ for _ in ()).throw(SystemExit()))
    monkeypatch.setattr(journal, "_roll_back", lambda *a, **k: None)  # the crash: no rollback runs
    with pytest.raises(SystemExit):
        write(c, scope, "s1", "I prefer Python")
    monkeypatch.undo()
    assert active(c, scope) == []
    assert c.writer.repair(T0 + timedelta(seconds=1), scope) == 1
    assert [m.summary for m in active(c, scope)] == ["User prefers Python"]
    assert c.retriever.search(scope, "python").hits


def test_forget_by_id_leaves_a_textless_tombstone_and_no_vector() -> None:
    c, scope = fake_container(), new_scope()
    memory = write(c, scope, "s1", "我妈妈有高血压").memories[0].memory
    c.forgetter.forget(scope, memory.id)
    tomb = c.adapters.graph.get(scope.subject, memory.id)
    assert tomb is not None and tomb.status == MemoryStatus.FORGOTTEN
    assert (tomb.summary, tomb.text, tomb.slots, tomb.relations) == ("", "", {}, [])
    assert not c.adapters.vectors.exists(scope.subject, memory.id)
    assert c.adapters.graph.quadruples(scope.subject) == []


def test_erase_empties_every_store_and_receipts_without_the_subject() -> None:
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", "我更喜欢 Python", "my budget is $500")
    c.lifecycle.export(scope)
    receipt = c.forgetter.erase(scope).as_dict()
    assert receipt["verified"] is True and receipt["remaining"] == {"neo4j": 0, "weaviate": 0, "s3": 0}
    assert receipt["deleted"]["neo4j"] > 0 and receipt["deleted"]["weaviate"] == 2 and receipt["deleted"]["s3"] > 0
    assert scope.subject not in str({k: v for k, v in receipt.items() if k != "subject_digest"})


def test_subjects_never_see_each_other() -> None:
    c = fake_container()
    alice, bob = new_scope(), new_scope()
    write(c, alice, "s1", "我妈妈有高血压")
    assert c.retriever.search(bob, "高血压").hits == []
    assert active(c, bob) == []


def test_every_fact_of_a_turn_is_stored_and_requests_store_nothing() -> None:
    c, scope = fake_container(), new_scope()
    several = write(c, scope, "s1", "我35岁，在深圳做产品经理").memories
    stored = sorted((w.memory.slots["field"], w.memory.slots["value"]) for w in several)
    assert stored == [("age", "35"), ("city", "深圳"), ("job", "产品经理")]
    assert all(w.action == "created" for w in several)
    english = write(c, scope, "s2", "I'm allergic to penicillin and my mom has type 2 diabetes").memories
    assert sorted((w.memory.slots["relative"], w.memory.slots.get("allergen")) for w in english) == [
        ("mother", None),
        ("self", "penicillin"),
    ]
    before = len(active(c, scope))
    nothing = write(c, scope, "s3", "What's the capital of Australia?", "帮我把这段话翻译成英文", "谢谢！")
    assert nothing.memories == [] and len(active(c, scope)) == before == 5
