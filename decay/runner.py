"""`mal decay run`: persist decayed weights (batched Cypher), repair half-written memories (also
run alone: `repair()`), then archive what the policy says and delete raw turns past their tenant's
retention, subject by subject. Idempotent and resumable: a second run the same day changes nothing;
an interrupted run is finished by the next one."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from decay.archive import Archiver
from decay.export import Exporter
from decay.policy import HOT_STATUSES, plan_subject
from mal.models import Memory, SubjectKey
from mal.ports import ArchiveIndex, Clock, MemoryReader, RecentTurnsStore, SubjectRegistry
from mal.records import RecentTurn
from mal.scope import SubjectScope
from mal.settings import ApiKeyConfig, LifecycleSettings
from mal.weights import days_between, effective_weight

__all__ = ["DecayRunner", "Lifecycle", "RunSummary"]

PAGE = 200
DEFAULT_TURN_TTL_DAYS: int = ApiKeyConfig.model_fields["recent_turns_ttl_days"].default


@dataclass
class RunSummary:
    dry_run: bool
    subjects: int = 0
    scanned: int = 0
    decayed: int = 0
    archived: Counter[str] = field(default_factory=Counter)
    repaired: int = 0
    turns_expired: int = 0
    deactivated: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "dry_run": self.dry_run,
            "subjects": self.subjects,
            "scanned": self.scanned,
            "decayed": self.decayed,
            "archived": sum(self.archived.values()),
            "archived_by_reason": dict(self.archived),
            "repaired": self.repaired,
            "turns_expired": self.turns_expired,
            "deactivated": self.deactivated,
            "seconds": round(self.seconds, 3),
        }


class DecayGraph(MemoryReader, ArchiveIndex, SubjectRegistry, RecentTurnsStore, Protocol):
    """The graph roles a decay run uses: subject pages, each subject's memories, persisted decay,
    and the raw turns retention deletes."""


class DecayRunner:
    def __init__(
        self,
        graph: DecayGraph,
        archiver: Archiver,
        clock: Clock,
        policy: LifecycleSettings,
        repair: Any,
        flush_accesses: Any = None,
        finish_forgets: Any = None,
        turn_ttl_days: dict[str, int] | None = None,
        deactivate: Callable[[SubjectKey], bool] | None = None,
    ) -> None:
        self._graph = graph
        self._archiver = archiver
        self._clock = clock
        self._policy = policy
        self._repair = repair  # WritePipeline.repair
        self._flush_accesses = flush_accesses  # AccessRecorder.flush: reads count before TTL decisions
        self._turn_ttl = turn_ttl_days or {}  # tenant -> days raw turns are kept (default 30)
        self._deactivate = deactivate  # VectorStore.deactivate_subject: idle tenants are closed
        self._finish_forgets = finish_forgets  # Forgetter.resume_pending

    def run(self, tenant: str | None = None, dry_run: bool = False, progress: bool = False) -> RunSummary:
        import time

        started = time.perf_counter()
        now = self._clock.now()
        summary = RunSummary(dry_run=dry_run)
        if self._flush_accesses is not None:
            self._flush_accesses()
        if not dry_run:
            self._graph.persist_decay(tenant, self._policy.decay_rate, now)
            summary.repaired = sum(self.repair().values())
            # An archive the previous run left half-done is finished now, whatever its age: runs do
            # not overlap (one scheduler, or the lease across replicas), so none is in flight.
            summary.archived.update(self._archiver.resume_pending(now + timedelta(seconds=1)))
        bar = _progress(progress)
        after = ""
        while page := self._graph.subjects(tenant, after, PAGE):
            for subject, subject_tenant in page:
                self._run_subject(SubjectScope(subject_tenant or "unknown", subject), now, dry_run, summary)
                if bar is not None:
                    bar.update(1)
            after = page[-1].subject
        if bar is not None:
            bar.close()
        summary.seconds = time.perf_counter() - started
        return summary

    def repair(self) -> dict[str, int]:
        """Crash repair, also run on its own at start-up and on a schedule (mal/schedule.py): a
        memory a crash left unindexed becomes searchable, an interrupted archive is finished.
        A forget that an outage interrupted is finished too (first: it hides the memory).
        Memories younger than the grace period belong to requests still in flight."""
        cutoff = self._clock.now() - timedelta(seconds=self._policy.repair_grace_s)
        forgotten = self._finish_forgets(cutoff) if self._finish_forgets is not None else 0
        return {
            "indexed": self._repair(cutoff),
            "archived": sum(self._archiver.resume_pending(cutoff).values()),
            "forgotten": forgotten,
        }

    def _run_subject(self, scope: SubjectScope, now: Any, dry_run: bool, summary: RunSummary) -> None:
        memories, _ = self._graph.list_memories(scope.subject, list(HOT_STATUSES), None, 0, 100_000)
        summary.subjects += 1
        summary.scanned += len(memories)
        summary.decayed += sum(1 for m in memories if effective_weight(m, now, self._policy) < m.weight)
        by_id: dict[str, Memory] = {m.id: m for m in memories}
        plan = plan_subject(memories, now, self._policy)
        if not dry_run:
            self._archiver.archive_many(scope, [(by_id[d.memory_id], d) for d in plan])
        for decision in plan:
            summary.archived[decision.reason] += 1
        summary.turns_expired += self._expire_turns(scope, now, dry_run)
        if not dry_run and self._deactivate is not None and self._is_idle(memories, now):
            summary.deactivated += int(self._deactivate(scope.subject))

    def _expire_turns(self, scope: SubjectScope, now: datetime, dry_run: bool) -> int:
        """Retention: raw turns stored longer ago than the tenant's `recent_turns_ttl_days` are
        deleted, not archived (memories keep their own domain TTLs). Written only when one expired."""
        cutoff = now - timedelta(days=self._turn_ttl.get(scope.tenant, DEFAULT_TURN_TTL_DAYS))

        def expired(turn: RecentTurn) -> bool:
            stored = _parse(turn.stored_at or turn.at)
            return stored is not None and stored < cutoff

        count = sum(1 for t in self._graph.recent_turns(scope.subject) if expired(t))
        if count and not dry_run:
            self._graph.update_recent_turns(scope.subject, lambda turns: [t for t in turns if not expired(t)], now)
        return count

    def _is_idle(self, memories: list[Memory], now: datetime) -> bool:
        """No write, read or reinforcement of any hot memory for `tenant_idle_days` (0: never idle)."""
        if self._policy.tenant_idle_days <= 0:
            return False
        last = max((max(m.last_accessed, m.updated_at, m.created_at) for m in memories), default=None)
        return last is None or days_between(last, now) >= self._policy.tenant_idle_days


def _progress(enabled: bool) -> Any:
    if not enabled:
        return None
    from tqdm import tqdm

    return tqdm(desc="subjects", unit="subject")


class Lifecycle:
    """What the API and CLI call (the `mal.ports.LifecycleService` port)."""

    def __init__(self, runner: DecayRunner, archiver: Archiver, exporter: Exporter) -> None:
        self.runner = runner
        self.archiver = archiver
        self.exporter = exporter

    def run(self, tenant: str | None = None, dry_run: bool = False, progress: bool = False) -> dict[str, Any]:
        return self.runner.run(tenant, dry_run, progress).as_dict()

    def repair(self) -> dict[str, int]:
        return self.runner.repair()

    def restore(self, scope: SubjectScope, memory_id: str) -> Memory:
        return self.archiver.restore(scope, memory_id)

    def export(self, scope: SubjectScope) -> dict[str, Any]:
        return self.exporter.export(scope)


def _parse(value: str) -> datetime | None:
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
