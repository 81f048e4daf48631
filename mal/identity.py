"""Who is asking: API keys bind a tenant and scopes; the subject key hides the raw user id.

The raw user id exists only inside `subject_key()`; nothing downstream ever sees it.
"""

from __future__ import annotations

import hashlib
import hmac
import unicodedata
from dataclasses import dataclass

from mal.errors import Forbidden, InvalidInput, Unauthorized
from mal.settings import ApiKeyConfig

__all__ = ["Principal", "KeyRing", "subject_key"]

MAX_USER_ID_CHARS = 256


def subject_key(pepper: str, tenant: str, user_id: str) -> str:
    """HMAC-SHA256(pepper, tenant + ":" + NFC(user_id)): stable per tenant, useless without the pepper.

    NFC first: "José" typed on macOS (NFD, decomposed) and on Windows (NFC) is one person, and the
    HMAC sees bytes, so without normalisation one user would have two subjects."""
    cleaned = unicodedata.normalize("NFC", user_id).strip()
    if not cleaned:
        raise InvalidInput("X-User-Id header is required and must not be blank", field="X-User-Id")
    if len(cleaned) > MAX_USER_ID_CHARS:
        raise InvalidInput(
            f"X-User-Id is longer than {MAX_USER_ID_CHARS} characters", field="X-User-Id"
        )
    message = f"{tenant}:{cleaned}".encode()
    return hmac.new(pepper.encode(), message, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Principal:
    tenant: str
    scopes: frozenset[str]
    key_id: str  # a short digest of the API key, safe to log
    rate_limit_per_minute: int | None = None  # None: the service default

    def require(self, scope: str) -> None:
        if scope not in self.scopes and "admin" not in self.scopes:
            raise Forbidden(f"this API key lacks the '{scope}' scope")


class KeyRing:
    """Constant-time lookup of bearer keys configured in MAL_API_KEYS."""

    def __init__(self, keys: list[ApiKeyConfig]) -> None:
        self._by_digest = {
            hashlib.sha256(k.key.get_secret_value().encode()).hexdigest(): k for k in keys
        }

    def authenticate(self, authorization: str | None) -> Principal:
        if not authorization or not authorization.startswith("Bearer "):
            raise Unauthorized("missing 'Authorization: Bearer <key>' header")
        presented = authorization.removeprefix("Bearer ").strip()
        digest = hashlib.sha256(presented.encode()).hexdigest()
        for known, config in self._by_digest.items():
            if hmac.compare_digest(known, digest):
                return Principal(config.tenant, frozenset(config.scopes), digest[:12], config.rate_limit_per_minute)
        raise Unauthorized("unknown API key")
