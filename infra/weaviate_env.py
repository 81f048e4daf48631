"""Weaviate's whole run-time configuration, as the environment the stack starts it with."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from infra.env import StackError
from infra.weaviate_build import WEAVIATE_DATA_BIND_VAR, WEAVIATE_GRPC_BIND_VAR
from mal.settings import WeaviateSettings

__all__ = ["CLUSTER_ADDR", "EXTRA_GRPC_BASE", "EXTRA_HTTP_BASE", "NodePorts", "node_ports", "weaviate_env"]

# Gossip, Raft and Raft RPC (CLUSTER_BIND_ADDR) and the internal data API, all on loopback.
CLUSTER_ADDR = "127.0.0.1"
# Nodes 2..n of a local cluster (`--weaviate-nodes N`): node 1 keeps the configured ports (so the
# API's settings work unchanged); node k > 1 takes HTTP 8160+k-2, gRPC 50160+k-2 and four cluster
# ports from 7260+4(k-2): gossip, data (gossip+1, Weaviate's convention), Raft, Raft RPC (Raft+1,
# Weaviate's convention for a cluster on one host).
EXTRA_HTTP_BASE, EXTRA_GRPC_BASE, EXTRA_CLUSTER_BASE = 8160, 50160, 7260
MAX_NODES = 10


@dataclass(frozen=True)
class NodePorts:
    http: int
    grpc: int
    cluster: tuple[int, int, int, int]  # gossip, data, Raft, Raft RPC


def node_ports(wv: WeaviateSettings, node: int) -> NodePorts:
    if node == 1:
        return NodePorts(wv.http_port, wv.grpc_port, wv.cluster_ports)
    if not 2 <= node <= MAX_NODES:
        raise StackError(f"weaviate: a local cluster has 1 to {MAX_NODES} nodes, not node {node}")
    base = EXTRA_CLUSTER_BASE + 4 * (node - 2)
    return NodePorts(EXTRA_HTTP_BASE + node - 2, EXTRA_GRPC_BASE + node - 2, (base, base + 1, base + 2, base + 3))


def node_data_dir(data: Path, node: int, nodes: int) -> Path:
    """A cluster keeps its nodes apart from the single node's data (its Raft log expects one voter)."""
    return data / "weaviate" if nodes == 1 else data / "weaviate-cluster" / f"node{node}"


def weaviate_env(wv: WeaviateSettings, data: Path, node: int = 1, nodes: int = 1) -> dict[str, str]:
    """Weaviate's whole configuration. Listeners: REST on --host and gRPC on the same host
    (WEAVIATE_GRPC_BIND_HOST, our build's patch); gossip (TCP+UDP), Raft, Raft RPC
    (CLUSTER_BIND_ADDR) and the internal data API (WEAVIATE_CLUSTER_DATA_BIND_HOST, patched) on
    CLUSTER_ADDR. Still the data API requires CLUSTER_BASIC_AUTH_* and gRPC the API key. No
    profiling/debug listener, no metrics listener. With `nodes` > 1, node `node` of a cluster on
    loopback: nodes 2..n join node 1's gossip (CLUSTER_JOIN) and every node lists all voters
    (RAFT_JOIN, RAFT_BOOTSTRAP_EXPECT), each with the same credentials as the single node."""
    cluster_password = wv.cluster_password.get_secret_value()
    if not cluster_password:
        raise StackError(
            "weaviate: MAL_WEAVIATE__CLUSTER_PASSWORD is empty; the internal cluster API "
            "would accept anyone (a generated .env has one)"
        )
    ports = node_ports(wv, node)
    gossip, data_port, raft, raft_rpc = ports.cluster
    cluster: dict[str, str] = {}
    if nodes > 1:
        voters = ",".join(f"node{k}:{node_ports(wv, k).cluster[2]}" for k in range(1, nodes + 1))
        cluster = {"RAFT_JOIN": voters, "RAFT_BOOTSTRAP_EXPECT": str(nodes)}
        if node > 1:
            cluster["CLUSTER_JOIN"] = f"{CLUSTER_ADDR}:{wv.cluster_ports[0]}"
    return {
        "PERSISTENCE_DATA_PATH": str(node_data_dir(data, node, nodes)),
        "DEFAULT_VECTORIZER_MODULE": "none",
        "ENABLE_MODULES": "",
        "DISABLE_TELEMETRY": "true",
        "CLUSTER_HOSTNAME": f"node{node}",
        "CLUSTER_IN_LOCALHOST": "true",
        "CLUSTER_ADVERTISE_ADDR": CLUSTER_ADDR,
        "CLUSTER_BIND_ADDR": CLUSTER_ADDR,
        WEAVIATE_DATA_BIND_VAR: CLUSTER_ADDR,
        "CLUSTER_GOSSIP_BIND_PORT": str(gossip),
        "CLUSTER_DATA_BIND_PORT": str(data_port),
        "CLUSTER_BASIC_AUTH_USERNAME": wv.cluster_user,
        "CLUSTER_BASIC_AUTH_PASSWORD": cluster_password,
        "RAFT_PORT": str(raft),
        "RAFT_INTERNAL_RPC_PORT": str(raft_rpc),
        "RAFT_BOOTSTRAP_EXPECT": "1",
        **cluster,
        "GRPC_PORT": str(ports.grpc),
        WEAVIATE_GRPC_BIND_VAR: wv.host,
        # The pprof/debug listener binds ":6060" on every interface, clashes between side-by-side
        # stacks and serves heap dumps: off. Metrics (":2112") stay off too.
        "GO_PROFILING_DISABLE": "true",
        "DEBUG_ENDPOINTS_ENABLED": "false",
        "PROMETHEUS_MONITORING_ENABLED": "false",
        "GOMEMLIMIT": "3GiB" if nodes == 1 else "1GiB",
        "QUERY_DEFAULTS_LIMIT": "25",
        "LOG_LEVEL": "warning",
        "ENABLE_TOKENIZER_GSE_CH": "true",
        "AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED": "false",
        "AUTHENTICATION_APIKEY_ENABLED": "true",
        "AUTHENTICATION_APIKEY_ALLOWED_KEYS": wv.api_key.get_secret_value(),
        "AUTHENTICATION_APIKEY_USERS": "mal",
        "AUTOSCHEMA_ENABLED": "false",
    }
