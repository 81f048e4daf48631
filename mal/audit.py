"""The audit vocabulary: every event type a memory's trail may hold, and the one shape of an event.

Writers build events with `audit_event(AuditType.X, ...)`; readers compare against the enum, so an
event type is spelled once. Values are the strings stored in Neo4j and shown in audit bundles.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from mal.records import AuditEvent

__all__ = ["AuditType", "audit_event"]


class AuditType(StrEnum):
    CREATED = "created"
    REINFORCED = "reinforced"
    CORRECTED = "corrected"
    DISPUTED = "disputed"
    DEMOTED = "demoted"
    ROLLED_BACK = "rolled_back"
    FORGOTTEN = "forgotten"
    ARCHIVED = "archived"
    RESTORED = "restored"
    RESTORE_REFUSED = "restore_refused"
    EXPORTED = "exported"
    QUARANTINED = "quarantined"
    RELEASED = "released"
    # Identity and consent (mal/identities.py, mal/consent.py): subject keys and counts only.
    DEVICE_BOUND = "device_bound"
    DEVICE_UNBOUND = "device_unbound"
    CONSENT_CHANGED = "consent_changed"


def audit_event(kind: AuditType, memory_id: str | None, at: datetime, detail: dict[str, Any]) -> AuditEvent:
    """The record `AuditLog.append_audit` stores; `kind` must be one of the vocabulary."""
    return AuditEvent(at, AuditType(kind).value, memory_id, detail)
