"""`mal reindex` against the real stack: an index made by MiniLM is refused by a service configured
with the default model, a partial reindex blocks both models, the CLI resumes it subject by
subject, and afterwards the service starts and finds memories through the new vectors.

Runs on a Weaviate collection of its own (and a data directory of its own for the checkpoint), so
the service's collection, which other tests use, is never touched."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mal.bootstrap import Container, build
from mal.capture_plan import embed_text
from mal.cli import app
from mal.errors import ModelMismatch
from mal.records import EmbeddingRecord
from mal.reindex import LEGACY_MODEL
from mal.settings import EmbeddingSettings, Settings
from mal.writing import CaptureRequest
from tests.conftest import unique
from tests.unit.fakes import new_scope

pytestmark = pytest.mark.integration


def _container(settings: Settings, collection: str, data_dir: Path, embeddings: EmbeddingSettings) -> Container:
    weaviate = settings.weaviate.model_copy(update={"collection": collection})
    c = build(settings.model_copy(update={"weaviate": weaviate, "embeddings": embeddings, "data_dir": data_dir}))
    c.ensure_schema()
    return c


def test_reindex_moves_a_minilm_index_to_the_default_model(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    collection = "ReindexTest" + secrets.token_hex(4)
    old = _container(settings, collection, tmp_path, EmbeddingSettings(backend="sentence-transformers"))
    new = _container(settings, collection, tmp_path, EmbeddingSettings())
    try:
        old.check_embedding_model()
        assert old.adapters.vectors.model_record() == LEGACY_MODEL
        scopes = [new_scope(unique("t")), new_scope(unique("t"))]
        for scope, texts in zip(
            scopes,
            (["I prefer green tea", "My budget is 500 dollars"], ["我家狗叫豆豆", "我在深圳做产品经理"]),
            strict=True,
        ):
            turns = [{"role": "user", "content": t} for t in texts]
            old.writer.capture(scope, CaptureRequest(session_id="s1", turns=turns))  # type: ignore[arg-type]

        with pytest.raises(ModelMismatch) as caught:
            new.check_embedding_model()
        assert LEGACY_MODEL.model in str(caught.value) and new.adapters.embedder.model_id in str(caught.value)
        assert "mal reindex" in str(caught.value)

        partial = new.reindexer().run(only=[scopes[0].subject])  # an interrupted run, in effect
        assert not partial.finished and partial.subjects == 1
        record = new.adapters.vectors.model_record()
        assert record == EmbeddingRecord(LEGACY_MODEL.model, 384, new.adapters.embedder.model_id)
        with pytest.raises(ModelMismatch, match="unfinished"):
            old.check_embedding_model()

        monkeypatch.setenv("MAL_WEAVIATE__COLLECTION", collection)
        monkeypatch.setenv("MAL_DATA_DIR", str(tmp_path))
        monkeypatch.delenv("MAL_EMBEDDINGS__BACKEND", raising=False)
        result = CliRunner().invoke(app, ["reindex"])
        assert result.exit_code == 0, result.output
        summary = json.loads(result.output[result.output.index("{") :])
        assert summary["finished"] and summary["skipped_subjects"] == 1 and summary["subjects"] == 1
        assert summary["memories"] >= 2 and summary["model_to"] == new.adapters.embedder.model_id

        new.check_embedding_model()  # the service may start now
        assert new.adapters.vectors.model_record() == EmbeddingRecord(new.adapters.embedder.model_id, 384)
        hits = new.retriever.search(scopes[1], "我的狗叫什么名字？", k=1, touch=False).hits
        assert hits and "豆豆" in hits[0].memory.text
        # A vector now is the new model's passage vector of what the write path embeds.
        memory = hits[0].memory
        (vector,) = new.adapters.embedder.embed_passages([embed_text(memory)])
        nearest = new.adapters.vectors.nearest(scopes[1].subject, vector, 1, None)
        assert nearest[0].id == memory.id and (nearest[0].vector_cosine or 0) > 0.99
    finally:
        old.adapters.vectors._client.collections.delete(collection)  # type: ignore[attr-defined]
        old.close()
        new.close()
