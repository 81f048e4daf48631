"""Embedder contract: what dedup and search assume of any embedder, fake or packaged model."""

from __future__ import annotations

import math
from typing import Any


def _cos(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def test_vectors_are_normalised_batched_and_deterministic(embedder: Any) -> None:
    texts = ["The user prefers Python", "我家狗叫豆豆", ""]
    first = embedder.embed(texts)
    assert len(first) == 3 and all(len(v) == embedder.dimensions for v in first)
    assert all(abs(math.sqrt(sum(x * x for x in v)) - 1.0) < 1e-3 for v in first[:2])
    again = embedder.embed(texts[:1])
    assert _cos(first[0], again[0]) > 0.999
    assert embedder.embed([]) == []


def test_related_text_is_closer_than_unrelated(embedder: Any) -> None:
    a, b, c = embedder.embed(["I like green tea", "I really like green tea", "Flight to Tokyo on Monday"])
    assert _cos(a, b) > _cos(a, c)
