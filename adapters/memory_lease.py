"""In-memory leases (the `mal.ports.LeaseStore` port) for one process: the unit tests, and a
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
