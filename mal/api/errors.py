"""Our typed errors -> HTTP, in one place."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from mal.errors import (
    Conflict, Forbidden, IntegrityError, InvalidInput, MalError, NotFound, PayloadTooLarge, QueryTimeout,
    QueryTooLarge, StoreUnavailable, TooManyRequests, Unauthorized,
)
from mal.metrics import STORE_ERRORS

__all__ = ["install_error_handlers"]

log = logging.getLogger("mal.api")
_STATUS: list[tuple[type[MalError], int]] = [
    (PayloadTooLarge, 413), (QueryTimeout, 408), (QueryTooLarge, 422), (InvalidInput, 400), (Unauthorized, 401), (Forbidden, 403), (NotFound, 404),
    (Conflict, 409), (IntegrityError, 422), (TooManyRequests, 429), (StoreUnavailable, 503),
]


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(MalError)
    async def _mal_error(_: Request, exc: MalError) -> JSONResponse:
        status = next((code for cls, code in _STATUS if isinstance(exc, cls)), 500)
        body: dict[str, object] = {"error": type(exc).__name__, "message": str(exc)}
        if isinstance(exc, InvalidInput) and exc.field:
            body["field"] = exc.field
        if isinstance(exc, StoreUnavailable):
            body["store"] = exc.store
            STORE_ERRORS.labels(store=exc.store).inc()
            log.warning("store unavailable: %s", exc)
        headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
        if isinstance(exc, TooManyRequests):
            headers = {"Retry-After": str(exc.retry_after_s)}
        return JSONResponse(body, status_code=status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            {"field": ".".join(str(p) for p in err["loc"] if p != "body"), "message": err["msg"]}
            for err in exc.errors()
        ]
        summary = "; ".join(f"{p['field']}: {p['message']}" for p in problems)
        return JSONResponse({"error": "InvalidInput", "message": summary, "problems": problems}, status_code=422)
