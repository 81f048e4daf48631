"""Cypher of the run-once leases (adapters/neo4j_lease.py), as named, parameterised constants.

A lease is one `Lease` node per job name: owner, expiry (Neo4j's clock, so replicas' clocks need
not agree) and the last period the job completed. Not subject data: no `$subject`, no `$tenant`,
which is why these are not re-exported by `neo4j_cypher` (whose statements are all scoped).
"""

from __future__ import annotations

__all__ = ["ACQUIRE_LEASE", "LEASE_SCHEMA", "RELEASE_LEASE", "RENEW_LEASE"]

LEASE_SCHEMA = "CREATE CONSTRAINT lease_name IF NOT EXISTS FOR (l:Lease) REQUIRE l.name IS UNIQUE"

# One statement, atomic: MERGE under the unique constraint gives one node per name; `SET l.lock`
# takes the node's write lock before anything is read, so a competing acquirer waits here and then
# reads the winner's owner and expiry (read committed), never the state from before it. Free means:
# nobody holds it, we do, or the holder's expiry passed; and the job's period is not done yet.
ACQUIRE_LEASE = """
MERGE (l:Lease {name: $name})
SET l.lock = true
WITH l, datetime.realtime() AS now
WITH l, now,
     (l.owner IS NULL OR l.owner = $owner OR l.expires <= now)
     AND ($period IS NULL OR coalesce(l.done, '') <> $period) AS free
SET l.owner = CASE WHEN free THEN $owner ELSE l.owner END,
    l.expires = CASE WHEN free THEN now + duration({milliseconds: $ttl_ms}) ELSE l.expires END,
    l.acquired_at = CASE WHEN free THEN now ELSE l.acquired_at END
REMOVE l.lock
RETURN free AS held, l.owner AS owner
"""

# Only the holder renews; after an expiry nobody else took, the lease is still the holder's.
RENEW_LEASE = """
MATCH (l:Lease {name: $name})
WHERE l.owner = $owner
SET l.expires = datetime.realtime() + duration({milliseconds: $ttl_ms})
RETURN true AS held
"""

# Only the holder releases; `$period` (when not null) records that the job completed that period.
RELEASE_LEASE = """
MATCH (l:Lease {name: $name})
WHERE l.owner = $owner
SET l.owner = null, l.expires = null, l.done = coalesce($period, l.done)
RETURN true AS released
"""
