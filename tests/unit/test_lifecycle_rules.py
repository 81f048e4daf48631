"""Decay, TTL, archive/restore with SHA-256 and tamper detection, on fakes with a moving clock."""

from __future__ import annotations

import pytest

from decay.archive import archive_key
from mal.clock import FixedClock
from mal.errors import IntegrityError
from mal.models import MemoryStatus
from tests.unit.fakes import T0, fake_container, fake_settings, new_scope, write


def statuses(c, scope):  # type: ignore[no-untyped-def]
    items, _ = c.adapters.graph.list_memories(scope.subject, None, None, 0, 100)
    return {m.id: m.status.value for m in items}


def test_low_weight_memories_are_archived_after_90_days_and_restored_intact() -> None:
    clock = FixedClock(T0)
    c, scope = fake_container(clock=clock), new_scope()
    ids = [w.memory.id for w in write(c, scope, "s1", "I prefer Python", "我妈妈有高血压").memories]
    original = c.adapters.graph.get(scope.subject, ids[0])
    clock.advance(days=30)
    assert c.lifecycle.run(tenant=scope.tenant)["archived"] == 0
    clock.advance(days=60)
    report = c.lifecycle.run(tenant=scope.tenant)
    assert report["archived_by_reason"] == {"low_weight": 2}
    assert set(statuses(c, scope).values()) == {"archived"}
    assert c.adapters.vectors.count_subject(scope.subject) == 0
    assert c.adapters.blobs.head_sha256(c.settings.s3.archive_bucket, archive_key(scope, ids[0]))
    restored = c.lifecycle.restore(scope, ids[0])
    assert restored.status == MemoryStatus.ACTIVE and original is not None and restored.summary == original.summary
    assert c.retriever.search(scope, "python").hits[0].memory.id == ids[0]


def test_tampered_archive_is_refused() -> None:
    clock = FixedClock(T0)
    c, scope = fake_container(clock=clock), new_scope()
    memory_id = write(c, scope, "s1", "I prefer Python").memories[0].memory.id
    clock.advance(days=100)
    c.lifecycle.run(tenant=scope.tenant)
    c.adapters.blobs.tamper(c.settings.s3.archive_bucket, archive_key(scope, memory_id), b'{"forged": true}')
    with pytest.raises(IntegrityError):
        c.lifecycle.restore(scope, memory_id)
    assert statuses(c, scope)[memory_id] == "archived"


def test_ttl_per_domain_and_reads_refresh_it() -> None:
    clock = FixedClock(T0)
    c, scope = fake_container(fake_settings(lifecycle={"decay_rate": 0.9999}), clock), new_scope()
    finance = write(c, scope, "s1", "我的预算是不超过两千元").memories[0].memory.id
    education = write(c, scope, "s2", "I enjoy reading science fiction", domain="education").memories[0].memory.id
    general = write(c, scope, "s3", "I live in Berlin").memories[0].memory.id
    clock.advance(days=80)
    assert [h.memory.id for h in c.retriever.search(scope, "where do I live?", k=1).hits] == [general]
    c.access.flush()
    clock.advance(days=11)
    assert c.lifecycle.run(tenant=scope.tenant)["archived_by_reason"] == {"ttl": 1}
    assert statuses(c, scope)[finance] == "archived" and statuses(c, scope)[education] == "active"
    clock.advance(days=90)
    c.lifecycle.run(tenant=scope.tenant)
    assert statuses(c, scope) == {finance: "archived", education: "archived", general: "active"}


def test_hot_set_cap_keeps_the_strongest() -> None:
    clock = FixedClock(T0)
    c, scope = fake_container(fake_settings(lifecycle={"hot_set_cap": 2}), clock), new_scope()
    for i, text in enumerate(["I prefer Python", "I like green tea", "I dislike long meetings"]):
        clock.advance(hours=1)
        write(c, scope, f"s{i}", text)
    report = c.lifecycle.run(tenant=scope.tenant)
    assert sum(report["archived_by_reason"].values()) == 1
    assert sorted(statuses(c, scope).values()) == ["active", "active", "archived"]


def test_idle_subjects_have_their_vector_tenant_deactivated_and_reactivated_on_access() -> None:
    clock = FixedClock(T0)
    c = fake_container(settings=fake_settings(lifecycle={"tenant_idle_days": 14}), clock=clock)
    idle, busy = new_scope(), new_scope()
    write(c, idle, "s1", "I prefer Python")
    write(c, busy, "s1", "我喜欢喝绿茶")
    clock.advance(days=10)
    assert c.lifecycle.run()["deactivated"] == 0
    clock.advance(days=5)
    c.retriever.search(busy, "绿茶")  # read 15 days after the write: busy is not idle
    c.access.flush()
    report = c.lifecycle.run()
    assert report["deactivated"] == 1
    assert c.adapters.vectors.deactivate_subject(idle.subject) is False  # idle was the one
    assert c.retriever.search(idle, "python").hits  # the next access answers (re-activated)
    off = fake_container(clock=clock)  # default 0: never
    write(off, idle, "s1", "I prefer Python")
    clock.advance(days=400)
    assert off.lifecycle.run()["deactivated"] == 0
