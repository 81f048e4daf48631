"""Neo4j: the identity role (`mal.ports.IdentityStore`): devices, login bindings, Level 3
proposals and consent. Mixed into `Neo4jGraphStore`; the Cypher is in `neo4j_cypher_identity`."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from adapters.neo4j_base import Neo4jBase, native
from adapters.neo4j_cypher import (
    BIND_DEVICE,
    DECIDE_PROPOSAL,
    DEVICES_BOUND_TO,
    DROP_DEVICE,
    GET_CONSENT,
    GET_DEVICE,
    MARK_MERGED,
    PROPOSALS,
    PROPOSALS_OF,
    RECORD_PROPOSAL,
    REGISTER_DEVICE,
    SET_CONSENT,
    UNBIND_DEVICE,
    UNBOUND_DEVICES,
)
from mal.models import SubjectKey
from mal.ports import IdentityStore
from mal.records import DeviceState, IdentityProposal

__all__ = ["MAX_UNBOUND_DEVICES", "Neo4jIdentity"]

MAX_UNBOUND_DEVICES = 5000  # per job run: pairs are compared in memory (O(n^2))
CONSENT_SCOPES = ("memory", "recent_turns")


def _device(device: str, record: Any) -> DeviceState:
    bound_at = record["bound_at"]
    return DeviceState(
        device,
        record["tenant"] or "",
        record["bound_to"],
        bool(record["merged"]) if record["merged"] is not None else True,
        native(bound_at) if bound_at is not None else None,
    )


def _proposal(node: Any) -> IdentityProposal:
    data = dict(node)
    decided = data.get("decided_at")
    return IdentityProposal(
        id=data["id"],
        tenant=data["tenant"],
        a=data["a"],
        b=data["b"],
        score=float(data["score"]),
        status=data["status"],
        at=native(data["at"]),
        decided_at=native(decided) if decided is not None else None,
    )


class Neo4jIdentity(Neo4jBase, IdentityStore):
    def device(self, device: SubjectKey) -> DeviceState | None:
        records = self._read(GET_DEVICE, subject=device)
        return _device(device, records[0]) if records else None

    def register_device(self, device: SubjectKey, tenant: str, now: datetime) -> DeviceState:
        return _device(device, self._write(REGISTER_DEVICE, subject=device, tenant=tenant, now=now)[0])

    def bind_device(self, device: SubjectKey, tenant: str, user: SubjectKey, now: datetime) -> tuple[str | None, bool]:
        record = self._write(BIND_DEVICE, subject=device, tenant=tenant, user=user, now=now)[0]
        return record["prior"], bool(record["merged"])

    def mark_merged(self, device: SubjectKey) -> None:
        self._write(MARK_MERGED, subject=device)

    def unbind_device(self, device: SubjectKey, now: datetime) -> str | None:
        records = self._write(UNBIND_DEVICE, subject=device, now=now)
        return records[0]["prior"] if records else None

    def devices_bound_to(self, user: SubjectKey) -> list[str]:
        return [r["device"] for r in self._read(DEVICES_BOUND_TO, subject=user)]

    def drop_device(self, device: SubjectKey) -> None:
        self._write(DROP_DEVICE, subject=device)

    def unbound_devices(self, tenant: str | None) -> list[DeviceState]:
        records = self._read(UNBOUND_DEVICES, tenant=tenant, limit=MAX_UNBOUND_DEVICES)
        return [_device(r["device"], r) for r in records]

    def record_proposal(self, proposal: IdentityProposal) -> bool:
        records = self._write(
            RECORD_PROPOSAL,
            id=proposal.id,
            tenant=proposal.tenant,
            a=proposal.a,
            b=proposal.b,
            score=proposal.score,
            status=proposal.status,
            now=proposal.at,
        )
        return bool(records)

    def proposals(self, tenant: str, status: str | None) -> list[IdentityProposal]:
        return [_proposal(r["p"]) for r in self._read(PROPOSALS, tenant=tenant, status=status)]

    def proposals_of(self, device: SubjectKey) -> list[IdentityProposal]:
        return [_proposal(r["p"]) for r in self._read(PROPOSALS_OF, subject=device)]

    def decide_proposal(self, tenant: str, proposal_id: str, status: str, now: datetime) -> IdentityProposal | None:
        records = self._write(DECIDE_PROPOSAL, tenant=tenant, id=proposal_id, status=status, now=now)
        return _proposal(records[0]["p"]) if records else None

    def consent(self, subject: SubjectKey) -> dict[str, bool]:
        records = self._read(GET_CONSENT, subject=subject)
        if not records:
            return {}
        return {scope: bool(records[0][scope]) for scope in CONSENT_SCOPES if records[0][scope] is not None}

    def set_consent(self, subject: SubjectKey, tenant: str, scope: str, granted: bool, now: datetime) -> None:
        if scope not in CONSENT_SCOPES:
            raise ValueError(f"unknown consent scope {scope!r}")
        props = {f"consent_{scope}": granted, f"consent_{scope}_at": now}
        self._write(SET_CONSENT, subject=subject, tenant=tenant, now=now, props=props)
