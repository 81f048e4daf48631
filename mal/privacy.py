"""PII at ingestion: every turn, query and forget request passes here before the write path parses,
embeds, stores or logs it (see parsers/pii.py for what is detected and how look-alikes are refused).

The policy is the API key's (`ApiKeyConfig.pii_policy`, carried on `Principal`): `redact` (typed
placeholders such as `[PHONE]`), `hash` (`[PHONE#1a2b3c4d5e]`, an HMAC keyed per tenant from the
pepper: equal values still match, in search too, but a token means nothing without the pepper and
never links two tenants) or `keep`. Queries get the same treatment as turns, so a `hash` tenant
searching for a phone number finds the memory that stored its token. The tenant's
`pii_default_region` (`ApiKeyConfig`) says how to read a phone written without its country code
("020 7946 0321" is the same number as "+44 20 7946 0321" for a GB tenant), so both give one token.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import overload

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

    def text(self, tenant: str, text: str, policy: Policy, region: str | None = None) -> str:
        return pii.apply(text, policy, self.key(tenant), region) if policy != "keep" else text

    @overload
    def identifier(self, tenant: str, value: str, policy: Policy, region: str | None = None) -> str: ...
    @overload
    def identifier(self, tenant: str, value: None, policy: Policy, region: str | None = None) -> None: ...

    def identifier(self, tenant: str, value: str | None, policy: Policy, region: str | None = None) -> str | None:
        """Ids the caller names and we store (session id, agent id, turn ref): identifiers in them
        become the keyed `hash` token even under `redact`, because a shared placeholder would make
        "call-13812345678" and "call-13998765432" one session (the second capture a replay of the
        first). The same raw id always gives the same token, so replays stay idempotent."""
        if value is None or policy == "keep":
            return value
        return pii.apply(value, "hash", self.key(tenant), region)

    def turns(self, tenant: str, turns: list[Turn], policy: Policy, region: str | None = None) -> list[Turn]:
        """The turns with identifiers rewritten (content and speaker; roles and times untouched)."""
        if policy == "keep":
            return turns
        key = self.key(tenant)
        return [
            t.model_copy(
                update={
                    "content": pii.apply(t.content, policy, key, region),
                    "speaker": pii.apply(t.speaker, policy, key, region) if t.speaker else t.speaker,
                }
            )
            for t in turns
        ]
