"""AuditChainStore contract: the fake and Neo4j seal, order and page the tenant's chain alike, keep
the subject's chain reference on the subject (erase drops it), and never fork under concurrency."""

from __future__ import annotations

import itertools
import secrets
import threading
from datetime import UTC, datetime
from typing import Any

from mal.records import GENESIS, ChainEntry

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _entry(tenant: str, subject: str | None = None, i: int = 0) -> ChainEntry:
    return ChainEntry(tenant, T0, "search", "key1", subject, (f"m{i}",), {"results": i})


def test_append_seals_links_and_pages(graph: Any, subject: str) -> None:
    tenant = f"t{secrets.token_hex(4)}"
    graph.ensure_subject(subject, tenant, T0)
    assert graph.chain_head(tenant) is None
    assert graph.append_chain(tenant, [_entry(tenant, subject, 1), _entry(tenant, None, 2)]) == 2
    assert graph.append_chain(tenant, [_entry(tenant, subject, 3)]) == 3
    events = graph.chain_events(tenant, 0, 10)
    assert [e.seq for e in events] == [1, 2, 3]
    assert events[0].prev == GENESIS and events[1].prev == events[0].hash and events[2].prev == events[1].hash
    assert all(e.hash == e.expected_hash() for e in events)
    assert events[0].counts == {"results": 1} and events[0].memory_ids == ("m1",) and events[0].at == T0.isoformat()
    ref = graph.audit_ref(subject)
    assert ref and events[0].subject_ref == ref == events[2].subject_ref and events[1].subject_ref is None
    assert subject not in repr(events)
    assert [e.seq for e in graph.chain_events(tenant, 1, 1)] == [2]
    head = graph.chain_head(tenant)
    assert (head.seq, head.hash) == (3, events[2].hash)
    assert any(h.tenant == tenant and h.seq == 3 for h in graph.chain_heads())


def test_erase_drops_the_reference_not_the_chain(graph: Any, subject: str) -> None:
    tenant = f"t{secrets.token_hex(4)}"
    graph.ensure_subject(subject, tenant, T0)
    graph.append_chain(tenant, [_entry(tenant, subject)])
    graph.erase_subject(subject)
    assert graph.audit_ref(subject) is None
    assert len(graph.chain_events(tenant, 0, 10)) == 1
    graph.append_chain(tenant, [_entry(tenant, subject)])  # an unknown subject gets no reference
    assert graph.chain_events(tenant, 0, 10)[1].subject_ref is None
    assert not graph.subject_exists(subject)  # and is not re-created


def test_concurrent_appends_queue_on_the_head(graph: Any) -> None:
    tenant = f"t{secrets.token_hex(4)}"
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            for i in range(5):
                graph.append_chain(tenant, [_entry(tenant, None, i), _entry(tenant, None, i)])
        except BaseException as exc:  # collected: a thread's failure must fail the test
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    events = graph.chain_events(tenant, 0, 100)
    assert [e.seq for e in events] == list(range(1, 61))
    assert all(b.prev == a.hash for a, b in itertools.pairwise(events))
