"""Authentication and scoping for every request: the tenant comes from the API key, the subject
from X-User-Id through the HMAC, and nowhere else."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Depends, Header, Request

from mal.bootstrap import Container
from mal.identity import Principal
from mal.scope import SubjectScope, scope_for

__all__ = ["container", "principal", "requires", "subject_scope"]


def container(request: Request) -> Container:
    return request.app.state.container  # type: ignore[no-any-return]


def principal(
    authorization: str | None = Header(default=None, description="Bearer <API key>"),
    c: Container = Depends(container),
) -> Principal:
    return c.keyring.authenticate(authorization)


def requires(scope: str) -> Callable[[Principal], Principal]:
    def check(p: Principal = Depends(principal)) -> Principal:
        p.require(scope)
        return p

    return check


def subject_scope(
    x_user_id: str | None = Header(default=None, description="the caller's authenticated user id"),
    c: Container = Depends(container),
) -> Callable[[Principal], SubjectScope]:
    def bind(p: Principal) -> SubjectScope:
        return scope_for(p, x_user_id, c.pepper)

    return bind
