"""GraphStore contract: the in-memory graph and Neo4j agree on scoping, visibility, ordering and
the lifecycle operations the services call."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

import pytest

from mal.errors import InvalidInput
from mal.models import Entity, Memory, MemoryStatus, Relation
from mal.records import ArchivedRef, ArchiveRef, AuditEvent, Quadruple, QuarantineHit, RecentTurn, SubjectRow
from tests.contract.conftest import memory

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


_memory = partial(memory, at=T0)


def _tea(at: datetime = T0) -> Memory:
    return _memory(
        relations=[Relation(type="PREFERS", entity=Entity(name="green tea", type="topic"), at=at)],
        slots={"topic": "green tea"},
        at=at,
    )


@pytest.fixture
def tenant() -> str:
    return "t-" + secrets.token_hex(4)


def test_upsert_get_and_scope(graph: Any, subject: str, tenant: str) -> None:
    graph.ensure_subject(subject, tenant, T0)
    m = _tea()
    graph.upsert(subject, m, indexed=True)
    got = graph.get(subject, m.id)
    assert got is not None and got.summary == m.summary and got.slots == m.slots
    assert got.relations[0].entity.name == "green tea"
    assert graph.get(subject[::-1], m.id) is None
    with pytest.raises(InvalidInput):
        graph.upsert(subject[::-1], m, indexed=True)
    assert graph.subject_exists(subject) and not graph.subject_exists(subject[::-1])


def test_fingerprint_claim_and_atomic_reinforce(graph: Any, subject: str, tenant: str) -> None:
    graph.ensure_subject(subject, tenant, T0)
    first, second = _tea(), _tea()
    fp = ("fp-" + secrets.token_hex(8),)
    assert graph.insert_new(subject, first, fp) == first.id
    assert graph.insert_new(subject, second, fp) == first.id  # the live owner wins, nothing written
    assert graph.get(subject, second.id) is None
    later = T0 + timedelta(days=1)
    got = graph.reinforce(subject, first.id, "ev2:reinforced", ["s2:0"], later, 0.95, 0.25, 2.0)
    assert got is not None and got.weight == pytest.approx(0.95 + 0.25) and "ev2:reinforced" in got.events
    assert got.last_reinforced == later and "s2:0" in got.provenance
    again = graph.reinforce(subject, first.id, "ev2:reinforced", ["s2:0"], later, 0.95, 0.25, 2.0)
    assert again is not None and again.events.count("ev2:reinforced") == 1 and again.provenance.count("s2:0") == 1
    assert graph.reinforce(subject[::-1], first.id, "ev3:reinforced", [], later, 0.95, 0.25, 2.0) is None
    with pytest.raises(InvalidInput):
        graph.insert_new(secrets.token_hex(32), _tea(), ("fp-" + secrets.token_hex(8),))  # unknown subject


def test_reinforce_appends_variants_once_in_order_capped_and_upsert_restores_them(
    graph: Any, subject: str, tenant: str
) -> None:
    """Lossless reinforcement (mal/variants.py): the merged candidate's words in the same atomic
    statement, never the memory's own words or a repeat (case and spacing aside), only with a new
    event, the oldest `max_variants` kept and the rest counted; an upsert of an earlier state (a
    rollback) puts that state's variants back, and forget and archive take them."""
    graph.ensure_subject(subject, tenant, T0)
    m = _memory(summary="User rides a bike to work", text="I cycle to work")
    graph.insert_new(subject, m, ("fp-" + secrets.token_hex(8),))
    later = T0 + timedelta(hours=1)
    say = partial(graph.reinforce, subject, m.id, provenance=[], now=later, rate=0.99, step=0.1, max_weight=2.0)
    got = say(
        "ev1:reinforced", words=["I CYCLE  to work", "I cycle to work along the river", "我骑车上班"], max_variants=3
    )
    assert got is not None and got.variants == ["I cycle to work along the river", "我骑车上班"]
    before = graph.get(subject, m.id)
    # A replay of ev1 appends nothing, even with other words.
    again = say("ev1:reinforced", words=["I cycle to work in the rain"], max_variants=3)
    assert again is not None and again.variants == got.variants and again.events.count("ev1:reinforced") == 1
    # Known words (a variant in other case, the summary) are skipped; past the cap only counted.
    capped = say(
        "ev2:reinforced",
        words=["i cycle to work ALONG the river", "user rides a bike to work", "I cycle to work daily", "I cycle at 7"],
        max_variants=3,
    )
    assert capped is not None and capped.variants == [*got.variants, "I cycle to work daily"]
    assert capped.variants_dropped == 1
    assert graph.get(subject, m.id) == capped  # as stored
    assert before is not None
    graph.upsert(subject, before, indexed=True)  # a rollback restores the earlier state
    restored = graph.get(subject, m.id)
    assert restored is not None and restored.variants == got.variants and restored.variants_dropped == 0
    # ... and its keys: the wording dropped with the undone state can be appended again.
    after = say("ev3:reinforced", words=["I cycle to work daily"], max_variants=3)
    assert after is not None and after.variants == [*got.variants, "I cycle to work daily"]
    assert graph.forget_memory(subject, m.id, later)
    tomb = graph.get(subject, m.id)
    assert tomb is not None and tomb.variants == [] and tomb.variants_dropped == 0
    kept = _memory(summary="User plays the oboe", variants=["I play the oboe in a band"], variants_dropped=2)
    graph.upsert(subject, kept, indexed=True)
    assert graph.get(subject, kept.id).variants == ["I play the oboe in a band"]  # type: ignore[union-attr]
    graph.archive_stub(subject, kept.id, "k/2.json", "cd" * 32, "low_weight", later)
    stub = graph.get(subject, kept.id)
    assert stub is not None and stub.variants == [] and stub.variants_dropped == 0


def test_insert_many_claims_in_order_in_one_transaction(graph: Any, subject: str, tenant: str) -> None:
    """A capture's new memories (mal/write_batch.py): as `insert_new` one after another (a later
    item sees an earlier one's claim), all or nothing, unindexed until marked."""
    graph.ensure_subject(subject, tenant, T0)
    first, same, other = _tea(), _tea(), _memory(summary="用户喜欢乌龙茶", lang="zh")
    fp, fp_other = ("fp-" + secrets.token_hex(8),), ("fp-" + secrets.token_hex(8),)
    assert graph.insert_many(subject, []) == []
    assert graph.insert_many(subject, [(first, fp), (same, fp), (other, fp_other)]) == [first.id, first.id, other.id]
    assert graph.get(subject, same.id) is None and graph.get(subject, other.id).summary == other.summary  # type: ignore[union-attr]
    assert graph.list_memories(subject, None, None, 0, 10)[0] == []  # written unindexed
    assert {m.id for _, m in graph.unindexed(subject, T0 + timedelta(days=1))} == {first.id, other.id}
    later, stranger = _tea(), _memory(summary="never written")
    with pytest.raises(InvalidInput):  # unknown subject: nothing of the batch is written
        graph.insert_many(secrets.token_hex(32), [(stranger, ("fp-" + secrets.token_hex(8),))])
    assert graph.insert_many(subject, [(later, fp)]) == [first.id]  # the live owner still wins


def test_a_claim_of_several_fingerprints_takes_all_or_none(graph: Any, subject: str, tenant: str) -> None:
    """A new fact claims its words' fingerprint and its summary's (mal/capture_plan.py
    `fingerprints`): the first one a live memory holds names the owner and nothing is claimed;
    otherwise the memory holds them all, so either finds it, until it is forgotten."""
    graph.ensure_subject(subject, tenant, T0)
    words, summary, other_words = ("fp-" + secrets.token_hex(8) for _ in range(3))
    first, second, third = _tea(), _tea(), _tea()
    assert graph.insert_new(subject, first, (words, summary)) == first.id
    assert graph.insert_new(subject, second, (other_words, summary)) == first.id  # the summary's owner
    assert graph.get(subject, second.id) is None
    # The failed claim took nothing: `other_words` stays free even once `second` exists.
    graph.upsert(subject, second, indexed=True)
    assert graph.insert_many(subject, [(third, (other_words,))]) == [third.id]
    assert graph.insert_new(subject, _tea(), (other_words, summary)) == third.id  # the words are looked up first
    assert graph.insert_new(subject, _tea(), (words, "fp-" + secrets.token_hex(8))) == first.id
    assert graph.forget_memory(subject, first.id, T0)  # both of its claims go with it
    fourth, fifth = _tea(), _tea()
    assert graph.insert_many(subject, [(fourth, (summary,)), (fifth, (words,))]) == [fourth.id, fifth.id]
    assert graph.get(subject, first.id).status == MemoryStatus.FORGOTTEN  # type: ignore[union-attr]


def test_forget_memory_leaves_a_textless_tombstone_and_frees_the_fingerprint(
    graph: Any, subject: str, tenant: str
) -> None:
    graph.ensure_subject(subject, tenant, T0)
    tea, follow = _tea(), _memory(summary="the next turn", context="I like green tea")
    fp = ("fp-" + secrets.token_hex(8),)
    graph.insert_new(subject, tea, fp)
    graph.mark_indexed(subject, tea.id)
    graph.upsert(subject, follow, indexed=True)
    assert graph.forget_memory(subject, tea.id, T0) is True
    tomb = graph.get(subject, tea.id)
    assert tomb is not None and tomb.status == MemoryStatus.FORGOTTEN
    assert (tomb.summary, tomb.text, tomb.slots, tomb.relations) == ("", "", {}, [])
    assert graph.quadruples(subject) == [] and graph.forget_memory(subject[::-1], tea.id, T0) is False
    cleared = graph.clear_context(subject, tea.id, "I like green tea", T0)
    assert [m.id for m in cleared] == [follow.id] and graph.get(subject, follow.id).context == ""  # type: ignore[union-attr]
    fresh = _tea()
    assert graph.insert_new(subject, fresh, fp) == fresh.id  # the fact can be stated anew


def test_list_shows_only_indexed_with_filters_order_and_paging(graph: Any, subject: str, tenant: str) -> None:
    graph.ensure_subject(subject, tenant, T0)
    older, newer = _memory(at=T0), _memory(kind="budget", at=T0 + timedelta(hours=1))
    hidden = _memory(at=T0 + timedelta(hours=2))
    graph.upsert(subject, older, indexed=True)
    graph.upsert(subject, newer, indexed=True)
    graph.upsert(subject, hidden, indexed=False)
    page, total = graph.list_memories(subject, None, None, 0, 10)
    assert total == 2 and [m.id for m in page] == [newer.id, older.id]
    page, total = graph.list_memories(subject, ["active"], ["budget"], 0, 10)
    assert total == 1 and page[0].id == newer.id
    page, total = graph.list_memories(subject, None, None, 1, 1)
    assert total == 2 and [m.id for m in page] == [older.id]
    assert [s for s, m in graph.unindexed(subject, T0 + timedelta(days=1))] == [subject]
    graph.mark_indexed(subject, hidden.id)
    assert graph.unindexed(subject, T0 + timedelta(days=1)) == []


def test_active_of_kind_by_event_status_and_weight(graph: Any, subject: str, tenant: str) -> None:
    graph.ensure_subject(subject, tenant, T0)
    event = "ev" + secrets.token_hex(8)  # event ids are globally unique (they hash the subject in)
    a = _memory(kind="budget", events=[f"{event}:created"])
    b = _memory(kind="budget", at=T0 + timedelta(minutes=1))
    graph.upsert(subject, a, indexed=True)
    graph.upsert(subject, b, indexed=True)
    assert [m.id for m in graph.active_of_kind(subject, "budget")] == [a.id, b.id]
    found = graph.by_event(subject, event)
    assert found is not None and found.id == a.id
    assert graph.by_event(subject[::-1], event) is None
    assert graph.set_status(subject, [b.id], MemoryStatus.FORGOTTEN, T0) == 1
    assert [m.id for m in graph.active_of_kind(subject, "budget")] == [a.id]
    later = T0 + timedelta(days=2)
    graph.set_weight(subject, a.id, 0.3, later, valid_to=later)
    got = graph.get(subject, a.id)
    assert got is not None and got.weight == pytest.approx(0.3) and got.valid_to == later
    graph.touch(subject, [a.id], later + timedelta(hours=1))
    got = graph.get(subject, a.id)
    assert got is not None and got.last_accessed == later + timedelta(hours=1)


def test_insert_many_over_an_existing_node_replaces_its_quadruples(graph: Any, subject: str, tenant: str) -> None:
    """A new memory skips the old-quadruple cleanup (issue #13); a node that already existed (a
    repaired or re-sent id) still loses the quadruples it no longer has."""
    graph.ensure_subject(subject, tenant, T0)
    old = _tea()
    graph.upsert(subject, old, indexed=True)
    again = old.model_copy(
        update={"relations": [Relation(type="PREFERS", entity=Entity(name="乌龙茶", type="topic"), at=T0)]}
    )
    assert graph.insert_many(subject, [(again, ("fp-" + secrets.token_hex(8),))]) == [old.id]
    assert [q.entity for q in graph.quadruples(subject)] == ["乌龙茶"]
    fresh = _memory(relations=[Relation(type="PREFERS", entity=Entity(name="coffee", type="topic"), at=T0)])
    assert graph.insert_many(subject, [(fresh, ("fp-" + secrets.token_hex(8),))]) == [fresh.id]
    assert sorted(q.entity for q in graph.quadruples(subject)) == ["coffee", "乌龙茶"]


@pytest.mark.parametrize(
    ("kind", "same", "other"),
    [
        ("preference", {"item": "green tea", "polarity": "like"}, {"item": "coffee", "polarity": "like"}),
        ("budget", {"category": "旅行", "amount": 800.0}, {"category": "餐饮", "amount": 800.0}),
    ],
    ids=["en", "zh"],
)
def test_conflict_rivals_reads_only_the_facts_identity_group(
    graph: Any, subject: str, tenant: str, kind: str, same: dict[str, Any], other: dict[str, Any]
) -> None:
    """The write path's conflict read (issue #13): same kind and identity slots, active, oldest
    first; another identity (another item, another budget category) is not read at all."""
    from parsers import conflict_key

    graph.ensure_subject(subject, tenant, T0)
    a = _memory(kind=kind, slots=same)
    b = _memory(kind=kind, slots={**same, "polarity": "dislike", "amount": 500}, at=T0 + timedelta(minutes=1))
    c = _memory(kind=kind, slots=other)
    gone = _memory(kind=kind, slots=same, at=T0 + timedelta(minutes=2))
    for m in (a, b, c, gone):
        graph.upsert(subject, m, indexed=True)
    graph.set_status(subject, [gone.id], MemoryStatus.FORGOTTEN, T0)
    key = conflict_key(kind, same)
    assert key is not None and key != conflict_key(kind, other)
    assert [m.id for m in graph.conflict_rivals(subject, kind, key)] == [a.id, b.id]
    assert [m.id for m in graph.conflict_rivals(subject[::-1], kind, key)] == []
    assert conflict_key("family_health", {"relative": "mother", "condition": "高血压"}) is None  # never conflicts


def test_by_ids_keeps_order_statuses_entities_and_related(graph: Any, subject: str, tenant: str) -> None:
    graph.ensure_subject(subject, tenant, T0)
    tea, todo = (
        _tea(),
        _memory(
            kind="todo",
            summary="buy green tea",
            relations=[Relation(type="HAS_TODO", entity=Entity(name="green tea", type="topic"))],
        ),
    )
    disputed = _memory(status=MemoryStatus.DISPUTED)
    graph.upsert(subject, tea, indexed=True)
    graph.upsert(subject, todo, indexed=True)
    graph.upsert(subject, disputed, indexed=True)
    hits = graph.by_ids(subject, [disputed.id, tea.id], ["active"])
    assert [h.memory.id for h in hits] == [tea.id]
    assert hits[0].entities == [Entity(name="green tea", type="topic")]
    assert [r["id"] for r in hits[0].related] == [todo.id] and hits[0].related[0]["pending"] is True
    assert graph.by_ids(subject[::-1], [tea.id], ["active"]) == []
    plain = graph.by_ids(subject, [disputed.id, tea.id], ["active"], related=False)
    assert [(h.memory.id, h.entities, h.related) for h in plain] == [(tea.id, hits[0].entities, [])]


def test_archive_stub_and_refs(graph: Any, subject: str, tenant: str) -> None:
    graph.ensure_subject(subject, tenant, T0)
    m = _tea()
    graph.upsert(subject, m, indexed=True)
    graph.archive_stub(subject, m.id, "k/1.json", "ab" * 32, "low_weight", T0)
    stub = graph.get(subject, m.id)
    assert stub is not None and stub.status == MemoryStatus.ARCHIVED and stub.summary == "" and stub.relations == []
    assert graph.archive_ref(subject, m.id) == ArchiveRef(key="k/1.json", sha="ab" * 32, status="archived")
    assert graph.archive_ref(subject[::-1], m.id) is None
    refs = graph.archived_refs(subject)
    assert refs == [ArchivedRef(id=m.id, key="k/1.json", sha="ab" * 32, reason="low_weight", at=T0)]
    assert refs[0].to_json()["at"] == T0.isoformat()
    assert graph.quadruples(subject) == []


def test_an_interrupted_archive_is_hidden_pending_and_finished_by_the_stub(
    graph: Any, subject: str, tenant: str
) -> None:
    graph.ensure_subject(subject, tenant, T0)
    m, forgotten = _tea(), _memory(summary="likes coffee")
    graph.upsert(subject, m, indexed=True)
    graph.upsert(subject, forgotten, indexed=True)
    graph.forget_memory(subject, forgotten.id, T0)
    at = T0 + timedelta(minutes=1)
    stubs = [(i, f"k/{i}.json", "cd" * 32, "ttl") for i in (m.id, forgotten.id)]
    graph.mark_archiving(subject, stubs, at)
    assert graph.list_memories(subject, None, None, 0, 10)[0] == [graph.get(subject, forgotten.id)]  # m hidden

    def pending(before: datetime) -> list[Any]:
        return [p for p in graph.archive_pending(before) if p.subject == subject]

    assert pending(at) == []  # younger than the cut-off
    rows = pending(at + timedelta(seconds=1))
    assert [(p.memory.id, p.memory.summary, p.reason, p.tenant) for p in rows] == [(m.id, m.summary, "ttl", tenant)]
    assert [s for s, _ in graph.unindexed(subject, at + timedelta(days=1))] == []  # not a capture to finish
    graph.archive_stubs(subject, stubs[:1], at)
    assert pending(at + timedelta(days=1)) == []
    assert graph.archive_ref(subject, m.id) == ArchiveRef(key=f"k/{m.id}.json", sha="cd" * 32, status="archived")
    assert graph.get(subject, forgotten.id).status == MemoryStatus.FORGOTTEN  # left alone


def test_an_interrupted_forget_is_hidden_pending_and_finished_by_the_tombstone(
    graph: Any, subject: str, tenant: str
) -> None:
    graph.ensure_subject(subject, tenant, T0)
    m = _tea()
    graph.upsert(subject, m, indexed=True)
    at = T0 + timedelta(minutes=1)
    graph.mark_forgetting(subject, m.id, at)
    assert graph.list_memories(subject, None, None, 0, 10)[0] == []

    def pending(before: datetime) -> list[Any]:
        return [p for p in graph.forget_pending(before) if p[0] == subject]

    assert pending(at) == []
    assert [(t, mem.id, mem.summary) for _, t, mem in pending(at + timedelta(seconds=1))] == [(tenant, m.id, m.summary)]
    assert graph.unindexed(subject, at + timedelta(days=1)) == []
    graph.mark_archiving(subject, [(m.id, "k", "ab" * 32, "ttl")], at)  # an archive run meanwhile
    assert [p for p in graph.archive_pending(at + timedelta(days=1)) if p.subject == subject] == []
    graph.forget_memory(subject, m.id, at)
    assert pending(at + timedelta(days=1)) == []
    assert graph.get(subject, m.id).status == MemoryStatus.FORGOTTEN


def test_quarantine_is_per_tenant_and_reversible(graph: Any, subject: str, tenant: str) -> None:
    graph.ensure_subject(subject, tenant, T0)
    web, app = _memory(source="web"), _memory(source="app")
    graph.upsert(subject, web, indexed=True)
    graph.upsert(subject, app, indexed=True)
    hits = graph.set_source_quarantine(tenant, "web", True, T0)
    assert hits == [QuarantineHit(subject=subject, memory_id=web.id)]
    assert graph.quarantined_sources(tenant) == {"web"} and graph.quarantined_sources(tenant + "x") == set()
    assert graph.ensure_subject(subject, tenant, T0) == {"web"}
    assert graph.get(subject, web.id).status == MemoryStatus.QUARANTINED  # type: ignore[union-attr]
    graph.set_source_quarantine(tenant, "web", False, T0)
    assert graph.get(subject, web.id).status == MemoryStatus.ACTIVE  # type: ignore[union-attr]
    assert graph.quarantined_sources(tenant) == set()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_append_recent_turns_merges_new_turns_only_and_trims(graph: Any, subject: str, tenant: str, lang: str) -> None:
    """A capture's path (issue #13): only new (session, index) keys are added, the last `keep` are
    kept, an unknown subject is never created, and a buffer changed by `update_recent_turns`
    (forget, expiry) is appended to as it stands."""
    text = {"en": "I like green tea, turn {}", "zh": "我喜欢绿茶，第{}句"}[lang]

    def turn(session: str, i: int) -> RecentTurn:
        return RecentTurn(
            session_id=session, index=i, ref=f"{session}:{i}", role="user", content=text.format(i), at=T0.isoformat()
        )

    graph.ensure_subject(subject, tenant, T0)
    first = [turn("s1", i) for i in range(3)]
    assert graph.append_recent_turns(subject, first, 4, T0) == 3
    assert graph.append_recent_turns(subject, first, 4, T0) == 3  # a replay adds nothing
    assert graph.recent_turns(subject) == first
    second = [turn("s2", i) for i in range(3)]
    assert graph.append_recent_turns(subject, second, 4, T0) == 4
    assert graph.recent_turns(subject) == first[2:] + second  # the oldest go first
    graph.update_recent_turns(subject, lambda current: [t for t in current if t.ref != "s2:1"], T0)
    assert graph.append_recent_turns(subject, [turn("s3", 0)], 4, T0) == 4
    assert [t.ref for t in graph.recent_turns(subject)] == ["s1:2", "s2:0", "s2:2", "s3:0"]
    assert graph.append_recent_turns(subject[::-1], first, 4, T0) == 0 and graph.recent_turns(subject[::-1]) == []


def test_quadruples_recent_audit_and_erase(graph: Any, subject: str, tenant: str) -> None:
    graph.ensure_subject(subject, tenant, T0)
    m = _tea()
    graph.upsert(subject, m, indexed=True)
    quads = graph.quadruples(subject)
    assert quads == [
        Quadruple(
            relation="PREFERS",
            entity="green tea",
            entity_type="topic",
            detail=None,
            at=T0,
            weight=1.0,
            memory_id=m.id,
        )
    ]
    assert quads[0].to_json()["at"] == T0.isoformat()
    turns = [RecentTurn(session_id="s", index=0, ref="s:0", role="user", content="我喜欢绿茶", at=T0.isoformat())]
    assert graph.update_recent_turns(subject, lambda current: current + turns, T0) == turns
    assert graph.recent_turns(subject) == turns and graph.recent_turns(subject[::-1]) == []
    assert graph.update_recent_turns(subject[::-1], lambda current: current + turns, T0) == []  # never creates
    graph.append_audit(subject, AuditEvent(T0 + timedelta(seconds=2), "forgotten", m.id, {"n": 1}))
    graph.append_audit(subject, AuditEvent(T0 + timedelta(seconds=1), "created", m.id))
    assert [(e.type, e.detail) for e in graph.audit_trail(subject)] == [("created", {}), ("forgotten", {"n": 1})]
    assert graph.audit_trail(subject)[0].at == T0 + timedelta(seconds=1)
    assert graph.count_subject(subject) > 0
    assert graph.erase_subject(subject) > 0
    assert graph.count_subject(subject) == 0
    assert graph.get(subject, m.id) is None and graph.recent_turns(subject) == [] and graph.audit_trail(subject) == []
    assert subject not in {row.subject for row in graph.subjects(tenant)}


def test_subjects_page_by_tenant(graph: Any, tenant: str) -> None:
    keys = sorted(secrets.token_hex(32) for _ in range(3))
    for key in keys:
        graph.ensure_subject(key, tenant, T0)
    assert graph.subjects(tenant) == [SubjectRow(subject=k, tenant=tenant) for k in keys]
    assert [s for s, t in graph.subjects(tenant, after=keys[0], limit=1)] == [keys[1]]


def test_batched_capture_steps_match_their_single_forms(graph: Any, subject: str, tenant: str) -> None:
    """prior_writes = get + by_event in one read; mark_indexed_many and append_audits in one write."""
    graph.ensure_subject(subject, tenant, T0)
    first, second, tomb = _tea(), _memory(summary="用户喜欢绿茶", lang="zh"), _memory(summary="gone")
    # Write-event ids are unique store-wide (real ones hash the subject in): fresh ones per run.
    ev_a, ev_t, ev_none = (f"ev-{name}-{secrets.token_hex(6)}" for name in "atn")
    first.events, tomb.events = [f"{ev_a}:created"], [f"{ev_t}:created"]
    for m in (first, second, tomb):
        graph.insert_new(subject, m, ("fp-" + secrets.token_hex(8),))
    graph.forget_memory(subject, tomb.id, T0)
    found = graph.prior_writes(subject, [second.id, "no-such-id", tomb.id], [ev_a, ev_t, ev_none])
    assert set(found) == {second.id, tomb.id, ev_a}  # by id: any status; by event: holds the fact
    assert found[ev_a].id == first.id and found[tomb.id].status == MemoryStatus.FORGOTTEN
    assert graph.prior_writes(subject[::-1], [second.id], [ev_a]) == {}
    assert graph.prior_writes(subject, [], []) == {}
    active = [MemoryStatus.ACTIVE.value]
    assert graph.list_memories(subject, active, None, 0, 10)[1] == 0  # unindexed: invisible
    graph.mark_indexed_many(subject[::-1], [first.id])
    assert graph.list_memories(subject, active, None, 0, 10)[1] == 0  # another subject's call changes nothing
    graph.mark_indexed_many(subject, [first.id, second.id])
    assert {m.id for m in graph.list_memories(subject, active, None, 0, 10)[0]} == {first.id, second.id}
    # A rollback hides a memory again before its vector goes (mal/journal.py); repair then sees it.
    graph.mark_unindexed(subject[::-1], second.id)
    graph.mark_unindexed(subject, second.id)
    assert {m.id for m in graph.list_memories(subject, active, None, 0, 10)[0]} == {first.id}
    assert second.id in {m.id for s, m in graph.unindexed(subject, T0 + timedelta(days=1))}
    # A replayed capture asks which of its memories are unfinished (mal/writing.py).
    assert graph.unfinished(subject, [first.id, second.id, "no-such-id"]) == {second.id}
    assert graph.unfinished(subject[::-1], [second.id]) == set() and graph.unfinished(subject, []) == set()
    graph.mark_indexed_many(subject, [second.id])
    assert graph.unfinished(subject, [first.id, second.id]) == set()
    graph.append_audits(
        subject,
        [
            AuditEvent(T0 + timedelta(seconds=1), "created", first.id, {"kind": "preference"}),
            AuditEvent(T0 + timedelta(seconds=2), "reinforced", second.id, {"note": "绿茶"}),
        ],
    )
    graph.append_audits(subject, [])
    graph.append_audits(subject[::-1], [AuditEvent(T0, "created", first.id)])  # never creates a subject
    assert [(e.type, e.memory_id, e.detail) for e in graph.audit_trail(subject)] == [
        ("created", first.id, {"kind": "preference"}),
        ("reinforced", second.id, {"note": "绿茶"}),
    ]
    assert not graph.subject_exists(subject[::-1])
