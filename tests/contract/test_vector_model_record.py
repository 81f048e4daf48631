"""VectorStore contract, second part: the embedding-model record and the listings `mal reindex`
walks. The real side runs on a collection of its own, so changing the record cannot disturb the
service's collection that other tests use."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest

from adapters.memory import HashEmbedder, InMemoryVectorStore
from mal.records import EmbeddingRecord
from tests.contract.conftest import PARAMS, memory

EMB = HashEmbedder(384)


@pytest.fixture(params=PARAMS)
def store(request: pytest.FixtureRequest) -> Iterator[Any]:
    if request.param == "fake":
        yield InMemoryVectorStore()
        return
    from adapters.weaviate_vectors import WeaviateVectorStore

    w = request.getfixturevalue("container").settings.weaviate
    name = "ContractRecord" + secrets.token_hex(4)
    vectors = WeaviateVectorStore(w.host, w.http_port, w.grpc_port, w.api_key.get_secret_value(), name)
    vectors.ensure_schema()
    try:
        yield vectors
    finally:
        vectors._client.collections.delete(name)
        vectors.close()


def test_the_model_record_round_trips(store: Any) -> None:
    assert store.model_record() is None
    store.set_model_record(EmbeddingRecord("model-a", 384, reindexing_to="model-b"))
    assert store.model_record() == EmbeddingRecord("model-a", 384, "model-b")
    store.set_model_record(EmbeddingRecord("model-b", 384))
    assert store.model_record() == EmbeddingRecord("model-b", 384)


def test_subjects_and_ids_list_what_is_indexed(store: Any) -> None:
    one, two = secrets.token_hex(32), secrets.token_hex(32)
    assert store.subjects_with_vectors() == []
    stored = [memory("likes tea"), memory("budget 500", kind="budget")]
    for m in stored:
        store.upsert(one, m, EMB.embed_passages([m.summary])[0])
    store.upsert(two, memory("我家狗叫豆豆"), EMB.embed_passages(["我家狗叫豆豆"])[0])
    assert store.subjects_with_vectors() == sorted([one, two])
    assert store.ids(one) == sorted(m.id for m in stored)
    assert store.ids(secrets.token_hex(32)) == []
    store.erase_subject(two)
    assert store.subjects_with_vectors() == [one]
