"""PII at ingestion: every turn, query and forget request passes here before the write path parses,
embeds, stores or logs it (see parsers/pii.py for what is detected and how look-alikes are refused).

The policy is the API key's (`ApiKeyConfig.pii_policy`, carried on `Principal`): `redact` (typed
placeholders such as `[PHONE]`), `hash` (`[PHONE#1a2b3c4d5e]`, an HMAC keyed per tenant from the
pepper: equal values still match, in search too, but a token means nothing without the pepper and
never links two tenants) or `keep`. Queries get the same treatment as turns, so a `hash` tenant
searching for a phone number finds the memory that stored its token.
"""

from __future__ import annotations

import hashlib
import hmac

from mal.models import Turn
from parsers import pii
from parsers.pii import Policy

__all__ = ["Policy", "Redactor"]


class Redactor:
    def __init__(self, pepper: str) -> None:
        self._pepper = pepper.encode()

    def key(self, tenant: str) -> bytes:
        """The tenant's hashing key: HMAC(pepper, "pii:" + tenant)."""
        return hmac.new(self._pepper, f"pii:{tenant}".encode(), hashlib.sha256).digest()

    def text(self, tenant: str, text: str, policy: Policy) -> str:
        return pii.apply(text, policy, self.key(tenant)) if policy != "keep" else text

    def turns(self, tenant: str, turns: list[Turn], policy: Policy) -> list[Turn]:
        """The turns with identifiers rewritten (content and speaker; roles and times untouched)."""
        if policy == "keep":
            return turns
        key = self.key(tenant)
        return [
            t.model_copy(
                update={
                    "content": pii.apply(t.content, policy, key),
                    "speaker": pii.apply(t.speaker, policy, key) if t.speaker else t.speaker,
                }
            )
            for t in turns
        ]
