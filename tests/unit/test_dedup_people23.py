"""Twenty-third round (helper people23): restatements the people veto kept apart, in three
families, each with restatements that merge and near misses beside them that stay apart
(mal/dedup_people23.py, the 娃 phrases in mal/dedup_synonyms.py, `_ROLE_EN` in
mal/dedup_checks.py). Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from tests.dedup_memories import merged_any

# children counted, then said by sex (男孩 / 女孩, 一儿一女) against sons and daughters
CHILDREN_RESTATED = [
    ("我家有两个孩子，一个男孩一个女孩", "用户有两个孩子：一儿一女"),
    ("我有两个孩子，一个男孩和一个女孩", "用户有一个儿子和一个女儿"),
    ("我有两个孩子，一儿一女", "用户有一个儿子和一个女儿"),
    ("我有三个孩子，两个男孩一个女孩", "用户有两个儿子和一个女儿"),
    ("我有三个孩子，一个男孩两个女孩", "用户有一个儿子、两个女儿"),
    ("我家有两个小孩，一个男孩子一个女孩子", "用户有两个孩子，一儿一女"),
    ("我有两个孩子：一个女孩一个男孩", "用户有一个女儿和一个儿子"),
    ("我有两个孩子，一男一女", "用户有两个孩子：一个儿子和一个女儿"),
]
CHILDREN_APART = [
    ("我家有两个孩子，一个男孩一个女孩", "用户有两个孩子：两个儿子"),
    ("我有两个孩子，一儿一女", "用户有两个女儿"),
    ("我有三个孩子，两个男孩一个女孩", "用户有一个儿子和两个女儿"),
    ("我有两个孩子，一个男孩", "用户有一个儿子和一个女儿"),
    ("我有两个孩子，一男一女", "用户有三个孩子：一个儿子和两个女儿"),
    ("我儿子今年上小学", "用户的孩子们今年上小学"),
    ("我有两个孩子，一儿一女", "用户有两个外孙，一男一女"),
    ("我有两个孩子，两个男孩", "用户有一个儿子和一个女儿"),
]

# a verb with 娃, cut by jieba as one word, against the verb with 孩子
WA_RESTATED = [
    ("这周末打算带娃去公园", "用户计划本周末带孩子去公园"),
    ("下周六带娃去海洋馆", "用户下周六带孩子去海洋馆"),
    ("我每天下午五点去接娃", "用户每天下午5点去接孩子"),
    ("我每天早上七点送娃上学", "用户每天早上7点送孩子上学"),
    ("明天下午我带娃去游泳", "用户明天下午带孩子去游泳"),
    ("周末我在家哄娃睡觉", "用户周末在家哄孩子睡觉"),
    ("我打算明年生娃", "用户计划明年生孩子"),
    ("我每天下午四点去接娃放学", "用户每天下午4点去接孩子放学"),
]
WA_APART = [
    ("我打算明年生娃", "用户计划明年养狗"),
    ("这周末打算带娃去公园", "用户计划本周末带狗去公园"),
    ("周末我在家哄娃睡觉", "用户周末在家哄狗睡觉"),
    ("这周末打算带娃去公园", "用户计划本周末带老婆去公园"),
    ("下周六带娃去海洋馆", "用户下周日带孩子去海洋馆"),
    ("我每天下午五点去接娃", "用户每天下午5点去接老婆"),
    ("我每天早上七点送娃上学", "用户每天早上8点送孩子上学"),
    ("明天我一个人带娃", "用户明天独自带外孙"),
    ("我打算明年生娃", "用户计划后年生孩子"),
    ("明天下午我带娃去游泳", "用户明天下午带老公去游泳"),
]

# a grade taught, said as "a Year 5 teacher" (a role with its number) against "I teach Year 5"
ROLE_RESTATED = [
    ("I teach Year 5 at a primary school in Leeds", "User is a Year 5 teacher at a Leeds primary school"),
    ("I teach Year 2 at a school in Derby", "User is a Year 2 primary school teacher in Derby"),
    ("I teach 3rd grade in Ohio", "User is a 3rd grade teacher in Ohio"),
    ("I teach Year 11 maths in Hull", "User is a Year 11 maths teacher in Hull"),
    ("I teach Grade 4 at an elementary school in Austin", "User is a Grade 4 teacher at an Austin elementary school"),
    ("I teach Year 6 in Swansea", "User is a Year 6 teacher in Swansea"),
    ("I teach 5th grade science in Denver", "User is a 5th grade science teacher in Denver"),
    ("I teach Year 9 history in York", "User is a Year 9 history teacher in York"),
]
ROLE_APART = [
    ("I teach Year 5 at a primary school in Leeds", "User is a Year 6 teacher at a Leeds primary school"),
    ("I teach Year 2 at a school in Derby", "User's wife is a Year 2 teacher in Derby"),
    ("I teach 3rd grade in Ohio", "User's son has a 3rd grade teacher in Ohio"),
    ("I teach Year 11 maths in Hull", "User is a Year 11 maths teacher in Leeds"),
    ("My sister teaches Year 6 in Swansea", "User is a Year 6 teacher in Swansea"),
    ("I teach 5th grade science in Denver", "User's daughter is a 5th grade science teacher in Denver"),
    ("I teach Year 9 history in York", "User's partner is a Year 9 history teacher in York"),
    ("I teach Grade 4 in Austin", "User met a Grade 4 teacher in Austin"),
]

# near misses the brief names, beside the kin families: none may open
KIN_APART = [
    ("My grandfather turned 90 last week", "User's grandmother turned 90 last week"),
    ("我外婆今年八十岁", "用户的奶奶今年80岁"),
    ("My son starts school in September", "User's kids start school in September"),
    ("My sister lives in Leeds", "User's sister-in-law lives in Leeds"),
    ("我外公住在苏州", "用户的爷爷住在苏州"),
    ("我舅舅住在苏州", "用户的叔叔住在苏州"),
    ("我姐姐在杭州工作", "用户的嫂子在杭州工作"),
]


@pytest.mark.parametrize(("a", "b"), CHILDREN_RESTATED + WA_RESTATED + ROLE_RESTATED)
def test_the_same_people_said_another_way_merge(a: str, b: str) -> None:
    assert merged_any(a, b)


@pytest.mark.parametrize(("a", "b"), CHILDREN_APART + WA_APART + ROLE_APART + KIN_APART)
def test_a_near_miss_beside_each_family_stays_apart(a: str, b: str) -> None:
    assert not merged_any(a, b)


# older holes (not opened by this round): "partner" covers a husband and "kids" a son in the people
# veto (mal/dedup_checks.py `_COVERS`)
OLDER_HOLES = [
    ("My partner is allergic to cats", "User's husband is allergic to cats"),
    ("My son is allergic to peanuts", "User's children are allergic to peanuts"),
]


@pytest.mark.xfail(strict=True, reason="older holes, left for a later round")
@pytest.mark.parametrize(("a", "b"), OLDER_HOLES)
def test_older_holes_still_merge(a: str, b: str) -> None:
    assert not merged_any(a, b)
