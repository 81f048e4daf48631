"""review12's dedup families (mal/dedup_zh_near.py, mal/dedup_zh_counts.py `household_count`): Chinese
and mixed near misses that reached the reopened paraphrase model (review11's adversarial pair set,
kept out of training). Each near miss never merges at cosine 1.0 whatever the model says, in either
order; each restatement beside it is not caught by the family. Every sentence here is new (none is
in the attack set)."""

from __future__ import annotations

import pytest

from mal.dedup_zh_counts import household_count
from mal.dedup_zh_near import deixis, hedged, in_law, past_vs_still, prohibited, stance
from tests.dedup_memories import assert_family_silent, assert_family_vetoes
from tests.dedup_memories import memory as _memory

NEVER = [
    # a dislike against a liking of the same thing
    ("stance", "我女儿讨厌吃胡萝卜", "我女儿爱吃胡萝卜"),
    ("stance", "我妈受不了榴莲的味道", "我妈喜欢榴莲的味道"),
    ("stance", "我同事hates寿司", "我同事loves寿司"),
    # a kin term against its in-law
    ("in_law", "我堂妹在银行上班", "我堂妹夫在银行上班"),
    ("in_law", "我儿子会弹钢琴", "我儿媳会弹钢琴"),
    ("in_law", "我姐姐是老师", "我姐夫是老师"),
    # a request forbidden against the same request made
    ("prohibited", "请不要给我订早餐", "请给我订早餐"),
    ("prohibited", "别通知我妈周末的聚会", "通知我妈周末的聚会"),
    # an almost / a hardly one text alone says
    ("hedged", "我差一点错过了航班", "我错过了航班"),
    ("hedged", "我险些摔断了腿", "我摔断了腿"),
    ("hedged", "我不怎么喝咖啡", "我不喝咖啡"),
    # next / this / last on the same time unit
    ("deixis", "我下个Monday要交报告", "我这个Monday要交报告"),
    ("deixis", "我们上个weekend去爬山了", "我们这个weekend去爬山了"),
    ("deixis", "我下个月搬家", "我这个月搬家"),
    # a past habit against a continuing one
    ("past_still", "我以前养鸽子", "我还在养鸽子"),
    ("past_still", "我爸used to抽烟", "我爸still抽烟"),
    # siblings counted with the user against siblings the user has
    ("household", "我有两个兄弟", "我们家兄弟两个"),
    ("household", "我有四个兄弟姐妹", "我家一共有四个兄弟姐妹"),
]

PASS = [
    ("stance", "我女儿爱吃胡萝卜", "我女儿喜欢吃胡萝卜"),
    ("stance", "我女儿讨厌胡萝卜", "我女儿不喜欢吃胡萝卜"),
    ("stance", "我讨厌排队", "我不太喜欢排队"),
    ("stance", "My uncle hates jazz", "My uncle doesn't really like jazz"),
    ("in_law", "我弟媳是护士", "我弟弟的老婆是护士"),
    ("in_law", "我姐夫是老师", "我姐夫在学校教书"),
    ("prohibited", "别忘了提醒我交房租", "记得提醒我交房租"),
    ("prohibited", "请不要给我订早餐", "不要帮我订早餐"),
    ("prohibited", "我很想念老家的面条", "我特别想念老家的面条"),
    ("hedged", "我差点错过航班", "我差一点没赶上航班"),
    ("deixis", "我下个Monday要交报告", "下个Monday我要交报告"),
    ("deixis", "我晚上周五有空", "我周五晚上有空"),
    ("past_still", "我以前养过鸽子", "我曾经养鸽子"),
    ("household", "我有三个姐妹", "我有三个姐妹"),
]


@pytest.mark.parametrize(("family", "old", "new"), NEVER)
def test_near_misses_never_merge(family: str, old: str, new: str) -> None:
    assert_family_vetoes(family, _memory("episode", old), _memory("episode", new))


@pytest.mark.parametrize(("family", "old", "new"), PASS)
def test_restatements_beside_them_are_not_caught_by_the_family(family: str, old: str, new: str) -> None:
    assert_family_silent(family, _memory("episode", old), _memory("episode", new))


def test_a_reminder_forbidden_is_not_the_reminder_asked_for() -> None:
    # two to-dos with one task: the prohibition is only in the text
    old = _memory("todo", "请别提醒我交水费", task="交水费")
    new = _memory("todo", "请提醒我交水费", task="交水费")
    assert_family_vetoes("prohibited", old, new)


def test_the_family_checks_on_their_own() -> None:
    assert stance("他讨厌下雨天", "他喜欢下雨天") and not stance("他喜欢下雨天", "他很喜欢下雨天")
    assert in_law("我侄子开车", "我侄媳开车") and not in_law("我侄子开车", "我侄子会开车")
    assert prohibited("别买牛奶", "买牛奶") and not prohibited("别忘了买牛奶", "记得买牛奶")
    assert hedged("他几乎每天加班", "他每天加班") and not hedged("他每天加班", "他天天加班")
    assert deixis("下周二开会", "这周二开会") and not deixis("下周二开会", "下周二要开会")
    assert past_vs_still("我曾经住在广州", "我仍然住在广州") and not past_vs_still("我住在广州", "我还在广州")
    assert household_count("我有三个兄弟", "我们兄弟三个") and not household_count("我有三个兄弟", "我有三个兄弟")
