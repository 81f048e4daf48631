"""Cypher of the per-subject lock (mal/subject_lock.py), as named, parameterised constants.

A capture and an erase of one subject exclude each other through one `SubjectLock` node keyed by
the subject digest: held by one owner until its expiry (Neo4j's clock, so replicas' clocks need
not agree). The node exists only while held: releasing deletes it, so no digest outlives an erase
in a lock node (a holder that died leaves an expired node, deleted by the next holder's release).
"""

from __future__ import annotations

__all__ = ["LOCK_SUBJECT", "SUBJECT_LOCK_SCHEMA", "UNLOCK_SUBJECT"]

SUBJECT_LOCK_SCHEMA = ("CREATE CONSTRAINT subject_lock IF NOT EXISTS FOR (l:SubjectLock) REQUIRE l.subject IS UNIQUE",)

# One statement, atomic, as ACQUIRE_LEASE: MERGE under the unique constraint gives one node per
# subject; `SET l.lock` takes its write lock before anything is read, so a competing caller waits
# and then reads the winner's owner. Free: nobody holds it, we do (a renewal), or it expired.
LOCK_SUBJECT = """
MERGE (l:SubjectLock {subject: $subject})
SET l.lock = true
WITH l, datetime.realtime() AS now
WITH l, now, (l.owner IS NULL OR l.owner = $owner OR l.expires <= now) AS free
SET l.owner = CASE WHEN free THEN $owner ELSE l.owner END,
    l.expires = CASE WHEN free THEN now + duration({milliseconds: $ttl_ms}) ELSE l.expires END
REMOVE l.lock
RETURN free AS held
"""

# Only the holder releases, and the node goes with it.
UNLOCK_SUBJECT = """
MATCH (l:SubjectLock {subject: $subject})
WHERE l.owner = $owner
DELETE l
RETURN count(*) AS released
"""
