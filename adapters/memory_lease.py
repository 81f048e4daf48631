"""In-memory leases and subject locks (the `mal.ports.LeaseStore` port) for one process: the unit tests, and a
service without a lease-capable graph. tests/contract/test_lease_store.py holds it to Neo4jLeases."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["InMemoryLeases"]


@dataclass
class _Lease:
    owner: str | None = None
    expires: float = 0.0
    done: str | None = None


class InMemoryLeases:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._leases: dict[str, _Lease] = {}
        self._subjects: dict[str, _Lease] = {}  # held subject locks only: released ones are deleted
        self._lock = threading.Lock()

    def acquire(self, name: str, owner: str, ttl_s: float, period: str | None = None) -> bool:
        with self._lock:
            lease = self._leases.setdefault(name, _Lease())
            now = self._clock()
            free = (lease.owner is None or lease.owner == owner or lease.expires <= now) and (
                period is None or lease.done != period
            )
            if free:
                lease.owner, lease.expires = owner, now + ttl_s
            return free

    def renew(self, name: str, owner: str, ttl_s: float) -> bool:
        with self._lock:
            lease = self._leases.get(name)
            if lease is None or lease.owner != owner:
                return False
            lease.expires = self._clock() + ttl_s
            return True

    def release(self, name: str, owner: str, done_period: str | None = None) -> None:
        with self._lock:
            lease = self._leases.get(name)
            if lease is None or lease.owner != owner:
                return
            lease.owner, lease.expires = None, 0.0
            if done_period is not None:
                lease.done = done_period

    def lock_subject(self, subject: str, owner: str, ttl_s: float) -> bool:
        with self._lock:
            held = self._subjects.get(subject)
            now = self._clock()
            if held is not None and held.owner != owner and held.expires > now:
                return False
            self._subjects[subject] = _Lease(owner, now + ttl_s)
            return True

    def unlock_subject(self, subject: str, owner: str) -> None:
        with self._lock:
            held = self._subjects.get(subject)
            if held is not None and held.owner == owner:
                del self._subjects[subject]

    def subject_locks(self) -> int:
        """How many subject locks exist (the contract test checks a release leaves none)."""
        with self._lock:
            return len(self._subjects)
