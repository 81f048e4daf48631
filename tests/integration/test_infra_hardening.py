"""Neo4j hardening and server environments, probed from the outside (issue #9, items 2 and 4):
LOAD CSV cannot read files or fetch URLs, query logging and statistics keep no raw text, the
transaction memory is capped, and no server inherits the API's secrets. Split from
test_infra_security.py, which covers listeners and credentials.
"""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import neo4j
import pytest

from infra.stack import Stack
from mal.settings import Settings
from tests.integration.servers import INHERITABLE, need

pytestmark = pytest.mark.integration


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
