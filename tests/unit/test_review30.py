"""Defects review30 found in the twenty-third round's parser readings (issue #11): a second timed task
invented from someone else's errand, a non-task or a cancelled one; 我叫 + a person read as the user's
name; a common English word read as a surname; someone else's or a tool's work read as feedback on the
assistant; a state since a dated time read as a task. zh and en turns written for these tests."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

import parsers

NOW = datetime(2024, 6, 14, 10, 0)


def _facts(text: str, kind: str) -> list[dict[str, Any]]:
    return [f.slots for f in parsers.parse(text, NOW).facts if f.kind == kind]


def _when(text: str) -> list[tuple[str | None, str | None]]:
    return [(s.get("date"), s.get("time")) for s in _facts(text, "todo")]


def _names(text: str) -> list[str]:
    return [str(s["value"]) for s in _facts(text, "profile") if s.get("field") == "name"]


# -- A. a second clause at its own clock time is a task only when it is the user's own errand ----------
@pytest.mark.parametrize(
    "text",
    [
        "明天上午10点开会，下午3点我老公去接孩子",
        "明天上午10点开会，下午3点结束",
        "明天上午10点开会，下午3点到上海",
        "明天上午10点开会，下午3点才有空",
        "明天上午10点开会，下午3点也行",
        "明天上午10点开会，下午3点吧",
        "明天上午10点开会，下午3点的会取消了",
        "明天上午10点开会，下午3点不用去接孩子了",
        "明天晚上11点睡觉，早上7点起床",
        "I have a meeting tomorrow at 10am and my husband has a call at 3pm",
        "I have a dentist appointment tomorrow at 9am and the store closes at 9pm",
        "I have a meeting tomorrow at 10am and a plumber comes at 3pm",
        "I have a meeting tomorrow at 10am and a call with Sam at 3pm or maybe not",
    ],
)
def test_a_second_clause_that_is_no_task_of_the_users_adds_none(text: str) -> None:
    assert len(_facts(text, "todo")) <= 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("明天上午10点开会，下午3点去接孩子", [("2024-06-15", "10:00"), ("2024-06-15", "15:00")]),
        ("明天上午9点开会，下午4点我去见客户", [("2024-06-15", "09:00"), ("2024-06-15", "16:00")]),
        (
            "I've got a haircut tomorrow at 11:30am and a call with my landlord at 4pm",
            [("2024-06-15", "11:30"), ("2024-06-15", "16:00")],
        ),
    ],
)
def test_the_users_own_second_errand_later_that_day_still_reads(text: str, expected: list[tuple[str, str]]) -> None:
    assert _when(text) == expected


@pytest.mark.parametrize(
    ("text", "tasks"),
    [
        (
            "明天 10am 有个 meeting，下午 3pm 要去 gym",
            [("明天 10am 有个 meeting", "10:00"), ("下午 3pm 要去 gym", "15:00")],
        ),
        ("明天上午9点开会，下午4点我要去取快递", [("明天上午9点开会", "09:00"), ("下午4点我要去取快递", "16:00")]),
    ],
)
def test_the_second_clauses_task_is_stored_once(text: str, tasks: list[tuple[str, str]]) -> None:
    assert [(s["task"], s["time"]) for s in _facts(text, "todo")] == tasks


# -- B. 我叫 + a person or pronoun asks someone over; 我家 is no place one came to ---------------------
@pytest.mark.parametrize(
    "text",
    [
        "我叫我妈来北京看病",
        "我叫我弟来深圳工作",
        "我叫我女儿来上海读书",
        "我叫张三来了我家以后他就不走了",
        "我叫他来上海工作",
    ],
)
def test_calling_a_person_over_names_nobody(text: str) -> None:
    assert _names(text) == []


@pytest.mark.parametrize(("text", "name"), [("我叫王伟来北京出差", "王伟"), ("我叫李娜来了杭州以后当了老师", "李娜")])
def test_a_self_introduction_before_a_trip_still_names_the_user(text: str, name: str) -> None:
    assert _names(text) == [name]


# -- C. a common English word after a given name is no surname ------------------------------------
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("我叫 Kevin Nice to meet you", "Kevin"),
        ("我叫 Kevin Thanks", "Kevin"),
        ("我叫 Kevin Hello", "Kevin"),
        ("我叫 Kevin Zhang，今年 33", "Kevin Zhang"),
        ("我叫Anna Smith", "Anna Smith"),
    ],
)
def test_a_surname_is_no_common_english_word(text: str, name: str) -> None:
    assert _names(text) == [name]


# -- D. feedback on a piece of work only when the work is the assistant's ---------------------------
@pytest.mark.parametrize(
    "text",
    [
        "My sister translated it and the translation is weird",
        "The subtitle translation in that movie was weird",
        "DeepL translation is weird",
        "The explanation my doctor gave was weird",
        "谷歌翻译不太对",
        "他说的不太对",
        "我妈给的解释不太对",
    ],
)
def test_someone_elses_or_a_tools_work_is_no_feedback(text: str) -> None:
    assert _facts(text, "feedback") == []


@pytest.mark.parametrize(
    ("text", "sentiment"),
    [
        ("你的翻译不太对", "negative"),
        ("刚才的解释有点 weird", "negative"),
        ("这个翻译不太对", "negative"),
        ("Your translation is weird", "negative"),
        ("That summary missed the point.", "negative"),
    ],
)
def test_the_assistants_work_pointed_at_is_still_feedback(text: str, sentiment: str) -> None:
    assert [s["sentiment"] for s in _facts(text, "feedback")] == [sentiment]


# -- E. a dated start is a task only for work, school or a shift --------------------------------------
@pytest.mark.parametrize(
    "text", ["我周一早上九点开始就没吃东西", "我周二晚上十一点开始失眠", "I've been awake since Monday at 9am"]
)
def test_a_state_since_a_dated_time_is_no_task(text: str) -> None:
    assert _facts(text, "todo") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我周一早上九点开始上班", ("2024-06-17", "09:00")),
        ("我下周二早上八点半开始值班", ("2024-06-18", "08:30")),
        ("I start class on Monday at 9am", ("2024-06-17", "09:00")),
    ],
)
def test_a_dated_start_of_work_or_school_is_still_a_task(text: str, expected: tuple[str, str]) -> None:
    assert _when(text) == [expected]
