"""The tenant's tamper-evident audit log: a hash chain of who did what, anchored in S3 Object Lock.

Every write, search/context read, forget, erase, export, restore, quarantine and analyst query
(and consent changes, through `record`) appends an event carrying ids, kinds, counts and the API
key's id, never personal text. Each event holds the SHA-256 of the previous one (`ChainEvent`).

Appending is off the request path: `record()` puts the event in a bounded in-process buffer (a
deque append, about a microsecond) and a background thread flushes the buffer at least every
`flush_s` seconds, one transaction per tenant that locks the tenant's head node first, so appends
from several threads or API replicas serialise instead of forking the chain. The buffer is flushed
on shutdown; when it is full the caller flushes it itself (back-pressure, never a silent drop).

`anchor()` writes each tenant's head (seq + hash) to the export bucket under Object Lock (hourly
and on demand); `verify()` recomputes the chain, names the first broken link and checks the
chain against every anchor: an anchored event that was edited, or a chain cut short below an
anchor, cannot be hidden even by someone who can write Neo4j.

Erase: the chain never holds the subject key, only a random per-subject reference kept on the
subject's User node; erase deletes that node, so an erased person's events stay in the chain
(verifiable) with a reference nobody can tie to anyone.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from enum import StrEnum
from typing import Any

from mal.errors import StoreUnavailable
from mal.ports import AuditChainStore, BlobStore, Clock
from mal.records import GENESIS, ChainEntry, ChainEvent

__all__ = ["AuditAction", "AuditRecorder", "ChainReport", "anchor_prefix"]

log = logging.getLogger("mal.audit")
MAX_IDS = 100  # memory ids kept per event (a capture of 200 turns still says how many in counts)
PAGE = 2000
_ANCHOR_NAME = re.compile(r"(\d{12})-([0-9a-f]{64})\.json")


class AuditAction(StrEnum):
    """What a chain event records (one vocabulary; the stored `kind`)."""

    WRITE = "write"
    SEARCH = "search"
    CONTEXT = "context"
    READ = "read"  # listing or fetching memories by id
    FORGET = "forget"
    ERASE = "erase"
    EXPORT = "export"
    RESTORE = "restore"
    QUARANTINE = "quarantine"
    RELEASE = "release"
    CONSENT = "consent"
    BINDING = "binding"
    ANALYST_QUERY = "analyst_query"
    AUDIT_VERIFY = "audit_verify"
    AUDIT_ANCHOR = "audit_anchor"


# Events that change nothing an anchor protects: an auditor checking or anchoring the chain.
_AUDITOR_OWN = {AuditAction.AUDIT_VERIFY.value, AuditAction.AUDIT_ANCHOR.value}


def anchor_prefix(tenant: str) -> str:
    return f"tenants/{tenant}/audit/anchors/"


@dataclass
class ChainReport:
    tenant: str
    ok: bool
    events: int
    head_seq: int
    head_hash: str
    first_broken: dict[str, Any] | None = None
    anchors: int = 0
    anchor_matches: bool | None = None  # None: nothing anchored yet
    latest_anchor: dict[str, Any] | None = None
    problems: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


class AuditRecorder:
    def __init__(
        self,
        store: AuditChainStore,
        blobs: BlobStore,
        clock: Clock,
        bucket: str,
        flush_s: float = 1.0,
        max_buffer: int = 10_000,
        retention_days: int = 365,
    ) -> None:
        self._store, self._blobs, self._clock, self._bucket = store, blobs, clock, bucket
        self._flush_s, self._max, self._retention = flush_s, max_buffer, timedelta(days=retention_days)
        self._buffer: deque[ChainEntry] = deque()
        self._flush_lock = threading.Lock()  # one flush at a time per process keeps the order
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._anchored: dict[str, tuple[int, str]] = {}  # tenant -> (seq, hash) of its newest anchor

    # -- recording ---------------------------------------------------------------------------
    def record(
        self,
        tenant: str,
        kind: str,
        key_id: str,
        subject: str | None = None,
        memory_ids: Sequence[str] = (),
        counts: dict[str, int] | None = None,
    ) -> None:
        """Queue one event; it is in the chain within `flush_s` seconds (or at `flush()`)."""
        entry = ChainEntry(
            tenant,
            self._clock.now(),
            AuditAction(kind).value,
            key_id,
            subject,
            tuple(memory_ids[:MAX_IDS]),
            dict(counts or {}),
        )
        self._buffer.append(entry)
        self._start()
        if len(self._buffer) >= self._max:
            self.flush()  # back-pressure: the store is slow or down; raises StoreUnavailable then

    def flush(self) -> int:
        """Write every queued event, one transaction per tenant; returns how many were written. On
        failure the unwritten events go back to the front of the buffer and the error propagates."""
        with self._flush_lock:
            pending: list[ChainEntry] = []
            while self._buffer:
                pending.append(self._buffer.popleft())
            by_tenant: dict[str, list[ChainEntry]] = {}
            for entry in pending:
                by_tenant.setdefault(entry.tenant, []).append(entry)
            written = 0
            for tenant, entries in by_tenant.items():
                try:
                    self._store.append_chain(tenant, entries)
                except Exception:
                    rest = [e for t, group in by_tenant.items() if t not in _done(by_tenant, tenant) for e in group]
                    self._buffer.extendleft(reversed(rest))
                    raise
                written += len(entries)
            return written

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        try:
            self.flush()
        except Exception:  # shutdown with the store gone: say how much was lost
            log.error("audit: %d events could not be written at shutdown", len(self._buffer))

    def _start(self) -> None:
        if self._thread is None and not self._stop.is_set():
            with self._flush_lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._loop, name="mal-audit", daemon=True)
                    self._thread.start()

    def _loop(self) -> None:
        while not self._stop.wait(self._flush_s):
            if self._buffer:
                try:
                    self.flush()
                except Exception as exc:  # kept in the buffer; retried next tick
                    log.warning("audit flush failed, %d events kept: %s", len(self._buffer), exc)

    # -- anchoring and verification ------------------------------------------------------------
    def anchor(self, tenant: str | None = None) -> list[dict[str, Any]]:
        """Write the head of `tenant` (or of every tenant) to S3 under Object Lock. A head already
        anchored is not written again, nor one that differs from the latest anchor only by the
        auditors' own verify / anchor events: each anchor is an object nobody can delete for the
        retention period, so `POST /v1/audit/anchor` in a loop must not make one per call (every
        call records an event, which moves the head). Returns what is anchored: a new head, or the
        latest anchor that still covers everything but those events."""
        self.flush()
        heads = self._store.chain_heads()
        out: list[dict[str, Any]] = []
        now = self._clock.now()
        for head in heads:
            if (tenant is not None and head.tenant != tenant) or head.seq == 0:
                continue
            latest = self._latest_anchor(head.tenant)
            if latest is not None and not self._changed_since(head.tenant, latest[0], head.seq):
                seq, digest = latest
                key = f"{anchor_prefix(head.tenant)}{seq:012d}-{digest}.json"
                out.append({"tenant": head.tenant, "seq": seq, "hash": digest, "key": key})
                continue
            key = f"{anchor_prefix(head.tenant)}{head.seq:012d}-{head.hash}.json"
            body = json.dumps(
                {"tenant": head.tenant, "seq": head.seq, "hash": head.hash, "anchored_at": now.isoformat()},
                sort_keys=True,
            ).encode()
            if self._blobs.head_sha256(self._bucket, key) is None:
                digest = hashlib.sha256(body).hexdigest()
                self._blobs.put_locked(self._bucket, key, body, digest, now + self._retention)
            self._anchored[head.tenant] = (head.seq, head.hash)
            out.append({"tenant": head.tenant, "seq": head.seq, "hash": head.hash, "key": key})
        return out

    def _latest_anchor(self, tenant: str) -> tuple[int, str] | None:
        """(seq, hash) of the tenant's newest anchor: remembered once written or read, else from the
        object names in S3 (another replica's anchors are found there after a restart)."""
        if tenant not in self._anchored:
            names = [_anchor_name(k) for k in self._blobs.list_keys(self._bucket, anchor_prefix(tenant))]
            found = max((n for n in names if n is not None), default=None)
            if found is None:
                return None
            self._anchored[tenant] = found
        return self._anchored[tenant]

    def _changed_since(self, tenant: str, anchored_seq: int, head_seq: int) -> bool:
        """Whether an event other than an auditor's verify / anchor came after `anchored_seq`."""
        after = anchored_seq
        while after < head_seq:
            page = self._store.chain_events(tenant, after, PAGE)
            if not page:
                return True  # events missing: anchor the head and let verify say what is wrong
            if any(event.kind not in _AUDITOR_OWN for event in page):
                return True
            after = page[-1].seq
        return False

    def verify(self, tenant: str) -> ChainReport:
        """Recompute the tenant's chain: each event's hash, its link to the previous one and the
        sequence without gaps; then the head node and every S3 anchor against the chain."""
        self.flush()
        head = self._store.chain_head(tenant)
        report = ChainReport(tenant, True, 0, 0, GENESIS)
        prev, expected, hashes = GENESIS, 1, {}
        after = 0
        while True:
            page = self._store.chain_events(tenant, after, PAGE)
            for event in page:
                hashes[event.seq] = event.hash
                problem = _check(event, expected, prev)
                if problem and report.first_broken is None:
                    report.first_broken = {"seq": expected, "reason": problem}
                prev, expected = event.hash, event.seq + 1
                report.events += 1
            if len(page) < PAGE:
                break
            after = page[-1].seq
        last_seq = expected - 1
        report.head_seq, report.head_hash = last_seq, prev
        if head is not None and (head.seq != last_seq or head.hash != prev) and report.first_broken is None:
            report.first_broken = {"seq": last_seq + 1, "reason": f"events after {last_seq} are missing"}
        try:
            self._check_anchors(tenant, hashes, report)
        except StoreUnavailable as exc:
            report.problems.append(f"anchors could not be read: {exc.detail}")
        report.ok = report.first_broken is None and report.anchor_matches is not False and not report.problems
        return report

    def _check_anchors(self, tenant: str, hashes: dict[int, str], report: ChainReport) -> None:
        keys = sorted(self._blobs.list_keys(self._bucket, anchor_prefix(tenant)))
        report.anchors = len(keys)
        if not keys:
            return
        versions = self._blobs.versions(self._bucket, anchor_prefix(tenant))
        if versions != len(keys):  # a delete marker hides a locked anchor; a PUT adds a version
            report.problems.append(
                f"anchor objects were deleted or overwritten ({versions} versions, {len(keys)} keys)"
            )
        report.anchor_matches = True
        for key in keys:
            parsed = _anchor_name(key)
            if parsed is None:  # not written by anchor(): say so, never fail the whole report
                report.problems.append(f"unexpected object under the anchor prefix: {key}")
                continue
            seq, anchored = parsed
            if hashes.get(seq) != anchored:
                report.anchor_matches = False
                report.problems.append(f"anchored event {seq} is {'changed' if seq in hashes else 'missing'}")
            report.latest_anchor = {"seq": seq, "hash": anchored, "key": key}


def _anchor_name(key: str) -> tuple[int, str] | None:
    """(seq, hash) from `<12-digit seq>-<64 hex>.json`, as anchor() names them; None otherwise."""
    match = _ANCHOR_NAME.fullmatch(key.rsplit("/", 1)[-1])
    return (int(match[1]), match[2]) if match else None


def _done(by_tenant: dict[str, list[ChainEntry]], failed: str) -> set[str]:
    """Tenants flushed before `failed` (dicts keep insertion order)."""
    done: set[str] = set()
    for tenant in by_tenant:
        if tenant == failed:
            break
        done.add(tenant)
    return done


def _check(event: ChainEvent, expected: int, prev: str) -> str | None:
    if event.seq != expected:
        return f"event {expected} is missing (next stored is {event.seq})"
    if event.prev != prev:
        return "does not link to the previous event"
    if event.expected_hash() != event.hash:
        return "content does not match its hash"
    return None
