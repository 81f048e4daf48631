"""Personalised instructions in /v1/context against the real stack (real parser, Neo4j, Weaviate,
e5 dedup): scripted multi-session users in zh and en get the expected instructions, each citing
active memories of theirs; users with too little evidence get none."""

from __future__ import annotations

import secrets

import pytest
from fastapi.testclient import TestClient

from tests.e2e.conftest import Agent
from tests.personas import MESSAGE_WORDS, PERSONAS


@pytest.mark.parametrize("name", sorted(PERSONAS))
def test_scripted_users_get_the_expected_instructions(client: TestClient, keys: dict[str, str], name: str) -> None:
    persona = PERSONAS[name]
    agent = Agent(client, keys["agent_a"], f"{name}-{secrets.token_hex(4)}")
    for i, turns in enumerate(persona["sessions"]):
        agent.write(f"{name}-s{i}", *turns)
    answer = agent.context()
    got = {(i["kind"], i["key"]) for i in answer["instructions"]}
    assert got == persona["expected"], answer["instructions"]
    words = MESSAGE_WORDS[persona["lang"]]
    if not persona["expected"]:
        assert all(words not in m["content"] for m in answer["system_messages"])
        return
    message = answer["system_messages"][0]["content"]
    assert message.startswith(words)
    listed = client.get("/v1/memories", params={"limit": 200}, headers=agent.headers).json()["items"]
    active = {m["id"]: m for m in listed if m["status"] == "active"}
    for instruction in answer["instructions"]:
        assert instruction["memory_ids"] and set(instruction["memory_ids"]) <= set(active), instruction
        assert instruction["text"] in message
        assert all(memory_id in message for memory_id in instruction["memory_ids"])
    # Asked for the other language, the same instructions come in that language's template.
    other = "en" if persona["lang"] == "zh" else "zh"
    switched = agent.post("/v1/context", {"lang": other})
    assert {(i["kind"], i["key"]) for i in switched["instructions"]} == persona["expected"]
    assert switched["system_messages"][0]["content"].startswith(MESSAGE_WORDS[other])
    # And opting out leaves only the notes.
    plain = agent.post("/v1/context", {"instructions": False})
    assert plain["instructions"] == [] and all(words not in m["content"] for m in plain["system_messages"])


def test_forgetting_the_evidence_removes_the_instruction(client: TestClient, keys: dict[str, str]) -> None:
    agent = Agent(client, keys["agent_a"], "forget-" + secrets.token_hex(4))
    written = agent.write("s1", "我对花生过敏")
    memory_id = written["memories"][0]["id"]
    assert [(i["kind"], i["memory_ids"]) for i in agent.context()["instructions"]] == [("allergy", [memory_id])]
    assert client.delete(f"/v1/memories/{memory_id}", headers=agent.headers).status_code == 204
    assert agent.context()["instructions"] == []


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_context_with_a_query_reads_the_marked_profile_live(
    client: TestClient, keys: dict[str, str], lang: str
) -> None:
    """With a query, the instructions come from the memories marked as evidence on write
    (mal/profile.py), read live from Neo4j: the same instructions as without a query, and a
    forget or an erase is seen by the very next call (nothing cached to go stale)."""
    user = f"marked-{lang}-" + secrets.token_hex(4)
    agent = Agent(client, keys["agent_a"], user)
    if lang == "zh":
        agent.write("s1", "我对花生过敏", "我上周和妹妹去了博物馆")
        agent.write("s2", "我正在学 Python", "用 Python 写个爬虫怎么写")
        agent.write("s3", "Python 的列表推导式怎么用")
    else:
        agent.write("s1", "I'm allergic to peanuts", "I visited the science museum with my sister last week")
        agent.write("s2", "I'm learning Python", "How do I write a web scraper in Python?")
        agent.write("s3", "How do list comprehensions work in Python?")
    asked = agent.context("周末做什么菜" if lang == "zh" else "what should I cook this weekend")
    plain = agent.context()
    kinds = {(i["kind"], i["key"]) for i in asked["instructions"]}
    assert ("allergy", "花生" if lang == "zh" else "peanuts") in kinds, asked["instructions"]
    assert asked["instructions"] == plain["instructions"]
    assert asked["system_messages"][0]["content"].startswith(MESSAGE_WORDS[lang])
    allergy = next(i for i in asked["instructions"] if i["kind"] == "allergy")
    for memory_id in allergy["memory_ids"]:
        assert client.delete(f"/v1/memories/{memory_id}", headers=agent.headers).status_code == 204
    after = agent.context("周末做什么菜" if lang == "zh" else "what should I cook this weekend")
    assert "allergy" not in {i["kind"] for i in after["instructions"]}
    assert after["instructions"] == [i for i in asked["instructions"] if i["kind"] != "allergy"]
    admin = {"Authorization": f"Bearer {keys['admin_a']}", "X-User-Id": user}
    assert client.post("/v1/subjects/erase", headers=admin).status_code == 200
    assert agent.context("anything")["instructions"] == []
