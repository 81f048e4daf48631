"""The query-embedding cache: repeated queries skip the model, the bound holds, passages pass through."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from adapters.embedding_cache import CachedQueryEmbedder


class CountingEmbedder:
    dimensions = 2
    model_id = "counting"
    cosine_floor = 0.0

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def ready(self) -> None:
        pass

    def embed_query(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(["q:" + t for t in texts])
        return [[float(len(t)), 2.0] for t in texts]

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(["p:" + t for t in texts])
        return [[0.0, 3.0] for _ in texts]


@pytest.mark.parametrize("query", ["what does the user like?", "用户喜欢什么？"])
def test_a_repeated_query_is_embedded_once_zh_and_en(query: str) -> None:
    inner = CountingEmbedder()
    cached = CachedQueryEmbedder(inner, size=8)
    first = cached.embed_query([query])
    # Whitespace runs normalise to the same key.
    again = cached.embed_query(["  " + query.replace(" ", "   ") + " "])
    assert first == again == [[float(len(query)), 2.0]]
    assert len(inner.calls) == 1 and (cached.hits, cached.misses) == (1, 1)


def test_only_the_misses_of_a_batch_reach_the_model_in_order() -> None:
    inner = CountingEmbedder()
    cached = CachedQueryEmbedder(inner, size=8)
    cached.embed_query(["a"])
    out = cached.embed_query(["bb", "a", "ccc", "bb"])
    assert out == [[2.0, 2.0], [1.0, 2.0], [3.0, 2.0], [2.0, 2.0]]
    assert inner.calls == [["q:a"], ["q:bb", "q:ccc"]]


def test_passages_pass_through_and_the_bound_evicts_least_recent() -> None:
    inner = CountingEmbedder()
    cached = CachedQueryEmbedder(inner, size=2)
    cached.embed_passages(["a", "bb"])
    cached.embed_passages(["a", "bb"])
    assert len(inner.calls) == 2  # passages are never cached
    for text in ("x", "y", "x", "z", "x", "y"):
        cached.embed_query([text])
    # x, y miss; x hits; z evicts y; x hits; y misses again.
    assert (cached.hits, cached.misses) == (2, 4)
    assert cached.dimensions == 2 and cached.model_id == "counting" and cached.cosine_floor == 0.0


def test_a_caller_cannot_corrupt_the_cache() -> None:
    cached = CachedQueryEmbedder(CountingEmbedder(), size=4)
    vector = cached.embed_query(["hello"])[0]
    vector[0] = 99.0
    assert cached.embed_query(["hello"])[0] == [5.0, 2.0]


def test_zero_size_is_refused() -> None:
    with pytest.raises(ValueError):
        CachedQueryEmbedder(CountingEmbedder(), size=0)
