"""GraphStore contract for the statements whose statuses became Cypher parameters (from
`MemoryStatus`), and for the typed records that replaced dicts: fake and Neo4j must agree.

A status parameter the Neo4j adapter failed to supply would surface here as a driver error
(StoreUnavailable) on the real side, and a wrong group ($searchable vs $holds_fact) as a wrong result.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

import pytest

from mal.models import Entity, MemoryStatus, Relation
from mal.records import ArchiveRef, AuditEvent, RecentTurn
from tests.contract.conftest import memory

T0 = datetime(2026, 2, 1, 8, 0, tzinfo=UTC)


_memory = partial(memory, at=T0)


@pytest.fixture
def tenant() -> str:
    return "t-" + secrets.token_hex(4)


def test_quarantine_takes_searchable_and_release_restores_the_prior_status(
    graph: Any, subject: str, tenant: str
) -> None:
    graph.ensure_subject(subject, tenant, T0)
    disputed = _memory(source="web", status=MemoryStatus.DISPUTED, summary="用户喜欢乌龙茶")
    forgotten = _memory(source="web", status=MemoryStatus.FORGOTTEN)
    graph.upsert(subject, disputed, indexed=True)
    graph.upsert(subject, forgotten, indexed=True)
    hits = graph.set_source_quarantine(tenant, "web", True, T0)
    assert [h.memory_id for h in hits] == [disputed.id]  # a forgotten memory is not searchable: untouched
    assert graph.get(subject, disputed.id).status == MemoryStatus.QUARANTINED  # type: ignore[union-attr]
    assert graph.get(subject, forgotten.id).status == MemoryStatus.FORGOTTEN  # type: ignore[union-attr]
    assert [m.id for m in graph.active_of_kind(subject, "preference")] == []  # quarantined is not searchable
    released = graph.set_source_quarantine(tenant, "web", False, T0 + timedelta(minutes=1))
    assert [(h.subject, h.memory_id) for h in released] == [(subject, disputed.id)]
    assert graph.get(subject, disputed.id).status == MemoryStatus.DISPUTED  # type: ignore[union-attr]
    assert [m.id for m in graph.active_of_kind(subject, "preference")] == [disputed.id]


def test_a_quarantined_memory_still_holds_its_fact_an_archived_one_does_not(
    graph: Any, subject: str, tenant: str
) -> None:
    graph.ensure_subject(subject, tenant, T0)
    event = "ev" + secrets.token_hex(8)
    owner = _memory(events=[f"{event}:created"], source="web")
    fp = ("fp-" + secrets.token_hex(8),)
    assert graph.insert_new(subject, owner, fp) == owner.id
    graph.mark_indexed(subject, owner.id)
    graph.set_source_quarantine(tenant, "web", True, T0)
    assert graph.by_event(subject, event).id == owner.id  # type: ignore[union-attr]
    assert graph.insert_new(subject, _memory(), fp) == owner.id  # the quarantined owner keeps the claim
    graph.archive_stub(subject, owner.id, "k/a.json", "cd" * 32, "ttl", T0)
    assert graph.by_event(subject, event) is None
    newcomer = _memory()
    assert graph.insert_new(subject, newcomer, fp) == newcomer.id  # the claim passes on


def test_persist_decay_and_status_writes_accept_the_vocabulary(graph: Any, subject: str, tenant: str) -> None:
    graph.ensure_subject(subject, tenant, T0)
    m = _memory()
    graph.upsert(subject, m, indexed=True)
    graph.persist_decay(tenant, 0.98, T0 + timedelta(days=3))  # $searchable must be supplied
    assert graph.set_status(subject, [m.id], MemoryStatus.DISPUTED, T0) == 1
    assert graph.get(subject, m.id).status == MemoryStatus.DISPUTED  # type: ignore[union-attr]
    assert [h.memory.id for h in graph.by_ids(subject, [m.id], ["disputed"])] == [m.id]


def test_records_round_trip_chinese_and_english_text(graph: Any, subject: str, tenant: str) -> None:
    graph.ensure_subject(subject, tenant, T0)
    m = _memory(
        relations=[Relation(type="HAS_FAMILY_HISTORY", entity=Entity(name="高血压", type="condition"), detail="妈妈")]
    )
    graph.upsert(subject, m, indexed=True)
    (quad,) = graph.quadruples(subject)
    assert (quad.entity, quad.detail, quad.relation) == ("高血压", "妈妈", "HAS_FAMILY_HISTORY")
    turns = [
        RecentTurn(session_id="s", index=0, ref="D1:1", role="user", content="我妈妈有高血压", at=T0.isoformat()),
        RecentTurn(
            session_id="s", index=1, ref="s:1", role="assistant", content="Noted.", at=T0.isoformat(), source="app"
        ),
    ]
    graph.update_recent_turns(subject, lambda current: current + turns, T0)
    assert graph.recent_turns(subject) == turns
    assert graph.update_recent_turns(subject, lambda current: [t for t in current if t.ref != "D1:1"], T0) == turns[1:]
    # Details go through JSON on both sides: a datetime becomes its string, Chinese stays as written.
    graph.append_audit(subject, AuditEvent(T0, "exported", None, {"note": "导出", "when": T0}))
    (event,) = graph.audit_trail(subject)
    assert event == AuditEvent(T0, "exported", None, {"note": "导出", "when": str(T0)})
    assert event.to_json() == {"at": T0.isoformat(), "type": "exported", "memory_id": None, "detail": event.detail}


def test_archive_stubs_is_archive_stub_for_each(graph: Any, subject: str, tenant: str) -> None:
    """Two memories sharing an entity archived in one batch: both stubbed, the entity pruned as
    when they are archived one by one; a memory outside the batch keeps its entity."""
    graph.ensure_subject(subject, tenant, T0)
    tea = Relation(type="PREFERS", entity=Entity(name="绿茶", type="topic"), at=T0)
    a, b = memory("喜欢绿茶", relations=[tea], at=T0), memory("likes green tea", relations=[tea], at=T0)
    kept = memory(
        "plans a trip",
        relations=[Relation(type="HAS_TRAVEL_PLAN", entity=Entity(name="Tokyo", type="place"), at=T0)],
        at=T0,
    )
    for m in (a, b, kept):
        graph.upsert(subject, m, indexed=True)
    graph.archive_stubs(
        subject, [(a.id, "k/a.json", "ab" * 32, "ttl"), (b.id, "k/b.json", "cd" * 32, "low_weight")], T0
    )
    graph.archive_stubs(subject, [], T0)
    refs = {m.id: graph.archive_ref(subject, m.id) for m in (a, b)}
    assert refs[a.id] == ArchiveRef(key="k/a.json", sha="ab" * 32, status="archived")
    assert refs[b.id] == ArchiveRef(key="k/b.json", sha="cd" * 32, status="archived")
    assert {(q.entity, q.memory_id) for q in graph.quadruples(subject)} == {("Tokyo", kept.id)}
    stub = graph.get(subject, a.id)
    assert stub is not None and stub.summary == "" and stub.relations == []


def test_profile_evidence_is_the_active_marked_part_of_the_newest_page(graph: Any, subject: str, tenant: str) -> None:
    """The instructions' read (mal/profile.py): among the newest active/disputed memories, the
    languages of the active ones and the active ones that may be evidence; memories marked under
    other rules are all returned (judged again by the caller)."""
    from mal.profile import PROFILE_RULES

    graph.ensure_subject(subject, tenant, T0)
    python = _memory(summary="用户用 Python 写爬虫", lang="zh")
    museum = _memory(summary="visited a museum", at=T0 + timedelta(minutes=1))
    budget = _memory(kind="budget", summary="budget 500", slots={"amount": 500}, at=T0 + timedelta(minutes=2))
    disputed = _memory(summary="writes Rust", status=MemoryStatus.DISPUTED, at=T0 + timedelta(minutes=3))
    forgotten = _memory(summary="writes Go code", status=MemoryStatus.FORGOTTEN, at=T0 + timedelta(minutes=4))
    pending = _memory(summary="uses Docker", at=T0 + timedelta(minutes=5))
    for m in (python, museum, budget, disputed, forgotten):
        graph.upsert(subject, m, indexed=True)
    graph.upsert(subject, pending, indexed=False)  # not yet readable
    found = graph.profile_evidence(subject, PROFILE_RULES, 500)
    assert [m.id for m in found.memories] == [budget.id, python.id]  # newest first
    assert sorted(found.langs) == ["en", "en", "zh"]
    assert found.memories[1].summary == python.summary and found.memories[0].slots == {"amount": 500}
    other = graph.profile_evidence(subject, "other-rules", 500)
    assert [m.id for m in other.memories] == [budget.id, museum.id, python.id]
    newest = graph.profile_evidence(subject, PROFILE_RULES, 2)  # the page: disputed + budget
    assert [m.id for m in newest.memories] == [budget.id] and newest.langs == ("en",)
    graph.set_status(subject, [python.id], MemoryStatus.FORGOTTEN, T0)
    assert [m.id for m in graph.profile_evidence(subject, PROFILE_RULES, 500).memories] == [budget.id]
    assert graph.profile_evidence(secrets.token_hex(32), PROFILE_RULES, 500).memories == ()
