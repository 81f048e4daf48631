"""Request and response bodies of the REST contract (v1). OpenAPI at /docs is generated from these."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from mal.recipes import RECIPES
from parsers.pii import detect

__all__ = [
    "MAX_OFFSET",
    "MAX_UTC_OFFSET",
    "YEARS",
    "CaptureBody",
    "CaptureResponse",
    "ContextBody",
    "ContextResponse",
    "CypherBody",
    "CypherResponse",
    "EraseResponse",
    "ForgetBody",
    "ForgetCandidate",
    "ForgetResponse",
    "InstructionOut",
    "MemoryOut",
    "MemoryPage",
    "SearchBody",
    "SearchResponse",
    "SearchResultOut",
    "TurnIn",
    "WrittenOut",
]

# Real time zones span UTC-12:00..UTC+14:00; Neo4j stores at most +-18:00 and failed mid-capture on
# more. We accept +-14:00 and refuse the rest before anything is written.
MAX_UTC_OFFSET = timedelta(hours=14)
# Paging deeper than this is not a use case; a huge SKIP overflowed in Neo4j (500).
MAX_OFFSET = 100_000
YEARS = (1900, 2200)  # the range of `at` / `occurred_at` a capture accepts
_INT64 = (-(2**63), 2**63 - 1)
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def _no_surrogates(value: Any) -> Any:
    """A lone UTF-16 surrogate ("\\ud800" in JSON) is valid JSON but not encodable text: every store
    and the embedder fail on it, so it is refused at the edge, in any string of the body."""
    if isinstance(value, str):
        if _SURROGATE.search(value):
            raise ValueError("text contains a lone UTF-16 surrogate (e.g. \\ud800), which is not valid Unicode text")
    elif isinstance(value, dict):
        for k, v in value.items():
            _no_surrogates(k)
            _no_surrogates(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _no_surrogates(v)
    return value


def _storable_offset(value: datetime | None) -> datetime | None:
    offset = value.utcoffset() if value is not None else None
    if offset is not None and abs(offset) > MAX_UTC_OFFSET:
        raise ValueError("UTC offset must be between -14:00 and +14:00")
    if value is not None and not YEARS[0] <= value.year <= YEARS[1]:
        # Relative dates ("next Friday") are resolved from this time; near year 1 or 9999 they overflow.
        raise ValueError(f"year must be between {YEARS[0]} and {YEARS[1]}")
    return value


class _Body(BaseModel):
    """Every request body: no lone surrogates in any string field (checked before type coercion)."""

    @field_validator("*", mode="before")
    @classmethod
    def _text_is_unicode(cls, value: Any) -> Any:
        if isinstance(value, list):  # nested bodies (turns) check their own fields, naming them
            return [v if isinstance(v, dict) else _no_surrogates(v) for v in value]
        return _no_surrogates(value)


class TurnIn(_Body):
    model_config = ConfigDict(extra="ignore")
    role: str = Field(description="user or assistant; other roles are dropped and counted")
    content: str | None = Field(default="", description="cut at 2,000 characters")
    at: datetime | None = None
    ref: str | None = Field(default=None, max_length=64, description="your turn id, kept as provenance")
    speaker: str | None = Field(default=None, max_length=64)

    @field_validator("at")
    @classmethod
    def _at_offset(cls, value: datetime | None) -> datetime | None:
        return _storable_offset(value)


# Source and domain are labels stored verbatim: a letter first, so a bare number (a phone) is no label.
_LABEL = r"^[a-z][a-z0-9_-]{0,31}$"


class CaptureBody(_Body):
    session_id: str = Field(min_length=1, max_length=128)
    source: str | None = Field(
        default=None,
        pattern=_LABEL,
        description="bound to the API key: omitted = the key's first source (or 'api'); a label, not an identifier",
    )
    agent_id: str | None = Field(default=None, max_length=128)
    domain: str | None = Field(
        default=None, pattern=_LABEL, description="a label (work, health, ...), not an identifier"
    )
    occurred_at: datetime | None = None
    turns: list[TurnIn]

    @field_validator("source", "domain")
    @classmethod
    def _no_identifier(cls, value: str | None) -> str | None:
        """Stored as sent (they are labels, not text): so never a phone number or another identifier."""
        if value is not None and (re.search(r"\d{5}", value) or detect(value.replace("_", " ").replace("-", " "))):
            raise ValueError("must be a label (letters first, no long digit runs), not an identifier")
        return value

    @field_validator("occurred_at")
    @classmethod
    def _occurred_offset(cls, value: datetime | None) -> datetime | None:
        return _storable_offset(value)


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
        default_factory=list, description="memories a forget request may mean; confirm via POST /v1/memories/forget"
    )
    recent_turns_kept: int
    dropped_turns: int
    stored: bool = Field(default=True, description="false: nothing was stored (no consent; see `reason`)")
    reason: str | None = Field(default=None, description="why less was stored than sent (consent)")
    timings_ms: dict[str, float] = Field(
        default_factory=dict,
        description="server-side time of each capture stage (exclusive; they add up to `total`)",
    )


class SearchBody(_Body):
    query: str = Field(min_length=1, max_length=2000)
    k: int = Field(default=3, ge=1, le=50)
    kinds: list[str] | None = None
    # A search recipe by name (mal/recipes.py); None: the process default, MAL_RETRIEVAL_PRESET.
    preset: str | None = Field(default=None, max_length=40)

    @field_validator("preset")
    @classmethod
    def _known_preset(cls, value: str | None) -> str | None:
        if value is not None and value not in RECIPES:
            raise ValueError(f"unknown preset {value!r}; known: {', '.join(sorted(RECIPES))}")
        return value


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
    variants: list[str] = Field(
        default_factory=list, description="other wordings of this memory the user said (merged by dedup), oldest first"
    )


class SearchResponse(BaseModel):
    results: list[SearchResultOut]
    timings_ms: dict[str, float]


class ContextBody(_Body):
    query: str | None = Field(default=None, max_length=2000)
    max_memories: int = Field(default=20, ge=0, le=100)
    max_recent_turns: int = Field(default=20, ge=0, le=200)
    lang: Literal["zh", "en"] | None = None
    instructions: bool = Field(default=True, description="add the personalised instructions message")
    turns: list[TurnIn] | None = Field(
        default=None, max_length=200, description="this call's turns: shown as recent conversation, never stored"
    )


class InstructionOut(BaseModel):
    kind: str = Field(description="language, tool, budget, diet, allergy, accessibility, deploy or tone")
    key: str
    text: str
    memory_ids: list[str] = Field(description="the memories the instruction rests on")


class ContextResponse(BaseModel):
    system_messages: list[dict[str, str]]
    memory_ids: list[str]
    instructions: list[InstructionOut] = Field(default_factory=list)


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
    variants: list[str] = Field(
        default_factory=list, description="other wordings of this memory the user said (merged by dedup), oldest first"
    )
    created_at: datetime
    updated_at: datetime
    last_accessed: datetime
    valid_from: datetime | None


class MemoryPage(BaseModel):
    items: list[MemoryOut]
    total: int
    offset: int
    limit: int


class ForgetBody(_Body):
    """Either a request in words (`query`), or a confirmation: `confirm: true` with `memory_ids`."""

    query: str | None = Field(default=None, min_length=1, max_length=500)
    memory_ids: list[str] | None = Field(default=None, min_length=1, max_length=50)
    confirm: bool = False


class ForgetResponse(BaseModel):
    forgotten: list[str]
    question: str | None = Field(
        default=None,
        description="asked instead of deleting when the request is not "
        "precise (several or unclear matches); nothing was forgotten",
    )
    candidates: list[ForgetCandidate] = Field(default_factory=list)


class EraseResponse(BaseModel):
    receipt_id: str
    deleted: dict[str, int]
    remaining: dict[str, int]
    verified: bool
    at: str
    devices: int = Field(default=0, description="anonymous devices bound to the subject, erased with it")


class CypherBody(_Body):
    query: str = Field(min_length=1, max_length=10_000)
    params: dict[str, Any] = Field(
        default_factory=dict, description="`$tenant` is bound from the key; names beginning with __ are reserved"
    )
    limit: int = Field(default=1000, ge=1, le=100_000, description="capped at MAL_NEO4J__ANALYST_MAX_ROWS")

    @field_validator("params")
    @classmethod
    def _int64(cls, value: dict[str, Any]) -> dict[str, Any]:
        """Neo4j integers are 64-bit; a bigger one failed inside the driver as a 500."""

        def walk(v: Any) -> None:
            if isinstance(v, int) and not isinstance(v, bool) and not _INT64[0] <= v <= _INT64[1]:
                raise ValueError("integers in params must fit in 64 bits (-2**63 .. 2**63-1)")
            for item in v.values() if isinstance(v, dict) else v if isinstance(v, list) else ():
                walk(item)

        walk(value)
        return value


class CypherResponse(BaseModel):
    rows: list[dict[str, Any]]
    truncated: bool = Field(description="true when more rows matched than `row_limit`")
    row_limit: int


class ErrorProblem(BaseModel):
    field: str
    message: str


class ErrorOut(BaseModel):
    """Every error answer (mal/api/errors.py): documented so generated clients and the schemathesis
    run (tests/e2e/test_openapi_fuzz.py) hold the API to it."""

    error: str
    message: str
    field: str | None = None
    store: str | None = Field(default=None, description="the store that is unavailable (503)")
    problems: list[ErrorProblem] | None = Field(default=None, description="each invalid field (422)")


_ERRORS = {
    400: "invalid input",
    401: "missing or unknown API key",
    403: "the key lacks the scope this operation needs",
    404: "not found (or not this tenant's)",
    408: "an analyst query ran past its timeout",
    409: "the memory is not in a state this operation applies to",
    413: "body or turn too large",
    422: "a field failed validation, or an archive failed its SHA-256 check",
    429: "rate limit or concurrency limit; see Retry-After",
    503: "a store is unavailable (named in `store`)",
}
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut, "description": text} for code, text in _ERRORS.items()
}
