"""Chinese and code-switched slot families of the tenth round (brief parser10), each with an English
twin where the family exists in both: approximate budgets, verdicts on an answer without a mood
word, relatives in dialect and kinship words, corrections' units and frames, preferences whose item
stops too late or whose second fact was lost, English values inside Chinese profile sentences.

The sentences are written for these tests (not copied from any labelled set).
"""

from __future__ import annotations

import pytest

import parsers
from parsers.feedback_verdicts import verdict
from tests.parser_facts import NOW, of


# 1. A sum named roughly is the sum aimed at (exact), budget word or not; a ceiling word still wins.
@pytest.mark.parametrize(
    ("text", "amount", "bound"),
    [
        ("买投影仪的预算三千左右", 3000.0, "exact"),
        ("孩子学钢琴，一年预算大概两万块", 20000.0, "exact"),
        ("Our sofa budget is roughly $900", 900.0, "exact"),
        ("换沙发预算五千左右，最多不超过六千", 6000.0, "max"),  # the ceiling said outright
        ("买投影仪预算三千以内", 3000.0, "max"),
    ],
)
def test_approximate_budget_is_exact(text: str, amount: float, bound: str) -> None:
    budget = of("budget", text)
    assert budget and (budget[0]["amount"], budget[0]["bound"]) == (amount, bound)


# 2. A verdict on the answer with no mood word still gives the feedback its polarity.
@pytest.mark.parametrize(
    ("text", "polarity"),
    [
        ("你这个总结写得太水了", "negative"),
        ("这段代码你写错了吧，根本跑不了", "negative"),
        ("这次讲得挺清楚的，我一下就明白了", "positive"),
        ("your summary was really clear, thanks", "positive"),
    ],
)
def test_feedback_verdict_without_mood_word(text: str, polarity: str) -> None:
    fb = of("feedback", text)
    assert fb and fb[0]["sentiment"] == polarity


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("解释得不太清楚", ("frustrated", 0.6)),  # a merit denied is a fault
        ("清楚是清楚，但是算错了", ("frustrated", 0.7)),  # a fault outranks a merit
        ("明天要下雨", None),
    ],
)
def test_verdict_reads_denial_and_rank(text: str, want: tuple[str, float] | None) -> None:
    assert verdict(text) == want


# 3. Dialect and familiar kinship words name the parent (俺爹, 我家老爷子 / 老太太).
@pytest.mark.parametrize(
    ("text", "relative"),
    [
        ("俺爹有痛风，一直在吃别嘌醇", "father"),
        ("我家老爷子血压高，天天吃降压药", "father"),
        ("我家老太太腿脚不好，有关节炎", "mother"),
    ],
)
def test_dialect_parents_in_health_facts(text: str, relative: str) -> None:
    health = of("family_health", text)
    assert health and {h["relative"] for h in health} == {relative}


# 4. A correction's new value without its frame: 我是说X (说唱 stays a word), 我闺女 -> 闺女.
@pytest.mark.parametrize(
    ("text", "new", "old"),
    [
        ("不对，我是说大连，不是大理", "大连", "大理"),
        ("不对，我喜欢的是说唱，不是摇滚", "说唱", "摇滚"),
        ("说错了，不是我儿子，是我闺女", "闺女", "儿子"),
    ],
)
def test_correction_values_without_frames(text: str, new: str, old: str) -> None:
    fix = parsers.parse(text, NOW).correction
    assert fix is not None and (fix.new, fix.old) == (new, old)
