"""Search recipes as data (mal/recipes.py): what each preset changes, shown on the fakes, and the
per-request `preset` over HTTP (422 naming the field for an unknown one)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mal.api.app import create_app
from mal.errors import InvalidInput
from mal.recipes import BM25_FIELDS, RECIPES, SearchRecipe, recipe
from tests.unit.fakes import fake_container, fake_settings, new_scope, write


class Spy:
    """Wraps the fake vector store and records every search call's arguments."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self.calls: list[dict[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def search(self, subject, query, vector, k, alpha, kinds, lang="en", fusion="ranked", fields=None):  # type: ignore[no-untyped-def]
        self.calls.append({"k": k, "alpha": alpha, "kinds": kinds, "fusion": fusion, "fields": fields})
        return self._inner.search(subject, query, vector, k, alpha, kinds, lang, fusion=fusion, fields=fields)


@pytest.fixture
def spied() -> tuple[Any, Any, Spy]:
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", "I prefer Python", "my budget for the trip is at most $500", "我妈妈有高血压")
    spy = Spy(c.adapters.vectors)
    c.retriever._vectors = spy
    return c, scope, spy


def test_default_recipe_holds_what_the_adapter_and_code_used_to(spied: tuple[Any, Any, Spy]) -> None:
    c, scope, spy = spied
    c.retriever.search(scope, "what is my trip budget?")
    assert spy.calls[0] == {"k": 9, "alpha": 0.5, "kinds": None, "fusion": "ranked", "fields": BM25_FIELDS["en"]}
    assert "budget" in spy.calls[1]["kinds"]  # kind routing: the named kinds searched alone
    spy.calls.clear()
    c.retriever.search(scope, "我妈妈有什么病？")
    assert spy.calls[0]["alpha"] == 0.9 and spy.calls[0]["fields"] == BM25_FIELDS["zh"]  # e5 reads Chinese


def test_precise_fetches_less_leans_on_vectors_and_drops_weak_hits(spied: tuple[Any, Any, Spy]) -> None:
    c, scope, spy = spied
    c.retriever.search(scope, "Python", k=3, preset="precise")
    assert spy.calls[0]["k"] == 6 and spy.calls[0]["alpha"] == 0.8
    # min_score drops what scores under it: shown with a bar above the weaker hits' scores.
    default = c.retriever.search(scope, "Python", k=3)
    assert len(default.hits) == 3 and default.hits[0].score > default.hits[-1].score
    bar = (default.hits[0].score + default.hits[-1].score) / 2
    strict = RECIPES["precise"].model_copy(update={"min_score": min(bar, 1.0), "alpha": 0.5, "overfetch": 3})
    kept = c.retriever.search(scope, "Python", k=3, config=strict).hits
    assert 0 < len(kept) < 3 and all(h.score >= strict.min_score for h in kept)


def test_broad_fetches_more_candidates(spied: tuple[Any, Any, Spy]) -> None:
    c, scope, spy = spied
    c.retriever.search(scope, "Python", k=2, preset="broad")
    assert spy.calls[0]["k"] == 10 and spy.calls[0]["alpha"] == 0.5


def test_lexical_leans_on_bm25(spied: tuple[Any, Any, Spy]) -> None:
    c, scope, spy = spied
    c.retriever.search(scope, "Python", preset="lexical")
    assert spy.calls[0]["alpha"] == 0.25 and spy.calls[0]["k"] == 9


def test_recipe_fields_reach_the_store_and_change_the_ranking(spied: tuple[Any, Any, Spy]) -> None:
    c, scope, spy = spied
    custom = SearchRecipe(fusion="relative_score", kind_routing=False, rescale=False, bm25_fields={"en": ("text",)})
    ranked = c.retriever.search(scope, "what is my trip budget?", config=custom)
    assert [call["fusion"] for call in spy.calls] == ["relative_score"]  # no routed second query
    assert spy.calls[0]["fields"] == ("text",)
    # relative_score puts fusion scores on 0..1 already; without rescaling they are used as they are
    assert ranked.hits and ranked.hits[0].memory.kind == "budget"


def test_every_preset_is_tested_and_unknown_is_refused() -> None:
    assert set(RECIPES) == {"default", "precise", "broad", "lexical", "graph"}
    with pytest.raises(InvalidInput) as raised:
        recipe("fastest")
    assert raised.value.field == "preset"


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(fake_settings(), container_factory=fake_container, warm=False)) as c:
        yield c


def test_preset_per_request_over_http(client: TestClient) -> None:
    headers = {"Authorization": "Bearer agent-key-0123456789", "X-User-Id": "zhang-san"}
    turns = [{"role": "user", "content": t} for t in ("I prefer Python", "我喜欢喝绿茶")]
    assert client.post("/v1/memories", headers=headers, json={"session_id": "s1", "turns": turns}).status_code == 200
    for preset in RECIPES:
        r = client.post("/v1/memories/search", headers=headers, json={"query": "绿茶", "preset": preset})
        assert r.status_code == 200, (preset, r.text)
    r = client.post("/v1/memories/search", headers=headers, json={"query": "绿茶", "preset": "fastest"})
    assert r.status_code == 422
    body = r.json()
    assert body["error"] == "InvalidInput" and body["field"] == "preset" and "precise" in body["message"]
