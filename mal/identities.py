"""Three-level identity (design: "三级身份映射"): which subject a request reads and writes.

Level 1: only `X-Device-Id` -> the anonymous device subject (`mal.identity.device_key`).
Level 2: both headers -> the user's subject; the first such request binds the device to the user,
  moves the device's memories over through the capture rules (dedup, conflicts; provenance keeps
  `device:<device subject key>`) and its recent turns, then erases the device subject. Later
  device-only requests resolve to the user until `unbind`, which moves nothing back.
Level 3: proposals that two unbound devices are one person (mal/clusters.py) are only recorded; an
  admin accepts or rejects them, and a login binding acts on them (see `_settle_proposals`).
Neither header -> 400: the service never invents an identity (no IPs, no temporary subjects).
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Protocol

from mal.audit import AuditType, audit_event
from mal.errors import Conflict, InvalidInput, NotFound
from mal.forgetting import EraseReceipt, Forgetter
from mal.identity import Principal, device_key, subject_key
from mal.models import Memory, MemoryStatus
from mal.ports import AuditLog, Clock, IdentityStore, MemoryReader, RecentTurnsStore, SubjectRegistry
from mal.records import IdentityProposal, RecentTurn
from mal.scope import SubjectScope
from mal.subject_lock import SubjectLocks
from mal.writing import WrittenMemory

__all__ = ["MERGE_STALE_AFTER", "IdentityGraph", "IdentityService"]

log = logging.getLogger("mal.identity")
# A binding whose merge has not finished after this long was interrupted: the next request redoes it
# (a merge is a replay of itself, so redoing is safe). Younger ones belong to a concurrent request.
MERGE_STALE_AFTER = timedelta(seconds=60)
_MOVED = (MemoryStatus.ACTIVE.value, MemoryStatus.DISPUTED.value, MemoryStatus.QUARANTINED.value)


class IdentityGraph(IdentityStore, MemoryReader, RecentTurnsStore, SubjectRegistry, AuditLog, Protocol):
    """The graph roles identity uses."""


class Absorber(Protocol):
    def absorb(self, scope: SubjectScope, memories: list[Memory], origin: str) -> list[WrittenMemory]: ...


class IdentityService:
    def __init__(
        self,
        graph: IdentityGraph,
        writer: Absorber,
        forgetter: Forgetter,
        clock: Clock,
        pepper: str,
        max_turns: int,
        locks: SubjectLocks,
    ) -> None:
        self._locks = locks
        self._max_turns = max_turns
        self._graph = graph
        self._writer = writer
        self._forgetter = forgetter
        self._clock = clock
        self._pepper = pepper

    # -- resolution ---------------------------------------------------------------------------
    def resolve(self, principal: Principal, user_id: str | None, device_id: str | None) -> SubjectScope:
        if user_id is None and device_id is None:
            raise InvalidInput(
                "send X-User-Id and/or X-Device-Id: the service never invents an identity", field="X-User-Id"
            )
        tenant = principal.tenant
        if device_id is None:
            return SubjectScope(tenant, subject_key(self._pepper, tenant, user_id or ""))
        device = device_key(self._pepper, tenant, device_id)
        if user_id is None:
            state = self._graph.device(device) or self._graph.register_device(device, tenant, self._clock.now())
            return SubjectScope(tenant, state.bound_to or device)
        scope = SubjectScope(tenant, subject_key(self._pepper, tenant, user_id))
        self.bind(scope, device)
        return scope

    def lookup(self, principal: Principal, user_id: str | None, device_id: str | None) -> SubjectScope:
        """`resolve` without its writes, for read-only roles (auditor): no device is registered and
        none is bound, so an auditor key cannot trigger a Level-2 merge (which moves the device's
        memories and erases its subject). The user id wins when both are sent."""
        if user_id is None and device_id is None:
            raise InvalidInput(
                "send X-User-Id and/or X-Device-Id: the service never invents an identity", field="X-User-Id"
            )
        tenant = principal.tenant
        if user_id is not None:
            return SubjectScope(tenant, subject_key(self._pepper, tenant, user_id))
        device = device_key(self._pepper, tenant, device_id or "")
        state = self._graph.device(device)
        return SubjectScope(tenant, state.bound_to if state is not None and state.bound_to else device)

    def bind(self, user: SubjectScope, device: str) -> None:
        """Level 2. Race-safe: the store binds under the device's lock, so of two concurrent first
        requests one binds and merges, the other finds the binding (idempotent). A device bound to
        another user is refused (409) until it is unbound."""
        state = self._graph.device(device)
        if state is not None and state.bound_to == user.subject and state.merged:
            return  # the steady state: one read
        if state is not None and state.bound_to not in (None, user.subject):
            raise Conflict("this device is bound to another user; unbind it first (POST /v1/identity/unbind)")
        now = self._clock.now()
        prior, merged = self._graph.bind_device(device, user.tenant, user.subject, now)
        if prior is not None and prior != user.subject:
            raise Conflict("this device is bound to another user; unbind it first (POST /v1/identity/unbind)")
        if prior is None:
            self._merge(user, device)
            self._settle_proposals(user, device)
            return
        fresh = self._graph.device(device)
        stale = fresh is not None and fresh.bound_at is not None and now - fresh.bound_at > MERGE_STALE_AFTER
        if not merged and stale:
            self._merge(user, device)  # an interrupted merge: finish it

    def _merge(self, user: SubjectScope, device: str) -> None:
        """Device memories and turns into the user, consent carried over where the user has none,
        then the device subject erased (so an unbind later moves nothing back).

        Under both subjects' locks (mal/subject_lock.py; taken in key order, so two merges cannot
        deadlock): a capture still writing to the device finishes first and its memories move too;
        a consent revocation or an erase of the user waits for the merge and then removes what it
        moved, or, when it came first, the merge reads its "no" (or finds the device gone) and
        moves nothing."""
        first, second = sorted((user.subject, device))
        with self._locks.hold(first), self._locks.hold(second):
            state = self._graph.device(device)
            if state is None or state.bound_to != user.subject or state.merged:
                return  # erased or unbound while we waited, or merged by a concurrent request
            self._merge_locked(user, device)

    def _merge_locked(self, user: SubjectScope, device: str) -> None:
        device_scope = SubjectScope(user.tenant, device)
        mine = self._graph.consent(user.subject)
        # A "no" the user recorded is honoured here too: nothing of that scope moves in (it goes
        # with the device subject's erase below), as a capture would have stored nothing.
        memories, _ = (
            self._graph.list_memories(device, list(_MOVED), None, 0, 100_000)
            if mine.get("memory") is not False
            else ([], 0)
        )
        written = self._writer.absorb(user, memories, origin=device) if memories else []
        turns = self._graph.recent_turns(device) if mine.get("recent_turns") is not False else []
        if turns and self._max_turns > 0:
            keep = self._max_turns
            self._graph.ensure_subject(user.subject, user.tenant, self._clock.now())
            self._graph.update_recent_turns(
                user.subject, lambda current: _merge_turns(current, turns)[-keep:], self._clock.now()
            )
        for scope, granted in self._graph.consent(device).items():
            if scope not in mine:
                self._graph.set_consent(user.subject, user.tenant, scope, granted, self._clock.now())
        if self._graph.subject_exists(device):
            self._forgetter.erase(device_scope)
        self._graph.mark_merged(device)
        self._audit(user, AuditType.DEVICE_BOUND, {"device": device, "memories": len(written), "turns": len(turns)})

    def _settle_proposals(self, user: SubjectScope, device: str) -> None:
        """A login binding acts on Level 3 proposals about this device: an accepted one brings the
        other device along to the same user; a pending one is confirmed when the other device is
        already this user's, rejected when it is another user's, and otherwise left pending."""
        now = self._clock.now()
        for proposal in self._graph.proposals_of(device):
            other = proposal.b if proposal.a == device else proposal.a
            other_state = self._graph.device(other)
            owner = other_state.bound_to if other_state else None
            if proposal.status == "accepted" and owner is None:
                prior, _ = self._graph.bind_device(other, user.tenant, user.subject, now)
                if prior is None:
                    self._merge(user, other)
                self._graph.decide_proposal(user.tenant, proposal.id, "confirmed", now)
            elif proposal.status == "pending" and owner is not None:
                status = "confirmed" if owner == user.subject else "rejected"
                self._graph.decide_proposal(user.tenant, proposal.id, status, now)

    def unbind(self, principal: Principal, user_id: str | None, device_id: str | None) -> bool:
        """Logout: later device-only requests read the (empty) device subject again. Nothing moves
        back. With X-User-Id too, the device must be bound to that user (else 409)."""
        if device_id is None:
            raise InvalidInput("unbind needs the X-Device-Id header", field="X-Device-Id")
        device = device_key(self._pepper, principal.tenant, device_id)
        state = self._graph.device(device)
        if state is None or state.bound_to is None:
            return False
        if user_id is not None and state.bound_to != subject_key(self._pepper, principal.tenant, user_id):
            raise Conflict("this device is bound to another user")
        prior = self._graph.unbind_device(device, self._clock.now())
        if prior is not None:
            self._audit(SubjectScope(principal.tenant, prior), AuditType.DEVICE_UNBOUND, {"device": device})
        return prior is not None

    # -- erase and proposals --------------------------------------------------------------------
    def erase(self, scope: SubjectScope) -> EraseReceipt:
        """The subject and every device bound to it; the device records go too, so those devices
        start again as new anonymous devices."""
        devices = self._graph.devices_bound_to(scope.subject)
        receipt = self._forgetter.erase(scope, devices)
        for device in (*devices, scope.subject):
            self._graph.drop_device(device)
        return receipt

    def proposals(self, tenant: str, status: str | None) -> list[IdentityProposal]:
        return self._graph.proposals(tenant, status)

    def decide(self, tenant: str, proposal_id: str, accept: bool) -> IdentityProposal:
        """Admin decision. Accepting, when one of the two devices is already bound to a user, binds
        the other to that user (merging it) at once; otherwise the next login of either acts on it."""
        found = next((p for p in self._graph.proposals(tenant, None) if p.id == proposal_id), None)
        if found is None:
            raise NotFound(f"proposal {proposal_id} not found")
        if found.status != "pending":
            raise Conflict(f"proposal {proposal_id} is already {found.status}")
        now = self._clock.now()
        decided = self._graph.decide_proposal(tenant, proposal_id, "accepted" if accept else "rejected", now)
        assert decided is not None
        if accept:
            for device, other in ((found.a, found.b), (found.b, found.a)):
                state, other_state = self._graph.device(device), self._graph.device(other)
                other_free = other_state is None or other_state.bound_to is None
                if state is not None and state.bound_to is not None and other_free:
                    self.bind(SubjectScope(tenant, state.bound_to), other)
                    return self._graph.decide_proposal(tenant, proposal_id, "confirmed", now) or decided
        return decided

    def _audit(self, scope: SubjectScope, kind: AuditType, detail: dict[str, object]) -> None:
        self._graph.append_audit(scope.subject, audit_event(kind, None, self._clock.now(), dict(detail)))


def _merge_turns(current: list[RecentTurn], incoming: list[RecentTurn]) -> list[RecentTurn]:
    """The device's turns join the user's, oldest first, keyed by (session, position) as a replay is."""
    seen = {(t.session_id, t.index) for t in current}
    merged = current + [t for t in incoming if (t.session_id, t.index) not in seen]
    return sorted(merged, key=lambda t: t.stored_at or t.at)
