"""A note's "their" for the user's "my" after a fronted phrase, "User and their partner" for the
user's "we", and two colloquial zh kin readings (mal/dedup_their21.py, mal/dedup_regional.py; helper
their21, issue #11): restatements merge, and near misses beside them (another person or group named
before "their", another child, another relative) stay apart. Sentences are new (none in a pair set)."""

from __future__ import annotations

import pytest

from tests.dedup_memories import merged_any

RESTATED = [
    # a fronted phrase the user owns, then "their" for the user's
    (
        "My blood pressure was 150 over 95 at my last physical.",
        "At the user's last physical, their blood pressure was 150 over 95.",
    ),
    ("At my last checkup my cholesterol was 240.", "At the user's last checkup, their cholesterol was 240."),
    ("During my pregnancy my iron levels were low.", "During the user's pregnancy, their iron levels were low."),
    (
        "After my knee surgery my recovery took six weeks.",
        "After the user's knee surgery, their recovery took six weeks.",
    ),
    ("In my first year at uni my grades were poor.", "In the user's first year at uni, their grades were poor."),
    # "User and their partner / husband / wife" is the user's "we"
    ("We're expecting our first baby in March.", "User and their partner are expecting their first child in March."),
    ("We are getting married in June.", "User and their fiancée are getting married in June."),
    ("We're moving to Denver next spring.", "The user and their husband are moving to Denver next spring."),
    ("We adopted a beagle last week.", "User and their wife adopted a beagle last week."),
    ("We have been married for twelve years.", "User and their spouse have been married for twelve years."),
    ("We're renovating our kitchen this summer.", "User and their boyfriend are renovating their kitchen this summer."),
    # zh: 我家小子 is 我儿子, 带娃 at home is 照顾孩子
    ("我儿子今年上小学一年级。", "我家小子今年上小学一年级。"),
    ("我家小子特别喜欢恐龙。", "我儿子特别喜欢恐龙。"),
    ("我上个月辞职了，现在在家带娃。", "上个月我离职了，目前在家照顾孩子。"),
    ("我老婆在家带娃，我负责上班赚钱。", "我老婆在家照顾孩子，我负责上班赚钱。"),
    ("辞职以后我一直在家带娃。", "辞职以后我一直在家照顾孩子。"),
]

APART = [
    # another person or a group named before the pronoun: its "their" is theirs
    (
        "My blood pressure was 150 over 95 at my last physical.",
        "At the user's last physical, their doctor's blood pressure was 150 over 95.",
    ),
    ("My car broke down last week.", "User's sister said their car broke down last week."),
    ("I love my school.", "User's kids love their school."),
    ("My car broke down last week.", "User and Tom said their car broke down last week."),
    ("My rent went up by 200 dollars.", "At the user's building, their rent went up by 200 dollars."),
    ("My policy on remote work is strict.", "At the user's company, their policy on remote work is strict."),
    (
        "My grades were poor in my first year.",
        "At the user's parents' house, their grades were poor in the first year.",
    ),
    ("My dog was sick last week.", "At the user's gym, their dog was sick last week."),
    ("My cholesterol was 240 at my last checkup.", "At the user's last checkup, they said their cholesterol was 240."),
    ("My cholesterol was 240 at my last checkup.", "At the user's last checkup, Anna said their cholesterol was 240."),
    ("I go to most home games.", "User's team plays most of their home games on Saturday."),
    ("My new album comes out in May.", "User's favourite band said their new album comes out in May."),
    (
        "I support Harrowgate Rovers and go to most home games.",
        "User supports Harrowgate Rovers, who won most of their home games.",
    ),
    # "User and" someone who is no spouse, or another child, or another month
    ("We're expecting our first baby in March.", "User and their sister are expecting their first child in March."),
    ("We're expecting our first baby in March.", "User and their partner are expecting their second child in March."),
    ("We're expecting our first baby in March.", "User and their partner are expecting their first child in May."),
    ("We're moving to Denver next spring.", "User and their roommate are moving to Denver next spring."),
    ("We're moving to Denver next spring.", "User and Sam are moving to Denver next spring."),
    ("We adopted a beagle last week.", "User and their wife adopted a poodle last week."),
    ("We have been married for twelve years.", "User and their spouse have been married for ten years."),
    ("My sister and I are getting married in June.", "User and their fiancée are getting married in June."),
    ("We're expecting twins in March.", "User and their partner are expecting their first child in March."),
    # zh: 小子 not after 我家, another child, 带娃 somewhere else
    ("我儿子今年上小学一年级。", "我家闺女今年上小学一年级。"),
    ("我儿子特别喜欢恐龙。", "这小子特别喜欢恐龙。"),
    ("我儿子今年上小学一年级。", "我侄子今年上小学一年级。"),
    ("我上个月辞职了，现在在家带娃。", "上个月我离职了，目前在家照顾老人。"),
    ("我上个月辞职了，现在在家带娃。", "我老婆上个月辞职了，现在在家带娃。"),
    ("我周末带娃去公园。", "我周末在家照顾孩子。"),
]


# the people veto passes these now, but a later step keeps them (the learned layer or the floor,
# or "adopted" / "are moving" past the couple's verbs): left for the next round, strict so a fix shows
_NOT_YET = frozenset(
    (
        "During the user's pregnancy, their iron levels were low.",
        "After the user's knee surgery, their recovery took six weeks.",
        "In the user's first year at uni, their grades were poor.",
        "User and their fiancée are getting married in June.",
        "The user and their husband are moving to Denver next spring.",
        "User and their wife adopted a beagle last week.",
        "User and their boyfriend are renovating their kitchen this summer.",
    )
)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        pytest.param(a, b, marks=pytest.mark.xfail(strict=True, reason="another step keeps it"))
        if b in _NOT_YET
        else (a, b)
        for a, b in RESTATED
    ],
)
def test_restatement_merges(a: str, b: str) -> None:
    assert merged_any(a, b)


# Kept apart only by the learned layer until the twenty-second round's retrain: the pair's alignment
# (mal/dedup_variants.py) reads the note without "they said", so no veto sees the report; a defect
# left open, strict so a fix shows
_REPORTED = "At the user's last checkup, they said their cholesterol was 240."


@pytest.mark.parametrize(
    ("a", "b"),
    [
        pytest.param(a, b, marks=pytest.mark.xfail(strict=True, reason="the report is read away"))
        if b == _REPORTED
        else (a, b)
        for a, b in APART
    ],
)
def test_near_miss_stays_apart(a: str, b: str) -> None:
    assert not merged_any(a, b)
