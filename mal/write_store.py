"""The write path's store operations: insert, reinforce, find a duplicate, demote, flush a capture's
staged writes, answer a replay. Split from mal/writing.py (which holds the capture flow: parse,
conflicts, corrections, rollback) so that each stays under the house size; `WritePipeline` is a
`StoreWriter`. Every change goes through the capture's journal (mal/journal.py), so a failed capture
can undo it."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from mal import dedup, dedup_gate, variants
from mal.audit import AuditType, audit_event
from mal.capture_plan import Candidate, embed_text, fingerprints
from mal.errors import Conflict
from mal.journal import Journal
from mal.models import HOLDS_FACT, Memory, MemoryStatus
from mal.ports import Clock, Embedder, GraphStore, VectorStore
from mal.scope import SubjectScope
from mal.settings import Settings
from mal.weights import effective_weight, reinforced_weight
from mal.write_batch import PendingInsert
from mal.write_records import WrittenMemory

__all__ = ["CLAIM_RETRIES", "DEDUP_CANDIDATES", "StoreWriter"]

log = logging.getLogger("mal.write")
# Nearest memories above the dedup threshold that the agreement check looks at. Every kind is
# searched (mal/dedup.py `search_kind`), so a few more than the one or two of the same kind.
DEDUP_CANDIDATES = 5
# How many times a fact is claimed again when the memory holding it disappears before it is joined
# (its own capture rolling back concurrently, `StoreWriter._settle`); past that, the capture fails.
CLAIM_RETRIES = 3


class StoreWriter:
    """The store half of the write path (see the module docstring); the pipeline adds the capture flow."""

    def __init__(
        self, graph: GraphStore, vectors: VectorStore, embedder: Embedder, clock: Clock, settings: Settings
    ) -> None:
        self._graph = graph
        self._vectors = vectors
        self._embedder = embedder
        self._clock = clock
        self._settings = settings

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

        def claim(words_only: bool) -> str:
            return self._insert(scope, candidate.memory, vector, journal, words_only)

        joined = self._settle(scope, candidate, claim(False), claim, now, journal, action)
        if joined is not None and action == "corrected" and joined.memory.status == MemoryStatus.DISPUTED:
            self._graph.set_status(scope.subject, [joined.memory.id], MemoryStatus.ACTIVE, now)
            joined.memory.status = MemoryStatus.ACTIVE
        return joined

    def _settle(
        self,
        scope: SubjectScope,
        candidate: Candidate,
        owner: str,
        claim: Callable[[bool], str],
        now: datetime,
        journal: Journal,
        action: str = "reinforced",
    ) -> WrittenMemory | None:
        """After the candidate's claim returned `owner`: None when the candidate itself was written,
        else the owner reinforced. A summary's owner the candidate may not join (`_joins`) sends it
        to claim its words alone (`claim(True)`), whose owner, if any, said the same words.

        The owner can disappear between the claim and the join (its own capture rolling back
        concurrently, which frees the fingerprints with it; or forgotten or archived meanwhile,
        never to be revived by a join): the fact is claimed again, so the
        answer never names a memory that was never written; after `CLAIM_RETRIES` such losses the
        capture fails with Conflict (the client retries) and is undone whole."""
        words_only, lost = False, 0
        while owner != candidate.memory.id:
            held = self._graph.get(scope.subject, owner)
            if held is not None and held.status.value not in HOLDS_FACT:
                held = None  # forgotten or archived since the claim: it holds nothing now
            if held is not None and action == "reinforced" and not words_only and not self._joins(held, candidate):
                words_only, owner = True, claim(True)  # another fact under one summary
                continue
            if held is not None:
                joined = self._reinforce(scope, owner, candidate, now, journal, action, before=held)
                if joined is not None:
                    return joined
            lost += 1
            if lost > CLAIM_RETRIES:
                raise Conflict(
                    f"the memory holding this fact ({owner}) keeps disappearing while being joined; retry shortly"
                )
            log.info("fingerprint owner %s disappeared before it was joined; claiming again", owner)
            owner = claim(words_only)
        return None

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
        """One atomic statement (weight, events, provenance, variants): concurrent reinforcements
        all count. The state before it goes into the journal, so a failed capture can put it back
        (read here only when the caller has not just read it).

        Lossless: the candidate's own words become a variant of the memory (mal/variants.py), so a
        wrong merge still answers with the second event; its index entry is re-worded at the
        capture's flush (mal/write_batch.py `retext`). Not for a correction (`action` "corrected":
        a correction that lands on the memory already holding the corrected value): its words state
        a change ("no, 2024, not 2023"), naming the old value too, so they are no restatement, and
        the old value's memory is demoted, not merged. The supersede path (`_supersede`) adds none
        either: the episode's words stay in the store as their own memory. Nor a candidate of
        another source or in quarantine (`variants.brought`): quarantine hides memories by source."""
        before = before or self._graph.get(scope.subject, memory_id)
        if before is None:
            return None
        journal.changing(before)
        words = [] if action == "corrected" else variants.brought(before, candidate.memory)
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
            words=words,
            max_variants=self._settings.dedup_max_variants,
        )
        if memory is None:
            return None
        if memory.variants != before.variants:
            journal.staged.retext[memory.id] = memory
        self._audit(journal, AuditType.REINFORCED, memory.id, now, {"kind": memory.kind, "weight": memory.weight})
        return WrittenMemory(memory, action)  # type: ignore[arg-type]

    def _supersede(
        self,
        scope: SubjectScope,
        episode: Memory,
        candidate: Candidate,
        vector: list[float],
        now: datetime,
        journal: Journal,
    ) -> WrittenMemory:
        """A new fact restates an older episode (mal/dedup.py `supersedes`): reinforcing the episode
        would drop the fact's slots, and keeping both would answer twice. The fact is written
        carrying the episode's history (its provenance first, and the weight the episode would have
        had if reinforced, so a restatement still counts), and the episode is demoted as a
        correction's old value is (weight x correction_factor, valid_to = now), with an audit line
        naming the fact. Nothing is lost: the episode's words stay in the store, searchable at a
        lower rank, and both turns are in the fact's provenance. Undone with the capture. For the
        same reason the fact takes no variants from the episode (mal/variants.py): its words are
        still a memory of their own, and copying them would index them twice."""
        memory = candidate.memory
        memory.provenance = list(dict.fromkeys([*episode.provenance, *memory.provenance]))
        memory.weight = max(memory.weight, reinforced_weight(episode, now, self._settings.lifecycle))
        written = self._stage_insert(scope, candidate, vector, journal)
        self._demote(scope, episode, now, reason="restated_as_fact", by=memory.id, journal=journal)
        return written

    def _duplicate_of(
        self, scope: SubjectScope, memory: Memory, vector: list[float], journal: Journal, now: datetime
    ) -> Memory | None:
        # Cosine finds candidate duplicates; only agreement (mal/dedup.py `same_fact`: the word rules,
        # then the learned paraphrase decision behind a hard veto) may merge. The nearest can
        # be a near-miss (MiniLM: 草莓 / 蓝莓 at 1.0) with the true duplicate next: look at a few.
        # The threshold (0.89) only gathers candidates: e5 scores different facts up to 0.995 and
        # restatements in other words as low as 0.92, so agreement, not cosine, decides. A pair in
        # two scripts (Chinese / English, or code-switched) has a lower gate of its own, behind which
        # only the word rules merge (mal/dedup_gate.py); e5 ranks such a neighbour below the
        # same-language memories on the topic, so a few in another language are searched apart.
        threshold = self._settings.dedup_threshold
        cross = self._settings.dedup_cross_language_threshold
        other_k = self._other_language_k()
        for hit in journal.staged.nearest(self._vectors, scope.subject, memory, vector, DEDUP_CANDIDATES, other_k):
            cosine = hit.vector_cosine or 0.0
            if cosine >= dedup_gate.gate(threshold, cross):
                pending = journal.staged.pending(hit.id)
                if pending is not None:  # this capture's own new memory, compared as staged
                    if not dedup_gate.merges(pending, memory, cosine, threshold, cross):
                        continue
                    self._flush_inserts(scope, journal, now)  # the duplicate: written before it is reinforced
                # Read up front unless this capture has changed it since (then read it live).
                known = journal.staged.neighbours.get(hit.id) if hit.id not in journal.before else None
                found = known or self._graph.get(scope.subject, hit.id)
                live = found is not None and found.status in (MemoryStatus.ACTIVE, MemoryStatus.DISPUTED)
                if live and found is not None and dedup_gate.merges(found, memory, cosine, threshold, cross):
                    return found
        return None

    def _other_language_k(self) -> int:
        """How many nearest memories in another language the dedup search adds (0: none). Only
        while the cross-language gate is below the normal one: at or above it, an other-language
        neighbour merges on the same terms as any other, and the first search is all there is."""
        settings = self._settings
        below = settings.dedup_cross_language_threshold < settings.dedup_threshold
        return settings.dedup_other_language_candidates if below else 0

    # -- store operations -------------------------------------------------------------------
    def store(self, scope: SubjectScope, memory: Memory) -> None:
        """Put back a whole memory (restore). Vector first: if Neo4j then fails, the archived stub
        still hides the vector, and a retry overwrites both."""
        self._vectors.upsert(scope.subject, memory, self._embedder.embed_passages([embed_text(memory)])[0])
        self._graph.upsert(scope.subject, memory, indexed=True)

    @staticmethod
    def _joins(held: Memory, candidate: Candidate) -> bool:
        """A summary's owner is joined only when nothing hard differs (mal/capture_plan.py
        `fingerprint`): one summary can hold two counts, doses or trips. Or when the word rules
        equate the two (mal/dedup.py `agree`), as they would for the detector, veto or not: 我有一只
        仓鼠 / 我养了一只仓鼠 is one pet, which the swap check reads as a verb swapped (review19).
        The same words (the owner of the words' fingerprint) are always the same fact."""
        memory = candidate.memory
        return (
            variants.key(held.text) == variants.key(memory.text)
            or dedup.veto(held, memory)
            or dedup.agree(held, memory)
        )

    def _insert(
        self, scope: SubjectScope, memory: Memory, vector: list[float], journal: Journal, words_only: bool = False
    ) -> str:
        """Claim the fact's fingerprints (mal/capture_plan.py `fingerprints`) and write it; returns
        the id that holds the fact (another memory's id when a concurrent or earlier writer got there
        first: nothing is written then)."""
        owner = self._graph.insert_new(scope.subject, memory, fingerprints(scope.subject, memory, words_only))
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
            PendingInsert(candidate, fingerprints(scope.subject, memory), vector, written, event)
        )
        return written

    def _flush_inserts(self, scope: SubjectScope, journal: Journal, now: datetime) -> None:
        """The pending new memories in one transaction. Each is journalled as created before it is
        sent (a failed transaction is rolled back and audited as such); one whose fact another
        memory owns was never written: that owner is reinforced and the answer says so (or, the
        owner gone meanwhile, the memory is claimed again: `_settle`)."""
        staged = journal.staged
        pending, staged.inserts = staged.inserts, []
        if not pending:
            return
        journal.created.extend(p.candidate.memory.id for p in pending)
        with staged.stages("neo4j_insert"):
            owners = self._graph.insert_many(scope.subject, [(p.candidate.memory, p.fingerprints) for p in pending])
        for at, (p, owner) in enumerate(zip(pending, owners, strict=True)):
            memory = p.candidate.memory

            def claim(words_only: bool, memory: Memory = memory) -> str:
                return self._graph.insert_new(scope.subject, memory, fingerprints(scope.subject, memory, words_only))

            try:
                joined = self._settle(scope, p.candidate, owner, claim, now, journal)
            except BaseException:
                # This memory and the later ones another memory owned were never written: the
                # trail of the undone capture must not say "created" for them.
                for q, claimed in list(zip(pending, owners, strict=True))[at:]:
                    if q is p or claimed != q.candidate.memory.id:
                        journal.created.remove(q.candidate.memory.id)
                        staged.audit.remove(q.audit)
                raise
            if joined is None:
                staged.vectors.append((memory, p.vector))  # Weaviate and `indexed` at the flush
                continue
            journal.created.remove(memory.id)
            staged.audit.remove(p.audit)
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
