"""Domain model: what a memory is, independent of any store."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, Field

__all__ = [
    "HOLDS_FACT",
    "SEARCHABLE",
    "Entity",
    "GraphHit",
    "Memory",
    "MemoryStatus",
    "Relation",
    "SubjectKey",
    "Turn",
    "VectorHit",
    "WriteAction",
]

SubjectKey = str  # 64 hex characters: HMAC-SHA256(pepper, tenant:user_id)
WriteAction = Literal["created", "reinforced", "corrected", "disputed", "forgotten"]


class MemoryStatus(StrEnum):
    ACTIVE = "active"
    DISPUTED = "disputed"
    ARCHIVED = "archived"
    QUARANTINED = "quarantined"
    FORGOTTEN = "forgotten"


# Statuses a search or a context may return.
SEARCHABLE = (MemoryStatus.ACTIVE.value, MemoryStatus.DISPUTED.value)
# Statuses of a memory that still owns its fact: a replayed event or a fingerprint claim finds it.
HOLDS_FACT = (MemoryStatus.ACTIVE.value, MemoryStatus.DISPUTED.value, MemoryStatus.QUARANTINED.value)


class Turn(BaseModel):
    role: Literal["user", "assistant"]
    content: str
    at: datetime | None = None
    ref: str | None = None  # caller's turn id (e.g. LoCoMo "D1:3"), kept as provenance
    speaker: str | None = None


class Entity(BaseModel):
    name: str
    type: str


class Relation(BaseModel):
    """A quadruple (User)-[type {at, weight, memory_id}]->(Entity); `type` is whitelisted."""

    type: str
    entity: Entity
    at: datetime | None = None
    detail: str | None = None  # e.g. which relative has the condition


class Memory(BaseModel):
    id: str
    kind: str
    summary: str
    slots: dict[str, Any] = Field(default_factory=dict)
    relations: list[Relation] = Field(default_factory=list)
    status: MemoryStatus = MemoryStatus.ACTIVE
    weight: float = 1.0  # base weight at last_reinforced; effective weight decays from there
    confidence: float = 1.0
    source: str = "api"
    domain: str = "general"
    sentiment: str = "neutral"
    intensity: float = 0.0
    lang: str = "en"
    session_id: str | None = None
    agent_id: str | None = None
    provenance: list[str] = Field(default_factory=list)  # turn refs the memory was derived from
    text: str = ""  # the user's own words the memory came from (indexed for BM25)
    # Other wordings merged into it by dedup (mal/variants.py): each the user's own words, oldest
    # first, capped by MAL_DEDUP_MAX_VARIANTS; `variants_dropped` counts the arrivals past the cap.
    variants: list[str] = Field(default_factory=list)
    variants_dropped: int = 0
    context: str = ""  # the turn before it, indexed (down-weighted) so answers match their questions
    created_at: datetime
    updated_at: datetime
    last_reinforced: datetime
    last_accessed: datetime
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    events: list[str] = Field(default_factory=list)  # applied write events, for idempotency


class VectorHit(BaseModel):
    id: str
    score: float
    vector_cosine: float | None = None


class GraphHit(BaseModel):
    memory: Memory
    entities: list[Entity] = Field(default_factory=list)
    related: list[dict[str, Any]] = Field(default_factory=list)
