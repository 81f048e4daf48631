"""The one place a subject scope is made. Services only ever receive a `SubjectScope`, and every
store call they make passes `scope.subject`, so no query can run unscoped or for someone else."""

from __future__ import annotations

from dataclasses import dataclass

from mal.identity import Principal, subject_key

__all__ = ["SubjectScope", "export_prefix", "scope_for"]


@dataclass(frozen=True)
class SubjectScope:
    tenant: str
    subject: str  # HMAC subject key; the raw user id is gone by now

    @property
    def blob_prefix(self) -> str:
        """S3 key layout by tenant and subject-key prefix, so audits and erasure find everything."""
        return f"tenants/{self.tenant}/subjects/{self.subject[:2]}/{self.subject}/"


def export_prefix(tenant: str, export_id: str) -> str:
    """Where an audit bundle lives: by tenant and export id only. Auditors get this path, and it
    must not carry the subject key (that would let them link bundles to analyst results); erase
    finds a subject's bundles through the export ids in its audit trail."""
    return f"tenants/{tenant}/exports/{export_id}/"


def scope_for(principal: Principal, user_id: str | None, pepper: str) -> SubjectScope:
    return SubjectScope(principal.tenant, subject_key(pepper, principal.tenant, user_id or ""))
