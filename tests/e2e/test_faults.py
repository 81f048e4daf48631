"""The fault suite in its reduced form (the full run is `make test-faults`, bench/faults.py): two
faults on each store and on the API process, one of them a real SIGKILL for S3 and the API, during
a stream of captures, forgets and archive runs; afterwards nothing is half-written, lost, duplicated,
and erase still verifies. Two per target keeps `make test` inside its time budget."""

from __future__ import annotations

import pytest

from bench.faults import TARGETS, FaultRun
from mal.settings import Settings
from tests.e2e.replicas import single_process_only

pytestmark = pytest.mark.e2e


@single_process_only(
    "starts, SIGKILLs and restarts its own `mal serve` behind a proxy; the replicas are not in its path"
)
@pytest.mark.timeout(1200)  # two API start-ups: minutes on a loaded 2-core machine
def test_reduced_fault_run_loses_nothing(settings: Settings, container: object) -> None:
    # Real SIGKILL + restart for the cheap restarts (S3, the API); the full run kills every store.
    run = FaultRun(settings, per_target=2, kills={"s3": 1, "api": 1}, seed=7, users=6)
    try:
        report = run.run()
    finally:
        run.close()
    assert {t: report["faults_total"][t] for t in TARGETS} == dict.fromkeys(TARGETS, 2), report
    assert report["ops"].get("capture_200", 0) >= 10, report
    verdict = report["verdict"]
    assert (verdict["half_written"], verdict["lost_acknowledged"], verdict["duplicates"]) == (0, 0, 0), verdict
    assert verdict["erased"] >= 2 and verdict["erase_unverified"] == 0, verdict
    assert report["clean"], report
