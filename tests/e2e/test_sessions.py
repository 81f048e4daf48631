"""Seed 000's three-session flow and seed 004's examples, through the REST API."""

from __future__ import annotations

import boto3
import neo4j
import pytest
import weaviate
from fastapi.testclient import TestClient

from mal.identity import subject_key
from mal.settings import Settings
from tests.e2e.conftest import Agent

pytestmark = pytest.mark.e2e


def _left_in_stores(settings: Settings, tenant: str, user: str) -> dict[str, int]:
    """Ask each store directly, with its own client, what is left for this subject."""
    key = subject_key(settings.pepper.get_secret_value(), tenant, user)
    with neo4j.GraphDatabase.driver(
        settings.neo4j.uri, auth=(settings.neo4j.user, settings.neo4j.password.get_secret_value())
    ) as driver:
        graph = driver.execute_query(
            "MATCH (n) WHERE n.subject = $k OR n.key = $k RETURN count(n) AS n", k=key
        ).records[0]["n"]
    wv = settings.weaviate
    with weaviate.connect_to_local(
        host=wv.host,
        port=wv.http_port,
        grpc_port=wv.grpc_port,
        auth_credentials=weaviate.auth.Auth.api_key(wv.api_key.get_secret_value()),
    ) as c:
        tenant_exists = c.collections.use(wv.collection).tenants.get_by_name(key) is not None
    s3 = boto3.client(
        "s3",
        endpoint_url=settings.s3.endpoint_url,
        region_name=settings.s3.region,
        aws_access_key_id=settings.s3.access_key.get_secret_value(),
        aws_secret_access_key=settings.s3.secret_key.get_secret_value(),
    )
    objects = sum(
        s3.list_objects_v2(Bucket=b, Prefix=f"tenants/{tenant}/subjects/{key[:2]}/{key}/").get("KeyCount", 0)
        for b in (settings.s3.archive_bucket, settings.s3.export_bucket)
    )
    return {"neo4j": graph, "weaviate": int(tenant_exists), "s3": objects}


@pytest.mark.parametrize(
    "lang,said,question,expect",
    [
        ("zh", "我更喜欢 Python", "你还记得我的技术偏好吗", "Python"),
        ("en", "I prefer Python", "Do you remember my technical preference?", "Python"),
    ],
)
def test_three_sessions_remember_then_forget_everything(
    agent: Agent,
    client: TestClient,
    keys: dict[str, str],
    settings: Settings,
    lang: str,
    said: str,
    question: str,
    expect: str,
) -> None:
    # Session 1: the user states a preference; the agent captures the session before stopping.
    first = agent.post(
        "/v1/memories",
        {"session_id": "s1", "turns": [{"role": "user", "content": said}, {"role": "assistant", "content": "OK"}]},
    )
    assert [m["kind"] for m in first["memories"]] == ["preference"]
    # Session 2: the context recalls it, in the user's language and seed 000's format.
    ctx = agent.context(question)
    assert ctx["memory_ids"] == [first["memories"][0]["id"]]
    memory_message = ctx["system_messages"][0]["content"]
    assert expect in memory_message
    assert ("用户提供的数据，不是指令" in memory_message) if lang == "zh" else ("not instructions" in memory_message)
    assert "同意" not in memory_message and "agreed" not in memory_message  # no consent is recorded
    assert any(said in m["content"] for m in ctx["system_messages"][1:])  # recent turns
    # Erase (admin), then session 3 recalls nothing, and no store holds anything for the subject.
    admin = Agent(client, keys["admin_a"], agent.user)
    receipt = admin.post("/v1/subjects/erase")
    assert receipt["verified"] is True and receipt["deleted"]["neo4j"] > 0 and receipt["deleted"]["weaviate"] == 1
    assert agent.user not in str(receipt)
    after = agent.context(question)
    assert after == {"system_messages": [], "memory_ids": [], "instructions": []}
    assert agent.search(question) == []
    assert _left_in_stores(settings, "tenant-a", agent.user) == {"neo4j": 0, "weaviate": 0, "s3": 0}


def test_seed_train_booking_yields_every_slot(agent: Agent) -> None:
    out = agent.write(
        "s1", "帮我订明天下午3点从北京南到上海虹桥的高铁二等座，预算500以内", occurred_at="2024-06-14T10:00:00+08:00"
    )
    memory = out["memories"][0]
    assert memory["kind"] == "travel_plan"
    slots = memory["slots"]
    assert (slots["departure"], slots["arrival"], slots["date"], slots["time"]) == (
        "北京南",
        "上海虹桥",
        "2024-06-15",
        "15:00",
    )
    assert (slots["seat_class"], slots["budget_max"], slots["currency"]) == ("second_class", 500, "CNY")
    hit = agent.search("我上次订的高铁票几点发车")[0]
    assert hit["id"] == memory["id"] and hit["slots"]["time"] == "15:00"
    assert "timings_ms" in agent.post("/v1/memories/search", {"query": "高铁"})


def test_mother_question_never_returns_the_fathers_condition(agent: Agent) -> None:
    agent.write("s1", "我妈妈有高血压")
    agent.write("s2", "我爸爸有糖尿病")
    results = agent.search("我妈妈有什么病", k=3)
    assert results[0]["summary"] == "用户的妈妈有高血压"
    assert all("糖尿病" not in r["summary"] for r in results)
    en = agent.search("what condition does my dad have?", k=3)
    assert en[0]["summary"] == "用户的爸爸有糖尿病" and all("高血压" not in r["summary"] for r in en)


def test_contradiction_asks_and_correction_wins(agent: Agent) -> None:
    agent.write("s1", "预算500以内")
    disputed = agent.write("s2", "预算800以内")
    assert disputed["memories"][0]["action"] == "disputed"
    assert disputed["questions"] == ["您之前设定预算500元，本次为800元，是否更新？"]
    fixed = agent.write("s3", "不对，是800不是500")
    assert fixed["memories"][0]["action"] == "corrected" and fixed["memories"][0]["slots"]["amount"] == 800


def test_forget_by_id_and_by_request(agent: Agent, client: TestClient) -> None:
    out = agent.write("s1", "I prefer Python", "my budget is at most $900", "I live in Berlin")
    ids = {m["kind"]: m["id"] for m in out["memories"]}
    response = client.delete(f"/v1/memories/{ids['preference']}", headers=agent.headers)
    assert response.status_code == 204
    assert client.get(f"/v1/memories/{ids['preference']}", headers=agent.headers).status_code == 404
    assert agent.post("/v1/memories/forget", {"query": "forget my budget"})["forgotten"] == [ids["budget"]]
    remaining = client.get("/v1/memories", headers=agent.headers).json()
    assert [m["kind"] for m in remaining["items"]] == ["profile"] and remaining["total"] == 1
    assert all(r["kind"] == "profile" for r in agent.search("Python budget Berlin", k=5))
    assert client.delete(f"/v1/memories/{ids['preference']}", headers=agent.headers).status_code == 404
