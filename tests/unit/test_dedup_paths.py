"""bench/dedup_paths.py names the step that decided each row of a pair the rule got wrong, and only of
those: a merge by the word rules, a veto, the gate, or the learned decision's group."""

from __future__ import annotations

import pytest

from bench.dedup_eval import Scored, memories
from bench.dedup_paths import error_paths, merged, steps
from mal import dedup_model
from mal.dedup_model import PairModel


@pytest.fixture
def model() -> PairModel:
    shipped = dedup_model.model()
    assert shipped is not None
    return shipped


def _pair(a: str, b: str, label: str, cos: float, lang: str = "en") -> Scored:
    scored = Scored({"a": a, "b": b, "label": label, "lang": lang})
    old = memories(a)[0]
    for new in memories(b):
        scored.nearest.append((cos, old, new))
    return scored


def test_only_the_pairs_the_rule_got_wrong_are_counted(model: PairModel) -> None:
    kept_apart = _pair("I'm allergic to walnuts", "I'm allergic to almonds", "different", 0.97)
    restated_low = _pair("我每周六上午去游泳", "我周六上午会去游泳", "same", 0.5, "zh")
    counted = error_paths([kept_apart, restated_low], model)
    assert counted == {("zh", "same", "below the cosine gate"): 1}


def test_each_row_names_its_deciding_step(model: PairModel) -> None:
    vetoed = _pair("I'm allergic to walnuts", "I'm allergic to almonds", "different", 0.97)
    ((step, p),) = list(steps(vetoed, model))
    assert step.startswith("veto ") and p == -1.0 and not merged(step)
    nothing = Scored({"a": "x", "b": "y", "label": "same"}, [(0.0, None, memories("I hike on Sundays")[0])])
    assert [s for s, _ in steps(nothing, model)] == ["no memory to meet"]
    assert merged("word rules merge") and merged("model group 0 merges") and not merged("model group 1 keeps")


class _Merging:
    """A first model that merges every pair it is asked about."""

    def merges(self, row: list[float]) -> bool:
        return True

    def probability(self, row: list[float]) -> float:
        return 0.99


def test_a_pair_the_second_opinion_keeps_apart_is_named_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # the diagnosis follows the service's decision (mal/dedup_model.py `merges`), not the first model's
    from bench import dedup_paths

    monkeypatch.setattr(dedup_paths.dedup, "agree", lambda a, b: False)
    monkeypatch.setattr(dedup_paths.dedup, "veto_reason", lambda a, b: None)
    pair = _pair("I swim on Saturday mornings", "On Saturday mornings I go swimming", "same", 0.96)
    monkeypatch.setattr(dedup_paths.dedup_model, "merges", lambda a, b, cos: False)
    ((kept, _),) = list(steps(pair, _Merging()))  # type: ignore[arg-type]
    assert kept.endswith("second opinion keeps") and not merged(kept)
    monkeypatch.setattr(dedup_paths.dedup_model, "merges", lambda a, b, cos: True)
    ((step, p),) = list(steps(pair, _Merging()))  # type: ignore[arg-type]
    assert step.endswith(" merges") and merged(step) and p == 0.99
