"""The FastAPI application. The lifespan builds the container through the composition root."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import Depends, FastAPI, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.routing import Route

from mal.api.access_log import install as install_access_log_redaction
from mal.api.deps import requires
from mal.api.errors import install_error_handlers
from mal.api.guard import RequestGuard
from mal.api.mcp_http import McpEndpoint
from mal.api.routes import router
from mal.api.routes_audit import router as audit_router
from mal.api.routes_identity import router as identity_router
from mal.api.routes_inspect import router as inspect_router
from mal.api.routes_lifecycle import router as lifecycle_router
from mal.api.schemas import ERROR_RESPONSES
from mal.api.ui import router as ui_router
from mal.bootstrap import Container, build, warm_up
from mal.errors import ModelMismatch, StoreUnavailable
from mal.mcp_server import build_server
from mal.metrics import REQUEST_SECONDS, REQUESTS
from mal.schedule import DailySchedule, IntervalSchedule
from mal.settings import Settings

__all__ = ["create_app", "daily_jobs"]

log = logging.getLogger("mal.api")


def daily_jobs(container: Container) -> dict[str, Any]:
    """What the daily schedule runs: decay and retention (decay/), then the Level 3 identity
    proposals (mal/clusters.py), which only record proposals."""
    day = container.clock.now().date().isoformat()
    proposals = container.jobs.run_once("identity_proposals", container.proposals.run, period=day)
    return {"lifecycle": container.scheduled_decay(), "identity_proposals": proposals}


def _start_schedules(cfg: Settings, container: Container) -> list[DailySchedule | IntervalSchedule]:
    """The in-process jobs: the daily run, the hourly audit anchor, and crash repair at start-up (in
    the background: a store may still be coming up) and after."""
    started = [
        DailySchedule.start(cfg.lifecycle.decay_cron, lambda: daily_jobs(container)),
        IntervalSchedule.start(
            cfg.lifecycle.audit_anchor_minutes * 60.0, container.scheduled_anchor, "audit-anchor", at_start=False
        ),
        IntervalSchedule.start(cfg.lifecycle.repair_interval_s, container.lifecycle.repair, "repair"),
    ]
    return [s for s in started if s is not None]


def create_app(
    settings: Settings | None = None,
    container_factory: Callable[[Settings], Container] | None = None,
    warm: bool = True,
) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        cfg = settings or Settings()
        cfg.require_service_secrets()
        app.state.settings = cfg
        container = (container_factory or build)(cfg)
        try:
            container.ensure_schema()
        except Exception as exc:  # a store may come up later; /readyz says so
            log.warning("schema setup deferred: %s", exc)
        if warm:
            warm_up(container)
        try:
            container.check_embedding_model()  # ModelMismatch: refuse to start (the message says why)
        except ModelMismatch:
            container.close()
            raise
        except StoreUnavailable as exc:  # Weaviate not up yet: /readyz checks again
            container.model_check_deferred = True
            log.warning("embedding model check deferred: %s", exc)
        app.state.container = container
        schedules = _start_schedules(cfg, container)
        async with mcp.running():  # the MCP transport's task group
            yield
        for running in schedules:
            running.stop()
        container.close()

    app = FastAPI(
        title="Memory Abstraction Layer",
        version="1.0.0",
        description="Cross-session memory for AI agents: Neo4j graph + Weaviate vectors + S3 archive.",
        lifespan=lifespan,
    )
    install_error_handlers(app)
    mcp = McpEndpoint(build_server())  # streamable HTTP at /mcp, behind the same RequestGuard
    app.router.routes.append(Route("/mcp", endpoint=mcp, include_in_schema=False))
    app.include_router(router)
    app.include_router(lifecycle_router)
    app.include_router(inspect_router)
    app.include_router(ui_router)
    app.include_router(audit_router)
    app.include_router(identity_router)
    # Authentication, rate limit and body cap before any route parses the body (see guard.py).
    app.add_middleware(
        RequestGuard,
        max_body_bytes=lambda: app.state.settings.max_body_bytes,
        default_rate=lambda: app.state.settings.rate_limit_per_minute,
    )

    @app.middleware("http")
    async def _metrics(request: Request, call_next: Any) -> Response:
        started = time.perf_counter()
        response: Response = await call_next(request)
        route = getattr(request.scope.get("route"), "path", "unmatched")
        REQUESTS.labels(route=route, method=request.method, status=str(response.status_code)).inc()
        REQUEST_SECONDS.labels(route=route, method=request.method).observe(time.perf_counter() - started)
        return response

    @app.get("/healthz", tags=["ops"])
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get(
        "/readyz",
        tags=["ops"],
        responses={503: {"description": "a store is not ready (the body says which, and why)"}},
    )
    def readyz(request: Request) -> JSONResponse:
        stores = request.app.state.container.readiness()
        ready = all(s["ready"] for s in stores.values())
        return JSONResponse({"ready": ready, "stores": stores}, status_code=200 if ready else 503)

    @app.get(
        "/metrics",
        tags=["ops"],
        dependencies=[Depends(requires("metrics"))],
        summary="Prometheus metrics; needs a key with the `metrics` (or `admin`) scope",
        response_class=Response,
        responses={
            200: {
                "description": "the Prometheus text format",
                "content": {"text/plain": {"schema": {"type": "string"}}},
            },
            **{code: ERROR_RESPONSES[code] for code in (401, 403, 422, 429)},
        },
    )
    def metrics() -> Response:
        return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)

    # uvicorn's access log sees paths as sent: only route literals and well-formed ids stay.
    routers = (router, lifecycle_router, inspect_router, ui_router, audit_router, identity_router)
    install_access_log_redaction(getattr(r, "path", "") for owner in (app, *routers) for r in owner.routes)
    return app
