"""One turn -> action decision (`mal.capture_plan.decide`), consumed by the whole write path."""

from __future__ import annotations

from datetime import datetime

import pytest

import parsers
from mal import writing
from mal.capture_plan import TurnAction, decide
from tests.unit.fakes import fake_container, new_scope, write

NOW = datetime(2026, 3, 2, 9, 0)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("请忘记我的预算", TurnAction.FORGET),
        ("forget my budget", TurnAction.FORGET),
        ("不对，是800不是500", TurnAction.BARE_CORRECTION),
        ("actually it's 800, not 500", TurnAction.BARE_CORRECTION),
        ("不对，预算是800以内", TurnAction.FACTS),  # a correction with a fact of its own is that fact
        ("预算500以内", TurnAction.FACTS),
        ("I prefer Python", TurnAction.FACTS),
        ("好的谢谢", TurnAction.NOTHING),
        ("ok thanks", TurnAction.NOTHING),
    ],
)
def test_decide(text: str, action: TurnAction) -> None:
    assert decide(parsers.parse(text, NOW)) == action


def test_capture_plans_and_dispatches_through_the_one_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    c, scope = fake_container(), new_scope()
    assert write(c, scope, "s1", "预算500以内").memories  # written as a fact
    monkeypatch.setattr(writing, "decide", lambda parsed: TurnAction.NOTHING)
    c, scope = fake_container(), new_scope()
    result = write(c, scope, "s1", "预算500以内", "请忘记我的预算")
    assert result.memories == [] and result.forgotten == [] and result.questions == []
    assert result.recent_turns_kept == 2  # NOTHING still keeps the turns in the recent buffer


def test_forget_decision_forgets_in_the_same_capture() -> None:
    c, scope = fake_container(), new_scope()
    memory_id = write(c, scope, "s1", "我的预算是500元").memories[0].memory.id
    assert write(c, scope, "s2", "请忘记我的预算").forgotten == [memory_id]
