"""Per-subject audit bundles in S3: memories, quadruples, archived objects (by key and SHA-256),
and the audit trail, with a manifest of SHA-256 sums.

An auditor identifies a bundle by its export id alone: neither the path, the manifest nor the
archive references carry the subject key (pseudonymous, but the same key analysts see)."""

from __future__ import annotations

import hashlib
import json
import uuid
from typing import Any, Protocol

from mal.audit import AuditType, audit_event
from mal.errors import NotFound
from mal.ports import ArchiveIndex, AuditLog, BlobStore, Clock, MemoryReader, SubjectRegistry
from mal.scope import SubjectScope, export_prefix

__all__ = ["BUNDLE_FILES", "Exporter"]

BUNDLE_FILES = ("memories.json", "quadruples.json", "archives.json", "audit.json")


def _json(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1, default=str).encode()


def _relative(value: Any, prefix: str) -> Any:
    """Object keys in audit details ("archived" names its S3 key) made relative to the subject's prefix."""
    if isinstance(value, str):
        return value.removeprefix(prefix)
    if isinstance(value, dict):
        return {k: _relative(v, prefix) for k, v in value.items()}
    if isinstance(value, list):
        return [_relative(v, prefix) for v in value]
    return value


class ExportGraph(MemoryReader, ArchiveIndex, AuditLog, SubjectRegistry, Protocol):
    """The graph roles an export reads (memories, quadruples, archive refs, audit) and appends to."""


class Exporter:
    def __init__(
        self, graph: ExportGraph, blobs: BlobStore, clock: Clock, export_bucket: str, archive_bucket: str
    ) -> None:
        self._graph = graph
        self._blobs = blobs
        self._clock = clock
        self._bucket = export_bucket
        self._archive_bucket = archive_bucket

    def export(self, scope: SubjectScope) -> dict[str, Any]:
        # An erased (or never seen) subject has no User node: 404, and nothing below may create one.
        if not self._graph.subject_exists(scope.subject):
            raise NotFound("no data is held for this subject (never captured, or erased)")
        now = self._clock.now()
        export_id = f"{now.strftime('%Y%m%dT%H%M%SZ')}-{uuid.uuid4().hex[:8]}"
        prefix = export_prefix(scope.tenant, export_id)
        memories, _ = self._graph.list_memories(scope.subject, None, None, 0, 100_000)
        archives = []
        for ref in self._graph.archived_refs(scope.subject):  # the auditor gets what S3 says, too
            entry = ref.to_json()
            entry["s3_sha256"] = self._blobs.head_sha256(self._archive_bucket, ref.key) if ref.key else None
            entry["bucket"] = self._archive_bucket
            # The object under the subject's own prefix; the prefix itself would name the subject key.
            entry["key"] = ref.key.removeprefix(scope.blob_prefix) if ref.key else None
            archives.append(entry)
        contents = {
            "memories.json": _json([m.model_dump(mode="json") for m in memories if m.status.value != "archived"]),
            "quadruples.json": _json([q.to_json() for q in self._graph.quadruples(scope.subject)]),
            "archives.json": _json(archives),
            "audit.json": _json(
                [
                    {**e.to_json(), "detail": _relative(e.detail, scope.blob_prefix)}
                    for e in self._graph.audit_trail(scope.subject)
                ]
            ),
        }
        files = {}
        for name, body in contents.items():
            sha = hashlib.sha256(body).hexdigest()
            self._blobs.put(self._bucket, prefix + name, body, sha)
            files[name] = {"sha256": sha, "bytes": len(body)}
        manifest = _json(
            {
                "format": "mal-export/1",
                "export_id": export_id,
                "tenant": scope.tenant,
                "created_at": now.isoformat(),
                "files": files,
            }
        )
        manifest_sha = hashlib.sha256(manifest).hexdigest()
        self._blobs.put(self._bucket, prefix + "manifest.json", manifest, manifest_sha)
        self._graph.append_audit(
            scope.subject,
            audit_event(AuditType.EXPORTED, None, now, {"export_id": export_id, "manifest_sha256": manifest_sha}),
        )
        return {
            "export_id": export_id,
            "bucket": self._bucket,
            "prefix": prefix,
            "manifest_sha256": manifest_sha,
            "files": files,
        }
