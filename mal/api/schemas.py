"""Request and response bodies of the REST contract (v1). OpenAPI at /docs is generated from these."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "CaptureBody", "CaptureResponse", "ContextBody", "ContextResponse", "CypherBody", "CypherResponse",
    "EraseResponse", "ForgetBody", "ForgetCandidate", "ForgetResponse", "MemoryOut", "MemoryPage", "SearchBody", "SearchResponse",
    "SearchResultOut", "TurnIn", "WrittenOut",
]


class TurnIn(BaseModel):
    model_config = ConfigDict(extra="ignore")
    role: str = Field(description="user or assistant; other roles are dropped and counted")
    content: str | None = Field(default="", description="cut at 2,000 characters")
    at: datetime | None = None
    ref: str | None = Field(default=None, max_length=64, description="your turn id, kept as provenance")
    speaker: str | None = Field(default=None, max_length=64)


class CaptureBody(BaseModel):
    session_id: str = Field(min_length=1, max_length=128)
    source: str | None = Field(default=None, pattern=r"^[a-z0-9_-]{1,32}$",
                               description="bound to the API key: omitted = the key's first source (or 'api')")
    agent_id: str | None = Field(default=None, max_length=128)
    domain: str | None = Field(default=None, pattern=r"^[a-z0-9_-]{1,32}$")
    occurred_at: datetime | None = None
    turns: list[TurnIn]


class WrittenOut(BaseModel):
    id: str
    kind: str
    summary: str
    slots: dict[str, Any]
    status: str
    action: Literal["created", "reinforced", "corrected", "disputed", "forgotten"]


class ForgetCandidate(BaseModel):
    id: str
    kind: str
    summary: str


class CaptureResponse(BaseModel):
    memories: list[WrittenOut]
    questions: list[str]
    forgotten: list[str]
    forget_candidates: list[ForgetCandidate] = Field(
        default_factory=list, description="memories a forget request may mean; confirm via POST /v1/memories/forget")
    recent_turns_kept: int
    dropped_turns: int


class SearchBody(BaseModel):
    query: str = Field(min_length=1, max_length=2000)
    k: int = Field(default=3, ge=1, le=50)
    kinds: list[str] | None = None


class SearchResultOut(BaseModel):
    id: str
    kind: str
    summary: str
    slots: dict[str, Any]
    score: float
    weight: float
    status: str
    entities: list[dict[str, str]]
    hints: list[str]
    provenance: list[str]


class SearchResponse(BaseModel):
    results: list[SearchResultOut]
    timings_ms: dict[str, float]


class ContextBody(BaseModel):
    query: str | None = Field(default=None, max_length=2000)
    max_memories: int = Field(default=20, ge=0, le=100)
    max_recent_turns: int = Field(default=20, ge=0, le=200)
    lang: Literal["zh", "en"] | None = None


class ContextResponse(BaseModel):
    system_messages: list[dict[str, str]]
    memory_ids: list[str]


class MemoryOut(BaseModel):
    id: str
    kind: str
    summary: str
    slots: dict[str, Any]
    status: str
    weight: float
    source: str
    domain: str
    sentiment: str
    intensity: float
    lang: str
    session_id: str | None
    provenance: list[str]
    created_at: datetime
    updated_at: datetime
    last_accessed: datetime
    valid_from: datetime | None


class MemoryPage(BaseModel):
    items: list[MemoryOut]
    total: int
    offset: int
    limit: int


class ForgetBody(BaseModel):
    """Either a request in words (`query`), or a confirmation: `confirm: true` with `memory_ids`."""

    query: str | None = Field(default=None, min_length=1, max_length=500)
    memory_ids: list[str] | None = Field(default=None, min_length=1, max_length=50)
    confirm: bool = False


class ForgetResponse(BaseModel):
    forgotten: list[str]
    question: str | None = Field(default=None, description="asked instead of deleting when the request is not "
                                 "precise (several or unclear matches); nothing was forgotten")
    candidates: list[ForgetCandidate] = Field(default_factory=list)


class EraseResponse(BaseModel):
    receipt_id: str
    deleted: dict[str, int]
    remaining: dict[str, int]
    verified: bool
    at: str


class CypherBody(BaseModel):
    query: str = Field(min_length=1, max_length=10_000)
    params: dict[str, Any] = Field(default_factory=dict)
    limit: int = Field(default=1000, ge=1, le=10_000)


class CypherResponse(BaseModel):
    rows: list[dict[str, Any]]
