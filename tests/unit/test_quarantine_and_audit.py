"""Source quarantine as its own service, and the audit vocabulary as one enum, on fakes."""

from __future__ import annotations

import pytest

from mal.audit import AuditType, audit_event
from mal.clock import FixedClock
from mal.quarantine import Quarantine
from tests.unit.fakes import T0, fake_container, new_scope, write


def status(c, scope, memory_id):  # type: ignore[no-untyped-def]
    memory = c.adapters.graph.get(scope.subject, memory_id)
    assert memory is not None
    return memory.status.value


def test_quarantine_is_its_own_service_and_audits_each_memory() -> None:
    c, scope = fake_container(clock=FixedClock(T0)), new_scope()
    memory_id = write(c, scope, "s1", "我妈妈有高血压", source="wechat").memories[0].memory.id
    assert isinstance(c.quarantine, Quarantine) and not hasattr(c.lifecycle, "quarantine")
    assert c.quarantine.set(scope.tenant, "wechat") == 1
    assert status(c, scope, memory_id) == "quarantined"
    assert c.quarantine.set("globex", "wechat") == 0  # another tenant's quarantine touches nothing here
    assert c.quarantine.set(scope.tenant, "wechat", release=True) == 1
    assert status(c, scope, memory_id) == "active"
    types = [e.type for e in c.adapters.graph.audit_trail(scope.subject)]
    assert types[-2:] == [AuditType.QUARANTINED, AuditType.RELEASED]


def test_every_event_the_services_write_is_in_the_vocabulary() -> None:
    clock = FixedClock(T0)
    c, scope = fake_container(clock=clock), new_scope()
    first = write(c, scope, "s1", "I prefer Python").memories[0].memory.id
    write(c, scope, "s2", "I prefer Python")  # reinforced
    write(c, scope, "s3", "预算500以内")
    write(c, scope, "s4", "不对，预算是800以内")  # corrected + demoted
    c.lifecycle.export(scope)
    c.forgetter.forget(scope, first)
    types = {e.type for e in c.adapters.graph.audit_trail(scope.subject)}
    assert types <= set(AuditType)
    assert {"created", "reinforced", "exported", "forgotten"} <= types


def test_audit_event_refuses_a_type_outside_the_vocabulary() -> None:
    assert audit_event(AuditType.ARCHIVED, "m1", T0, {}).type == "archived"
    with pytest.raises(ValueError):
        audit_event("archivd", "m1", T0, {})  # type: ignore[arg-type]
