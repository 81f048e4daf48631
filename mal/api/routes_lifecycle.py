"""Lifecycle and audit routes: restore (admin), export (auditor), source quarantine (admin)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, Field

from mal.api.deps import container, requires, subject_lookup, subject_scope
from mal.api.routes import _out
from mal.api.schemas import ERROR_RESPONSES, MemoryOut
from mal.bootstrap import Container
from mal.identity import Principal
from mal.scope import SubjectScope

__all__ = ["router"]

router = APIRouter(prefix="/v1", responses=ERROR_RESPONSES)
Binder = Annotated[Callable[[Principal], SubjectScope], Depends(subject_scope)]
# Read-only roles resolve identity without registering or binding devices (mal/identities.py).
Lookup = Annotated[Callable[[Principal], SubjectScope], Depends(subject_lookup)]
C = Annotated[Container, Depends(container)]
Admin = Annotated[Principal, Depends(requires("admin"))]


class SourceBody(BaseModel):
    source: str = Field(pattern=r"^[a-z0-9_-]{1,32}$", description="e.g. wechat, web, app, voice")


class QuarantineResponse(BaseModel):
    source: str
    memories: int


class ExportResponse(BaseModel):
    export_id: str
    bucket: str
    prefix: str
    manifest_sha256: str
    files: dict[str, dict[str, Any]]


@router.post(
    "/memories/{memory_id}/restore",
    response_model=MemoryOut,
    tags=["admin"],
    summary="Bring an archived memory back after verifying its SHA-256",
)
def restore(memory_id: str, p: Admin, bind: Binder, c: C) -> MemoryOut:
    scope = bind(p)
    restored = c.lifecycle.restore(scope, memory_id)
    c.audit.record(p.tenant, "restore", p.key_id, scope.subject, [memory_id], {"restored": 1})
    return _out(restored)


@router.post(
    "/subjects/export",
    response_model=ExportResponse,
    tags=["auditor"],
    summary="Write the subject's audit bundle (with a SHA-256 manifest) to S3",
)
def export(p: Annotated[Principal, Depends(requires("auditor"))], bind: Lookup, c: C) -> ExportResponse:
    scope = bind(p)
    exported = c.lifecycle.export(scope)
    c.audit.record(p.tenant, "export", p.key_id, scope.subject, (), {"files": len(exported.get("files", {}))})
    return ExportResponse(**exported)


@router.post(
    "/admin/quarantine",
    response_model=QuarantineResponse,
    tags=["admin"],
    summary="Exclude every memory from one source from search and context",
)
def quarantine(body: SourceBody, p: Admin, c: C) -> QuarantineResponse:
    touched = c.quarantine.set(p.tenant, body.source)
    c.audit.record(p.tenant, "quarantine", p.key_id, None, (), {"memories": touched})
    return QuarantineResponse(source=body.source, memories=touched)


@router.post("/admin/release", response_model=QuarantineResponse, tags=["admin"], summary="Undo a source quarantine")
def release(body: SourceBody, p: Admin, c: C) -> QuarantineResponse:
    touched = c.quarantine.set(p.tenant, body.source, release=True)
    c.audit.record(p.tenant, "release", p.key_id, None, (), {"memories": touched})
    return QuarantineResponse(source=body.source, memories=touched)
