"""`POST /v1/audit/anchor` in a loop (issue #14, red team): every anchor is an S3 object under Object
Lock that nobody can delete for a year, and every call records an event, which moves the chain
head, so each call used to write one more. Now a head that differs from the latest anchor only by
the auditors' own verify / anchor events is not anchored again; any other event is."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from mal.audit_chain import anchor_prefix
from mal.bootstrap import Container
from tests.unit.fakes import app_with_container


@pytest.fixture
def app() -> Iterator[tuple[TestClient, Container]]:
    with app_with_container() as pair:
        yield pair


def h(name: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {name}-key-0123456789", "X-User-Id": "alice"}


def _anchors(c: Container) -> list[str]:
    return sorted(c.adapters.blobs.list_keys(c.settings.s3.export_bucket, anchor_prefix("acme")))


def test_repeated_anchor_calls_write_one_object_until_something_else_happens(app: tuple[TestClient, Container]) -> None:
    client, c = app
    body = {"session_id": "s1", "turns": [{"role": "user", "content": "I live in Berlin"}]}
    assert client.post("/v1/memories", headers=h("agent"), json=body).status_code == 200
    first = client.post("/v1/audit/anchor", headers=h("auditor")).json()["anchored"]
    for _ in range(5):  # the spam: anchor, verify, anchor, ...
        again = client.post("/v1/audit/anchor", headers=h("auditor")).json()["anchored"]
        assert again == first  # the latest anchor still covers everything but the auditors' own events
        assert client.get("/v1/audit/verify", headers=h("auditor")).json()["ok"]
    assert len(_anchors(c)) == 1
    assert client.post("/v1/memories/search", headers=h("agent"), json={"query": "Berlin"}).status_code == 200
    later = client.post("/v1/audit/anchor", headers=h("auditor")).json()["anchored"]
    assert later[0]["seq"] > first[0]["seq"] and len(_anchors(c)) == 2  # a read is an event worth anchoring
    report = client.get("/v1/audit/verify", headers=h("auditor")).json()
    assert report["ok"] and report["anchors"] == 2 and report["anchor_matches"]


def test_a_restarted_recorder_finds_the_latest_anchor_in_s3(app: tuple[TestClient, Container]) -> None:
    client, c = app
    assert client.post("/v1/memories/search", headers=h("agent"), json={"query": "x"}).status_code == 200
    first = client.post("/v1/audit/anchor", headers=h("auditor")).json()["anchored"]
    c.audit._anchored.clear()  # as after a restart, or on another replica
    assert client.post("/v1/audit/anchor", headers=h("auditor")).json()["anchored"] == first
    assert len(_anchors(c)) == 1
