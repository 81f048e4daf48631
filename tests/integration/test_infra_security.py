"""The servers the local stack starts, probed from the outside as an attacker on this machine would.

Issue #9 items 1, 2 and 4 (server side): every listener is on loopback, every port refuses a caller
without credentials, Neo4j's LOAD CSV cannot read files or fetch URLs, query logging and statistics
cannot keep raw text, and no server inherits the API's secrets. Only loopback addresses are ever
contacted here. The servers must have been started by this checkout's `python -m infra.stack`
(their pid files in data/run identify the processes to inspect).
"""

from __future__ import annotations

import base64
import secrets
import urllib.error
import urllib.parse
import urllib.request
from urllib.parse import urlparse

import boto3
import grpc
import neo4j
import pytest
from botocore.config import Config as BotoConfig
from botocore.exceptions import ClientError

from mal.settings import Settings
from tests.integration.servers import listeners, need

pytestmark = pytest.mark.integration


def _expected_ports(settings: Settings) -> dict[str, dict[str, int]]:
    wv = settings.weaviate
    return {
        "neo4j": {"bolt": urlparse(settings.neo4j.uri).port or 7687},
        "weaviate": {
            "http": wv.http_port,
            "grpc": wv.grpc_port,
            "gossip": wv.cluster_ports[0],
            "data": wv.cluster_ports[1],
            "raft": wv.cluster_ports[2],
            "raft_rpc": wv.cluster_ports[3],
        },
        "s3": {"s3": urlparse(settings.s3.endpoint_url).port or 7070},
    }


# -- (a) where each server listens ----------------------------------------------------------------
def test_every_listener_is_loopback_and_expected(settings: Settings, pids: dict[str, int]) -> None:
    """No server opens a port we did not configure (HTTP 7474, routing 7688, profiling 6060, metrics,
    JMX...), and every port it opens is bound to 127.0.0.1 or ::1, with no exception."""
    need(pids)
    expected = _expected_ports(settings)
    problems = []
    for name, pid in pids.items():
        found = listeners(pid)
        assert found, f"{name} (pid {pid}) has no listening socket: is it the right process?"
        allowed = set(expected[name].values())
        unexpected = sorted({(s.proto, s.ip, s.port) for s in found if s.port not in allowed})
        if unexpected:
            problems.append(f"{name}: unexpected listeners {unexpected}")
        wildcard = sorted({(s.proto, s.ip, s.port) for s in found if not s.loopback})
        if wildcard:
            problems.append(f"{name}: listening beyond loopback on {wildcard}")
        missing = allowed - {s.port for s in found}
        if missing:
            problems.append(f"{name}: configured ports not listening {sorted(missing)}")
    assert not problems, "\n".join(problems)


def test_weaviate_grpc_and_data_api_bind_loopback(settings: Settings, pids: dict[str, int]) -> None:
    """Upstream v1.38.11 listens on ":port" (every interface) for gRPC (adapters/handlers/grpc/
    server.go) and the internal data API (adapters/handlers/rest/clusterapi/serve.go); the stack
    builds Weaviate with an overlay that binds them to WEAVIATE_GRPC_BIND_HOST and
    WEAVIATE_CLUSTER_DATA_BIND_HOST (infra/weaviate_build.py). Both must listen, on loopback only."""
    need(pids, "weaviate")
    wv = settings.weaviate
    found = listeners(pids["weaviate"])
    for port in (wv.grpc_port, wv.cluster_ports[1]):
        bound = [s for s in found if s.port == port]
        assert bound, f"nothing listens on {port}"
        assert all(s.loopback for s in bound), sorted((s.proto, s.ip, s.port) for s in bound)


# -- (b) every port refuses a caller without credentials ------------------------------------------
def _http_status(url: str, headers: dict[str, str] | None = None, method: str = "GET") -> int:
    request = urllib.request.Request(url, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def test_weaviate_rest_refuses_without_api_key(settings: Settings, pids: dict[str, int]) -> None:
    need(pids, "weaviate")
    wv = settings.weaviate
    base = f"http://127.0.0.1:{wv.http_port}"
    assert _http_status(f"{base}/v1/schema") == 401
    assert _http_status(f"{base}/v1/schema", {"Authorization": "Bearer wrong-key"}) == 401
    key = wv.api_key.get_secret_value()
    assert _http_status(f"{base}/v1/schema", {"Authorization": f"Bearer {key}"}) == 200


def _tenants_get(port: int, metadata: tuple[tuple[str, str], ...]) -> tuple[grpc.StatusCode, str]:
    """Weaviate's public gRPC TenantsGet for the memory collection, encoded by hand (field 1)."""
    name = b"MemorySummary"
    request = b"\x0a" + bytes([len(name)]) + name
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        try:
            channel.unary_unary("/weaviate.v1.Weaviate/TenantsGet")(request, metadata=metadata, timeout=10)
        except grpc.RpcError as exc:
            return exc.code(), str(exc.details())
    return grpc.StatusCode.OK, ""


def test_weaviate_grpc_refuses_without_api_key(settings: Settings, pids: dict[str, int]) -> None:
    """Weaviate answers an authentication failure on gRPC as UNKNOWN "extract auth: unauthorized"."""
    need(pids, "weaviate")
    wv = settings.weaviate
    for metadata in ((), (("authorization", "Bearer wrong-key"),)):
        code, details = _tenants_get(wv.grpc_port, metadata)
        assert code != grpc.StatusCode.OK and "unauthorized" in details.lower(), (metadata, code, details)
    key = wv.api_key.get_secret_value()
    code, details = _tenants_get(wv.grpc_port, (("authorization", f"Bearer {key}"),))
    assert "unauthorized" not in details.lower(), details  # the right key gets past authentication


def test_weaviate_internal_cluster_api_requires_basic_auth(settings: Settings, pids: dict[str, int]) -> None:
    """The data port serves any shard's objects and accepts deletes; the issue read a subject's text
    through it. Without (or with wrong) basic auth it must answer 401 on REST and UNAUTHENTICATED on
    its internal gRPC."""
    need(pids, "weaviate")
    wv = settings.weaviate
    url = f"http://127.0.0.1:{wv.cluster_ports[1]}/indices/{wv.collection}/shards/x/objects/y"
    assert _http_status(url) == 401
    assert _http_status(url, method="DELETE") == 401
    wrong = base64.b64encode(f"{wv.cluster_user}:wrong".encode()).decode()
    assert _http_status(url, {"Authorization": f"Basic {wrong}"}) == 401
    assert wv.cluster_password.get_secret_value(), "MAL_WEAVIATE__CLUSTER_PASSWORD is empty"
    right = base64.b64encode(f"{wv.cluster_user}:{wv.cluster_password.get_secret_value()}".encode()).decode()
    assert _http_status(url, {"Authorization": f"Basic {right}"}) != 401  # the route exists; creds work
    replication = "/clusterapi.ReplicationService/FetchObject"
    with grpc.insecure_channel(f"127.0.0.1:{wv.cluster_ports[1]}") as channel:
        with pytest.raises(grpc.RpcError) as refused:
            channel.unary_unary(replication)(b"", timeout=10)
    assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED


def test_neo4j_bolt_refuses_missing_or_wrong_credentials(settings: Settings, pids: dict[str, int]) -> None:
    need(pids, "neo4j")
    # A wrong user rather than repeated wrong passwords for `neo4j`: three failures would lock the
    # real account for a few seconds and break the tests that follow.
    for auth in (None, ("intruder", "not-the-password")):
        with neo4j.GraphDatabase.driver(settings.neo4j.uri, auth=auth) as driver:
            with pytest.raises(neo4j.exceptions.AuthError):
                driver.verify_connectivity()


def test_s3_refuses_unsigned_and_badly_signed_requests(settings: Settings, pids: dict[str, int]) -> None:
    """An object written with the root credentials cannot be listed, read or deleted unsigned, nor
    with a wrong secret."""
    need(pids, "s3")
    base = settings.s3.endpoint_url.rstrip("/")
    config = BotoConfig(s3={"addressing_style": "path"}, retries={"max_attempts": 1})
    root = boto3.client(
        "s3",
        endpoint_url=base,
        region_name=settings.s3.region,
        config=config,
        aws_access_key_id=settings.s3.access_key.get_secret_value(),
        aws_secret_access_key=settings.s3.secret_key.get_secret_value(),
    )
    bucket, key = f"probe-{secrets.token_hex(4)}", "tenants/t/subjects/ab/abc/秘密.json"
    root.create_bucket(Bucket=bucket)
    try:
        root.put_object(Bucket=bucket, Key=key, Body="私人内容 private".encode())
        quoted = urllib.parse.quote(key)
        assert _http_status(f"{base}/") == 403
        assert _http_status(f"{base}/{bucket}?list-type=2") == 403
        assert _http_status(f"{base}/{bucket}/{quoted}") == 403
        assert _http_status(f"{base}/{bucket}/{quoted}", method="DELETE") == 403
        wrong = boto3.client(
            "s3",
            endpoint_url=base,
            region_name=settings.s3.region,
            config=config,
            aws_access_key_id=settings.s3.access_key.get_secret_value(),
            aws_secret_access_key="wrong-secret-key",
        )
        for attempt in (wrong.list_buckets, lambda: wrong.get_object(Bucket=bucket, Key=key)):
            with pytest.raises(ClientError) as refused:
                attempt()
            assert refused.value.response["ResponseMetadata"]["HTTPStatusCode"] == 403
        assert root.get_object(Bucket=bucket, Key=key)["Body"].read().decode() == "私人内容 private"
    finally:
        root.delete_object(Bucket=bucket, Key=key)
        root.delete_bucket(Bucket=bucket)


# -- (c) LOAD CSV cannot read files or fetch URLs, even for the admin ------------------------------
