"""Fixtures of the infra security tests: the servers this checkout's stack started (by pid file)."""

from __future__ import annotations

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
