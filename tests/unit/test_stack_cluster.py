"""`python -m infra.stack up --weaviate-nodes 3`: what each Weaviate node is told (no process is
started here). Node 1 keeps the configured ports; every node has its own ports and data directory,
the nodes find each other on loopback only, and all carry the same credentials."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import SecretStr

from infra.stack import Stack
from infra.stack_cli import _weaviate_nodes
from infra.weaviate_env import node_ports, weaviate_env
from mal.settings import Settings, WeaviateSettings

WV = WeaviateSettings(
    http_port=8106,
    grpc_port=50106,
    cluster_ports=(7161, 7162, 8361, 8362),
    api_key=SecretStr("weaviate-key-1"),
    cluster_password=SecretStr("cluster-password-1"),
)


def test_three_nodes_have_distinct_ports_dirs_and_one_cluster(tmp_path: Path) -> None:
    envs = [weaviate_env(WV, tmp_path, node, 3) for node in (1, 2, 3)]
    ports = [node_ports(WV, node) for node in (1, 2, 3)]
    assert ports[0].http == 8106 and ports[0].grpc == 50106  # node 1 is where the API already points
    every = [p for np in ports for p in (np.http, np.grpc, *np.cluster)]
    assert len(every) == len(set(every)) == 18
    assert all(8160 <= np.http <= 8179 and 50160 <= np.grpc <= 50179 for np in ports[1:])
    assert all(7260 <= p <= 7299 for np in ports[1:] for p in np.cluster)
    assert len({e["PERSISTENCE_DATA_PATH"] for e in envs}) == 3
    assert all("weaviate-cluster" in e["PERSISTENCE_DATA_PATH"] for e in envs)
    assert [e["CLUSTER_HOSTNAME"] for e in envs] == ["node1", "node2", "node3"]
    voters = "node1:8361,node2:7262,node3:7266"
    assert all(e["RAFT_JOIN"] == voters and e["RAFT_BOOTSTRAP_EXPECT"] == "3" for e in envs)
    assert "CLUSTER_JOIN" not in envs[0]
    assert envs[1]["CLUSTER_JOIN"] == envs[2]["CLUSTER_JOIN"] == "127.0.0.1:7161"
    for env, np in zip(envs, ports, strict=True):
        # Weaviate's one-host conventions: data port = gossip + 1, Raft RPC = Raft + 1.
        assert int(env["CLUSTER_DATA_BIND_PORT"]) == int(env["CLUSTER_GOSSIP_BIND_PORT"]) + 1
        assert int(env["RAFT_INTERNAL_RPC_PORT"]) == int(env["RAFT_PORT"]) + 1
        assert env["GRPC_PORT"] == str(np.grpc)
        assert env["CLUSTER_BIND_ADDR"] == env["CLUSTER_ADVERTISE_ADDR"] == "127.0.0.1"
        assert env["CLUSTER_BASIC_AUTH_PASSWORD"] == "cluster-password-1"
        assert env["AUTHENTICATION_APIKEY_ALLOWED_KEYS"] == "weaviate-key-1"
        assert env["AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED"] == "false"


def test_one_node_is_unchanged(tmp_path: Path) -> None:
    env = weaviate_env(WV, tmp_path)
    assert env["PERSISTENCE_DATA_PATH"] == str(tmp_path / "weaviate")
    assert env["RAFT_BOOTSTRAP_EXPECT"] == "1" and "RAFT_JOIN" not in env and "CLUSTER_JOIN" not in env


def test_the_stack_knows_every_node(tmp_path: Path) -> None:
    settings = Settings(_env_file=None, weaviate=WV)  # type: ignore[call-arg]
    assert {n for n in Stack(settings, tmp_path, weaviate_nodes=3).servers if n.startswith("weaviate")} == {
        "weaviate",
        "weaviate-2",
        "weaviate-3",
    }
    assert "weaviate-2" not in Stack(settings, tmp_path).servers


def test_the_node_count_is_remembered(tmp_path: Path) -> None:
    memo = tmp_path / "run" / "weaviate-nodes"
    assert _weaviate_nodes(["down"], memo) == (1, ["down"])
    assert _weaviate_nodes(["up", "--weaviate-nodes", "3"], memo) == (3, ["up"])
    assert _weaviate_nodes(["status"], memo) == (3, ["status"])
    for bad in (["up", "--weaviate-nodes"], ["up", "--weaviate-nodes", "x"], ["up", "--weaviate-nodes", "11"]):
        with pytest.raises(ValueError):
            _weaviate_nodes(bad, memo)
