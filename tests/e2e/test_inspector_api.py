"""The inspector's endpoints against the real stack (Neo4j, Weaviate, S3), zh and en."""

from __future__ import annotations

import secrets

import pytest
from fastapi.testclient import TestClient

from tests.e2e.conftest import Agent

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("first", "second"),
    [("我住在北京", "我住在上海"), ("My budget is under 500 dollars", "My budget is under 800 dollars")],
)
def test_dispute_answers_on_the_real_stores(agent: Agent, first: str, second: str) -> None:
    old_id = agent.write("s1", first)["memories"][0]["id"]
    disputed = agent.write("s2", second)["memories"][0]
    assert disputed["action"] == "disputed"
    page = agent.client.get("/v1/subjects/memories", headers=agent.headers).json()
    by_id = {m["id"]: m for m in page["items"]}
    assert [r["id"] for r in by_id[disputed["id"]]["contradicts"]] == [old_id]
    rejected = agent.post(f"/v1/memories/{disputed['id']}/resolve", {"answer": "reject"})
    assert rejected == {"memory": None, "demoted": []}
    assert agent.client.get(f"/v1/memories/{disputed['id']}", headers=agent.headers).status_code == 404
    assert disputed["id"] not in {h["id"] for h in agent.search(second, k=5)}
    # Ask again, confirm this time: the new value is active, the old one demoted (x0.3, valid_to set).
    again = agent.write("s3", second)["memories"][0]
    assert again["action"] == "disputed"
    confirmed = agent.post(f"/v1/memories/{again['id']}/resolve", {"answer": "confirm"})
    assert confirmed["memory"]["status"] == "active" and confirmed["demoted"] == [old_id]
    weights = {
        m["id"]: m["weight_now"]
        for m in agent.client.get("/v1/subjects/memories", headers=agent.headers).json()["items"]
    }
    assert weights[old_id] == pytest.approx(0.3, abs=0.01) and weights[again["id"]] == pytest.approx(1.0, abs=0.01)


def test_graph_and_exports_on_the_real_stores(client: TestClient, keys: dict[str, str]) -> None:
    agent = Agent(client, keys["agent_a"], "lilei-" + secrets.token_hex(4))  # a Chinese id: test_ui_browser.py
    agent.write("s1", "我妈妈有高血压", "I live in Beijing")
    quads = client.get("/v1/subjects/graph", headers=agent.headers).json()["quadruples"]
    assert {("HAS_FAMILY_HISTORY", "高血压"), ("HAS_PROFILE", "Beijing")} <= {
        (q["relation"], q["entity"]) for q in quads
    }
    auditor = {**agent.headers, "Authorization": f"Bearer {keys['auditor_a']}"}
    made = client.post("/v1/subjects/export", headers=auditor).json()
    listed = client.get("/v1/subjects/exports", headers=auditor).json()["exports"]
    assert listed[0]["export_id"] == made["export_id"] and listed[0]["manifest"]["format"] == "mal-export/1"
    assert listed[0]["manifest"]["files"] == made["files"]
    assert client.get("/v1/subjects/exports", headers=agent.headers).status_code == 403
