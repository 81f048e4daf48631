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
The store operations (insert, reinforce, dedup lookup, demote, flush) are `StoreWriter`
(mal/write_store.py); the request and result records are in mal/write_records.py.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

import parsers
from mal import dedup, dedup_gate
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
from mal.journal import Journal, undo
from mal.models import Memory, MemoryStatus, Turn
from mal.ports import Clock, Embedder, GraphStore, VectorStore, on_scale
from mal.privacy import Redactor
from mal.recent import RecentBuffer, turn_ref
from mal.sanitize import sanitize_turns
from mal.scope import SubjectScope
from mal.settings import Settings
from mal.write_batch import read_ahead
from mal.write_records import CaptureRequest, CaptureResult, WrittenMemory
from mal.write_store import DEDUP_CANDIDATES, StoreWriter, log
from parsers.kinds import bare_correction_kinds

__all__ = [
    "DEDUP_CANDIDATES",
    "CaptureRequest",
    "CaptureResult",
    "WritePipeline",
    "WrittenMemory",
    "embed_text",
    "fingerprint",
]


class WritePipeline(StoreWriter):
    """The capture flow over the store operations of `StoreWriter`."""

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
        super().__init__(graph, vectors, embedder, clock, settings)
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
                            threshold=dedup_gate.gate(
                                self._settings.dedup_threshold, self._settings.dedup_cross_language_threshold
                            ),
                            other_k=self._other_language_k(),
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
        if duplicate is not None and dedup.supersedes(duplicate, memory):
            return self._supersede(scope, duplicate, candidate, vector, now, journal)
        if duplicate is not None:
            # The duplicate was just read: it is the state the journal needs, no second read.
            return self._reinforce(scope, duplicate.id, candidate, now, journal, before=duplicate) or WrittenMemory(
                duplicate, "reinforced"
            )
        return self._stage_insert(scope, candidate, vector, journal)

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
