"""Retrieval hits refresh `last_accessed` (the TTL clock) off the request path: touches are
collected and written in one batch per subject every `interval_s`. The decay runner flushes
first, so a TTL decision always sees every read that happened before it."""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from datetime import datetime

from mal.ports import AccessTracker

__all__ = ["AccessRecorder"]

log = logging.getLogger("mal.access")


class AccessRecorder:
    def __init__(self, graph: AccessTracker, interval_s: float = 0.5, background: bool = True) -> None:
        self._graph = graph
        self._pending: dict[str, tuple[set[str], datetime]] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._interval = interval_s
        self._thread: threading.Thread | None = None
        if background:
            self._thread = threading.Thread(target=self._loop, name="mal-access", daemon=True)
            self._thread.start()

    def record(self, subject: str, ids: Sequence[str], at: datetime) -> None:
        if not ids:
            return
        with self._lock:
            known, latest = self._pending.get(subject, (set(), at))
            known.update(ids)
            self._pending[subject] = (known, max(latest, at))
        if self._thread is None:
            self.flush()

    def flush(self) -> None:
        with self._lock:
            batch, self._pending = self._pending, {}
        for subject, (ids, at) in batch.items():
            try:
                self._graph.touch(subject, sorted(ids), at)
            except Exception:  # the store is down: keep them for the next flush
                log.warning("could not record %d accesses; will retry", len(ids))
                with self._lock:
                    known, latest = self._pending.get(subject, (set(), at))
                    self._pending[subject] = (known | ids, max(latest, at))

    def _loop(self) -> None:
        while not self._stop.wait(self._interval):
            self.flush()

    def close(self) -> None:
        self._stop.set()
        self.flush()
