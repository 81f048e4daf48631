"""The write path's second dedup search, for neighbours in another language (mal/write_batch.py
`dedup_search`, mal/dedup_gate.py `excluded_lang`, MAL_DEDUP_OTHER_LANGUAGE_CANDIDATES): e5 ranks
same-language memories on the topic above a restatement in the other language, so in a full store
the top DEDUP_CANDIDATES never hold it and the cross-language gate never gets its chance.

The vectors are planted (`_Planted`): each text sits at a chosen cosine from the new memory, as e5
puts them - the other-language original just below five same-language memories on the topic."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from adapters.memory import HashEmbedder, InMemoryVectorStore
from bench.dedup_eval import memories
from mal.bootstrap import build
from mal.clock import FixedClock
from mal.dedup_gate import excluded_lang
from mal.models import Memory
from mal.write_batch import StagedWrites
from mal.write_store import DEDUP_CANDIDATES
from tests.unit.fakes import T0, fake_adapters, fake_settings, new_scope, write

NEW_ZH = "我对花生过敏"
NEW_EN = "I am allergic to peanuts"
NEW_MIXED = "我对peanuts过敏"
CROWD_ZH = ["我对海鲜过敏", "我对牛奶过敏", "我对鸡蛋过敏", "我对猫毛过敏", "我对花粉过敏"]
CROWD_EN = [
    "I am allergic to shrimp",
    "I am allergic to milk",
    "I am allergic to eggs",
    "I am allergic to cat hair",
    "I am allergic to pollen",
]
CROWD_MIXED = [
    "我对shellfish过敏",
    "我对dairy products过敏",
    "我对egg whites过敏",
    "我对cat dander过敏",
    "我对ragweed过敏",
]
# e5's picture: the crowd on the topic at 0.88 (below the normal gate, so never compared across
# one language), the restatement in the other language at 0.874 (above the cross-language gate).
CROWD_COSINE, ORIGINAL_COSINE = 0.88, 0.874


def _planted(cosines: dict[str, float], dimensions: int = 64) -> list[tuple[str, list[float]]]:
    """A unit vector per text, `cosine` from the new memory's (axis 0) and otherwise on an axis of
    its own, so two planted texts are `cosine * cosine` apart (0.77: never compared)."""
    out = []
    for axis, (text, cosine) in enumerate(cosines.items(), start=1):
        vector = [0.0] * dimensions
        vector[0], vector[axis] = cosine, math.sqrt(max(0.0, 1 - cosine**2))
        out.append((text, vector))
    return out


class _Planted(HashEmbedder):
    """The planted vector of the first planted text a passage contains (the memory's own words
    are in every passage the write path embeds)."""

    def __init__(self, cosines: dict[str, float]) -> None:
        super().__init__(dimensions=64)
        self._table = _planted(cosines, self.dimensions)

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        return [next(v for key, v in self._table if key in text) for text in texts]


def _store(cosines: dict[str, float], **settings: object) -> tuple[Any, Any]:
    configured = fake_settings(**settings)
    adapters = dataclasses.replace(fake_adapters(configured), embedder=_Planted(cosines))
    return build(configured, adapters=adapters, clock=FixedClock(T0)), new_scope()


@pytest.mark.parametrize(
    ("new", "original", "crowd"),
    [(NEW_ZH, NEW_EN, CROWD_ZH), (NEW_EN, NEW_ZH, CROWD_EN), (NEW_MIXED, NEW_EN, CROWD_MIXED)],
    ids=["zh-finds-en", "en-finds-zh", "mixed-finds-en"],
)
def test_an_original_in_the_other_language_pushed_out_of_the_top_five_is_still_merged(
    new: str, original: str, crowd: list[str]
) -> None:
    cosines = {new: 1.0, original: ORIGINAL_COSINE, **dict.fromkeys(crowd, CROWD_COSINE)}
    for other_language, expected in ((3, "reinforced"), (0, "created")):
        c, scope = _store(cosines, dedup_other_language_candidates=other_language)
        (first,) = write(c, scope, "s1", original).memories
        stored = write(c, scope, "s2", *crowd).memories
        assert [w.action for w in stored] == ["created"] * len(crowd)
        (again,) = write(c, scope, "s3", new).memories
        # without the second search the five on the topic are all the write path looks at
        assert again.action == expected, other_language
        assert (again.memory.id == first.memory.id) == (expected == "reinforced")


def _counted(c: Any, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    calls: Counter[str] = Counter()
    real = c.adapters.vectors.nearest

    def nearest(*args: Any, **kwargs: Any) -> Any:
        calls["other" if kwargs.get("exclude_lang") else "any"] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(c.adapters.vectors, "nearest", nearest)
    return calls


@pytest.mark.parametrize(
    ("settings", "other"),
    [
        ({}, 1),
        ({"dedup_cross_language_threshold": 0.89}, 0),  # the gates are equal: one search
        ({"dedup_other_language_candidates": 0}, 0),
    ],
)
def test_the_other_language_search_runs_only_while_the_cross_gate_is_lower(
    settings: dict[str, object], other: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    c, scope = _store({"我周末去钓鱼": 1.0, "我周末去划船": 0.95}, **settings)
    write(c, scope, "s1", "我周末去划船")
    calls = _counted(c, monkeypatch)
    write(c, scope, "s2", "我周末去钓鱼")
    assert calls == Counter({"any": 1, **({"other": other} if other else {})})


def _one(text: str, lang: str | None = None) -> Memory:
    memory = memories(text)[0]
    return memory.model_copy(update={"lang": lang}) if lang else memory


@pytest.mark.parametrize(
    ("text", "lang", "excluded"),
    [
        ("I am allergic to peanuts", None, "en"),
        ("我对花生过敏", None, "zh"),
        ("我对peanuts过敏", None, "mixed"),  # code-switched, "mixed" by detect_lang
        # code-switched with few Latin letters: detect_lang says "zh", the script says code-switched,
        # and the search must still reach the pure Chinese memories (lang "zh")
        ("我周末跟Tom打球", None, "mixed"),
        # a bare correction in Chinese of an English memory keeps the memory's "en"
        ("不对，我对花生过敏", "en", "zh"),
    ],
)
def test_the_excluded_language_follows_the_script_not_the_lang_field(
    text: str, lang: str | None, excluded: str
) -> None:
    assert excluded_lang(_one(text, lang)) == excluded


def _put(store: InMemoryVectorStore, text: str, vector: list[float]) -> Memory:
    memory = _one(text).model_copy(update={"id": text})
    store.upsert("s", memory, vector)
    return memory


def test_a_code_switched_memory_is_compared_with_both_pure_originals() -> None:
    """Read live (the fallback when nothing was read ahead): five code-switched memories on the
    topic fill the top five; the Chinese and the English restatement come from the second search."""
    table = dict(_planted({NEW_MIXED: 1.0, NEW_ZH: 0.87, NEW_EN: 0.86, **dict.fromkeys(CROWD_MIXED, 0.9)}))
    store = InMemoryVectorStore()
    for text in [NEW_ZH, NEW_EN, *CROWD_MIXED]:
        _put(store, text, table[text])
    probe = _one(NEW_MIXED)
    alone = StagedWrites().nearest(store, "s", probe, table[NEW_MIXED], k=DEDUP_CANDIDATES)
    assert {h.id for h in alone} == set(CROWD_MIXED)
    both = StagedWrites().nearest(store, "s", probe, table[NEW_MIXED], k=DEDUP_CANDIDATES, other_k=3)
    assert [h.id for h in both][-2:] == [NEW_ZH, NEW_EN] and len(both) == DEDUP_CANDIDATES + 2
    assert [round(h.vector_cosine or 0, 3) for h in both][-2:] == [0.87, 0.86]


def test_a_staged_memory_in_the_other_language_is_found_behind_staged_ones_of_its_own() -> None:
    """This capture's own memories are searched as if stored: an English memory staged earlier in
    the capture, behind five staged Chinese ones on the topic, is still a candidate."""
    table = dict(_planted({NEW_ZH: 1.0, NEW_EN: ORIGINAL_COSINE, **dict.fromkeys(CROWD_ZH, CROWD_COSINE)}))
    staged = StagedWrites()
    staged.vectors = [(_one(t).model_copy(update={"id": t}), table[t]) for t in [NEW_EN, *CROWD_ZH]]
    probe = _one(NEW_ZH)
    store = InMemoryVectorStore()
    assert NEW_EN not in {h.id for h in staged.nearest(store, "s", probe, table[NEW_ZH], k=DEDUP_CANDIDATES)}
    hits = staged.nearest(store, "s", probe, table[NEW_ZH], k=DEDUP_CANDIDATES, other_k=3)
    assert hits[-1].id == NEW_EN and len(hits) == DEDUP_CANDIDATES + 1
