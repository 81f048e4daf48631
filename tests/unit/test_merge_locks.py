"""The login merge and the subject locks on fakes (the real-stack races are in
tests/e2e/test_identity_merge_race.py): the merge holds both subjects' locks, skips a device erased
or merged while it waited, and a device revocation that lost the race to a login follows the device
to its user."""

from __future__ import annotations

import secrets

from mal.identity import device_key, subject_key
from mal.scope import SubjectScope
from tests.unit.fakes import T0, fake_container, write


def test_the_merge_holds_both_locks_and_skips_a_device_erased_meanwhile() -> None:
    c = fake_container()
    device = device_key(c.pepper, "acme", secrets.token_hex(4))
    user = SubjectScope("acme", subject_key(c.pepper, "acme", secrets.token_hex(4)))
    c.adapters.graph.register_device(device, "acme", T0)
    write(c, SubjectScope("acme", device), "s1", "我对花生过敏")
    held: list[str] = []
    original = c.identity._writer.absorb  # type: ignore[attr-defined]

    def absorb(scope: SubjectScope, memories: list[object], origin: str) -> object:
        held.extend(sorted(c.subject_locks._local))  # the process-local locks held right now
        return original(scope, memories, origin)

    c.identity._writer.absorb = absorb  # type: ignore[attr-defined,method-assign,assignment]
    c.identity.bind(user, device)
    assert held == sorted((user.subject, device))
    assert c.adapters.graph.count_subject(user.subject) > 0
    # A binding whose device record was dropped (an erase won the race) moves nothing.
    other = device_key(c.pepper, "acme", secrets.token_hex(4))
    c.adapters.graph.register_device(other, "acme", T0)
    c.adapters.graph.bind_device(other, "acme", user.subject, T0)
    c.adapters.graph.drop_device(other)
    held.clear()
    c.identity._merge(user, other)  # type: ignore[attr-defined]
    assert held == []


def test_a_device_revocation_that_lost_the_race_to_a_login_follows_the_device_to_its_user() -> None:
    c = fake_container()
    device = device_key(c.pepper, "acme", secrets.token_hex(4))
    user = SubjectScope("acme", subject_key(c.pepper, "acme", secrets.token_hex(4)))
    c.adapters.graph.register_device(device, "acme", T0)
    write(c, SubjectScope("acme", device), "s1", "我对花生过敏")
    device_scope = SubjectScope("acme", device)  # what the revocation resolved to, before the login
    c.identity.bind(user, device)  # the login merged the device's memories into the user
    assert c.adapters.graph.count_subject(user.subject) > 0
    c.consent.record(device_scope, "memory", False, False)
    assert c.adapters.graph.list_memories(user.subject, None, None, 0, 100)[0] == []
    assert c.adapters.vectors.count_subject(user.subject) == 0
    assert c.adapters.graph.consent(user.subject).get("memory") is False
