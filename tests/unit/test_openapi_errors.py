"""Regression tests for what schemathesis found (tests/e2e/test_openapi_fuzz.py): the OpenAPI did
not document the error answers the API gives (400, 401, 403, 404, 409, 413, 429, 503 and the 422
shape), nor /metrics' text format or /readyz's 503, so every wrong-scope call was "undocumented"."""

from __future__ import annotations

from fastapi.testclient import TestClient

from mal.api.app import create_app
from tests.unit.fakes import fake_container, fake_settings


def _openapi() -> dict:  # type: ignore[type-arg]
    return create_app(fake_settings()).openapi()


def test_every_v1_operation_documents_the_error_shape() -> None:
    spec = _openapi()
    ref = {"$ref": "#/components/schemas/ErrorOut"}
    for path, item in spec["paths"].items():
        if not path.startswith("/v1"):
            continue
        for method, op in item.items():
            for code in ("400", "401", "403", "404", "422", "429", "503"):
                assert op["responses"][code]["content"]["application/json"]["schema"] == ref, (method, path, code)
    assert set(spec["components"]["schemas"]["ErrorOut"]["required"]) == {"error", "message"}


def test_metrics_is_text_and_readyz_may_be_503() -> None:
    paths = _openapi()["paths"]
    assert list(paths["/metrics"]["get"]["responses"]["200"]["content"]) == ["text/plain"]
    assert paths["/metrics"]["get"]["responses"]["403"]["content"]["application/json"]
    assert "503" in paths["/readyz"]["get"]["responses"]


def test_a_wrong_scope_answer_matches_the_documented_error_schema() -> None:
    settings = fake_settings()
    c = fake_container(settings)
    with TestClient(create_app(settings, container_factory=lambda _s: c, warm=False)) as client:
        r = client.get("/metrics", headers={"Authorization": "Bearer agent-key-0123456789"})
        assert r.status_code == 403 and r.headers["content-type"].startswith("application/json")
        assert set(r.json()) <= {"error", "message", "field", "store", "problems"}
        r = client.get("/metrics", headers={"Authorization": "Bearer admin-key-0123456789"})
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
