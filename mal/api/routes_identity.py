"""Identity and consent routes: consent (agent), unbind on logout (agent), Level 3 proposals (admin)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query
from pydantic import BaseModel, Field

from mal.api.deps import container, device_unbinder, requires, subject_scope
from mal.api.schemas import ERROR_RESPONSES
from mal.bootstrap import Container
from mal.identity import Principal
from mal.scope import SubjectScope

__all__ = ["router"]

router = APIRouter(prefix="/v1", responses=ERROR_RESPONSES)
Agent = Annotated[Principal, Depends(requires("agent"))]
Admin = Annotated[Principal, Depends(requires("admin"))]
Binder = Annotated[Callable[[Principal], SubjectScope], Depends(subject_scope)]
C = Annotated[Container, Depends(container)]


class ConsentBody(BaseModel):
    scope: Literal["memory", "recent_turns"] = Field(description="memory: facts; recent_turns: raw turns")
    granted: bool
    keep_existing: bool = Field(
        default=False, description="on revocation, keep what is stored (default: erase it, with a receipt)"
    )


class ConsentResponse(BaseModel):
    scope: str
    granted: bool
    receipt: dict[str, Any] | None = Field(default=None, description="the erase receipt when a revocation erased")
    turns_deleted: int = 0


class ConsentStateResponse(BaseModel):
    memory: bool
    recent_turns: bool
    agreed: bool = Field(description="memory consent is recorded, not merely assumed by the tenant setting")
    require_consent: bool


class UnbindResponse(BaseModel):
    unbound: bool = Field(description="false: the device was not bound")


class ProposalOut(BaseModel):
    id: str
    score: float
    status: str
    devices: list[str] = Field(description="the two device subject keys (never raw ids)")
    at: str | None
    decided_at: str | None


@router.post("/consent", response_model=ConsentResponse, tags=["agent"], summary="Record or revoke consent")
def consent(body: ConsentBody, p: Agent, bind: Binder, c: C) -> ConsentResponse:
    scope = bind(p)
    erasing = body.scope == "memory" and not body.granted and not body.keep_existing
    if erasing:
        c.audit.flush()  # as erase: pending events get the subject's chain reference before it goes
    answer = c.consent.record(scope, body.scope, body.granted, body.keep_existing)
    counts = {"granted": int(body.granted), "erased": int(answer["receipt"] is not None)}
    c.audit.record(p.tenant, "consent", p.key_id, None if erasing else scope.subject, (), counts)
    return ConsentResponse(**answer)


@router.get("/consent", response_model=ConsentStateResponse, tags=["agent"], summary="The subject's consent")
def consent_state(p: Agent, bind: Binder, c: C) -> ConsentStateResponse:
    state = c.consent.state(p, bind(p))
    return ConsentStateResponse(
        memory=state.memory, recent_turns=state.recent_turns, agreed=state.agreed, require_consent=p.require_consent
    )


@router.post(
    "/identity/unbind",
    response_model=UnbindResponse,
    tags=["agent"],
    summary="Logout: the device (X-Device-Id) stops resolving to its user; no memory moves back",
)
def unbind(
    p: Agent, c: C, unbinder: Annotated[Callable[[Principal], bool], Depends(device_unbinder)]
) -> UnbindResponse:
    unbound = unbinder(p)
    c.audit.record(p.tenant, "binding", p.key_id, None, (), {"unbound": int(unbound)})
    return UnbindResponse(unbound=unbound)


@router.get(
    "/identity/proposals",
    response_model=list[ProposalOut],
    tags=["admin"],
    summary="Level 3: recorded proposals that two anonymous devices are one person",
)
def proposals(
    p: Admin,
    c: C,
    status: Annotated[Literal["pending", "accepted", "rejected", "confirmed"] | None, Query()] = None,
) -> list[ProposalOut]:
    return [ProposalOut(**x.to_json()) for x in c.identity.proposals(p.tenant, status)]


@router.post("/identity/proposals/{proposal_id}/accept", response_model=ProposalOut, tags=["admin"])
def accept(proposal_id: str, p: Admin, c: C) -> ProposalOut:
    decided = c.identity.decide(p.tenant, proposal_id, accept=True)  # may bind and merge a device
    c.audit.record(
        p.tenant, "binding", p.key_id, None, (), {"accepted": 1, "bound": int(decided.status == "confirmed")}
    )
    return ProposalOut(**decided.to_json())


@router.post("/identity/proposals/{proposal_id}/reject", response_model=ProposalOut, tags=["admin"])
def reject(proposal_id: str, p: Admin, c: C) -> ProposalOut:
    decided = c.identity.decide(p.tenant, proposal_id, accept=False)
    c.audit.record(p.tenant, "binding", p.key_id, None, (), {"accepted": 0, "bound": 0})
    return ProposalOut(**decided.to_json())
