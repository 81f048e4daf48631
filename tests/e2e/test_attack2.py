"""The second outside red-team run's store findings on the real stack (the fake-store versions, one
per finding, are in tests/unit/test_attack2.py): identifiers in caller-named ids and in a memory-id
path reach no Neo4j property, no S3 object of the export bundle and no audit-chain event."""

from __future__ import annotations

import json
import secrets

import pytest
from fastapi.testclient import TestClient

from mal.bootstrap import Container
from mal.scope import export_prefix
from tests.e2e.conftest import Agent

pytestmark = pytest.mark.integration

# Any property of any node of the tenant whose text holds the value (memories, recent turns, chain).
_HOLDING = (
    "MATCH (n) WHERE n.tenant = $tenant UNWIND keys(n) AS k "
    "WITH n, k, CASE WHEN n[k] IS :: LIST<ANY> THEN n[k] ELSE [n[k]] END AS values "
    "WHERE any(x IN values WHERE toString(x) CONTAINS $value) RETURN labels(n) AS labels, k"
)


@pytest.mark.parametrize(
    ("phone", "email", "text"),
    [("137" + str(secrets.randbelow(10**8)).zfill(8), "li.bo@example.cn", "我对虾过敏"),
     ("+1 415 555 " + str(secrets.randbelow(9000) + 1000), "ann.wu@example.org", "I prefer oolong tea")],
    ids=["zh", "en"],
)  # fmt: skip
def test_identifiers_in_ids_and_paths_reach_no_store(
    client: TestClient, keys: dict[str, str], agent: Agent, container: Container, phone: str, email: str, text: str
) -> None:
    session = f"wx-{phone}-{email}"
    written = agent.post(
        "/v1/memories",
        {"session_id": session, "agent_id": f"bot-{phone}", "turns": [{"role": "user", "content": text, "ref": phone}]},
    )
    assert written["memories"]
    assert client.get(f"/v1/memories/{phone} {email}", headers=agent.headers).status_code == 404
    auditor = {"Authorization": f"Bearer {keys['auditor_a']}", "X-User-Id": agent.user}
    bundle = client.post("/v1/subjects/export", headers=auditor)
    assert bundle.status_code == 200, bundle.text
    container.audit.flush()
    digits = "".join(ch for ch in phone if ch.isdigit())[-10:]
    for value in (digits, email):
        held = container.adapters.graph.run_read_only(_HOLDING, {"tenant": "tenant-a", "value": value}, 20)
        assert held == [], held
    listed = client.get("/v1/memories", headers=agent.headers).text
    prefix = export_prefix("tenant-a", bundle.json()["export_id"])
    bucket = container.settings.s3.export_bucket
    files = [container.adapters.blobs.get(bucket, prefix + name).decode() for name in bundle.json()["files"]]
    seen = json.dumps([listed, files], ensure_ascii=False)
    assert digits not in seen and email not in seen
