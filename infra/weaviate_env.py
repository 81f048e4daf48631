"""Weaviate's whole run-time configuration, as the environment the stack starts it with."""

from __future__ import annotations

from pathlib import Path

from infra.env import StackError
from infra.weaviate_build import WEAVIATE_DATA_BIND_VAR, WEAVIATE_GRPC_BIND_VAR
from mal.settings import WeaviateSettings

__all__ = ["CLUSTER_ADDR", "weaviate_env"]

# Gossip, Raft and Raft RPC (CLUSTER_BIND_ADDR) and the internal data API: one single-node cluster.
CLUSTER_ADDR = "127.0.0.1"


def weaviate_env(wv: WeaviateSettings, data: Path) -> dict[str, str]:
    """Weaviate's whole configuration. Listeners: REST on --host and gRPC on the same host
    (WEAVIATE_GRPC_BIND_HOST, our build's patch); gossip (TCP+UDP), Raft, Raft RPC
    (CLUSTER_BIND_ADDR) and the internal data API (WEAVIATE_CLUSTER_DATA_BIND_HOST, patched) on
    CLUSTER_ADDR. Still the data API requires CLUSTER_BASIC_AUTH_* and gRPC the API key. No
    profiling/debug listener, no metrics listener."""
    cluster_password = wv.cluster_password.get_secret_value()
    if not cluster_password:
        raise StackError(
            "weaviate: MAL_WEAVIATE__CLUSTER_PASSWORD is empty; the internal cluster API "
            "would accept anyone (a generated .env has one)"
        )
    return {
        "PERSISTENCE_DATA_PATH": str(data / "weaviate"),
        "DEFAULT_VECTORIZER_MODULE": "none",
        "ENABLE_MODULES": "",
        "DISABLE_TELEMETRY": "true",
        "CLUSTER_HOSTNAME": "node1",
        "CLUSTER_IN_LOCALHOST": "true",
        "CLUSTER_ADVERTISE_ADDR": CLUSTER_ADDR,
        "CLUSTER_BIND_ADDR": CLUSTER_ADDR,
        WEAVIATE_DATA_BIND_VAR: CLUSTER_ADDR,
        "CLUSTER_GOSSIP_BIND_PORT": str(wv.cluster_ports[0]),
        "CLUSTER_DATA_BIND_PORT": str(wv.cluster_ports[1]),
        "CLUSTER_BASIC_AUTH_USERNAME": wv.cluster_user,
        "CLUSTER_BASIC_AUTH_PASSWORD": cluster_password,
        "RAFT_PORT": str(wv.cluster_ports[2]),
        "RAFT_INTERNAL_RPC_PORT": str(wv.cluster_ports[3]),
        "RAFT_BOOTSTRAP_EXPECT": "1",
        "GRPC_PORT": str(wv.grpc_port),
        WEAVIATE_GRPC_BIND_VAR: wv.host,
        # The pprof/debug listener binds ":6060" on every interface, clashes between side-by-side
        # stacks and serves heap dumps: off. Metrics (":2112") stay off too.
        "GO_PROFILING_DISABLE": "true",
        "DEBUG_ENDPOINTS_ENABLED": "false",
        "PROMETHEUS_MONITORING_ENABLED": "false",
        "GOMEMLIMIT": "3GiB",
        "QUERY_DEFAULTS_LIMIT": "25",
        "LOG_LEVEL": "warning",
        "ENABLE_TOKENIZER_GSE_CH": "true",
        "AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED": "false",
        "AUTHENTICATION_APIKEY_ENABLED": "true",
        "AUTHENTICATION_APIKEY_ALLOWED_KEYS": wv.api_key.get_secret_value(),
        "AUTHENTICATION_APIKEY_USERS": "mal",
        "AUTOSCHEMA_ENABLED": "false",
    }
