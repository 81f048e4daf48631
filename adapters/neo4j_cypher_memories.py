"""Cypher for one subject's memories (read, write, forget, reinforce), as named, parameterised
constants. Statuses arrive as parameters from `mal.models.MemoryStatus` (see `status_params`), never
as literals; relationship types are the only interpolation, from the whitelist, once at import."""

from __future__ import annotations

from mal.relations import RELATION_TYPES

__all__ = [
    "ACTIVE_OF_KIND",
    "BY_EVENT",
    "BY_IDS",
    "BY_IDS_PLAIN",
    "BY_STALE_MARKS",
    "CLEAR_CONTEXT",
    "CONFLICT_RIVALS",
    "DELETE_MEMORY",
    "FORGET_MEMORY",
    "FORGET_PENDING",
    "GET_MEMORY",
    "INSERT_MANY",
    "INSERT_RELATIONS",
    "LIST_MEMORIES",
    "MARK_FORGETTING",
    "MARK_INDEXED",
    "MARK_INDEXED_MANY",
    "MARK_UNINDEXED",
    "PRIOR_WRITES",
    "PROFILE_EVIDENCE",
    "QUADRUPLES",
    "REINFORCE",
    "RELATED_MAX_DF",
    "SET_MARKS",
    "SET_STATUS",
    "SET_WEIGHT",
    "TOUCH",
    "UNFINISHED",
    "UNINDEXED",
    "UPSERT_MEMORY",
    "UPSERT_RELATION",
]

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
WHERE m.status IN $holds_fact
RETURN m LIMIT 1
"""

MARK_INDEXED = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
SET m.indexed = true
"""

# The first step of a capture's rollback (mal/journal.py): hidden before its vector goes, so a rollback
# cut short after that leaves a memory repair finishes, never a hot one without its vector.
MARK_UNINDEXED = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
SET m.indexed = false
"""

UNFINISHED = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE m.id IN $ids AND m.indexed = false
RETURN m.id AS id
"""

# One capture's memories become visible together (the last step of a batched capture).
MARK_INDEXED_MANY = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE m.id IN $ids
SET m.indexed = true
"""

# A capture's replay check for all its candidates in one read: each candidate's own memory by id,
# and any memory a candidate's write event was already applied to (as GET_MEMORY and BY_EVENT).
PRIOR_WRITES = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE m.id IN $ids
RETURN m.id AS key, m
UNION ALL
MATCH (w:WriteEvent)-[:APPLIED_TO]->(m:Memory {subject: $subject})
WHERE w.id IN $events AND w.subject = $subject AND m.status IN $holds_fact
RETURN w.id AS key, m
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
SET m.status = $forgotten, m.summary = '', m.text = '', m.context = '', m.slots_json = '{}',
    m.relations_json = '[]', m.indexed = true, m.updated_at = $now, m.forgotten_at = $now
REMOVE m.variants, m.variant_keys, m.variants_dropped,
       m.archive_key, m.archive_sha256, m.archive_pending, m.forget_pending, m.pre_quarantine_status,
       m.effective_weight
RETURN m.id AS id
"""

# The first step of a forget (mal/forgetting.py): hidden from reads at once, and marked so that a
# crash before the tombstone is finished by repair, never left with its vector gone and its node hot.
MARK_FORGETTING = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
SET m.indexed = false, m.forget_pending = true, m.updated_at = $now
REMOVE m.archive_pending
"""

# Forgets begun and never finished, for repair.
FORGET_PENDING = """
MATCH (u:User)-[:HAS_MEMORY]->(m:Memory)
WHERE m.indexed = false AND m.forget_pending = true AND m.updated_at < $before
  AND ($subject IS NULL OR u.key = $subject)
RETURN u.key AS subject, u.tenant AS tenant, m LIMIT 1000
"""

# The turn before a memory is kept as its `context` (indexed for retrieval): when that turn's
# memory is forgotten, the neighbours' copies of its words go too (the caller re-indexes them).
CLEAR_CONTEXT = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE m.context = $context AND m.id <> $id
SET m.context = '', m.updated_at = $now
RETURN m
"""

# A capture's new memories in one statement (issue #13). Per item, in order: claim the fact's
# fingerprints (`it.fps`: its words', then its summary's; mal/capture_plan.py `fingerprints`) and,
# when the claim is this item's, the clauses of UPSERT_MEMORY. Every fingerprint is MERGEd first
# (unique constraint: concurrent MERGEs of one id queue, words before summary in every claim, so
# two claims cannot wait on each other); the owner is then the first one another live memory holds
# (a recorded owner gone, forgotten or archived holds nothing). An item that owns none claims them
# all; one that does not claims nothing, and the fingerprints its MERGE created go again (a claim
# is all or nothing, as the fake's). Each `CALL` runs once per row and sees the rows before it, so
# a later item with an earlier one's fingerprint finds it the owner, as separate statements would
# (claim and write are one subquery: in two, every claim would run before any write).
# `written` is 0 when the id belongs to another subject.
INSERT_MANY = """
MATCH (u:User {key: $subject})
UNWIND range(0, size($items) - 1) AS pos
WITH u, pos, $items[pos] AS it
CALL (u, it) {
  UNWIND range(0, size(it.fps) - 1) AS i
  MERGE (f:Fingerprint {id: it.fps[i]})
    ON CREATE SET f.subject = $subject, f.memory_id = it.id, f.tenant = u.tenant
  SET f.locked_at = it.now
  WITH u, it, i, f
  OPTIONAL MATCH (u)-[:HAS_MEMORY]->(o:Memory {id: f.memory_id})
  WITH u, it, i, f, o IS NOT NULL AND o.status IN $holds_fact AS live
  ORDER BY i
  WITH u, it, collect(f) AS claimed, collect(CASE WHEN live AND f.memory_id <> it.id THEN f.memory_id END) AS held,
       collect(CASE WHEN NOT live AND f.memory_id = it.id THEN f END) AS fresh
  WITH u, it, claimed, fresh, coalesce(held[0], it.id) AS owner
  FOREACH (f IN CASE WHEN owner = it.id THEN claimed ELSE [] END | SET f.memory_id = it.id)
  FOREACH (f IN CASE WHEN owner = it.id THEN [] ELSE fresh END | DELETE f)
  WITH u, it, owner
  CALL (u, it, owner) {
    WITH u, it WHERE owner = it.id
    OPTIONAL MATCH (before:Memory {id: it.id})
    WITH u, it, before IS NOT NULL AS existed
    MERGE (m:Memory {id: it.id})
      ON CREATE SET m.subject = $subject
    WITH u, m, it, existed
    WHERE m.subject = $subject
    SET m += it.props, m.tenant = u.tenant
    MERGE (u)-[:HAS_MEMORY]->(m)
    FOREACH (ev IN coalesce(m.events, []) |
      MERGE (w:WriteEvent {id: split(ev, ':')[0]})
        ON CREATE SET w.subject = $subject, w.tenant = u.tenant
      MERGE (w)-[:APPLIED_TO]->(m))
    WITH u, m, existed
    OPTIONAL MATCH (stale:WriteEvent)-[applied:APPLIED_TO]->(m)
    WHERE NOT stale.id IN [ev IN coalesce(m.events, []) | split(ev, ':')[0]]
    DELETE applied
    WITH u, m, existed, collect(stale) AS stale
    FOREACH (w IN [s IN stale WHERE NOT exists { (s)-[:APPLIED_TO]->() }] | DELETE w)
    // Old quadruples can only exist on a node that existed: the lookup walks every relationship
    // of the user (memories, audit, quadruples), so a new memory skips it (it was O(n) each).
    WITH u, m, existed
    CALL (u, m, existed) {
      WITH u, m WHERE existed
      OPTIONAL MATCH (u)-[old {memory_id: m.id}]->(:Entity)
      DELETE old
    }
    RETURN count(DISTINCT m) AS written
  }
  RETURN owner, written
}
RETURN owner, written ORDER BY pos
"""

# UPSERT_RELATION for every new memory of a capture at once: one statement per whitelisted type
# present in the capture (not one per memory and type).
_INSERT_RELATIONS = """
UNWIND $rows AS row
MATCH (u:User {{key: $subject}})-[:HAS_MEMORY]->(m:Memory {{id: row.id}})
UNWIND row.entities AS ent
MERGE (e:Entity {{uid: ent.uid}})
  ON CREATE SET e.subject = $subject, e.name = ent.name, e.type = ent.type
SET e.tenant = u.tenant
MERGE (u)-[r:{rel} {{memory_id: row.id}}]->(e)
SET r.at = ent.at, r.weight = row.weight, r.detail = ent.detail
MERGE (m)-[:ABOUT]->(e)
"""
INSERT_RELATIONS = {rel: _INSERT_RELATIONS.format(rel=rel) for rel in sorted(RELATION_TYPES)}

# Reinforce atomically: take the node's write lock first (SET), then read the weight, so two
# concurrent reinforcements both count (no lost update). The merged candidate's words ($words:
# {text, key} in order, keys by mal/variants.py `key`) become variants in the same statement, only
# with a new event (a replay appends nothing): a key already in `variant_keys` (the memory's text,
# summary and variants) is skipped, past $max_variants a word is only counted.
REINFORCE = """
MATCH (u:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $id})
SET m.reinforcing = $now
WITH u, m, NOT $event IN coalesce(m.events, []) AS fresh,
     CASE WHEN m.last_reinforced < $now
          THEN duration.inSeconds(m.last_reinforced, $now).seconds / 86400.0 ELSE 0.0 END AS days
WITH u, m, fresh, m.weight * ($rate ^ days) + $step AS raised,
     reduce(acc = {v: coalesce(m.variants, []), k: coalesce(m.variant_keys, []),
                   dropped: coalesce(m.variants_dropped, 0)},
            w IN CASE WHEN fresh THEN $words ELSE [] END |
            CASE WHEN w.key IN acc.k THEN acc
                 WHEN size(acc.v) >= $max_variants THEN {v: acc.v, k: acc.k, dropped: acc.dropped + 1}
                 ELSE {v: acc.v + w.text, k: acc.k + w.key, dropped: acc.dropped} END) AS said
SET m.weight = CASE WHEN raised > $max THEN $max ELSE raised END, m.last_reinforced = $now, m.updated_at = $now,
    m.events = CASE WHEN fresh THEN coalesce(m.events, []) + $event ELSE m.events END,
    m.variants = said.v, m.variant_keys = said.k, m.variants_dropped = said.dropped,
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
WHERE m.status IN $searchable
RETURN m ORDER BY m.created_at
"""

# A conflict check's read (issue #13): the active memories of the kind in the fact's identity group
# (an index seek on the stored key), plus those whose key is unknown (written before the key, or
# under other identity rules: read as before, until `mal profile-backfill` keys them).
CONFLICT_RIVALS = """
CALL () {
  MATCH (m:Memory {subject: $subject, conflict_key: $key})
  WHERE m.kind = $kind AND m.status IN $searchable AND m.conflict_rules = $rules
  RETURN m
  UNION
  MATCH (m:Memory {subject: $subject, kind: $kind})
  WHERE m.status IN $searchable AND coalesce(m.conflict_rules, '') <> $rules
  RETURN m
}
RETURN m ORDER BY m.created_at
"""

# `mal profile-backfill`: memories whose write-time marks (profile evidence, conflict group) are
# missing or were judged under other rules, a page at a time; SET_MARKS writes them (and nothing else).
BY_STALE_MARKS = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE coalesce(m.profile_rules, '') <> $profile_rules OR coalesce(m.conflict_rules, '') <> $conflict_rules
RETURN m LIMIT $limit
"""

SET_MARKS = """
UNWIND $rows AS row
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: row.id})
SET m.profile = row.profile, m.profile_rules = $profile_rules,
    m.conflict_key = row.conflict_key, m.conflict_rules = $conflict_rules
RETURN count(m) AS n
"""

RELATED_MAX_DF = 10  # an entity linked to more memories than this relates nothing (BY_IDS)

BY_IDS = """
UNWIND range(0, size($ids) - 1) AS pos
MATCH (u:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $ids[pos]})
WHERE m.status IN $statuses AND m.indexed = true
OPTIONAL MATCH (m)-[:ABOUT]->(e:Entity)
WITH u, m, pos, collect(DISTINCT e {.name, .type}) AS entities
// Related memories through specific entities only: since every turn links its entities (the
// speaker, common words), a generic one would fan out to most of the subject's memories.
OPTIONAL MATCH (m)-[:ABOUT]->(shared:Entity)
WHERE COUNT { (shared)<-[:ABOUT]-() } <= $related_max_df
OPTIONAL MATCH (shared)<-[:ABOUT]-(other:Memory)
WHERE other.id <> m.id AND other.subject = $subject AND other.status IN $searchable
WITH m, pos, entities,
     collect(DISTINCT other {.id, .kind, .summary, .status, pending: other.kind IN ['todo', 'schedule']})[..5]
       AS related
RETURN m, entities, related ORDER BY pos
"""

# BY_IDS without the related-memories expansion: for callers that only read the hits themselves
# (the context builder, recipes with `enrich=False`); the second hop was about a third of a search.
BY_IDS_PLAIN = """
UNWIND range(0, size($ids) - 1) AS pos
MATCH (u:User {key: $subject})-[:HAS_MEMORY]->(m:Memory {id: $ids[pos]})
WHERE m.status IN $statuses AND m.indexed = true
OPTIONAL MATCH (m)-[:ABOUT]->(e:Entity)
WITH m, pos, collect(DISTINCT e {.name, .type}) AS entities
RETURN m, entities, [] AS related ORDER BY pos
"""

LIST_MEMORIES = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE ($statuses IS NULL OR m.status IN $statuses) AND ($kinds IS NULL OR m.kind IN $kinds)
  AND m.indexed = true
WITH m ORDER BY m.created_at DESC, m.id
WITH collect(m) AS ms
RETURN size(ms) AS total, ms[$offset..$offset + $limit] AS page
"""

# The instructions' read (mal/profile.py): the page LIST_MEMORIES would give (same filter, order and
# limit), reduced in the store to the active memories' languages and the active ones marked as
# evidence or judged under other rules (`coalesce`: nodes written before the mark are unknown).
PROFILE_EVIDENCE = """
MATCH (:User {key: $subject})-[:HAS_MEMORY]->(m:Memory)
WHERE m.status IN $searchable AND m.indexed = true
WITH m ORDER BY m.created_at DESC, m.id LIMIT $limit
WITH m WHERE m.status = $active
RETURN collect(m.lang) AS langs,
       collect(CASE WHEN m.profile = true OR coalesce(m.profile_rules, '') <> $rules THEN m END) AS evidence
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
WHERE m.indexed = false AND m.archive_pending IS NULL AND m.forget_pending IS NULL AND m.updated_at < $before
  AND ($subject IS NULL OR u.key = $subject)
RETURN u.key AS subject, m LIMIT 1000
"""
