"""Archive a memory to S3 and restore it, verifying SHA-256 both ways.

Order of an archive (each step idempotent, so a crash anywhere is finished by the next run and
nothing is lost or written twice): 1. put the JSON document (skipped when an archive of this
memory is already there); 2. confirm the object and its SHA-256; 3. mark the Neo4j node
`archive_pending` with its key and SHA-256 (unindexed: hidden from reads from here on); 4. delete
the Weaviate vector; 5. replace the node by an archived stub (which clears the mark).
A crash before 3 leaves the memory hot and whole (an orphan object the next run reuses); a crash
after 3 leaves a pending mark that `resume_pending` (run by repair) finishes from the node, which
still holds the whole memory until step 5.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any, Protocol

from decay.policy import Decision
from mal.audit import AuditType, audit_event
from mal.errors import Conflict, IntegrityError, NotFound, StoreUnavailable
from mal.models import Memory, MemoryStatus
from mal.ports import ArchiveIndex, AuditLog, BlobStore, Clock, VectorStore
from mal.records import AuditEvent
from mal.scope import SubjectScope

__all__ = ["ARCHIVE_FORMAT", "Archiver", "archive_key"]

ARCHIVE_FORMAT = "mal-archive/1"
RESTORED_MIN_WEIGHT = 0.5


def archive_key(scope: SubjectScope, memory_id: str) -> str:
    return f"{scope.blob_prefix}archive/{memory_id}.json"


class ArchiveGraph(ArchiveIndex, AuditLog, Protocol):
    """The graph roles archiving uses: the archive index (stubs, refs) and the audit log."""


class Archiver:
    def __init__(
        self,
        graph: ArchiveGraph,
        vectors: VectorStore,
        blobs: BlobStore,
        clock: Clock,
        bucket: str,
        store_memory: Any,
        upload_threads: int = 8,
    ) -> None:
        self._graph = graph
        self._vectors = vectors
        self._blobs = blobs
        self._clock = clock
        self._bucket = bucket
        self._store_memory = store_memory  # WritePipeline.store: embed + Neo4j + Weaviate, atomically
        self._pool = ThreadPoolExecutor(max_workers=upload_threads) if upload_threads > 1 else None

    def document(
        self,
        scope: SubjectScope,
        memory: Memory,
        decision: Decision,
        now: datetime,
        trail: list[AuditEvent] | None = None,
    ) -> bytes:
        trail = self._graph.audit_trail(scope.subject) if trail is None else trail
        history = [e.to_json() for e in trail if e.memory_id == memory.id]
        doc = {
            "format": ARCHIVE_FORMAT,
            "tenant": scope.tenant,
            "subject": scope.subject,
            "archived_at": now.isoformat(),
            "reason": decision.reason,
            "effective_weight": round(decision.effective_weight, 6),
            "memory": memory.model_dump(mode="json"),
            "history": history,
        }
        return json.dumps(doc, ensure_ascii=False, sort_keys=True, indent=1).encode()

    def archive(self, scope: SubjectScope, memory: Memory, decision: Decision) -> str:
        return self.archive_many(scope, [(memory, decision)])[0]

    def archive_many(self, scope: SubjectScope, items: list[tuple[Memory, Decision]]) -> list[str]:
        """One subject's archive batch: every object uploaded and confirmed first, then the hot
        copies removed (one Weaviate delete, then the Neo4j stubs)."""
        if not items:
            return []
        now = self._clock.now()
        trail = self._graph.audit_trail(scope.subject)

        def upload(item: tuple[Memory, Decision]) -> tuple[Memory, Decision, str, str]:
            memory, decision = item
            key = archive_key(scope, memory.id)
            sha = self._existing_archive(key, memory.id)
            if sha is None:
                body = self.document(scope, memory, decision, now, trail)
                sha = hashlib.sha256(body).hexdigest()
                self._blobs.put(self._bucket, key, body, sha)
                if self._blobs.head_sha256(self._bucket, key) != sha:
                    raise StoreUnavailable("s3", f"archive {key} was not confirmed; memory kept hot")
            return memory, decision, key, sha

        # S3 round trips dominate (three per memory): a bounded pool overlaps them. Every upload
        # is confirmed before any hot copy goes; one failure keeps the whole batch hot (map raises).
        if len(items) > 1 and self._pool is not None:
            uploaded = list(self._pool.map(upload, items))
        else:
            uploaded = [upload(item) for item in items]
        stubs = [(m.id, key, sha, decision.reason) for m, decision, key, sha in uploaded]
        self._graph.mark_archiving(scope.subject, stubs, now)
        self._vectors.delete(scope.subject, [m.id for m, _, _, _ in uploaded])
        self._graph.archive_stubs(scope.subject, stubs, now)
        self._graph.append_audits(
            scope.subject,
            [
                audit_event(AuditType.ARCHIVED, m.id, now, {"reason": decision.reason, "key": key, "sha256": sha})
                for m, decision, key, sha in uploaded
            ],
        )
        return [key for _, _, key, _ in uploaded]

    def resume_pending(self, older_than: datetime) -> Counter[str]:
        """Finish archives a crash interrupted after step 3 (repair calls this): the same steps
        again, each idempotent; the confirmed object is reused. Returns how many per reason."""
        by_subject: dict[tuple[str, str], list[tuple[Memory, Decision]]] = {}
        for pending in self._graph.archive_pending(older_than):
            decision = Decision(pending.memory.id, pending.reason, pending.memory.weight)  # type: ignore[arg-type]
            by_subject.setdefault((pending.tenant, pending.subject), []).append((pending.memory, decision))
        for (tenant, subject), items in by_subject.items():
            self.archive_many(SubjectScope(tenant, subject), items)
        return Counter(decision.reason for items in by_subject.values() for _, decision in items)

    def _existing_archive(self, key: str, memory_id: str) -> str | None:
        """A previous run that crashed after the upload already archived this memory: reuse it."""
        recorded = self._blobs.head_sha256(self._bucket, key)
        if recorded is None:
            return None
        body = self._blobs.get(self._bucket, key)
        if hashlib.sha256(body).hexdigest() != recorded or json.loads(body)["memory"]["id"] != memory_id:
            return None  # not a sound archive of this memory: write it again
        return recorded

    def restore(self, scope: SubjectScope, memory_id: str) -> Memory:
        ref = self._graph.archive_ref(scope.subject, memory_id)
        if ref is None:
            raise NotFound(f"memory {memory_id} not found")
        if ref.status != MemoryStatus.ARCHIVED.value or not ref.key:
            raise Conflict(f"memory {memory_id} is {ref.status}, not archived")
        now = self._clock.now()
        body = self._blobs.get(self._bucket, ref.key)
        actual = hashlib.sha256(body).hexdigest()
        if actual != ref.sha:
            self._graph.append_audit(
                scope.subject,
                audit_event(AuditType.RESTORE_REFUSED, memory_id, now, {"expected": ref.sha, "actual": actual}),
            )
            raise IntegrityError(
                f"archive of memory {memory_id} does not match its recorded SHA-256 "
                f"(expected {(ref.sha or '')[:12]}..., found {actual[:12]}...); restore refused"
            )
        doc = json.loads(body)
        memory = Memory.model_validate(doc["memory"])
        memory.status = MemoryStatus.ACTIVE
        memory.weight = max(memory.weight, RESTORED_MIN_WEIGHT)
        memory.last_reinforced = memory.last_accessed = memory.updated_at = now
        self._store_memory(scope, memory)
        self._graph.append_audit(
            scope.subject,
            audit_event(AuditType.RESTORED, memory_id, now, {"key": ref.key, "sha256": actual}),
        )
        return memory
