"""Run-once jobs (mal/lease.py) on the in-memory leases: with three replicas exactly one runs a
job; a long job keeps its lease; a failed job leaves its period open; the daily decay run of
three containers sharing one lease store runs once."""

from __future__ import annotations

import threading
import time

import pytest

from adapters.memory_lease import InMemoryLeases
from mal.bootstrap import build
from mal.lease import LeasedRunner, Skipped
from tests.unit.fakes import fake_adapters, fake_settings


def _race(runners: list[LeasedRunner], name: str, period: str | None = None) -> list[object]:
    barrier = threading.Barrier(len(runners))
    ran: list[str] = []
    results: list[object] = [None] * len(runners)

    def job(owner: str) -> str:
        ran.append(owner)
        time.sleep(0.2)
        return owner

    def replica(i: int) -> None:
        barrier.wait()
        results[i] = runners[i].run_once(name, lambda: job(runners[i].owner), period)

    threads = [threading.Thread(target=replica, args=(i,)) for i in range(len(runners))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(ran) == 1, ran
    return results


def test_three_replicas_run_a_job_once() -> None:
    leases = InMemoryLeases()
    runners = [LeasedRunner(leases, 30) for _ in range(3)]
    results = _race(runners, "decay", "2026-11-30")
    assert sum(not isinstance(r, Skipped) for r in results) == 1
    # The same period later (a replica whose clock fired late): nobody runs it again.
    assert isinstance(runners[2].run_once("decay", lambda: pytest.fail("ran twice"), "2026-11-30"), Skipped)
    assert runners[2].run_once("decay", lambda: "next day", "2026-12-01") == "next day"


def test_a_long_job_renews_its_lease() -> None:
    leases = InMemoryLeases()
    first, second = LeasedRunner(leases, 0.3), LeasedRunner(leases, 0.3)
    started = threading.Event()

    def long_job() -> str:
        started.set()
        time.sleep(1.0)  # > 3 x the time to live: only renewal keeps the lease
        return "done"

    thread = threading.Thread(target=first.run_once, args=("repair", long_job))
    thread.start()
    started.wait()
    time.sleep(0.6)
    assert isinstance(second.run_once("repair", lambda: pytest.fail("ran while the first ran")), Skipped)
    thread.join()
    assert second.run_once("repair", lambda: "after") == "after"


def test_a_failed_job_releases_its_lease_and_leaves_the_period_open() -> None:
    leases = InMemoryLeases()
    runner = LeasedRunner(leases, 30)

    def broken() -> None:
        raise RuntimeError("store down")

    with pytest.raises(RuntimeError):
        runner.run_once("decay", broken, "2026-11-30")
    assert LeasedRunner(leases, 30).run_once("decay", lambda: "retried", "2026-11-30") == "retried"


def test_the_daily_run_of_three_replicas_runs_once() -> None:
    settings = fake_settings()
    shared = InMemoryLeases()
    containers = []
    for _ in range(3):
        adapters = fake_adapters(settings)
        adapters.leases = shared
        containers.append(build(settings, adapters=adapters))
    results = [c.scheduled_decay() for c in containers]
    assert [isinstance(r, Skipped) for r in results] == [False, True, True]
    assert isinstance(results[0], dict) and "archived" in results[0]
