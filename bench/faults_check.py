"""The fault suite's verdict, read straight from the three stores after recovery and repair.

Counted per run: half-written memories (in one store and not the other: a hot memory without its
vector, a vector without its hot memory, an unindexed or archive-pending node left over, an
archived stub whose S3 object is missing or does not match its SHA-256), lost acknowledged writes
(a memory a 200 reported that is gone, or forgotten without anyone asking; a 204 forget whose
memory is still hot), duplicates (two hot memories of one subject holding the same fact, or one id
twice in Weaviate), and erasures that do not verify (anything left in any store).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from mal.bootstrap import Container
from mal.identity import subject_key
from mal.scope import SubjectScope

__all__ = ["Ledger", "Verdict", "verify", "verify_erased"]

HOT = ("active", "disputed", "quarantined")
NODES = """
MATCH (m:Memory {subject: $subject})
RETURN m.id AS id, m.status AS status, m.indexed AS indexed, m.archive_pending AS pending,
       m.archive_key AS key, m.archive_sha256 AS sha, m.kind AS kind, m.summary AS summary
"""


@dataclass
class Ledger:
    """What the clients were told: the ground truth the stores are checked against."""

    acked: dict[str, str] = field(default_factory=dict)  # memory id -> user
    forgotten: set[str] = field(default_factory=set)  # 204 forgets
    maybe_forgotten: set[str] = field(default_factory=set)  # forgets whose answer never came
    users: set[str] = field(default_factory=set)


@dataclass
class Verdict:
    memories: int = 0
    half_written: int = 0
    lost_acknowledged: int = 0
    duplicates: int = 0
    erase_unverified: int = 0
    erased: int = 0
    details: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not (self.half_written or self.lost_acknowledged or self.duplicates or self.erase_unverified)

    def as_dict(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if k != "details"}
        return {**out, "details": self.details[:20]}


def _nodes(c: Container, subject: str) -> list[dict[str, Any]]:
    return c.adapters.graph.run_read_only(NODES, {"subject": subject}, 1_000_000)


def verify(c: Container, tenant: str, ledger: Ledger) -> Verdict:
    """Compare every subject's Neo4j nodes, Weaviate objects and S3 archives, and the ledger."""
    pepper = c.settings.pepper.get_secret_value()
    bucket = c.settings.s3.archive_bucket
    verdict = Verdict()
    by_user: dict[str, list[str]] = {}
    for memory_id, user in ledger.acked.items():
        by_user.setdefault(user, []).append(memory_id)
    for user in sorted(ledger.users):
        subject = subject_key(pepper, tenant, user)
        nodes = {n["id"]: n for n in _nodes(c, subject)}
        verdict.memories += len(nodes)
        vector_ids = c.adapters.vectors.ids(subject)
        vectors = set(vector_ids)
        if len(vector_ids) != len(vectors):
            verdict.duplicates += len(vector_ids) - len(vectors)
            verdict.details.append(f"{user}: an id twice in Weaviate")
        hot = {i for i, n in nodes.items() if n["status"] in HOT and n["indexed"] is True and not n["pending"]}
        for i, n in nodes.items():
            if n["indexed"] is not True or n["pending"]:
                verdict.half_written += 1
                verdict.details.append(f"{user}/{i}: left unindexed/pending after repair ({n['status']})")
            elif n["status"] in HOT and i not in vectors:
                verdict.half_written += 1
                verdict.details.append(f"{user}/{i}: hot in Neo4j, no vector")
            elif n["status"] == "archived" and c.adapters.blobs.head_sha256(bucket, n["key"] or "") != n["sha"]:
                verdict.half_written += 1
                verdict.details.append(f"{user}/{i}: archived stub without its S3 object")
        for i in vectors - hot:
            verdict.half_written += 1
            verdict.details.append(f"{user}/{i}: vector without a hot memory ({nodes.get(i, {}).get('status')})")
        facts = Counter((n["kind"], n["summary"]) for i, n in nodes.items() if i in hot)
        for fact, count in facts.items():
            if count > 1:
                verdict.duplicates += count - 1
                verdict.details.append(f"{user}: {count} hot memories hold {fact}")
        for memory_id in by_user.get(user, []):
            node = nodes.get(memory_id)
            asked = memory_id in ledger.forgotten or memory_id in ledger.maybe_forgotten
            if node is None or (node["status"] == "forgotten" and not asked):
                verdict.lost_acknowledged += 1
                verdict.details.append(f"{user}/{memory_id}: acknowledged, now {node and node['status']}")
        for memory_id in ledger.forgotten:
            node = nodes.get(memory_id)
            if node is not None and node["status"] != "forgotten":
                verdict.lost_acknowledged += 1
                verdict.details.append(f"{user}/{memory_id}: forget acknowledged, still {node['status']}")
    return verdict


def verify_erased(c: Container, tenant: str, users: list[str], receipts: list[dict[str, Any]]) -> tuple[int, int]:
    """Erasures whose receipt or whose stores show anything left: (erased, unverified)."""
    pepper = c.settings.pepper.get_secret_value()
    bad = sum(1 for r in receipts if not r.get("verified"))
    for user in users:
        subject = subject_key(pepper, tenant, user)
        prefix = SubjectScope(tenant, subject).blob_prefix
        left = (
            len(_nodes(c, subject))
            + c.adapters.graph.count_subject(subject)
            + c.adapters.vectors.count_subject(subject)
            + c.adapters.blobs.versions(c.settings.s3.archive_bucket, prefix)
        )
        bad += 1 if left else 0
    return len(users), bad
