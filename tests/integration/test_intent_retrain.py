"""The shipped intent layer is what `python -m parsers.train` makes of the labelled sets: retraining
into a temporary file gives the same arrays (vocabularies, idf, weights, classes, temperature).
The zip container's timestamps differ between runs, so the arrays are compared, not the bytes;
weights within 1e-4 (a full-suite run once retrained float32 weights one rounding step apart from a
run of this test alone: BLAS threads differ with what the process loaded first), everything else
exactly. One labelled row more or less moves the weights by far more than that.

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
        a, b = shipped[name], rebuilt[name]
        same = np.allclose(a, b, rtol=0, atol=1e-4) if a.dtype.kind == "f" else np.array_equal(a, b)
        assert same, f"{name}: retrain with python -m parsers.train and commit"
    model = load_model(out)
    assert model is not None and model.word_vocabulary, "the word block is part of the artefact"
