"""What each child process of infra/stack.py receives as its environment (issue #9, item 1 and 2):
servers and builds get a minimal environment, never the API's secrets. No process is started here:
subprocess is replaced by a recorder, so the test runs without Java, Go or the servers."""

from __future__ import annotations

import shutil
import socket
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from infra import stack as stack_module
from infra.stack import Stack, StackError
from mal.settings import Neo4jSettings, S3Settings, Settings, WeaviateSettings

API_SECRETS = {
    "MAL_PEPPER": "pepper-0123456789abcdef",
    "MAL_API_KEYS": '[{"key":"agent-key-秘密","tenant":"t","scopes":["agent"]}]',
    "MAL_NEO4J__PASSWORD": "neo4j-password-1",
    "MAL_NEO4J__ANALYST_PASSWORD": "analyst-password-1",
    "MAL_WEAVIATE__API_KEY": "weaviate-key-1",
    "MAL_WEAVIATE__CLUSTER_PASSWORD": "cluster-password-1",
    "MAL_S3__ACCESS_KEY": "s3-access-1",
    "MAL_S3__SECRET_KEY": "s3-secret-1",
}
OTHER_INHERITED = {
    "AWS_SECRET_ACCESS_KEY": "cloud-secret",
    "LD_PRELOAD": "/tmp/evil.so",
    "JAVA_TOOL_OPTIONS": "-javaagent:/tmp/evil.jar",
    "CLUSTER_JOIN": "10.0.0.9:7100",
}
OWN = {
    "neo4j": {"neo4j-password-1"},
    "weaviate": {"weaviate-key-1", "cluster-password-1"},
    "s3": {"s3-access-1", "s3-secret-1"},
}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def hostile_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in {**API_SECRETS, **OTHER_INHERITED, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}.items():
        monkeypatch.setenv(name, value)


@pytest.fixture
def stack(tmp_path: Path, hostile_env: None) -> Stack:
    ports = [_free_port() for _ in range(8)]
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        neo4j=Neo4jSettings(uri=f"bolt://127.0.0.1:{ports[0]}", password=SecretStr("neo4j-password-1")),
        weaviate=WeaviateSettings(
            http_port=ports[1],
            grpc_port=ports[2],
            cluster_ports=(ports[3], ports[4], ports[5], ports[6]),
            api_key=SecretStr("weaviate-key-1"),
            cluster_password=SecretStr("cluster-password-1"),
        ),
        s3=S3Settings(
            endpoint_url=f"http://127.0.0.1:{ports[7]}",
            access_key=SecretStr("s3-access-1"),
            secret_key=SecretStr("s3-secret-1"),
        ),
    )
    made = Stack(settings, tmp_path)
    for directory in (made.logs, made.run_dir):  # as `up` does
        directory.mkdir(parents=True)
    return made


class _Started(Exception):
    pass


def _popen_env(stack: Stack, name: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Run Stack.start(name) up to the Popen call and return the env it passed."""
    seen: dict[str, Any] = {}

    def fake_popen(command: list[str], **kwargs: Any) -> None:
        seen.update(kwargs)
        raise _Started

    monkeypatch.setattr(subprocess, "Popen", fake_popen)
    stack.servers[name].install = lambda: None
    with pytest.raises(_Started):
        stack.start(name)
    env = seen.get("env")
    assert env is not None, f"{name} was started without an explicit env (it inherits everything)"
    return dict(env)


@pytest.mark.parametrize("name", ["neo4j", "weaviate", "s3"])
def test_server_gets_only_its_own_settings_and_secrets(
    stack: Stack, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = _popen_env(stack, name, monkeypatch)
    assert not [k for k in env if k.startswith("MAL_")]
    assert not set(OTHER_INHERITED) & set(env)
    foreign = {v for v in API_SECRETS.values()} - OWN[name]
    assert not [k for k, v in env.items() if any(secret in v for secret in foreign)]
    assert OWN[name] <= set(env.values())
    assert env["PATH"] == "/usr/bin:/bin"


def test_weaviate_binds_loopback_requires_cluster_auth_and_has_no_profiler(
    stack: Stack, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = _popen_env(stack, "weaviate", monkeypatch)
    assert env["CLUSTER_BIND_ADDR"] == "127.0.0.1"
    assert env["CLUSTER_BASIC_AUTH_USERNAME"] and env["CLUSTER_BASIC_AUTH_PASSWORD"] == "cluster-password-1"
    assert env["GO_PROFILING_DISABLE"] == "true"
    assert env["PROMETHEUS_MONITORING_ENABLED"] == "false"


def test_weaviate_refuses_to_start_without_cluster_password(stack: Stack) -> None:
    stack.settings.weaviate.cluster_password = SecretStr("")
    with pytest.raises(StackError, match="CLUSTER_PASSWORD"):
        stack.servers["weaviate"].env()


def test_neo4j_gets_the_transaction_memory_cap(stack: Stack, monkeypatch: pytest.MonkeyPatch) -> None:
    env = _popen_env(stack, "neo4j", monkeypatch)
    assert env["NEO4J_TX_MEMORY_MB"] == str(stack.settings.neo4j.tx_memory_mb)


def test_builds_get_no_api_secret(stack: Stack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`go install` and `mvn` keep what a build needs (PATH, proxy, CA bundle, Go variables), not MAL_*."""
    monkeypatch.setenv("GOPROXY", "https://proxy.golang.org")
    monkeypatch.setenv("SSL_CERT_FILE", "/etc/ssl/certs/ca-certificates.crt")
    calls: list[dict[str, str]] = []

    def fake_call(command: list[str], **kwargs: Any) -> int:
        calls.append(dict(kwargs.get("env") or {"<inherited>": "everything"}))
        return 1

    monkeypatch.setattr(subprocess, "call", fake_call)
    monkeypatch.setattr(shutil, "which", lambda tool: f"/usr/bin/{tool}")
    monkeypatch.setattr(stack_module, "BIN_CACHE", tmp_path / "bin")
    monkeypatch.setattr(stack_module, "LAUNCHER_DIR", tmp_path / "launcher")
    (tmp_path / "launcher").mkdir()
    (tmp_path / "launcher" / "pom.xml").write_text("<project/>")
    with pytest.raises(StackError):
        stack._go_install("example.org/x", "x", "v0", "now")
    with pytest.raises(StackError):
        stack._install_neo4j()
    assert len(calls) == 2
    for env in calls:
        assert "<inherited>" not in env
        assert not [k for k in env if k.startswith("MAL_")]
        assert not set(OTHER_INHERITED) & set(env)
        assert not [k for k, v in env.items() if any(s in v for s in API_SECRETS.values())]
    go_env, _ = calls
    assert go_env["GOPROXY"] == "https://proxy.golang.org" and go_env["CGO_ENABLED"] == "0"
    assert go_env["SSL_CERT_FILE"] == "/etc/ssl/certs/ca-certificates.crt"
