"""The tamper-evident audit chain: verify (auditor, own tenant only) and anchor on demand."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel

from mal.api.deps import container, requires
from mal.api.schemas import ERROR_RESPONSES
from mal.bootstrap import Container
from mal.identity import Principal

__all__ = ["router"]

router = APIRouter(prefix="/v1/audit", responses=ERROR_RESPONSES)
C = Annotated[Container, Depends(container)]
Auditor = Annotated[Principal, Depends(requires("auditor"))]


class VerifyResponse(BaseModel):
    tenant: str
    ok: bool
    events: int
    head_seq: int
    head_hash: str
    first_broken: dict[str, Any] | None
    anchors: int
    anchor_matches: bool | None
    latest_anchor: dict[str, Any] | None
    problems: list[str]


class AnchorResponse(BaseModel):
    anchored: list[dict[str, Any]]


@router.get(
    "/verify",
    response_model=VerifyResponse,
    tags=["auditor"],
    summary="Recompute the key's tenant's audit hash chain; name the first broken link; check the S3 anchors",
)
def verify(p: Auditor, c: C) -> VerifyResponse:
    report = c.audit.verify(p.tenant)  # the tenant is the key's: an auditor never sees another tenant's chain
    c.audit.record(p.tenant, "audit_verify", p.key_id, None, (), {"events": report.events, "ok": int(report.ok)})
    return VerifyResponse(**report.as_dict())


@router.post(
    "/anchor",
    response_model=AnchorResponse,
    tags=["auditor"],
    summary="Write the tenant's chain head to the export bucket under Object Lock now",
)
def anchor(p: Auditor, c: C) -> AnchorResponse:
    anchored = c.audit.anchor(p.tenant)
    c.audit.record(p.tenant, "audit_anchor", p.key_id, None, (), {"anchored": len(anchored)})
    return AnchorResponse(anchored=anchored)
