"""Read path: embed the query, hybrid search in the subject's Weaviate tenant, then one Cypher
query by ids for slots, entities and related memories, ranked, with per-stage timings.

Retrieval settings are data (`RetrievalConfig` presets) interpreted by `Retriever.search` only.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

import parsers
from mal.access import AccessRecorder
from mal.errors import InvalidInput
from mal.models import SEARCHABLE, GraphHit, Memory
from mal.ports import Clock, Embedder, GraphStore, VectorStore
from mal.scope import SubjectScope
from mal.settings import LifecycleSettings
from mal.weights import effective_weight

__all__ = ["PRESETS", "RetrievalConfig", "Retriever", "SearchHit", "SearchResult"]


class RetrievalConfig(BaseModel):
    k: int = Field(default=3, ge=1, le=50)
    alpha: float = Field(default=0.5, ge=0, le=1)  # 1 = pure vector, 0 = pure BM25 (ranked fusion)
    # all-MiniLM-L6-v2 is an English model: Chinese questions lean on gse_ch BM25 instead.
    alpha_zh: float = Field(default=0.3, ge=0, le=1)
    overfetch: int = Field(default=3, ge=1, le=10)  # vector candidates = k x overfetch
    weight_influence: float = Field(default=0.2, ge=0, le=1)
    min_score: float = Field(default=0.0, ge=0, le=1)
    kind_boost: float = Field(default=1.0, ge=0, le=1)  # kinds the question names rank first ("预算", "trip")
    constrain: bool = True  # drop memories contradicting what the question states ("my mother")
    enrich: bool = True
    statuses: tuple[str, ...] = SEARCHABLE


PRESETS: dict[str, RetrievalConfig] = {
    "default": RetrievalConfig(),
    "precise": RetrievalConfig(alpha=0.8, overfetch=2, min_score=0.3),
    "broad": RetrievalConfig(alpha=0.5, overfetch=5),
    "lexical": RetrievalConfig(alpha=0.25, overfetch=3),
}


@dataclass
class SearchHit:
    memory: Memory
    score: float
    weight: float
    entities: list[dict[str, str]]
    hints: list[str]
    related: list[dict[str, Any]]


@dataclass
class SearchResult:
    hits: list[SearchHit]
    timings_ms: dict[str, float] = field(default_factory=dict)


class Retriever:
    def __init__(
        self,
        graph: GraphStore,
        vectors: VectorStore,
        embedder: Embedder,
        clock: Clock,
        lifecycle: LifecycleSettings,
        preset: str = "default",
        access: AccessRecorder | None = None,
    ) -> None:
        if preset not in PRESETS:
            raise ValueError(f"unknown retrieval preset {preset!r}; known: {sorted(PRESETS)}")
        self._graph = graph
        self._vectors = vectors
        self._embedder = embedder
        self._clock = clock
        self._lifecycle = lifecycle
        self.config = PRESETS[preset]
        self._access = access or AccessRecorder(graph, background=False)

    def search(
        self,
        scope: SubjectScope,
        query: str,
        k: int | None = None,
        kinds: Sequence[str] | None = None,
        config: RetrievalConfig | None = None,
        touch: bool = True,
    ) -> SearchResult:
        cfg = config or self.config
        if not query.strip():
            raise InvalidInput("query must not be empty", field="query")
        k = k or cfg.k
        timings: dict[str, float] = {}
        started = time.perf_counter()
        vector = self._embedder.embed([query])[0]
        timings["embed"] = _ms(started)
        mark = time.perf_counter()
        lang = parsers.as_zh_or_en(parsers.detect_lang(query))
        alpha = cfg.alpha_zh if lang == "zh" else cfg.alpha
        hinted, constraints = parsers.query_hints(query)
        candidates = self._vectors.search(scope.subject, query, vector, k * cfg.overfetch, alpha, kinds, lang)
        routed = [h for h in hinted if not kinds or h in kinds]
        if routed and cfg.kind_boost > 0:
            # A question that names a kind ("我的预算", "my trip") must see that kind's memories even
            # when the English-only embedding ranks them low; one more filtered query fetches them.
            seen = {c.id for c in candidates}
            extra = self._vectors.search(scope.subject, query, vector, k * cfg.overfetch, alpha, routed, lang)
            candidates += [c for c in extra if c.id not in seen]
        timings["vector"] = _ms(mark)
        mark = time.perf_counter()
        graph_hits = self._graph.by_ids(scope.subject, [c.id for c in candidates], cfg.statuses)
        timings["graph"] = _ms(mark)
        now = self._clock.now()
        # Fusion scores are on the store's scale (ranked fusion: ~1/60); rescale to the best
        # candidate so weight and kind boost act on a 0..1 relevance, order preserved.
        top = max((c.score for c in candidates), default=0.0) or 1.0
        relevance = {c.id: max(c.score / top, 0.01) for c in candidates}
        if cfg.constrain and constraints:
            graph_hits = [g for g in graph_hits if _satisfies(g.memory, constraints)]
        hits = [self._hit(g, relevance.get(g.memory.id, 0.0), now, cfg, hinted) for g in graph_hits]
        hits = [h for h in hits if h.score >= cfg.min_score]
        hits.sort(key=lambda h: h.score, reverse=True)
        hits = hits[:k]
        if touch and hits:
            self._access.record(scope.subject, [h.memory.id for h in hits], now)
        timings["total"] = _ms(started)
        return SearchResult(hits, timings)

    def _hit(self, g: GraphHit, relevance: float, now: Any, cfg: RetrievalConfig, hinted: Sequence[str]) -> SearchHit:
        """The one ranking formula: (relevance x weight factor + kind boost) x supersession."""
        weight = effective_weight(g.memory, now, self._lifecycle)
        score = relevance * ((1 - cfg.weight_influence) + cfg.weight_influence * min(weight, 1.0))
        if g.memory.kind in hinted:
            score += cfg.kind_boost
        hints: list[str] = []
        if g.memory.valid_to is not None and g.memory.valid_to <= now:
            score *= 0.5  # superseded by a correction: the new value wins
            hints.append("superseded: the user corrected this later")
        if g.memory.status.value == "disputed":
            hints.append("disputed: confirm with the user before relying on it")
        if cfg.enrich:
            for other in g.related:
                if other.get("pending"):
                    hints.append(f"pending: {other.get('summary')}")
        return SearchHit(
            memory=g.memory,
            score=round(score, 4),
            weight=round(weight, 4),
            entities=[e.model_dump() for e in g.entities],
            hints=hints,
            related=g.related if cfg.enrich else [],
        )


def _satisfies(memory: Memory, constraints: dict[str, str]) -> bool:
    """A memory that states a different value for a constrained slot is not about this question."""
    return all(memory.slots.get(slot) in (None, value) for slot, value in constraints.items())


def _ms(since: float) -> float:
    return round((time.perf_counter() - since) * 1000, 2)
