"""The audit chain on Neo4j: one transaction per append that locks the tenant's head node, resolves
each subject's random chain reference, seals the events in order and moves the head."""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime

import neo4j

from adapters.neo4j_base import Neo4jBase
from adapters.neo4j_cypher_audit import (
    CHAIN_APPEND,
    CHAIN_EVENTS,
    CHAIN_HEAD,
    CHAIN_HEADS,
    CHAIN_LOCK_HEAD,
    CHAIN_SET_HEAD,
    SUBJECT_AUDIT_REF,
    SUBJECT_AUDIT_REFS,
)
from mal.models import SubjectKey
from mal.records import GENESIS, ChainEntry, ChainEvent, ChainHead

__all__ = ["Neo4jAuditChain"]


class Neo4jAuditChain(Neo4jBase):
    def append_chain(self, tenant: str, entries: Sequence[ChainEntry]) -> int:
        subjects = sorted({e.subject for e in entries if e.subject})
        fresh = {s: secrets.token_hex(12) for s in subjects}

        def work(tx: neo4j.ManagedTransaction) -> int:
            head = tx.run(CHAIN_LOCK_HEAD, tenant=tenant, genesis=GENESIS, now=datetime.now(UTC)).single()
            assert head is not None  # MERGE always returns the head
            refs: dict[str, str | None] = {}
            if subjects:
                rows = [{"subject": s, "fresh": fresh[s]} for s in subjects]
                refs = {r["subject"]: r["ref"] for r in tx.run(SUBJECT_AUDIT_REFS, tenant=tenant, rows=rows)}
            seq, prev = int(head["seq"]), str(head["hash"])
            links = []
            for entry in entries:
                seq += 1
                link = ChainEvent.link(entry, seq, prev, refs.get(entry.subject) if entry.subject else None)
                links.append(link)
                prev = link.hash
            tx.run(CHAIN_APPEND, tenant=tenant, rows=[_row(x) for x in links]).consume()
            tx.run(CHAIN_SET_HEAD, tenant=tenant, seq=seq, hash=prev, now=datetime.now(UTC)).consume()
            return seq

        if not entries:
            head = self.chain_head(tenant)
            return head.seq if head else 0
        with self._translate(), self._driver.session(database=self._database) as session:
            return session.execute_write(work)

    def chain_events(self, tenant: str, after_seq: int, limit: int) -> list[ChainEvent]:
        return [_event(dict(r["l"])) for r in self._read(CHAIN_EVENTS, tenant=tenant, after=after_seq, limit=limit)]

    def chain_head(self, tenant: str) -> ChainHead | None:
        records = self._read(CHAIN_HEAD, tenant=tenant)
        return ChainHead(tenant, int(records[0]["seq"]), str(records[0]["hash"])) if records else None

    def chain_heads(self) -> list[ChainHead]:
        return [ChainHead(r["tenant"], int(r["seq"]), str(r["hash"])) for r in self._read(CHAIN_HEADS)]

    def audit_ref(self, subject: SubjectKey) -> str | None:
        records = self._read(SUBJECT_AUDIT_REF, subject=subject)
        return records[0]["ref"] if records else None


def _row(link: ChainEvent) -> dict[str, object]:
    data = link.to_json()
    data["counts"] = json.dumps(link.counts, sort_keys=True)  # a map is not a property value
    return data


def _event(node: dict[str, object]) -> ChainEvent:
    return ChainEvent(
        tenant=str(node["tenant"]),
        seq=int(str(node["seq"])),
        at=str(node["at"]),
        kind=str(node["kind"]),
        key_id=str(node["key_id"]),
        subject_ref=str(node["subject_ref"]) if node.get("subject_ref") is not None else None,
        memory_ids=tuple(str(x) for x in node.get("memory_ids") or ()),  # type: ignore[attr-defined]
        counts=json.loads(str(node.get("counts") or "{}")),
        prev=str(node["prev"]),
        hash=str(node["hash"]),
    )
