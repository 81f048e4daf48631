"""REST routes (v1). Thin: validate, scope, call a service, shape the answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Depends, Query

from mal.api import schemas as s
from mal.api.deps import container, requires, subject_scope
from mal.bootstrap import Container
from mal.errors import InvalidInput, NotFound, StoreUnavailable
from mal.identity import Principal
from mal.metrics import WRITES
from mal.models import Memory, MemoryStatus
from mal.scope import SubjectScope
from mal.writing import CaptureRequest

__all__ = ["router"]

router = APIRouter(prefix="/v1", responses=s.ERROR_RESPONSES)
Agent = Annotated[Principal, Depends(requires("agent"))]
Binder = Annotated[Callable[[Principal], SubjectScope], Depends(subject_scope)]
C = Annotated[Container, Depends(container)]


def _out(m: Memory) -> s.MemoryOut:
    return s.MemoryOut(**m.model_dump(include=set(s.MemoryOut.model_fields)))


@router.post(
    "/memories",
    response_model=s.CaptureResponse,
    tags=["agent"],
    summary="Capture a session's turns as memories (idempotent)",
)
def capture(body: s.CaptureBody, p: Agent, bind: Binder, c: C) -> s.CaptureResponse:
    result = c.writer.capture(
        bind(p),
        CaptureRequest(
            session_id=body.session_id,
            turns=[t.model_dump() for t in body.turns],
            source=p.source_for(body.source),
            agent_id=body.agent_id,
            domain=body.domain,
            occurred_at=body.occurred_at,
        ),
    )
    for w in result.memories:
        WRITES.labels(action=w.action).inc()
    return s.CaptureResponse(
        memories=[
            s.WrittenOut(
                id=w.memory.id,
                kind=w.memory.kind,
                summary=w.memory.summary,
                slots=w.memory.slots,
                status=w.memory.status.value,
                action=w.action,
            )
            for w in result.memories
        ],
        questions=result.questions,
        forgotten=result.forgotten,
        forget_candidates=[s.ForgetCandidate(**x) for x in result.forget_candidates],
        recent_turns_kept=result.recent_turns_kept,
        dropped_turns=result.dropped_turns,
    )


@router.post(
    "/memories/search",
    response_model=s.SearchResponse,
    tags=["agent"],
    summary="Vector-first, then graph: what is known about this user",
)
def search(body: s.SearchBody, p: Agent, bind: Binder, c: C) -> s.SearchResponse:
    result = c.retriever.search(bind(p), body.query, k=body.k, kinds=body.kinds, preset=body.preset)
    return s.SearchResponse(
        results=[
            s.SearchResultOut(
                id=h.memory.id,
                kind=h.memory.kind,
                summary=h.memory.summary,
                slots=h.memory.slots,
                score=h.score,
                weight=h.weight,
                status=h.memory.status.value,
                entities=h.entities,
                hints=h.hints,
                provenance=h.memory.provenance,
            )
            for h in result.hits
        ],
        timings_ms=result.timings_ms,
    )


@router.post(
    "/context",
    response_model=s.ContextResponse,
    tags=["agent"],
    summary="System messages ready to prepend to the next LLM call",
)
def context(body: s.ContextBody, p: Agent, bind: Binder, c: C) -> s.ContextResponse:
    result = c.context.build(bind(p), body.query, body.max_memories, body.max_recent_turns, body.lang)
    return s.ContextResponse(system_messages=result.system_messages, memory_ids=result.memory_ids)


@router.get("/memories", response_model=s.MemoryPage, tags=["agent"])
def list_memories(
    p: Agent,
    bind: Binder,
    c: C,
    status: Annotated[list[MemoryStatus] | None, Query()] = None,
    kind: Annotated[list[str] | None, Query()] = None,
    offset: Annotated[int, Query(ge=0, le=s.MAX_OFFSET)] = 0,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> s.MemoryPage:
    statuses = [x.value for x in status] if status else [MemoryStatus.ACTIVE.value, MemoryStatus.DISPUTED.value]
    if not p.is_admin:  # quarantined content is for admins to review, not for agents to read
        statuses = [x for x in statuses if x != MemoryStatus.QUARANTINED.value]
        if not statuses:
            return s.MemoryPage(items=[], total=0, offset=offset, limit=limit)
    items, total = c.adapters.graph.list_memories(bind(p).subject, statuses, kind, offset, limit)
    return s.MemoryPage(items=[_out(m) for m in items], total=total, offset=offset, limit=limit)


@router.get("/memories/{memory_id}", response_model=s.MemoryOut, tags=["agent"])
def get_memory(memory_id: str, p: Agent, bind: Binder, c: C) -> s.MemoryOut:
    memory = c.adapters.graph.get(bind(p).subject, memory_id)
    hidden = memory is not None and memory.status == MemoryStatus.QUARANTINED and not p.is_admin
    if memory is None or memory.status == MemoryStatus.FORGOTTEN or hidden:
        raise NotFound(f"memory {memory_id} not found")
    return _out(memory)


@router.delete("/memories/{memory_id}", status_code=204, tags=["agent"], summary="Forget one memory")
def forget_one(memory_id: str, p: Agent, bind: Binder, c: C) -> None:
    c.forgetter.forget(bind(p), memory_id)


@router.post(
    "/memories/forget",
    response_model=s.ForgetResponse,
    tags=["agent"],
    summary="Forget what matches a request such as 'forget my budget'",
)
def forget_matching(body: s.ForgetBody, p: Agent, bind: Binder, c: C) -> s.ForgetResponse:
    import parsers

    if body.confirm:
        if not body.memory_ids:
            raise InvalidInput("confirm needs memory_ids (the candidates' ids)", field="memory_ids")
        return s.ForgetResponse(forgotten=c.forgetter.confirm_ids(bind(p), body.memory_ids))
    if body.query is None:
        raise InvalidInput("send a query, or confirm: true with memory_ids", field="query")
    lang = parsers.detect_lang(body.query)
    request = parsers.forget_request(body.query, lang) or parsers.forget_target(body.query, lang)
    outcome = c.forgetter.forget_matching(bind(p), request)
    return s.ForgetResponse(
        forgotten=outcome.forgotten,
        question=outcome.question,
        candidates=[s.ForgetCandidate(**x) for x in outcome.candidates],
    )


@router.post(
    "/subjects/erase",
    response_model=s.EraseResponse,
    tags=["admin"],
    summary="Erase everything about the subject in Neo4j, Weaviate and S3",
)
def erase(p: Annotated[Principal, Depends(requires("admin"))], bind: Binder, c: C) -> s.EraseResponse:
    receipt = c.forgetter.erase(bind(p)).as_dict()
    return s.EraseResponse(**{k: v for k, v in receipt.items() if k != "subject_digest"})


@router.post(
    "/cypher",
    response_model=s.CypherResponse,
    tags=["analyst"],
    summary="Read-only Cypher confined to the key's tenant (docs/schema.md); raw turn text needs analyst:raw",
)
def cypher(body: s.CypherBody, p: Annotated[Principal, Depends(requires("analyst"))], c: C) -> s.CypherResponse:
    if c.analyst is None:
        raise StoreUnavailable("neo4j", "analyst access is not configured (MAL_NEO4J__ANALYST_PASSWORD)")
    raw = "analyst:raw" in p.scopes or "admin" in p.scopes
    result = c.analyst.query(p.tenant, raw, body.query, body.params, body.limit, key=p.key_id)
    return s.CypherResponse(rows=result.rows, truncated=result.truncated, row_limit=result.row_limit)
