"""One table per vocabulary: the places that used to repeat a vocabulary now read its table."""

from __future__ import annotations

import httpx
import pytest

from mal import errors as e
from mal.api.errors import error_response
from mal.client import MemoryClient

_EXPECTED = {
    e.InvalidInput: 400,
    e.Unauthorized: 401,
    e.Forbidden: 403,
    e.NotFound: 404,
    e.QueryTimeout: 408,
    e.Conflict: 409,
    e.PayloadTooLarge: 413,
    e.QueryTooLarge: 422,
    e.IntegrityError: 422,
    e.TooManyRequests: 429,
    e.StoreUnavailable: 503,
}


def _make(cls: type[e.MalError]) -> e.MalError:
    if cls is e.StoreUnavailable:
        return e.StoreUnavailable("neo4j", "down")
    if cls is e.TooManyRequests:
        return e.TooManyRequests("slow down", 3)
    return cls("boom")


def test_every_error_class_carries_its_status() -> None:
    assert set(e.error_classes()) - {e.MalError} == set(_EXPECTED)
    for cls, status in _EXPECTED.items():
        assert cls.status_code == status, cls


@pytest.mark.parametrize("cls", list(_EXPECTED), ids=lambda c: c.__name__)
def test_handler_answers_the_class_status(cls: type[e.MalError], monkeypatch: pytest.MonkeyPatch) -> None:
    assert error_response(_make(cls)).status_code == cls.status_code
    # The handler reads the attribute, not a table of its own.
    monkeypatch.setattr(cls, "status_code", 418)
    assert error_response(_make(cls)).status_code == 418


@pytest.mark.parametrize("cls", list(_EXPECTED), ids=lambda c: c.__name__)
def test_client_maps_every_status_back_to_the_class(cls: type[e.MalError]) -> None:
    """Round trip: the server's rendering of each error, read by the client, raises the same class."""
    rendered = error_response(_make(cls))

    def handler(_: httpx.Request) -> httpx.Response:
        return httpx.Response(rendered.status_code, content=rendered.body, headers=dict(rendered.headers))

    with (
        MemoryClient("http://mal.test", "k", transport=httpx.MockTransport(handler)) as client,
        pytest.raises(e.MalError) as raised,
    ):
        client.get("张三", "m1")
    assert type(raised.value) is cls


def test_client_maps_409_to_conflict() -> None:
    def handler(_: httpx.Request) -> httpx.Response:
        return httpx.Response(409, json={"error": "Conflict", "message": "已经存在 / already exists"})

    with (
        MemoryClient("http://mal.test", "k", transport=httpx.MockTransport(handler)) as client,
        pytest.raises(e.Conflict, match="already exists"),
    ):
        client.forget("u", "m1")


def test_unknown_status_falls_back_to_the_base_class() -> None:
    assert e.by_status(418) is e.MalError
    assert e.by_status(422) is e.InvalidInput
    assert e.by_status(422, "IntegrityError") is e.IntegrityError
