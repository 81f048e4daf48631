"""The identity role (`mal.ports.IdentityStore`), the same assertions on the fake and on Neo4j:
devices and bindings, proposals, consent."""

from __future__ import annotations

import secrets
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

from mal.records import IdentityProposal

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def key() -> str:
    return secrets.token_hex(32)


def test_register_is_idempotent_and_a_new_device_is_unbound(graph: Any) -> None:
    tenant, device = "t-" + secrets.token_hex(4), key()
    assert graph.device(device) is None
    first = graph.register_device(device, tenant, NOW)
    assert (first.tenant, first.bound_to, first.merged) == (tenant, None, True)
    assert graph.register_device(device, tenant, NOW + timedelta(days=1)) == first
    assert graph.device(device) == first
    assert [d.device for d in graph.unbound_devices(tenant)] == [device]


def test_bind_once_then_report_the_binding_until_unbind(graph: Any) -> None:
    tenant, device, alice, bob = "t-" + secrets.token_hex(4), key(), key(), key()
    assert graph.bind_device(device, tenant, alice, NOW) == (None, False)
    state = graph.device(device)
    assert state.bound_to == alice and state.merged is False and state.bound_at == NOW
    assert graph.bind_device(device, tenant, alice, NOW) == (alice, False)  # idempotent
    assert graph.bind_device(device, tenant, bob, NOW) == (alice, False)  # not re-bound
    graph.mark_merged(device)
    assert graph.device(device).merged is True
    assert graph.devices_bound_to(alice) == [device] and graph.unbound_devices(tenant) == []
    assert graph.unbind_device(device, NOW) == alice
    assert graph.device(device).bound_to is None and graph.devices_bound_to(alice) == []
    assert graph.unbind_device(device, NOW) is None
    assert graph.unbind_device(key(), NOW) is None  # unknown device
    assert graph.bind_device(device, tenant, bob, NOW) == (None, False)


def test_concurrent_binds_have_exactly_one_winner(graph: Any) -> None:
    tenant, device = "t-" + secrets.token_hex(4), key()
    users = [key() for _ in range(6)]
    answers: list[tuple[str | None, bool]] = []

    def bind(user: str) -> None:
        answers.append(graph.bind_device(device, tenant, user, NOW))

    threads = [threading.Thread(target=bind, args=(u,)) for u in users]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(1 for prior, _ in answers if prior is None) == 1
    bound = graph.device(device).bound_to
    assert bound in users and all(prior in (None, bound) for prior, _ in answers)


def test_proposals_are_recorded_once_listed_by_tenant_and_decided(graph: Any) -> None:
    tenant, a, b = "t-" + secrets.token_hex(4), key(), key()
    proposal = IdentityProposal(secrets.token_hex(12), tenant, min(a, b), max(a, b), 0.91, "pending", NOW)
    assert graph.record_proposal(proposal) is True
    assert graph.record_proposal(proposal) is False
    assert graph.proposals(tenant, None) == [proposal] and graph.proposals(tenant, "accepted") == []
    assert graph.proposals("t-other-" + secrets.token_hex(4), None) == []
    assert graph.proposals_of(a) == [proposal] and graph.proposals_of(b) == [proposal]
    assert graph.decide_proposal("t-other", proposal.id, "accepted", NOW) is None
    decided = graph.decide_proposal(tenant, proposal.id, "accepted", NOW + timedelta(hours=1))
    assert decided.status == "accepted" and decided.decided_at == NOW + timedelta(hours=1)
    graph.register_device(a, tenant, NOW)
    graph.drop_device(a)
    assert graph.device(a) is None and graph.proposals(tenant, None) == [] and graph.proposals_of(b) == []


def test_consent_is_recorded_per_scope_and_goes_with_the_subject(graph: Any) -> None:
    tenant, subject = "t-" + secrets.token_hex(4), key()
    assert graph.consent(subject) == {}
    graph.set_consent(subject, tenant, "memory", True, NOW)
    assert graph.consent(subject) == {"memory": True}
    graph.set_consent(subject, tenant, "recent_turns", False, NOW)
    assert graph.consent(subject) == {"memory": True, "recent_turns": False}
    graph.set_consent(subject, tenant, "memory", False, NOW)
    assert graph.consent(subject) == {"memory": False, "recent_turns": False}
    assert graph.subject_exists(subject)
    graph.erase_subject(subject)
    assert graph.consent(subject) == {} and graph.count_subject(subject) == 0
