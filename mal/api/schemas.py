"""Request and response bodies of the REST contract (v1). OpenAPI at /docs is generated from these."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "CaptureBody", "CaptureResponse", "ContextBody", "ContextResponse", "CypherBody", "CypherResponse",
    "EraseResponse", "ForgetBody", "ForgetResponse", "MemoryOut", "MemoryPage", "SearchBody", "SearchResponse",
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
    source: str = Field(default="api", pattern=r"^[a-z0-9_-]{1,32}$")
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


class CaptureResponse(BaseModel):
    memories: list[WrittenOut]
    questions: list[str]
    forgotten: list[str]
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
    query: str = Field(min_length=1, max_length=500)


class ForgetResponse(BaseModel):
    forgotten: list[str]


class EraseResponse(BaseModel):
    receipt_id: str
    deleted: dict[str, int]
    remaining: dict[str, int]
    verified: bool
    at: str


class CypherBody(BaseModel):
    query: str = Field(min_length=1, max_length=10_000)
    params: dict[str, Any] = Field(default_factory=dict, description="`$tenant` is bound from the key; names "
                                   "beginning with __ are reserved")
    limit: int = Field(default=1000, ge=1, le=100_000, description="capped at MAL_NEO4J__ANALYST_MAX_ROWS")


class CypherResponse(BaseModel):
    rows: list[dict[str, Any]]
    truncated: bool = Field(description="true when more rows matched than `row_limit`")
    row_limit: int
