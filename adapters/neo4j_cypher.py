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
    "CLAIM_FINGERPRINT",
    "CLEAR_CONTEXT",
    "COUNT_SUBJECT",
    "DELETE_MEMORY",
    "ENSURE_SUBJECT",
    "ERASE_SUBJECT",
    "ERASE_USER",
    "FORGET_MEMORY",
    "GET_MEMORY",
    "GET_RECENT",
    "LIST_MEMORIES",
    "LOCK_SUBJECT",
    "MARK_INDEXED",
    "MARK_SOURCE",
    "PERSIST_DECAY",
    "QUADRUPLES",
    "QUARANTINED_SOURCES",
    "QUARANTINE_SOURCE",
    "REINFORCE",
    "RELEASE_SOURCE",
    "SAVE_RECENT",
    "SCHEMA",
    "SET_STATUS",
    "SET_WEIGHT",
    "STATS_CLEAR",
    "STATS_STOP",
    "SUBJECTS_PAGE",
    "SUBJECT_EXISTS",
    "SUBJECT_LABELS",
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
MATCH (u:User {key: $subject})
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
// Events the memory no longer lists (a failed capture was undone) lose their replay markers too.
WITH u, m
OPTIONAL MATCH (stale:WriteEvent)-[applied:APPLIED_TO]->(m)
WHERE NOT stale.id IN [ev IN coalesce(m.events, []) | split(ev, ':')[0]]
DELETE applied
WITH u, m, collect(stale) AS stale
FOREACH (w IN [s IN stale WHERE NOT exists { (s)-[:APPLIED_TO]->() }] | DELETE w)
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
WITH DISTINCT m
// Its replay markers go with it (a rolled-back capture leaves nothing behind).
OPTIONAL MATCH (w:WriteEvent)-[:APPLIED_TO]->(m)
WHERE NOT exists { (w)-[:APPLIED_TO]->(other) WHERE other <> m }
DETACH DELETE w
WITH DISTINCT m
OPTIONAL MATCH (f:Fingerprint {memory_id: $id, subject: $subject})
DETACH DELETE f
WITH DISTINCT m
DETACH DELETE m
"""

# Forget one memory: its quadruples and ABOUT links go, entities nothing else points to go, its
# fingerprint goes, and the node stays as a tombstone without any text (id, kind, status, when).
FORGET_MEMORY = """
MATCH (u:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
OPTIONAL MATCH (u)-[r {memory_id: $id}]->(:Entity)
DELETE r
WITH DISTINCT u, m
OPTIONAL MATCH (m)-[a:ABOUT]->(e:Entity)
DELETE a
WITH u, m, collect(DISTINCT e) AS linked
CALL (linked) {
  UNWIND linked AS e
  WITH e WHERE NOT EXISTS { (e)--() }
  DELETE e
}
OPTIONAL MATCH (f:Fingerprint {memory_id: $id, subject: $subject})
DETACH DELETE f
WITH DISTINCT m
SET m.status = 'forgotten', m.summary = '', m.text = '', m.context = '', m.slots_json = '{}',
    m.relations_json = '[]', m.indexed = true, m.updated_at = $now, m.forgotten_at = $now
REMOVE m.archive_key, m.archive_sha256, m.pre_quarantine_status, m.effective_weight
RETURN m.id AS id
"""

# The turn before a memory is kept as its `context` (indexed for retrieval): when that turn's
# memory is forgotten, the neighbours' copies of its words go too (the caller re-indexes them).
CLEAR_CONTEXT = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE m.context = $context AND m.id <> $id
SET m.context = '', m.updated_at = $now
RETURN m
"""

# Claim the fact's fingerprint (unique constraint: concurrent MERGEs of one id queue). The claim
# passes to the caller when the recorded owner is gone, forgotten or archived.
CLAIM_FINGERPRINT = """
MATCH (u:User {key: $subject})
MERGE (f:Fingerprint {id: $fp})
  ON CREATE SET f.subject = $subject, f.memory_id = $id, f.tenant = u.tenant
SET f.locked_at = $now
WITH u, f
OPTIONAL MATCH (u)-[:HAS_MEMORY]->(o:Memory {id: f.memory_id})
WITH f, o
SET f.memory_id = CASE WHEN o IS NULL OR NOT o.status IN ['active', 'disputed', 'quarantined']
                       THEN $id ELSE f.memory_id END
RETURN f.memory_id AS owner
"""

# Reinforce atomically: take the node's write lock first (SET), then read the weight, so two
# concurrent reinforcements both count (no lost update).
REINFORCE = """
MATCH (u:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
SET m.reinforcing = $now
WITH u, m, CASE WHEN m.last_reinforced < $now
               THEN duration.inSeconds(m.last_reinforced, $now).seconds / 86400.0 ELSE 0.0 END AS days
WITH u, m, m.weight * ($rate ^ days) + $step AS raised
SET m.weight = CASE WHEN raised > $max THEN $max ELSE raised END, m.last_reinforced = $now, m.updated_at = $now,
    m.events = CASE WHEN $event IN coalesce(m.events, []) THEN m.events ELSE coalesce(m.events, []) + $event END,
    m.provenance = reduce(acc = coalesce(m.provenance, []), p IN $provenance |
                          CASE WHEN p IN acc THEN acc ELSE acc + p END)
REMOVE m.reinforcing
MERGE (w:WriteEvent {id: split($event, ':')[0]})
  ON CREATE SET w.subject = $subject, w.tenant = u.tenant
MERGE (w)-[:APPLIED_TO]->(m)
WITH u, m
OPTIONAL MATCH (u)-[r {memory_id: $id}]->(:Entity)
SET r.weight = m.weight
WITH DISTINCT m
RETURN m
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

# The recent buffer is read, changed and written in one transaction that first takes the User
# node's write lock (LOCK_SUBJECT): concurrent captures of one subject queue instead of losing turns.
LOCK_SUBJECT = """
MATCH (u:User {key: $subject})
SET u.recent_at = $now
WITH u
OPTIONAL MATCH (u)-[:HAS_RECENT]->(r:RecentTurns)
RETURN r.turns_json AS turns
"""

SAVE_RECENT = """
MATCH (u:User {key: $subject})
MERGE (u)-[:HAS_RECENT]->(r:RecentTurns {subject: $subject})
SET r.turns_json = $turns, r.updated_at = $now, r.tenant = u.tenant
"""

# MATCH, not MERGE: an audit line (e.g. an export's) must never re-create an erased subject.
APPEND_AUDIT = """
MATCH (u:User {key: $subject})
CREATE (u)-[:HAS_AUDIT]->(:AuditEvent {subject: $subject, tenant: u.tenant, at: $now, type: $type,
                                       memory_id: $memory_id, detail: $detail})
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
