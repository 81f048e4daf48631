"""Review of the twenty-first round's second readings (helper review24): near misses that the
negative-verb reading (mal/dedup_negative_verbs.py) and the note-pronoun reading (mal/dedup_their21.py,
带娃 in mal/dedup_regional.py) merged (each merged at 82005e8 and not at 1c3048f). Each now stays apart;
the restatements the readings were written for still merge (tests/unit/test_dedup_negative_verbs.py,
test_dedup_their21.py)."""

from __future__ import annotations

import pytest

from tests.unit.test_review23 import _merged

NEAR_MISSES = [
    ("I haven't quit smoking", "I don't smoke"),
    ("I never quit smoking", "I don't smoke"),
    ("I didn't quit smoking", "I don't smoke"),
    ("I quit smoking", "I never smoke"),
    ("I avoid sugar", "I don't have any sugar"),
    ("I quit drinking", "I won't drink because I'm driving"),
    ("我没能戒烟", "我不抽烟"),
    ("我戒烟了", "我从来不抽烟"),
    ("我戒酒了", "我开车不喝酒"),
    ("我避免吃生鱼", "我不敢吃生鱼"),
    ("除了下雨天我也去跑步", "不下雨的话我去跑步"),
    ("For the user's dog, their food costs $60 a month", "My food costs $60 a month"),
    ("At the user's daycare, their hours changed to 7 to 6", "My hours changed to 7 to 6"),
    ("At the user's salon, their prices went up", "My prices went up"),
    ("At the user's bakery, their sourdough sells out by 9am", "My sourdough sells out by 9am"),
    ("At the user's dentist, their prices went up", "My prices went up"),
    ("我下午带娃打疫苗", "我下午照顾孩子"),
    ("我女儿喜欢带娃娃", "我女儿喜欢照顾孩子"),
    ("我还没戒烟", "我不抽烟"),
    ("At the user's vet, their fees doubled", "My fees doubled"),
    ("我姐姐喜欢带娃娃", "我姐姐喜欢照顾孩子"),
]


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_review24_near_miss_stays_apart(a: str, b: str) -> None:
    assert not _merged(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("I quit smoking", "I don't smoke anymore"),
        ("我戒烟三年了", "我已经三年没抽烟了"),
        (
            "At the user's last checkup, their blood pressure was normal",
            "At my last checkup, my blood pressure was normal",
        ),
        ("我上个月辞职了，现在在家带娃。", "上个月我离职了，目前在家照顾孩子。"),
    ],
)
def test_the_readings_restatements_still_merge(a: str, b: str) -> None:
    assert _merged(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("I should avoid sugar.", "I don't eat sugar."),
        ("我应该少喝咖啡", "我少喝咖啡"),
        ("I ought to walk more", "I walk more"),
    ],
)
def test_what_one_ought_to_do_is_no_practice(a: str, b: str) -> None:
    # neg21 found it merging before its reading (the word rules read "should" as a filler)
    assert not _merged(a, b)
