"""The learned paraphrase decision behind the hard veto (mal/dedup.py `same_fact`, mal/dedup_model.py),
zh and en: restatements the word rules cannot equate merge, near misses never do, whatever the model.

Pairs here are written for the tests (not taken from the development files the model is trained on);
cosines are passed in, so the tests need no embedding model.
"""

from __future__ import annotations

import numpy as np
import pytest

from bench.dedup_eval import memories
from bench.dedup_train import TRAIN_SETS, pairs
from mal import dedup, dedup_model
from mal.models import Memory

# Restatements in another frame that the word rules keep apart and the model merges (cosine as e5
# gives such pairs, 0.97-0.99).
RESTATED = [
    ("我在杭州上班", "我的工作地点在杭州", 0.99),
    ("我每天骑车上班", "我上班每天都骑自行车", 0.99),  # 今年六岁 / 6岁了 is the word rules' now
    ("我老公是医生", "我丈夫是一名医生", 0.99),
    ("I love sushi", "Sushi is my favorite food", 0.97),
    ("My rent is $1500 a month", "I pay 1500 dollars in rent every month", 0.99),
]
# Near misses whose every structured slot is equal, or that the parser stores as episodes: the veto
# must stop them before the model is asked (a cosine of 1 is the worst case: MiniLM gives it to Chinese).
VETOED = [
    ("我养了一只猫叫豆豆", "我养了一只狗叫豆豆"),  # species
    ("My mom has high blood pressure", "My mom has low blood pressure"),  # contrast
    ("我晚上十点睡觉", "我晚上十一点睡觉"),  # number
    ("I drive a Honda", "I drive a Mazda"),  # name / brand
    ("我哥在广州开公司", "我弟在广州开公司"),  # who
    ("I go swimming every morning", "I go swimming every evening"),  # when
    ("我不吃香菜", "我吃香菜"),  # negation
    ("我每天早上跑步", "我每天早上跑步，已经坚持三年了"),  # a number only one says
]


def _pair(a: str, b: str) -> tuple[Memory, Memory]:
    """The first memory of b and the memory of a of the same kind (as the write path compares them)."""
    new = memories(b)[0]
    old = next(m for m in memories(a) if m.kind == new.kind)
    return old, new


@pytest.mark.parametrize(("a", "b", "cosine"), RESTATED)
def test_restatements_in_another_frame_merge_through_the_model(a: str, b: str, cosine: float) -> None:
    old, new = _pair(a, b)
    assert not dedup.agree(old, new)  # the word rules alone keep them apart
    assert dedup.veto(old, new)
    assert dedup.same_fact(old, new, cosine)


@pytest.mark.parametrize(("a", "b"), VETOED)
def test_near_misses_are_vetoed_before_the_model(a: str, b: str) -> None:
    for x, y in ((a, b), (b, a)):
        try:
            old, new = _pair(x, y)
        except StopIteration:
            continue  # different kinds: never compared
        assert not dedup.veto(old, new)
        assert not dedup.same_fact(old, new, 1.0)


def test_without_an_artefact_only_the_word_rules_merge(monkeypatch: pytest.MonkeyPatch) -> None:
    old, new = _pair(*RESTATED[0][:2])
    monkeypatch.setattr(dedup_model, "model", lambda: None)
    assert not dedup.same_fact(old, new, 0.99)
    assert dedup.same_fact(old, old, 1.0)  # agree still merges


def test_low_cosine_lowers_the_probability() -> None:
    """The model reads the cosine: the same words at a cosine far below e5's restatements do not merge."""
    old, new = _pair(*RESTATED[0][:2])
    model = dedup_model.model()
    assert model is not None
    high = model.probability(dedup_model.features(old, new, 0.99))
    low = model.probability(dedup_model.features(old, new, 0.5))
    assert low < high and not model.merges(dedup_model.features(old, new, 0.5))


def test_packaged_artefact_matches_the_feature_set() -> None:
    data = np.load(dedup_model.ARTEFACT, allow_pickle=False)
    assert tuple(str(f) for f in data["features"]) == dedup_model.FEATURES
    assert data["coef"].shape == (len(dedup_model.FEATURES),)
    # set above every development near miss, never below a coin flip
    assert min(float(data["threshold_pinned"]), float(data["threshold_free"])) >= 0.5


def test_an_artefact_of_another_feature_set_is_not_read(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "m.npz"
    np.savez(path, features=np.asarray(("cosine",)), mean=np.zeros(1), scale=np.ones(1), coef=np.ones(1))
    assert dedup_model.load_model(path) is None


def test_training_reads_retired_pair_sets_only() -> None:
    # the retired blind sets (blind20/20b since the twenty-first round, blind21/21b, writer45 and
    # writer46, since the twenty-second, blind22/22b, writer48 and writer49, since the twenty-third)
    # are development data now; blind23 (the twenty-third round's fresh sets) and any later one are
    # refused before any file is opened
    assert {f"dedup_pairs_blind{n}.jsonl" for n in range(5, 19)} | {
        "dedup_pairs_blind17b.jsonl",
        "dedup_pairs_blind18b.jsonl",
        "dedup_pairs_blind20.jsonl",
        "dedup_pairs_blind20b.jsonl",
        "dedup_pairs_blind21.jsonl",
        "dedup_pairs_blind21b.jsonl",
        "dedup_pairs_blind22.jsonl",
        "dedup_pairs_blind22b.jsonl",
    } <= set(TRAIN_SETS)
    assert all(f"blind{n}" not in name for name in TRAIN_SETS for n in (19, *range(23, 27)))
    data = pairs()
    assert len(data) >= 1300 and {p["lang"] for p in data} >= {"zh", "en"}
    for name in ("dedup_pairs_blind19.jsonl", "dedup_pairs_blind23.jsonl", "dedup_pairs_blind23b.jsonl"):
        with pytest.raises(SystemExit):
            pairs((name,))
