"""Read-path trims (issue #13): the context builder asks the graph hop for the hits only, and the
same memories come back as with the full hop."""

from __future__ import annotations

from typing import Any

import pytest

from tests.unit.fakes import fake_container, new_scope, write


@pytest.mark.parametrize(
    ("texts", "query"),
    [
        (["我计划下个月去东京旅行", "下个月的东京旅行要记得买机票", "我妈妈有高血压"], "东京旅行"),
        (["I plan a trip to Tokyo next month", "remind me to book the Tokyo flight", "I prefer Python"], "Tokyo trip"),
    ],
    ids=["zh", "en"],
)
def test_context_skips_related_memories_and_keeps_the_same_hits(
    texts: list[str], query: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", *texts)
    asked: list[bool] = []
    real = c.adapters.graph.by_ids

    def spy(subject: str, ids: Any, statuses: Any, related: bool = True) -> Any:
        asked.append(related)
        return real(subject, ids, statuses, related=related)

    monkeypatch.setattr(c.adapters.graph, "by_ids", spy)
    full = [h.memory.id for h in c.retriever.search(scope, query, k=5, touch=False).hits]
    built = c.context.build(scope, query, max_memories=5, max_recent_turns=0, lang=None)
    assert asked == [True, False]
    assert built.memory_ids == full and full
