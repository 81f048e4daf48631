"""Answering a dispute's question: the user says which value is right.

A capture that contradicts an active memory without saying "correct this" stores the new fact as
`disputed` and asks ("您之前说...，这次是...，以哪个为准？"). The answer lands here, from the inspector
or an agent:

- confirm: the disputed value is right. It becomes active, and the memory it contradicted is
  demoted exactly as an explicit correction demotes it (weight x correction_factor, valid_to=now),
  so history stays visible but ranks low.
- reject: the old value stands. The disputed memory is forgotten (vector, archive and graph, with
  its audit line), through the same path as any forget.

Only agent-scope operations the API already allows (status changes through corrections, forget) are
combined: no new privilege. Module functions over the ports, so nothing is built per request.
"""

from __future__ import annotations

from typing import Literal, Protocol

import parsers
from mal.audit import AuditType, audit_event
from mal.errors import Conflict, NotFound
from mal.forgetting import Forgetter
from mal.models import Memory, MemoryStatus
from mal.ports import AuditLog, Clock, MemoryStore
from mal.scope import SubjectScope
from mal.settings import LifecycleSettings
from mal.weights import effective_weight

__all__ = ["Answer", "DisputeGraph", "resolve_dispute", "rivals_of"]

Answer = Literal["confirm", "reject"]


class DisputeGraph(MemoryStore, AuditLog, Protocol):
    """The graph roles a resolution reads (the memory, its rivals) and writes (status, weight, audit)."""


def rivals_of(disputed: Memory, active: list[Memory]) -> list[Memory]:
    """The active memories the disputed one contradicts: same identity slots, another value (the
    rule parsers.check_conflict applied when the dispute was raised). `active_of_kind` also returns
    other disputed memories; those are questions of their own, not the answer's rivals."""
    keys = parsers.CONFLICT_KEYS.get(disputed.kind)
    if keys is None:
        return []
    identity, slot = keys
    if slot not in disputed.slots:
        return []
    return [
        m
        for m in active
        if m.id != disputed.id
        and m.status == MemoryStatus.ACTIVE
        and all(m.slots.get(k) == disputed.slots.get(k) for k in identity)
        and slot in m.slots
        and m.slots[slot] != disputed.slots[slot]
    ]


def resolve_dispute(
    graph: DisputeGraph,
    forgetter: Forgetter,
    clock: Clock,
    policy: LifecycleSettings,
    scope: SubjectScope,
    memory_id: str,
    answer: Answer,
) -> tuple[Memory | None, list[str]]:
    """Returns (the memory after the answer, None when rejected; the ids of demoted rivals)."""
    memory = graph.get(scope.subject, memory_id)
    if memory is None or memory.status in (MemoryStatus.FORGOTTEN, MemoryStatus.QUARANTINED):
        raise NotFound(f"memory {memory_id} not found")
    if memory.status != MemoryStatus.DISPUTED:
        raise Conflict(f"memory {memory_id} is {memory.status.value}, not disputed: there is no question to answer")
    if answer == "reject":
        forgetter.forget(scope, memory_id)
        return None, []
    now = clock.now()
    demoted = []
    for rival in rivals_of(memory, graph.active_of_kind(scope.subject, memory.kind)):
        weight = effective_weight(rival, now, policy) * policy.correction_factor
        graph.set_weight(scope.subject, rival.id, weight, now, valid_to=now)
        graph.append_audit(
            scope.subject,
            audit_event(
                AuditType.DEMOTED,
                rival.id,
                now,
                {"reason": "dispute_confirmed", "superseded_by": memory.id, "weight": weight},
            ),
        )
        demoted.append(rival.id)
    graph.set_status(scope.subject, [memory.id], MemoryStatus.ACTIVE, now)
    graph.append_audit(
        scope.subject,
        audit_event(AuditType.CORRECTED, memory.id, now, {"reason": "dispute_confirmed", "demoted": demoted}),
    )
    return graph.get(scope.subject, memory.id), demoted
