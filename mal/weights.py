"""Weight arithmetic shared by the write path and `decay/`.

weight is stored as the base at `last_reinforced`; the effective weight is computed from
timestamps (base x rate^days), so running a decay job twice in a day cannot decay twice.
Reinforcement (a duplicate, or a retrieval hit) sets a new base = effective + step, capped.
"""

from __future__ import annotations

from datetime import datetime

from mal.models import Memory
from mal.settings import LifecycleSettings

__all__ = ["days_between", "effective_weight", "reinforced_weight"]


def days_between(earlier: datetime, later: datetime) -> float:
    return max(0.0, (later - earlier).total_seconds() / 86_400.0)


def effective_weight(memory: Memory, now: datetime, policy: LifecycleSettings) -> float:
    return float(memory.weight * policy.decay_rate ** days_between(memory.last_reinforced, now))


def reinforced_weight(memory: Memory, now: datetime, policy: LifecycleSettings) -> float:
    return min(policy.max_weight, effective_weight(memory, now, policy) + policy.reinforce_step)
