"""The HTTP API in-process (httpx through Starlette's TestClient) against the real stack."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from mal.api.app import create_app
from mal.settings import ApiKeyConfig, Settings
from tests.e2e.replicas import replica_count, replicas

KEYS = {
    "agent_a": ("tenant-a", ["agent"]),
    "agent_b": ("tenant-b", ["agent"]),
    "agent_c": ("tenant-c", ["agent"]),
    "admin_a": ("tenant-a", ["admin"]),
    "analyst_a": ("tenant-a", ["analyst"]),
    "auditor_a": ("tenant-a", ["auditor"]),
    "metrics_a": ("tenant-a", ["metrics"]),
    "limited_a": ("tenant-a", ["agent"]),
    "hash_a": ("tenant-a", ["agent"]),
}
# Per-key PII policy (mal/privacy.py); every other key redacts.
PII_POLICIES = {"hash_a": "hash"}
# Per-key rate limits (requests per minute); every other key gets a limit the suite never reaches.
RATE_LIMITS = {"limited_a": 3}
SUITE_RATE_LIMIT = 100_000


@pytest.fixture(scope="session")
def keys() -> dict[str, str]:
    return {name: f"{name}-{secrets.token_hex(8)}" for name in KEYS}


@pytest.fixture(scope="session")
def api_settings(settings: Settings, keys: dict[str, str]) -> Settings:
    configured = [
        ApiKeyConfig(
            key=keys[name],
            tenant=tenant,
            scopes=scopes,  # type: ignore[arg-type]
            rate_limit_per_minute=RATE_LIMITS.get(name),
            pii_policy=PII_POLICIES.get(name, "redact"),  # type: ignore[arg-type]
        )
        for name, (tenant, scopes) in KEYS.items()
    ]
    return settings.model_copy(update={"api_keys": configured, "rate_limit_per_minute": SUITE_RATE_LIMIT})


@pytest.fixture(scope="session")
def client(api_settings: Settings, container: object, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app in-process; with MAL_E2E_REPLICAS=N, N `mal serve` processes used in turn
    (tests/e2e/replicas.py): the API is stateless, so the suite passes either way."""
    count = replica_count()
    if count > 0:
        with replicas(api_settings, count, tmp_path_factory.mktemp("replicas")) as replica_client:
            yield replica_client  # type: ignore[misc]
        return
    with TestClient(create_app(api_settings)) as test_client:
        yield test_client


class Agent:
    """One agent key talking about one user, like a real caller."""

    def __init__(self, client: TestClient, key: str, user: str) -> None:
        self.client, self.user = client, user
        self.headers = {"Authorization": f"Bearer {key}", "X-User-Id": user}

    def post(self, path: str, body: dict | None = None, expect: int = 200) -> dict:
        response = self.client.post(path, json=body, headers=self.headers)
        assert response.status_code == expect, response.text
        return response.json() if response.content else {}

    def write(self, session: str, *texts: str, **extra: object) -> dict:
        return self.post(
            "/v1/memories", {"session_id": session, "turns": [{"role": "user", "content": t} for t in texts], **extra}
        )

    def search(self, query: str, k: int = 3) -> list[dict]:
        return self.post("/v1/memories/search", {"query": query, "k": k})["results"]

    def context(self, query: str | None = None) -> dict:
        return self.post("/v1/context", {"query": query})


@pytest.fixture
def agent(client: TestClient, keys: dict[str, str]) -> Agent:
    return Agent(client, keys["agent_a"], "user-" + secrets.token_hex(6))
