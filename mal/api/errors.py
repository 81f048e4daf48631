"""Our typed errors -> HTTP, in one place.

Every error answer has the same JSON shape, `{error, message, field?, store?}`, whoever produced it:
our services (MalError), request validation (pydantic), Starlette's own 404/405, the ASGI guard in
front of the app (401/413/429), and a bug (500, without the exception text, which may quote input).
"""

from __future__ import annotations

import logging
from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from mal.errors import InvalidInput, MalError, StoreUnavailable, TooManyRequests
from mal.metrics import STORE_ERRORS

__all__ = ["error_response", "install_error_handlers"]

log = logging.getLogger("mal.api")
# Names for the statuses Starlette raises itself (unknown path, wrong method, ...).
_HTTP_NAMES = {
    400: "InvalidInput",
    401: "Unauthorized",
    403: "Forbidden",
    404: "NotFound",
    405: "MethodNotAllowed",
    413: "PayloadTooLarge",
    422: "InvalidInput",
    429: "TooManyRequests",
}


def error_response(exc: MalError) -> JSONResponse:
    """The one rendering of a MalError; the ASGI guard uses it too, outside FastAPI's handlers."""
    status = exc.status_code
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


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(MalError)
    async def _mal_error(_: Request, exc: MalError) -> JSONResponse:
        return error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            {
                "field": "body"
                if err.get("type") == "json_invalid"  # loc holds a byte position, not a field
                else ".".join(str(p) for p in _where(err["loc"])) or "body",
                "message": _plain(err["msg"]),
            }
            for err in exc.errors()
        ]
        summary = "; ".join(f"{p['field']}: {p['message']}" for p in problems)
        return JSONResponse(
            {
                "error": "InvalidInput",
                "message": summary,
                "field": problems[0]["field"] if problems else None,
                "problems": problems,
            },
            status_code=422,
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        name = _HTTP_NAMES.get(exc.status_code) or HTTPStatus(exc.status_code).phrase.replace(" ", "")
        return JSONResponse(
            {"error": name, "message": str(exc.detail)},
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> JSONResponse:
        # The exception text may quote user input: log its type and where, answer without it.
        log.error("unhandled %s on %s %s", type(exc).__name__, request.method, request.url.path, exc_info=exc)
        return JSONResponse({"error": "InternalError", "message": "internal error"}, status_code=500)


def _where(loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """("query", "offset") -> ("offset",): callers name the parameter, not where FastAPI found it."""
    return loc[1:] if loc and loc[0] in {"body", "query", "path", "header", "cookie"} else loc


def _plain(message: str) -> str:
    """pydantic prefixes messages from our validators with 'Value error, '; callers need the rest."""
    return message.removeprefix("Value error, ")
