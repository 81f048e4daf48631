"""A tenant's default phone region (`ApiKeyConfig.pii_default_region`): under `hash`, a phone
written without its country code is read in that region first, so "020 7946 0321" and
"+44 20 7946 0321" give one token for a GB tenant, in zh and en text and through the API."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from mal.privacy import Redactor
from mal.settings import ApiKeyConfig, Settings
from parsers.pii import apply
from tests.unit.fakes import KEYS, app_with_container, fake_settings

TOKEN = re.compile(r"\[PHONE#[0-9a-f]{10}\]")


def _token(text: str, region: str | None) -> str:
    found = TOKEN.findall(apply(text, "hash", b"k", region))
    assert len(found) == 1, apply(text, "hash", b"k", region)
    return found[0]


@pytest.mark.parametrize(
    ("national", "international"),
    [
        ("call me on 020 7946 0321", "call me on +44 20 7946 0321"),  # en
        ("伦敦办公室电话 020 7946 0321，工作日有人接", "伦敦办公室电话 +44 20 7946 0321，工作日有人接"),  # zh
    ],
)
def test_a_national_number_hashes_as_the_tenants_region(national: str, international: str) -> None:
    assert _token(national, "GB") == _token(international, "GB") == _token(international, None)
    # Without a region a 0-prefixed number is read as Chinese (020 is Guangzhou): another number.
    assert _token(national, None) != _token(international, None)


def test_the_region_never_overrides_a_written_country_code_or_an_invalid_reading() -> None:
    assert _token("电话 +86 21 6234 5678", "GB") == _token("电话 021 6234 5678", None)
    # A Chinese mobile is no valid GB number: the region is skipped, the shape decides.
    assert _token("手机 13812345678", "GB") == _token("手机 +86 138 1234 5678", None)


def test_the_region_is_validated_and_one_per_tenant() -> None:
    assert ApiKeyConfig(key="k" * 20, tenant="t", scopes=["agent"], pii_default_region="gb").pii_default_region == "GB"
    with pytest.raises(ValidationError, match="pii_default_region"):
        ApiKeyConfig(key="k" * 20, tenant="t", scopes=["agent"], pii_default_region="XX")
    keys = [
        ApiKeyConfig(key="a" * 20, tenant="t", scopes=["agent"], pii_default_region="GB"),
        ApiKeyConfig(key="b" * 20, tenant="t", scopes=["agent"]),
    ]
    with pytest.raises(ValidationError, match="disagree on pii_default_region"):
        Settings(_env_file=None, pepper="unit-test-pepper-0123456789", api_keys=keys)  # type: ignore[call-arg]


def test_capture_and_search_through_the_api_use_the_tenants_region() -> None:
    settings = fake_settings()
    keys = [
        k.model_copy(update={"pii_policy": "hash", "pii_default_region": "GB"}) if k.tenant == "acme" else k
        for k in settings.api_keys
    ]
    settings = settings.model_copy(update={"api_keys": keys})
    agent = next(k.key.get_secret_value() for k in keys if k.tenant == KEYS["agent"][0] and "agent" in k.scopes)
    headers = {"Authorization": f"Bearer {agent}", "X-User-Id": "region-user"}
    with app_with_container(settings) as (client, c):
        r = client.post(
            "/v1/memories",
            json={"session_id": "s1", "turns": [{"role": "user", "content": "我的办公室电话是 020 7946 0321"}]},
            headers=headers,
        )
        assert r.status_code == 200, r.text
        stored = repr(c.adapters.graph.__dict__)
        assert "7946" not in stored
        expected = Redactor(c.pepper).text("acme", "+44 20 7946 0321", "hash")  # no region needed: it has +44
        assert expected in stored
        queries: list[str] = []
        real_text = c.redactor.text

        def spy(tenant: str, text: str, policy: str, region: str | None = None) -> str:
            queries.append(real_text(tenant, text, policy, region))  # type: ignore[arg-type]
            return queries[-1]

        c.redactor.text = spy  # type: ignore[method-assign]
        r = client.post("/v1/memories/search", json={"query": "020 7946 0321 是谁的电话"}, headers=headers)
        assert r.status_code == 200, r.text
        assert queries and expected in queries[0]  # the query's national number read as GB, like the turn
        assert any(expected in m["summary"] + repr(m["slots"]) for m in r.json()["results"]), r.json()
