"""The servers the local stack starts, probed from the outside as an attacker on this machine would.

Issue #9 items 1, 2 and 4 (server side): every listener is on loopback, every port refuses a caller
without credentials, Neo4j's LOAD CSV cannot read files or fetch URLs, query logging and statistics
cannot keep raw text, and no server inherits the API's secrets. Only loopback addresses are ever
contacted here. The servers must have been started by this checkout's `python -m infra.stack`
(their pid files in data/run identify the processes to inspect).
"""

from __future__ import annotations

import base64
import contextlib
import ipaddress
import json
import os
import re
import secrets
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

import boto3
import grpc
import neo4j
import pytest
from botocore.config import Config as BotoConfig
from botocore.exceptions import ClientError

from infra.stack import ROOT, Stack
from mal.settings import Settings

pytestmark = pytest.mark.integration

# The only variables a server may inherit from whoever ran the stack (see infra/stack.py).
INHERITABLE = {"PATH", "HOME", "LANG", "LC_ALL", "TZ", "TMPDIR", "JAVA_HOME"}


@dataclass(frozen=True)
class Listener:
    proto: str
    ip: str
    port: int

    @property
    def loopback(self) -> bool:
        address = ipaddress.ip_address(self.ip)
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        return address.is_loopback


def _decode(hex_address: str) -> tuple[str, int]:
    """/proc/net/tcp{,6} print addresses as host-order 32-bit words in hex, then :port in hex."""
    host, port = hex_address.split(":")
    raw = bytes.fromhex(host)
    words = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))
    family = socket.AF_INET if len(raw) == 4 else socket.AF_INET6
    return socket.inet_ntop(family, words), int(port, 16)


def listeners(pid: int) -> set[Listener]:
    """Sockets of process `pid` that accept traffic: TCP in LISTEN, UDP bound and unconnected."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    found = set()
    for proto, accepting in (("tcp", "0A"), ("tcp6", "0A"), ("udp", "07"), ("udp6", "07")):
        for line in Path(f"/proc/{pid}/net/{proto}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[9] in inodes and fields[3] == accepting:
                ip, port = _decode(fields[1])
                found.add(Listener(proto, ip, port))
    return found


@pytest.fixture(scope="module")
def stack(settings: Settings) -> Stack:
    return Stack(settings, ROOT / settings.data_dir)


@pytest.fixture(scope="module")
def pids(stack: Stack) -> dict[str, int]:
    """The servers this checkout's stack started; a test fails naming any it needs that is missing."""
    owned = {name: stack.owned_pid(name) for name in stack.servers}
    return {name: pid for name, pid in owned.items() if pid is not None}


def need(pids: dict[str, int], *names: str) -> None:
    missing = [name for name in names or ("neo4j", "weaviate", "s3") if name not in pids]
    if missing:
        pytest.fail(
            f"{missing}: not started by this checkout's stack (run `python -m infra.stack up` "
            "from this checkout; pid files in data/run)",
            pytrace=False,
        )


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
def _admin_driver(settings: Settings) -> neo4j.Driver:
    return neo4j.GraphDatabase.driver(
        settings.neo4j.uri, auth=(settings.neo4j.user, settings.neo4j.password.get_secret_value())
    )


class _Sink:
    """A loopback TCP listener that would serve a one-line CSV to anyone and counts connections, so a
    test can prove that Neo4j made no request at all (not merely that a fetch failed)."""

    def __init__(self, family: socket.AddressFamily, host: str) -> None:
        self.sock = socket.socket(family, socket.SOCK_STREAM)
        self.sock.bind((host, 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.port = int(self.sock.getsockname()[1])
        self.hits = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.hits += 1
            with conn:
                conn.settimeout(1)
                try:
                    conn.recv(4096)
                    conn.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: text/csv\r\n\r\nleaked,row\n")
                except OSError:
                    pass

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.sock.close()


@pytest.fixture(scope="module")
def sinks() -> Iterator[dict[str, _Sink]]:
    made = {"v4": _Sink(socket.AF_INET, "127.0.0.1"), "v6": _Sink(socket.AF_INET6, "::1")}
    yield made
    for sink in made.values():
        sink.close()


# Each source must be refused even for the admin and in a read transaction: files (the issue read
# /etc/hostname and the project's .env through /proc/self/cwd), and URLs on loopback by address,
# by name and over IPv6 (server-side requests), in every scheme LOAD CSV fetches (http, https, ftp).
LOAD_CSV_SOURCES = {
    "file-etc-hostname": "file:///etc/hostname",
    "file-proc-environ": "file:///proc/self/environ",
    "file-project-env": "file:///proc/self/cwd/../.env",
    "jar-file": "jar:file:///etc/hostname!/x",
    "http-ipv4-loopback": "http://127.0.0.1:{v4}/healthz",
    "http-localhost-name": "http://localhost:{v4}/healthz",
    "http-ipv6-loopback": "http://[::1]:{v6}/healthz",
    "https-loopback": "https://127.0.0.1:{v4}/",
    "ftp-loopback": "ftp://127.0.0.1:{v4}/x.csv",
}


@pytest.mark.parametrize("source", LOAD_CSV_SOURCES.values(), ids=LOAD_CSV_SOURCES.keys())
def test_load_csv_is_refused_for_files_and_urls(
    settings: Settings, pids: dict[str, int], sinks: dict[str, _Sink], source: str
) -> None:
    need(pids, "neo4j")
    url = source.format(v4=sinks["v4"].port, v6=sinks["v6"].port)
    hits_before = {name: sink.hits for name, sink in sinks.items()}
    with _admin_driver(settings) as driver, driver.session(database=settings.neo4j.database) as session:
        with pytest.raises(neo4j.exceptions.Neo4jError) as refused:
            session.execute_read(lambda tx: list(tx.run("LOAD CSV FROM $url AS row RETURN row", url=url)))
    time.sleep(0.3)
    assert {name: sink.hits for name, sink in sinks.items()} == hits_before, f"{url}: Neo4j connected"
    assert str(refused.value.code).startswith("Neo.ClientError"), (url, refused.value.code, refused.value.message)


def test_query_statistics_keep_no_text(settings: Settings, pids: dict[str, int]) -> None:
    """db.stats.collect('QUERIES') is open to any admin session; the issue found erased raw turns in
    db.stats.retrieve('QUERIES') as query parameters. The server keeps no query text or parameter."""
    need(pids, "neo4j")
    marker = f"private-{secrets.token_hex(4)}"
    marker_zh = f"我的秘密{secrets.token_hex(4)}"
    with _admin_driver(settings) as driver:
        try:
            driver.execute_query("CALL db.stats.collect('QUERIES')")
        except neo4j.exceptions.Neo4jError:
            pass  # refusing to collect at all is fine too; still nothing may come back below
        try:
            for _ in range(3):
                driver.execute_query("RETURN $text AS text", text=f"{marker} {marker_zh}")
                driver.execute_query(f"RETURN '{marker}' AS inline, '{marker_zh}' AS inline_zh")
            records = driver.execute_query(
                "CALL db.stats.retrieve('QUERIES') YIELD section, data RETURN section, data"
            ).records
        finally:
            for statement in ("CALL db.stats.stop('QUERIES')", "CALL db.stats.clear('QUERIES')"):
                with contextlib.suppress(neo4j.exceptions.Neo4jError):
                    driver.execute_query(statement)
    dump = json.dumps([r.data() for r in records], default=str, ensure_ascii=False)
    assert marker not in dump and marker_zh not in dump, dump[:2000]


def test_neo4j_server_settings(settings: Settings, pids: dict[str, int]) -> None:
    """The launcher's hardening, read back from the running server."""
    need(pids, "neo4j")
    wanted = {
        "dbms.security.allow_csv_import_from_file_urls": "false",
        "db.memory.transaction.max": f"{settings.neo4j.tx_memory_mb * 1024 * 1024}",
        "db.logs.query.enabled": "OFF",
        "db.logs.query.parameter_logging_enabled": "false",
        "db.tx_log.rotation.retention_policy": "keep_none",
        "dbms.routing.enabled": "false",
        "server.http.enabled": "false",
        "server.https.enabled": "false",
    }
    with _admin_driver(settings) as driver:
        records = driver.execute_query(
            "SHOW SETTINGS YIELD name, value WHERE name IN $names RETURN name, value",
            names=list(wanted),
            database_="system",
        ).records
    actual = {r["name"]: str(r["value"]) for r in records}
    # db.memory.transaction.max prints as bytes or with a unit ("512.00MiB"): normalise to bytes.
    limit = re.fullmatch(r"([\d.]+)\s*([KMG]?)(?:iB|B)?", actual.get("db.memory.transaction.max", ""))
    if limit:
        scale = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3}[limit.group(2)]
        actual["db.memory.transaction.max"] = str(int(float(limit.group(1)) * scale))
    assert {k: actual.get(k) for k in wanted} == wanted


def test_neo4j_transaction_memory_is_capped(settings: Settings, pids: dict[str, int]) -> None:
    """A query that needs more than db.memory.transaction.max is stopped by that per-transaction
    limit, not only by the server-wide pool (dbms.memory.transaction.total.max, 70% of the heap)
    after it has starved every other transaction. Auto-commit, so the driver does not retry."""
    need(pids, "neo4j")
    strings = settings.neo4j.tx_memory_mb * 1024 * 1024 // 32
    with _admin_driver(settings) as driver, driver.session(database=settings.neo4j.database) as session:
        with pytest.raises(neo4j.exceptions.Neo4jError) as stopped:
            session.run(
                "UNWIND range(1, $n) AS i WITH collect(toString(i) + '-padding') AS xs RETURN size(xs) AS n", n=strings
            ).consume()
    assert "db.memory.transaction.max threshold reached" in str(stopped.value.message), stopped.value.message


# -- (d) no server inherits anything of the API's ---------------------------------------------------
def _secrets(settings: Settings) -> dict[str, str]:
    named = {
        "pepper": settings.pepper,
        "neo4j password": settings.neo4j.password,
        "neo4j analyst password": settings.neo4j.analyst_password,
        "weaviate api key": settings.weaviate.api_key,
        "weaviate cluster password": settings.weaviate.cluster_password,
        "s3 access key": settings.s3.access_key,
        "s3 secret key": settings.s3.secret_key,
        **{f"api key #{i}": k.key for i, k in enumerate(settings.api_keys)},
    }
    return {name: value.get_secret_value() for name, value in named.items() if value.get_secret_value()}


OWN_SECRETS = {
    "neo4j": {"neo4j password"},
    "weaviate": {"weaviate api key", "weaviate cluster password"},
    "s3": {"s3 access key", "s3 secret key"},
}


def _environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().decode(errors="replace")
    return dict(item.split("=", 1) for item in raw.split("\0") if "=" in item)


def test_servers_inherit_no_foreign_secret_or_mal_variable(
    stack: Stack, settings: Settings, pids: dict[str, int]
) -> None:
    need(pids)
    secrets = _secrets(settings)
    assert {"pepper", "neo4j password", "weaviate api key", "s3 secret key"} <= set(secrets)
    problems = []
    for name, pid in pids.items():
        environ = _environ(pid)
        own_variables = set(stack.servers[name].env())
        mal = sorted(k for k in environ if k.startswith("MAL_"))
        if mal:
            problems.append(f"{name}: inherits {mal}")
        foreign = sorted(k for k in environ if k not in INHERITABLE | own_variables)
        if foreign:
            problems.append(f"{name}: variables beyond its minimal environment {foreign}")
        for secret_name, value in secrets.items():
            if secret_name in OWN_SECRETS[name]:
                continue
            if any(value in v for v in environ.values()):
                problems.append(f"{name}: holds the {secret_name} in its environment")
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        for secret_name, value in secrets.items():
            if value in cmdline:
                problems.append(f"{name}: the {secret_name} is on its command line (visible in ps)")
    assert not problems, "\n".join(problems)
