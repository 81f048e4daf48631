"""One error hierarchy; `mal.api.errors` maps it to HTTP in one place. Services never raise HTTP."""

from __future__ import annotations

__all__ = [
    "Conflict",
    "Forbidden",
    "IntegrityError",
    "InvalidInput",
    "MalError",
    "ModelMismatch",
    "NotFound",
    "PayloadTooLarge",
    "QueryTimeout",
    "QueryTooLarge",
    "StoreUnavailable",
    "TooManyRequests",
    "Unauthorized",
    "by_status",
    "error_classes",
]


class MalError(Exception):
    """Base of every error this service raises on purpose.

    `status_code` is the HTTP status this error is answered with: the one handler in
    `mal.api.errors` reads it and the client maps statuses back through `by_status`, so the
    error -> status vocabulary lives here and nowhere else.
    """

    status_code = 500


class InvalidInput(MalError):
    status_code = 400

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class PayloadTooLarge(InvalidInput):
    status_code = 413


class NotFound(MalError):
    status_code = 404


class Conflict(MalError):
    status_code = 409


class Unauthorized(MalError):
    status_code = 401


class Forbidden(MalError):
    status_code = 403


class StoreUnavailable(MalError):
    """A backing store could not be reached; `store` names it (neo4j, weaviate, s3, embeddings)."""

    status_code = 503

    def __init__(self, store: str, detail: str = "") -> None:
        super().__init__(f"{store} is unavailable" + (f": {detail}" if detail else ""))
        self.store = store
        self.detail = detail


class ModelMismatch(StoreUnavailable):
    """The stored vectors were made by another embedding model than the configured one, or a
    reindex is unfinished. Raised at start-up: such an index must be neither searched nor written."""

    def __init__(self, stored: str, configured: str, reindexing_to: str | None = None) -> None:
        if reindexing_to:
            detail = (
                f"a reindex from {stored!r} to {reindexing_to!r} is unfinished; "
                "run `mal reindex` again with the target model configured"
            )
        else:
            detail = (
                f"the stored vectors were made by {stored!r} but the configured model is {configured!r}; "
                f"run `mal reindex` to re-embed them, or configure {stored!r} again"
            )
        super().__init__("embeddings", detail)
        self.stored = stored
        self.configured = configured


class IntegrityError(MalError):
    """Stored bytes do not match their recorded SHA-256 (tampered or corrupted archive)."""

    status_code = 422


class QueryTimeout(InvalidInput):
    """An analyst query ran past its time budget (answered 408, never retried)."""

    status_code = 408


class QueryTooLarge(InvalidInput):
    """An analyst query went over the transaction memory cap (answered 422: narrow it, do not retry)."""

    status_code = 422


class TooManyRequests(MalError):
    """A key went over its rate limit; `retry_after_s` goes into the Retry-After header."""

    status_code = 429

    def __init__(self, message: str, retry_after_s: int) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


def error_classes() -> list[type[MalError]]:
    """Every class of the tree, most specific first (a subclass before its base)."""
    seen: list[type[MalError]] = []

    def walk(cls: type[MalError]) -> None:
        for sub in cls.__subclasses__():
            walk(sub)
        seen.append(cls)

    walk(MalError)
    return seen


def by_status(status: int, error: str | None = None) -> type[MalError]:
    """The class an HTTP answer stands for: by its `error` name when it is one of ours, else by
    status. A 422 without one of our names is request validation, answered as InvalidInput."""
    classes = error_classes()
    named = next((cls for cls in classes if cls.__name__ == error), None)
    if named is not None:
        return named
    if status == 422:
        return InvalidInput
    general = [cls for cls in classes if cls.status_code == status]
    return general[-1] if general else MalError
