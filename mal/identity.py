"""Who is asking: API keys bind a tenant and scopes; the subject key hides the raw user id.

The raw user and device ids exist only inside `subject_key()` and `device_key()`; nothing
downstream ever sees them (mal/api/deps.py reads the headers and hands them straight here).
"""

from __future__ import annotations

import hashlib
import hmac
import unicodedata
from dataclasses import dataclass

from mal.errors import Forbidden, InvalidInput, Unauthorized
from mal.settings import ApiKeyConfig
from parsers.pii import Policy

__all__ = ["KeyRing", "Principal", "device_key", "subject_key"]

MAX_USER_ID_CHARS = 256
DEVICE_NAMESPACE = "device:"


def _cleaned(raw: str, header: str) -> str:
    """NFC first: "José" typed on macOS (NFD, decomposed) and on Windows (NFC) is one person, and the
    HMAC sees bytes, so without normalisation one user would have two subjects."""
    cleaned = unicodedata.normalize("NFC", raw).strip()
    if not cleaned:
        raise InvalidInput(f"{header} must not be blank", field=header)
    if len(cleaned) > MAX_USER_ID_CHARS:
        raise InvalidInput(f"{header} is longer than {MAX_USER_ID_CHARS} characters", field=header)
    return cleaned


def _hmac(pepper: str, message: str) -> str:
    return hmac.new(pepper.encode(), message.encode(), hashlib.sha256).hexdigest()


def subject_key(pepper: str, tenant: str, user_id: str) -> str:
    """HMAC-SHA256(pepper, tenant + ":" + NFC(user_id)): stable per tenant, useless without the pepper.

    A user id starting with "device:" is refused: its message would be a device's (`device_key`),
    so that user would read and write an anonymous device's memories."""
    cleaned = _cleaned(user_id, "X-User-Id")
    if cleaned.startswith(DEVICE_NAMESPACE):
        raise InvalidInput(f"X-User-Id must not start with '{DEVICE_NAMESPACE}'", field="X-User-Id")
    return _hmac(pepper, f"{tenant}:{cleaned}")


def device_key(pepper: str, tenant: str, device_id: str) -> str:
    """Level 1 (anonymous device): HMAC-SHA256(pepper, tenant + ":device:" + NFC(device_id))."""
    return _hmac(pepper, f"{tenant}:{DEVICE_NAMESPACE}{_cleaned(device_id, 'X-Device-Id')}")


@dataclass(frozen=True)
class Principal:
    tenant: str
    scopes: frozenset[str]
    key_id: str  # a short digest of the API key, safe to log
    rate_limit_per_minute: int | None = None  # None: the service default
    sources: tuple[str, ...] | None = None  # sources this key may write as (None: any)
    pii_policy: Policy = "redact"  # personal identifiers in turns and queries (mal/privacy.py)
    require_consent: bool = False  # the tenant stores nothing for a subject without recorded consent
    recent_turns_ttl_days: int = 30  # raw turns older than this are deleted by the lifecycle run
    pii_default_region: str | None = None  # how `hash` reads a phone without its country code

    @property
    def is_admin(self) -> bool:
        return "admin" in self.scopes

    def require(self, scope: str) -> None:
        if scope not in self.scopes and "admin" not in self.scopes:
            raise Forbidden(f"this API key lacks the '{scope}' scope")

    def source_for(self, declared: str | None) -> str:
        """The source is bound to the key: a declared source outside the key's list is refused,
        a missing one is the key's first source. Quarantine keys on this, so a client cannot
        step out of a quarantined source by declaring another one."""
        if self.sources is None:
            return declared or "api"
        if declared is None:
            return self.sources[0]
        if declared not in self.sources:
            raise Forbidden(f"this API key may not write as source '{declared}'")
        return declared


class KeyRing:
    """Constant-time lookup of bearer keys configured in MAL_API_KEYS."""

    def __init__(self, keys: list[ApiKeyConfig]) -> None:
        self._by_digest = {hashlib.sha256(k.key.get_secret_value().encode()).hexdigest(): k for k in keys}

    def authenticate(self, authorization: str | None) -> Principal:
        if not authorization or not authorization.startswith("Bearer "):
            raise Unauthorized("missing 'Authorization: Bearer <key>' header")
        presented = authorization.removeprefix("Bearer ").strip()
        digest = hashlib.sha256(presented.encode()).hexdigest()
        for known, config in self._by_digest.items():
            if hmac.compare_digest(known, digest):
                return Principal(
                    config.tenant,
                    frozenset(config.scopes),
                    digest[:12],
                    config.rate_limit_per_minute,
                    tuple(config.sources) if config.sources else None,
                    config.pii_policy,
                    config.require_consent,
                    config.recent_turns_ttl_days,
                    config.pii_default_region,
                )
        raise Unauthorized("unknown API key")
