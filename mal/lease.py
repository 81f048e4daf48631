"""Jobs that must run once although several API replicas run the same schedule (the daily decay
run, and whatever else is scheduled in-process: repair, audit anchoring). The API is otherwise
stateless, so the only coordination is a lease in the graph store (`mal.ports.LeaseStore`): the
replica that acquires it runs the job, renewing it while the job runs; the others skip. A replica
that dies mid-run stops renewing and its lease expires after `ttl_s`, so a later run can take over
instead of the job being stuck forever. With a `period` (the day of a daily run) a completed job
is not run again that period by a replica whose clock fired late.

Not everything scheduled is run-once: the access-time buffer (mal/access.py) holds each replica's
own reads, so every replica flushes its own; only the decay run's flush is covered by its lease.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import threading
from collections.abc import Callable
from typing import TypeVar

from mal.ports import LeaseStore

__all__ = ["LeasedRunner", "Skipped", "replica_id"]

log = logging.getLogger("mal.lease")
T = TypeVar("T")


def replica_id() -> str:
    """Names the holder in the lease node: host and pid for an operator, a random tail so two
    processes that reuse a pid (containers) never mistake each other's lease for their own."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class Skipped:
    """What `run_once` returns when another replica holds the lease or already did the period."""

    def __repr__(self) -> str:
        return "Skipped()"


class LeasedRunner:
    def __init__(self, leases: LeaseStore, ttl_s: float, owner: str | None = None) -> None:
        self._leases = leases
        self._ttl = ttl_s
        self.owner = owner or replica_id()

    def run_once(self, name: str, job: Callable[[], T], period: str | None = None) -> T | Skipped:
        """`job()` if this replica takes the lease, else `Skipped()`. The lease is renewed every
        third of its time to live while the job runs; released when it ends (a failed job does not
        mark its period done, so it may be retried)."""
        if not self._leases.acquire(name, self.owner, self._ttl, period):
            log.info("lease %s held by another replica (or period %s done); skipped", name, period)
            return Skipped()
        stop = threading.Event()
        renewer = threading.Thread(target=self._renew, args=(name, stop), name=f"mal-lease-{name}", daemon=True)
        renewer.start()
        done = False
        try:
            result = job()
            done = True
            return result
        finally:
            stop.set()
            renewer.join()
            try:
                self._leases.release(name, self.owner, period if done else None)
            except Exception:  # the lease then expires on its own after ttl_s
                log.warning("could not release lease %s; it expires in %.0f s", name, self._ttl)

    def _renew(self, name: str, stop: threading.Event) -> None:
        while not stop.wait(self._ttl / 3):
            try:
                if not self._leases.renew(name, self.owner, self._ttl):
                    log.warning("lease %s was lost (expired and taken over) while its job ran", name)
                    return
            except Exception:  # the store is down: try again next time; the lease may expire
                log.warning("could not renew lease %s", name)
