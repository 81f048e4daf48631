"""Nineteenth round (helper unblock19zh): Chinese restatements a veto misread (mal/dedup_unblock19_zh.py).
For each reading fixed, a restatement that now passes every veto and a near miss beside it that is
still vetoed. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_unblock19_zh import dictionary_paired, one_word
from mal.models import Memory
from tests.dedup_memories import (
    assert_family_silent,
    assert_family_vetoes,
    assert_passes_veto,
    assert_vetoed,
    memory,
)

# --- one word written with a synonymous character: 读书 / 念书, 胃疼 / 胃痛


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我表妹在英国读书", "用户的表妹在英国念书"),
        ("我外公最近常常胃疼", "用户的外公最近常常胃痛"),
        ("我奶奶信基督教", "用户的奶奶是基督徒"),
    ],
)
def test_one_word_with_a_synonymous_character_passes(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我表妹在英国读书", "用户的表妹在英国教书"),  # another deed on the same 书
        ("我表妹暑假学潜水", "我表妹暑假学跳水"),  # "to dive" is not "to dive (into water)"
        ("我外公去年退役了", "我外公去年退休了"),  # glossed alike only once the qualifier is dropped
        ("我外公最近常常胃疼", "用户的外公最近常常头疼"),  # another ache
    ],
)
def test_a_near_miss_beside_a_synonymous_character_is_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


def test_one_word_needs_one_character_and_one_entry() -> None:
    assert one_word("读书", "念书")
    assert not one_word("经理", "管理员")  # co-hyponyms glossed "manager": two lengths
    assert not one_word("教会", "教书")  # 教会 is also "church": two entries
    assert not one_word("草莓", "蓝莓")
    assert dictionary_paired(frozenset({"读书", "英国"}), frozenset({"念书"})) == (frozenset({"英国"}), frozenset())


# --- 尚未 / 并未 (an adverb cut with 未) is the written 还没; 没过 is "not passed", no experience


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我表哥的论文还没发表", "用户表哥的论文尚未发表"),
        ("我弟弟在考驾照，科目一还没过", "用户的弟弟正在考驾照，科目一尚未通过"),
    ],
)
def test_a_written_not_yet_passes(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我表哥的论文已经发表了", "用户表哥的论文尚未发表"),  # done against not yet
        ("我弟弟在学滑雪", "我弟弟没学过滑雪"),  # never learnt is still an experience denied
        ("我弟弟学过滑雪", "我弟弟在学滑雪"),  # learnt before against learning now
    ],
)
def test_a_near_miss_beside_a_written_not_yet_is_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


# --- a to-do whose task is its whole turn is read by the text checks, as an episode is


def _todo(text: str, date: str) -> Memory:
    return memory("todo", text, task=text, date=date)


@pytest.mark.parametrize(
    ("todo", "date", "episode"),
    [
        ("用户侄女每逢周日上午会去上画画课", "2026-12-06", "我侄女每周日上午上画画课"),
        ("用户外甥周二晚上上围棋课", "2026-12-01", "外甥每周二晚上学围棋"),
    ],
)
def test_a_whole_turn_to_do_passes_the_slots(todo: str, date: str, episode: str) -> None:
    assert_family_silent("slots", _todo(todo, date), memory("episode", episode))


@pytest.mark.parametrize(
    ("todo", "date", "episode"),
    [
        ("我后天和小林吃午饭", "2026-12-02", "我明天和小林吃午饭"),  # another day
        ("我表姐下周五办婚礼", "2026-12-11", "我表姐这周五办婚礼"),
    ],
)
def test_a_whole_turn_to_do_on_another_day_is_vetoed(todo: str, date: str, episode: str) -> None:
    assert_family_vetoes("slots", _todo(todo, date), memory("episode", episode))


def test_a_to_do_with_a_task_of_its_own_is_read_by_its_task() -> None:
    todo = memory("todo", "记得提醒我给外婆寄药", task="给外婆寄药")
    assert_family_vetoes("slots", todo, memory("episode", "我要给外婆寄快递"))


# --- a Chinese to-do with only a task is said by a text that says the task (打个电话 is 打电话)


def test_a_to_do_task_said_with_a_measure_word_passes() -> None:
    todo = memory("todo", "记得提醒我给舅舅回电话", task="给舅舅回电话")
    assert_family_silent("slots", todo, memory("episode", "提醒我一下要给舅舅回个电话"))


@pytest.mark.parametrize(
    "episode",
    [
        "提醒我一下要给舅妈回个电话",  # another person
        "我已经给舅舅回过电话了",  # the deed done
    ],
)
def test_a_near_miss_beside_a_to_do_task_is_vetoed(episode: str) -> None:
    todo = memory("todo", "记得提醒我给舅舅回电话", task="给舅舅回电话")
    for x, y in ((todo, memory("episode", episode)), (memory("episode", episode), todo)):
        assert dedup.veto_reasons(x, y), episode
