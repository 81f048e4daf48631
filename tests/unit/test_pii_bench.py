"""`python -m bench.pii_bench --blind PATH` scores any file of labelled rows and prints aggregates
only: no sentence, no value, not even of the misses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.pii_bench import main


def test_blind_scoring_prints_aggregates_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [
        {
            "text": "服务器 Qzmarker 在 10.1.2.3:22",
            "lang": "zh",
            "entities": [{"label": "IP_ADDRESS", "start": 15, "end": 23}],
        },
        {"text": "Qzmarker lives somewhere secret", "labels": [{"type": "ADDRESS", "value": "somewhere secret"}]},
        {"text": "no identifiers here Qzmarker", "pii": []},
    ]
    path = tmp_path / "any_name.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8")
    assert main(["--blind", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Qzmarker" not in out and "somewhere" not in out and "10.1.2.3" not in out
    assert "any_name.jsonl, 3 rows" in out
    ip = next(line for line in out.splitlines() if line.startswith("IP") and " zh " in line)
    address = next(line for line in out.splitlines() if line.startswith("ADDRESS") and " en " in line)
    assert ip.split()[-3:-1] == ["1.000", "1.000"]  # found
    assert address.split()[-2] == "0.000"  # missed, and not shown
