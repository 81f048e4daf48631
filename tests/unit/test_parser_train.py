"""The intent trainer reads every development set, the retired blind sets included, and refuses a
current blind set by name (parsers/train.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers import train


def test_the_retired_blind_sets_are_training_data() -> None:
    assert set(train.RETIRED) <= set(train.TRAIN_SETS)
    assert train._rows(("parser_blind4.jsonl",))
    assert train._rows(("parser_blind5.jsonl",))
    assert train._rows(("parser_blind6.jsonl",))
    assert train._rows(("parser_blind7.jsonl",))
    assert train._rows(("parser_blind8.jsonl",))
    assert train._rows(("parser_blind9.jsonl",))
    assert train._rows(("parser_blind10.jsonl",))
    assert train._rows(("parser_blind11.jsonl",))
    assert train._rows(("parser_blind12.jsonl",))
    assert train._rows(("parser_blind13.jsonl",))
    assert train._rows(("parser_blind14.jsonl",))
    assert train._rows(("parser_blind15.jsonl",))
    assert train._rows(("parser_blind16.jsonl",))
    assert train._rows(("parser_blind17.jsonl",))
    assert train._rows(("parser_blind18.jsonl",))
    assert train._rows(("parser_blind20.jsonl",))
    assert train._rows(("parser_blind21.jsonl",))
    assert train._rows(("parser_blind22.jsonl",))


def test_a_current_blind_set_is_never_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    row = '{"text": "hi", "intent": "smalltalk"}\n'
    for name in ("parser_blind19.jsonl", "parser_blind23.jsonl", "parser_dev9.jsonl"):
        (tmp_path / name).write_text(row)
    monkeypatch.setattr(train, "DATA", tmp_path)
    assert train._rows(("parser_blind19.jsonl",)) == []
    assert train._rows(("parser_blind23.jsonl",)) == []
    assert len(train._rows(("parser_dev9.jsonl",))) == 1
