"""Typed records the graph ports return besides `Memory`: audit events, archive references,
quadruples, recent turns and subject rows.

They replace `dict[str, Any]` at the port boundary so a renamed or missing field fails in mypy, not
in an export bundle. Records are immutable; `to_json()` gives the exact JSON shape the exports and
archive documents have always written (datetimes as Python `isoformat()`, not pydantic's `Z`),
because archive SHA-256s and audit bundles must not change with the refactor.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, NamedTuple

from mal.models import Memory

__all__ = [
    "GENESIS",
    "ArchiveRef",
    "ArchivedRef",
    "AuditEvent",
    "ChainEntry",
    "ChainEvent",
    "ChainHead",
    "DeviceState",
    "EmbeddingRecord",
    "Expansion",
    "IdentityProposal",
    "PendingArchive",
    "ProfileEvidence",
    "Quadruple",
    "QuarantineHit",
    "RecentTurn",
    "SubjectRow",
]


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


@dataclass(frozen=True)
class AuditEvent:
    """One line of a subject's audit trail (created, forgotten, archived, exported, ...)."""

    at: datetime
    type: str
    memory_id: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"at": self.at.isoformat(), "type": self.type, "memory_id": self.memory_id, "detail": self.detail}


GENESIS = "0" * 64  # the `prev` of a tenant's first chain event


@dataclass(frozen=True)
class ChainEntry:
    """An event of the tenant's tamper-evident log before it is sealed (mal/audit_chain.py). It
    lives in process memory only: the store turns `subject` into the subject's random audit
    reference inside the append transaction and never writes the key itself."""

    tenant: str
    at: datetime
    kind: str
    key_id: str
    subject: str | None = None
    memory_ids: tuple[str, ...] = ()
    counts: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ChainEvent:
    """One sealed link: `hash` is SHA-256 over the canonical JSON of every other field, `prev`
    included, so editing, deleting or reordering a stored event breaks the chain after it."""

    tenant: str
    seq: int
    at: str  # ISO time, stored as written: the hash covers this exact string
    kind: str
    key_id: str
    subject_ref: str | None
    memory_ids: tuple[str, ...]
    counts: dict[str, int]
    prev: str
    hash: str = ""

    def expected_hash(self) -> str:
        body = {
            "tenant": self.tenant,
            "seq": self.seq,
            "at": self.at,
            "kind": self.kind,
            "key_id": self.key_id,
            "subject_ref": self.subject_ref,
            "memory_ids": list(self.memory_ids),
            "counts": self.counts,
            "prev": self.prev,
        }
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(canonical.encode()).hexdigest()

    def sealed(self) -> ChainEvent:
        return replace(self, hash=self.expected_hash())

    @classmethod
    def link(cls, entry: ChainEntry, seq: int, prev: str, subject_ref: str | None) -> ChainEvent:
        """The next link after `prev`, sealed."""
        return cls(
            tenant=entry.tenant,
            seq=seq,
            at=entry.at.isoformat(),
            kind=entry.kind,
            key_id=entry.key_id,
            subject_ref=subject_ref,
            memory_ids=tuple(entry.memory_ids),
            counts=dict(entry.counts),
            prev=prev,
        ).sealed()

    def to_json(self) -> dict[str, Any]:
        return {
            "tenant": self.tenant,
            "seq": self.seq,
            "at": self.at,
            "kind": self.kind,
            "key_id": self.key_id,
            "subject_ref": self.subject_ref,
            "memory_ids": list(self.memory_ids),
            "counts": self.counts,
            "prev": self.prev,
            "hash": self.hash,
        }


@dataclass(frozen=True)
class ChainHead:
    """The tenant's last sealed link as its head node records it."""

    tenant: str
    seq: int
    hash: str


@dataclass(frozen=True)
class ArchiveRef:
    """Where one memory's archive lives (None while it is hot) and the memory's current status."""

    key: str | None
    sha: str | None
    status: str


@dataclass(frozen=True)
class PendingArchive:
    """A memory an archive run began but did not finish (its S3 object written and confirmed, the
    node hidden as `archive_pending`): repair finishes it from here, nothing else is needed."""

    subject: str
    tenant: str
    memory: Memory
    reason: str


@dataclass(frozen=True)
class ArchivedRef:
    """An archived memory as an export lists it."""

    id: str
    key: str | None
    sha: str | None
    reason: str | None
    at: datetime | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "key": self.key, "sha": self.sha, "reason": self.reason, "at": _iso(self.at)}


@dataclass(frozen=True)
class Quadruple:
    """(User)-[relation {at, weight, memory_id}]->(Entity), as the analysts' graph holds it."""

    relation: str
    entity: str
    entity_type: str
    detail: str | None
    at: datetime | None
    weight: float | None
    memory_id: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "relation": self.relation,
            "entity": self.entity,
            "entity_type": self.entity_type,
            "detail": self.detail,
            "at": _iso(self.at),
            "weight": self.weight,
            "memory_id": self.memory_id,
        }


@dataclass(frozen=True)
class RecentTurn:
    """One turn of the recent-conversation buffer, keyed by (session_id, index) so replays merge.

    Stored as JSON; `from_json` tolerates buffers written before `source` or `ref` existed."""

    session_id: str | None
    index: int | None
    ref: str
    role: str
    content: str
    at: str  # ISO time as written; only ever echoed back, never compared
    source: str = "api"
    # When the service stored the turn (ISO, UTC): retention counts from here, not from `at`, which
    # the caller may set to any past time. Buffers written before it existed fall back to `at`.
    stored_at: str = ""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RecentTurn:
        return cls(
            session_id=data.get("session_id"),
            index=data.get("index"),
            ref=str(data.get("ref") or f"{data.get('session_id')}:{data.get('index')}"),
            role=str(data.get("role", "user")),
            content=str(data.get("content", "")),
            at=str(data.get("at", "")),
            source=str(data.get("source") or "api"),
            stored_at=str(data.get("stored_at") or ""),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "index": self.index,
            "ref": self.ref,
            "role": self.role,
            "content": self.content,
            "at": self.at,
            "source": self.source,
            "stored_at": self.stored_at,
        }


class SubjectRow(NamedTuple):
    """A subject key and its tenant (a tuple, so `for subject, tenant in page` keeps working)."""

    subject: str
    tenant: str


class QuarantineHit(NamedTuple):
    """A memory a quarantine (or release) changed, with the subject it belongs to."""

    subject: str
    memory_id: str


@dataclass(frozen=True)
class Expansion:
    """What the graph stage of a search asks the store (one bounded query, `MemoryReader.expand`):
    memories sharing entities with the seeds (the vector stage's top hits, each with a weight that
    falls with its rank) or with the question's own entity names, and the seeds' session
    neighbours. Answers (memory id, score), best first, at most `limit`."""

    seeds: tuple[tuple[str, float], ...]
    names: tuple[str, ...]
    statuses: tuple[str, ...]
    limit: int = 30
    max_df: int = 40  # an entity in more memories than this is not specific enough to expand through
    query_weight: float = 1.0
    topic_weight: float = 0.5
    neighbour_weight: float = 0.0


@dataclass(frozen=True)
class ProfileEvidence:
    """What a context call reads for the instructions (`MemoryReader.profile_evidence`): among the
    subject's `limit` newest active or disputed memories, the languages of the active ones (the
    language vote when the call names none) and the active ones marked as possible evidence
    (mal/profile.py), or judged under other rules, newest first."""

    langs: tuple[str, ...]
    memories: tuple[Memory, ...]


@dataclass(frozen=True)
class EmbeddingRecord:
    """Which model made the vectors of the index. `reindexing_to` is set while `mal reindex` is
    re-embedding (the index then holds vectors of both models, so no service may use it)."""

    model: str
    dimensions: int
    reindexing_to: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"model": self.model, "dimensions": self.dimensions, "reindexing_to": self.reindexing_to}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EmbeddingRecord:
        return cls(str(data["model"]), int(data["dimensions"]), data.get("reindexing_to") or None)


@dataclass(frozen=True)
class DeviceState:
    """An anonymous device subject as the identity store knows it. `bound_to` is the user subject
    it resolves to (None: unbound); `merged` is false while its memories are being moved over."""

    device: str
    tenant: str
    bound_to: str | None
    merged: bool = True
    bound_at: datetime | None = None


@dataclass(frozen=True)
class IdentityProposal:
    """Level 3: two unbound anonymous devices of one tenant that behave like one person. Recorded by
    the daily job, never acted on until an admin decides or a login binding does."""

    id: str
    tenant: str
    a: str  # device subject keys, a < b
    b: str
    score: float
    status: str  # pending | accepted | rejected | confirmed
    at: datetime
    decided_at: datetime | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "score": self.score,
            "status": self.status,
            "devices": [self.a, self.b],
            "at": _iso(self.at),
            "decided_at": _iso(self.decided_at),
        }
