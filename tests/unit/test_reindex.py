"""One embedding model per index, on the fakes: the start-up check, the refusal to start, and
`mal reindex` (resumable per subject, orphans dropped, the new model recorded at the end)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from adapters.memory import HashEmbedder
from mal.api.app import create_app
from mal.bootstrap import Container
from mal.errors import ModelMismatch
from mal.ports import on_scale
from mal.records import EmbeddingRecord
from mal.reindex import LEGACY_MODEL, Reindexer, check_model
from tests.unit.fakes import fake_container, fake_settings, new_scope, write


class FailingEmbedder(HashEmbedder):
    """Dies on the n-th passage batch: what an interrupted reindex looks like."""

    def __init__(self, model_id: str, fail_at: int) -> None:
        super().__init__(model_id=model_id)
        self.batches = 0
        self.fail_at = fail_at

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        self.batches += 1
        if self.batches == self.fail_at:
            raise KeyboardInterrupt
        return super().embed_passages(texts)


def _two_subjects(c: Container) -> list[str]:
    subjects = []
    for text in ("I prefer Python", "我喜欢喝绿茶"):
        scope = new_scope()
        write(c, scope, "s1", text, "My budget is 500 dollars")
        subjects.append(scope.subject)
    return subjects


def test_an_empty_index_records_the_configured_model() -> None:
    c = fake_container()
    check_model(c.adapters.vectors, c.adapters.embedder)
    assert c.adapters.vectors.model_record() == EmbeddingRecord("hash-256", 256)


def test_an_index_without_a_record_but_with_vectors_is_taken_as_minilm() -> None:
    c = fake_container()
    _two_subjects(c)
    with pytest.raises(ModelMismatch) as caught:
        check_model(c.adapters.vectors, c.adapters.embedder)
    message = str(caught.value)
    assert LEGACY_MODEL.model in message and "hash-256" in message and "mal reindex" in message
    assert caught.value.status_code == 503


def test_the_service_refuses_to_start_with_another_model() -> None:
    settings = fake_settings()
    c = fake_container(settings)
    c.adapters.vectors.set_model_record(EmbeddingRecord("intfloat/multilingual-e5-small", 384))
    app = create_app(settings, container_factory=lambda _: c, warm=False)
    with pytest.raises(ModelMismatch, match=r"multilingual-e5-small.*hash-256.*mal reindex"), TestClient(app):
        pass


def test_the_service_starts_with_its_own_model_and_records_it() -> None:
    settings = fake_settings()
    c = fake_container(settings)
    with TestClient(create_app(settings, container_factory=lambda _: c, warm=False)) as client:
        assert client.get("/readyz").status_code == 200
    assert c.adapters.vectors.model_record() == EmbeddingRecord("hash-256", 256)


def test_reindex_moves_every_subject_and_records_the_new_model(tmp_path: Path) -> None:
    c = fake_container()
    c.adapters.vectors.set_model_record(EmbeddingRecord("old-model", 256))
    subjects = _two_subjects(c)
    new = HashEmbedder(model_id="new-model")
    summary = Reindexer(c.adapters.graph, c.adapters.vectors, new, tmp_path).run()
    assert summary.finished and summary.subjects == 2 and summary.memories == 4 and summary.model_from == "old-model"
    assert c.adapters.vectors.model_record() == EmbeddingRecord("new-model", 256)
    assert not list(tmp_path.iterdir())  # the checkpoint goes once the reindex is finished
    check_model(c.adapters.vectors, new)  # the service may start with the new model now
    assert all(c.adapters.vectors.count_subject(s) == 2 for s in subjects)


def test_an_interrupted_reindex_blocks_both_models_and_resumes_per_subject(tmp_path: Path) -> None:
    c = fake_container()
    c.adapters.vectors.set_model_record(EmbeddingRecord("old-model", 256))
    _two_subjects(c)
    dying = FailingEmbedder("new-model", fail_at=2)  # the second subject's batch
    with pytest.raises(KeyboardInterrupt):
        Reindexer(c.adapters.graph, c.adapters.vectors, dying, tmp_path).run()
    record = c.adapters.vectors.model_record()
    assert record == EmbeddingRecord("old-model", 256, reindexing_to="new-model")
    for model in ("old-model", "new-model"):
        with pytest.raises(ModelMismatch, match="unfinished"):
            check_model(c.adapters.vectors, HashEmbedder(model_id=model))
    again = FailingEmbedder("new-model", fail_at=0)
    summary = Reindexer(c.adapters.graph, c.adapters.vectors, again, tmp_path).run()
    assert summary.finished and summary.skipped_subjects == 1 and summary.subjects == 1
    assert again.batches == 1  # only the subject the first run had not finished
    assert c.adapters.vectors.model_record() == EmbeddingRecord("new-model", 256)


def test_reindex_drops_vectors_whose_memory_the_graph_lost(tmp_path: Path) -> None:
    c = fake_container()
    c.adapters.vectors.set_model_record(EmbeddingRecord("old-model", 256))
    subject = _two_subjects(c)[0]
    orphan = c.adapters.vectors.ids(subject)[0]
    c.adapters.graph.delete(subject, orphan)
    summary = Reindexer(c.adapters.graph, c.adapters.vectors, HashEmbedder(model_id="new"), tmp_path).run()
    assert summary.orphans_deleted == 1 and orphan not in c.adapters.vectors.ids(subject)


def test_reindex_refuses_other_dimensions(tmp_path: Path) -> None:
    c = fake_container()
    c.adapters.vectors.set_model_record(EmbeddingRecord("old-model", 256))
    _two_subjects(c)
    with pytest.raises(ValueError, match=r"128-dimensional.*MAL_WEAVIATE__COLLECTION"):
        Reindexer(c.adapters.graph, c.adapters.vectors, HashEmbedder(128, "small"), tmp_path).run()
    assert c.adapters.vectors.model_record() == EmbeddingRecord("old-model", 256)  # untouched


def test_reindex_with_the_same_model_has_nothing_to_do(tmp_path: Path) -> None:
    c = fake_container()
    _two_subjects(c)
    c.adapters.vectors.set_model_record(EmbeddingRecord("hash-256", 256))
    summary = Reindexer(c.adapters.graph, c.adapters.vectors, c.adapters.embedder, tmp_path).run()
    assert summary.finished and summary.memories == 0


def test_thresholds_move_onto_a_compressed_cosine_scale() -> None:
    flat = HashEmbedder()
    assert on_scale(0.35, flat) == 0.35
    flat.cosine_floor = 0.7
    assert on_scale(0.35, flat) == pytest.approx(0.805) and on_scale(1.0, flat) == 1.0


def test_a_check_deferred_by_an_outage_runs_in_readyz() -> None:
    settings = fake_settings()
    c = fake_container(settings)
    c.adapters.vectors.set_model_record(EmbeddingRecord("another-model", 256))
    c.adapters.vectors.down = True  # Weaviate down at start-up: the service starts, not ready
    with TestClient(create_app(settings, container_factory=lambda _: c, warm=False)) as client:
        assert c.model_check_deferred
        c.adapters.vectors.down = False
        body = client.get("/readyz").json()
        assert client.get("/readyz").status_code == 503
        assert "another-model" in str(body) and "mal reindex" in str(body)
