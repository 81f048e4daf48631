"""The v2 scorer: several facts per turn, request intent, new normalised slots, aggregates only."""

from __future__ import annotations

from bench.parser_eval import Report, Tally, _score_turn, gold_facts, invented


def _score(text: str, gold: list, pred: list) -> tuple[Tally, Report]:  # type: ignore[type-arg]
    report = Report()
    _score_turn(text, gold, pred, [report.total], report)
    return report.total, report


def test_every_fact_of_a_turn_is_scored_in_any_order() -> None:
    text = "我35岁，在深圳做产品经理"
    gold = gold_facts(
        {
            "text": text,
            "intent": "profile",
            "slots": {"field": "age", "value": "35"},
            "more": [
                {"intent": "profile", "slots": {"field": "city", "value": "深圳"}},
                {"intent": "profile", "slots": {"field": "job", "value": "产品经理"}},
            ],
        }
    )
    tally, _ = _score(text, gold, [gold[0], gold[2], gold[1]])
    assert (tally.tp, tally.fp, tally.fn, tally.matched_facts) == (6, 0, 0, 3)
    tally, _ = _score(text, gold, [gold[0]])  # two facts missed: recall falls, precision holds
    assert (tally.tp, tally.fp, tally.fn) == (2, 0, 4)
    assert tally.precision == 1.0 and round(tally.recall, 3) == 0.333
    assert tally.intent_correct == 1


def test_a_fact_stored_for_a_request_costs_accuracy_and_precision() -> None:
    text = "What's the capital of Australia?"
    tally, report = _score(text, [("request", {})], [("preference", {"item": "Australia", "polarity": "like"})])
    assert tally.intent_correct == 0 and tally.fp == 2 and tally.fn == 0
    assert report.misses == [(text, "request", "preference")]
    tally, _ = _score(text, [("request", {})], [("request", {})])
    assert tally.intent_correct == 1 and tally.predicted_facts == 0


def test_new_normalised_slots_are_not_inventions_but_other_values_are() -> None:
    assert invented("我今年三十五岁", {"field": "age", "value": "35"}) == []
    assert invented("我今年三十五岁", {"field": "age", "value": "36"}) == ["value=36"]
    assert invented("I'm vegetarian", {"field": "diet", "value": "vegetarian"}) == []
    assert invented("我妈妈生日是3月5号", {"field": "birthday", "value": "03-05", "relative": "mother"}) == []
    assert invented("我妈妈生日是3月5号", {"field": "birthday", "value": "03-06"}) == ["value=03-06"]
    assert invented("我对花生过敏", {"relative": "self", "condition": "过敏", "allergen": "花生"}) == []
    assert invented("我对花生过敏", {"allergen": "芒果"}) == ["allergen=芒果"]


def test_aggregates_carry_no_text() -> None:
    report = Report()
    _score_turn("我对花生过敏", [("request", {})], [("episode", {})], [report.total], report)
    report.latencies_ms.append(1.0)
    assert "过敏" not in str(report.as_dict())
