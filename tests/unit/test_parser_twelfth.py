"""Slot families of the twelfth round (brief parser12), zh, en and code-switched: clock times with
spaces or am/pm inside Chinese, corrections "I said X before but it's actually Y" and "不是在X住",
dislikes "not really into", filler tails (btw, especially ...), "我和我女儿都" / "my husband and I are
both" (the fact is the user's and the relative's), two limits of different things in one turn, a
code-switched hometown after 老家, and a name run on into the age.

The sentences are written for these tests (not copied from any labelled set). Rules only: the learned
slot tagger is switched off, so each test shows what the rules read.
"""

from __future__ import annotations

import pytest

import parsers
from tests.parser_facts import NOW, of, rules_only

pytestmark = pytest.mark.usefixtures(rules_only.__name__)


@pytest.mark.parametrize(
    ("text", "date", "time"),
    [
        ("提醒我后天下午 3 点交报告", "2024-06-16", "15:00"),
        ("帮我记一下明早 7 点半去跑步", "2024-06-15", "07:30"),
        ("周日 2pm 提醒我 pick up 快递", "2024-06-16", "14:00"),
        ("下周一晚上 8 点有个 call", "2024-06-17", "20:00"),
    ],
)
def test_spaced_or_am_pm_clock_in_chinese(text: str, date: str, time: str) -> None:
    todo = of("todo", text)
    assert todo and todo[0].get("date") == date and todo[0].get("time") == time


@pytest.mark.parametrize(
    ("text", "new", "old"),
    [
        ("I said Monday before, but it's actually Wednesday", "Wednesday", "Monday"),
        ("I told you vegan last time but I'm actually vegetarian", "vegetarian", "vegan"),
        ("不对，我不是在无锡住，是在常州", "常州", "无锡"),
        ("我说错了，我不是在宁波待，是在温州", "温州", "宁波"),
    ],
)
def test_corrections_said_earlier(text: str, new: str, old: str) -> None:
    fix = parsers.parse(text, NOW).correction
    assert fix is not None and (fix.new, fix.old) == (new, old)


@pytest.mark.parametrize(
    ("text", "item", "polarity"),
    [
        ("I'm not really into opera.", "opera", "dislike"),
        ("I am not that into horror movies", "horror movies", "dislike"),
        ("i really enjoy podcasts especially on my commute", "podcasts", "like"),
        ("I prefer aisle seats when I take the train", "aisle seats", "like"),
        ("I love crosswords btw", "crosswords", "like"),
    ],
)
def test_taste_without_its_tail(text: str, item: str, polarity: str) -> None:
    assert {"item": item, "polarity": polarity} in of("preference", text)


@pytest.mark.parametrize(
    ("text", "job"), [("im a pharmacist btw", "pharmacist"), ("I'm a nurse based in Leeds", "nurse")]
)
def test_job_without_its_tail(text: str, job: str) -> None:
    assert {"field": "job", "value": job} in of("profile", text)


@pytest.mark.parametrize(
    ("text", "relative", "slots"),
    [
        ("我和我女儿都对芒果过敏", "daughter", {"condition": "过敏", "allergen": "芒果"}),
        ("我跟我老公都有高血压", "spouse", {"condition": "高血压"}),
        (
            "My husband and I are both allergic to shellfish.",
            "spouse",
            {"condition": "allergy", "allergen": "shellfish"},
        ),
        ("my sister and I both have asthma", "sister", {"condition": "asthma"}),
    ],
)
def test_both_the_user_and_the_relative(text: str, relative: str, slots: dict[str, str]) -> None:
    health = of("family_health", text)
    assert {"relative": "self", **slots} in health and {"relative": relative, **slots} in health


def test_a_relatives_own_fact_is_not_the_users() -> None:
    assert [s["relative"] for s in of("family_health", "我女儿对芒果过敏")] == ["daughter"]


@pytest.mark.parametrize(
    ("text", "budgets"),
    [
        ("房租每月最多3000元，吃饭控制在1000元以内", [(3000.0, "rent"), (1000.0, "food")]),
        ("Rent is capped at $2,000 and I keep groceries under $400 a month.", [(2000.0, "rent"), (400.0, "food")]),
        ("I try to keep dining out under $250 a month", [(250.0, "food")]),
        ("预算3000到5000", [(5000.0, "general"), (3000.0, "general")]),  # a range stays one budget's two bounds
    ],
)
def test_limits_of_different_things(text: str, budgets: list[tuple[float, str]]) -> None:
    assert [(b["amount"], b["category"]) for b in of("budget", text)] == budgets


@pytest.mark.parametrize(("text", "place"), [("我老家 Chengdu 的", "Chengdu"), ("我老家是Kuching", "Kuching")])
def test_code_switched_hometown(text: str, place: str) -> None:
    assert {"field": "hometown", "value": place} in of("profile", text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("我叫王明远今年二十八岁在苏州做设计", "王明远"),
        ("我叫陈小雨在南京上班", "陈小雨"),
        ("我叫李小红，今年28", "李小红"),
    ],
)
def test_name_run_on_into_the_next_fact(text: str, name: str) -> None:
    assert {"field": "name", "value": name} in of("profile", text)
