"""Table-driven parser cases (the seeds' examples first) and a guard over the labelled sets."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

import parsers
from bench.parser_eval import DATA, evaluate, invented, load

NOW = datetime(2024, 6, 14, 10, 0)


def parse(text: str) -> parsers.ParseResult:
    return parsers.parse(text, NOW)


def test_seed_train_booking() -> None:
    fact = parse("帮我订明天下午3点从北京南到上海虹桥的高铁二等座，预算500以内").facts[0]
    assert fact.kind == "travel_plan"
    assert {
        k: fact.slots[k] for k in ("departure", "arrival", "date", "time", "seat_class", "budget_max", "currency")
    } == {
        "departure": "北京南",
        "arrival": "上海虹桥",
        "date": "2024-06-15",
        "time": "15:00",
        "seat_class": "second_class",
        "budget_max": 500.0,
        "currency": "CNY",
    }
    assert fact.summary == "行程：北京南 → 上海虹桥，2024-06-15 15:00，火车/高铁，二等座，预算500元以内"
    result = parse("帮我订明天下午3点从北京南到上海虹桥的高铁二等座，预算500以内")
    assert result.sub_intents[0][0] == "travel_plan" and ("budget", 0.9) in result.sub_intents


@pytest.mark.parametrize(
    "text,relative,condition",
    [
        ("我妈妈有高血压", "mother", "高血压"),
        ("我爸爸有糖尿病", "father", "糖尿病"),
        ("my mother has high blood pressure", "mother", "high blood pressure"),
    ],
)
def test_family_history_is_one_quadruple_per_relative(text: str, relative: str, condition: str) -> None:
    fact = parse(text).facts[0]
    assert fact.kind == "family_health" and fact.slots["relative"] == relative
    assert [(e.name, e.relation, e.detail) for e in fact.entities] == [(condition, "HAS_FAMILY_HISTORY", relative)]


@pytest.mark.parametrize(
    "text,new,old",
    [
        ("不对，是2024年不是2023年", "2024", "2023"),
        ("actually it's 800, not 500", "800", "500"),
    ],
)
def test_corrections(text: str, new: str, old: str) -> None:
    assert parse(text).correction == parsers.Correction(new, old)


def test_explicit_correction_and_unexplained_contradiction() -> None:
    existing = [{"id": "m1", "slots": {"category": "general", "amount": 500.0, "currency": "CNY", "bound": "max"}}]
    disputed = parsers.check_conflict(parse("预算800以内").facts[0], existing)
    assert disputed is not None and not disputed.explicit
    assert disputed.question == "您之前设定预算500元，本次为800元，是否更新？"
    corrected = parsers.check_conflict(parse("不对，预算是800以内").facts[0], existing)
    assert corrected is not None and corrected.explicit
    en = parsers.check_conflict(
        parse("my budget is $800").facts[0],
        [{"id": "m", "slots": {"category": "general", "amount": 500.0, "currency": "USD"}}],
    )
    assert en is not None and en.question.startswith("You previously set a budget of 500")
    assert parsers.apply_correction(parsers.Correction("800", "500"), existing) == (
        "m1",
        "amount",
        {"category": "general", "amount": 800.0, "currency": "CNY", "bound": "max"},
    )


@pytest.mark.parametrize(
    "text,label,minimum",
    [
        ("响应太慢", "frustrated", 0.6),
        ("你们这服务真是垃圾", "angry", 0.8),
        ("太好了，非常满意", "satisfied", 0.7),
        ("This app is terrible", "angry", 0.8),
        ("thanks, that was helpful", "satisfied", 0.7),
        ("我们明天见", "neutral", 0.0),
    ],
)
def test_sentiment_label_and_intensity(text: str, label: str, minimum: float) -> None:
    result = parse(text)
    assert result.sentiment == label and minimum <= result.intensity <= 1.0


def test_repeated_complaint_is_a_feedback_fact_with_its_sentiment() -> None:
    fact = parse("响应太慢了！！").facts[0]
    assert fact.kind == "feedback" and fact.sentiment == "frustrated" and fact.intensity >= 0.8


@pytest.mark.parametrize(
    "text,kinds",
    [
        ("忘掉我说过的预算", ("budget",)),
        ("forget my address", ("profile",)),
        ("请删除我的住址信息", ("profile",)),
    ],
)
def test_forget_requests(text: str, kinds: tuple[str, ...]) -> None:
    result = parse(text)
    assert result.intent == "forget_request" and result.forget is not None and result.forget.kinds == kinds


@pytest.mark.parametrize("text", ["我忘记带钥匙了", "I forgot my umbrella", "我的手机忘记充电了"])
def test_forgetting_something_is_not_a_forget_request(text: str) -> None:
    assert parse(text).forget is None


@pytest.mark.parametrize(
    "text,intent",
    [
        ("你好", "smalltalk"),
        ("thanks!", "smalltalk"),
        ("我爸爸喜欢钓鱼", "episode"),
        ("Do you like Python?", "request"),  # a question for the assistant (label doc: request)
    ],
)
def test_hard_negatives(text: str, intent: str) -> None:
    assert parse(text).intent == intent


def test_relative_dates_resolve_against_the_session_time_not_the_clock() -> None:
    later = parsers.parse("提醒我明天上午9点开会", datetime(2030, 1, 31, 8, 0)).facts[0]
    assert (later.slots["date"], later.slots["time"]) == ("2030-02-01", "09:00")
    assert "date" not in parse("We're going to Lisbon next month").facts[0].slots  # a month is not a day


def test_chinese_numerals_and_amount_bounds() -> None:
    assert parse("我的预算是不超过两千元").facts[0].slots["amount"] == 2000.0
    assert parse("我们的预算最多花三万").facts[0].slots["amount"] == 30000.0
    assert parse("电脑预算至少8000元").facts[0].slots["bound"] == "min"


def test_summaries_never_carry_a_value_the_slots_do_not_have() -> None:
    summary = parsers.render("profile", {"field": "name", "value": "张三"}, "zh")
    assert summary == "用户姓名：张三"
    assert parsers.render("travel_plan", {"arrival": "东京"}, "zh") == "行程：东京"


def test_invented_value_checker_catches_inventions() -> None:
    assert invented("我叫张三", {"field": "name", "value": "张三"}) == []
    assert invented("我叫张三", {"field": "name", "value": "李四"}) == ["value=李四"]
    assert invented("预算500以内", {"amount": 700.0}) == ["amount=700.0"]


@pytest.mark.parametrize("path", [DATA, Path(DATA).with_name("parser_heldout.jsonl")])
def test_labelled_sets_meet_the_targets_and_invent_nothing(path: Path) -> None:
    rows = load(path)
    report = evaluate(rows)
    assert report.invented == []
    assert report.accuracy >= 0.92, report.misses
    assert report.f1 >= 0.92, report.slot_errors
    if path == DATA:
        assert len(rows) >= 300


def test_prototype_fallback_labels_short_unmatched_utterances_but_never_makes_facts() -> None:
    """A stand-in embedder (bag of characters) is enough to test the mechanism, which is pure."""
    import math

    def embed(texts):  # type: ignore[no-untyped-def]
        out = []
        for text in texts:
            counts = [text.lower().count(ch) for ch in "abcdefghijklmnopqrstuvwxyz"]
            norm = math.sqrt(sum(c * c for c in counts)) or 1.0
            out.append([c / norm for c in counts])
        return out

    fallback = parsers.prototype_fallback(embed, threshold=0.9)
    assert fallback("a sentence with far more than eight words in it, surely an episode") is None
    label = fallback("see ya later")
    assert label is not None and label[0] == "smalltalk"
    assert fallback("谢谢你呀") is None  # English-only model: no guesses on Chinese
    result = parsers.parse("see ya later", NOW, fallback=fallback)
    assert result.intent == "smalltalk" and result.facts == []
