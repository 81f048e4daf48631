"""PII at ingestion and the audit chain through the HTTP API on the real stack, zh and en apart."""

from __future__ import annotations

import json
import secrets

import pytest
from fastapi.testclient import TestClient

from mal.bootstrap import Container
from mal.settings import Settings
from tests.e2e.conftest import Agent

pytestmark = pytest.mark.integration

ID = "11010519491231002X"


@pytest.mark.parametrize(
    ("text", "raws", "placeholders"),
    [
        (f"我的预算是500元，电话13812345678，身份证{ID}", ["13812345678", ID], ["[PHONE]", "[ID_CARD]"]),
        # "email me at ..." states the user's own address: kept masked (a profile slot), not a placeholder
        ("My budget is 800 dollars, email me at ann.lee@example.org", ["ann.lee@example.org"], ["a***@example.org"]),
    ],
    ids=["zh", "en"],
)
def test_identifiers_never_reach_a_store(
    agent: Agent, container: Container, text: str, raws: list[str], placeholders: list[str]
) -> None:
    written = agent.write("s1", text)
    assert written["memories"]
    listed = agent.client.get("/v1/memories", headers=agent.headers).json()
    context = agent.context()
    hits = agent.search("budget 预算")
    ids = [m["id"] for m in written["memories"]]
    stored = container.adapters.graph.run_read_only("MATCH (m:Memory) WHERE m.id IN $ids RETURN m", {"ids": ids}, 50)
    seen = json.dumps([listed, context, hits, stored, written], ensure_ascii=False, default=str)
    for raw in raws:
        assert raw not in seen
    for placeholder in placeholders:
        assert placeholder in seen


def test_hash_policy_still_matches_the_same_value(client: TestClient, keys: dict[str, str]) -> None:
    hasher = Agent(client, keys["hash_a"], "user-" + secrets.token_hex(6))
    hasher.write("s1", "我的邮箱是 zhao.lei@example.cn，有事发邮件")
    stored = json.dumps(client.get("/v1/memories", headers=hasher.headers).json(), ensure_ascii=False)
    assert "zhao.lei@example.cn" not in stored and "[EMAIL#" in stored
    hits = hasher.search("ZHAO.LEI@example.cn 邮箱", k=3)  # another spelling of the same address
    assert hits and "[EMAIL#" in json.dumps(hits, ensure_ascii=False)


def test_the_auditor_verifies_and_anchors_the_tenant_chain(
    client: TestClient, keys: dict[str, str], agent: Agent, api_settings: Settings
) -> None:
    agent.write("s1", "I prefer green tea")
    agent.search("tea")
    auditor = {"Authorization": f"Bearer {keys['auditor_a']}"}
    assert client.get("/v1/audit/verify", headers=agent.headers).status_code == 403
    report = client.get("/v1/audit/verify", headers=auditor).json()
    assert report["tenant"] == "tenant-a" and report["ok"], report
    assert report["events"] >= 2 and report["first_broken"] is None
    anchored = client.post("/v1/audit/anchor", headers=auditor).json()["anchored"]
    assert anchored and anchored[0]["seq"] >= report["head_seq"]
    report = client.get("/v1/audit/verify", headers=auditor).json()
    assert report["ok"] and report["anchor_matches"] is True and report["anchors"] >= 1
