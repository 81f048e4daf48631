"""Lifecycle policy: pure functions over memories and a clock. Which memories leave the hot
stores, and why. No I/O here; `decay.runner` acts on the plan.

Rules (seed 004, 2.2 and 3.4):
- low_weight: effective weight (base x rate^days since last reinforcement) < archive_below;
- ttl: not accessed within its domain's TTL (finance 90 days, education 180, general configurable);
- hot_set_cap: beyond the cap of active memories per subject, the lowest effective weights go.
A retrieval hit refreshes `last_accessed` (the TTL clock) but not the weight: only the user
saying something again (a duplicate) reinforces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from mal.models import Memory
from mal.settings import LifecycleSettings
from mal.weights import days_between, effective_weight

__all__ = ["Decision", "Reason", "plan_subject", "ttl_days"]

Reason = Literal["low_weight", "ttl", "hot_set_cap"]
HOT_STATUSES = ("active", "disputed")


@dataclass(frozen=True)
class Decision:
    memory_id: str
    reason: Reason
    effective_weight: float


def ttl_days(domain: str, policy: LifecycleSettings) -> int | None:
    return policy.ttl_days.get(domain, policy.ttl_days.get("general"))


def plan_subject(memories: Sequence[Memory], now: datetime, policy: LifecycleSettings) -> list[Decision]:
    """The archive decisions for one subject's memories; everything not named stays hot."""
    hot = [m for m in memories if m.status.value in HOT_STATUSES]
    decisions: dict[str, Decision] = {}
    survivors: list[tuple[float, Memory]] = []
    for memory in hot:
        weight = effective_weight(memory, now, policy)
        ttl = ttl_days(memory.domain, policy)
        if weight < policy.archive_below:
            decisions[memory.id] = Decision(memory.id, "low_weight", weight)
        elif ttl is not None and days_between(memory.last_accessed, now) > ttl:
            decisions[memory.id] = Decision(memory.id, "ttl", weight)
        else:
            survivors.append((weight, memory))
    if len(survivors) > policy.hot_set_cap:
        survivors.sort(key=lambda wm: (wm[0], wm[1].last_accessed, wm[1].id))
        for weight, memory in survivors[: len(survivors) - policy.hot_set_cap]:
            decisions[memory.id] = Decision(memory.id, "hot_set_cap", weight)
    return [decisions[m.id] for m in hot if m.id in decisions]
