"""The shipped intent layer is what `python -m parsers.train` makes of the labelled sets: retraining
into a temporary file gives the same arrays (vocabularies, idf, weights, classes, temperature).
The zip container's timestamps differ between runs, so the arrays are compared, not the bytes.

Slow (six logistic regressions, ~1-2 minutes on the shared machine), needs no store: it lives with
the integration tests so the unit run stays quick.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from parsers import train
from parsers.intent_model import ARTEFACT, load_model


def test_retraining_reproduces_the_shipped_intent_model(tmp_path: Path) -> None:
    out = tmp_path / "intent_model.npz"
    assert train.main(["--out", str(out)]) == 0
    shipped, rebuilt = np.load(ARTEFACT), np.load(out)
    assert sorted(shipped.files) == sorted(rebuilt.files)
    for name in shipped.files:
        assert np.array_equal(shipped[name], rebuilt[name]), f"{name}: retrain with python -m parsers.train and commit"
    model = load_model(out)
    assert model is not None and model.word_vocabulary, "the word block is part of the artefact"
