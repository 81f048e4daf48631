"""The query-embedding cache: repeated queries skip the model, the bound holds, batches pass through."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from adapters.embedding_cache import CachedQueryEmbedder


class CountingEmbedder:
    dimensions = 2

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def ready(self) -> None:
        pass

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        return [[float(len(t)), 1.0] for t in texts]

    def embed_query(self, text: str) -> list[float]:
        self.calls.append(["q:" + text])
        return [float(len(text)), 2.0]

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        return [[0.0, 3.0] for _ in texts]


@pytest.mark.parametrize("query", ["what does the user like?", "用户喜欢什么？"])
def test_a_repeated_query_is_embedded_once_zh_and_en(query: str) -> None:
    inner = CountingEmbedder()
    cached = CachedQueryEmbedder(inner, size=8)
    first = cached.embed([query])
    # Whitespace runs and full-width forms normalise to the same key.
    again = cached.embed(["  " + query.replace(" ", "   ") + " "])
    assert first == again and len(inner.calls) == 1 and (cached.hits, cached.misses) == (1, 1)
    assert cached.embed_query(query) == [float(len(query)), 2.0]
    assert cached.embed_query(query) == [float(len(query)), 2.0]
    assert len(inner.calls) == 2  # query and single-text embed are cached apart


def test_batches_pass_through_and_the_bound_evicts_least_recent() -> None:
    inner = CountingEmbedder()
    cached = CachedQueryEmbedder(inner, size=2)
    cached.embed(["a", "bb"])
    cached.embed(["a", "bb"])
    assert len(inner.calls) == 2  # batches are never cached
    for text in ("x", "y", "x", "z", "x", "y"):
        cached.embed([text])
    # x, y miss; x hits; z evicts y; x hits; y misses again.
    assert (cached.hits, cached.misses) == (2, 4)
    assert cached.embed_passages(["p"]) == [[0.0, 3.0]] and cached.dimensions == 2


def test_a_caller_cannot_corrupt_the_cache() -> None:
    cached = CachedQueryEmbedder(CountingEmbedder(), size=4)
    vector = cached.embed(["hello"])[0]
    vector[0] = 99.0
    assert cached.embed(["hello"])[0] == [5.0, 1.0]


def test_zero_size_is_refused() -> None:
    with pytest.raises(ValueError):
        CachedQueryEmbedder(CountingEmbedder(), size=0)
