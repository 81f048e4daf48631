"""Code-switched restatements merge on the dictionary's word, and only on it (mal/dedup_bilingual.py):
a Chinese turn that names a thing in English restates the turn that names it in Chinese; the same
frame around another thing, another number or the opposite polarity is still a different memory."""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup, dedup_bilingual
from mal.models import Memory

COSINE = 0.95  # above the service gate: the rules alone decide


def _one(text: str) -> Memory:
    (memory,) = memories(text)
    return memory


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我对mango过敏", "我对芒果过敏"),
        ("下个月我要去London出差", "下个月我要去伦敦出差"),
        ("我女儿在学cello", "我女儿在学大提琴"),
        ("我每周打两次tennis", "我每周打两次网球"),
        ("我是一名lawyer", "我是一名律师"),
        ("我头疼的时候吃ibuprofen", "我头疼的时候吃布洛芬"),
    ],
)
def test_a_code_switched_restatement_merges(a: str, b: str) -> None:
    assert dedup.same_fact(_one(a), _one(b), COSINE)
    assert dedup.same_fact(_one(b), _one(a), COSINE)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我对mango过敏", "我对榴莲过敏"),  # another fruit
        ("下个月我要去London出差", "下个月我要去巴黎出差"),  # another city
        ("我女儿在学cello", "我女儿在学吉他"),  # another instrument
        ("我每周打两次tennis", "我每周打三次网球"),  # another count
        ("我不喜欢mango", "我喜欢芒果"),  # the opposite
    ],
)
def test_the_same_frame_around_another_detail_stays_apart(a: str, b: str) -> None:
    assert not dedup.same_fact(_one(a), _one(b), COSINE)
    assert not dedup.same_fact(_one(b), _one(a), COSINE)


def test_only_the_dictionary_translation_is_rewritten() -> None:
    a, b = dedup_bilingual.aligned(_one("我对mango过敏"), _one("我对芒果过敏"))
    assert a.text == "我对芒果过敏" and a.slots["allergen"] == "芒果"
    assert b.text == "我对芒果过敏"
    # a word the dictionary does not give for the other text's Chinese stays as written
    a, _ = dedup_bilingual.aligned(_one("我对mango过敏"), _one("我对榴莲过敏"))
    assert a.text == "我对mango过敏"


def test_function_words_are_never_rewritten() -> None:
    # 打 lists "from" and 不 lists "not" among their glosses: the text checks read those words
    assert "from" in dedup_bilingual.glosses("打")
    a, _ = dedup_bilingual.aligned(_one("I'm from Chengdu and I don't play cards"), _one("我打牌"))
    assert "from" in a.text.split() and "don't" in a.text.split()


def test_one_script_pairs_are_left_alone() -> None:
    a, b = _one("我对芒果过敏"), _one("我对榴莲过敏")
    assert dedup_bilingual.aligned(a, b) == (a, b)
    x, y = _one("I'm allergic to mango"), _one("I'm allergic to kiwi")
    out = dedup_bilingual.aligned(x, y)
    assert out[0] is x and out[1] is y


def test_a_slot_code_in_english_takes_the_chinese_value_it_translates() -> None:
    english, chinese = _one("I'm allergic to 芒果"), _one("我对芒果过敏")
    assert english.slots["condition"] == "allergy" and chinese.slots["condition"] == "过敏"
    a, _ = dedup_bilingual.aligned(english, chinese)
    assert a.slots["condition"] == "过敏"
