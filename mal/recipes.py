"""Search recipes as data: everything that decides how a search runs, one pydantic model per recipe,
named presets, interpreted by `Retriever.search` (mal/retrieval.py) and nothing else.

A recipe holds what used to be spread over the Weaviate adapter (fusion type, BM25 fields per
language) and the retriever's code (kind routing, score rescaling, the superseded penalty). A
request may pick a preset by name (`preset` in POST /v1/memories/search); the process default is
`MAL_RETRIEVAL_PRESET`. (graphiti's search_config_recipes.py is the model.)
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from mal.errors import InvalidInput
from mal.models import SEARCHABLE

__all__ = ["BM25_FIELDS", "RECIPES", "SearchRecipe", "recipe"]

# BM25 fields per query language: gse_ch on English text (and the summary copy of the same
# words) only adds noise (LoCoMo recall@5 of Weaviate BM25: 0.367 on all four, 0.41 on `text`).
BM25_FIELDS: dict[str, tuple[str, ...]] = {
    "en": ("text", "summary", "context^0.5"),
    "zh": ("text_zh", "summary_zh", "context_zh^0.5"),
}


class SearchRecipe(BaseModel):
    model_config = ConfigDict(frozen=True)

    k: int = Field(default=3, ge=1, le=50)
    alpha: float = Field(default=0.5, ge=0, le=1)  # 1 = pure vector, 0 = pure BM25
    # Chinese questions: with multilingual-e5 the dense ranking beats gse_ch BM25 on MemDaily, so
    # the hybrid leans on it (0.3 was right for the English-only MiniLM). Fitted on a MemDaily split
    # disjoint from the reported one (bench/results/zh_alpha_tuning.json, docs/benchmarks.md).
    alpha_zh: float = Field(default=0.9, ge=0, le=1)
    fusion: Literal["ranked", "relative_score"] = "ranked"  # how vector and BM25 lists are merged
    bm25_fields: dict[str, tuple[str, ...]] = Field(default_factory=lambda: dict(BM25_FIELDS))
    overfetch: int = Field(default=3, ge=1, le=10)  # vector candidates = k x overfetch
    kind_routing: bool = True  # a question naming a kind ("预算", "my trip") also searches that kind alone
    rescale: bool = True  # fusion scores divided by the best candidate's, so weights act on 0..1
    weight_influence: float = Field(default=0.2, ge=0, le=1)
    min_score: float = Field(default=0.0, ge=0, le=1)
    kind_boost: float = Field(default=1.0, ge=0, le=1)  # kinds the question names rank first
    superseded_factor: float = Field(default=0.5, ge=0, le=1)  # a corrected-away value ranks lower
    constrain: bool = True  # drop memories contradicting what the question states ("my mother")
    enrich: bool = True  # related memories and "pending:" hints from the graph hop
    statuses: tuple[str, ...] = SEARCHABLE
    # Stage switches (an ablation turns them off one by one; bench/ablation.py).
    bm25: bool = True  # off: vector search only (alpha forced to 1)
    expand: bool = False  # graph expansion through shared entities (mal/expansion.py)
    expand_seeds: int = Field(default=5, ge=0, le=20)  # top vector hits whose entities are expanded
    expand_limit: int = Field(default=30, ge=1, le=100)  # the Cypher LIMIT
    expand_weight: float = Field(default=0.5, ge=0, le=2)  # the expansion list's weight in the fusion
    expand_max_df: int = Field(default=40, ge=1, le=1000)  # entities in more memories are too generic
    expand_topic_weight: float = Field(default=0.5, ge=0, le=1)  # content words count less than names
    expand_neighbour_weight: float = Field(default=0.0, ge=0, le=2)  # a seed's turns before and after
    time_aware: bool = False  # "when" questions, time windows, first/last (mal/timeaware.py)
    time_boost: float = Field(default=0.3, ge=0, le=2)

    def fields_for(self, lang: str) -> tuple[str, ...] | None:
        return self.bm25_fields.get(lang)


RECIPES: dict[str, SearchRecipe] = {
    "default": SearchRecipe(),
    # Fewer, surer answers: lean on the embedding, fetch less, drop weak hits.
    "precise": SearchRecipe(alpha=0.8, overfetch=2, min_score=0.3),
    # More candidates for recall-oriented callers (summaries, long contexts).
    "broad": SearchRecipe(alpha=0.5, overfetch=5),
    # Keyword-heavy: names, numbers, rare words the embedding does not know.
    "lexical": SearchRecipe(alpha=0.25, alpha_zh=0.25, overfetch=3),
    # Vectors, then the graph: expansion through shared entities, and time-aware ranking.
    "graph": SearchRecipe(expand=True, time_aware=True),
}


def recipe(name: str) -> SearchRecipe:
    """The recipe called `name`; an unknown name is the caller's mistake (400/422 naming `preset`)."""
    try:
        return RECIPES[name]
    except KeyError:
        raise InvalidInput(f"unknown preset {name!r}; known: {', '.join(sorted(RECIPES))}", field="preset") from None
