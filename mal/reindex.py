"""One embedding model per index: the start-up check, and `mal reindex`, which moves every stored
vector to the configured model.

Vectors of two models live in unrelated spaces: a query embedded by one model finds nothing
meaningful among vectors of another, silently. So the vector store records which model made its
vectors (`EmbeddingRecord`), the service refuses to start when the configured model differs, and
`mal reindex` re-embeds every memory from its graph record (the graph is the source of truth; the
vector store only indexes it), subject by subject.

Resumable: each finished subject is appended to a checkpoint file under the data directory (one
per target model), so an interrupted run skips what it already did. A subject interrupted half-way
is simply done again (re-embedding is idempotent). While a reindex is under way the record says
so (`reindexing_to`), and the service refuses to start with either model until it is finished.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mal.capture_plan import embed_text
from mal.checkpoints import SubjectCheckpoint
from mal.errors import ModelMismatch
from mal.models import MemoryStatus, SubjectKey
from mal.ports import Embedder, MemoryReader, VectorStore
from mal.records import EmbeddingRecord

__all__ = ["LEGACY_MODEL", "ReindexSummary", "Reindexer", "check_model"]

# Every index made before the record existed was made by the then-default all-MiniLM-L6-v2.
LEGACY_MODEL = EmbeddingRecord("sentence-transformers/all-MiniLM-L6-v2", 384)
BATCH = 64
_ALL_STATUSES = [s.value for s in MemoryStatus]


def current_record(embedder: Embedder) -> EmbeddingRecord:
    embedder.ready()  # a sentence-transformers model knows its dimensions only once loaded
    return EmbeddingRecord(embedder.model_id, embedder.dimensions)


def stored_record(vectors: VectorStore) -> EmbeddingRecord | None:
    """The record, or the legacy model for an index that has vectors but predates records."""
    record = vectors.model_record()
    if record is None and vectors.subjects_with_vectors():
        return LEGACY_MODEL
    return record


def check_model(vectors: VectorStore, embedder: Embedder) -> EmbeddingRecord:
    """Refuse an index made by another model; record the model on an index that has none yet."""
    current = current_record(embedder)
    stored = stored_record(vectors)
    if stored is None:
        vectors.set_model_record(current)
        return current
    if stored.reindexing_to or stored.model != current.model:
        raise ModelMismatch(stored.model, current.model, stored.reindexing_to)
    if vectors.model_record() is None:
        vectors.set_model_record(stored)  # a legacy index served by its own model: write it down
    return stored


@dataclass
class ReindexSummary:
    model_from: str | None
    model_to: str
    subjects: int = 0
    skipped_subjects: int = 0  # done by an earlier, interrupted run
    memories: int = 0
    orphans_deleted: int = 0  # vectors whose memory the graph no longer has
    finished: bool = False

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


class Reindexer:
    def __init__(self, graph: MemoryReader, vectors: VectorStore, embedder: Embedder, checkpoint_dir: Path) -> None:
        self._graph = graph
        self._vectors = vectors
        self._embedder = embedder
        self._dir = checkpoint_dir

    def checkpoint(self, model: str) -> Path:
        return SubjectCheckpoint(self._dir, model).path

    def run(self, only: Iterable[SubjectKey] | None = None, progress: bool = False) -> ReindexSummary:
        """Re-embed every subject (or only these) with the configured model. With every subject
        done, the record names the new model and the checkpoint is removed."""
        target = current_record(self._embedder)
        stored = stored_record(self._vectors)
        summary = ReindexSummary(stored.model if stored else None, target.model)
        if stored is not None and stored.dimensions != target.dimensions:
            raise ValueError(
                f"{target.model!r} makes {target.dimensions}-dimensional vectors, the index holds "
                f"{stored.dimensions}: configure a new MAL_WEAVIATE__COLLECTION and write the memories again"
            )
        if stored is not None and stored.model == target.model and not stored.reindexing_to and only is None:
            summary.finished = True
            return summary  # nothing to move
        if stored is not None and stored.model != target.model:
            self._vectors.set_model_record(EmbeddingRecord(stored.model, stored.dimensions, target.model))
        done = SubjectCheckpoint(self._dir, target.model)
        everyone = self._vectors.subjects_with_vectors()
        wanted = list(only) if only is not None else everyone
        bar = _bar(len(wanted)) if progress else None
        for subject in wanted:
            if subject in done:
                summary.skipped_subjects += 1
            else:
                self._subject(subject, summary)
                done.finish(subject)
                summary.subjects += 1
            if bar is not None:
                bar.update(1)
                bar.set_postfix(memories=summary.memories)
        if bar is not None:
            bar.close()
        if done.covers(everyone):
            self._vectors.set_model_record(target)
            done.path.unlink(missing_ok=True)
            summary.finished = True
        return summary

    def _subject(self, subject: SubjectKey, summary: ReindexSummary) -> None:
        ids = self._vectors.ids(subject)
        for start in range(0, len(ids), BATCH):
            batch = ids[start : start + BATCH]
            memories = {h.memory.id: h.memory for h in self._graph.by_ids(subject, batch, _ALL_STATUSES)}
            orphans = [i for i in batch if i not in memories]
            if orphans:
                self._vectors.delete(subject, orphans)
                summary.orphans_deleted += len(orphans)
            found = [memories[i] for i in batch if i in memories]
            vectors = self._embedder.embed_passages([embed_text(m) for m in found])
            for memory, vector in zip(found, vectors, strict=True):
                self._vectors.upsert(subject, memory, vector)
            summary.memories += len(found)


def _bar(total: int) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc="reindex", unit="subject")
