import pytest

from mal.errors import Forbidden, InvalidInput, Unauthorized
from mal.identity import KeyRing, subject_key
from mal.settings import ApiKeyConfig


def test_subject_key_is_stable_per_tenant_and_hides_the_user_id() -> None:
    a = subject_key("pepper" * 4, "acme", "alice@example.com")
    assert a == subject_key("pepper" * 4, "acme", " alice@example.com ")
    assert a != subject_key("pepper" * 4, "other", "alice@example.com")
    assert a != subject_key("different" * 3, "acme", "alice@example.com")
    assert len(a) == 64 and "alice" not in a


@pytest.mark.parametrize("user_id", ["", "   ", "x" * 257])
def test_bad_user_ids_are_invalid_input(user_id: str) -> None:
    with pytest.raises(InvalidInput) as err:
        subject_key("p" * 32, "acme", user_id)
    assert err.value.field == "X-User-Id"


def test_keyring_binds_tenant_and_scopes() -> None:
    ring = KeyRing(
        [
            ApiKeyConfig(key="agent-key", tenant="acme", scopes=["agent"]),
            ApiKeyConfig(key="boss-key", tenant="acme", scopes=["admin"]),
        ]
    )
    agent = ring.authenticate("Bearer agent-key")
    assert agent.tenant == "acme"
    agent.require("agent")
    with pytest.raises(Forbidden, match="analyst"):
        agent.require("analyst")
    ring.authenticate("Bearer boss-key").require("analyst")  # admin implies every scope
    for header in (None, "agent-key", "Bearer nope", "Basic agent-key"):
        with pytest.raises(Unauthorized):
            ring.authenticate(header)
