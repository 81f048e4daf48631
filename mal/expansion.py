"""The graph stage of a search: find memories the vector search missed, through the entities they
share with its top hits and with the question, and fuse them into its ranking.

"Vectors first, then the graph": the vector stage's order gives the seeds (its top
`expand_seeds` hits, weighted 1/(1 + rank)); the store answers one bounded query
(`MemoryReader.expand`, adapters/neo4j_cypher_expand.py) with memories scored by the
specificity of what they share; the two lists are fused by reciprocal rank, the expansion list
weighted `expand_weight`, on the vector list's 0..1 scale (its best hit is 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from mal.ports import MemoryReader
from mal.recipes import SearchRecipe
from mal.records import Expansion
from mal.scope import SubjectScope
from parsers.entities import query_names

__all__ = ["RRF_K", "expand", "fuse"]

RRF_K = 60  # the usual reciprocal-rank constant (and Weaviate's ranked fusion's)


def expand(
    graph: MemoryReader, scope: SubjectScope, query: str, lang: str, order: Sequence[str], cfg: SearchRecipe
) -> list[tuple[str, float]]:
    """(memory id, expansion score), best first: the store's one expansion query."""
    seeds = tuple((memory_id, 1.0 / (1 + rank)) for rank, memory_id in enumerate(order[: cfg.expand_seeds]))
    request = Expansion(
        seeds=seeds,
        names=tuple(query_names(query, lang)),
        statuses=tuple(cfg.statuses),
        limit=cfg.expand_limit,
        max_df=cfg.expand_max_df,
        topic_weight=cfg.expand_topic_weight,
        neighbour_weight=cfg.expand_neighbour_weight,
    )
    return graph.expand(scope.subject, request)


def fuse(relevance: dict[str, float], expanded: Sequence[tuple[str, float]], weight: float) -> dict[str, float]:
    """Vector relevance (0..1, best = 1) plus `weight` x (K + 1) / (K + 1 + rank) for each expansion
    hit: reciprocal-rank fusion on the vector list's scale (with ranked fusion upstream the vector
    relevance is itself (K + 1) / (K + 1 + rank)-like). Rescaled so the best is 1 again."""
    fused = dict(relevance)
    for rank, (memory_id, _) in enumerate(expanded):
        fused[memory_id] = fused.get(memory_id, 0.0) + weight * (RRF_K + 1) / (RRF_K + 1 + rank)
    top = max(fused.values(), default=0.0) or 1.0
    return {memory_id: value / top for memory_id, value in fused.items()}
