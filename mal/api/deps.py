"""Authentication and scoping for every request: the tenant comes from the API key, the subject
from X-User-Id through the HMAC, and nowhere else."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Depends, Header, Request

from mal.api.guard import PRINCIPAL_STATE
from mal.bootstrap import Container
from mal.errors import InvalidInput
from mal.identity import Principal
from mal.scope import SubjectScope, scope_for

__all__ = ["container", "principal", "requires", "subject_scope", "user_id_header"]


def container(request: Request) -> Container:
    return request.app.state.container  # type: ignore[no-any-return]


def principal(
    request: Request,
    authorization: str | None = Header(default=None, description="Bearer <API key>"),
    c: Container = Depends(container),
) -> Principal:
    known = request.scope.get("state", {}).get(PRINCIPAL_STATE)  # authenticated by the guard
    return known if isinstance(known, Principal) else c.keyring.authenticate(authorization)


def requires(scope: str) -> Callable[[Principal], Principal]:
    def check(p: Principal = Depends(principal)) -> Principal:
        p.require(scope)
        return p

    return check


def user_id_header(request: Request) -> str | None:
    """X-User-Id as UTF-8. ASGI hands headers over as bytes and Starlette decodes them as latin-1,
    which would turn "张三" into mojibake (a different HMAC than every other client computes)."""
    raw: bytes | None = next((v for k, v in request.scope["headers"] if k == b"x-user-id"), None)
    if raw is None:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInput("X-User-Id must be UTF-8", field="X-User-Id") from exc


def subject_scope(
    request: Request,
    x_user_id: str | None = Header(default=None, description="the caller's authenticated user id (UTF-8)"),
    c: Container = Depends(container),
) -> Callable[[Principal], SubjectScope]:
    del x_user_id  # declared for the OpenAPI contract only; the raw bytes are decoded below
    user_id = user_id_header(request)

    def bind(p: Principal) -> SubjectScope:
        return scope_for(p, user_id, c.pepper)

    return bind
