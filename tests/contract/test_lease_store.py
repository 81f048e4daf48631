"""LeaseStore contract: the in-memory leases and Neo4j's lease nodes agree on what mal/lease.py
relies on (one holder, expiry, renewal only by the holder, a completed period refuses)."""

from __future__ import annotations

import secrets
import time
from typing import Any


def _name() -> str:
    return "test-" + secrets.token_hex(6)


def test_one_holder_until_release(leases: Any) -> None:
    name = _name()
    assert leases.acquire(name, "a", 60)
    assert not leases.acquire(name, "b", 60)
    assert leases.acquire(name, "a", 60)  # the holder may re-acquire (a retried start-up)
    leases.release(name, "b")  # not the holder: no effect
    assert not leases.acquire(name, "b", 60)
    leases.release(name, "a")
    assert leases.acquire(name, "b", 60)


def test_an_expired_lease_is_taken_over_and_only_the_holder_renews(leases: Any) -> None:
    name = _name()
    assert leases.acquire(name, "a", 0.3)
    assert not leases.acquire(name, "b", 60)
    time.sleep(0.5)
    assert leases.acquire(name, "b", 60)  # a's time ran out
    assert not leases.renew(name, "a", 60)  # a lost it
    assert leases.renew(name, "b", 60)


def test_renewal_keeps_the_lease(leases: Any) -> None:
    name = _name()
    assert leases.acquire(name, "a", 3)
    for _ in range(3):  # 4.5 s in all: past the first expiry, kept by renewal (slack for a busy machine)
        time.sleep(1.5)
        assert leases.renew(name, "a", 3)
    assert not leases.acquire(name, "b", 60)


def test_a_completed_period_refuses_later_acquirers(leases: Any) -> None:
    name = _name()
    assert leases.acquire(name, "a", 60, "2026-11-30")
    leases.release(name, "a", done_period="2026-11-30")
    assert not leases.acquire(name, "b", 60, "2026-11-30")  # a replica whose clock fired late
    assert leases.acquire(name, "b", 60, "2026-12-01")
    leases.release(name, "b")  # released without completing: the period stays open
    assert leases.acquire(name, "c", 60, "2026-12-01")
    assert leases.acquire(_name(), "c", 60)  # other names are independent


def _subject_lock_nodes(leases: Any, subject: str) -> int:
    """Lock nodes left for `subject`: none may outlive a release (an erased subject's digest)."""
    if hasattr(leases, "subject_locks"):
        return int(leases._subjects.get(subject) is not None)
    records = leases._read("MATCH (l:SubjectLock {subject: $subject}) RETURN count(l) AS n", subject=subject)
    return int(records[0]["n"])


def test_a_subject_lock_has_one_holder_renews_for_it_and_leaves_nothing_when_released(leases: Any) -> None:
    subject = secrets.token_hex(32)
    assert leases.lock_subject(subject, "a", 60)
    assert not leases.lock_subject(subject, "b", 60)
    assert leases.lock_subject(subject, "a", 60)  # the holder renews
    leases.unlock_subject(subject, "b")  # not the holder: no effect
    assert not leases.lock_subject(subject, "b", 60)
    leases.unlock_subject(subject, "a")
    assert _subject_lock_nodes(leases, subject) == 0
    assert leases.lock_subject(subject, "b", 60)
    assert leases.lock_subject(secrets.token_hex(32), "a", 60)  # other subjects are independent
    leases.unlock_subject(subject, "b")


def test_an_expired_subject_lock_is_taken_over(leases: Any) -> None:
    subject = secrets.token_hex(32)
    assert leases.lock_subject(subject, "a", 0.3)
    time.sleep(0.5)
    assert leases.lock_subject(subject, "b", 60)
    leases.unlock_subject(subject, "a")  # the old holder's late release does not free b's lock
    assert not leases.lock_subject(subject, "c", 60)
    leases.unlock_subject(subject, "b")
    assert _subject_lock_nodes(leases, subject) == 0
