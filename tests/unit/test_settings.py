import pytest
from pydantic import ValidationError

from mal.settings import Settings


def test_nested_variables_and_api_keys_parse_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAL_NEO4J__URI", "bolt://127.0.0.1:17687")
    monkeypatch.setenv("MAL_API_KEYS", '[{"key": "k1", "tenant": "acme", "scopes": ["agent"]}]')
    monkeypatch.setenv("MAL_LIFECYCLE__HOT_SET_CAP", "7")
    s = Settings(_env_file=None)
    assert s.neo4j.uri == "bolt://127.0.0.1:17687"
    assert s.api_keys[0].tenant == "acme" and s.api_keys[0].scopes == ["agent"]
    assert s.lifecycle.hot_set_cap == 7


@pytest.mark.parametrize(
    "keys",
    [
        '[{"key": "k", "tenant": "bad tenant!", "scopes": ["agent"]}]',
        '[{"key": "k", "tenant": "acme", "scopes": ["root"]}]',
        '[{"key": "k", "tenant": "acme", "scopes": []}]',
        '[{"key": "k", "tenant": "a", "scopes": ["agent"]}, {"key": "k", "tenant": "b", "scopes": ["agent"]}]',
    ],
)
def test_invalid_api_keys_are_rejected(monkeypatch: pytest.MonkeyPatch, keys: str) -> None:
    monkeypatch.setenv("MAL_API_KEYS", keys)
    with pytest.raises(ValidationError):
        Settings(_env_file=None)


def test_out_of_range_values_are_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAL_PORT", "70000")
    with pytest.raises(ValidationError, match="port"):
        Settings(_env_file=None)


def test_service_refuses_to_start_without_pepper(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MAL_PEPPER", raising=False)
    monkeypatch.setenv("MAL_API_KEYS", '[{"key": "k", "tenant": "acme", "scopes": ["agent"]}]')
    with pytest.raises(ValueError, match="MAL_PEPPER"):
        Settings(_env_file=None).require_service_secrets()
    monkeypatch.setenv("MAL_PEPPER", "x" * 32)
    Settings(_env_file=None).require_service_secrets()


def test_secrets_do_not_leak_through_repr(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAL_PEPPER", "super-secret-pepper-value")
    monkeypatch.setenv("MAL_NEO4J__PASSWORD", "neo4j-secret-value")
    text = repr(Settings(_env_file=None))
    assert "super-secret-pepper-value" not in text and "neo4j-secret-value" not in text
