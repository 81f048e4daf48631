"""Seventh round of the intent layer (issue #11): families that generalise across writers, zh and en.

- the word block of the learned layer reproduces scikit-learn's word analyser, and the artefact
  carries it;
- a how-are-you shaped as a question is chat, not a request, with or without a greeting word in
  front (near misses that ask something real stay requests);
- classes are weighted inversely to their frequency: a rarer fact intent said in a new way is
  read as that intent by the layer alone, in both languages.
"""

from __future__ import annotations

from datetime import datetime

import pytest

import parsers
from parsers import requests as req
from parsers.intent_model import load_model, word_ngrams

NOW = datetime(2024, 6, 14, 10, 0)


@pytest.mark.parametrize(
    "text", ["Set a reminder for the 1st of July", "I'm 35, can't   wait!", "我今年35岁", "", "a b c"]
)
def test_word_ngrams_are_scikit_learns_word_analyser(text: str) -> None:
    from sklearn.feature_extraction.text import TfidfVectorizer

    from parsers.intent_model import WORD_NGRAMS, WORD_PATTERN

    analyse = TfidfVectorizer(analyzer="word", ngram_range=WORD_NGRAMS, token_pattern=WORD_PATTERN).build_analyzer()
    assert sorted(word_ngrams(text)) == sorted(analyse(text))


def test_the_artefact_has_a_word_block_used_only_by_latin_words() -> None:
    model = load_model()
    assert model is not None and model.word_vocabulary and model.word_idf is not None
    assert "remind me" in model.word_vocabulary
    assert model.coef.shape[1] == len(model.vocabulary) + len(model.word_vocabulary)
    assert not any("\u4e00" <= ch <= "\u9fff" for gram in model.word_vocabulary for ch in gram)


@pytest.mark.parametrize(
    "text",
    [
        "Morning! How's it going?",
        "Good morning! How's your day going?",
        "hey, how are you doing?",
        "How is your week going?",
        "早上好！今天过得怎么样？",
        "最近怎么样？",
        "你最近过得好吗",
        "在干嘛呢",
    ],
)
def test_a_how_are_you_is_chat_not_a_request(text: str) -> None:
    assert req.is_greeting(text)
    assert not req.is_request(text, parsers.detect_lang(text))
    result = parsers.parse(text, NOW)
    assert result.intent == "smalltalk" and result.facts == []


@pytest.mark.parametrize(
    "text",
    [
        "How is the weather in Paris?",
        "Morning! How do I convert 5 miles to km?",
        "How's the traffic going to be on the M25 today?",
        "今天天气怎么样？",
        "最近怎么样才能减肥？",
        "早上好！帮我查一下明天的天气",
    ],
)
def test_a_real_question_after_a_greeting_is_still_a_request(text: str) -> None:
    assert not req.is_greeting(text)
    assert parsers.parse(text, NOW).intent == "request"


# The cued path: the learned layer names a trip or a task and no trigger rule fired. A past event or
# a habit is no plan, however sure the layer is (class weights make it readier to say the rarer kinds).
@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("travel_plan", "We flew to Paris in May"),
        ("travel_plan", "Went to Iceland last month, saw the northern lights!"),
        ("travel_plan", "我去年7月去过日本"),
        ("travel_plan", "上个月去了趟西藏，高反特别严重"),
        ("todo", "I received the package on Monday"),
        ("todo", "Took the kids to the aquarium yesterday"),
        ("todo", "昨天带儿子去打了疫苗"),
        ("todo", "我一般早上7点起来"),
        ("todo", "每个礼拜二晚上我去上瑜伽"),
    ],
)
def test_a_past_event_or_a_habit_is_no_cued_plan(kind: str, text: str) -> None:
    from parsers.rules import cued_match

    assert cued_match(kind, text, parsers.detect_lang(text), NOW) is None
    assert all(f.kind not in {"todo", "travel_plan"} for f in parsers.parse(text, NOW).facts)


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("travel_plan", "Flying to Paris on Friday"),
        ("travel_plan", "下周五去成都"),
        ("todo", "Meeting with Sarah Friday at 15:00"),
        ("todo", "周六下午三点带孩子去打疫苗"),
    ],
)
def test_a_plan_ahead_is_still_read_on_the_cued_path(kind: str, text: str) -> None:
    from parsers.rules import cued_match

    found = cued_match(kind, text, parsers.detect_lang(text), NOW)
    assert found is not None and found[0] == kind
