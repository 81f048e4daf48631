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


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("source", "13812345678"),  # a phone number where a label belongs
        ("domain", "13812345678"),
        ("source", "x4155550132"),  # a letter in front does not make it a label
        ("domain", "d078051120"),
        ("domain", "0work"),
    ],
)
def test_source_and_domain_refuse_identifier_shapes(field: str, value: str) -> None:
    from mal.api.schemas import CaptureBody

    with pytest.raises(ValueError, match=field):
        CaptureBody.model_validate({"session_id": "s", "turns": [], field: value})


@pytest.mark.parametrize(("field", "value"), [("source", "web"), ("source", "ios-v2"), ("domain", "health_2026")])
def test_source_and_domain_labels_pass(field: str, value: str) -> None:
    from mal.api.schemas import CaptureBody

    assert getattr(CaptureBody.model_validate({"session_id": "s", "turns": [], field: value}), field) == value
