"""Build the service through the real composition root with the in-memory fakes and a fixed
clock: the service rules run exactly as in production, without servers."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from fastapi.testclient import TestClient

from adapters.memory import HashEmbedder, InMemoryBlobStore, InMemoryVectorStore
from adapters.memory_graph import InMemoryGraphStore
from mal.api.app import create_app
from mal.bootstrap import Adapters, Container, build
from mal.clock import FixedClock
from mal.scope import SubjectScope
from mal.settings import ApiKeyConfig, Settings
from mal.writing import CaptureRequest, CaptureResult

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
KEYS = {
    "agent": ("acme", ["agent"]),
    "admin": ("acme", ["admin"]),
    "other": ("globex", ["agent"]),
    "analyst": ("acme", ["analyst"]),
    "auditor": ("acme", ["auditor"]),
}


def fake_settings(**overrides: object) -> Settings:
    keys = [
        ApiKeyConfig(key=f"{name}-key-0123456789", tenant=tenant, scopes=scopes)  # type: ignore[arg-type]
        for name, (tenant, scopes) in KEYS.items()
    ]
    return Settings(
        _env_file=None,
        pepper="unit-test-pepper-0123456789",
        api_keys=keys,  # type: ignore[call-arg]
        **overrides,
    )


def fake_adapters(settings: Settings) -> Adapters:
    return Adapters(
        graph=InMemoryGraphStore(),
        vectors=InMemoryVectorStore(),
        blobs=InMemoryBlobStore((settings.s3.archive_bucket, settings.s3.export_bucket)),
        embedder=HashEmbedder(),
    )


def fake_container(settings: Settings | None = None, clock: FixedClock | None = None) -> Container:
    settings = settings or fake_settings()
    return build(settings, adapters=fake_adapters(settings), clock=clock or FixedClock(T0))


def new_scope(tenant: str = "acme") -> SubjectScope:
    return SubjectScope(tenant, secrets.token_hex(32))


def write(c: Container, scope: SubjectScope, session: str, *texts: str, **extra: object) -> CaptureResult:
    turns = [{"role": "user", "content": t} for t in texts]
    return c.writer.capture(scope, CaptureRequest(session_id=session, turns=turns, **extra))  # type: ignore[arg-type]


@contextmanager
def app_with_container(settings: Settings | None = None) -> Iterator[tuple[TestClient, Container]]:
    """The app on fakes at T0, with the container it built, for tests that look behind the API."""
    settings = settings or fake_settings()
    box: dict[str, Container] = {}

    def factory(s: object) -> Container:
        box["c"] = fake_container(settings, FixedClock(T0))
        return box["c"]

    with TestClient(create_app(settings, container_factory=factory, warm=False)) as client:
        yield client, box["c"]
