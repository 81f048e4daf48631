"""Ports owned by the core. Adapters implement these; `mal/` never imports a driver.

Every memory-facing method takes the subject key first: scoping is part of the signature, and
`mal.scope.SubjectScope` is the one place that supplies it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, Protocol

from mal.models import GraphHit, Memory, MemoryStatus, SubjectKey, VectorHit
from mal.records import (
    ArchivedRef,
    ArchiveRef,
    AuditEvent,
    ChainEntry,
    ChainEvent,
    ChainHead,
    DeviceState,
    EmbeddingRecord,
    Expansion,
    IdentityProposal,
    PendingArchive,
    ProfileEvidence,
    Quadruple,
    QuarantineHit,
    RecentTurn,
    SubjectRow,
)
from mal.scope import SubjectScope

__all__ = [
    "AccessTracker",
    "AdminQueries",
    "ArchiveIndex",
    "AuditChainStore",
    "AuditLog",
    "BlobStore",
    "Clock",
    "Embedder",
    "GraphStore",
    "IdentityStore",
    "LeaseStore",
    "LifecycleService",
    "MemoryReader",
    "MemoryStore",
    "MemoryWriter",
    "RecentTurnsStore",
    "StoreLifecycle",
    "SubjectRegistry",
    "VectorStore",
    "on_scale",
]


class Clock(Protocol):
    def now(self) -> datetime: ...


class Embedder(Protocol):
    """Text -> L2-normalised vectors. Two entry points because asymmetric models (e5) embed a
    question differently from the text that answers it ("query: " / "passage: "); symmetric models
    return the same vector from both. Stored memories are passages; searches are queries.
    `model_id` names the weights that made a vector: the vector store records it (see
    `mal.embedding_model`), so vectors of two models are never mixed in one index."""

    dimensions: int
    model_id: str
    # Where this model's cosines start meaning "related": ~0 for MiniLM, ~0.7 for e5, whose
    # unrelated texts already score 0.75-0.8. `mal.ports.on_scale` maps a threshold tuned on a
    # zero-floor model onto this one.
    cosine_floor: float

    def embed_query(self, texts: Sequence[str]) -> list[list[float]]: ...

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]: ...

    def ready(self) -> None: ...


def on_scale(threshold: float, embedder: Embedder) -> float:
    """A cosine threshold chosen for a zero-floor model (MiniLM), on this embedder's scale."""
    floor = embedder.cosine_floor
    return floor + (1.0 - floor) * threshold


class StoreLifecycle(Protocol):
    """Schema, health and shutdown: the composition root's business, never a service's."""

    def ensure_schema(self) -> None: ...
    def ready(self) -> None: ...
    def close(self) -> None: ...


class MemoryReader(Protocol):
    """Reads of one subject's memories (retrieval, context, forget suggestions, export)."""

    def get(self, subject: SubjectKey, memory_id: str) -> Memory | None: ...
    def by_event(self, subject: SubjectKey, event: str) -> Memory | None: ...
    def prior_writes(self, subject: SubjectKey, ids: Sequence[str], events: Sequence[str]) -> dict[str, Memory]:
        """`get` for each id and `by_event` for each event in one read, keyed by id or event."""
        ...

    def active_of_kind(self, subject: SubjectKey, kind: str) -> list[Memory]: ...
    def conflict_rivals(self, subject: SubjectKey, kind: str, key: str) -> list[Memory]:
        """`active_of_kind` cut to the memories whose `parsers.conflict_key` is `key` (oldest
        first); may also return others of the kind (keys the store cannot vouch for), never fewer."""
        ...

    def by_ids(
        self, subject: SubjectKey, ids: Sequence[str], statuses: Sequence[str], related: bool = True
    ) -> list[GraphHit]:
        """Hits in `ids` order with their entities; `related=False` skips the related memories."""
        ...

    def list_memories(
        self,
        subject: SubjectKey,
        statuses: Sequence[str] | None,
        kinds: Sequence[str] | None,
        offset: int,
        limit: int,
    ) -> tuple[list[Memory], int]: ...
    def profile_evidence(self, subject: SubjectKey, rules: str, limit: int) -> ProfileEvidence:
        """The instructions' one read (mal/profile.py): the same `limit` newest active or disputed
        memories `list_memories` pages through, reduced to the active evidence and languages."""
        ...

    def quadruples(self, subject: SubjectKey) -> list[Quadruple]: ...
    def expand(self, subject: SubjectKey, request: Expansion) -> list[tuple[str, float]]: ...


class AccessTracker(Protocol):
    """The one write a read causes: refreshing `last_accessed` (AccessRecorder needs nothing else)."""

    def touch(self, subject: SubjectKey, ids: Sequence[str], at: datetime) -> None: ...


class MemoryWriter(Protocol):
    """Writes of one subject's memories: capture, reinforce, correct, forget, crash repair."""

    def upsert(self, subject: SubjectKey, memory: Memory, indexed: bool) -> None: ...
    def insert_new(self, subject: SubjectKey, memory: Memory, fingerprints: tuple[str, ...]) -> str:
        """Claim the fact's fingerprints and write the memory (unindexed), atomically. The first of
        `fingerprints` (at least one) that another live memory (`HOLDS_FACT`) holds names the owner:
        its id is returned and nothing is written or claimed. Otherwise the memory is written, holds
        them all, and its own id is returned. A fingerprint whose recorded owner is gone, forgotten
        or archived is free."""
        ...

    def insert_many(self, subject: SubjectKey, items: Sequence[tuple[Memory, tuple[str, ...]]]) -> list[str]:
        """`insert_new` for each (memory, fingerprints) in order, in one transaction: owners in order."""
        ...

    def backfill_marks(self, subject: SubjectKey, limit: int) -> int:
        """Write the marks the store keeps beside a memory's content (profile evidence, conflict
        group; judged on write) on up to `limit` of the subject's memories written before those
        marks or under other rules; returns how many it marked (0: none left)."""
        ...

    def reinforce(
        self,
        subject: SubjectKey,
        memory_id: str,
        event: str,
        provenance: Sequence[str],
        now: datetime,
        rate: float,
        step: float,
        max_weight: float,
        words: Sequence[str] = (),
        max_variants: int = 0,
    ) -> Memory | None:
        """Raise the weight, apply `event` once, add `provenance`, and append `words` (the merged
        candidate's own wordings) to the memory's variants, all in one atomic statement. The words
        are appended only when `event` is new to the memory (a replay appends nothing), in order,
        never one equal to the memory's text, summary or an earlier variant (mal/variants.py
        `key`), the oldest `max_variants` kept and later ones counted in `variants_dropped`."""
        ...

    def forget_memory(self, subject: SubjectKey, memory_id: str, now: datetime) -> bool: ...
    def clear_context(self, subject: SubjectKey, memory_id: str, context: str, now: datetime) -> list[Memory]: ...
    def mark_indexed(self, subject: SubjectKey, memory_id: str) -> None: ...
    def mark_indexed_many(self, subject: SubjectKey, ids: Sequence[str]) -> None: ...
    def mark_unindexed(self, subject: SubjectKey, memory_id: str) -> None: ...
    def unfinished(self, subject: SubjectKey, ids: Sequence[str]) -> set[str]:
        """Which of these memories are not finished (indexed=false: being written, or a rollback
        cut short): a replayed capture must not acknowledge those (mal/writing.py)."""
        ...

    def delete(self, subject: SubjectKey, memory_id: str) -> None: ...
    def set_status(self, subject: SubjectKey, ids: Sequence[str], status: MemoryStatus, at: datetime) -> int: ...
    def set_weight(
        self, subject: SubjectKey, memory_id: str, weight: float, at: datetime, valid_to: datetime | None = None
    ) -> None: ...
    def unindexed(self, subject: SubjectKey | None, older_than: datetime) -> list[tuple[str, Memory]]: ...
    def mark_forgetting(self, subject: SubjectKey, memory_id: str, now: datetime) -> None:
        """A forget's first step: hidden from reads and marked, so a crash is finished by repair."""
        ...

    def forget_pending(self, older_than: datetime) -> list[tuple[str, str, Memory]]:
        """(subject, tenant, memory) of forgets begun before `older_than` and never finished."""
        ...

    def clear_query_stats(self) -> None: ...


class MemoryStore(MemoryReader, MemoryWriter, AccessTracker, Protocol):
    """Everything about memories; services that both read and write them take this."""


class AuditLog(Protocol):
    """Append-only trail per subject; an append never re-creates an erased subject."""

    def append_audit(self, subject: SubjectKey, event: AuditEvent) -> None: ...
    def append_audits(self, subject: SubjectKey, events: Sequence[AuditEvent]) -> None: ...
    def audit_trail(self, subject: SubjectKey) -> list[AuditEvent]: ...


class AuditChainStore(Protocol):
    """The per-tenant tamper-evident log (mal/audit_chain.py). `append_chain` seals and stores the
    entries in one transaction that first locks the tenant's head, so concurrent appends (threads,
    API replicas) queue instead of forking the chain. Returns the new head's sequence number."""

    def append_chain(self, tenant: str, entries: Sequence[ChainEntry]) -> int: ...
    def chain_events(self, tenant: str, after_seq: int, limit: int) -> list[ChainEvent]: ...
    def chain_head(self, tenant: str) -> ChainHead | None: ...
    def chain_heads(self) -> list[ChainHead]: ...
    def audit_ref(self, subject: SubjectKey) -> str | None:
        """The subject's random reference in the chain (None before its first event); erase
        deletes it with the subject, so the chain keeps no link to an erased person."""
        ...


class RecentTurnsStore(Protocol):
    """The bounded recent-conversation buffer, changed under the subject's lock."""

    def recent_turns(self, subject: SubjectKey) -> list[RecentTurn]: ...
    def update_recent_turns(
        self, subject: SubjectKey, change: Callable[[list[RecentTurn]], list[RecentTurn]], now: datetime
    ) -> list[RecentTurn]: ...
    def append_recent_turns(self, subject: SubjectKey, turns: Sequence[RecentTurn], keep: int, now: datetime) -> int:
        """Add the turns whose (session_id, index) the buffer lacks, keep the last `keep`, under
        the same lock; returns how many it holds. Only the new turns travel (a capture's path)."""
        ...


class SubjectRegistry(Protocol):
    """Subjects and tenants: identity, paging for the lifecycle, quarantine of sources, erase."""

    def subject_exists(self, subject: SubjectKey) -> bool: ...
    def ensure_subject(self, subject: SubjectKey, tenant: str, now: datetime) -> set[str]: ...
    def subjects(self, tenant: str | None, after: str = "", limit: int = 500) -> list[SubjectRow]: ...
    def set_source_quarantine(
        self, tenant: str, source: str, quarantined: bool, now: datetime
    ) -> list[QuarantineHit]: ...
    def quarantined_sources(self, tenant: str) -> set[str]: ...
    def erase_subject(self, subject: SubjectKey) -> int: ...
    def count_subject(self, subject: SubjectKey) -> int: ...


class IdentityStore(Protocol):
    """Devices, their login bindings, consent and Level 3 proposals (mal/identities.py). A device is
    keyed by its subject key; `bound_to` is the user subject it resolves to."""

    def device(self, device: SubjectKey) -> DeviceState | None: ...
    def register_device(self, device: SubjectKey, tenant: str, now: datetime) -> DeviceState:
        """Idempotent; returns the device as stored (a concurrent binding may already be there)."""
        ...

    def bind_device(self, device: SubjectKey, tenant: str, user: SubjectKey, now: datetime) -> tuple[str | None, bool]:
        """Bind an unbound device to `user` under the device's lock (race-safe, idempotent). Returns
        (the user it was bound to before, or None when this call bound it; whether it is merged)."""
        ...

    def mark_merged(self, device: SubjectKey) -> None: ...
    def unbind_device(self, device: SubjectKey, now: datetime) -> str | None:
        """Stop resolution; returns the user subject it was bound to (None: it was not bound)."""
        ...

    def devices_bound_to(self, user: SubjectKey) -> list[str]: ...
    def drop_device(self, device: SubjectKey) -> None:
        """The device record and its proposals go (erase)."""
        ...

    def unbound_devices(self, tenant: str | None) -> list[DeviceState]: ...
    def record_proposal(self, proposal: IdentityProposal) -> bool:
        """Store a new proposal; an existing one (same pair) keeps its status. True when new."""
        ...

    def proposals(self, tenant: str, status: str | None) -> list[IdentityProposal]: ...
    def proposals_of(self, device: SubjectKey) -> list[IdentityProposal]: ...
    def decide_proposal(self, tenant: str, proposal_id: str, status: str, now: datetime) -> IdentityProposal | None: ...
    def consent(self, subject: SubjectKey) -> dict[str, bool]:
        """Recorded consent by scope (memory, recent_turns); a scope never recorded is absent."""
        ...

    def set_consent(self, subject: SubjectKey, tenant: str, scope: str, granted: bool, now: datetime) -> None: ...


class ArchiveIndex(Protocol):
    """What the lifecycle writes into the hot store: persisted decay and archive stubs."""

    def persist_decay(self, tenant: str | None, rate: float, now: datetime) -> None: ...
    def archive_stub(
        self, subject: SubjectKey, memory_id: str, key: str, sha: str, reason: str, now: datetime
    ) -> None: ...
    def archive_stubs(self, subject: SubjectKey, stubs: Sequence[tuple[str, str, str, str]], now: datetime) -> None:
        """`archive_stub` for each (memory id, key, sha, reason), in one transaction."""
        ...

    def mark_archiving(self, subject: SubjectKey, stubs: Sequence[tuple[str, str, str, str]], now: datetime) -> None:
        """Before the vectors go: each (memory id, key, sha, reason) becomes `archive_pending` and
        unindexed (hidden from reads), so a crash before the stubs is finished by repair."""
        ...

    def archive_pending(self, older_than: datetime) -> list[PendingArchive]:
        """Archives begun before `older_than` and never finished (at most 1000)."""
        ...

    def archive_ref(self, subject: SubjectKey, memory_id: str) -> ArchiveRef | None: ...
    def archived_refs(self, subject: SubjectKey) -> list[ArchivedRef]: ...


class AdminQueries(Protocol):
    """Unscoped read-only Cypher for tests and operators (analysts go through mal/analyst.py)."""

    def run_read_only(self, query: str, params: dict[str, Any], limit: int) -> list[dict[str, Any]]: ...


class GraphStore(
    StoreLifecycle,
    MemoryStore,
    AuditLog,
    AuditChainStore,
    RecentTurnsStore,
    SubjectRegistry,
    ArchiveIndex,
    AdminQueries,
    IdentityStore,
    Protocol,
):
    """The union, for the composition root and the adapters; services take only their roles."""


class VectorStore(Protocol):
    def ensure_schema(self) -> None: ...
    def ready(self) -> None: ...
    def close(self) -> None: ...

    def upsert(self, subject: SubjectKey, memory: Memory, vector: Sequence[float]) -> None: ...
    def upsert_many(self, subject: SubjectKey, items: Sequence[tuple[Memory, Sequence[float]]]) -> None: ...
    def update_text(self, subject: SubjectKey, memory: Memory) -> bool:
        """Re-index a stored memory's words (after a reinforcement added a variant), keeping its
        vector; False when the store holds no object for it (nothing written: repair or reindex
        writes it whole)."""
        ...

    def delete(self, subject: SubjectKey, ids: Sequence[str]) -> None: ...
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
    ) -> list[VectorHit]: ...
    def nearest(
        self, subject: SubjectKey, vector: Sequence[float], k: int, kind: str | None, exclude_lang: str | None = None
    ) -> list[VectorHit]:
        """The `k` stored vectors nearest `vector`, best cosine first, of `kind` when given. With
        `exclude_lang`, only memories whose stored `lang` is another one: the dedup search for
        neighbours in another language (mal/dedup_gate.py `excluded_lang`), which e5 ranks below
        same-language memories on the topic."""
        ...

    def exists(self, subject: SubjectKey, memory_id: str) -> bool: ...
    def erase_subject(self, subject: SubjectKey) -> int: ...
    def count_subject(self, subject: SubjectKey) -> int: ...

    # The embedding model the stored vectors came from, and re-embedding them (`mal reindex`).
    def model_record(self) -> EmbeddingRecord | None: ...
    def set_model_record(self, record: EmbeddingRecord) -> None: ...
    def subjects_with_vectors(self) -> list[SubjectKey]: ...
    def ids(self, subject: SubjectKey) -> list[str]: ...

    # An idle subject's index is closed (kept on disk); the next access re-opens it. True if changed.
    def deactivate_subject(self, subject: SubjectKey) -> bool: ...


class BlobStore(Protocol):
    def ensure_schema(self) -> None: ...
    def ready(self) -> None: ...

    def put(self, bucket: str, key: str, body: bytes, sha256_hex: str) -> None: ...
    def get(self, bucket: str, key: str) -> bytes: ...
    def head_sha256(self, bucket: str, key: str) -> str | None: ...
    def list_keys(self, bucket: str, prefix: str) -> list[str]: ...
    def delete_prefix(self, bucket: str, prefix: str) -> int: ...
    def delete(self, bucket: str, key: str) -> None: ...
    def versions(self, bucket: str, prefix: str) -> int: ...
    def put_locked(self, bucket: str, key: str, body: bytes, sha256_hex: str, retain_until: datetime) -> None:
        """`put` under Object Lock (compliance mode) until `retain_until`: nobody, not even the
        service's own credentials, can delete or replace that version before then."""
        ...


class LifecycleService(Protocol):
    """Implemented in `decay/`; the composition root wires it, the API and CLI call it."""

    def run(self, tenant: str | None = None, dry_run: bool = False, progress: bool = False) -> dict[str, Any]: ...
    def repair(self) -> dict[str, int]:
        """Finish what crashes left half-done (unindexed memories, unfinished archives)."""
        ...

    def restore(self, scope: SubjectScope, memory_id: str) -> Memory: ...
    def export(self, scope: SubjectScope) -> dict[str, Any]: ...


class LeaseStore(Protocol):
    """Expiring, named locks for jobs that must run once across API replicas (mal/lease.py). A
    lease is free when nobody holds it or its holder's time ran out; `period` makes a completed
    job's period (e.g. the day of a daily run) refuse any later acquirer."""

    def acquire(self, name: str, owner: str, ttl_s: float, period: str | None = None) -> bool: ...
    def renew(self, name: str, owner: str, ttl_s: float) -> bool: ...
    def release(self, name: str, owner: str, done_period: str | None = None) -> None: ...
    # Per-subject locks (mal/subject_lock.py): a capture and an erase of one subject exclude each
    # other. Taking a lock one already holds renews it; releasing deletes it (no subject digest
    # outlives an erase in a lock).
    def lock_subject(self, subject: str, owner: str, ttl_s: float) -> bool: ...
    def unlock_subject(self, subject: str, owner: str) -> None: ...
