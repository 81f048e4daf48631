"""Weaviate: the summary index. One multi-tenant collection; the tenant is the subject key, so
one subject's vectors are unreachable from another by construction, and erasure drops a tenant.

Text is indexed twice: `*_zh` with the gse_ch tokenizer (Chinese word segmentation for BM25) and
plain `word` tokenization for English.

The collection's description records which embedding model made its vectors (JSON after
`EMBEDDING_MARK`): the record lives and dies with the vectors it describes, so dropping the
collection cannot leave a stale record behind, as a node in Neo4j could.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import grpc
import httpx
import weaviate
from tenacity import retry, retry_if_exception, stop_after_attempt, wait_exponential
from weaviate.classes.config import (
    Configure,
    ConsistencyLevel,
    DataType,
    Property,
    ReplicationDeletionStrategy,
    Tokenization,
    VectorDistances,
)
from weaviate.classes.init import AdditionalConfig, Auth, Timeout
from weaviate.classes.query import Filter, HybridFusion, MetadataQuery
from weaviate.classes.tenants import Tenant, TenantActivityStatus
from weaviate.connect import ConnectionParams
from weaviate.exceptions import (
    UnexpectedStatusCodeError,
    WeaviateBaseError,
    WeaviateConnectionError,
    WeaviateQueryError,
)

from mal import variants
from mal.errors import StoreUnavailable
from mal.models import Memory, SubjectKey, VectorHit
from mal.recipes import BM25_FIELDS
from mal.records import EmbeddingRecord

__all__ = ["WeaviateVectorStore"]


def _is_connection_failure(exc: BaseException) -> bool:
    return isinstance(exc, StoreUnavailable) and exc.detail.startswith("connection")


# After a restart the gRPC channel sits in reconnect backoff: rebuild it and try again briefly
# before telling the caller the store is down.
_reconnecting = retry(
    retry=retry_if_exception(_is_connection_failure),
    stop=stop_after_attempt(4),
    wait=wait_exponential(multiplier=0.25, max=1.0),
    reraise=True,
)

EMBEDDING_MARK = "mal-embeddings:"
TEXT_PROPERTIES = ("summary", "summary_zh", "text", "text_zh")
# The search recipe (mal/recipes.py) names the fusion and the BM25 fields; these are the defaults
# for a caller that passes none.
_FUSION = {"ranked": HybridFusion.RANKED, "relative_score": HybridFusion.RELATIVE_SCORE}
QUERY_PROPERTIES = BM25_FIELDS  # the recipes' default per-language BM25 fields (mal/recipes.py)
PROPERTIES = (
    ("summary", Tokenization.WORD),
    ("summary_zh", Tokenization.GSE_CH),
    ("text", Tokenization.WORD),
    ("text_zh", Tokenization.GSE_CH),
    ("context", Tokenization.WORD),
    ("context_zh", Tokenization.GSE_CH),
    ("kind", Tokenization.FIELD),
    ("lang", Tokenization.FIELD),
)
# gse_ch keeps function words; without these, "的" and "我" dominate Chinese BM25 scores.
_CHINESE_STOPWORDS_TEXT = (
    "的 了 是 我 你 他 她 它 们 吗 呢 吧 啊 呀 哦 在 和 有 也 还 就 都 而 及 与 "
    "着 或 一个 没有 什么 怎么 这 那 个 记得 知道 用户 请 帮 帮我 给 把 被 让 要 会 能 想 说 过"
)
CHINESE_STOPWORDS = _CHINESE_STOPWORDS_TEXT.split()


class WeaviateVectorStore:
    def __init__(
        self,
        host: str,
        http_port: int,
        grpc_port: int,
        api_key: str,
        collection: str,
        timeout_s: float = 10.0,
        replication_factor: int | None = None,
        consistency_level: str | None = None,
    ) -> None:
        """`replication_factor` None: 1 on one node, 3 from three (what the cluster reports when the
        collection is created); `consistency_level` None: QUORUM when the factor is > 1, else ONE."""
        self._name = collection
        self._factor = replication_factor
        self._level_setting = ConsistencyLevel(consistency_level) if consistency_level else None
        self._level = self._level_setting  # None until the collection's factor is known
        self._grpc_address = (host, grpc_port)
        self._client = weaviate.WeaviateClient(
            connection_params=ConnectionParams.from_params(
                http_host=host,
                http_port=http_port,
                http_secure=False,
                grpc_host=host,
                grpc_port=grpc_port,
                grpc_secure=False,
            ),
            auth_client_secret=Auth.api_key(api_key) if api_key else None,
            additional_config=AdditionalConfig(timeout=Timeout(init=timeout_s, query=timeout_s, insert=timeout_s)),
            skip_init_checks=True,
        )
        self._connected = False
        self._lock = threading.Lock()
        self._tenants: set[str] = set()  # tenants known to exist: saves a round trip per call

    @contextmanager
    def _translate(self) -> Iterator[None]:
        try:
            yield
        except WeaviateConnectionError as exc:
            self._connected = False
            raise StoreUnavailable("weaviate", "connection failed") from exc
        except WeaviateQueryError as exc:
            if _grpc_unavailable(exc):
                self._connected = False
                raise StoreUnavailable("weaviate", "connection failed (gRPC)") from exc
            raise StoreUnavailable("weaviate", f"query failed: {str(exc)[:160]}") from exc
        except UnexpectedStatusCodeError as exc:
            if exc.status_code in (401, 403):
                raise StoreUnavailable("weaviate", "API key refused") from exc
            raise StoreUnavailable("weaviate", f"HTTP {exc.status_code}") from exc
        except WeaviateBaseError as exc:
            raise StoreUnavailable("weaviate", type(exc).__name__) from exc
        except httpx.HTTPError as exc:  # a connection cut mid-request (ReadError, RemoteProtocolError)
            self._connected = False
            raise StoreUnavailable("weaviate", type(exc).__name__) from exc
        except grpc.RpcError as exc:  # a raw gRPC error the client's retry layer let through
            self._connected = False
            raise StoreUnavailable("weaviate", "connection failed (gRPC)") from exc
        except ValueError as exc:
            # grpc raises ValueError("Cannot invoke RPC on closed channel!") through the client's
            # retry layer when another thread's reconnect closed the channel mid-call (the fault
            # run's 500s): a lost connection, retried by `_reconnecting` on the new channel.
            if not _channel_closed(exc):
                raise
            self._connected = False
            raise StoreUnavailable("weaviate", "connection lost (gRPC channel closed)") from exc
        except OSError as exc:  # a socket error below both clients
            self._connected = False
            raise StoreUnavailable("weaviate", f"connection failed ({type(exc).__name__})") from exc

    def _probe(self) -> None:
        """Fail fast when the server is down: the client itself retries UNAVAILABLE gRPC calls
        with a hard-coded 1+2+...+32 s backoff, which would turn a 503 into a minute-long hang."""
        try:
            socket.create_connection(self._grpc_address, timeout=0.5).close()
        except OSError as exc:
            self._connected = False
            raise StoreUnavailable("weaviate", f"connection refused on gRPC port {self._grpc_address[1]}") from exc

    def _collection(self) -> Any:
        self._probe()
        with self._lock:
            if not self._connected:
                with self._translate():
                    if self._client.is_connected():
                        self._client.close()
                    self._client.connect()
                self._connected = True
        collection = self._client.collections.use(self._name)
        if self._level is None:
            with self._translate():
                self._level = _default_level(self._client, self._name)
        return collection.with_consistency_level(self._level)

    def _tenant(self, subject: SubjectKey) -> Any:
        return self._collection().with_tenant(subject)

    def ensure_schema(self) -> None:
        self._collection()
        with self._translate():
            if self._client.collections.exists(self._name):
                # Additive migration: properties added since the collection was created.
                config = self._client.collections.use(self._name).config
                have = {p.name for p in config.get().properties}
                for name, tokenization in PROPERTIES:
                    if name not in have:
                        config.add_property(Property(name=name, data_type=DataType.TEXT, tokenization=tokenization))
                return
            factor = self._factor or min(3, len(self._client.cluster.nodes()))
            self._client.collections.create(
                self._name,
                # Weaviate >= 1.38 runs async replication for every factor > 1 (it repairs a replica
                # that missed writes while down; the old `asyncEnabled` flag is gone). A delete wins
                # a conflict, so a forgotten or erased memory never comes back from a replica.
                replication_config=Configure.replication(
                    factor=factor, deletion_strategy=ReplicationDeletionStrategy.DELETE_ON_CONFLICT
                ),
                vector_config=Configure.Vectors.self_provided(
                    vector_index_config=Configure.VectorIndex.hnsw(
                        distance_metric=VectorDistances.COSINE, ef_construction=200, max_connections=32
                    )
                ),
                inverted_index_config=Configure.inverted_index(stopwords_additions=CHINESE_STOPWORDS),
                multi_tenancy_config=Configure.multi_tenancy(
                    enabled=True, auto_tenant_creation=True, auto_tenant_activation=True
                ),
                properties=[Property(name=n, data_type=DataType.TEXT, tokenization=t) for n, t in PROPERTIES],
            )
            self._level = self._level_setting or (ConsistencyLevel.QUORUM if factor > 1 else ConsistencyLevel.ONE)

    def ready(self) -> None:
        self._collection()
        with self._translate():
            if not self._client.is_ready():
                raise StoreUnavailable("weaviate", "not ready")

    def close(self) -> None:
        self._client.close()

    @_reconnecting
    def upsert(self, subject: SubjectKey, memory: Memory, vector: Sequence[float]) -> None:
        props = _properties(memory)
        with self._translate():
            tenant = self._tenant(subject)
            try:
                tenant.data.insert(properties=props, uuid=memory.id, vector=list(vector))
            except UnexpectedStatusCodeError as exc:
                if exc.status_code != 422 or "already exists" not in str(exc):
                    raise
                tenant.data.replace(properties=props, uuid=memory.id, vector=list(vector))
            self._tenants.add(subject)

    def insert_many(self, subject: SubjectKey, items: Sequence[tuple[Memory, Sequence[float]]]) -> None:
        """Bulk load (benchmarks, imports): one batch request per call instead of one per memory."""
        self.upsert_many(subject, items)

    @_reconnecting
    def upsert_many(self, subject: SubjectKey, items: Sequence[tuple[Memory, Sequence[float]]]) -> None:
        """One batch request for a capture's memories. A batch object whose id exists replaces it,
        as `upsert` does."""
        from weaviate.classes.data import DataObject

        if not items:
            return
        objects = [DataObject(properties=_properties(m), uuid=m.id, vector=list(v)) for m, v in items]
        with self._translate():
            result = self._tenant(subject).data.insert_many(objects)
            self._tenants.add(subject)
        if result.has_errors:
            raise StoreUnavailable("weaviate", f"{len(result.errors)} objects failed in a batch insert")

    @_reconnecting
    def update_text(self, subject: SubjectKey, memory: Memory) -> bool:
        """A PATCH of the two word properties (`text`, `text_zh`: the text and its variants), the
        vector and the rest untouched: one HTTP round trip after a reinforcement added a variant.
        A batch cannot do it (a batch object replaces the whole object, vector included)."""
        words = variants.indexed_text(memory)
        with self._translate():
            if not self._has_tenant(subject):
                return False
            try:
                self._tenant(subject).data.update(uuid=memory.id, properties={"text": words, "text_zh": words})
            except UnexpectedStatusCodeError as exc:
                if exc.status_code == 404:  # no object: repair or reindex writes it whole
                    return False
                raise
        return True

    def _exists(self, subject: SubjectKey, memory_id: str) -> bool:
        if not self._has_tenant(subject):
            return False
        return bool(self._tenant(subject).data.exists(memory_id))

    @_reconnecting
    def exists(self, subject: SubjectKey, memory_id: str) -> bool:
        with self._translate():
            return self._exists(subject, memory_id)

    def _has_tenant(self, subject: SubjectKey) -> bool:
        if subject in self._tenants:
            return True
        if self._collection().tenants.get_by_name(subject) is not None:
            self._tenants.add(subject)
            return True
        return False

    @_reconnecting
    def delete(self, subject: SubjectKey, ids: Sequence[str]) -> None:
        if not ids:
            return
        with self._translate():
            if self._has_tenant(subject):
                self._tenant(subject).data.delete_many(where=Filter.by_id().contains_any(list(ids)))

    @_reconnecting
    def search(
        self,
        subject: SubjectKey,
        query: str,
        vector: Sequence[float],
        k: int,
        alpha: float,
        kinds: Sequence[str] | None,
        lang: str = "en",
        fusion: str = "ranked",
        fields: Sequence[str] | None = None,
    ) -> list[VectorHit]:
        with self._translate():
            if not self._has_tenant(subject):
                return []
            try:
                result = self._tenant(subject).query.hybrid(
                    query=query,
                    vector=list(vector),
                    alpha=alpha,
                    limit=k,
                    query_properties=list(fields) if fields else list(QUERY_PROPERTIES.get(lang, TEXT_PROPERTIES)),
                    fusion_type=_FUSION[fusion],
                    filters=Filter.by_property("kind").contains_any(list(kinds)) if kinds else None,
                    return_metadata=MetadataQuery(score=True),
                )
            except WeaviateQueryError as exc:
                if self._tenant_gone(subject, exc):
                    return []
                raise
        return [VectorHit(id=str(o.uuid), score=float(o.metadata.score or 0.0)) for o in result.objects]

    def _tenant_gone(self, subject: SubjectKey, exc: Exception) -> bool:
        """Another process erased this tenant after we cached it: no data is the right answer."""
        if "tenant" in str(exc).lower() and ("not found" in str(exc).lower() or "not exist" in str(exc).lower()):
            self._tenants.discard(subject)
            return True
        return False

    @_reconnecting
    def nearest(
        self, subject: SubjectKey, vector: Sequence[float], k: int, kind: str | None, exclude_lang: str | None = None
    ) -> list[VectorHit]:
        where = Filter.by_property("kind").equal(kind) if kind else None
        if exclude_lang is not None:
            other = Filter.by_property("lang").not_equal(exclude_lang)
            where = other if where is None else where & other
        with self._translate():
            if not self._has_tenant(subject):
                return []
            try:
                result = self._tenant(subject).query.near_vector(
                    near_vector=list(vector),
                    limit=k,
                    filters=where,
                    return_metadata=MetadataQuery(distance=True),
                )
            except WeaviateQueryError as exc:
                if self._tenant_gone(subject, exc):
                    return []
                raise
        return [
            VectorHit(
                id=str(o.uuid),
                score=1.0 - float(o.metadata.distance or 0.0),
                vector_cosine=1.0 - float(o.metadata.distance or 0.0),
            )
            for o in result.objects
        ]

    @_reconnecting
    def count_subject(self, subject: SubjectKey) -> int:
        with self._translate():
            if not self._has_tenant(subject):
                return 0
            try:
                return int(self._tenant(subject).aggregate.over_all(total_count=True).total_count or 0)
            except WeaviateQueryError as exc:  # erased meanwhile by another process (API replica)
                if self._tenant_gone(subject, exc):
                    return 0
                raise

    @_reconnecting
    def model_record(self) -> EmbeddingRecord | None:
        self._collection()
        with self._translate():
            if not self._client.collections.exists(self._name):
                return None
            description = self._client.collections.use(self._name).config.get().description or ""
        if not description.startswith(EMBEDDING_MARK):
            return None
        return EmbeddingRecord.from_json(json.loads(description[len(EMBEDDING_MARK) :]))

    @_reconnecting
    def set_model_record(self, record: EmbeddingRecord) -> None:
        config = self._collection().config
        with self._translate():
            config.update(description=EMBEDDING_MARK + json.dumps(record.to_json(), sort_keys=True))

    @_reconnecting
    def subjects_with_vectors(self) -> list[SubjectKey]:
        collection = self._collection()
        with self._translate():
            if not self._client.collections.exists(self._name):
                return []
            return sorted(SubjectKey(name) for name in collection.tenants.get())

    @_reconnecting
    def ids(self, subject: SubjectKey) -> list[str]:
        with self._translate():
            if not self._has_tenant(subject):
                return []
            return sorted(str(o.uuid) for o in self._tenant(subject).iterator(return_properties=[]))

    @_reconnecting
    def deactivate_subject(self, subject: SubjectKey) -> bool:
        """An idle subject's tenant goes INACTIVE: its shard is closed (no memory, no file handles)
        but stays on disk; the collection's auto-activation re-opens it on the next access. True
        when this call changed it."""
        with self._translate():
            tenant = self._collection().tenants.get_by_name(subject) if self._has_tenant(subject) else None
            if tenant is None or tenant.activity_status != TenantActivityStatus.ACTIVE:
                return False
            self._collection().tenants.update([Tenant(name=subject, activity_status=TenantActivityStatus.INACTIVE)])
            return True

    @_reconnecting
    def erase_subject(self, subject: SubjectKey) -> int:
        count = self.count_subject(subject)
        with self._translate():
            if self._has_tenant(subject):
                self._collection().tenants.remove([Tenant(name=subject)])
            self._tenants.discard(subject)
        return count


def _default_level(client: Any, name: str) -> ConsistencyLevel:
    """QUORUM when the collection is replicated, else ONE (a missing collection: ONE until created)."""
    if not client.collections.exists(name):
        return ConsistencyLevel.ONE
    factor = client.collections.use(name).config.get().replication_config.factor
    return ConsistencyLevel.QUORUM if factor > 1 else ConsistencyLevel.ONE


def _channel_closed(exc: ValueError) -> bool:
    return "closed channel" in str(exc)


def _grpc_unavailable(exc: Exception) -> bool:
    text = str(exc)
    return "StatusCode.UNAVAILABLE" in text or "failed to connect" in text or "Connection refused" in text


def _properties(memory: Memory) -> dict[str, str]:
    """The indexed text of a memory: each text twice, once per tokenizer. `text` holds the user's
    words with the variants dedup merged in (mal/variants.py), so a merged wording stays findable."""
    words = variants.indexed_text(memory)
    return {
        "summary": memory.summary,
        "summary_zh": memory.summary,
        "text": words,
        "text_zh": words,
        "context": memory.context,
        "context_zh": memory.context,
        "kind": memory.kind,
        "lang": memory.lang,
    }
