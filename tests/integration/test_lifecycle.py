"""Decay, TTL, hot-set cap, archive/restore, crash recovery and export, with an injected clock."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime

import pytest

from decay.archive import archive_key
from mal.bootstrap import Container, build
from mal.clock import FixedClock
from mal.errors import IntegrityError
from mal.models import MemoryStatus
from mal.scope import SubjectScope
from mal.settings import LifecycleSettings, Settings
from mal.writing import CaptureRequest

pytestmark = pytest.mark.integration
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def timed(container: Container, settings: Settings, **policy: object) -> tuple[Container, FixedClock]:
    """A container on the same real stores, with a clock we move and an optional policy."""
    clock = FixedClock(T0)
    tuned = settings.model_copy(update={"lifecycle": LifecycleSettings(**policy)}) if policy else settings
    return build(tuned, adapters=container.adapters, clock=clock), clock


def write(c: Container, scope: SubjectScope, session: str, *texts: str, domain: str | None = None) -> list[str]:
    out = c.writer.capture(
        scope, CaptureRequest(session_id=session, domain=domain, turns=[{"role": "user", "content": t} for t in texts])
    )
    return [w.memory.id for w in out.memories]


def statuses(c: Container, scope: SubjectScope) -> dict[str, str]:
    items, _ = c.adapters.graph.list_memories(scope.subject, None, None, 0, 100)
    return {m.id: m.status.value for m in items}


def test_decay_over_30_90_180_days(container: Container, settings: Settings, scope: SubjectScope) -> None:
    c, clock = timed(container, settings)
    ids = write(c, scope, "s1", "I prefer Python", "我妈妈有高血压")
    clock.advance(days=30)
    first = c.lifecycle.run(tenant=scope.tenant)
    again = c.lifecycle.run(tenant=scope.tenant)  # the same day: nothing compounds
    assert first["scanned"] == 2 and first["archived"] == 0 and again["archived"] == 0
    rows = c.adapters.graph.run_read_only(
        "MATCH (m:Memory) WHERE m.id IN $ids RETURN m.effective_weight AS w", {"ids": ids}, 10
    )
    assert [r["w"] for r in rows] == pytest.approx([0.95**30] * 2, rel=1e-6)
    clock.advance(days=60)  # day 90: 0.95^90 = 0.0099 < 0.1
    at_90 = c.lifecycle.run(tenant=scope.tenant)
    assert at_90["archived_by_reason"] == {"low_weight": 2}
    assert set(statuses(c, scope).values()) == {"archived"}
    clock.advance(days=90)  # day 180: already archived, nothing more to do
    assert c.lifecycle.run(tenant=scope.tenant)["scanned"] == 0


def test_ttl_per_domain(container: Container, settings: Settings, scope: SubjectScope) -> None:
    c, clock = timed(container, settings, decay_rate=0.9999)
    finance = write(c, scope, "s1", "我的预算是不超过两千元")[0]
    education = write(c, scope, "s2", "I enjoy reading science fiction", domain="education")[0]
    general = write(c, scope, "s3", "I live in Berlin")[0]
    clock.advance(days=91)
    assert c.lifecycle.run(tenant=scope.tenant)["archived_by_reason"] == {"ttl": 1}
    assert statuses(c, scope)[finance] == "archived" and statuses(c, scope)[education] == "active"
    clock.advance(days=90)
    c.lifecycle.run(tenant=scope.tenant)
    assert statuses(c, scope) == {finance: "archived", education: "archived", general: "active"}


def test_retrieval_hits_refresh_the_ttl_clock(container: Container, settings: Settings, scope: SubjectScope) -> None:
    c, clock = timed(container, settings, decay_rate=0.9999)
    budget = write(c, scope, "s1", "my budget is at most $900")[0]
    clock.advance(days=80)
    assert c.retriever.search(scope, "what is my budget?").hits[0].memory.id == budget
    clock.advance(days=20)  # 100 days since written, 20 since last read
    assert c.lifecycle.run(tenant=scope.tenant)["archived"] == 0


def test_hot_set_cap_archives_the_lowest_weights(container: Container, settings: Settings, scope: SubjectScope) -> None:
    c, clock = timed(container, settings, hot_set_cap=3)
    ids = write(
        c, scope, "s1", "I prefer Python", "I live in Berlin", "I speak French", "I love jazz", "my dad has diabetes"
    )
    clock.advance(hours=1)
    write(c, scope, "s2", "I prefer Python", "I live in Berlin", "I speak French")  # reinforced
    summary = c.lifecycle.run(tenant=scope.tenant)
    assert summary["archived_by_reason"] == {"hot_set_cap": 2}
    assert [statuses(c, scope)[i] for i in ids] == ["active"] * 3 + ["archived"] * 2


def test_archive_restore_round_trip_and_tampering(
    container: Container, settings: Settings, scope: SubjectScope
) -> None:
    c, clock = timed(container, settings)
    keep, gone = write(c, scope, "s1", "I prefer Python", "我妈妈有高血压")
    c.writer.capture(scope, CaptureRequest(session_id="s2", turns=[{"role": "user", "content": "I prefer Python"}]))
    clock.advance(days=50)  # Python was reinforced (1.25 x 0.95^50 = 0.096) ... both go below 0.1
    c.lifecycle.run(tenant=scope.tenant)
    assert statuses(c, scope)[gone] == "archived"
    assert c.retriever.search(scope, "我妈妈有什么病").hits == []
    key = archive_key(scope, gone)
    body = c.adapters.blobs.get(settings.s3.archive_bucket, key)
    doc = json.loads(body)
    assert doc["memory"]["summary"] == "用户的妈妈有高血压" and doc["reason"] == "low_weight"
    assert c.adapters.blobs.head_sha256(settings.s3.archive_bucket, key) == hashlib.sha256(body).hexdigest()
    restored = c.lifecycle.restore(scope, gone)
    assert restored.status == MemoryStatus.ACTIVE and restored.summary == "用户的妈妈有高血压"
    assert c.retriever.search(scope, "我妈妈有什么病").hits[0].memory.id == gone
    # Archive again, then tamper with the object: restore must refuse and say so.
    clock.advance(days=60)
    c.lifecycle.run(tenant=scope.tenant)
    forged = body.replace("高血压".encode(), "低血压".encode())
    c.adapters.blobs.put(settings.s3.archive_bucket, key, forged, hashlib.sha256(forged).hexdigest())
    with pytest.raises(IntegrityError, match="SHA-256"):
        c.lifecycle.restore(scope, gone)
    assert statuses(c, scope)[gone] == "archived"
    assert "restore_refused" in [e.type for e in c.adapters.graph.audit_trail(scope.subject)]
    assert keep in statuses(c, scope)


def test_crash_between_upload_and_graph_update_is_finished_next_run(
    container: Container,
    settings: Settings,
    scope: SubjectScope,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    c, clock = timed(container, settings)
    memory_id = write(c, scope, "s1", "I prefer Python")[0]
    clock.advance(days=60)
    crash = lambda *a, **k: (_ for _ in ()).throw(SystemExit("crash"))  # noqa: E731
    monkeypatch.setattr(c.adapters.graph, "archive_stub", crash)
    monkeypatch.setattr(c.adapters.graph, "archive_stubs", crash)  # a subject's stubs are one batch now
    with pytest.raises(SystemExit):
        c.lifecycle.run(tenant=scope.tenant)
    monkeypatch.undo()
    key = archive_key(scope, memory_id)
    # Nothing lost: still whole in the system of record, hidden from reads while its archive is
    # pending (its vector may already be gone), and the next run finishes it.
    pending = c.adapters.graph.get(scope.subject, memory_id)
    assert pending is not None and pending.status.value == "active" and pending.summary == "User prefers Python"
    assert c.adapters.blobs.head_sha256(settings.s3.archive_bucket, key) is not None
    assert c.lifecycle.run(tenant=scope.tenant)["archived"] == 1
    assert statuses(c, scope)[memory_id] == "archived"
    assert c.adapters.blobs.list_keys(settings.s3.archive_bucket, scope.blob_prefix) == [key]
    assert c.adapters.blobs.versions(settings.s3.archive_bucket, key) == 1  # nothing duplicated
    assert c.lifecycle.restore(scope, memory_id).summary == "User prefers Python"


def test_export_bundle_matches_its_manifest_and_erase_removes_it(
    container: Container,
    settings: Settings,
    scope: SubjectScope,
) -> None:
    c, clock = timed(container, settings, hot_set_cap=2)
    ids = write(c, scope, "s1", "I prefer Python", "我妈妈有高血压", "I live in Berlin")
    c.forgetter.forget(scope, ids[2])
    clock.advance(hours=1)
    write(c, scope, "s2", "I prefer Python")
    c.lifecycle.run(tenant=scope.tenant)  # cap 2 of 2 active: nothing archived
    c_small, _ = timed(container, settings, hot_set_cap=1)
    c_small.lifecycle.run(tenant=scope.tenant)  # now the mother's memory goes to the archive
    result = c.lifecycle.export(scope)
    bucket, prefix = result["bucket"], result["prefix"]
    manifest_body = c.adapters.blobs.get(bucket, prefix + "manifest.json")
    assert hashlib.sha256(manifest_body).hexdigest() == result["manifest_sha256"]
    manifest = json.loads(manifest_body)
    for name, meta in manifest["files"].items():
        assert hashlib.sha256(c.adapters.blobs.get(bucket, prefix + name)).hexdigest() == meta["sha256"], name
    memories = json.loads(c.adapters.blobs.get(bucket, prefix + "memories.json"))
    assert {m["summary"] for m in memories if m["status"] == "active"} == {"User prefers Python"}
    archives = json.loads(c.adapters.blobs.get(bucket, prefix + "archives.json"))
    assert [a["id"] for a in archives] == [ids[1]] and archives[0]["sha"] == archives[0]["s3_sha256"]
    audit = [e["type"] for e in json.loads(c.adapters.blobs.get(bucket, prefix + "audit.json"))]
    assert {"created", "reinforced", "forgotten", "archived"} <= set(audit)
    quads = json.loads(c.adapters.blobs.get(bucket, prefix + "quadruples.json"))
    # Only the active memory's links are left (each turn also MENTIONS what it names, issue #12).
    assert {q["relation"] for q in quads} == {"PREFERS", "MENTIONED"}
    assert {q["memory_id"] for q in quads} == {ids[0]}
    assert not {"berlin", "高血压", "妈妈"} & {q["entity"] for q in quads}
    receipt = c.forgetter.erase(scope).as_dict()
    assert receipt["deleted"]["s3"] == 1 + 5 and receipt["verified"] is True  # one archive, five bundle files
    assert c.adapters.blobs.list_keys(settings.s3.archive_bucket, scope.blob_prefix) == []
    assert c.adapters.blobs.list_keys(bucket, scope.blob_prefix) == []
    assert c.adapters.blobs.list_keys(bucket, prefix) == []  # the bundle, filed by export id
