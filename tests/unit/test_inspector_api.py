"""The inspector's reads and the dispute answer, through the real app and composition root on the
in-memory stores; and /ui itself: served with a strict CSP, no inline script, assets from the cache."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mal.api.app import create_app
from mal.api.ui import STATIC
from mal.clock import FixedClock
from tests.unit.fakes import T0, fake_container, fake_settings
from tests.unit.test_http_rules import capture, h


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(T0)


@pytest.fixture
def client(tmp_path: Path, clock: FixedClock) -> Iterator[TestClient]:
    settings = fake_settings(ui_assets_dir=tmp_path)
    with TestClient(create_app(settings, container_factory=lambda s: fake_container(s, clock=clock), warm=False)) as c:
        yield c


def rows(client: TestClient, headers: dict[str, str], **params: object) -> dict:
    r = client.get("/v1/subjects/memories", headers=headers, params=params)
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize(
    ("first", "second", "lang"),
    [("预算500以内", "预算800以内", "zh"), ("I live in Beijing", "I live in Shanghai", "en")],
)
def test_confirm_makes_the_disputed_value_active_and_demotes_the_old_one(
    client: TestClient, clock: FixedClock, first: str, second: str, lang: str
) -> None:
    old_id = capture(client, h("agent"), first)["memories"][0]["id"]
    clock.advance(days=10)
    out = capture(client, h("agent"), second)
    new_id = out["memories"][0]["id"]
    assert out["memories"][0]["action"] == "disputed" and out["questions"]
    page = rows(client, h("agent"))
    by_id = {m["id"]: m for m in page["items"]}
    assert by_id[new_id]["status"] == "disputed" and by_id[new_id]["lang"] == lang
    assert by_id[new_id]["contradicts"] == [{"id": old_id, "summary": by_id[old_id]["summary"]}]
    old_weight = by_id[old_id]["weight_now"]
    assert old_weight == pytest.approx(0.95**10)  # base 1.0 decayed for ten days

    r = client.post(f"/v1/memories/{new_id}/resolve", headers=h("agent"), json={"answer": "confirm"})
    assert r.status_code == 200, r.text
    assert r.json()["memory"]["status"] == "active" and r.json()["demoted"] == [old_id]
    by_id = {m["id"]: m for m in rows(client, h("agent"))["items"]}
    assert by_id[new_id]["status"] == "active" and by_id[new_id]["contradicts"] == []
    assert by_id[old_id]["weight_now"] == pytest.approx(old_weight * 0.3)
    again = client.post(f"/v1/memories/{new_id}/resolve", headers=h("agent"), json={"answer": "confirm"})
    assert again.status_code == 409 and again.json()["error"] == "Conflict"


@pytest.mark.parametrize(
    ("first", "second"),
    [("我住在北京", "我住在上海"), ("My budget is under 500 dollars", "My budget is under 800 dollars")],
)
def test_reject_forgets_the_disputed_memory_and_keeps_the_old(client: TestClient, first: str, second: str) -> None:
    old_id = capture(client, h("agent"), first)["memories"][0]["id"]
    new_id = capture(client, h("agent"), second)["memories"][0]["id"]
    r = client.post(f"/v1/memories/{new_id}/resolve", headers=h("agent"), json={"answer": "reject"})
    assert r.status_code == 200 and r.json() == {"memory": None, "demoted": []}
    assert client.get(f"/v1/memories/{new_id}", headers=h("agent")).status_code == 404
    kept = client.get(f"/v1/memories/{old_id}", headers=h("agent")).json()
    assert kept["status"] == "active" and kept["weight"] == 1.0


def test_resolve_refuses_bad_answers_unknown_ids_and_other_subjects(client: TestClient) -> None:
    capture(client, h("agent"), "预算500以内")
    new_id = capture(client, h("agent"), "预算800以内")["memories"][0]["id"]
    r = client.post(f"/v1/memories/{new_id}/resolve", headers=h("agent"), json={"answer": "maybe"})
    assert r.status_code in (400, 422) and "answer" in r.text
    for headers in (h("agent", "bob"), h("other")):  # another user, another tenant: not found
        r = client.post(f"/v1/memories/{new_id}/resolve", headers=headers, json={"answer": "confirm"})
        assert r.status_code == 404 and r.json()["error"] == "NotFound"
    r = client.post(f"/v1/memories/{new_id}/resolve", headers=h("auditor"), json={"answer": "confirm"})
    assert r.status_code == 403


def test_inspect_filters_and_scopes(client: TestClient) -> None:
    capture(client, h("agent"), "我妈妈有高血压", "I prefer Python")
    page = rows(client, h("agent"))
    assert page["total"] == 2 and page["policy"]["decay_rate"] == 0.95 and page["policy"]["archive_below"] == 0.1
    assert {m["summary"] for m in page["items"]} == {"用户的妈妈有高血压", "User prefers Python"}
    assert all(m["weight_now"] == pytest.approx(1.0) and m["session_id"] == "s1" for m in page["items"])
    kind = page["items"][0]["kind"]
    assert [m["kind"] for m in rows(client, h("agent"), kind=kind)["items"]] == [kind]
    assert rows(client, h("agent"), status="archived")["items"] == []
    assert rows(client, h("agent", "bob"))["total"] == 0
    assert client.get("/v1/subjects/memories", headers=h("auditor")).status_code == 403
    assert client.get("/v1/subjects/memories", headers={"X-User-Id": "alice"}).status_code == 401


def test_graph_lists_the_subjects_quadruples_zh_en(client: TestClient) -> None:
    capture(client, h("agent"), "我妈妈有高血压", "I live in Beijing")
    r = client.get("/v1/subjects/graph", headers=h("agent"))
    assert r.status_code == 200
    quads = r.json()["quadruples"]
    entities = {q["entity"] for q in quads}
    assert "高血压" in entities and "Beijing" in entities
    assert all(q["memory_id"] for q in quads)
    assert client.get("/v1/subjects/graph", headers=h("agent", "bob")).json() == {"quadruples": []}


def test_exports_list_manifests_for_auditors_only(client: TestClient) -> None:
    capture(client, h("agent"), "我妈妈有高血压")
    assert client.get("/v1/subjects/exports", headers=h("auditor")).json() == {"exports": []}
    made = client.post("/v1/subjects/export", headers=h("auditor")).json()
    listed = client.get("/v1/subjects/exports", headers=h("auditor")).json()["exports"]
    assert [x["export_id"] for x in listed] == [made["export_id"]]
    assert listed[0]["manifest_sha256"] == made["manifest_sha256"]
    assert listed[0]["manifest"]["files"] == made["files"]
    assert client.get("/v1/subjects/exports", headers=h("agent")).status_code == 403


def test_ui_is_served_with_a_strict_csp_and_no_inline_code(client: TestClient, tmp_path: Path) -> None:
    page = client.get("/ui")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    csp = page.headers["content-security-policy"]
    assert "script-src 'self';" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "frame-ancestors 'none'" in csp and page.headers["x-content-type-options"] == "nosniff"
    html = page.text
    assert re.findall(r"<script(?![^>]*\bsrc=)", html) == []  # every script is a file
    assert re.findall(r"\son[a-z]+=", html) == [] and " style=" not in html
    assert client.get("/ui/").text == html
    script = (STATIC / "app.js").read_text()  # memory text goes in as textContent, never as markup
    assert re.findall(r"\.(?:inner|outer)HTML\s*=|insertAdjacentHTML|document\.write|\beval\(", script) == []
    assert client.get("/ui/app.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/ui/../mal/settings.py").status_code == 404
    assert client.get("/ui/nothing.js").status_code == 404
    missing = client.get("/ui/vendor/cytoscape.min.js")
    assert missing.status_code == 503 and missing.json()["store"] == "ui-assets"
    (tmp_path / "cytoscape.min.js").write_text("/* cached */")
    served = client.get("/ui/vendor/cytoscape.min.js")
    assert served.status_code == 200 and served.text == "/* cached */"
    assert "content-security-policy" in served.headers
    assert client.get("/ui/vendor/other.js").status_code == 404


def test_weight_now_follows_the_clock(client: TestClient, clock: FixedClock) -> None:
    capture(client, h("agent"), "I prefer Python")
    clock.advance(days=30)
    (item,) = rows(client, h("agent"))["items"]
    assert item["weight_now"] == pytest.approx(0.95**30)
    assert rows(client, h("agent"))["now"].startswith(str((T0 + timedelta(days=30)).date()))
