"""In-memory fake of the audit chain role, held to the Neo4j adapter by tests/contract: the same
sealing (`ChainEvent.link`), one lock standing in for the head node's write lock, and the subject's
random reference kept on its user record so erase drops it."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from mal.models import SubjectKey
from mal.ports import AuditChainStore
from mal.records import GENESIS, ChainEntry, ChainEvent, ChainHead

__all__ = ["InMemoryAuditChain"]


class InMemoryAuditChain(AuditChainStore):
    _users: dict[SubjectKey, dict[str, Any]]
    _lock: threading.RLock
    _check: Callable[[], None]

    def _chains(self) -> dict[str, list[ChainEvent]]:
        if not hasattr(self, "_chain"):
            self._chain: dict[str, list[ChainEvent]] = {}
        return self._chain

    def append_chain(self, tenant: str, entries: Sequence[ChainEntry]) -> int:
        self._check()
        with self._lock:
            chain = self._chains().setdefault(tenant, [])
            seq, prev = (chain[-1].seq, chain[-1].hash) if chain else (0, GENESIS)
            for entry in entries:
                ref = None
                if entry.subject and entry.subject in self._users:
                    ref = self._users[entry.subject].setdefault("audit_ref", secrets.token_hex(12))
                seq += 1
                link = ChainEvent.link(entry, seq, prev, ref)
                chain.append(link)
                prev = link.hash
            return seq

    def chain_events(self, tenant: str, after_seq: int, limit: int) -> list[ChainEvent]:
        self._check()
        return [e for e in self._chains().get(tenant, []) if e.seq > after_seq][:limit]

    def chain_head(self, tenant: str) -> ChainHead | None:
        self._check()
        return self._head_of(tenant)

    def chain_heads(self) -> list[ChainHead]:
        self._check()
        return [h for t in sorted(self._chains()) if (h := self._head_of(t)) is not None]

    def audit_ref(self, subject: SubjectKey) -> str | None:
        self._check()
        user = self._users.get(subject)
        return user.get("audit_ref") if user else None

    def _head_of(self, tenant: str) -> ChainHead | None:
        heads = getattr(self, "_heads", {})
        if tenant in heads:  # a tampered head (tests) wins over the chain's tail
            return heads[tenant]  # type: ignore[no-any-return]
        chain = self._chains().get(tenant)
        return ChainHead(tenant, chain[-1].seq, chain[-1].hash) if chain else None

    # -- tampering, for tests of verification ------------------------------------------------------
    def tamper_chain(self, tenant: str, seq: int, delete: bool = False, **changes: Any) -> None:
        """Edit (or delete) one stored event without resealing it, keeping the head where it was."""
        with self._lock:
            chain = self._chains()[tenant]
            self.__dict__.setdefault("_heads", {})[tenant] = ChainHead(tenant, chain[-1].seq, chain[-1].hash)
            index = next(i for i, e in enumerate(chain) if e.seq == seq)
            if delete:
                del chain[index]
            else:
                chain[index] = replace(chain[index], **changes)
