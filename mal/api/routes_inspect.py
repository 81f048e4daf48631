"""Reads the memory inspector (GET /ui) needs, and the answer to a dispute's question.

Same scopes as the routes beside them: an agent key reads what it can already list (the weights
now, the quadruples its captures made), an auditor reads the exports it wrote; nothing here grants
more than the existing endpoints do (docs/security.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query
from pydantic import BaseModel, Field

from mal.api.deps import container, requires, subject_lookup, subject_scope
from mal.api.routes import _out
from mal.api.schemas import ERROR_RESPONSES, MAX_OFFSET, MemoryOut
from mal.audit import AuditType
from mal.bootstrap import Container
from mal.disputes import resolve_dispute, rivals_of
from mal.errors import NotFound
from mal.identity import Principal
from mal.models import MemoryStatus
from mal.scope import SubjectScope, export_prefix
from mal.weights import effective_weight

__all__ = ["router"]

router = APIRouter(prefix="/v1", responses=ERROR_RESPONSES)
Agent = Annotated[Principal, Depends(requires("agent"))]
Auditor = Annotated[Principal, Depends(requires("auditor"))]
Binder = Annotated[Callable[[Principal], SubjectScope], Depends(subject_scope)]
# Read-only roles resolve identity without registering or binding devices (mal/identities.py).
Lookup = Annotated[Callable[[Principal], SubjectScope], Depends(subject_lookup)]
C = Annotated[Container, Depends(container)]
MAX_EXPORTS = 50  # newest first; an inspector page, not an archive browser


class InspectedMemory(MemoryOut):
    weight_now: float = Field(description="the effective weight at the time of the request (base x rate^days)")
    last_reinforced: datetime
    contradicts: list[dict[str, str]] = Field(
        default_factory=list, description="for a disputed memory: the active memories it contradicts ({id, summary})"
    )


class DecayPolicy(BaseModel):
    """What the client needs to draw a memory's curve: weight_now x rate^days until archive_below."""

    decay_rate: float
    archive_below: float
    max_weight: float
    reinforce_step: float


class InspectPage(BaseModel):
    items: list[InspectedMemory]
    total: int
    offset: int
    limit: int
    now: datetime
    policy: DecayPolicy


class QuadrupleOut(BaseModel):
    relation: str
    entity: str
    entity_type: str
    detail: str | None
    at: datetime | None
    weight: float | None
    memory_id: str | None


class GraphOut(BaseModel):
    quadruples: list[QuadrupleOut]


class ResolveBody(BaseModel):
    answer: Literal["confirm", "reject"] = Field(
        description="confirm: the disputed value is right (it becomes active, the old one is demoted); "
        "reject: the old value stands (the disputed memory is forgotten)"
    )


class ResolveResponse(BaseModel):
    memory: MemoryOut | None = Field(description="the memory after the answer; null when rejected (forgotten)")
    demoted: list[str]


class ExportOut(BaseModel):
    export_id: str
    at: datetime
    bucket: str
    prefix: str
    manifest_sha256: str | None
    manifest: dict[str, Any] | None = Field(description="the manifest as stored in S3; null when it is gone")


class ExportList(BaseModel):
    exports: list[ExportOut]


@router.get(
    "/subjects/memories",
    response_model=InspectPage,
    tags=["agent"],
    summary="The subject's memories with their weight now and the decay policy (the inspector's table)",
)
def inspect_memories(
    p: Agent,
    bind: Binder,
    c: C,
    status: Annotated[list[MemoryStatus] | None, Query()] = None,
    kind: Annotated[list[str] | None, Query()] = None,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> InspectPage:
    policy = c.settings.lifecycle
    now = c.clock.now()
    wanted = [x.value for x in status] if status else [MemoryStatus.ACTIVE.value, MemoryStatus.DISPUTED.value]
    wanted = [x for x in wanted if x != MemoryStatus.FORGOTTEN.value]  # tombstones carry no content to show
    if not p.is_admin:  # as GET /v1/memories: quarantined content is for admins to review
        wanted = [x for x in wanted if x != MemoryStatus.QUARANTINED.value]
    subject = bind(p).subject
    items, total = c.adapters.graph.list_memories(subject, wanted, kind, offset, limit) if wanted else ([], 0)
    c.audit.record(p.tenant, "read", p.key_id, subject, [m.id for m in items], {"memories": len(items)})
    disputed_kinds = {m.kind for m in items if m.status == MemoryStatus.DISPUTED}
    active = {k: c.adapters.graph.active_of_kind(subject, k) for k in disputed_kinds}
    return InspectPage(
        items=[
            InspectedMemory(
                **_out(m).model_dump(),
                weight_now=effective_weight(m, now, policy),
                last_reinforced=m.last_reinforced,
                contradicts=[{"id": r.id, "summary": r.summary} for r in rivals_of(m, active.get(m.kind, []))]
                if m.status == MemoryStatus.DISPUTED
                else [],
            )
            for m in items
        ],
        total=total,
        offset=offset,
        limit=limit,
        now=now,
        policy=DecayPolicy(
            decay_rate=policy.decay_rate,
            archive_below=policy.archive_below,
            max_weight=policy.max_weight,
            reinforce_step=policy.reinforce_step,
        ),
    )


@router.get(
    "/subjects/graph",
    response_model=GraphOut,
    tags=["agent"],
    summary="The subject's quadruples (user -> relation -> entity, with time) for the graph view",
)
def graph(p: Agent, bind: Binder, c: C) -> GraphOut:
    subject = bind(p).subject
    quadruples = c.adapters.graph.quadruples(subject)
    c.audit.record(p.tenant, "read", p.key_id, subject, (), {"quadruples": len(quadruples)})
    return GraphOut(quadruples=[QuadrupleOut(**q.to_json()) for q in quadruples])


@router.post(
    "/memories/{memory_id}/resolve",
    response_model=ResolveResponse,
    tags=["agent"],
    summary="Answer a disputed memory's question: confirm the new value or reject it",
)
def resolve(memory_id: str, body: ResolveBody, p: Agent, bind: Binder, c: C) -> ResolveResponse:
    scope = bind(p)
    memory, demoted = resolve_dispute(
        c.adapters.graph, c.forgetter, c.clock, c.settings.lifecycle, scope, memory_id, body.answer
    )
    kind = "write" if body.answer == "confirm" else "forget"
    c.audit.record(p.tenant, kind, p.key_id, scope.subject, [memory_id, *demoted], {"resolved": 1})
    return ResolveResponse(memory=_out(memory) if memory is not None else None, demoted=demoted)


@router.get(
    "/subjects/exports",
    response_model=ExportList,
    tags=["auditor"],
    summary="The subject's audit bundles (from its audit trail) with their manifests read back from S3",
)
def exports(p: Auditor, bind: Lookup, c: C) -> ExportList:
    scope = bind(p)
    bucket = c.settings.s3.export_bucket
    trail = [e for e in c.adapters.graph.audit_trail(scope.subject) if e.type == AuditType.EXPORTED.value]
    c.audit.record(p.tenant, "read", p.key_id, scope.subject, (), {"exports": len(trail)})
    out = []
    for event in sorted(trail, key=lambda e: e.at, reverse=True)[:MAX_EXPORTS]:
        export_id = str(event.detail.get("export_id", ""))
        prefix = export_prefix(scope.tenant, export_id)
        manifest: dict[str, Any] | None
        try:
            manifest = json.loads(c.adapters.blobs.get(bucket, prefix + "manifest.json"))
        except NotFound:  # the object is gone (retention, a failed write): say so, list the rest
            manifest = None
        out.append(
            ExportOut(
                export_id=export_id,
                at=event.at,
                bucket=bucket,
                prefix=prefix,
                manifest_sha256=event.detail.get("manifest_sha256"),
                manifest=manifest,
            )
        )
    return ExportList(exports=out)
