"""Cypher for subjects, tenants, the lifecycle (decay, archive, quarantine), recent turns, audit
and erase, as named, parameterised constants. Statuses arrive as parameters, never as literals."""

from __future__ import annotations

__all__ = [
    "ANALYST_USER",
    "APPEND_AUDIT",
    "APPEND_AUDITS",
    "APPEND_RECENT",
    "ARCHIVED_REFS",
    "ARCHIVE_PENDING",
    "ARCHIVE_REF",
    "ARCHIVE_STUB",
    "AUDIT_TRAIL",
    "COUNT_SUBJECT",
    "ENSURE_SUBJECT",
    "ERASE_SUBJECT",
    "ERASE_USER",
    "GET_RECENT",
    "LOCK_SUBJECT",
    "MARK_ARCHIVING",
    "MARK_SOURCE",
    "PERSIST_DECAY",
    "QUARANTINED_SOURCES",
    "QUARANTINE_SOURCE",
    "RELEASE_SOURCE",
    "SAVE_RECENT",
    "SCHEMA",
    "STATS_CLEAR",
    "STATS_STOP",
    "SUBJECTS_PAGE",
    "SUBJECT_EXISTS",
    "SUBJECT_LABELS",
    "TENANT_MIGRATION",
    "UNMARK_SOURCE",
]

SCHEMA = (
    "CREATE CONSTRAINT user_key IF NOT EXISTS FOR (u:User) REQUIRE u.key IS UNIQUE",
    "CREATE CONSTRAINT memory_id IF NOT EXISTS FOR (m:Memory) REQUIRE m.id IS UNIQUE",
    "CREATE CONSTRAINT entity_uid IF NOT EXISTS FOR (e:Entity) REQUIRE e.uid IS UNIQUE",
    "CREATE CONSTRAINT write_event_id IF NOT EXISTS FOR (w:WriteEvent) REQUIRE w.id IS UNIQUE",
    "CREATE INDEX memory_subject IF NOT EXISTS FOR (m:Memory) ON (m.subject, m.status)",
    "CREATE INDEX memory_kind IF NOT EXISTS FOR (m:Memory) ON (m.subject, m.kind)",
    "CREATE INDEX memory_conflict IF NOT EXISTS FOR (m:Memory) ON (m.subject, m.conflict_key)",
    "CREATE INDEX memory_indexed IF NOT EXISTS FOR (m:Memory) ON (m.indexed)",
    "CREATE INDEX entity_subject IF NOT EXISTS FOR (e:Entity) ON (e.subject)",
    # The graph stage looks a question's entities up by name within the subject.
    "CREATE INDEX entity_subject_name IF NOT EXISTS FOR (e:Entity) ON (e.subject, e.name)",
    "CREATE INDEX audit_subject IF NOT EXISTS FOR (a:AuditEvent) ON (a.subject)",
    "CREATE INDEX recent_subject IF NOT EXISTS FOR (r:RecentTurns) ON (r.subject)",
    "CREATE INDEX user_tenant IF NOT EXISTS FOR (u:User) ON (u.tenant)",
    "CREATE INDEX memory_source IF NOT EXISTS FOR (m:Memory) ON (m.source, m.status)",
    # Erase and its check look every subject-owned label up by `subject` alone (no AllNodesScan).
    "CREATE INDEX memory_subject_only IF NOT EXISTS FOR (m:Memory) ON (m.subject)",
    "CREATE INDEX write_event_subject IF NOT EXISTS FOR (w:WriteEvent) ON (w.subject)",
    # One node per (subject, kind, summary): concurrent writers of the same fact meet here.
    "CREATE CONSTRAINT fingerprint_id IF NOT EXISTS FOR (f:Fingerprint) REQUIRE f.id IS UNIQUE",
    "CREATE INDEX fingerprint_subject IF NOT EXISTS FOR (f:Fingerprint) ON (f.subject)",
    "CREATE INDEX fingerprint_memory IF NOT EXISTS FOR (f:Fingerprint) ON (f.memory_id)",
    # Analyst statements are pinned to `tenant` on every node pattern (mal/cypher_guard.py).
    "CREATE INDEX memory_tenant IF NOT EXISTS FOR (m:Memory) ON (m.tenant)",
    "CREATE INDEX entity_tenant IF NOT EXISTS FOR (e:Entity) ON (e.tenant)",
    "CREATE INDEX audit_tenant IF NOT EXISTS FOR (a:AuditEvent) ON (a.tenant)",
    "CREATE INDEX recent_tenant IF NOT EXISTS FOR (r:RecentTurns) ON (r.tenant)",
    "CREATE INDEX write_event_tenant IF NOT EXISTS FOR (w:WriteEvent) ON (w.tenant)",
)

# Every node carries its user's tenant; nodes written before that rule get it once, idempotently
# (auto-commit, batched). Run by ensure_schema() after SCHEMA.
TENANT_MIGRATION = (
    """
MATCH (u:User)-->(n) WHERE n.tenant IS NULL AND u.tenant IS NOT NULL
CALL (n, u) { SET n.tenant = u.tenant } IN TRANSACTIONS OF 1000 ROWS
""",
    """
MATCH (w:WriteEvent)-[:APPLIED_TO]->(m:Memory) WHERE w.tenant IS NULL AND m.tenant IS NOT NULL
CALL (w, m) { SET w.tenant = m.tenant } IN TRANSACTIONS OF 1000 ROWS
""",
    """
MATCH (f:Fingerprint) WHERE f.tenant IS NULL
MATCH (u:User {key: f.subject}) WHERE u.tenant IS NOT NULL
CALL (f, u) { SET f.tenant = u.tenant } IN TRANSACTIONS OF 1000 ROWS
""",
)

# The non-admin Neo4j user analysts connect as (run against the system database by the admin).
ANALYST_USER = (
    "CREATE USER $name IF NOT EXISTS SET PLAINTEXT PASSWORD $password CHANGE NOT REQUIRED",
    "ALTER USER $name SET PLAINTEXT PASSWORD $password CHANGE NOT REQUIRED",
)

# Every label whose nodes carry `subject` (besides the User itself, found by `key`). Erase deletes
# and counts them label by label through the indexes above; tests/unit checks the list is complete.
SUBJECT_LABELS = ("Memory", "Entity", "AuditEvent", "RecentTurns", "WriteEvent", "Fingerprint")

ENSURE_SUBJECT = """
MERGE (u:User {key: $subject})
  ON CREATE SET u.created_at = $now
SET u.tenant = $tenant
WITH u
OPTIONAL MATCH (q:QuarantinedSource {tenant: $tenant})
RETURN collect(q.source) AS quarantined
"""

# Subjects in batches for the lifecycle runner (keyset pagination: resumable, no skips).
SUBJECTS_PAGE = """
MATCH (u:User)
WHERE ($tenant IS NULL OR u.tenant = $tenant) AND u.key > $after
RETURN u.key AS subject, u.tenant AS tenant ORDER BY u.key LIMIT $limit
"""

# Persist the effective weight for analysts. Computed from timestamps, so running it twice in a
# day writes the same numbers: decay never compounds.
PERSIST_DECAY = """
MATCH (u:User)-[:HAS_MEMORY]->(m:Memory)
WHERE ($tenant IS NULL OR u.tenant = $tenant) AND m.status IN $searchable
CALL (m) {
  SET m.effective_weight = m.weight * ($rate ^ (duration.inSeconds(m.last_reinforced, $now).seconds / 86400.0)),
      m.decayed_at = $now
} IN TRANSACTIONS OF 1000 ROWS
"""

ARCHIVE_STUB = """
MATCH (u:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
OPTIONAL MATCH (u)-[r {memory_id: $id}]->(:Entity)
DELETE r
WITH DISTINCT m
OPTIONAL MATCH (m)-[a:ABOUT]->(e:Entity)
DELETE a
WITH m, collect(DISTINCT e) AS linked
// Entities nothing else points to leave the hot store too (a restore re-creates them).
CALL (linked) {
  UNWIND linked AS e
  WITH e WHERE NOT EXISTS { (e)--() }
  DELETE e
}
WITH DISTINCT m
SET m.status = $archived, m.archive_key = $key, m.archive_sha256 = $sha, m.archive_reason = $reason,
    m.archived_at = $now, m.updated_at = $now, m.summary = '', m.text = '', m.slots_json = '{}',
    m.relations_json = '[]', m.context = '', m.indexed = true
REMOVE m.archive_pending, m.variants, m.variant_keys, m.variants_dropped
"""

# Step 3 of an archive (decay/archive.py), before the vectors go: the hot memory is hidden from
# reads (unindexed) and records where its confirmed archive is, so repair can finish a run that
# crashed between deleting the vectors and writing the stubs. Only hot memories: a memory forgotten
# or archived meanwhile is left alone.
MARK_ARCHIVING = """
UNWIND $stubs AS s
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: s.id})
WHERE m.status IN $searchable AND m.forget_pending IS NULL
SET m.indexed = false, m.archive_pending = true, m.archive_key = s.key, m.archive_sha256 = s.sha,
    m.archive_reason = s.reason, m.updated_at = $now
"""

# Archives begun and never finished (a crash after MARK_ARCHIVING), for repair.
ARCHIVE_PENDING = """
MATCH (u:User)-[:HAS_MEMORY]->(m:Memory)
WHERE m.indexed = false AND m.archive_pending = true AND m.forget_pending IS NULL AND m.updated_at < $before
  AND ($subject IS NULL OR u.key = $subject)
RETURN u.key AS subject, u.tenant AS tenant, m LIMIT 1000
"""

ARCHIVE_REF = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
RETURN m.archive_key AS key, m.archive_sha256 AS sha, m.status AS status
"""

ARCHIVED_REFS = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {status: $archived})
RETURN m.id AS id, m.archive_key AS key, m.archive_sha256 AS sha, m.archive_reason AS reason,
       m.archived_at AS at ORDER BY m.archived_at
"""

QUARANTINE_SOURCE = """
MATCH (u:User {tenant: $tenant})-[:HAS_MEMORY]->(m:Memory {source: $source})
WHERE m.status IN $searchable
SET m.pre_quarantine_status = m.status, m.status = $quarantined, m.updated_at = $now
RETURN collect([u.key, m.id]) AS hits
"""

RELEASE_SOURCE = """
MATCH (u:User {tenant: $tenant})-[:HAS_MEMORY]->(m:Memory {source: $source, status: $quarantined})
SET m.status = coalesce(m.pre_quarantine_status, $active), m.updated_at = $now
REMOVE m.pre_quarantine_status
RETURN collect([u.key, m.id]) AS hits
"""

MARK_SOURCE = """
MERGE (q:QuarantinedSource {tenant: $tenant, source: $source})
  ON CREATE SET q.at = $now
"""

UNMARK_SOURCE = """
MATCH (q:QuarantinedSource {tenant: $tenant, source: $source})
DELETE q
"""

QUARANTINED_SOURCES = """
MATCH (q:QuarantinedSource {tenant: $tenant})
RETURN q.source AS source
"""

GET_RECENT = """
MATCH (:User {key: $subject})-[:HAS_RECENT]->(r:RecentTurns)
RETURN r.turns_json AS turns
"""

# The recent buffer is read, changed and written in one transaction that first takes the User
# node's write lock (LOCK_SUBJECT): concurrent captures of one subject queue instead of losing turns.
LOCK_SUBJECT = """
MATCH (u:User {key: $subject})
SET u.recent_at = $now
WITH u
OPTIONAL MATCH (u)-[:HAS_RECENT]->(r:RecentTurns)
RETURN r.turns_json AS turns
"""

# The buffer is a list of JSON strings, one per turn, with a parallel list of their (session, index)
# keys: a capture appends only its new turns in one statement (APPEND_RECENT, issue #13) instead of
# reading the whole buffer into the service and writing it back. A buffer still in the older form
# (one JSON string, no `turn_keys`) matches no row here; the caller rewrites it with SAVE_RECENT.
SAVE_RECENT = """
MATCH (u:User {key: $subject})
MERGE (u)-[:HAS_RECENT]->(r:RecentTurns {subject: $subject})
SET r.turns_json = $turns, r.turn_keys = $keys, r.updated_at = $now, r.tenant = u.tenant
"""

APPEND_RECENT = """
MATCH (u:User {key: $subject})
SET u.recent_at = $now
MERGE (u)-[:HAS_RECENT]->(r:RecentTurns {subject: $subject})
  ON CREATE SET r.turns_json = [], r.turn_keys = []
WITH u, r
WHERE r.turn_keys IS NOT NULL
WITH u, r, [t IN $turns WHERE NOT t.key IN r.turn_keys] AS fresh
WITH u, r, r.turn_keys + [t IN fresh | t.key] AS keys, r.turns_json + [t IN fresh | t.json] AS items
WITH u, r, keys, items, CASE WHEN size(keys) > $keep THEN size(keys) - $keep ELSE 0 END AS cut
SET r.turn_keys = keys[cut..], r.turns_json = items[cut..], r.updated_at = $now, r.tenant = u.tenant
RETURN size(r.turn_keys) AS kept
"""

# MATCH, not MERGE: an audit line (e.g. an export's) must never re-create an erased subject.
APPEND_AUDIT = """
MATCH (u:User {key: $subject})
CREATE (u)-[:HAS_AUDIT]->(:AuditEvent {subject: $subject, tenant: u.tenant, at: $now, type: $type,
                                       memory_id: $memory_id, detail: $detail})
"""

# A capture's audit lines in one statement, in order (same shape as APPEND_AUDIT).
APPEND_AUDITS = """
MATCH (u:User {key: $subject})
UNWIND $events AS e
CREATE (u)-[:HAS_AUDIT]->(:AuditEvent {subject: $subject, tenant: u.tenant, at: e.at, type: e.type,
                                       memory_id: e.memory_id, detail: e.detail})
"""

AUDIT_TRAIL = """
MATCH (:User {key: $subject})-[:HAS_AUDIT]->(a:AuditEvent)
RETURN a ORDER BY a.at
"""

SUBJECT_EXISTS = """
MATCH (u:User {key: $subject})
RETURN u.tenant AS tenant
"""

# Index seeks only, one per label (EXPLAIN-checked in tests/integration/test_erase.py).
COUNT_SUBJECT = (
    "RETURN COUNT { MATCH (u:User {key: $subject}) }"
    + "".join(f" + COUNT {{ MATCH (n:{label} {{subject: $subject}}) }}" for label in SUBJECT_LABELS)
    + " AS n"
)

# Large deletes must run in auto-commit transactions (session.run), batched; one per label.
ERASE_SUBJECT = {
    label: f"MATCH (n:{label} {{subject: $subject}})\nCALL (n) {{ DETACH DELETE n }} IN TRANSACTIONS OF 1000 ROWS"
    for label in SUBJECT_LABELS
}
# Query statistics keep query parameters (raw turns): an erase clears them and stops collection.
STATS_STOP = "CALL db.stats.stop('QUERIES')"
STATS_CLEAR = "CALL db.stats.clear('QUERIES')"
ERASE_USER = """
MATCH (u:User {key: $subject})
DETACH DELETE u
RETURN count(u) AS n
"""
