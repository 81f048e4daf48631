"""The learned intent layer: its numpy featuriser is scikit-learn's, its artefact loads, and it
reads unseen phrasings the keyword rules miss, in both languages."""

from __future__ import annotations

from datetime import datetime

import pytest

import parsers
from parsers.intent_model import char_ngrams, classify, load_model

NOW = datetime(2024, 6, 14, 10, 0)


@pytest.mark.parametrize("text", ["I'm allergic to penicillin", "我今年35岁。", "a  b", "x", "Hello, wörld!!"])
def test_char_ngrams_are_scikit_learns_char_wb(text: str) -> None:
    from sklearn.feature_extraction.text import TfidfVectorizer

    analyse = TfidfVectorizer(analyzer="char_wb", ngram_range=(1, 3)).build_analyzer()
    assert char_ngrams(text) == analyse(text)


def test_artefact_loads_with_calibrated_probabilities() -> None:
    model = load_model()
    assert model is not None and "request" in model.classes and 0.2 < model.temperature < 5
    scores = model.scores("帮我把这段话翻译成英文")
    assert abs(sum(p for _, p in scores) - 1.0) < 1e-6


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("What's the capital of Australia?", "request"),
        ("帮我把这段话翻译成英文", "request"),
        ("哈哈好的，谢谢啦", "smalltalk"),
    ],
)
def test_questions_and_chat_are_classified_and_store_nothing(text: str, intent: str) -> None:
    label = classify(text)
    assert label is not None and label[0] == intent
    result = parsers.parse(text, NOW)
    assert result.intent == intent and result.facts == []


def test_several_facts_per_turn_in_reading_order() -> None:
    result = parsers.parse("我35岁，在深圳做产品经理", NOW)
    assert [(f.slots["field"], f.slots["value"]) for f in result.facts] == [
        ("age", "35"),
        ("city", "深圳"),
        ("job", "产品经理"),
    ]
    health = parsers.parse("My mom has type 2 diabetes and takes metformin", NOW).facts[0].slots
    assert (health["relative"], health["condition"], health["medication"]) == ("mother", "type 2 diabetes", "metformin")
    son = parsers.parse("我儿子对花生过敏。", NOW).facts[0].slots
    assert (son["relative"], son["allergen"]) == ("son", "花生")
