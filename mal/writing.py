"""Write path: sanitize -> parse -> conflict check -> dedup -> Neo4j then Weaviate under one id.

Idempotency: every candidate fact has an event id derived from (subject, session, turn, fact);
an event already applied to a memory is never applied again, so replaying a request changes
nothing. Atomicity: a memory is written to Neo4j as `indexed=false`, then to Weaviate, then
marked indexed; reads only see indexed memories. The last two steps, and the audit lines, go out
once per capture as batches (mal/write_batch.py), so a capture is a few round trips, not ~9 per
memory. A capture is all-or-nothing for every error class: the request keeps a journal of what it
created and of the prior state of every memory it changed (reinforced, demoted), and any
exception, a store outage or a bug, undoes them before it propagates. If even the undo fails,
`repair()` finishes or removes unindexed memories later.
Forget requests inside a capture are the exception: a forgotten memory's text is gone at once.
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import parsers
from mal import dedup
from mal.audit import AuditType, audit_event
from mal.capture_plan import (
    Candidate,
    TurnAction,
    absorbed_candidate,
    build_candidate,
    decide,
    embed_text,
    fingerprint,
    turn_context,
)
from mal.errors import Conflict
from mal.journal import Journal, undo
from mal.models import Memory, MemoryStatus, Turn, WriteAction
from mal.ports import Clock, Embedder, GraphStore, VectorStore, on_scale
from mal.privacy import Policy, Redactor
from mal.recent import RecentBuffer, turn_ref
from mal.sanitize import sanitize_turns
from mal.scope import SubjectScope
from mal.settings import Settings
from mal.weights import effective_weight
from mal.write_batch import PendingInsert, read_ahead
from parsers.kinds import bare_correction_kinds

__all__ = ["CaptureRequest", "CaptureResult", "WritePipeline", "WrittenMemory", "embed_text", "fingerprint"]

log = logging.getLogger("mal.write")
DEDUP_CANDIDATES = 3  # nearest memories above the dedup threshold that the agreement check looks at


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


class WritePipeline:
    def __init__(
        self,
        graph: GraphStore,
        vectors: VectorStore,
        embedder: Embedder,
        clock: Clock,
        settings: Settings,
        recent: RecentBuffer,
        forgetter: Any,
    ) -> None:
        self._graph = graph
        self._vectors = vectors
        self._embedder = embedder
        self._clock = clock
        self._settings = settings
        self._recent = recent
        self._forgetter = forgetter
        self._redactor = Redactor(settings.pepper.get_secret_value())
        self._fallback = parsers.prototype_fallback(embedder.embed_query, on_scale(0.72, embedder))
        # A capture's dedup lookups run side by side (I/O-bound); bounded, shared by all requests.
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="mal-write")

    # -- public -----------------------------------------------------------------------------
    def capture(self, scope: SubjectScope, request: CaptureRequest) -> CaptureResult:
        journal = Journal()
        stage = journal.staged.stages  # exclusive stage timings (mal/stages.py), returned with the result
        with stage("prepare"):
            turns, dropped = sanitize_turns(
                request.turns,
                self._settings.max_turns_per_call,
                self._settings.max_turn_chars,
                self._settings.max_turn_hard_chars,
            )
            # Identifiers go before parsing: raw turns, summaries, slots, entities, vectors and the
            # recent buffer only ever see the placeholders (or hashes).
            turns = self._redactor.turns(scope.tenant, turns, request.pii_policy, request.pii_region)
            result = CaptureResult(dropped_turns=dropped)
            now = self._clock.now()
            quarantined = request.source in self._graph.ensure_subject(scope.subject, scope.tenant, now)
        session_time = request.occurred_at or now
        with stage("parse"):
            parsed = {
                i: parsers.parse(t.content, t.at or session_time, speaker=t.speaker, fallback=self._fallback)
                for i, t in enumerate(turns)
                if t.role == "user" and request.store_memories
            }
        actions = {i: decide(p) for i, p in parsed.items()}  # the one decision per turn, made once
        with stage("candidates"):  # entity extraction and the memory record of every fact
            candidates = {
                i: [
                    build_candidate(
                        scope,
                        request,
                        i,
                        pos,
                        turns[i],
                        fact,
                        turns[i].at or session_time,
                        now,
                        context=turn_context(turns, i),
                    )
                    for pos, fact in enumerate(p.facts)
                ]
                for i, p in parsed.items()
                if actions[i] == TurnAction.FACTS
            }
        flat = [c for group in candidates.values() for c in group]
        # One embedding batch per request: per-call overhead dominated the write path.
        with stage("passage_encode"):
            vectors = self._embedder.embed_passages([embed_text(c.memory) for c in flat])
        for candidate, vector in zip(flat, vectors, strict=True):
            candidate.vector = vector
        forgotten_refs: set[str] = set()
        staged = journal.staged
        try:
            # The up-front reads cover the turns up to the next forget or bare correction (which
            # change what a later candidate would read); after one, the next stretch is read afresh.
            stretches = _stretches(list(parsed), actions, candidates)
            for index, p in parsed.items():
                if actions[index] in (TurnAction.FORGET, TurnAction.BARE_CORRECTION):
                    # These turns read what earlier turns wrote: everything staged goes out first.
                    self._flush(scope, journal, now)
                elif stretches.get(index):
                    with stage("dedup_reads"):
                        read_ahead(
                            self._graph,
                            self._vectors,
                            self._pool,
                            scope.subject,
                            stretches[index],
                            staged,
                            k=DEDUP_CANDIDATES,
                            threshold=self._settings.dedup_threshold,
                        )
                with stage("rules"):
                    self._capture_turn(
                        scope,
                        request,
                        index,
                        turns[index],
                        p,
                        actions[index],
                        candidates.get(index, []),
                        now,
                        result,
                        journal,
                        quarantined,
                        forgotten_refs,
                    )
            # A forget request's own words name what was forgotten, and a turn whose memory this very
            # request forgot must not come back through the recent buffer either.
            self._flush(scope, journal, now)
            skip = {i for i, action in actions.items() if action == TurnAction.FORGET}
            skip |= {i for i, t in enumerate(turns) if turn_ref(request.session_id, i, t) in forgotten_refs}
            if request.store_turns:
                with stage("recent"):
                    result.recent_turns_kept = self._recent.append(
                        scope, request.session_id, turns, now, request.source, skip
                    )
        except BaseException:  # every error class, not only store outages: nothing half-written
            for unsent in staged.inserts:  # never written: the trail must not claim them
                staged.audit.remove(unsent.audit)
            staged.inserts = []
            try:  # the trail says what was done before it says that it was undone
                staged.flush_audit(self._graph, scope.subject)
            except Exception:
                log.warning("could not record %d audit events before a rollback", len(staged.audit))
            undo(self._graph, self._vectors, self._clock, scope, journal)
            raise
        result.timings_ms = stage.as_dict()
        return result

    def absorb(self, scope: SubjectScope, memories: list[Memory], origin: str) -> list[WrittenMemory]:
        """Level 2 login binding (mal/identities.py): another subject's memories written into this
        one through the capture rules (replay, conflicts, dedup), all or nothing."""
        now = self._clock.now()
        self._graph.ensure_subject(scope.subject, scope.tenant, now)
        journal, result = Journal(), CaptureResult()
        candidates = [absorbed_candidate(scope, m, origin, now) for m in memories]
        vectors = self._embedder.embed_passages([embed_text(c.memory) for c in candidates]) if candidates else []
        try:
            for candidate, vector in zip(candidates, vectors, strict=True):
                written = self._replayed(scope, candidate)
                result.memories.append(written or self._write_candidate(scope, candidate, vector, now, result, journal))
            self._flush(scope, journal, now)
        except BaseException:  # as capture: nothing half-merged
            undo(self._graph, self._vectors, self._clock, scope, journal)
            raise
        return result.memories

    def repair(self, older_than: datetime, scope: SubjectScope | None = None) -> int:
        """Finish or drop memories a crash left `indexed=false`; returns how many were repaired."""
        repaired = 0
        for subject, memory in self._graph.unindexed(scope.subject if scope else None, older_than):
            vector = self._embedder.embed_passages([embed_text(memory)])[0]
            self._vectors.upsert(subject, memory, vector)
            self._graph.mark_indexed(subject, memory.id)
            repaired += 1
        return repaired

    # -- one turn ---------------------------------------------------------------------------
    def _capture_turn(
        self,
        scope: SubjectScope,
        request: CaptureRequest,
        index: int,
        turn: Turn,
        parsed: parsers.ParseResult,
        action: TurnAction,
        candidates: list[Candidate],
        now: datetime,
        result: CaptureResult,
        journal: Journal,
        quarantined: bool,
        forgotten_refs: set[str],
    ) -> None:
        if action == TurnAction.FORGET:
            assert parsed.forget is not None
            outcome = self._forgetter.forget_matching(scope, parsed.forget)
            result.forgotten.extend(outcome.forgotten)
            forgotten_refs |= outcome.refs
            if outcome.question:
                result.questions.append(outcome.question)
                result.forget_candidates.extend(outcome.candidates)
            return
        if action == TurnAction.BARE_CORRECTION:
            written = self._correct(scope, request, index, turn, parsed, now, journal)
            if written:
                result.memories.append(written)
            return
        for candidate in candidates:  # FACTS (NOTHING has no candidates)
            vector = candidate.vector
            replay = self._replayed(scope, candidate, journal.staged.prior)
            if replay is not None:
                result.memories.append(replay)
                continue
            if quarantined:  # a source under quarantine keeps writing into quarantine
                candidate.memory.status = MemoryStatus.QUARANTINED
            written = self._write_candidate(scope, candidate, vector, now, result, journal)
            result.memories.append(written)

    def _replayed(
        self, scope: SubjectScope, candidate: Candidate, prior: dict[str, Memory] | None = None
    ) -> WrittenMemory | None:
        """The same request again: answer as the first time, change nothing. `prior` is the
        capture's batched replay read, when it made one."""
        if prior is not None:
            existing = prior.get(candidate.memory.id) or prior.get(candidate.event)
        else:
            existing = self._graph.get(scope.subject, candidate.memory.id) or self._graph.by_event(
                scope.subject, candidate.event
            )
        if existing is not None:
            if self._graph.unfinished(scope.subject, [existing.id]):
                # Still unindexed: another attempt of this request is being written, or its rollback
                # was cut short. Acknowledging it now could promise a memory that attempt then
                # deletes (a lost acknowledged write in the fault run); the client retries instead.
                raise Conflict(
                    f"an earlier attempt of this capture is still being written or undone (memory "
                    f"{existing.id}); retry shortly"
                )
            action = next((e.split(":", 1)[1] for e in existing.events if e.startswith(candidate.event)), "created")
            if existing.status == MemoryStatus.FORGOTTEN:  # forgotten since: say so, never "created"
                action = "forgotten"
            return WrittenMemory(existing, action)  # type: ignore[arg-type]
        return None

    def _write_candidate(
        self,
        scope: SubjectScope,
        candidate: Candidate,
        vector: list[float],
        now: datetime,
        result: CaptureResult,
        journal: Journal,
    ) -> WrittenMemory:
        memory, fact = candidate.memory, candidate.fact
        # Only the active memories of the fact's conflict group can conflict with it (same kind,
        # same identity slots): that group is read, not every memory of the kind, and this
        # capture's pending inserts go out first only when one of them is in the group.
        active: list[Memory] = []
        group = parsers.conflict_key(memory.kind, memory.slots)
        if group is not None:
            staged = journal.staged.inserts
            if any(parsers.conflict_key(p.candidate.memory.kind, p.candidate.memory.slots) == group for p in staged):
                self._flush_inserts(scope, journal, now)
            active = self._graph.conflict_rivals(scope.subject, memory.kind, group)
        conflict = parsers.check_conflict(fact, [{"id": m.id, "slots": m.slots} for m in active])
        if conflict is not None:
            old = next(m for m in active if m.id == conflict.memory_id)
            if conflict.explicit:
                memory.events = [f"{candidate.event}:corrected"]
                joined = self._insert_or_join(scope, candidate, vector, now, journal, "corrected")
                self._demote(
                    scope, old, now, reason="correction", by=joined.memory.id if joined else memory.id, journal=journal
                )
                return joined or WrittenMemory(memory, "corrected")
            memory.status = MemoryStatus.DISPUTED
            memory.events = [f"{candidate.event}:disputed"]
            joined = self._insert_or_join(scope, candidate, vector, now, journal)
            result.questions.append(conflict.question)
            return joined or WrittenMemory(memory, "disputed")
        duplicate = self._duplicate_of(scope, memory, vector, journal, now)
        if duplicate is not None:
            # The duplicate was just read: it is the state the journal needs, no second read.
            return self._reinforce(scope, duplicate.id, candidate, now, journal, before=duplicate) or WrittenMemory(
                duplicate, "reinforced"
            )
        return self._stage_insert(scope, candidate, vector, journal)

    def _insert_or_join(
        self,
        scope: SubjectScope,
        candidate: Candidate,
        vector: list[float],
        now: datetime,
        journal: Journal,
        action: str = "reinforced",
    ) -> WrittenMemory | None:
        """Insert the candidate; None when inserted. When another memory already holds the same
        fact (a concurrent writer won the fingerprint), reinforce that one instead. A correction
        that lands on a disputed memory with the corrected value confirms it (active again)."""
        owner = self._insert(scope, candidate.memory, vector, journal)
        if owner == candidate.memory.id:
            return None
        joined = self._reinforce(scope, owner, candidate, now, journal, action)
        if joined is not None and action == "corrected" and joined.memory.status == MemoryStatus.DISPUTED:
            self._graph.set_status(scope.subject, [owner], MemoryStatus.ACTIVE, now)
            joined.memory.status = MemoryStatus.ACTIVE
        return joined

    def _reinforce(
        self,
        scope: SubjectScope,
        memory_id: str,
        candidate: Candidate,
        now: datetime,
        journal: Journal,
        action: str = "reinforced",
        before: Memory | None = None,
    ) -> WrittenMemory | None:
        """One atomic statement (weight, events, provenance): concurrent reinforcements all count.
        The state before it goes into the journal, so a failed capture can put it back (read here
        only when the caller has not just read it)."""
        before = before or self._graph.get(scope.subject, memory_id)
        if before is not None:
            journal.changing(before)
        policy = self._settings.lifecycle
        memory = self._graph.reinforce(
            scope.subject,
            memory_id,
            f"{candidate.event}:{action}",
            candidate.memory.provenance,
            now,
            policy.decay_rate,
            policy.reinforce_step,
            policy.max_weight,
        )
        if memory is None:
            return None
        self._audit(journal, AuditType.REINFORCED, memory.id, now, {"kind": memory.kind, "weight": memory.weight})
        return WrittenMemory(memory, action)  # type: ignore[arg-type]

    def _duplicate_of(
        self, scope: SubjectScope, memory: Memory, vector: list[float], journal: Journal, now: datetime
    ) -> Memory | None:
        # Cosine finds candidate duplicates; only agreement (mal/dedup.py `same_fact`: the word rules,
        # then the learned paraphrase decision behind a hard veto) may merge. The nearest can
        # be a near-miss (MiniLM: 草莓 / 蓝莓 at 1.0) with the true duplicate next: look at a few.
        # The threshold (0.89) only gathers candidates: e5 scores different facts up to 0.995 and
        # restatements in other words as low as 0.92, so agreement, not cosine, decides.
        for hit in journal.staged.nearest(self._vectors, scope.subject, memory, vector, k=DEDUP_CANDIDATES):
            if (hit.vector_cosine or 0.0) >= self._settings.dedup_threshold:
                pending = journal.staged.pending(hit.id)
                if pending is not None:  # this capture's own new memory, compared as staged
                    if not dedup.same_fact(pending, memory, hit.vector_cosine or 0.0):
                        continue
                    self._flush_inserts(scope, journal, now)  # the duplicate: written before it is reinforced
                # Read up front unless this capture has changed it since (then read it live).
                known = journal.staged.neighbours.get(hit.id) if hit.id not in journal.before else None
                found = known or self._graph.get(scope.subject, hit.id)
                live = found is not None and found.status in (MemoryStatus.ACTIVE, MemoryStatus.DISPUTED)
                if live and found is not None and dedup.same_fact(found, memory, hit.vector_cosine or 0.0):
                    return found
        return None

    def _correct(
        self,
        scope: SubjectScope,
        request: CaptureRequest,
        index: int,
        turn: Turn,
        parsed: parsers.ParseResult,
        now: datetime,
        journal: Journal,
    ) -> WrittenMemory | None:
        """A bare correction ("不对，是2024年不是2023年") rewrites the newest memory holding the old value."""
        assert parsed.correction is not None
        pool: list[Memory] = []
        for kind in bare_correction_kinds():
            pool.extend(self._graph.active_of_kind(scope.subject, kind))
        found = parsers.apply_correction(
            parsed.correction, [{"id": m.id, "slots": m.slots, "created_at": m.created_at.isoformat()} for m in pool]
        )
        if found is None:
            return None
        old = next(m for m in pool if m.id == found[0])
        slots = found[2]
        fact = parsers.Fact(
            old.kind,
            slots,
            [],
            parsers.render(old.kind, slots, old.lang),
            old.lang,
            old.confidence,
            domain=old.domain,
            correction=True,
            text=turn.content,
        )
        candidate = build_candidate(scope, request, index, 0, turn, fact, turn.at or now, now)
        candidate.memory.relations = old.relations
        replay = self._replayed(scope, candidate)
        if replay is not None:
            return replay
        candidate.memory.events = [f"{candidate.event}:corrected"]
        joined = self._insert_or_join(
            scope,
            candidate,
            self._embedder.embed_passages([embed_text(candidate.memory)])[0],
            now,
            journal,
            "corrected",
        )
        self._demote(
            scope,
            old,
            now,
            reason="correction",
            by=joined.memory.id if joined else candidate.memory.id,
            journal=journal,
        )
        return joined or WrittenMemory(candidate.memory, "corrected")

    # -- store operations -------------------------------------------------------------------
    def store(self, scope: SubjectScope, memory: Memory) -> None:
        """Put back a whole memory (restore). Vector first: if Neo4j then fails, the archived stub
        still hides the vector, and a retry overwrites both."""
        self._vectors.upsert(scope.subject, memory, self._embedder.embed_passages([embed_text(memory)])[0])
        self._graph.upsert(scope.subject, memory, indexed=True)

    def _insert(self, scope: SubjectScope, memory: Memory, vector: list[float], journal: Journal) -> str:
        """Claim the fact's fingerprint and write it; returns the id that holds the fact (another
        memory's id when a concurrent or earlier writer got there first: nothing is written then)."""
        owner = self._graph.insert_new(scope.subject, memory, fingerprint(scope.subject, memory))
        if owner != memory.id:
            return owner
        journal.created.append(memory.id)
        journal.staged.vectors.append((memory, vector))  # Weaviate and `indexed` at the end of the capture
        self._audit(
            journal,
            AuditType(memory.events[0].split(":", 1)[1]),
            memory.id,
            memory.created_at,
            {"kind": memory.kind},
        )
        return memory.id

    def _stage_insert(
        self, scope: SubjectScope, candidate: Candidate, vector: list[float], journal: Journal
    ) -> WrittenMemory:
        """A plain new memory waits for the capture's one insert transaction (mal/write_batch.py);
        its audit line takes its place in the trail now, as `_insert` would have written it."""
        memory = candidate.memory
        written = WrittenMemory(memory, "created")
        event = audit_event(
            AuditType(memory.events[0].split(":", 1)[1]), memory.id, memory.created_at, {"kind": memory.kind}
        )
        journal.staged.audit.append(event)
        journal.staged.inserts.append(
            PendingInsert(candidate, fingerprint(scope.subject, memory), vector, written, event)
        )
        return written

    def _flush_inserts(self, scope: SubjectScope, journal: Journal, now: datetime) -> None:
        """The pending new memories in one transaction. Each is journalled as created before it is
        sent (a failed transaction is rolled back and audited as such); one whose fact another
        memory owns was never written: that owner is reinforced and the answer says so."""
        staged = journal.staged
        pending, staged.inserts = staged.inserts, []
        if not pending:
            return
        journal.created.extend(p.candidate.memory.id for p in pending)
        with staged.stages("neo4j_insert"):
            owners = self._graph.insert_many(scope.subject, [(p.candidate.memory, p.fingerprint) for p in pending])
        for p, owner in zip(pending, owners, strict=True):
            memory = p.candidate.memory
            if owner == memory.id:
                staged.vectors.append((memory, p.vector))  # Weaviate and `indexed` at the flush
                continue
            journal.created.remove(memory.id)
            staged.audit.remove(p.audit)
            joined = self._reinforce(scope, owner, p.candidate, now, journal)
            if joined is not None:
                p.written.memory, p.written.action = joined.memory, joined.action

    def _flush(self, scope: SubjectScope, journal: Journal, now: datetime) -> None:
        self._flush_inserts(scope, journal, now)
        journal.staged.flush(self._graph, self._graph, self._vectors, scope.subject)

    def _demote(self, scope: SubjectScope, old: Memory, now: datetime, reason: str, by: str, journal: Journal) -> None:
        journal.changing(old)
        weight = effective_weight(old, now, self._settings.lifecycle) * self._settings.lifecycle.correction_factor
        self._graph.set_weight(scope.subject, old.id, weight, now, valid_to=now)
        self._audit(journal, AuditType.DEMOTED, old.id, now, {"reason": reason, "superseded_by": by, "weight": weight})

    def _audit(self, journal: Journal, kind: AuditType, memory_id: str, at: datetime, detail: dict[str, Any]) -> None:
        """Staged: the capture appends its whole trail in one statement."""
        journal.staged.audit.append(audit_event(kind, memory_id, at, detail))


def _stretches(
    order: list[int], actions: dict[int, TurnAction], candidates: dict[int, list[Candidate]]
) -> dict[int, list[Candidate]]:
    """Turn index -> the candidates of the stretch of turns that starts there and runs to the
    next forget or bare correction (exclusive): where each up-front read is made."""
    out: dict[int, list[Candidate]] = {}
    start: int | None = None
    for index in order:
        if actions[index] in (TurnAction.FORGET, TurnAction.BARE_CORRECTION):
            start = None
            continue
        if start is None:
            start = index
        out.setdefault(start, []).extend(candidates.get(index, []))
    return out
