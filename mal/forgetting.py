"""Forget (one thing, on request) versus erase (everything about a subject, verified, receipted).

A forgotten memory keeps only a tombstone (id, kind, status, when) in Neo4j for the audit
trail: its summary, words, slots and quadruples are removed and its vector is deleted.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mal.errors import NotFound
from mal.models import MemoryStatus
from mal.ports import BlobStore, Clock, Embedder, GraphStore, VectorStore
from mal.scope import SubjectScope, export_prefix
from mal.settings import S3Settings

__all__ = ["EraseReceipt", "Forgetter"]

FORGET_MIN_COSINE = 0.35


@dataclass
class EraseReceipt:
    receipt_id: str
    deleted: dict[str, int]
    remaining: dict[str, int]
    at: str
    subject_digest: str  # SHA-256 of the subject key: lets an auditor match, reveals nothing

    def as_dict(self) -> dict[str, Any]:
        return {"receipt_id": self.receipt_id, "deleted": self.deleted, "remaining": self.remaining,
                "verified": not any(self.remaining.values()), "at": self.at, "subject_digest": self.subject_digest}


class Forgetter:
    def __init__(self, graph: GraphStore, vectors: VectorStore, blobs: BlobStore, embedder: Embedder,
                 clock: Clock, s3: S3Settings) -> None:
        self._graph = graph
        self._vectors = vectors
        self._blobs = blobs
        self._embedder = embedder
        self._clock = clock
        self._s3 = s3

    def forget(self, scope: SubjectScope, memory_id: str) -> None:
        memory = self._graph.get(scope.subject, memory_id)
        if memory is None or memory.status == MemoryStatus.FORGOTTEN:
            raise NotFound(f"memory {memory_id} not found")
        self._forget_ids(scope, [memory_id], reason="user_request")

    def forget_matching(self, scope: SubjectScope, target: str, kinds: Sequence[str]) -> list[str]:
        """"忘掉我说过的预算": every active memory of the named kinds, else the close matches."""
        ids: list[str] = []
        if kinds:
            for kind in kinds:
                ids.extend(m.id for m in self._graph.active_of_kind(scope.subject, kind))
        if not ids and target.strip():
            vector = self._embedder.embed([target])[0]
            hits = self._vectors.nearest(scope.subject, vector, k=5, kind=None)
            ids = [h.id for h in hits if (h.vector_cosine or 0.0) >= FORGET_MIN_COSINE]
        if ids:
            self._forget_ids(scope, ids, reason="user_request")
        return ids

    def _forget_ids(self, scope: SubjectScope, ids: list[str], reason: str) -> None:
        now = self._clock.now()
        self._vectors.delete(scope.subject, ids)
        for memory_id in ids:
            memory = self._graph.get(scope.subject, memory_id)
            if memory is None:
                continue
            memory.status = MemoryStatus.FORGOTTEN
            memory.summary, memory.text, memory.context, memory.slots, memory.relations = "", "", "", {}, []
            memory.updated_at = now
            self._graph.upsert(scope.subject, memory, indexed=True)
            self._graph.append_audit(scope.subject, {"at": now, "type": "forgotten", "memory_id": memory_id,
                                                     "detail": {"reason": reason, "kind": memory.kind}})

    def erase(self, scope: SubjectScope) -> EraseReceipt:
        """Delete everything about the subject in all three stores, then verify and receipt it."""
        # Audit bundles live by export id (their path must not name the subject); the audit trail
        # lists them, so read it before the graph is erased.
        exports = [export_prefix(scope.tenant, str(e["detail"]["export_id"]))
                   for e in self._graph.audit_trail(scope.subject)
                   if e["type"] == "exported" and e["detail"].get("export_id")]
        deleted = {
            "neo4j": self._graph.erase_subject(scope.subject),
            "weaviate": self._vectors.erase_subject(scope.subject),
            "s3": sum(self._blobs.delete_prefix(b, scope.blob_prefix)
                      for b in (self._s3.archive_bucket, self._s3.export_bucket))
            + sum(self._blobs.delete_prefix(self._s3.export_bucket, p) for p in exports),
        }
        remaining = {
            "neo4j": self._graph.count_subject(scope.subject),
            "weaviate": self._vectors.count_subject(scope.subject),
            "s3": sum(len(self._blobs.list_keys(b, scope.blob_prefix))
                      for b in (self._s3.archive_bucket, self._s3.export_bucket))
            + sum(len(self._blobs.list_keys(self._s3.export_bucket, p)) for p in exports),
        }
        receipt = EraseReceipt(str(uuid.uuid4()), deleted, remaining, self._clock.now().isoformat(),
                               hashlib.sha256(scope.subject.encode()).hexdigest())
        body = json.dumps(receipt.as_dict(), sort_keys=True).encode()
        self._blobs.put(self._s3.export_bucket, f"receipts/{scope.tenant}/{receipt.receipt_id}.json", body,
                        hashlib.sha256(body).hexdigest())
        return receipt
