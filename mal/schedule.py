"""The optional in-process daily decay run (MAL_LIFECYCLE__DECAY_CRON = "HH:MM", UTC)."""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

__all__ = ["DailySchedule", "IntervalSchedule", "next_run"]

log = logging.getLogger("mal.schedule")


def next_run(spec: str, now: datetime) -> datetime:
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", spec.strip())
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise ValueError(f"MAL_LIFECYCLE__DECAY_CRON must be HH:MM (UTC), got {spec!r}")
    at = now.replace(hour=int(m.group(1)), minute=int(m.group(2)), second=0, microsecond=0)
    return at if at > now else at + timedelta(days=1)


class DailySchedule:
    def __init__(self, spec: str, job: Callable[[], Any]) -> None:
        self._spec, self._job = spec, job
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="mal-decay", daemon=True)

    @classmethod
    def start(cls, spec: str, job: Callable[[], Any]) -> DailySchedule | None:
        if not spec:
            return None
        next_run(spec, datetime.now(UTC))  # fail fast on a bad spec
        schedule = cls(spec, job)
        schedule._thread.start()
        return schedule

    def _loop(self) -> None:
        while not self._stop.is_set():
            wait = (next_run(self._spec, datetime.now(UTC)) - datetime.now(UTC)).total_seconds()
            if self._stop.wait(wait):
                return
            try:
                log.info("scheduled decay run: %s", self._job())
            except Exception:  # a failed run is logged and retried tomorrow; the API stays up
                log.exception("scheduled decay run failed")

    def stop(self) -> None:
        self._stop.set()


class IntervalSchedule:
    """Run `job` every `minutes` (the hourly audit anchor), on the same kind of daemon thread."""

    def __init__(self, minutes: int, job: Callable[[], Any], name: str) -> None:
        self._seconds, self._job, self._name = minutes * 60.0, job, name
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name=f"mal-{name}", daemon=True)

    @classmethod
    def start(cls, minutes: int, job: Callable[[], Any], name: str) -> IntervalSchedule | None:
        if minutes <= 0:
            return None
        schedule = cls(minutes, job, name)
        schedule._thread.start()
        return schedule

    def _loop(self) -> None:
        while not self._stop.wait(self._seconds):
            try:
                log.info("scheduled %s: %s", self._name, self._job())
            except Exception:  # logged; the next interval tries again
                log.exception("scheduled %s failed", self._name)

    def stop(self) -> None:
        self._stop.set()
