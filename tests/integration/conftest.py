"""Fixtures of the integration tests: the servers this checkout's stack started (by pid file) and an admin driver."""

from __future__ import annotations

from collections.abc import Iterator

import neo4j
import pytest

from infra.stack import ROOT, Stack
from mal.settings import Settings


@pytest.fixture(scope="module")
def stack(settings: Settings) -> Stack:
    return Stack(settings, ROOT / settings.data_dir)


@pytest.fixture(scope="module")
def pids(stack: Stack) -> dict[str, int]:
    """The servers this checkout's stack started; a test fails naming any it needs that is missing."""
    owned = {name: stack.owned_pid(name) for name in stack.servers}
    return {name: pid for name, pid in owned.items() if pid is not None}


@pytest.fixture(scope="module")
def admin_driver(settings: Settings) -> Iterator[neo4j.Driver]:
    """Neo4j as its admin user, for tests that inspect what the service itself cannot see."""
    with neo4j.GraphDatabase.driver(
        settings.neo4j.uri, auth=(settings.neo4j.user, settings.neo4j.password.get_secret_value())
    ) as driver:
        yield driver
