"""The parser logs nothing of a user's text, not even through a library it calls.

jionlp writes the traceback of a time phrase it cannot resolve to the root logger with
`logging.error`, and the traceback quotes the phrase ("周三晚上上"). Under the service the root
logger's last-resort handler printed it to stderr, so a user's words reached the service log.
"""

from __future__ import annotations

import logging
from datetime import datetime

import pytest

import parsers

NOW = datetime(2026, 12, 2, 9, 0)


@pytest.mark.parametrize("text", ["我每周三晚上上普拉提课", "下周三晚上上完课去吃饭"])
def test_an_unresolvable_time_phrase_leaves_no_text_in_the_log(text: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG):
        result = parsers.parse(text, NOW)
    assert result.facts, "the turn is still parsed"
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "周三" not in logged and "晚上" not in logged, logged[:200]
