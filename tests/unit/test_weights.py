from datetime import UTC, datetime, timedelta

import pytest

from mal.models import Memory
from mal.settings import LifecycleSettings
from mal.weights import effective_weight, reinforced_weight

T0 = datetime(2025, 1, 1, tzinfo=UTC)


def memory(weight: float = 1.0) -> Memory:
    return Memory(
        id="m",
        kind="preference",
        summary="s",
        weight=weight,
        created_at=T0,
        updated_at=T0,
        last_reinforced=T0,
        last_accessed=T0,
    )


@pytest.mark.parametrize("days,expected", [(0, 1.0), (1, 0.95), (30, 0.95**30), (90, 0.95**90)])
def test_effective_weight_decays_daily_from_timestamps(days: int, expected: float) -> None:
    assert effective_weight(memory(), T0 + timedelta(days=days), LifecycleSettings()) == pytest.approx(expected)


def test_computing_twice_does_not_decay_twice() -> None:
    m, later = memory(), T0 + timedelta(days=10)
    first = effective_weight(m, later, LifecycleSettings())
    assert effective_weight(m, later, LifecycleSettings()) == first


def test_reinforcement_adds_a_step_to_the_decayed_weight_and_is_capped() -> None:
    policy = LifecycleSettings()
    later = T0 + timedelta(days=10)
    assert reinforced_weight(memory(), later, policy) == pytest.approx(0.95**10 + policy.reinforce_step)
    assert reinforced_weight(memory(weight=2.0), T0, policy) == policy.max_weight
