"""The learned slot layer (parsers/slot_tagger.py, slot_features.py, slot_train.py): alignment of
labelled values to tokens, the committed tagger's spans, the combination rule (rules win, guards in
front, threshold, zero invention), and the fallback to rules when the artefact is missing or corrupt."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from pathlib import Path
from typing import Any, cast

import pytest

import parsers
from parsers import slot_tagger, slot_train, train
from parsers.slot_features import span_tag, tokens
from parsers.slot_tagger import Span

NOW = datetime(2024, 6, 14, 10, 0)


class _Fixed:
    """A stand-in tagger that proposes the given spans, so the combination rule is tested alone."""

    def __init__(self, spans: list[tuple[str, str, float]], threshold: float = 0.5) -> None:
        self._spans, self.threshold = spans, threshold

    def spans(self, text: str, rule_spans: list[tuple[str, str]]) -> list[Span]:
        return [Span(tag, value, text.find(value), p) for tag, value, p in self._spans if value in text]


def _added(text: str, spans: list[tuple[str, str, float]], rules: list[Any] | None = None) -> list[Any]:
    model = cast(slot_tagger.SlotModel, _Fixed(spans))
    return slot_tagger.slot_facts(text, parsers.detect_lang(text), list(rules or []), model=model)


# -- alignment -------------------------------------------------------------------------------


def test_zh_values_align_to_characters() -> None:
    text = "我在深圳做产品经理，对花生过敏"
    tags = slot_train.align(text, tokens(text), [("profile.city", "深圳"), ("family_health.allergen", "花生")])
    assert "".join(t for t, _, _ in tokens(text)) == text
    assert tags[2:4] == ["B-profile.city", "I-profile.city"]
    assert tags[11:13] == ["B-family_health.allergen", "I-family_health.allergen"]
    assert tags.count("O") == len(tags) - 4


def test_en_values_align_to_whole_words_only() -> None:
    text = "My father has type 2 diabetes, I live in Austin"
    toks = tokens(text)
    tags = slot_train.align(text, toks, [("family_health.condition", "type 2 diabetes"), ("profile.city", "Aus")])
    words = [t[0] for t in toks]
    assert tags[words.index("type")] == "B-family_health.condition"
    assert tags[words.index("diabetes")] == "I-family_health.condition"
    assert "B-profile.city" not in tags  # "Aus" is no whole word of the text: left untagged


def test_normalised_slots_are_never_tagged() -> None:
    assert span_tag("profile", {"field": "age", "value": "35"}) == []
    assert span_tag("profile", {"field": "diet", "value": "vegetarian"}) == []
    assert span_tag("family_health", {"relative": "son", "condition": "过敏", "allergen": "花生"}) == [
        ("family_health.allergen", "花生")
    ]
    assert span_tag("preference", {"item": "咖啡", "polarity": "dislike"}) == [("preference.dislike", "咖啡")]


# -- the committed tagger --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tag", "value"),
    [
        ("我在深圳做产品经理。", "profile.job", "产品经理"),
        ("下周三我要从上海飞成都", "travel_plan.arrival", "成都"),
        ("I'm allergic to penicillin.", "family_health.allergen", "penicillin"),
        ("My father has type 2 diabetes.", "family_health.condition", "type 2 diabetes"),
    ],
)
def test_the_committed_tagger_reads_spans_without_the_rules(text: str, tag: str, value: str) -> None:
    model = slot_tagger.load()
    assert model is not None
    assert (tag, value) in {(s.tag, s.value) for s in model.spans(text, [])}


def test_the_artefact_is_the_one_its_metadata_describes() -> None:
    meta = json.loads(slot_tagger.META.read_text())
    assert meta["sha256"] == hashlib.sha256(slot_tagger.ARTEFACT.read_bytes()).hexdigest()
    assert meta["rows"] == len(train._rows())
    assert 0.3 <= meta["threshold"] <= 0.95


def test_training_is_deterministic() -> None:
    data = slot_train.examples(train._rows(("parser_heldout.jsonl",)))
    assert slot_train.fit(data) == slot_train.fit(data)


# -- the combination rule --------------------------------------------------------------------


def test_the_tagger_adds_what_the_rules_missed_zh_and_en() -> None:
    zh = _added("我在一家小厂打杂，老家湘西", [("profile.hometown", "湘西", 0.9)])
    assert [(k, s) for k, _, s, _ in zh] == [("profile", {"field": "hometown", "value": "湘西"})]
    en = _added("kinda obsessed with matcha lately", [("preference.like", "matcha", 0.9)])
    assert [(k, s) for k, _, s, _ in en] == [("preference", {"item": "matcha", "polarity": "like"})]
    allergen = _added("shellfish and me don't mix, I swell up", [("family_health.allergen", "shellfish", 0.9)])
    assert allergen[0][2] == {"allergen": "shellfish", "relative": "self"}  # no "allergy" the text does not say
    med = _added("doc put my mom on metformin", [("family_health.medication", "metformin", 0.9)])
    assert med[0][2] == {"medication": "metformin", "relative": "mother"}


def test_rules_win_where_they_fire() -> None:
    rules: list[slot_tagger.Match] = [("profile", 0.9, {"field": "city", "value": "深圳"}, [])]
    out = _added("我在深圳南山上班", [("profile.city", "南山", 0.99)], rules)
    assert out == rules  # a rule fact of that intent and field exists: nothing added
    overlap = _added("我在深圳上班", [("travel_plan.arrival", "深圳", 0.99)], rules)
    assert overlap == rules  # a value a rule read as something else is never read again


def test_a_rule_fact_missing_the_slot_is_filled() -> None:
    rules: list[slot_tagger.Match] = [("travel_plan", 0.9, {"arrival": "成都", "date": "2024-06-19"}, [])]
    out = _added("下周三从上海出发去成都", [("travel_plan.departure", "上海", 0.9)], rules)
    assert out[0][2] == {"arrival": "成都", "date": "2024-06-19", "departure": "上海"}


def test_below_the_threshold_nothing_is_added() -> None:
    assert _added("老家湘西", [("profile.hometown", "湘西", 0.4)]) == []


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("我不是医生", ("profile.job", "医生")),
        ("I'm not a nurse anymore", ("profile.job", "nurse")),
        ("我同事在深圳做产品经理", ("profile.job", "产品经理")),
        ("my coworker is allergic to penicillin", ("family_health.allergen", "penicillin")),
        ("你觉得成都好玩吗", ("travel_plan.arrival", "成都")),
        ("What's the best hotel in Paris?", ("travel_plan.arrival", "Paris")),
        ("It rained all day in Seattle", ("profile.city", "Seattle")),
        ("他在深圳做产品经理", ("profile.job", "产品经理")),
        ("I switched from Chrome to Firefox", ("travel_plan.arrival", "Firefox")),
        ("从Chrome换到了Firefox", ("travel_plan.arrival", "Firefox")),
        ("我上周去了一趟西安，人太多了", ("travel_plan.arrival", "西安")),
        ("我爸爸喜欢钓鱼", ("preference.like", "钓鱼")),
        ("my son was diagnosed coeliac in May", ("profile.city", "May")),
        ("我以前在杭州住过", ("profile.city", "杭州")),
        ("I used to live in Leeds", ("profile.city", "Leeds")),
        ("I'm at Starbucks with my sister", ("profile.employer", "Starbucks")),
        ("I switched from an iPhone 15", ("profile.device", "iPhone 15")),
        ("每天早上我都喝咖啡", ("preference.dislike", "咖啡")),
        ("我不喜欢咖啡", ("preference.like", "咖啡")),
    ],
)
def test_the_parsers_guards_stand_in_front(text: str, span: tuple[str, str]) -> None:
    assert _added(text, [(*span, 0.99)]) == []


def test_a_request_that_names_a_city_gets_no_fact() -> None:
    spans = [("travel_plan.arrival", "北京", 0.99), ("travel_plan.arrival", "Paris", 0.99)]
    with slot_tagger.using(cast(slot_tagger.SlotModel, _Fixed(spans))):
        for text in ("北京有什么好玩的？", "帮我查一下北京明天的天气", "What's the weather in Paris?"):
            result = parsers.parse(text, NOW)
            assert result.intent == "request"
            assert not [f for f in result.facts if f.kind != "episode"]


@pytest.mark.parametrize(
    "text",
    [
        "我家那只橘猫叫大橘，天天拆家",
        "My sister just started as a dental hygienist in Tampa",
        "最近迷上了陶艺，周末都去",
        "爸爸一直在吃阿司匹林",
    ],
)
def test_zero_invention(text: str) -> None:
    """Every value of every fact, the tagger's included, is the text's own words or a label."""
    from bench.parser_eval import invented

    result = parsers.parse(text, NOW)
    for fact in result.facts:
        assert invented(text, dict(fact.slots)) == []


# -- the artefact missing or corrupt ---------------------------------------------------------


def test_a_missing_or_corrupt_artefact_means_rules_only(tmp_path: Path) -> None:
    assert slot_tagger.load(tmp_path / "none.crfsuite", tmp_path / "none.json") is None
    bad = tmp_path / "bad.crfsuite"
    bad.write_bytes(b"not a crfsuite model")
    meta = tmp_path / "bad.json"
    meta.write_text('{"threshold": 0.5}')
    assert slot_tagger.load(bad, meta) is None
    meta.write_text("{not json")
    assert slot_tagger.load(slot_tagger.ARTEFACT, meta) is None
    with slot_tagger.using(None):
        rules_only = parsers.parse("我在深圳做产品经理", NOW)
    assert [f.slots["value"] for f in rules_only.facts] == ["深圳", "产品经理"]


def test_a_failing_tagger_never_fails_a_parse() -> None:
    class _Broken:
        threshold = 0.5

        def spans(self, text: str, rule_spans: list[tuple[str, str]]) -> list[Span]:
            raise RuntimeError("boom")

    with slot_tagger.using(cast(slot_tagger.SlotModel, _Broken())):
        result = parsers.parse("我在深圳做产品经理", NOW)
    assert [f.slots["value"] for f in result.facts] == ["深圳", "产品经理"]
