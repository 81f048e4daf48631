"""A 3-node Weaviate cluster (RF 3, async replication, QUORUM) started by infra/stack.py: a node
SIGKILLed in the middle of a stream of captures and searches loses no acknowledged write, and
searches keep answering while it is down (bench/cluster_outage.py does the work and reports)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.cluster_outage import run_outage
from infra.stack import ROOT

pytestmark = pytest.mark.integration


@pytest.mark.timeout(1200)
def test_a_killed_node_loses_no_acknowledged_write(tmp_path: Path, container: object) -> None:
    report = run_outage(before_s=10, outage_s=20, after_s=10, data_dir=tmp_path)
    # Kept for the record (data/ is git-ignored): docs/benchmarks.md quotes the bench's own run.
    (ROOT / "data" / "logs").mkdir(parents=True, exist_ok=True)
    (ROOT / "data" / "logs" / "cluster_outage.json").write_text(json.dumps(report, indent=2))
    assert report["replication"] == {"factor": 3, "deletion": "DeleteOnConflict", "consistency": "QUORUM"}
    assert report["acknowledged_writes"] >= 5
    assert report["lost_writes"] == 0, report["lost_users"]
    outage = report["outage"]["search"]
    assert outage["n"] >= 3, report  # searches kept coming while the node was down ...
    assert outage["error_rate"] <= 0.05, report  # ... and were answered
