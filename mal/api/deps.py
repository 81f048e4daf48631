"""Authentication and scoping for every request: the tenant comes from the API key, the subject
from X-User-Id and/or X-Device-Id through the HMAC (mal/identities.py resolves device bindings),
and nowhere else. This is the one module that reads those two headers."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Depends, Header, Request

from mal.api.guard import PRINCIPAL_STATE
from mal.bootstrap import Container
from mal.errors import InvalidInput
from mal.identity import Principal
from mal.scope import SubjectScope

__all__ = [
    "container",
    "device_unbinder",
    "identity_headers",
    "principal",
    "requires",
    "subject_lookup",
    "subject_scope",
    "user_id_header",
]


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


def _utf8_header(request: Request, name: bytes, label: str) -> str | None:
    """A header as UTF-8. ASGI hands headers over as bytes and Starlette decodes them as latin-1,
    which would turn "张三" into mojibake (a different HMAC than every other client computes)."""
    raw: bytes | None = next((v for k, v in request.scope["headers"] if k == name), None)
    if raw is None:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInput(f"{label} must be UTF-8", field=label) from exc


def user_id_header(request: Request) -> str | None:
    return _utf8_header(request, b"x-user-id", "X-User-Id")


def identity_headers(
    request: Request,
    x_user_id: str | None = Header(default=None, description="the caller's authenticated user id (UTF-8)"),
    x_device_id: str | None = Header(
        default=None, description="a client-persisted device id (UTF-8): an anonymous subject until login binding"
    ),
) -> tuple[str | None, str | None]:
    """(user id, device id), raw. Declared as headers for the OpenAPI contract; decoded from bytes."""
    del x_user_id, x_device_id
    return user_id_header(request), _utf8_header(request, b"x-device-id", "X-Device-Id")


def subject_scope(
    ids: tuple[str | None, str | None] = Depends(identity_headers),
    c: Container = Depends(container),
) -> Callable[[Principal], SubjectScope]:
    """Resolved after the scope check (the route calls it with its principal): user only, device
    only (its binding, if any), or both (binding the device on first sight); neither is 400."""
    user_id, device_id = ids

    def bind(p: Principal) -> SubjectScope:
        return c.identity.resolve(p, user_id, device_id)

    return bind


def subject_lookup(
    ids: tuple[str | None, str | None] = Depends(identity_headers),
    c: Container = Depends(container),
) -> Callable[[Principal], SubjectScope]:
    """As `subject_scope`, for roles that must not change identity state (auditor): resolves an
    existing binding but never registers or binds a device."""
    user_id, device_id = ids

    def lookup(p: Principal) -> SubjectScope:
        return c.identity.lookup(p, user_id, device_id)

    return lookup


def device_unbinder(
    ids: tuple[str | None, str | None] = Depends(identity_headers),
    c: Container = Depends(container),
) -> Callable[[Principal], bool]:
    """POST /v1/identity/unbind: the raw ids go straight to the identity service, as for scopes."""
    user_id, device_id = ids

    def unbind(p: Principal) -> bool:
        return c.identity.unbind(p, user_id, device_id)

    return unbind
