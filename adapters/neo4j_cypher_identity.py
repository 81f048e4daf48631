"""Cypher for identity (devices, login bindings, Level 3 proposals) and consent, as named,
parameterised constants. A device is keyed by its subject key in `device` (never `subject`: erasing
the device's data must not delete the binding that says where it resolves to)."""

from __future__ import annotations

__all__ = [
    "BIND_DEVICE",
    "DECIDE_PROPOSAL",
    "DEVICES_BOUND_TO",
    "DROP_DEVICE",
    "GET_CONSENT",
    "GET_DEVICE",
    "IDENTITY_SCHEMA",
    "MARK_MERGED",
    "PROPOSALS",
    "PROPOSALS_OF",
    "RECORD_PROPOSAL",
    "REGISTER_DEVICE",
    "SET_CONSENT",
    "UNBIND_DEVICE",
    "UNBOUND_DEVICES",
]

IDENTITY_SCHEMA = (
    # One node per device: concurrent first requests with both headers meet on this constraint.
    "CREATE CONSTRAINT device_key IF NOT EXISTS FOR (d:Device) REQUIRE d.device IS UNIQUE",
    "CREATE INDEX device_bound_to IF NOT EXISTS FOR (d:Device) ON (d.bound_to)",
    "CREATE INDEX device_tenant IF NOT EXISTS FOR (d:Device) ON (d.tenant)",
    "CREATE CONSTRAINT proposal_id IF NOT EXISTS FOR (p:IdentityProposal) REQUIRE p.id IS UNIQUE",
    "CREATE INDEX proposal_tenant IF NOT EXISTS FOR (p:IdentityProposal) ON (p.tenant)",
    "CREATE INDEX proposal_a IF NOT EXISTS FOR (p:IdentityProposal) ON (p.a)",
    "CREATE INDEX proposal_b IF NOT EXISTS FOR (p:IdentityProposal) ON (p.b)",
)

_DEVICE_ROW = "d.tenant AS tenant, d.bound_to AS bound_to, d.merged AS merged, d.bound_at AS bound_at"

GET_DEVICE = f"""
MATCH (d:Device {{device: $subject}})
RETURN {_DEVICE_ROW}
"""

REGISTER_DEVICE = f"""
MERGE (d:Device {{device: $subject}})
  ON CREATE SET d.tenant = $tenant, d.first_seen = $now, d.merged = true
RETURN {_DEVICE_ROW}
"""

# The first SET takes the device node's write lock, so the read of `bound_to` after it sees the
# last committed binding: of two concurrent first requests one binds, the other finds it bound.
BIND_DEVICE = """
MERGE (d:Device {device: $subject})
  ON CREATE SET d.tenant = $tenant, d.first_seen = $now, d.merged = true
SET d.locked_at = $now
WITH d, d.bound_to AS prior, d.merged AS was_merged
SET d.bound_to = coalesce(prior, $user),
    d.bound_at = CASE WHEN prior IS NULL THEN $now ELSE d.bound_at END,
    d.merged = CASE WHEN prior IS NULL THEN false ELSE was_merged END
RETURN prior, d.merged AS merged
"""

MARK_MERGED = """
MATCH (d:Device {device: $subject})
SET d.merged = true
"""

UNBIND_DEVICE = """
MATCH (d:Device {device: $subject})
SET d.locked_at = $now
WITH d, d.bound_to AS prior
SET d.bound_to = null, d.bound_at = null, d.merged = true, d.unbound_at = $now
RETURN prior
"""

DEVICES_BOUND_TO = """
MATCH (d:Device {bound_to: $subject})
RETURN d.device AS device ORDER BY device
"""

DROP_DEVICE = """
OPTIONAL MATCH (d:Device {device: $subject})
DETACH DELETE d
WITH count(*) AS done
CALL () {
  MATCH (p:IdentityProposal {a: $subject}) RETURN p
  UNION
  MATCH (p:IdentityProposal {b: $subject}) RETURN p
}
DETACH DELETE p
"""

UNBOUND_DEVICES = f"""
MATCH (d:Device)
WHERE ($tenant IS NULL OR d.tenant = $tenant) AND d.bound_to IS NULL
RETURN d.device AS device, {_DEVICE_ROW} ORDER BY device LIMIT $limit
"""

RECORD_PROPOSAL = """
OPTIONAL MATCH (old:IdentityProposal {id: $id})
WITH old WHERE old IS NULL
CREATE (p:IdentityProposal {id: $id, tenant: $tenant, a: $a, b: $b, score: $score, status: $status, at: $now})
RETURN p.id AS id
"""

PROPOSALS = """
MATCH (p:IdentityProposal {tenant: $tenant})
WHERE $status IS NULL OR p.status = $status
RETURN p ORDER BY p.score DESC, p.id LIMIT 1000
"""

PROPOSALS_OF = """
CALL () {
  MATCH (p:IdentityProposal {a: $subject}) RETURN p
  UNION
  MATCH (p:IdentityProposal {b: $subject}) RETURN p
}
RETURN p ORDER BY p.score DESC
"""

DECIDE_PROPOSAL = """
MATCH (p:IdentityProposal {id: $id, tenant: $tenant})
SET p.status = $status, p.decided_at = $now
RETURN p
"""

GET_CONSENT = """
MATCH (u:User {key: $subject})
RETURN u.consent_memory AS memory, u.consent_recent_turns AS recent_turns
"""

# `$props` holds only consent_<scope> and consent_<scope>_at (the service builds the names from
# its fixed scope list). MERGE: consent may be recorded before the subject's first capture.
SET_CONSENT = """
MERGE (u:User {key: $subject})
  ON CREATE SET u.created_at = $now
SET u.tenant = $tenant, u += $props
"""
