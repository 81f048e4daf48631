"""A Weaviate connection dropped mid-request is a 503 naming weaviate, not an untranslated 500.

Found by the fault run (bench/faults.py): httpx's ReadError / RemoteProtocolError escaped the
adapter's translation when Weaviate was cut or stopped during a capture."""

from __future__ import annotations

from types import SimpleNamespace

import httpx
import pytest

from adapters.weaviate_vectors import WeaviateVectorStore
from mal.errors import StoreUnavailable


@pytest.mark.parametrize(
    "error", [httpx.ReadError("reset"), httpx.RemoteProtocolError("closed"), httpx.ConnectError("x")]
)
def test_a_dropped_http_connection_is_a_503_naming_weaviate(error: Exception) -> None:
    store = SimpleNamespace(_connected=True)
    with pytest.raises(StoreUnavailable) as raised, WeaviateVectorStore._translate(store):  # type: ignore[arg-type]
        raise error
    assert raised.value.store == "weaviate"
    assert store._connected is False  # the next call reconnects


def test_a_programming_error_is_not_hidden_as_an_outage() -> None:
    with pytest.raises(KeyError), WeaviateVectorStore._translate(SimpleNamespace(_connected=True)):  # type: ignore[arg-type]
        raise KeyError("bug")
