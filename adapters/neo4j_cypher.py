"""Cypher for the Neo4j adapter, as named, parameterised constants. Relationship types are the only
interpolation, from the whitelist, once at import. Every statement touching a subject's data
matches `$subject`; tenant-wide admin statements match `$tenant` (a unit test checks both)."""

from __future__ import annotations

from mal.relations import RELATION_TYPES

__all__ = [
    "ACTIVE_OF_KIND",
    "ANALYST_USER",
    "APPEND_AUDIT",
    "ARCHIVED_REFS",
    "ARCHIVE_REF",
    "ARCHIVE_STUB",
    "AUDIT_TRAIL",
    "BY_EVENT",
    "BY_IDS",
    "COUNT_SUBJECT",
    "DELETE_MEMORY",
    "ENSURE_SUBJECT",
    "ERASE_SUBJECT",
    "ERASE_USER",
    "GET_MEMORY",
    "GET_RECENT",
    "LIST_MEMORIES",
    "MARK_INDEXED",
    "MARK_SOURCE",
    "PERSIST_DECAY",
    "QUADRUPLES",
    "QUARANTINED_SOURCES",
    "QUARANTINE_SOURCE",
    "RELEASE_SOURCE",
    "SAVE_RECENT",
    "SCHEMA",
    "SET_STATUS",
    "SET_WEIGHT",
    "SUBJECTS_PAGE",
    "TENANT_MIGRATION",
    "TOUCH",
    "UNINDEXED",
    "UNMARK_SOURCE",
    "UPSERT_MEMORY",
    "UPSERT_RELATION",
]

SCHEMA = (
    "CREATE CONSTRAINT user_key IF NOT EXISTS FOR (u:User) REQUIRE u.key IS UNIQUE",
    "CREATE CONSTRAINT memory_id IF NOT EXISTS FOR (m:Memory) REQUIRE m.id IS UNIQUE",
    "CREATE CONSTRAINT entity_uid IF NOT EXISTS FOR (e:Entity) REQUIRE e.uid IS UNIQUE",
    "CREATE CONSTRAINT write_event_id IF NOT EXISTS FOR (w:WriteEvent) REQUIRE w.id IS UNIQUE",
    "CREATE INDEX memory_subject IF NOT EXISTS FOR (m:Memory) ON (m.subject, m.status)",
    "CREATE INDEX memory_kind IF NOT EXISTS FOR (m:Memory) ON (m.subject, m.kind)",
    "CREATE INDEX memory_indexed IF NOT EXISTS FOR (m:Memory) ON (m.indexed)",
    "CREATE INDEX entity_subject IF NOT EXISTS FOR (e:Entity) ON (e.subject)",
    "CREATE INDEX audit_subject IF NOT EXISTS FOR (a:AuditEvent) ON (a.subject)",
    "CREATE INDEX recent_subject IF NOT EXISTS FOR (r:RecentTurns) ON (r.subject)",
    "CREATE INDEX user_tenant IF NOT EXISTS FOR (u:User) ON (u.tenant)",
    "CREATE INDEX memory_source IF NOT EXISTS FOR (m:Memory) ON (m.source, m.status)",
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
)

# The non-admin Neo4j user analysts connect as (run against the system database by the admin).
ANALYST_USER = (
    "CREATE USER $name IF NOT EXISTS SET PLAINTEXT PASSWORD $password CHANGE NOT REQUIRED",
    "ALTER USER $name SET PLAINTEXT PASSWORD $password CHANGE NOT REQUIRED",
)

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
WHERE ($tenant IS NULL OR u.tenant = $tenant) AND m.status IN ['active', 'disputed']
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
OPTIONAL MATCH (m)-[a:ABOUT]->(:Entity)
DELETE a
WITH DISTINCT m
SET m.status = 'archived', m.archive_key = $key, m.archive_sha256 = $sha, m.archive_reason = $reason,
    m.archived_at = $now, m.updated_at = $now, m.summary = '', m.text = '', m.slots_json = '{}',
    m.relations_json = '[]', m.context = '', m.indexed = true
"""

ARCHIVE_REF = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
RETURN m.archive_key AS key, m.archive_sha256 AS sha, m.status AS status
"""

ARCHIVED_REFS = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {status: 'archived'})
RETURN m.id AS id, m.archive_key AS key, m.archive_sha256 AS sha, m.archive_reason AS reason,
       m.archived_at AS at ORDER BY m.archived_at
"""

QUARANTINE_SOURCE = """
MATCH (u:User {tenant: $tenant})-[:HAS_MEMORY]->(m:Memory {source: $source})
WHERE m.status IN ['active', 'disputed']
SET m.pre_quarantine_status = m.status, m.status = 'quarantined', m.updated_at = $now
RETURN collect([u.key, m.id]) AS hits
"""

RELEASE_SOURCE = """
MATCH (u:User {tenant: $tenant})-[:HAS_MEMORY]->(m:Memory {source: $source, status: 'quarantined'})
SET m.status = coalesce(m.pre_quarantine_status, 'active'), m.updated_at = $now
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

QUADRUPLES = """
MATCH (u:User {key: $subject})-[r]->(e:Entity)
RETURN type(r) AS relation, e.name AS entity, e.type AS entity_type, r.detail AS detail, r.at AS at,
       r.weight AS weight, r.memory_id AS memory_id ORDER BY r.at, r.memory_id
"""

UPSERT_MEMORY = """
MERGE (u:User {key: $subject})
  ON CREATE SET u.created_at = $now
MERGE (m:Memory {id: $id})
  ON CREATE SET m.subject = $subject
WITH u, m
WHERE m.subject = $subject
SET m += $props, m.tenant = u.tenant
MERGE (u)-[:HAS_MEMORY]->(m)
// Applied write events as indexed nodes: replay detection is one lookup, not a scan.
FOREACH (ev IN coalesce(m.events, []) |
  MERGE (w:WriteEvent {id: split(ev, ':')[0]})
    ON CREATE SET w.subject = $subject, w.tenant = u.tenant
  MERGE (w)-[:APPLIED_TO]->(m))
WITH u, m
OPTIONAL MATCH (u)-[old {memory_id: $id}]->(:Entity)
DELETE old
RETURN m.id AS id
"""

# One statement per whitelisted type, built once at import; `{rel}` is never user text.
_UPSERT_RELATION = """
MATCH (u:User {{key: $subject}})-[:HAS_MEMORY]->(m:Memory {{id: $id}})
UNWIND $entities AS ent
MERGE (e:Entity {{uid: ent.uid}})
  ON CREATE SET e.subject = $subject, e.name = ent.name, e.type = ent.type
SET e.tenant = u.tenant
MERGE (u)-[r:{rel} {{memory_id: $id}}]->(e)
SET r.at = ent.at, r.weight = $weight, r.detail = ent.detail
MERGE (m)-[:ABOUT]->(e)
"""
UPSERT_RELATION = {rel: _UPSERT_RELATION.format(rel=rel) for rel in sorted(RELATION_TYPES)}

GET_MEMORY = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
RETURN m
"""

BY_EVENT = """
MATCH (w:WriteEvent {id: $event, subject: $subject})-[:APPLIED_TO]->(m:Memory {subject: $subject})
WHERE m.status IN ['active', 'disputed', 'quarantined']
RETURN m LIMIT 1
"""

MARK_INDEXED = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
SET m.indexed = true
"""

DELETE_MEMORY = """
MATCH (u:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
OPTIONAL MATCH (u)-[r {memory_id: $id}]->(:Entity)
DELETE r
DETACH DELETE m
"""

ACTIVE_OF_KIND = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {kind: $kind})
WHERE m.status IN ['active', 'disputed']
RETURN m ORDER BY m.created_at
"""

BY_IDS = """
UNWIND range(0, size($ids) - 1) AS pos
MATCH (u:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $ids[pos]})
WHERE m.status IN $statuses AND m.indexed = true
OPTIONAL MATCH (m)-[:ABOUT]->(e:Entity)
WITH u, m, pos, collect(DISTINCT e {.name, .type}) AS entities
OPTIONAL MATCH (m)-[:ABOUT]->(:Entity)<-[:ABOUT]-(other:Memory)
WHERE other.id <> m.id AND other.subject = $subject AND other.status IN ['active', 'disputed']
WITH m, pos, entities,
     collect(DISTINCT other {.id, .kind, .summary, .status, pending: other.kind IN ['todo', 'schedule']})[..5]
       AS related
RETURN m, entities, related ORDER BY pos
"""

LIST_MEMORIES = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE ($statuses IS NULL OR m.status IN $statuses) AND ($kinds IS NULL OR m.kind IN $kinds)
  AND m.indexed = true
WITH m ORDER BY m.created_at DESC, m.id
WITH collect(m) AS ms
RETURN size(ms) AS total, ms[$offset..$offset + $limit] AS page
"""

SET_STATUS = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE m.id IN $ids
SET m.status = $status, m.updated_at = $now
RETURN count(m) AS n
"""

SET_WEIGHT = """
MATCH (u:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
SET m.weight = $weight, m.last_reinforced = $now, m.updated_at = $now,
    m.valid_to = coalesce($valid_to, m.valid_to)
WITH u, m
OPTIONAL MATCH (u)-[r {memory_id: $id}]->(:Entity)
SET r.weight = $weight
"""

TOUCH = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE m.id IN $ids
SET m.last_accessed = $now
"""

UNINDEXED = """
MATCH (u:User)-[:HAS_MEMORY]->(m:Memory)
WHERE m.indexed = false AND m.updated_at < $before AND ($subject IS NULL OR u.key = $subject)
RETURN u.key AS subject, m LIMIT 1000
"""

GET_RECENT = """
MATCH (:User {key: $subject})-[:HAS_RECENT]->(r:RecentTurns)
RETURN r.turns_json AS turns
"""

SAVE_RECENT = """
MERGE (u:User {key: $subject})
  ON CREATE SET u.created_at = $now
MERGE (u)-[:HAS_RECENT]->(r:RecentTurns {subject: $subject})
SET r.turns_json = $turns, r.updated_at = $now, r.tenant = u.tenant
"""

APPEND_AUDIT = """
MERGE (u:User {key: $subject})
  ON CREATE SET u.created_at = $now
CREATE (u)-[:HAS_AUDIT]->(:AuditEvent {subject: $subject, tenant: u.tenant, at: $now, type: $type,
                                       memory_id: $memory_id, detail: $detail})
"""

AUDIT_TRAIL = """
MATCH (:User {key: $subject})-[:HAS_AUDIT]->(a:AuditEvent)
RETURN a ORDER BY a.at
"""

COUNT_SUBJECT = """
OPTIONAL MATCH (u:User {key: $subject})
OPTIONAL MATCH (n) WHERE n.subject = $subject
RETURN count(DISTINCT u) + count(DISTINCT n) AS n
"""

# Large deletes must run in auto-commit transactions (session.run), batched.
ERASE_SUBJECT = """
MATCH (n) WHERE n.subject = $subject
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 1000 ROWS
"""
ERASE_USER = """
MATCH (u:User {key: $subject})
DETACH DELETE u
RETURN count(u) AS n
"""
