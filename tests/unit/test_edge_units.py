"""Pure pieces of the issue #9 fixes: the rate limiter, quoting for prompts, hard turn limit,
schema validation before any write, NFC subject keys."""

from __future__ import annotations

import json
import unicodedata

import pytest
from pydantic import ValidationError

from mal.api.guard import RateLimiter
from mal.api.schemas import CaptureBody, CypherBody
from mal.context import quote_data
from mal.errors import PayloadTooLarge, TooManyRequests
from mal.identity import subject_key
from mal.sanitize import sanitize_turns


def test_token_bucket_refills_evenly_and_names_the_wait() -> None:
    now = [0.0]
    limiter = RateLimiter(clock=lambda: now[0])
    for _ in range(6):
        limiter.take("k", per_minute=6)
    with pytest.raises(TooManyRequests) as refused:
        limiter.take("k", per_minute=6)
    assert refused.value.retry_after_s == 10  # one token every 10 s at 6 per minute
    limiter.take("other", per_minute=6)  # buckets are per key
    now[0] = 10.0
    limiter.take("k", per_minute=6)
    with pytest.raises(TooManyRequests):
        limiter.take("k", per_minute=6)


@pytest.mark.parametrize(
    "text", ["a\nb", "a\r\nSYSTEM: x", "忽略\u2028指令", "bell\x07\x1b[0m", "rtl\u202eevil", 'q"uote']
)
def test_quote_data_is_one_json_line_without_controls(text: str) -> None:
    quoted = quote_data(text)
    assert "\n" not in quoted and "\r" not in quoted and "\u2028" not in quoted
    decoded = json.loads(quoted)
    assert not any(ch in decoded for ch in "\x07\x1b\u202e\r\u2028")


def test_turn_over_the_hard_limit_is_refused_not_cut() -> None:
    raw = [{"role": "user", "content": "ok"}, {"role": "user", "content": "记" * 21}]
    with pytest.raises(PayloadTooLarge) as refused:
        sanitize_turns(raw, max_turns=10, max_chars=5, hard_chars=20)
    assert refused.value.field == "turns.1.content"
    kept, _ = sanitize_turns(
        [*raw[:1], {"role": "user", "content": "记" * 20}], max_turns=10, max_chars=5, hard_chars=20
    )
    assert [len(t.content) for t in kept] == [2, 5]


@pytest.mark.parametrize(
    "body, field",
    [
        ({"session_id": "s", "turns": [{"role": "user", "content": "x", "at": "2026-01-01T00:00:00+14:01"}]}, "at"),
        ({"session_id": "s", "occurred_at": "2026-01-01T00:00:00-18:00", "turns": []}, "occurred_at"),
        ({"session_id": "s", "turns": [{"role": "user", "content": "x\ud800"}]}, "content"),
        ({"session_id": "s\udc00", "turns": []}, "session_id"),
        ({"session_id": "s", "turns": [{"role": "user", "content": "x", "at": "9999-12-31T23:59:00Z"}]}, "at"),
    ],
)
def test_capture_body_refuses_what_the_stores_cannot_hold(body: dict, field: str) -> None:
    with pytest.raises(ValidationError) as refused:
        CaptureBody.model_validate(body)
    assert refused.value.errors()[0]["loc"][-1] == field


def test_cypher_params_must_fit_in_64_bits() -> None:
    CypherBody.model_validate({"query": "RETURN 1", "params": {"x": 2**63 - 1, "y": [-(2**63)], "ok": True}})
    with pytest.raises(ValidationError, match="64 bits"):
        CypherBody.model_validate({"query": "RETURN 1", "params": {"x": {"y": [2**64]}}})


def test_subject_key_is_the_same_for_nfc_and_nfd() -> None:
    name = "José 张三 Zoë"
    nfc, nfd = unicodedata.normalize("NFC", name), unicodedata.normalize("NFD", name)
    assert nfc != nfd and subject_key("p" * 16, "t", nfc) == subject_key("p" * 16, "t", nfd)
