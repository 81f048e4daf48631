"""Shared fixtures. Integration and e2e tests use the real servers that infra/stack.py started;
when one is missing they fail (never skip), naming the store."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from mal.bootstrap import Container, build
from mal.scope import SubjectScope
from mal.settings import Settings


def unique(prefix: str = "u") -> str:
    """Unique ids per test instead of cleanup."""
    return f"{prefix}-{secrets.token_hex(6)}"


@pytest.fixture(scope="session")
def settings() -> Settings:
    return Settings()


@pytest.fixture(scope="session")
def container(settings: Settings) -> Iterator[Container]:
    c = build(settings)
    report = c.readiness()
    missing = {name: r.get("reason") for name, r in report.items() if not r["ready"]}
    if missing:
        pytest.fail(f"stores not ready (start them with `python -m infra.stack up`): {missing}", pytrace=False)
    c.ensure_schema()
    # As the service's start-up does before any write: record (or check) the model of the vectors,
    # so tests that write vectors directly do not leave an unrecorded index behind.
    c.check_embedding_model()
    yield c
    c.close()


@pytest.fixture
def scope() -> SubjectScope:
    return SubjectScope("t-" + secrets.token_hex(4), secrets.token_hex(32))
