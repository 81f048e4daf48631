"""Requests, denials and other people's facts (parsers/requests.py, parsers/__init__.py), zh and en.

A question or task for the assistant that states no fact about the user is a `request` (label
doc); a turn that only denies or ends a state, or is about someone outside the family, is an
`episode` even when the learned layer names a fact kind. Sentences written for these tests.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

import parsers
from bench import parser_bench
from parsers.requests import is_request

NOW = datetime(2024, 6, 14, 10, 0)


@pytest.mark.parametrize(
    "text",
    [
        "Could you suggest a podcast about history?",
        "how do i reset a router",
        "Draft a thank-you note for my teacher",
        "What's the population of Canada?",
        "Is it okay to drink green tea at night?",
        "你能给我讲讲量子计算吗",
        "番茄炒蛋怎么做",
        "帮我写一段生日祝福",
        "伦敦现在天气怎么样？",
    ],
)
def test_questions_and_tasks_for_the_assistant_are_requests(text: str) -> None:
    result = parsers.parse(text, NOW)
    # no fact is read, and a request that names no language, tool or deployment target stores nothing
    assert result.intent == "request" and result.facts == []


@pytest.mark.parametrize(
    "text",
    [
        "How do I sort a dict by value in Python?",
        "What is the best way to deploy a FastAPI service on AWS?",
        "Can you explain what a Dockerfile does?",
        "用Python怎么连接MySQL数据库？",
        "我的项目怎么部署到阿里云ECS？",
        "帮我写一个Java的单例模式",
    ],
)
def test_a_request_naming_a_language_tool_or_target_keeps_its_words(text: str) -> None:
    """Product rule: still a `request` (no general fact), but the words are kept as an episode so
    the cues mal/instructions.py counts (mentions of Python, deploys to AWS) are there to count."""
    result = parsers.parse(text, NOW)
    assert result.intent == "request"
    assert [f.kind for f in result.facts] == ["episode"] and result.facts[0].slots["content"] == text


@pytest.mark.parametrize(
    "text",
    ["What's the capital of Australia?", "帮我把这段话翻译成英文", "Where is the best place to host a party?"],
)
def test_a_request_naming_nothing_stores_nothing(text: str) -> None:
    """ "host" alone is a deploy word, but no deployment target is named, so nothing is kept."""
    result = parsers.parse(text, NOW)
    assert result.intent == "request" and result.facts == []


@pytest.mark.parametrize(
    "text",
    [
        "My mom has diabetes, what should she eat?",  # states a fact first
        "Remind me to call Sam tomorrow at 9",
        "Book me a flight from Rome to Paris on Monday",
        "我妈有高血压，平时吃什么好？",
        "帮我订明天北京到上海的高铁",
        "提醒我明天下午三点开会",
        "How's it going?",
        "在吗在吗",
    ],
)
def test_turns_with_a_fact_plan_or_greeting_are_not_requests(text: str) -> None:
    assert not is_request(text, parsers.detect_lang(text))


@pytest.mark.parametrize(
    "text",
    [
        "I don't have any pets",
        "I used to live in Madrid",
        "I'm not a coffee person",
        "我以前在杭州住过",
        "我已经不养猫了",
        "My roommate is allergic to dust",
        "我同事有糖尿病",
    ],
)
def test_denials_and_other_peoples_facts_are_episodes(text: str) -> None:
    result = parsers.parse(text, NOW)
    assert result.intent == "episode" and all(f.kind == "episode" for f in result.facts)


@pytest.mark.parametrize(
    "text, field, value",
    [
        ("I grew up in a little village called Hawes", "hometown", "Hawes"),
        ("I work in marketing", "job", "marketing"),
        ("We've got two dogs", "pet", "dogs"),
        ("My daughter is five", "age", "5"),
        ("我现在住厦门", "city", "厦门"),
        ("下个月刚满四十岁", "age", "40"),
        ("我在 Tesla 上班", "employer", "Tesla"),
    ],
)
def test_profile_families(text: str, field: str, value: str) -> None:
    assert any(f.slots.get("field") == field and f.slots.get("value") == value for f in parsers.parse(text, NOW).facts)


@pytest.mark.parametrize(
    "text, item, polarity",
    [
        ("I totally adore Thai food", "Thai food", "like"),
        ("I'm really into pottery lately", "pottery", "like"),
        ("I hate when people chew loudly", "people chew loudly", "dislike"),
        ("I'd rather have a window seat", "window seat", "like"),
        ("爵士乐不太感冒", "爵士乐", "dislike"),
        ("我特别能喝酒", "酒", "like"),
    ],
)
def test_preference_families(text: str, item: str, polarity: str) -> None:
    prefs = [f.slots for f in parsers.parse(text, NOW).facts if f.kind == "preference"]
    assert {"item": item, "polarity": polarity} in [{"item": p["item"], "polarity": p["polarity"]} for p in prefs]


@pytest.mark.parametrize(
    "text, relative, slot, value",
    [
        ("我妈有红斑狼疮", "mother", "condition", "红斑狼疮"),
        ("我爸查出了胆结石", "father", "condition", "胆结石"),
        ("I'm gluten intolerant", "self", "condition", "gluten intolerant"),
        ("我儿子吃虾会过敏", "son", "allergen", "虾"),
    ],
)
def test_health_families(text: str, relative: str, slot: str, value: str) -> None:
    health = [f.slots for f in parsers.parse(text, NOW).facts if f.kind == "family_health"]
    assert any(h.get("relative") == relative and h.get(slot) == value for h in health)


def test_no_allergy_is_not_an_allergen() -> None:
    for text in ("I don't have any food allergies", "我没有什么过敏的"):
        assert all(f.kind != "family_health" for f in parsers.parse(text, NOW).facts)


def test_a_blind_file_is_scored_with_aggregates_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--blind-file PATH` writes counts and rates to its own history file, never a turn's text."""
    rows = [
        {"text": "I live in Oslo", "lang": "en", "intent": "profile", "slots": {"field": "city", "value": "Oslo"}},
        {"text": "我对花生过敏", "lang": "zh", "intent": "family_health", "slots": {"relative": "self"}},
    ]
    blind = tmp_path / "writer_set.jsonl"
    blind.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    monkeypatch.setattr(parser_bench, "RESULTS", tmp_path)
    assert parser_bench.main(["--blind-file", str(blind), "--label", "unit test", "-v"]) == 0
    assert parser_bench.main(["--blind-file", str(blind)]) == 0
    written = (tmp_path / "parser_blind_files.json").read_text()
    runs = json.loads(written)["runs"]
    assert len(runs) == 2 and runs[0]["note"] == "unit test" and "writer_set" in runs[0]["sets"]
    assert "Oslo" not in written and "花生" not in written
