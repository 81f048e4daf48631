"""Read path: embed the query, hybrid search in the subject's Weaviate tenant, then one Cypher
query by ids for slots, entities and related memories, ranked, with per-stage timings.

Search recipes are data (`mal.recipes`), interpreted by `Retriever.search` only.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import parsers
from mal.access import AccessRecorder
from mal.errors import InvalidInput
from mal.expansion import expand, fuse
from mal.models import GraphHit, Memory
from mal.ports import Clock, Embedder, GraphStore, VectorStore
from mal.recipes import RECIPES, SearchRecipe, recipe
from mal.scope import SubjectScope
from mal.settings import LifecycleSettings
from mal.timeaware import time_factor, time_intent
from mal.weights import effective_weight

__all__ = ["PRESETS", "RetrievalConfig", "Retriever", "SearchHit", "SearchResult"]


# The recipe model and its presets live in mal/recipes.py; the old names stay for callers.
RetrievalConfig = SearchRecipe
PRESETS = RECIPES


SUPERSEDED_HINT = "superseded: a later memory replaces this one"


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
        if preset not in RECIPES:
            raise ValueError(f"unknown retrieval preset {preset!r}; known: {sorted(RECIPES)}")
        self._graph = graph
        self._vectors = vectors
        self._embedder = embedder
        self._clock = clock
        self._lifecycle = lifecycle
        self.config = RECIPES[preset]
        self._access = access or AccessRecorder(graph, background=False)

    def search(
        self,
        scope: SubjectScope,
        query: str,
        k: int | None = None,
        kinds: Sequence[str] | None = None,
        config: SearchRecipe | None = None,
        touch: bool = True,
        preset: str | None = None,
    ) -> SearchResult:
        cfg = config or (recipe(preset) if preset is not None else self.config)
        if not query.strip():
            raise InvalidInput("query must not be empty", field="query")
        k = k or cfg.k
        timings: dict[str, float] = {}
        started = time.perf_counter()
        vector = self._embedder.embed_query([query])[0]
        timings["embed"] = _ms(started)
        mark = time.perf_counter()
        lang = parsers.as_zh_or_en(parsers.detect_lang(query))
        alpha = (cfg.alpha_zh if lang == "zh" else cfg.alpha) if cfg.bm25 else 1.0
        hinted, constraints = parsers.query_hints(query)
        fetch = k * cfg.overfetch
        fusion, fields = cfg.fusion, cfg.fields_for(lang)
        candidates = self._vectors.search(
            scope.subject, query, vector, fetch, alpha, kinds, lang, fusion=fusion, fields=fields
        )
        routed = [h for h in hinted if not kinds or h in kinds]
        if routed and cfg.kind_routing and cfg.kind_boost > 0:
            # A question that names a kind ("我的预算", "my trip") must see that kind's memories even
            # when the English-only embedding ranks them low; one more filtered query fetches them.
            seen = {c.id for c in candidates}
            extra = self._vectors.search(
                scope.subject, query, vector, fetch, alpha, routed, lang, fusion=fusion, fields=fields
            )
            candidates += [c for c in extra if c.id not in seen]
        timings["vector"] = _ms(mark)
        # Fusion scores are on the store's scale (ranked fusion: ~1/60); rescale to the best
        # candidate so weight and kind boost act on a 0..1 relevance, order preserved.
        top = (max((c.score for c in candidates), default=0.0) or 1.0) if cfg.rescale else 1.0
        relevance = {c.id: max(c.score / top, 0.01) for c in candidates}
        if cfg.expand:
            mark = time.perf_counter()
            order = [c.id for c in sorted(candidates, key=lambda c: -c.score)]
            relevance = fuse(relevance, expand(self._graph, scope, query, lang, order, cfg), cfg.expand_weight)
            timings["expand"] = _ms(mark)
        mark = time.perf_counter()
        graph_hits = self._graph.by_ids(scope.subject, list(relevance), cfg.statuses, related=cfg.enrich)
        timings["graph"] = _ms(mark)
        now = self._clock.now()
        if cfg.constrain and constraints:
            graph_hits = [g for g in graph_hits if _satisfies(g.memory, constraints)]
        if cfg.time_aware:
            relevance = _timed(relevance, graph_hits, time_intent(query, lang, now), cfg.time_boost)
        hits = [self._hit(g, relevance.get(g.memory.id, 0.0), now, cfg, hinted) for g in graph_hits]
        hits = [h for h in hits if h.score >= cfg.min_score]
        hits.sort(key=lambda h: h.score, reverse=True)
        hits = hits[:k]
        if touch and hits:
            self._access.record(scope.subject, [h.memory.id for h in hits], now)
        timings["total"] = _ms(started)
        return SearchResult(hits, timings)

    def _hit(self, g: GraphHit, relevance: float, now: Any, cfg: SearchRecipe, hinted: Sequence[str]) -> SearchHit:
        """The one ranking formula: (relevance x weight factor + kind boost) x supersession."""
        weight = effective_weight(g.memory, now, self._lifecycle)
        score = relevance * ((1 - cfg.weight_influence) + cfg.weight_influence * min(weight, 1.0))
        if g.memory.kind in hinted:
            score += cfg.kind_boost
        hints: list[str] = []
        if g.memory.valid_to is not None and g.memory.valid_to <= now:
            # superseded by a correction, or an episode a later fact restated: the newer memory wins.
            # The wording holds for both (an agent told "the user corrected this" about a restated
            # episode would ask about a change that never happened).
            score *= cfg.superseded_factor
            hints.append(SUPERSEDED_HINT)
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


def _timed(relevance: dict[str, float], hits: list[GraphHit], intent: Any, boost: float) -> dict[str, float]:
    """Relevance times how well each memory's time fits the question (mal/timeaware.py)."""
    if not intent.any:
        return relevance
    dated = sorted((g.memory.valid_from, g.memory.id) for g in hits if g.memory.valid_from is not None)
    place = {memory_id: i / max(len(dated) - 1, 1) for i, (_, memory_id) in enumerate(dated)}
    return {
        g.memory.id: relevance.get(g.memory.id, 0.0) * time_factor(g.memory, intent, boost, place.get(g.memory.id))
        for g in hits
    }


def _satisfies(memory: Memory, constraints: dict[str, str]) -> bool:
    """A memory that states a different value for a constrained slot is not about this question."""
    return all(memory.slots.get(slot) in (None, value) for slot, value in constraints.items())


def _ms(since: float) -> float:
    return round((time.perf_counter() - since) * 1000, 2)
