"""The memory inspector in Debian's headless Chromium (driven by Playwright, never a downloaded
browser), against a real uvicorn serving the app on the real stack.

One operator session, step by step, a screenshot of each under data/ui-screenshots/: log in with a
Chinese user id, see a captured Chinese + English session, search, open the graph, resolve a dispute,
forget a memory and see it gone, export for the auditor, erase and see the receipt. The page must
raise no console error (a CSP violation would be one)."""

from __future__ import annotations

import secrets
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from playwright.sync_api import Page, expect, sync_playwright

from mal.api.app import create_app
from mal.settings import Settings

pytestmark = pytest.mark.e2e

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(__file__).resolve().parents[2] / "data" / "ui-screenshots"
TIMEOUT_MS = 180_000  # the machine is shared: a capture behind a click took minutes under load


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(api_settings: Settings, container: object) -> Iterator[str]:
    port = free_port()
    config = uvicorn.Config(create_app(api_settings), host="127.0.0.1", port=port, log_level="warning")
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while not uv.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.2)
    yield f"http://127.0.0.1:{port}"
    uv.should_exit = True
    thread.join(timeout=30)


@pytest.fixture
def page(tmp_path: Path) -> Iterator[Page]:
    assert Path(CHROMIUM).exists(), "Debian's chromium is missing: apt-get install -y chromium (make setup)"
    with sync_playwright() as pw:
        browser = pw.chromium.launch_persistent_context(
            str(tmp_path / "profile"),  # a fresh user-data dir per test
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 1400, "height": 900},
        )
        try:
            yield browser.pages[0] if browser.pages else browser.new_page()
        finally:
            browser.close()


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=True)


def row(page: Page, text: str):  # type: ignore[no-untyped-def]
    return page.locator("#memories tbody tr", has_text=text)


@pytest.mark.timeout(1500)  # eight steps, each a real store round trip; minutes on a loaded machine
def test_operator_session_in_chromium(server: str, page: Page, keys: dict[str, str]) -> None:
    user = "张三-" + secrets.token_hex(4)  # non-Latin X-User-Id: the page must send it as UTF-8
    api = httpx.Client(
        base_url=server,
        headers={b"Authorization": f"Bearer {keys['agent_a']}".encode(), b"X-User-Id": user.encode()},
        timeout=600,  # the first capture on a cold, loaded machine took > 120 s
    )
    first = api.post(
        "/v1/memories",
        json={
            "session_id": "ui-zh-en",
            "turns": [
                {"role": "user", "content": "我妈妈有高血压", "ref": "t1"},
                {"role": "assistant", "content": "好的，我记住了。"},
                {"role": "user", "content": "I prefer Python for data work", "ref": "t3"},
                {"role": "user", "content": "预算500以内", "ref": "t4"},
                {"role": "user", "content": "I live in Beijing", "ref": "t5"},
            ],
        },
    )
    assert first.status_code == 200, first.text
    second = api.post(
        "/v1/memories", json={"session_id": "ui-zh-en-2", "turns": [{"role": "user", "content": "预算800以内"}]}
    )
    assert [m["action"] for m in second.json()["memories"]] == ["disputed"], second.text
    disputed_id = second.json()["memories"][0]["id"]

    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(TIMEOUT_MS)
    expect.set_options(timeout=TIMEOUT_MS)  # expect() has its own 5 s default

    # Log in: the key goes to sessionStorage, nowhere else.
    page.goto(server + "/ui")
    page.fill("#api-key", keys["admin_a"])
    page.fill("#user-id", user)
    page.click("#login-button")
    expect(row(page, "用户的妈妈有高血压")).to_have_count(1)
    expect(row(page, "Python")).to_have_count(1)
    expect(row(page, "用户的妈妈有高血压").locator("td.prov")).to_contain_text("session ui-zh-en")
    expect(row(page, "用户的妈妈有高血压").locator("svg.curve")).to_have_count(1)
    stored = page.evaluate("() => [sessionStorage.getItem('mal.inspector.key'), localStorage.length, document.cookie]")
    assert stored == [keys["admin_a"], 0, ""]
    shot(page, "01-memories.png")

    # The search box goes through POST /v1/memories/search.
    page.fill("#search-query", "高血压")
    page.click("#search-button")
    expect(page.locator("#table-caption")).to_contain_text('results for "高血压"')
    expect(row(page, "用户的妈妈有高血压")).to_have_count(1)
    shot(page, "02-search.png")
    page.click("#search-clear")

    # The graph: cytoscape draws the quadruples (user -> relation -> entity).
    page.click("#tab-graph")
    expect(page.locator("#quadruples tbody tr", has_text="HAS_FAMILY_HISTORY")).to_contain_text("高血压")
    expect(page.locator("#quadruples tbody tr", has_text="HAS_PROFILE")).to_contain_text("Beijing")
    expect(page.locator("#graph canvas").first).to_be_attached()
    drawn = page.evaluate("() => window.inspectorGraph && window.inspectorGraph.edges().map(e => e.data('label'))")
    assert any(label.startswith("HAS_FAMILY_HISTORY") for label in drawn), drawn
    shot(page, "03-graph.png")

    # Resolve the dispute: the question is shown in Chinese; confirming makes 800 the active budget.
    page.click("#tab-memories")
    disputed = page.locator(f"#memories tbody tr[data-id='{disputed_id}']")
    expect(disputed.locator(".question")).to_contain_text("以哪个为准")
    shot(page, "04-dispute.png")
    disputed.locator("button[data-action=confirm]").click()
    expect(page.locator("#status")).to_contain_text("Confirmed")
    expect(page.locator(f"#memories tbody tr[data-id='{disputed_id}']")).to_have_attribute("data-status", "active")
    assert api.get(f"/v1/memories/{disputed_id}").json()["status"] == "active"
    shot(page, "05-dispute-resolved.png")

    # Forget one memory and see it gone (from the page and from the API).
    python_row = row(page, "Python")
    python_id = python_row.get_attribute("data-id")
    python_row.locator("button[data-action=forget]").click()
    expect(row(page, "Python")).to_have_count(0)
    assert api.get(f"/v1/memories/{python_id}").status_code == 404
    shot(page, "06-forgotten.png")

    # The auditor's view: an export and its manifest.
    page.click("#tab-audit")
    page.click("#export-button")
    expect(page.locator("#exports .export")).to_have_count(1)
    expect(page.locator("#exports pre")).to_contain_text("mal-export/1")
    shot(page, "07-audit.png")

    # Erase with the receipt shown.
    page.click("#tab-admin")
    page.fill("#erase-confirm", user)
    page.click("#erase-button")
    expect(page.locator("#receipt")).to_be_visible()
    expect(page.locator("#receipt")).to_contain_text('"verified": true')
    shot(page, "08-erased.png")
    assert api.get("/v1/memories").json()["total"] == 0
    assert errors == [], errors


@pytest.mark.timeout(900)  # may be the one that starts uvicorn (module fixture)
def test_a_wrong_key_stays_on_the_login_form(server: str, page: Page) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    expect.set_options(timeout=TIMEOUT_MS)
    page.goto(server + "/ui")
    page.fill("#api-key", "not-a-key")
    page.fill("#user-id", "alice")
    page.click("#login-button")
    expect(page.locator("#login-error")).not_to_be_empty()
    expect(page.locator("#app")).to_be_hidden()
    assert page.evaluate("() => sessionStorage.length") == 0
