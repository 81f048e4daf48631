"""Cypher for the tenant's tamper-evident audit chain (mal/audit_chain.py), as named constants.

`(:AuditHead {tenant})` holds the last sequence number and hash; an append takes its write lock
first (CHAIN_LOCK_HEAD), so appends of one tenant run one after the other. `(:AuditLink)` nodes
are the sealed events; a uniqueness constraint on (tenant, seq) refuses a fork even if a writer
skipped the lock. Links carry no `subject` property: they are not the subject's data and erase
leaves them (the random `audit_ref` on the User node, erased with it, was the only way back).
"""

from __future__ import annotations

__all__ = [
    "AUDIT_SCHEMA",
    "CHAIN_APPEND",
    "CHAIN_EVENTS",
    "CHAIN_HEAD",
    "CHAIN_HEADS",
    "CHAIN_LOCK_HEAD",
    "CHAIN_SET_HEAD",
    "SUBJECT_AUDIT_REF",
    "SUBJECT_AUDIT_REFS",
]

AUDIT_SCHEMA = (
    "CREATE CONSTRAINT audit_head_tenant IF NOT EXISTS FOR (h:AuditHead) REQUIRE h.tenant IS UNIQUE",
    "CREATE CONSTRAINT audit_link_seq IF NOT EXISTS FOR (l:AuditLink) REQUIRE (l.tenant, l.seq) IS UNIQUE",
)

CHAIN_LOCK_HEAD = """
MERGE (h:AuditHead {tenant: $tenant})
  ON CREATE SET h.seq = 0, h.hash = $genesis
SET h.locked_at = $now
RETURN h.seq AS seq, h.hash AS hash
"""

# Each subject's random chain reference, created on its first event (never for an unknown subject).
SUBJECT_AUDIT_REFS = """
UNWIND $rows AS r
OPTIONAL MATCH (u:User {key: r.subject, tenant: $tenant})
FOREACH (_ IN CASE WHEN u IS NOT NULL AND u.audit_ref IS NULL THEN [1] ELSE [] END | SET u.audit_ref = r.fresh)
RETURN r.subject AS subject, u.audit_ref AS ref
"""

SUBJECT_AUDIT_REF = """
MATCH (u:User {key: $subject})
RETURN u.audit_ref AS ref
"""

CHAIN_APPEND = """
UNWIND $rows AS r
CREATE (:AuditLink {tenant: $tenant, seq: r.seq, at: r.at, kind: r.kind, key_id: r.key_id,
                    subject_ref: r.subject_ref, memory_ids: r.memory_ids, counts: r.counts,
                    prev: r.prev, hash: r.hash})
"""

CHAIN_SET_HEAD = """
MATCH (h:AuditHead {tenant: $tenant})
SET h.seq = $seq, h.hash = $hash, h.updated_at = $now
"""

CHAIN_EVENTS = """
MATCH (l:AuditLink {tenant: $tenant}) WHERE l.seq > $after
RETURN l ORDER BY l.seq LIMIT $limit
"""

CHAIN_HEAD = """
MATCH (h:AuditHead {tenant: $tenant})
RETURN h.tenant AS tenant, h.seq AS seq, h.hash AS hash
"""

CHAIN_HEADS = """
MATCH (h:AuditHead)
RETURN h.tenant AS tenant, h.seq AS seq, h.hash AS hash ORDER BY h.tenant
"""
