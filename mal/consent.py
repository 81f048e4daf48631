"""Consent per subject (reference tutorial: "用户同意、保留期限、审计记录、删除闭环").

Two scopes: `memory` (facts are extracted, stored and injected) and `recent_turns` (raw turns are
kept and injected). A tenant whose key sets `require_consent` stores nothing for a subject until
consent is recorded; other tenants behave as before (consent assumed) unless the subject has
explicitly revoked it: a recorded "no" is honoured everywhere. Revoking erases what the scope
covers (memory: the whole subject, with a receipt; recent_turns: the raw turns) unless the caller
asks to keep it. Only recorded consent lets the context message say the user agreed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, Protocol

from mal.audit import AuditType, audit_event
from mal.forgetting import Forgetter
from mal.identity import Principal
from mal.ports import AuditLog, Clock, IdentityStore, RecentTurnsStore
from mal.scope import SubjectScope
from mal.subject_lock import SubjectLocks

__all__ = ["ConsentScope", "ConsentService", "ConsentState"]

ConsentScope = Literal["memory", "recent_turns"]


class ConsentGraph(IdentityStore, RecentTurnsStore, AuditLog, Protocol):
    """The graph roles consent uses."""


@dataclass(frozen=True)
class ConsentState:
    memory: bool  # may facts be stored and used
    recent_turns: bool  # may raw turns be kept and used
    agreed: bool  # memory consent is recorded (not merely assumed): the context may say so

    @property
    def reason(self) -> str | None:
        """Why a capture stored less than it was sent, for the response."""
        if not self.memory and not self.recent_turns:
            return "no consent recorded for this subject (POST /v1/consent)"
        if not self.memory:
            return "no consent for memory: turns kept, no facts stored"
        if not self.recent_turns:
            return "no consent for recent_turns: facts stored, raw turns not kept"
        return None


class ConsentService:
    def __init__(self, graph: ConsentGraph, forgetter: Forgetter, clock: Clock, locks: SubjectLocks) -> None:
        self._graph = graph
        self._forgetter = forgetter
        self._clock = clock
        self._locks = locks

    def state(self, principal: Principal, scope: SubjectScope) -> ConsentState:
        recorded = self._graph.consent(scope.subject)
        assumed = not principal.require_consent
        return ConsentState(
            memory=recorded.get("memory", assumed),
            recent_turns=recorded.get("recent_turns", assumed),
            agreed=recorded.get("memory") is True,
        )

    def record(self, scope: SubjectScope, what: ConsentScope, granted: bool, keep_existing: bool) -> dict[str, Any]:
        """Record the choice; a revocation erases what it covers unless `keep_existing`. The choice
        is written again after an erase (which removes the subject's record) so the "no" stays.
        The "no" is recorded before the subject's lock is taken (mal/subject_lock.py): a capture
        already writing finishes first and is then erased; one that starts later reads the "no"."""
        now = self._clock.now()
        self._graph.set_consent(scope.subject, scope.tenant, what, granted, now)
        if not granted and not keep_existing:
            with self._locks.hold(scope.subject):
                receipt, turns_deleted = self._erase(scope, what, now)
            user = self._merged_into(scope)
            if user is not None:  # the device was merged into a user while we waited: its memories went there
                self._graph.set_consent(user.subject, user.tenant, what, granted, now)
                with self._locks.hold(user.subject):
                    self._erase(user, what, now)
        else:
            receipt, turns_deleted = None, 0
        detail = {"scope": what, "granted": granted, "keep_existing": keep_existing, "erased": receipt is not None}
        self._graph.append_audit(scope.subject, audit_event(AuditType.CONSENT_CHANGED, None, now, detail))
        return {"scope": what, "granted": granted, "receipt": receipt, "turns_deleted": turns_deleted}

    def _merged_into(self, scope: SubjectScope) -> SubjectScope | None:
        """The user a device subject was bound to after this request resolved it (a login merge
        raced the revocation): later device requests resolve to that user, so the "no" goes there
        too. Taken after the device's lock is released, so it never waits holding two locks."""
        state = self._graph.device(scope.subject)
        if state is None or state.bound_to in (None, scope.subject):
            return None
        return SubjectScope(scope.tenant, state.bound_to)

    def _erase(self, scope: SubjectScope, what: ConsentScope, now: datetime) -> tuple[dict[str, Any] | None, int]:
        """What a revocation removes: the whole subject (memory) or its raw turns (recent_turns)."""
        if what == "memory":
            choices = self._graph.consent(scope.subject)  # the erase removes them with the subject
            receipt = self._forgetter.erase(scope).as_dict()
            receipt.pop("subject_digest", None)
            for kept, value in choices.items():
                self._graph.set_consent(scope.subject, scope.tenant, kept, value, now)
            return receipt, 0
        before = len(self._graph.recent_turns(scope.subject))
        self._graph.update_recent_turns(scope.subject, lambda _: [], now)
        return None, before
