"""The parser's several facts per turn and its request class, through the API on the real stores."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Agent

pytestmark = pytest.mark.e2e


def test_a_turn_stores_each_of_its_facts_and_a_question_stores_nothing(agent: Agent) -> None:
    out = agent.write("s-facts", "我35岁，在深圳做产品经理", "My son is allergic to peanuts")
    facts = sorted((m["kind"], m["summary"]) for m in out["memories"])
    assert [k for k, _ in facts] == ["family_health", "profile", "profile", "profile"], facts
    listed = agent.client.get("/v1/memories", headers=agent.headers).json()
    assert listed["total"] == 4
    questions = agent.write("s-ask", "What's the capital of Australia?", "帮我把这段话翻译成英文")
    assert questions["memories"] == []
    assert agent.client.get("/v1/memories", headers=agent.headers).json()["total"] == 4
    hits = agent.search("我多大了？", k=5)
    assert any("35" in h["summary"] for h in hits), hits
