"""One capture's writes as a few round trips instead of several per memory (issue #13).

A capture used to write each new memory to Weaviate, mark it indexed and append its audit line
before the next turn was looked at: about nine round trips per memory. `StagedWrites` holds those
three steps back and sends them at the end of the capture as one Weaviate batch insert, one
`UNWIND` that marks every new memory indexed, and one audit append. It also holds the capture's
reads done up front: the replay check of every candidate in one Neo4j read, and the dedup
nearest-neighbour query of every candidate (run concurrently, before anything is written).

Why the rules do not change:
- Until the flush, new memories are in Neo4j as `indexed=false` (invisible to reads, as before)
  but not yet in Weaviate. The one read of Weaviate the write rules make is the dedup nearest
  neighbour, so `nearest()` here merges the store's answer with the staged vectors of this
  capture (same kind, same cosine): a fact stated twice in one session is still reinforced. The
  same holds for the second search, for neighbours in another language (`dedup_search`).
- Up-front reads are only used when no turn of the capture forgets or bare-corrects anything, the
  only turns that change what a later candidate would read; those captures flush before such a
  turn and read live, as before.
- New memories are inserted in one Neo4j transaction per capture (`insert_many`: each claims its
  fact's fingerprint and is written unindexed, in order, as `insert_new` would). Until then they
  are pending: the dedup nearest neighbour sees their vectors, and any read that could see them
  (a conflict check of their kind's rules, the agreement check of a pending duplicate, a forget or
  a bare correction) sends them first. A pending memory whose fact another memory already owns is
  answered as a reinforcement of that owner after the transaction, as the unbatched path did.
- A failed capture writes its staged audit lines (best effort) before the rollback's, so the
  trail still says what was done and that it was undone; staged vectors are simply dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from mal import dedup, dedup_gate
from mal.capture_plan import Candidate
from mal.models import Memory, SubjectKey, VectorHit
from mal.ports import AuditLog, MemoryReader, MemoryWriter, VectorStore
from mal.records import AuditEvent
from mal.stages import Stages

__all__ = ["PendingInsert", "StagedWrites", "dedup_search", "read_ahead"]


@dataclass
class PendingInsert:
    """A new memory held back for the capture's one insert transaction (`MemoryWriter.insert_many`):
    `written` is the answer already given for it, corrected if another memory owns the fact."""

    candidate: Candidate
    fingerprints: tuple[str, ...]
    vector: list[float]
    written: WrittenAnswer
    audit: AuditEvent


class WrittenAnswer(Protocol):
    memory: Memory
    action: Any


@dataclass
class StagedWrites:
    vectors: list[tuple[Memory, list[float]]] = field(default_factory=list)
    inserts: list[PendingInsert] = field(default_factory=list)
    audit: list[AuditEvent] = field(default_factory=list)
    # Up-front reads (None: not prefetched, read live): candidate memory id -> its nearest hits,
    # and the replay check's answer keyed by memory id or write event.
    nearest_hits: dict[str, list[VectorHit]] | None = None
    # ... and the other-language search's, read with them (`dedup_search`; none when not run).
    other_hits: dict[str, list[VectorHit]] = field(default_factory=dict)
    prior: dict[str, Memory] | None = None
    # The graph records of the store's nearest hits above the dedup threshold, read in one
    # statement up front (the agreement check needs each; one read per hit was ~3 per candidate).
    neighbours: dict[str, Memory] = field(default_factory=dict)
    stages: Stages = field(default_factory=Stages)  # the capture's stage timings (mal/stages.py)
    # Memories whose variants a reinforcement changed (mal/variants.py), by id, as the store
    # returned them: their index entry is re-worded at the flush. `retexted`: ids sent (or tried),
    # which a failed capture's rollback re-words back (mal/journal.py).
    retext: dict[str, Memory] = field(default_factory=dict)
    retexted: set[str] = field(default_factory=set)

    def nearest(
        self,
        vectors: VectorStore,
        subject: SubjectKey,
        memory: Memory,
        vector: Sequence[float],
        k: int = 1,
        other_k: int = 0,
    ) -> list[VectorHit]:
        """What `dedup_search` would answer if the staged vectors were already in the store: the `k`
        nearest of the store's hits and the staged ones, and with `other_k` the `other_k` nearest
        of those in another language, merged by id, best cosine first."""
        if self.nearest_hits is not None and memory.id in self.nearest_hits:
            hits, other = list(self.nearest_hits[memory.id]), list(self.other_hits.get(memory.id, []))
        else:  # read live (not read ahead): one search after the other
            hits = dedup_search(vectors, subject, memory, vector, k)
            other = dedup_search(vectors, subject, memory, vector, other_k, other=True) if other_k else []
        pending = [(p.candidate.memory, p.vector) for p in self.inserts]
        others = [
            (m, v) for m, v in self.vectors + pending if dedup.comparable(m.kind, memory.kind) and m.id != memory.id
        ]
        # One matrix product, not a Python loop per staged vector: a 20-turn capture compares
        # every candidate with every earlier one (~200 cosines of 384 floats each).
        staged = [
            (m, VectorHit(id=m.id, score=cosine, vector_cosine=cosine))
            for (m, _), cosine in zip(others, _cosines(vector, [v for _, v in others]), strict=True)
        ]
        hits = _ranked([*hits, *(h for _, h in staged)])[:k]
        if not other_k:
            return hits
        excluded = dedup_gate.excluded_lang(memory)
        other = _ranked([*other, *(h for m, h in staged if m.lang != excluded)])[:other_k]
        seen = {h.id for h in hits}
        return _ranked([*hits, *(h for h in other if h.id not in seen)])

    def pending(self, memory_id: str) -> Memory | None:
        """A memory held back for the insert transaction (not in the graph yet), else None."""
        return next((p.candidate.memory for p in self.inserts if p.candidate.memory.id == memory_id), None)

    def flush(self, graph: MemoryWriter, audit: AuditLog, vectors: VectorStore, subject: SubjectKey) -> None:
        """Vectors first, then the graph makes them visible, then the trail: the order of the
        unbatched path, so a crash in between leaves what `repair()` already handles. Pending
        inserts must have gone out first (`WritePipeline._flush`)."""
        assert not self.inserts, "pending inserts are written before their vectors"
        if self.vectors:
            # A memory of this capture reinforced before its first write goes out with its variants.
            self.vectors = [(self.retext.pop(m.id, m), v) for m, v in self.vectors]
            with self.stages("weaviate_batch"):
                vectors.upsert_many(subject, self.vectors)
            with self.stages("mark_indexed"):
                graph.mark_indexed_many(subject, [m.id for m, _ in self.vectors])
            self.vectors = []
        if self.retext:
            # One PATCH per memory that gained a variant (no batch keeps a stored vector); only a
            # reinforcement with new words pays it, a plain restatement of known words does not.
            retext, self.retext = self.retext, {}
            with self.stages("weaviate_retext"):
                for memory in retext.values():
                    self.retexted.add(memory.id)
                    vectors.update_text(subject, memory)
        self.flush_audit(audit, subject)

    def flush_audit(self, audit: AuditLog, subject: SubjectKey) -> None:
        if self.audit:
            events, self.audit = self.audit, []
            with self.stages("audit"):
                audit.append_audits(subject, events)


def read_ahead(
    graph: MemoryReader,
    vectors: VectorStore,
    pool: Executor,
    subject: SubjectKey,
    candidates: Sequence[Candidate],
    staged: StagedWrites,
    k: int = 1,
    threshold: float = 0.0,
    other_k: int = 0,
) -> None:
    """The replay check of every candidate in one read, then the dedup neighbours of those that are
    not replays (`dedup_search`, both searches with `other_k`), side by side on `pool` (I/O-bound
    round trips; nothing is written in between), then the records of the neighbours at or above
    `threshold` in one read."""
    staged.prior = graph.prior_writes(subject, [c.memory.id for c in candidates], [c.event for c in candidates])
    fresh = [c for c in candidates if c.memory.id not in staged.prior and c.event not in staged.prior]
    searches = [(c, False) for c in fresh] + ([(c, True) for c in fresh] if other_k else [])

    def nearest(search: tuple[Candidate, bool]) -> list[VectorHit]:
        c, other = search
        return dedup_search(vectors, subject, c.memory, c.vector, other_k if other else k, other)

    found = list(pool.map(nearest, searches)) if len(searches) > 1 else [nearest(s) for s in searches]
    first, second = found[: len(fresh)], found[len(fresh) :]
    staged.nearest_hits = {c.memory.id: hits for c, hits in zip(fresh, first, strict=True)}
    staged.other_hits = {c.memory.id: hits for c, hits in zip(fresh, second, strict=True)} if other_k else {}
    close = list(dict.fromkeys(h.id for hits in found for h in hits if (h.vector_cosine or 0.0) >= threshold))
    staged.neighbours = graph.prior_writes(subject, close, []) if close else {}


def dedup_search(
    vectors: VectorStore, subject: SubjectKey, memory: Memory, vector: Sequence[float], k: int, other: bool = False
) -> list[VectorHit]:
    """The store's `k` nearest memories to a new `memory` that dedup may compare it with; `other`:
    only those in another language than it (mal/dedup_gate.py `excluded_lang`), which e5 ranks
    below the same-language memories on the topic, so the first search rarely holds them."""
    kind = dedup.search_kind(memory.kind)
    if not other:
        return list(vectors.nearest(subject, vector, k=k, kind=kind))
    return list(vectors.nearest(subject, vector, k=k, kind=kind, exclude_lang=dedup_gate.excluded_lang(memory)))


def _ranked(hits: Sequence[VectorHit]) -> list[VectorHit]:
    """Best cosine first."""
    return sorted(hits, key=lambda h: h.vector_cosine or 0.0, reverse=True)


def _cosines(query: Sequence[float], vectors: Sequence[Sequence[float]]) -> list[float]:
    """Cosine of `query` with each of `vectors` (0.0 where either has no length), in float64."""
    if not vectors:
        return []
    matrix = np.asarray(vectors, dtype=np.float64)
    q = np.asarray(query, dtype=np.float64)
    norms = np.linalg.norm(matrix, axis=1) * np.linalg.norm(q)
    dots = matrix @ q
    return [float(d / n) if n else 0.0 for d, n in zip(dots, norms, strict=True)]
