"""One error hierarchy; `mal.api.errors` maps it to HTTP in one place. Services never raise HTTP."""

from __future__ import annotations

__all__ = [
    "Conflict",
    "Forbidden",
    "IntegrityError",
    "InvalidInput",
    "MalError",
    "NotFound",
    "PayloadTooLarge",
    "QueryTimeout",
    "QueryTooLarge",
    "StoreUnavailable",
    "TooManyRequests",
    "Unauthorized",
]


class MalError(Exception):
    """Base of every error this service raises on purpose."""


class InvalidInput(MalError):
    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class PayloadTooLarge(InvalidInput):
    pass


class NotFound(MalError):
    pass


class Conflict(MalError):
    pass


class Unauthorized(MalError):
    pass


class Forbidden(MalError):
    pass


class StoreUnavailable(MalError):
    """A backing store could not be reached; `store` names it (neo4j, weaviate, s3, embeddings)."""

    def __init__(self, store: str, detail: str = "") -> None:
        super().__init__(f"{store} is unavailable" + (f": {detail}" if detail else ""))
        self.store = store
        self.detail = detail


class IntegrityError(MalError):
    """Stored bytes do not match their recorded SHA-256 (tampered or corrupted archive)."""


class QueryTimeout(InvalidInput):
    """An analyst query ran past its time budget (answered 408, never retried)."""


class QueryTooLarge(InvalidInput):
    """An analyst query went over the transaction memory cap (answered 422: narrow it, do not retry)."""


class TooManyRequests(MalError):
    """A key went over its rate limit; `retry_after_s` goes into the Retry-After header."""

    def __init__(self, message: str, retry_after_s: int) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s
