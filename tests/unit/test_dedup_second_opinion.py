"""The learned layer's second opinion (mal/dedup_model.py `SecondOpinion`, `merges`, `decision`; its
features mal/dedup_details.py; its training bench/dedup_train.py `rows2`, `choose_floors`).

The first model is fitted on veto-passed rows only, nearly all restatements, and gives a near miss
the vetoes miss p ~1.0; the second has seen the near misses the vetoes stop and can only say no.
Sentences here are written for these tests (not taken from any pair set); the models are built in
the test, so nothing depends on a packaged artefact.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bench import dedup_train
from bench.dedup_eval import Scored, memories
from bench.dedup_train import Trained, choose_floors, decide, plan, rows, rows2, thresholds
from mal import dedup, dedup_model
from mal.dedup_details import DETAILS, details
from mal.dedup_model import FEATURES, FEATURES2, PairModel, SecondOpinion, decision
from mal.dedup_text import signature
from mal.models import Memory

# Restatements in another frame: no veto stops them and the word rules do not settle them, so the
# learned layer decides (checked in `test_the_pairs_here_reach_the_learned_layer`).
ZH = ("我女朋友是护士", "我女朋友在医院当护士")
EN = ("I go to the gym after work", "After work I usually hit the gym")
# A near miss a veto stops: an exception only one text adds.
VETOED = ("我每周去健身房", "我每周都去健身房，冬天除外")


def _two(a: str, b: str) -> tuple[Memory, Memory]:
    new = memories(b)[0]
    return next(m for m in memories(a) if dedup.comparable(m.kind, new.kind)), new


def _first(intercept: float) -> PairModel:
    """A first model whose probability is the logistic of `intercept`, thresholds 0.5."""
    n = len(FEATURES)
    return PairModel(np.zeros(n), np.ones(n), np.zeros(n), intercept, 0.5, 0.5, 0.5)


def _second(intercept: float, floors: dict[tuple[str, int], float] | None = None) -> SecondOpinion:
    n = len(FEATURES2)
    cells = {(lang, which): 0.5 for lang in ("en", "zh") for which in (0, 1, 2)}
    return SecondOpinion(np.zeros(n), np.ones(n), np.zeros(n), intercept, cells if floors is None else floors)


def _use(monkeypatch: pytest.MonkeyPatch, first: PairModel | None, second: SecondOpinion | None) -> None:
    monkeypatch.setattr(dedup_model, "model", lambda: first)
    monkeypatch.setattr(dedup_model, "second", lambda: second)


def test_the_pairs_here_reach_the_learned_layer() -> None:
    for a, b in (ZH, EN):
        old, new = _two(a, b)
        assert dedup.veto(old, new) and not dedup.agree(old, new)
    old, new = _two(*VETOED)
    assert not dedup.veto(old, new)


@pytest.mark.parametrize(
    ("a", "b", "kind"),
    [
        ("I water the plants", "I water the plants twice", "extra_quantity"),
        ("我周末洗车", "我周末下午洗车", "extra_time"),
        ("I drink coffee", "I drink coffee except on Mondays", "extra_scope"),
        ("我喜欢爬山", "我只喜欢爬山", "extra_scope"),
        ("I learn the violin", "I might learn the violin", "extra_stance"),
        ("我学吉他", "我打算学吉他", "extra_stance"),
        ("我用的是联想电脑", "我用的是联想ThinkPad电脑", "extra_name"),
    ],
)
def test_a_detail_one_text_alone_says_is_counted_by_kind_either_way_round(a: str, b: str, kind: str) -> None:
    for x, y in ((a, b), (b, a)):
        assert dict(zip(DETAILS, details(signature(x), signature(y)), strict=True))[kind] > 0


@pytest.mark.parametrize(("a", "b"), [ZH, EN, ("我每天早上喝豆浆", "每天早上我都喝豆浆")])
def test_a_restatement_says_no_detail_the_other_lacks(a: str, b: str) -> None:
    assert details(signature(a), signature(b)) == [0.0] * len(DETAILS)


def test_the_second_features_extend_the_first() -> None:
    old, new = _two(*ZH)
    assert dedup_model.features2(old, new, 0.97)[: len(FEATURES)] == dedup_model.features(old, new, 0.97)
    assert (*FEATURES, *DETAILS) == FEATURES2


def test_decision_needs_the_first_threshold_and_the_second_floor() -> None:
    assert decision(0.9, 0.5, 0.6, 0.5)
    assert not decision(0.9, 0.5, 0.4, 0.5)  # the second says no
    assert not decision(0.4, 0.5, 0.99, 0.0)  # the second cannot say yes for the first
    assert decision(0.9, 0.5, None, 0.99)  # no second opinion: the first alone


def test_the_second_opinion_can_only_keep_a_pair_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    for a, b in (ZH, EN):
        old, new = _two(a, b)
        _use(monkeypatch, _first(5.0), _second(5.0))
        assert dedup.same_fact(old, new, 0.97)
        _use(monkeypatch, _first(5.0), _second(-5.0))
        assert not dedup.same_fact(old, new, 0.97)
        _use(monkeypatch, _first(-5.0), _second(5.0))
        assert not dedup.same_fact(old, new, 0.97)
    _use(monkeypatch, _first(-5.0), _second(-5.0))
    same = memories("我每天早上喝豆浆")[0]
    assert dedup.same_fact(same, same, 1.0)  # the word rules' merge is never asked about


def test_without_the_second_artefact_the_first_model_decides_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert dedup_model.load_second(tmp_path / "missing.npz") is None
    other = tmp_path / "other.npz"
    np.savez(other, features=np.asarray(FEATURES), mean=np.zeros(1), scale=np.ones(1), coef=np.ones(1))
    assert dedup_model.load_second(other) is None  # another feature set is not read
    old, new = _two(*ZH)
    for intercept in (5.0, -5.0):
        _use(monkeypatch, _first(intercept), None)
        first = dedup_model.model()
        assert first is not None
        assert dedup.same_fact(old, new, 0.97) == first.merges(dedup_model.row(*_two(*ZH), 0.97))


def test_a_written_second_artefact_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "second.npz"
    n = len(FEATURES2)
    np.savez(
        path,
        features=np.asarray(FEATURES2),
        mean=np.zeros(n),
        scale=np.ones(n),
        coef=np.zeros(n),
        intercept=np.float64(1.0),
        floor_zh_0=np.float64(0.7),
    )
    second = dedup_model.load_second(path)
    assert second is not None and second.floors == {("zh", 0): 0.7}
    assert second.probability([0.0] * n) == pytest.approx(1 / (1 + np.exp(-1.0)))


def test_the_floor_is_per_language_and_group(monkeypatch: pytest.MonkeyPatch) -> None:
    zh, en = _two(*ZH), _two(*EN)
    which = {lang: dedup_model.group(dedup_model.features(*pair, 0.97)) for lang, pair in (("zh", zh), ("en", en))}
    # probability 0.5: under a floor of 0.9 in Chinese, over none in English
    _use(monkeypatch, _first(5.0), _second(0.0, {("zh", which["zh"]): 0.9}))
    assert dedup_model.language(*zh) == "zh" and dedup_model.language(*en) == "en"
    assert not dedup.same_fact(*zh, 0.97)
    assert dedup.same_fact(*en, 0.97)


def test_the_second_opinion_trains_on_the_near_misses_the_vetoes_stop() -> None:
    vetoed = Scored({"label": "different", "lang": "zh"}, [(0.98, *_two(*VETOED))])
    restated = Scored({"label": "same", "lang": "zh"}, [(0.98, *_two(*ZH))])
    x1, _, _ = rows([vetoed, restated])
    x2, y2, keys = rows2([vetoed, restated])
    assert len(x1) == 1  # the first model sees the veto-passed restatement only
    assert x2.shape == (2, len(FEATURES2)) and list(y2) == [0, 1] and keys == [(0, 0), (1, 0)]


def test_a_near_miss_past_the_vetoes_raises_the_floor_not_the_threshold() -> None:
    """A "different" pair that passes every veto and that the first model scores like a
    restatement would set the first threshold above 1 (no merge in its group, in any language); a
    floor just above the second opinion's probability for it keeps the threshold at 0.5, at the
    cost of the restatements of that language and group below the floor (here the second one)."""
    near = Scored({"label": "different", "lang": "zh"}, [(0.98, *_two(*ZH))])
    same = Scored({"label": "same", "lang": "zh"}, [(0.98, *_two(*ZH))])
    lower = Scored({"label": "same", "lang": "zh"}, [(0.98, *_two(*ZH))])
    scored = [near, same, lower]
    steps = [plan(s) for s in scored]
    p1 = {(0, 0): 0.99, (1, 0): 0.99, (2, 0): 0.99}
    p2 = {(0, 0): 0.6, (1, 0): 0.9, (2, 0): 0.3}
    first = Trained(_first(5.0), thresholds(scored, (p1, None, None)), p1, p1, 3)
    assert first.threshold[0] > 1  # alone, the first model never merges
    floors, _, raised = choose_floors(scored, first, p2, p2, steps)
    cell = ("zh", steps[0][0][1])
    assert floors[cell] == pytest.approx(0.6 + dedup_train.MARGIN) and raised
    combined = thresholds(scored, (p1, p2, floors))
    assert combined == (0.5, 0.5, 0.5)
    assert not decide(near, p1, 0, combined, p2, floors, steps[0])
    assert decide(same, p1, 1, combined, p2, floors, steps[1])
    assert not decide(lower, p1, 2, combined, p2, floors, steps[2])
