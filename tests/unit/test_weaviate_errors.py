"""A Weaviate connection dropped mid-request is a 503 naming weaviate, not an untranslated 500.

Found by the fault run (bench/faults.py): httpx's ReadError / RemoteProtocolError escaped the
adapter's translation when Weaviate was cut or stopped during a capture."""

from __future__ import annotations

from types import SimpleNamespace

import grpc
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


def _closed_channel_error() -> ValueError:
    """What grpc raises, through the Weaviate client's retry layer, for a call on a channel that
    another thread's reconnect has closed (the fault run's 500s on captures)."""
    channel = grpc.insecure_channel("127.0.0.1:1")
    call = channel.unary_unary("/weaviate.v1.Weaviate/Search")
    channel.close()
    try:
        call(b"", timeout=1)
    except ValueError as exc:
        return exc
    raise AssertionError("grpc accepted a call on a closed channel")


class _Unavailable(grpc.RpcError):  # type: ignore[misc]
    def code(self) -> grpc.StatusCode:
        return grpc.StatusCode.UNAVAILABLE


@pytest.mark.parametrize(
    "error", [_closed_channel_error(), _Unavailable(), ConnectionResetError("reset"), httpx.DecodingError("bad")]
)
def test_a_grpc_or_socket_failure_is_a_503_naming_weaviate(error: Exception) -> None:
    store = SimpleNamespace(_connected=True)
    with pytest.raises(StoreUnavailable) as raised, WeaviateVectorStore._translate(store):  # type: ignore[arg-type]
        raise error
    assert raised.value.store == "weaviate"
    assert store._connected is False


def test_a_closed_channel_is_retried_on_a_new_connection() -> None:
    """The detail marks it a connection failure, so `_reconnecting` tries again after reconnecting."""
    store = SimpleNamespace(_connected=True)
    with pytest.raises(StoreUnavailable) as raised, WeaviateVectorStore._translate(store):  # type: ignore[arg-type]
        raise _closed_channel_error()
    assert raised.value.detail.startswith("connection")


def test_a_value_error_that_is_not_a_closed_channel_is_not_hidden() -> None:
    with pytest.raises(ValueError), WeaviateVectorStore._translate(SimpleNamespace(_connected=True)):  # type: ignore[arg-type]
        raise ValueError("bad argument")
