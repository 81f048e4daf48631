"""In-process scheduled jobs: the optional daily decay run (MAL_LIFECYCLE__DECAY_CRON = "HH:MM",
UTC) and crash repair at start-up and every MAL_LIFECYCLE__REPAIR_INTERVAL_S seconds.

Each schedule is a daemon thread calling one zero-argument job; a job that must run once across
API replicas is wrapped (a lease) by the composition root before it is handed over here."""

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
    """Run `job` every `interval_s` seconds on a daemon thread (crash repair, the hourly audit
    anchor), at once first unless `at_start` is false; a failure is logged and the next tick tries
    again (a store that is down at start-up is repaired once it is back)."""

    def __init__(self, interval_s: float, job: Callable[[], Any], name: str, at_start: bool = True) -> None:
        self._interval, self._job, self._name, self._at_start = interval_s, job, name, at_start
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name=f"mal-{name}", daemon=True)

    @classmethod
    def start(
        cls, interval_s: float, job: Callable[[], Any], name: str, at_start: bool = True
    ) -> IntervalSchedule | None:
        if interval_s <= 0:
            return None
        schedule = cls(interval_s, job, name, at_start)
        schedule._thread.start()
        return schedule

    def _loop(self) -> None:
        if not self._at_start and self._stop.wait(self._interval):
            return
        while not self._stop.is_set():
            try:
                log.info("scheduled %s: %s", self._name, self._job())
            except Exception:  # logged; the API stays up and the next tick retries
                log.exception("scheduled %s failed", self._name)
            if self._stop.wait(self._interval):
                return

    def stop(self) -> None:
        self._stop.set()
