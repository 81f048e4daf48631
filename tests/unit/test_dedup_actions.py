"""The tenth dedup round (helper en10): one object, another action (mal/dedup_actions.py).

blind9's "I bought a Roomba last week" / "I returned a Roomba last week" passed every veto and the
model scored it 0.97+, which held the episode group's merge threshold above 1.0. Each near miss below
(written for these tests, zh and en) now never merges at cosine 1.0, in either order; each
restatement beside it says one action in two words of the same class and still reaches the model.
"""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_actions import action_differs, actions
from mal.models import Memory
from tests.dedup_memories import memory as _memory


def ep(text: str) -> Memory:
    return _memory("episode", text)


NEAR_MISSES = [
    # what happens to a thing
    ("I bought a standing desk on Monday", "I returned a standing desk on Monday"),
    ("I purchased an air fryer last month", "I sold an air fryer last month"),
    ("I ordered a blender yesterday", "I cancelled the blender yesterday"),
    ("I booked a hotel in Kyoto for Friday", "I cancelled a hotel in Kyoto for Friday"),
    ("I borrowed a ladder from my neighbor", "I lent a ladder to my neighbor"),
    ("I rented a kayak for the weekend", "I bought a kayak for the weekend"),
    ("I lost my blue umbrella at the station", "I found my blue umbrella at the station"),
    ("I gave away my old sofa", "I sold my old sofa"),
    ("我上周买了一台咖啡机", "我上周退了一台咖啡机"),
    ("我在网上订了一张去西安的火车票", "我在网上退订了一张去西安的火车票"),
    ("我把旧自行车卖了", "我把旧自行车送人了"),
    ("我跟同事借了一把伞", "我把一把伞借给了同事"),
    ("我在地铁上丢了钱包", "我在地铁上找到了钱包"),
    ("我租了一辆电动车", "我买了一辆电动车"),
    # an activity, a group
    ("My wife started yoga in March", "My wife quit yoga in March"),
    ("I resumed swimming lessons this spring", "I stopped swimming lessons this spring"),
    ("I joined a book club in town", "I left a book club in town"),
    ("我老公三月开始练瑜伽", "我老公三月放弃练瑜伽"),
    ("我去年加入了一个合唱团", "我去年退出了一个合唱团"),
    ("我妹妹上个月入职字节", "我妹妹上个月从字节离职"),
    # learning, hospital, moving, a contest, a marriage, money
    ("I teach Italian on weekends", "I study Italian on weekends"),
    ("My uncle was admitted to hospital on Sunday", "My uncle was discharged from hospital on Sunday"),
    ("We moved into the flat on Elm Street", "We moved out of the flat on Elm Street"),
    ("Our team won the final on Saturday", "Our team lost the final on Saturday"),
    ("My cousin got married in Lisbon", "My cousin got divorced in Lisbon"),
    ("我周末教日语", "我周末学日语"),
    ("我外婆周三住院了", "我外婆周三出院了"),
    ("我们下个月搬进新房子", "我们下个月搬出新房子"),
    ("我们队昨天赢了比赛", "我们队昨天输了比赛"),
    ("我每个月攒两千块", "我每个月花两千块"),
    # reworded around the other action: the swap check sees no one-span swap
    ("I bought the Dyson vacuum last Friday", "Last Friday I took the Dyson vacuum back to the store"),
    ("My grandpa got out of the hospital on Tuesday", "On Tuesday my grandpa was hospitalized"),
    ("I took up tennis in April", "In April I gave up tennis"),
    ("我上个月入手了一台扫地机器人", "上个月我把扫地机器人退掉了"),
    ("我奶奶周一出院了", "周一我奶奶住进了医院"),
    ("我女儿九月开始学小提琴", "九月份我女儿不学小提琴了，停了"),
]

RESTATEMENTS = [
    # one action in two words, or a purchase one text alone names behind the other's action
    ("I bought a standing desk on Monday", "On Monday I purchased a standing desk"),
    ("I picked up a new kettle at Target", "I bought a new kettle at Target"),
    ("I returned the headphones I bought", "I returned the headphones"),
    ("I quit my job at the bank", "I left my job at the bank"),
    ("I stopped drinking soda", "I gave up soda"),
    ("I'm learning Korean", "I study Korean"),
    ("I taught myself to code", "I learned to code on my own"),
    ("我上周买了一台咖啡机", "上周入手了一台咖啡机"),
    ("我去年购入了一辆二手车", "我去年买了一辆二手车"),
    ("我开始学日语了", "我最近在学日语，刚开始"),
    # one side says no action of the family: left to the other checks and the model
    ("I have a Roomba", "I got a Roomba"),
    ("我的房租是五千", "我租房每月五千"),
]


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_one_object_another_action_never_merges(a: str, b: str) -> None:
    for x, y in ((ep(a), ep(b)), (ep(b), ep(a))):
        assert "action" in dedup.veto_reasons(x, y), (a, b, sorted(actions(a)), sorted(actions(b)))
        assert not dedup.same_fact(x, y, 1.0), (a, b)


@pytest.mark.parametrize(("a", "b"), RESTATEMENTS)
def test_one_action_in_other_words_is_not_caught(a: str, b: str) -> None:
    assert not action_differs(a, b) and not action_differs(b, a), (a, b, sorted(actions(a)), sorted(actions(b)))


def test_look_alikes_are_no_action() -> None:
    # words that look like an action of a family and are not one
    assert "own:rent" not in actions("My rent is 1500 a month") and "own:rent" not in actions("我的房租是五千")
    assert actions("I found out I was wrong") == frozenset() and actions("他坐出租车上班") == frozenset()
    assert "own:undo" not in actions("我还要再想想") and "own:undo" not in actions("我还了解一点日语")
    assert "contest:win" not in actions("I won't eat pork") and "own:acquire" not in actions("I got sick")
    assert actions("I lost ten pounds") == frozenset({"weight:lose"})
    assert actions("我们订婚了") == frozenset({"marriage:engaged"})
    assert actions("我退订了会员") == frozenset({"own:undo"})
