from datetime import UTC, datetime, timedelta

from decay.policy import plan_subject
from mal.models import Memory, MemoryStatus
from mal.settings import LifecycleSettings

T0 = datetime(2025, 1, 1, tzinfo=UTC)


def mem(
    i: str,
    weight: float = 1.0,
    domain: str = "general",
    accessed_days_ago: float = 0,
    reinforced_days_ago: float = 0,
    status: MemoryStatus = MemoryStatus.ACTIVE,
) -> Memory:
    return Memory(
        id=i,
        kind="preference",
        summary=i,
        weight=weight,
        domain=domain,
        status=status,
        created_at=T0,
        updated_at=T0,
        last_reinforced=T0 - timedelta(days=reinforced_days_ago),
        last_accessed=T0 - timedelta(days=accessed_days_ago),
    )


def test_low_weight_after_45_days_without_reinforcement() -> None:
    plan = plan_subject(
        [mem("fresh", reinforced_days_ago=30), mem("stale", reinforced_days_ago=46)], T0, LifecycleSettings()
    )
    assert [(d.memory_id, d.reason) for d in plan] == [("stale", "low_weight")]


def test_ttl_depends_on_the_domain() -> None:
    slow = LifecycleSettings(decay_rate=0.9999)
    items = [
        mem("fin", domain="finance", accessed_days_ago=91),
        mem("edu", domain="education", accessed_days_ago=91),
        mem("edu-old", domain="education", accessed_days_ago=181),
    ]
    assert [(d.memory_id, d.reason) for d in plan_subject(items, T0, slow)] == [("fin", "ttl"), ("edu-old", "ttl")]


def test_hot_set_cap_archives_the_lowest_weights() -> None:
    items = [mem(f"m{i}", weight=w) for i, w in enumerate([0.9, 0.2, 1.5, 0.5, 1.0])]
    plan = plan_subject(items, T0, LifecycleSettings(hot_set_cap=3))
    assert sorted((d.memory_id, d.reason) for d in plan) == [("m1", "hot_set_cap"), ("m3", "hot_set_cap")]


def test_archived_and_forgotten_memories_are_not_planned_again() -> None:
    items = [
        mem("a", status=MemoryStatus.ARCHIVED, reinforced_days_ago=400),
        mem("f", status=MemoryStatus.FORGOTTEN, reinforced_days_ago=400),
    ]
    assert plan_subject(items, T0, LifecycleSettings()) == []


def test_planning_twice_at_the_same_time_gives_the_same_plan() -> None:
    items = [mem("x", reinforced_days_ago=50), mem("y", reinforced_days_ago=10)]
    assert plan_subject(items, T0, LifecycleSettings()) == plan_subject(items, T0, LifecycleSettings())
