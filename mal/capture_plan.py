"""The capture plan: what one user turn asks of the write path, decided once, and the memories its
facts would become. Pure (no store); `mal.writing.WritePipeline` carries the plan out.

`decide()` is the one turn -> action decision: a forget request, a bare correction ("不对，是800不是
500" with no fact of its own), facts to write, or nothing. Both the request-level planning
(which turns get candidates and embeddings) and the per-turn dispatch read it.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

import parsers
from mal import variants
from mal.models import Entity, Memory, MemoryStatus, Relation, Turn
from mal.scope import SubjectScope
from parsers.entities import extract as extract_entities

if TYPE_CHECKING:
    from mal.writing import CaptureRequest

__all__ = [
    "Candidate",
    "TurnAction",
    "absorbed_candidate",
    "build_candidate",
    "decide",
    "embed_text",
    "fingerprint",
    "fingerprints",
    "turn_context",
]

_NAMESPACE = uuid.UUID("6f1c1a52-3c59-4d3c-9d0e-6a1c7c1b9e01")


class TurnAction(StrEnum):
    FORGET = "forget"  # forget what the turn names (or ask which)
    BARE_CORRECTION = "bare_correction"  # rewrite the newest memory holding the old value
    FACTS = "facts"  # write each fact (dedup, conflict, replay)
    NOTHING = "nothing"  # small talk, questions: only the recent-turn buffer keeps it


def decide(parsed: parsers.ParseResult) -> TurnAction:
    """What a parsed user turn asks for. A forget request wins over anything else in the turn; a
    correction with facts of its own is written as those facts (they carry `correction=True`)."""
    if parsed.forget is not None:
        return TurnAction.FORGET
    if parsed.correction is not None and not parsed.facts:
        return TurnAction.BARE_CORRECTION
    return TurnAction.FACTS if parsed.facts else TurnAction.NOTHING


@dataclass
class Candidate:
    """A fact of one turn, made into the memory it would become, with the event id that makes a
    replay of the same request recognisable."""

    event: str
    memory: Memory
    fact: parsers.Fact
    vector: list[float] = field(default_factory=list)


def build_candidate(
    scope: SubjectScope,
    request: CaptureRequest,
    index: int,
    position: int,
    turn: Turn,
    fact: parsers.Fact,
    session_time: datetime,
    now: datetime,
    context: str = "",
) -> Candidate:
    event = hashlib.sha256(
        f"{scope.subject}|{request.session_id}|{index}|{position}|{fact.kind}|{turn.content}".encode()
    ).hexdigest()[:32]
    ref = turn.ref or f"{request.session_id}:{index}"
    memory = Memory(
        id=str(uuid.uuid5(_NAMESPACE, event)),
        kind=fact.kind,
        summary=fact.summary,
        # Who said it matters when several people talk (LoCoMo): index the speaker's name too.
        text=f"{turn.speaker}: {turn.content}" if turn.speaker else turn.content,
        context=context,
        slots=fact.slots,
        relations=_relations(fact, turn, session_time),
        confidence=fact.confidence,
        source=request.source,
        domain=request.domain or fact.domain,
        sentiment=fact.sentiment,
        intensity=fact.intensity,
        lang=fact.lang,
        session_id=request.session_id,
        agent_id=request.agent_id,
        provenance=[ref],
        created_at=now,
        updated_at=now,
        last_reinforced=now,
        last_accessed=now,
        valid_from=session_time,
        events=[f"{event}:created"],
    )
    return Candidate(event, memory, fact)


def absorbed_candidate(scope: SubjectScope, memory: Memory, origin: str, now: datetime) -> Candidate:
    """Another subject's memory (an anonymous device's, at login binding) as a candidate for this
    subject: the same fact, a new id and event derived from (this subject, its id), so a retried
    merge is a replay; provenance keeps where it came from as `device:<subject key>`."""
    event = hashlib.sha256(f"{scope.subject}|absorb|{memory.id}".encode()).hexdigest()[:32]
    copy = memory.model_copy(deep=True)
    copy.id = str(uuid.uuid5(_NAMESPACE, event))
    # The conflict rules decide afresh in the new subject; a quarantined source stays quarantined.
    quarantined = memory.status == MemoryStatus.QUARANTINED
    copy.status = MemoryStatus.QUARANTINED if quarantined else MemoryStatus.ACTIVE
    copy.provenance = [*memory.provenance, f"device:{origin}"]
    copy.events = [f"{event}:created"]
    copy.updated_at = now
    fact = parsers.Fact(
        memory.kind,
        dict(memory.slots),
        [],
        memory.summary,
        memory.lang,
        memory.confidence,
        domain=memory.domain,
        sentiment=memory.sentiment,
        intensity=memory.intensity,
        text=memory.text,
    )
    return Candidate(event, copy, fact)


def _relations(fact: parsers.Fact, turn: Turn, session_time: datetime) -> list[Relation]:
    """The fact's own quadruples, plus every entity the turn mentions (and who said it) as MENTIONED:
    the links the graph stage of a search expands through (parsers/entities.py)."""
    relations = [
        Relation(type=e.relation, entity=Entity(name=e.name, type=e.type), at=session_time, detail=e.detail)
        for e in fact.entities
    ]
    mention = parsers.KINDS["episode"].relation
    for m in extract_entities(turn.content, fact.lang, turn.at or session_time, turn.speaker):
        relations.append(
            Relation(type=mention, entity=Entity(name=m.name, type=m.type), at=session_time, detail=m.detail)
        )
    return relations


def fingerprint(subject: str, memory: Memory, words: bool = False) -> str:
    """The fact's identity for dedup under concurrency: subject, kind and normalised summary; with
    `words`, the user's own words too.

    A claimed summary fingerprint joins the owner without the similarity detector: a restatement of
    one fact (same slots, so same summary) reinforces it even when the detector would not be asked
    (a disputed owner). But a summary keeps the fact's field and value and drops what the slots do
    not hold ("我家养了两只猫" and "三只猫" are both "用户宠物：猫"; 10 mg and 20 mg of one drug both
    "User takes lisinopril"), so the writer joins a summary's owner only when the hard veto
    (mal/dedup.py `veto`) passes, and otherwise claims the words' fingerprint alone, under which only
    the same words said again (a replay, two concurrent writers) find an owner (mal/write_store.py).
    Every new memory holds its words' fingerprint too (`fingerprints`).
    Eighteenth round, bench/dedup_lossless.py: without that check dev9's near misses merged through
    the service zh 14/70, en 12/70, where the detector merged 3 each."""
    summary = variants.key(memory.summary)
    if not words:
        return hashlib.sha256(f"{subject}|{memory.kind}|{summary}".encode()).hexdigest()
    return hashlib.sha256(f"{subject}|{memory.kind}|{summary}|{variants.key(memory.text)}".encode()).hexdigest()


def fingerprints(subject: str, memory: Memory, words_only: bool = False) -> tuple[str, ...]:
    """What a new fact claims, in the order the store looks for an owner (`MemoryWriter.insert_new`):
    its words' fingerprint, then its summary's; `words_only` once the summary's owner was vetoed.

    Every new memory holds the fingerprint of its words as well as its summary's, and the words are
    looked up first: the same words said again find their memory whoever holds the summary, even
    after that owner is forgotten or archived (review19: a fact held under its words was found only
    through the summary's owner, and once that owner was gone the same words claimed the free summary
    and were written a second time)."""
    words = fingerprint(subject, memory, words=True)
    return (words,) if words_only else (words, fingerprint(subject, memory))


def turn_context(turns: list[Turn], index: int) -> str:
    if index == 0:
        return ""
    before = turns[index - 1]
    return (f"{before.speaker}: {before.content}" if before.speaker else before.content)[:500]


def embed_text(memory: Memory) -> str:
    """Facts embed their own words, so a restated fact still dedups at cosine >= 0.95. Episodes (bits
    of conversation) also embed the turn before them: an answer rarely repeats its question's words
    (LoCoMo recall@5 on one conversation: 0.39 without, 0.47 with)."""
    own = memory.summary if memory.summary == memory.text or not memory.text else f"{memory.summary}\n{memory.text}"
    return f"{own}\n{memory.context}" if memory.context and memory.kind == "episode" else own
