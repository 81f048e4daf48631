"""Clocks: the system one, and a settable one so lifecycle tests can move time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

__all__ = ["FixedClock", "SystemClock"]


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class FixedClock:
    def __init__(self, at: datetime) -> None:
        self.at = at

    def now(self) -> datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at = self.at + timedelta(**delta)
