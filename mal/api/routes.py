"""REST routes (v1). Thin: validate, scope, call a service, shape the answer."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Depends, Query

from mal.api import schemas as s
from mal.api.deps import container, requires, subject_scope
from mal.bootstrap import Container
from mal.context import ContextGate
from mal.errors import InvalidInput, NotFound, StoreUnavailable
from mal.identity import Principal
from mal.metrics import WRITES, capture_timings
from mal.models import Memory, MemoryStatus
from mal.records import RecentTurn
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
    scope = bind(p)
    # Consent is read under the subject's lock, which an erase or a revocation also takes
    # (mal/subject_lock.py): a capture that loses the race to a revocation stores nothing.
    with c.subject_locks.hold(scope.subject):
        return _capture(body, p, scope, c)


def _capture(body: s.CaptureBody, p: Principal, scope: SubjectScope, c: Container) -> s.CaptureResponse:
    began = time.perf_counter()
    consent = c.consent.state(p, scope)
    consent_ms = (time.perf_counter() - began) * 1000
    if not consent.memory and not consent.recent_turns:  # 200: the agent did nothing wrong
        return s.CaptureResponse(
            memories=[], questions=[], forgotten=[], recent_turns_kept=0, dropped_turns=0, stored=False,
            reason=consent.reason,
        )  # fmt: skip
    ident = c.redactor.identifier  # ids the caller names are stored too: no identifier verbatim
    result = c.writer.capture(
        scope,
        CaptureRequest(
            session_id=ident(p.tenant, body.session_id, p.pii_policy, p.pii_default_region),
            turns=[
                {**t.model_dump(), "ref": ident(p.tenant, t.ref, p.pii_policy, p.pii_default_region)}
                for t in body.turns
            ],
            source=p.source_for(body.source),
            agent_id=ident(p.tenant, body.agent_id, p.pii_policy, p.pii_default_region),
            domain=body.domain,
            occurred_at=body.occurred_at,
            pii_policy=p.pii_policy,
            pii_region=p.pii_default_region,
            store_memories=consent.memory,
            store_turns=consent.recent_turns,
        ),
    )
    actions: dict[str, int] = {}
    for w in result.memories:
        WRITES.labels(action=w.action).inc()
        actions[w.action] = actions.get(w.action, 0) + 1
    actions |= {"forgotten": len(result.forgotten), "turns": len(body.turns)}
    began = time.perf_counter()
    c.audit.record(p.tenant, "write", p.key_id, scope.subject, [w.memory.id for w in result.memories], actions)
    timings = capture_timings(result.timings_ms, consent_ms, (time.perf_counter() - began) * 1000)
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
        reason=consent.reason,
        timings_ms=timings,
    )


@router.post(
    "/memories/search",
    response_model=s.SearchResponse,
    tags=["agent"],
    summary="Vector-first, then graph: what is known about this user",
)
def search(body: s.SearchBody, p: Agent, bind: Binder, c: C) -> s.SearchResponse:
    query = c.redactor.text(p.tenant, body.query, p.pii_policy, p.pii_default_region)  # as the stored text was
    scope = bind(p)
    if not c.consent.state(p, scope).memory:  # kept memories (keep_existing) are not used without consent
        return s.SearchResponse(results=[], timings_ms={})
    result = c.retriever.search(scope, query, k=body.k, kinds=body.kinds, preset=body.preset)
    hits = [h.memory.id for h in result.hits]
    c.audit.record(p.tenant, "search", p.key_id, scope.subject, hits, {"results": len(hits)})
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
                variants=h.memory.variants,
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
    query = c.redactor.text(p.tenant, body.query, p.pii_policy, p.pii_default_region) if body.query else body.query
    scope = bind(p)
    consent = c.consent.state(p, scope)
    now = c.clock.now().isoformat()
    current = tuple(
        RecentTurn(None, None, f"current:{i}", t.role, t.content or "", (t.at.isoformat() if t.at else now))
        for i, t in enumerate(body.turns or [])
        if t.role in ("user", "assistant")
    )
    gate = ContextGate(consent.memory, consent.recent_turns, consent.agreed, current)
    result = c.context.build(
        scope, query, body.max_memories, body.max_recent_turns, body.lang, instructions=body.instructions, gate=gate
    )
    c.audit.record(
        p.tenant, "context", p.key_id, scope.subject, result.memory_ids, {"memories": len(result.memory_ids)}
    )
    return s.ContextResponse(
        system_messages=result.system_messages,
        memory_ids=result.memory_ids,
        instructions=[
            s.InstructionOut(kind=i.kind, key=i.key, text=i.text, memory_ids=list(i.memory_ids))
            for i in result.instructions
        ],
    )


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
    scope = bind(p)
    items, total = c.adapters.graph.list_memories(scope.subject, statuses, kind, offset, limit)
    c.audit.record(p.tenant, "read", p.key_id, scope.subject, [m.id for m in items], {"memories": len(items)})
    return s.MemoryPage(items=[_out(m) for m in items], total=total, offset=offset, limit=limit)


@router.get("/memories/{memory_id}", response_model=s.MemoryOut, tags=["agent"])
def get_memory(memory_id: str, p: Agent, bind: Binder, c: C) -> s.MemoryOut:
    scope = bind(p)
    memory = c.adapters.graph.get(scope.subject, memory_id)
    # The stored id, never the path: the chain is append-only and outlives erase, so caller text
    # (an unknown "id" can be any string, a phone number included) must not reach it.
    seen = [memory.id] if memory is not None else []
    c.audit.record(p.tenant, "read", p.key_id, scope.subject, seen, {"memories": len(seen)})
    hidden = memory is not None and memory.status == MemoryStatus.QUARANTINED and not p.is_admin
    if memory is None or memory.status == MemoryStatus.FORGOTTEN or hidden:
        raise NotFound(f"memory {memory_id} not found")
    return _out(memory)


@router.delete("/memories/{memory_id}", status_code=204, tags=["agent"], summary="Forget one memory")
def forget_one(memory_id: str, p: Agent, bind: Binder, c: C) -> None:
    scope = bind(p)
    c.forgetter.forget(scope, memory_id)
    c.audit.record(p.tenant, "forget", p.key_id, scope.subject, [memory_id], {"forgotten": 1})


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
        scope = bind(p)
        confirmed = c.forgetter.confirm_ids(scope, body.memory_ids)
        c.audit.record(p.tenant, "forget", p.key_id, scope.subject, confirmed, {"forgotten": len(confirmed)})
        return s.ForgetResponse(forgotten=confirmed)
    if body.query is None:
        raise InvalidInput("send a query, or confirm: true with memory_ids", field="query")
    query = c.redactor.text(p.tenant, body.query, p.pii_policy, p.pii_default_region)
    lang = parsers.detect_lang(query)
    request = parsers.forget_request(query, lang) or parsers.forget_target(query, lang)
    scope = bind(p)
    outcome = c.forgetter.forget_matching(scope, request)
    c.audit.record(
        p.tenant, "forget", p.key_id, scope.subject, outcome.forgotten, {"forgotten": len(outcome.forgotten)}
    )
    return s.ForgetResponse(
        forgotten=outcome.forgotten,
        question=outcome.question,
        candidates=[s.ForgetCandidate(**x) for x in outcome.candidates],
    )


@router.post(
    "/subjects/erase",
    response_model=s.EraseResponse,
    tags=["admin"],
    summary="Erase everything about the subject (and the devices bound to it) in Neo4j, Weaviate and S3",
)
def erase(p: Annotated[Principal, Depends(requires("admin"))], bind: Binder, c: C) -> s.EraseResponse:
    scope = bind(p)
    c.audit.flush()  # the subject's pending events get its chain reference before erase drops it
    with c.subject_locks.hold(scope.subject):  # no capture of the subject lands after its erase
        receipt = c.identity.erase(scope).as_dict()
    # No subject reference: after erase nothing may tie the chain to the person (counts only).
    deleted = {f"deleted_{store}": int(n) for store, n in receipt["deleted"].items()}
    c.audit.record(p.tenant, "erase", p.key_id, None, (), {**deleted, "devices": int(receipt.get("devices", 0))})
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
    c.audit.record(p.tenant, "analyst_query", p.key_id, None, (), {"rows": len(result.rows), "raw": int(raw)})
    return s.CypherResponse(rows=result.rows, truncated=result.truncated, row_limit=result.row_limit)
