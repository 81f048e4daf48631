"""In-memory fake of the identity role (`mal.ports.IdentityStore`), held to `adapters.neo4j_identity`
by tests/contract/test_identity_store.py. Consent lives on the subject's user record, as in Neo4j
(so erasing the subject erases its consent too)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from adapters.memory_graph_memories import InMemoryMemories
from mal.models import SubjectKey
from mal.ports import IdentityStore
from mal.records import DeviceState, IdentityProposal

__all__ = ["InMemoryIdentity"]

CONSENT_SCOPES = ("memory", "recent_turns")


class InMemoryIdentity(InMemoryMemories, IdentityStore):
    def __init__(self) -> None:
        super().__init__()
        self._devices: dict[SubjectKey, DeviceState] = {}
        self._proposals: dict[str, IdentityProposal] = {}

    def device(self, device: SubjectKey) -> DeviceState | None:
        self._check()
        return self._devices.get(device)

    def register_device(self, device: SubjectKey, tenant: str, now: datetime) -> DeviceState:
        self._check()
        with self._lock:
            return self._devices.setdefault(device, DeviceState(device, tenant, None, True, None))

    def bind_device(self, device: SubjectKey, tenant: str, user: SubjectKey, now: datetime) -> tuple[str | None, bool]:
        self._check()
        with self._lock:
            state = self._devices.setdefault(device, DeviceState(device, tenant, None, True, None))
            if state.bound_to is not None:
                return state.bound_to, state.merged
            self._devices[device] = replace(state, bound_to=user, merged=False, bound_at=now)
            return None, False

    def mark_merged(self, device: SubjectKey) -> None:
        self._check()
        with self._lock:
            if device in self._devices:
                self._devices[device] = replace(self._devices[device], merged=True)

    def unbind_device(self, device: SubjectKey, now: datetime) -> str | None:
        self._check()
        with self._lock:
            state = self._devices.get(device)
            if state is None:
                return None
            self._devices[device] = replace(state, bound_to=None, merged=True, bound_at=None)
            return state.bound_to

    def devices_bound_to(self, user: SubjectKey) -> list[str]:
        self._check()
        return sorted(d for d, s in self._devices.items() if s.bound_to == user)

    def drop_device(self, device: SubjectKey) -> None:
        self._check()
        with self._lock:
            self._devices.pop(device, None)
            for pid in [p.id for p in self._proposals.values() if device in (p.a, p.b)]:
                del self._proposals[pid]

    def unbound_devices(self, tenant: str | None) -> list[DeviceState]:
        self._check()
        return [s for d, s in sorted(self._devices.items()) if s.bound_to is None and tenant in (None, s.tenant)]

    def record_proposal(self, proposal: IdentityProposal) -> bool:
        self._check()
        with self._lock:
            if proposal.id in self._proposals:
                return False
            self._proposals[proposal.id] = proposal
            return True

    def proposals(self, tenant: str, status: str | None) -> list[IdentityProposal]:
        self._check()
        found = [p for p in self._proposals.values() if p.tenant == tenant and status in (None, p.status)]
        return sorted(found, key=lambda p: (-p.score, p.id))

    def proposals_of(self, device: SubjectKey) -> list[IdentityProposal]:
        self._check()
        return sorted((p for p in self._proposals.values() if device in (p.a, p.b)), key=lambda p: -p.score)

    def decide_proposal(self, tenant: str, proposal_id: str, status: str, now: datetime) -> IdentityProposal | None:
        self._check()
        with self._lock:
            found = self._proposals.get(proposal_id)
            if found is None or found.tenant != tenant:
                return None
            self._proposals[proposal_id] = replace(found, status=status, decided_at=now)
            return self._proposals[proposal_id]

    def consent(self, subject: SubjectKey) -> dict[str, bool]:
        self._check()
        user = self._users.get(subject, {})
        return {scope: bool(user[f"consent_{scope}"]) for scope in CONSENT_SCOPES if f"consent_{scope}" in user}

    def set_consent(self, subject: SubjectKey, tenant: str, scope: str, granted: bool, now: datetime) -> None:
        self._check()
        if scope not in CONSENT_SCOPES:
            raise ValueError(f"unknown consent scope {scope!r}")
        with self._lock:
            user = self._users.setdefault(subject, {"created_at": now})
            user.update({"tenant": tenant, f"consent_{scope}": granted, f"consent_{scope}_at": now})
