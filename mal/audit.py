"""The audit vocabulary: every event type a memory's trail may hold, and the one shape of an event.

Writers build events with `audit_event(AuditEvent.X, ...)`; readers compare against the enum, so an
event type is spelled once. Values are the strings stored in Neo4j and shown in audit bundles.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

__all__ = ["AuditEvent", "audit_event"]


class AuditEvent(StrEnum):
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


def audit_event(kind: AuditEvent, memory_id: str | None, at: datetime, detail: dict[str, Any]) -> dict[str, Any]:
    """The event dict `GraphStore.append_audit` stores; `kind` must be one of the vocabulary."""
    return {"at": at, "type": AuditEvent(kind).value, "memory_id": memory_id, "detail": detail}
