"""What a capture asks for and answers: the request, and each memory it wrote with what it did.
Split from mal/writing.py; re-exported there."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from mal.models import Memory, WriteAction
from mal.privacy import Policy

__all__ = ["CaptureRequest", "CaptureResult", "WrittenMemory"]


@dataclass
class CaptureRequest:
    session_id: str
    turns: list[Any]
    source: str = "api"
    agent_id: str | None = None
    domain: str | None = None
    occurred_at: datetime | None = None
    pii_policy: Policy = "redact"  # the API key's (mal/privacy.py); applied before anything else
    pii_region: str | None = None  # the tenant's default phone region for `hash` tokens
    # Consent (mal/consent.py): without it for a scope, that part of the capture stores nothing.
    store_memories: bool = True
    store_turns: bool = True


@dataclass
class WrittenMemory:
    memory: Memory
    action: WriteAction


@dataclass
class CaptureResult:
    memories: list[WrittenMemory] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)
    forgotten: list[str] = field(default_factory=list)
    forget_candidates: list[dict[str, str]] = field(default_factory=list)  # to confirm by id after a question
    recent_turns_kept: int = 0
    dropped_turns: int = 0
    timings_ms: dict[str, float] = field(default_factory=dict)  # exclusive stage times (mal/stages.py)
