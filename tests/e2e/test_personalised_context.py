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
