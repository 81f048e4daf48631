"""In-memory fakes of the ports, for unit tests of the service rules without servers.

They are held to the real adapters' behaviour by the contract suites in tests/contract, which run
the same assertions against a fake and against the real store: a fake that drifts fails there.
Not for production: nothing here is persistent or concurrent beyond one process.
"""

from __future__ import annotations

import hashlib
import math
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from mal import variants
from mal.errors import Forbidden, IntegrityError, NotFound, StoreUnavailable
from mal.models import Memory, SubjectKey, VectorHit
from mal.records import EmbeddingRecord

__all__ = ["HashEmbedder", "InMemoryBlobStore", "InMemoryVectorStore"]

_TOKEN = re.compile(r"[a-z0-9]+|[\u4e00-\u9fff]", re.IGNORECASE)


def tokens(text: str) -> list[str]:
    """English words and Chinese character bigrams: enough lexical signal for a fake BM25."""
    found = [t.lower() for t in _TOKEN.findall(text)]
    out: list[str] = []
    for i, tok in enumerate(found):
        if len(tok) == 1 and "\u4e00" <= tok <= "\u9fff":
            nxt = found[i + 1] if i + 1 < len(found) else ""
            out.append(tok + nxt if len(nxt) == 1 and "\u4e00" <= nxt <= "\u9fff" else tok)
        else:
            out.append(tok)
    return out


class HashEmbedder:
    """Deterministic bag-of-tokens vectors (feature hashing), L2-normalised. Identical texts give
    cosine 1, texts sharing words give a positive cosine, unrelated texts ~0: the properties the
    write path (dedup) and the read path rely on, at no model cost."""

    def __init__(self, dimensions: int = 256, model_id: str = "hash-256") -> None:
        self.dimensions = dimensions
        self.model_id = model_id
        self.cosine_floor = 0.0
        self.calls = 0

    def ready(self) -> None:
        return None

    # Symmetric, like MiniLM: a query and a passage of the same words get the same vector.
    def embed_query(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        return [self._one(t) for t in texts]

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        return [self._one(t) for t in texts]

    def _one(self, text: str) -> list[float]:
        vector = [0.0] * self.dimensions
        for tok in tokens(text) or [text]:
            digest = hashlib.blake2b(tok.encode(), digest_size=8).digest()
            slot = int.from_bytes(digest[:4], "little") % self.dimensions
            vector[slot] += 1.0 if digest[4] & 1 else -1.0
        norm = math.sqrt(sum(v * v for v in vector)) or 1.0
        return [v / norm for v in vector]


@dataclass
class _Stored:
    memory: Memory
    vector: list[float]
    words: list[str] = field(default_factory=list)


def _words(memory: Memory) -> list[str]:
    """The words lexical search matches: summary, text with its variants (as Weaviate's `text`), context."""
    return tokens(" ".join((memory.summary, variants.indexed_text(memory), memory.context)))


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=False))


class InMemoryVectorStore:
    """One dict per subject, like Weaviate's tenant per subject: isolation by construction.
    Hybrid search fuses a cosine ranking and a token-overlap ranking by rank (as Weaviate's
    ranked fusion does); `alpha` weighs the vector side."""

    def __init__(self) -> None:
        self._tenants: dict[SubjectKey, dict[str, _Stored]] = {}
        self._lock = threading.Lock()
        self._record: EmbeddingRecord | None = None
        self._inactive: set[SubjectKey] = set()  # tenants set INACTIVE; any access re-activates
        self.down = False  # set to simulate an outage: every call raises StoreUnavailable

    def _check(self) -> None:
        if self.down:
            raise StoreUnavailable("weaviate", "connection failed (simulated)")

    def ensure_schema(self) -> None:
        self._check()

    def ready(self) -> None:
        self._check()

    def close(self) -> None:
        return None

    def upsert(self, subject: SubjectKey, memory: Memory, vector: Sequence[float]) -> None:
        self._check()
        words = _words(memory)
        with self._lock:
            self._inactive.discard(subject)
            self._tenants.setdefault(subject, {})[memory.id] = _Stored(
                memory.model_copy(deep=True), list(vector), words
            )

    def upsert_many(self, subject: SubjectKey, items: Sequence[tuple[Memory, Sequence[float]]]) -> None:
        self._check()
        for memory, vector in items:
            self.upsert(subject, memory, vector)

    def update_text(self, subject: SubjectKey, memory: Memory) -> bool:
        self._check()
        with self._lock:
            stored = self._tenants.get(subject, {}).get(memory.id)
            if stored is None:
                return False
            stored.memory.text, stored.memory.variants = memory.text, list(memory.variants)
            stored.words = _words(stored.memory)
            return True

    def delete(self, subject: SubjectKey, ids: Sequence[str]) -> None:
        self._check()
        with self._lock:
            tenant = self._tenants.get(subject, {})
            for memory_id in ids:
                tenant.pop(memory_id, None)

    def _pool(self, subject: SubjectKey, kinds: Sequence[str] | None) -> list[_Stored]:
        self._inactive.discard(subject)  # as Weaviate's auto tenant activation
        return [s for s in self._tenants.get(subject, {}).values() if not kinds or s.memory.kind in kinds]

    def search(
        self,
        subject: SubjectKey,
        query: str,
        vector: Sequence[float],
        k: int,
        alpha: float,
        kinds: Sequence[str] | None,
        lang: str = "en",
        fusion: str = "ranked",
        fields: Sequence[str] | None = None,
    ) -> list[VectorHit]:
        self._check()
        pool = self._pool(subject, kinds)
        if not pool:
            return []
        wanted = set(tokens(query))
        by_vector = sorted(pool, key=lambda s: -_cosine(vector, s.vector))
        lexical = [s for s in pool if wanted & set(s.words)]
        by_words = sorted(lexical, key=lambda s: -len(wanted & set(s.words)))
        scores: dict[str, float] = {}
        if fusion == "relative_score":  # each list min-max scaled to 0..1, then weighted (as Weaviate)
            # (BM25 `fields` are not modelled: the fake matches words of summary, text and context.)
            cos = {s.memory.id: _cosine(vector, s.vector) for s in pool}
            low, high = min(cos.values()), max(cos.values())
            most = max((len(wanted & set(s.words)) for s in pool), default=0) or 1
            for s in pool:
                scaled = (cos[s.memory.id] - low) / (high - low) if high > low else 1.0
                scores[s.memory.id] = alpha * scaled + (1 - alpha) * len(wanted & set(s.words)) / most
            ranked = sorted(scores.items(), key=lambda item: -item[1])[:k]
            return [VectorHit(id=memory_id, score=score) for memory_id, score in ranked]
        for rank, stored in enumerate(by_vector):
            scores[stored.memory.id] = alpha / (60 + rank)
        for rank, stored in enumerate(by_words):
            scores[stored.memory.id] = scores.get(stored.memory.id, 0.0) + (1 - alpha) / (60 + rank)
        ranked = sorted(scores.items(), key=lambda item: -item[1])[:k]
        return [VectorHit(id=memory_id, score=score) for memory_id, score in ranked]

    def nearest(
        self, subject: SubjectKey, vector: Sequence[float], k: int, kind: str | None, exclude_lang: str | None = None
    ) -> list[VectorHit]:
        self._check()
        pool = [s for s in self._pool(subject, [kind] if kind else None) if s.memory.lang != exclude_lang]
        ranked = sorted(((s.memory.id, _cosine(vector, s.vector)) for s in pool), key=lambda item: -item[1])[:k]
        return [VectorHit(id=memory_id, score=cos, vector_cosine=cos) for memory_id, cos in ranked]

    def exists(self, subject: SubjectKey, memory_id: str) -> bool:
        self._check()
        return memory_id in self._tenants.get(subject, {})

    def count_subject(self, subject: SubjectKey) -> int:
        self._check()
        return len(self._tenants.get(subject, {}))

    def erase_subject(self, subject: SubjectKey) -> int:
        self._check()
        with self._lock:
            return len(self._tenants.pop(subject, {}))

    def model_record(self) -> EmbeddingRecord | None:
        self._check()
        return self._record

    def set_model_record(self, record: EmbeddingRecord) -> None:
        self._check()
        self._record = record

    def subjects_with_vectors(self) -> list[SubjectKey]:
        self._check()
        with self._lock:
            return sorted(s for s, stored in self._tenants.items() if stored)

    def ids(self, subject: SubjectKey) -> list[str]:
        self._check()
        with self._lock:
            return sorted(self._tenants.get(subject, {}))

    def deactivate_subject(self, subject: SubjectKey) -> bool:
        self._check()
        with self._lock:
            if subject not in self._tenants or subject in self._inactive:
                return False
            self._inactive.add(subject)
            return True


class InMemoryBlobStore:
    """Versioned buckets of bytes with the SHA-256 recorded at upload, like the S3 adapter:
    a body that does not match its digest is refused, and deletion removes every version."""

    def __init__(self, buckets: Sequence[str]) -> None:
        self._buckets: dict[str, dict[str, list[tuple[bytes, str]]]] = {b: {} for b in buckets}
        self._locked: dict[tuple[str, str], datetime] = {}  # (bucket, key) -> retain until
        self.down = False

    def _check(self) -> None:
        if self.down:
            raise StoreUnavailable("s3", "connection refused (simulated)")

    def _bucket(self, bucket: str) -> dict[str, list[tuple[bytes, str]]]:
        self._check()
        if bucket not in self._buckets:
            raise StoreUnavailable("s3", "NoSuchBucket")
        return self._buckets[bucket]

    def ensure_schema(self) -> None:
        self._check()

    def ready(self) -> None:
        self._check()

    def put(self, bucket: str, key: str, body: bytes, sha256_hex: str) -> None:
        if hashlib.sha256(body).hexdigest() != sha256_hex:
            raise IntegrityError(f"refusing to upload {key}: body does not match its SHA-256")
        self._bucket(bucket).setdefault(key, []).append((bytes(body), sha256_hex))

    def get(self, bucket: str, key: str) -> bytes:
        versions = self._bucket(bucket).get(key)
        if not versions:
            raise NotFound("object not found (NoSuchKey)")
        return versions[-1][0]

    def head_sha256(self, bucket: str, key: str) -> str | None:
        versions = self._bucket(bucket).get(key)
        return versions[-1][1] if versions else None

    def list_keys(self, bucket: str, prefix: str) -> list[str]:
        return sorted(k for k in self._bucket(bucket) if k.startswith(prefix))

    def put_locked(self, bucket: str, key: str, body: bytes, sha256_hex: str, retain_until: datetime) -> None:
        self.put(bucket, key, body, sha256_hex)
        self._locked.setdefault((bucket, key), retain_until)

    def delete(self, bucket: str, key: str) -> None:
        if (bucket, key) in self._locked:  # like S3 compliance mode: the locked version stays
            raise Forbidden(f"{key} is under Object Lock")
        self._bucket(bucket).pop(key, None)

    def delete_prefix(self, bucket: str, prefix: str) -> int:
        keys = self.list_keys(bucket, prefix)
        for key in keys:
            self.delete(bucket, key)
        return len(keys)

    def versions(self, bucket: str, prefix: str) -> int:
        return sum(len(v) for k, v in self._bucket(bucket).items() if k.startswith(prefix))

    def tamper(self, bucket: str, key: str, body: bytes) -> None:
        """Replace the stored bytes but keep the recorded digest: what corruption looks like."""
        versions = self._bucket(bucket)[key]
        versions[-1] = (body, versions[-1][1])
