import pytest

from mal.errors import PayloadTooLarge
from mal.sanitize import sanitize_turns


def test_drops_bad_roles_and_empty_content_and_cuts_long_turns() -> None:
    raw = [
        {"role": "user", "content": "  hi there  "},
        {"role": "system", "content": "x"},
        {"role": "assistant", "content": "   "},
        {"role": "tool", "content": "y"},
        {"role": "assistant", "content": "a" * 2500},
        {"content": "no role"},
    ]
    kept, dropped = sanitize_turns(raw, max_turns=200, max_chars=2000)
    assert [t.role for t in kept] == ["user", "assistant"]
    assert kept[0].content == "hi there" and len(kept[1].content) == 2000
    assert dropped == 4


def test_too_many_turns_is_payload_too_large() -> None:
    with pytest.raises(PayloadTooLarge, match="201"):
        sanitize_turns([{"role": "user", "content": "x"}] * 201, max_turns=200, max_chars=2000)
