"""A note an assistant keeps about the user ("User ...", "the user ...", "用户...") is stored: the
learned intent layer, trained on the user's own turns, took such notes for requests and nothing was
written (the fourteenth round's dev5 pairs: 14 restatements with no memory on one side). A question
or a task that mentions the user is still a request. Every sentence here is new."""

from __future__ import annotations

from datetime import datetime

import pytest

import parsers

NOW = datetime(2024, 6, 14, 10, 0)


@pytest.mark.parametrize(
    "note",
    [
        "用户是O型血。",
        "用户每星期一和星期三去上吉他课。",
        "用户一个月去两回牙科诊所。",
        "User sees a physiotherapist for her knee.",
        "User is in training for a half marathon.",
        "On weekends the user volunteers at an animal shelter.",
        "When commuting, the user listens to audiobooks.",
    ],
)
def test_a_note_about_the_user_is_stored(note: str) -> None:
    result = parsers.parse(note, NOW)
    assert result.intent != "request" and result.facts, (note, result.intent)


@pytest.mark.parametrize(
    "turn",
    [
        "帮我做一个用户注册表单",
        "用户名在哪里改？",
        "What's the user's timezone?",
        "Could you draft a welcome email for the user?",
    ],
)
def test_a_question_or_task_mentioning_the_user_stores_no_note(turn: str) -> None:
    result = parsers.parse(turn, NOW)
    assert result.intent != "episode", turn
