"""One subject, one writer at a time: a capture and an erase (an admin erase or a consent
revocation) of the same subject exclude each other (issue #14, red team).

Without it a revocation could race an in-flight capture: the capture read consent ("yes"), the
revocation recorded "no" and erased, then the capture's writes landed on the erased subject. With
it a capture takes the subject's lock, reads consent under it and writes; a revocation records "no"
first, then takes the lock (waiting for an in-flight capture to finish) and erases. So once the
revocation returns nothing of the subject exists, and a capture that lost the race reads "no" and
stores nothing (200, `stored: false`, the consent reason), as any capture without consent does.

The lock lives in the graph store (`LeaseStore.lock_subject`), so it holds across API replicas:
each hold has its own owner token (two requests of one replica exclude each other too), is renewed
every third of its time to live while held (a long erase keeps it), and expires after the holder
dies. A caller waits for it with backoff up to `wait_s`, then gets Conflict (409, retry later).
Captures of one subject are serialised by this; captures of different subjects are not.
Requests of one process first queue on a process-local lock per subject, so they hand over
directly instead of polling the store with backoff (polling made concurrent captures of one
subject wait up to the backoff step after each release: p95 9 s at 16 clients); the store lock
then only arbitrates between replicas and erases.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from mal.errors import Conflict
from mal.lease import replica_id
from mal.ports import LeaseStore

__all__ = ["SubjectLocks"]

log = logging.getLogger("mal.subject_lock")


class SubjectLocks:
    def __init__(
        self,
        store: LeaseStore,
        ttl_s: float,
        wait_s: float,
        sleep: Callable[[float], None] = time.sleep,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._store = store
        self._ttl = ttl_s
        self._wait = wait_s
        self._sleep = sleep
        self._monotonic = monotonic
        self._replica = replica_id()
        self._guard = threading.Lock()
        self._local: dict[str, tuple[threading.Lock, int]] = {}

    @contextmanager
    def hold(self, subject: str) -> Iterator[None]:
        """Holds the subject's lock for the `with` block; Conflict when it stays taken `wait_s`."""
        local = self._enter_local(subject)
        try:
            if not local.acquire(timeout=max(self._wait, 0.0)):
                raise Conflict("another capture or erase of this subject is running; retry shortly")
            try:
                with self._hold_store(subject):
                    yield
            finally:
                local.release()
        finally:
            self._leave_local(subject)

    def _enter_local(self, subject: str) -> threading.Lock:
        with self._guard:
            lock, users = self._local.get(subject, (threading.Lock(), 0))
            self._local[subject] = (lock, users + 1)
            return lock

    def _leave_local(self, subject: str) -> None:
        with self._guard:
            lock, users = self._local[subject]
            if users <= 1:
                del self._local[subject]
            else:
                self._local[subject] = (lock, users - 1)

    @contextmanager
    def _hold_store(self, subject: str) -> Iterator[None]:
        owner = f"{self._replica}:{secrets.token_hex(6)}"
        deadline = self._monotonic() + self._wait
        delay = 0.005
        while not self._store.lock_subject(subject, owner, self._ttl):
            if self._monotonic() >= deadline:
                raise Conflict("another capture or erase of this subject is running; retry shortly")
            self._sleep(delay)
            delay = min(delay * 2, 0.2)
        stop = threading.Event()
        renewer = threading.Thread(target=self._renew, args=(subject, owner, stop), daemon=True)
        renewer.start()
        try:
            yield
        finally:
            stop.set()
            renewer.join()
            try:
                self._store.unlock_subject(subject, owner)
            except Exception:  # the lock then expires on its own after ttl_s
                log.warning("could not release a subject lock; it expires in %.0f s", self._ttl)

    def _renew(self, subject: str, owner: str, stop: threading.Event) -> None:
        while not stop.wait(self._ttl / 3):
            try:
                if not self._store.lock_subject(subject, owner, self._ttl):
                    log.warning("a subject lock expired and was taken over while held")
                    return
            except Exception:  # the store is down: try again next time
                log.warning("could not renew a subject lock")
