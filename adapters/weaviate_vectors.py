"""Weaviate: the summary index. One multi-tenant collection; the tenant is the subject key, so
one subject's vectors are unreachable from another by construction, and erasure drops a tenant.

Text is indexed twice: `*_zh` with the gse_ch tokenizer (Chinese word segmentation for BM25) and
plain `word` tokenization for English.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import weaviate
from weaviate.classes.config import Configure, DataType, Property, Tokenization, VectorDistances
from weaviate.classes.init import AdditionalConfig, Auth, Timeout
from weaviate.classes.query import Filter, HybridFusion, MetadataQuery
from weaviate.classes.tenants import Tenant
from weaviate.connect import ConnectionParams
from weaviate.exceptions import (
    UnexpectedStatusCodeError,
    WeaviateBaseError,
    WeaviateConnectionError,
    WeaviateQueryError,
)

from mal.errors import StoreUnavailable
from mal.models import Memory, SubjectKey, VectorHit

__all__ = ["WeaviateVectorStore"]

TEXT_PROPERTIES = ("summary", "summary_zh", "text", "text_zh")
# gse_ch keeps function words; without these, "的" and "我" dominate Chinese BM25 scores.
CHINESE_STOPWORDS = [
    "的", "了", "是", "我", "你", "他", "她", "它", "们", "吗", "呢", "吧", "啊", "呀", "哦", "在", "和", "有", "也",
    "还", "就", "都", "而", "及", "与", "着", "或", "一个", "没有", "什么", "怎么", "这", "那", "个", "记得", "知道",
    "用户", "请", "帮", "帮我", "给", "把", "被", "让", "要", "会", "能", "想", "说", "过",
]


class WeaviateVectorStore:
    def __init__(
        self, host: str, http_port: int, grpc_port: int, api_key: str, collection: str,
        timeout_s: float = 10.0,
    ) -> None:
        self._name = collection
        self._client = weaviate.WeaviateClient(
            connection_params=ConnectionParams.from_params(
                http_host=host, http_port=http_port, http_secure=False,
                grpc_host=host, grpc_port=grpc_port, grpc_secure=False,
            ),
            auth_client_secret=Auth.api_key(api_key) if api_key else None,
            additional_config=AdditionalConfig(timeout=Timeout(init=timeout_s, query=timeout_s, insert=timeout_s)),
            skip_init_checks=True,
        )
        self._connected = False
        self._lock = threading.Lock()

    @contextmanager
    def _translate(self) -> Iterator[None]:
        try:
            yield
        except WeaviateConnectionError as exc:
            self._connected = False
            raise StoreUnavailable("weaviate", "connection failed") from exc
        except UnexpectedStatusCodeError as exc:
            if exc.status_code in (401, 403):
                raise StoreUnavailable("weaviate", "API key refused") from exc
            raise StoreUnavailable("weaviate", f"HTTP {exc.status_code}") from exc
        except WeaviateBaseError as exc:
            raise StoreUnavailable("weaviate", type(exc).__name__) from exc

    def _collection(self) -> Any:
        with self._lock:
            if not self._connected:
                with self._translate():
                    if self._client.is_connected():
                        self._client.close()
                    self._client.connect()
                self._connected = True
        return self._client.collections.use(self._name)

    def _tenant(self, subject: SubjectKey) -> Any:
        return self._collection().with_tenant(subject)

    def ensure_schema(self) -> None:
        self._collection()
        with self._translate():
            if self._client.collections.exists(self._name):
                return
            self._client.collections.create(
                self._name,
                vector_config=Configure.Vectors.self_provided(
                    vector_index_config=Configure.VectorIndex.hnsw(
                        distance_metric=VectorDistances.COSINE, ef_construction=200, max_connections=32
                    )
                ),
                inverted_index_config=Configure.inverted_index(stopwords_additions=CHINESE_STOPWORDS),
                multi_tenancy_config=Configure.multi_tenancy(
                    enabled=True, auto_tenant_creation=True, auto_tenant_activation=True
                ),
                properties=[
                    Property(name="summary", data_type=DataType.TEXT, tokenization=Tokenization.WORD),
                    Property(name="summary_zh", data_type=DataType.TEXT, tokenization=Tokenization.GSE_CH),
                    Property(name="text", data_type=DataType.TEXT, tokenization=Tokenization.WORD),
                    Property(name="text_zh", data_type=DataType.TEXT, tokenization=Tokenization.GSE_CH),
                    Property(name="kind", data_type=DataType.TEXT, tokenization=Tokenization.FIELD),
                    Property(name="lang", data_type=DataType.TEXT, tokenization=Tokenization.FIELD),
                ],
            )

    def ready(self) -> None:
        self._collection()
        with self._translate():
            if not self._client.is_ready():
                raise StoreUnavailable("weaviate", "not ready")

    def close(self) -> None:
        self._client.close()

    def upsert(self, subject: SubjectKey, memory: Memory, vector: Sequence[float]) -> None:
        props = {
            "summary": memory.summary, "summary_zh": memory.summary,
            "text": memory.text, "text_zh": memory.text,
            "kind": memory.kind, "lang": memory.lang,
        }
        with self._translate():
            self._tenant(subject).data.insert(properties=props, uuid=memory.id, vector=list(vector)) \
                if not self._exists(subject, memory.id) else \
                self._tenant(subject).data.replace(properties=props, uuid=memory.id, vector=list(vector))

    def insert_many(self, subject: SubjectKey, items: Sequence[tuple[Memory, Sequence[float]]]) -> None:
        """Bulk load (benchmarks, imports): one batch request per call instead of one per memory."""
        from weaviate.classes.data import DataObject

        objects = [DataObject(properties={"summary": m.summary, "summary_zh": m.summary, "text": m.text,
                                          "text_zh": m.text, "kind": m.kind, "lang": m.lang},
                              uuid=m.id, vector=list(v)) for m, v in items]
        with self._translate():
            result = self._tenant(subject).data.insert_many(objects)
        if result.has_errors:
            raise StoreUnavailable("weaviate", f"{len(result.errors)} objects failed in a batch insert")

    def _exists(self, subject: SubjectKey, memory_id: str) -> bool:
        if not self._has_tenant(subject):
            return False
        return bool(self._tenant(subject).data.exists(memory_id))

    def exists(self, subject: SubjectKey, memory_id: str) -> bool:
        with self._translate():
            return self._exists(subject, memory_id)

    def _has_tenant(self, subject: SubjectKey) -> bool:
        return self._collection().tenants.get_by_name(subject) is not None

    def delete(self, subject: SubjectKey, ids: Sequence[str]) -> None:
        if not ids:
            return
        with self._translate():
            if self._has_tenant(subject):
                self._tenant(subject).data.delete_many(where=Filter.by_id().contains_any(list(ids)))

    def search(
        self, subject: SubjectKey, query: str, vector: Sequence[float], k: int, alpha: float,
        kinds: Sequence[str] | None,
    ) -> list[VectorHit]:
        with self._translate():
            if not self._has_tenant(subject):
                return []
            try:
                result = self._tenant(subject).query.hybrid(
                    query=query, vector=list(vector), alpha=alpha, limit=k,
                    query_properties=list(TEXT_PROPERTIES), fusion_type=HybridFusion.RELATIVE_SCORE,
                    filters=Filter.by_property("kind").contains_any(list(kinds)) if kinds else None,
                    return_metadata=MetadataQuery(score=True),
                )
            except WeaviateQueryError as exc:
                raise StoreUnavailable("weaviate", f"query failed: {str(exc)[:160]}") from exc
        return [VectorHit(id=str(o.uuid), score=float(o.metadata.score or 0.0)) for o in result.objects]

    def nearest(self, subject: SubjectKey, vector: Sequence[float], k: int, kind: str | None) -> list[VectorHit]:
        with self._translate():
            if not self._has_tenant(subject):
                return []
            result = self._tenant(subject).query.near_vector(
                near_vector=list(vector), limit=k,
                filters=Filter.by_property("kind").equal(kind) if kind else None,
                return_metadata=MetadataQuery(distance=True),
            )
        return [
            VectorHit(id=str(o.uuid), score=1.0 - float(o.metadata.distance or 0.0),
                      vector_cosine=1.0 - float(o.metadata.distance or 0.0))
            for o in result.objects
        ]

    def count_subject(self, subject: SubjectKey) -> int:
        with self._translate():
            if not self._has_tenant(subject):
                return 0
            return int(self._tenant(subject).aggregate.over_all(total_count=True).total_count or 0)

    def erase_subject(self, subject: SubjectKey) -> int:
        count = self.count_subject(subject)
        with self._translate():
            if self._has_tenant(subject):
                self._collection().tenants.remove([Tenant(name=subject)])
        return count
