"""Forget (one thing, on request) versus erase (everything about a subject, verified, receipted).

A forgotten memory keeps only a tombstone (id, kind, status, when) in Neo4j for the audit trail.
Everything that held its text goes: summary, words, slots, quadruples and ABOUT links (entities
nothing else points to are deleted), its vector, its S3 archive (every version) and its source
turns in the recent buffer, so /v1/context cannot bring it back.

A forget *request* ("forget that I like green tea") deletes only a memory it names precisely: by
whole words / jieba tokens, exactly one match. Anything wider or vaguer returns a question with
the candidates, and the caller confirms by id (`confirm_ids`).
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

import parsers
from mal.audit import AuditType, audit_event
from mal.errors import NotFound
from mal.models import Memory, MemoryStatus
from mal.ports import (
    ArchiveIndex,
    AuditLog,
    BlobStore,
    Clock,
    Embedder,
    MemoryStore,
    SubjectRegistry,
    VectorStore,
    on_scale,
)
from mal.recent import RecentBuffer
from mal.scope import SubjectScope, export_prefix
from mal.settings import S3Settings
from mal.writing import embed_text

__all__ = ["EraseReceipt", "ForgetOutcome", "Forgetter"]

# On a zero-floor scale (mal.ports.on_scale). Vector neighbours are only ever suggested in a
# question, never deleted.
SUGGEST_MIN_COSINE = 0.35
_FORGETTABLE = (MemoryStatus.ACTIVE.value, MemoryStatus.DISPUTED.value)


@dataclass
class EraseReceipt:
    receipt_id: str
    deleted: dict[str, int]
    remaining: dict[str, int]
    at: str
    subject_digest: str  # SHA-256 of the subject key: lets an auditor match, reveals nothing
    devices: int = 0  # anonymous devices bound to the subject, erased with it

    def as_dict(self) -> dict[str, Any]:
        return {
            "receipt_id": self.receipt_id,
            "deleted": self.deleted,
            "remaining": self.remaining,
            "verified": not any(self.remaining.values()),
            "at": self.at,
            "devices": self.devices,
            "subject_digest": self.subject_digest,
        }


@dataclass
class ForgetOutcome:
    """What a forget request did: the ids it forgot, or a question and the candidates to confirm."""

    forgotten: list[str] = field(default_factory=list)
    question: str | None = None
    candidates: list[dict[str, str]] = field(default_factory=list)
    refs: set[str] = field(default_factory=set)  # source turns of what was forgotten


def _memory_terms(memory: Memory) -> set[str]:
    values = [str(v) for v in memory.slots.values() if isinstance(v, (str, int, float))]
    # A forget request may name words only a merged wording holds (mal/variants.py).
    return parsers.terms(" ".join([memory.summary, memory.text, *memory.variants, *values]))


def _question(lang: str, matches: list[Memory], named: bool) -> str:
    listed = "; ".join(m.summary for m in matches[:10])
    if parsers.counts_as_zh(lang):
        if not matches:
            return "您想让我忘记哪一条记忆？请说得具体一些。"
        lead = f"有{len(matches)}条记忆符合" if named else "没有找到您明确指出的记忆，可能是"
        return f"{lead}：{listed}。要忘记哪一条？请确认。"
    if not matches:
        return "Which memory should I forget? Please name it more precisely."
    lead = f"{len(matches)} memories match" if named else "I could not find exactly what you named; did you mean"
    return f"{lead}: {listed}. Which one should I forget? Please confirm."


class ForgetGraph(MemoryStore, ArchiveIndex, AuditLog, SubjectRegistry, Protocol):
    """The graph roles forget and erase use (no recent turns: those go through RecentBuffer)."""


class Forgetter:
    def __init__(
        self,
        graph: ForgetGraph,
        vectors: VectorStore,
        blobs: BlobStore,
        embedder: Embedder,
        clock: Clock,
        s3: S3Settings,
        recent: RecentBuffer | None = None,
    ) -> None:
        self._graph = graph
        self._vectors = vectors
        self._blobs = blobs
        self._embedder = embedder
        self._clock = clock
        self._s3 = s3
        self._recent = recent

    def forget(self, scope: SubjectScope, memory_id: str) -> None:
        memory = self._graph.get(scope.subject, memory_id)
        if memory is None or memory.status == MemoryStatus.FORGOTTEN:
            raise NotFound(f"memory {memory_id} not found")
        self._forget(scope, memory, reason="user_request")

    def confirm_ids(self, scope: SubjectScope, ids: Sequence[str]) -> list[str]:
        """The caller confirmed these ids (after a question): all must exist, then all are forgotten."""
        memories = []
        for memory_id in dict.fromkeys(ids):
            memory = self._graph.get(scope.subject, memory_id)
            if memory is None or memory.status == MemoryStatus.FORGOTTEN:
                raise NotFound(f"memory {memory_id} not found")
            memories.append(memory)
        for memory in memories:
            self._forget(scope, memory, reason="user_confirmed")
        return [m.id for m in memories]

    def forget_matching(self, scope: SubjectScope, request: parsers.ForgetRequest) -> ForgetOutcome:
        """Forget the one memory the request names precisely; otherwise ask, deleting nothing."""
        pool, _ = self._graph.list_memories(scope.subject, list(_FORGETTABLE), None, 0, 1000)
        wanted = set(request.terms)
        of_kind = [m for m in pool if m.kind in request.kinds] if request.kinds else pool
        if wanted:
            matches = [m for m in of_kind if wanted <= _memory_terms(m)]
            named = bool(matches)
            if not matches:  # named words, but not within the named kind (or nowhere): ask
                matches = [m for m in pool if wanted <= _memory_terms(m)] or self._suggest(scope, request.target)
        elif request.kinds:
            matches, named = of_kind, True
        else:
            matches, named = [], False
        if named and len(matches) == 1:
            outcome = ForgetOutcome()
            outcome.refs = self._forget(scope, matches[0], reason="user_request")
            outcome.forgotten.append(matches[0].id)
            return outcome
        if not matches and (wanted or request.kinds):
            return ForgetOutcome()  # names something this subject never said: nothing to do or ask
        return ForgetOutcome(
            question=_question(request.lang, matches, named),
            candidates=[{"id": m.id, "kind": m.kind, "summary": m.summary} for m in matches[:10]],
        )

    def _suggest(self, scope: SubjectScope, target: str) -> list[Memory]:
        if not target.strip():
            return []
        vector = self._embedder.embed_query([target])[0]
        hits = self._vectors.nearest(scope.subject, vector, k=3, kind=None)
        floor = on_scale(SUGGEST_MIN_COSINE, self._embedder)
        ids = [h.id for h in hits if (h.vector_cosine or 0.0) >= floor]
        return [g.memory for g in self._graph.by_ids(scope.subject, ids, list(_FORGETTABLE))]

    def resume_pending(self, older_than: datetime) -> int:
        """Finish forgets a crash or an outage interrupted (repair calls this); returns how many."""
        pending = self._graph.forget_pending(older_than)
        for subject, tenant, memory in pending:
            self._forget(SubjectScope(tenant, subject), memory, reason="repair")
        return len(pending)

    def _forget(self, scope: SubjectScope, memory: Memory, reason: str) -> set[str]:
        """The node is marked first (hidden from reads), then archive, vector and recent turns go,
        the graph tombstone last: a failure part-way leaves a marked memory that a retry or repair
        finishes, never a hot memory whose vector is gone. Every step is idempotent."""
        now = self._clock.now()
        self._graph.mark_forgetting(scope.subject, memory.id, now)
        # An archived memory's object, and that of an archive a crash left unfinished (the memory is
        # still hot then, but its text is already in S3): both go.
        ref = self._graph.archive_ref(scope.subject, memory.id)
        if ref and ref.key:
            self._blobs.delete(self._s3.archive_bucket, ref.key)  # every version
        self._vectors.delete(scope.subject, [memory.id])
        refs = set(memory.provenance)
        if self._recent is not None:
            self._recent.drop(scope, refs, now)
        # The next turn's memory keeps these words as its context (graph and index): clear both. A
        # merged wording (mal/variants.py) was a turn too, and the turn after it holds its words.
        for said in dict.fromkeys(w[:500] for w in (memory.text, *memory.variants)):
            for neighbour in self._graph.clear_context(scope.subject, memory.id, said, now):
                if neighbour.status in (MemoryStatus.ACTIVE, MemoryStatus.DISPUTED, MemoryStatus.QUARANTINED):
                    self._vectors.upsert(
                        scope.subject, neighbour, self._embedder.embed_passages([embed_text(neighbour)])[0]
                    )
        self._graph.forget_memory(scope.subject, memory.id, now)
        self._graph.clear_query_stats()  # collected query parameters would still hold the text
        self._graph.append_audit(
            scope.subject,
            audit_event(AuditType.FORGOTTEN, memory.id, now, {"reason": reason, "kind": memory.kind}),
        )
        return refs

    def erase(self, scope: SubjectScope, devices: Sequence[str] = ()) -> EraseReceipt:
        """Delete everything about the subject in all three stores, then verify and receipt it.
        `devices`: subject keys of the anonymous devices bound to it (mal/identities.py), erased
        with it and counted in the receipt."""
        deleted = {"neo4j": 0, "weaviate": 0, "s3": 0}
        remaining = dict(deleted)
        for one in (scope, *(SubjectScope(scope.tenant, d) for d in devices)):
            gone, left = self._erase_one(one)
            for store in deleted:
                deleted[store] += gone[store]
                remaining[store] += left[store]
        receipt = EraseReceipt(
            str(uuid.uuid4()),
            deleted,
            remaining,
            self._clock.now().isoformat(),
            hashlib.sha256(scope.subject.encode()).hexdigest(),
            devices=len(devices),
        )
        body = json.dumps(receipt.as_dict(), sort_keys=True).encode()
        self._blobs.put(
            self._s3.export_bucket,
            f"receipts/{scope.tenant}/{receipt.receipt_id}.json",
            body,
            hashlib.sha256(body).hexdigest(),
        )
        return receipt

    def _erase_one(self, scope: SubjectScope) -> tuple[dict[str, int], dict[str, int]]:
        # Audit bundles live by export id (their path must not name the subject); the audit trail
        # lists them, so read it before the graph is erased.
        exports = [
            export_prefix(scope.tenant, str(e.detail["export_id"]))
            for e in self._graph.audit_trail(scope.subject)
            if e.type == AuditType.EXPORTED and e.detail.get("export_id")
        ]
        deleted = {
            "neo4j": self._graph.erase_subject(scope.subject),
            "weaviate": self._vectors.erase_subject(scope.subject),
            "s3": sum(
                self._blobs.delete_prefix(b, scope.blob_prefix)
                for b in (self._s3.archive_bucket, self._s3.export_bucket)
            )
            + sum(self._blobs.delete_prefix(self._s3.export_bucket, p) for p in exports),
        }
        remaining = {
            "neo4j": self._graph.count_subject(scope.subject),
            "weaviate": self._vectors.count_subject(scope.subject),
            # Every version and delete marker, not only current objects.
            "s3": sum(
                self._blobs.versions(b, scope.blob_prefix) for b in (self._s3.archive_bucket, self._s3.export_bucket)
            )
            + sum(self._blobs.versions(self._s3.export_bucket, p) for p in exports),
        }
        return deleted, remaining
