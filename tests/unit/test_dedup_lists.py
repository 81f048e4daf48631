"""The two wrong merges of the twentieth round's fresh writers (mal/dedup_lists.py, issue #11), said
again in new sentences: an item added to or dropped from a list ("I don't eat pork." / "I don't eat
pork or beef.", merged by the learned model) and two items traded between a negated and a positive
clause or the two sides of a comparison (我不喝白酒，啤酒偶尔喝点。/ 我不喝啤酒，白酒偶尔喝点。, merged
by the word rules). Each near miss must stay apart however the parser reads it (two episodes, two
preferences, the parser's own memories), and each restatement beside them (a list reordered or
reworded, a clause order changed, a note) must still merge. Every sentence here is new."""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup, dedup_lists
from mal.models import Memory
from tests.dedup_memories import memory

# one text lists an item the other does not say (en, then zh)
LIST_NEAR_MISSES = [
    ("I don't eat pork.", "I don't eat pork or beef."),
    ("I don't eat lamb.", "I don't eat lamb or veal."),
    ("I'm allergic to walnuts.", "I'm allergic to walnuts and almonds."),
    ("My daughter is allergic to kiwi.", "My daughter is allergic to kiwi and strawberries."),
    ("I can't have dairy.", "I can't have dairy or soy."),
    ("I speak French.", "I speak French and Italian."),
    ("I play the piano.", "I play the piano and the violin."),
    ("We have a parrot.", "We have a parrot and a tortoise."),
    ("I avoid caffeine.", "I avoid caffeine and sugar."),
    ("I'm allergic to cats, dogs and horses.", "I'm allergic to cats and dogs."),
    ("I never drink whisky or rum.", "I never drink whisky."),
    ("User doesn't eat mushrooms.", "User doesn't eat mushrooms or olives."),
    ("I love hiking.", "I love hiking and kayaking."),
    ("My son plays football.", "My son plays football and rugby."),
    ("我不吃猪肉。", "我不吃猪肉和牛肉。"),
    ("我对青霉素过敏", "我对青霉素和阿司匹林过敏"),
    ("我不喝咖啡", "我不喝咖啡或者浓茶"),
    ("我会说英语", "我会说英语和法语"),
    ("我女儿在学钢琴", "我女儿在学钢琴和小提琴"),
    ("我家养了一只猫", "我家养了一只猫和一只兔子"),
    ("我不吃香菜、葱和蒜", "我不吃香菜和葱"),
    ("我对花粉过敏", "我对花粉跟尘螨过敏"),
    ("羊肉不吃", "羊肉牛肉都不吃"),
    ("我喜欢游泳", "我喜欢游泳以及登山"),
    ("我爸有高血压", "我爸有高血压和糖尿病"),
    ("我不吃辣椒", "我不吃辣椒、花椒"),
    ("用户不吃海鲜", "用户不吃海鲜或者羊肉"),
    ("我儿子踢足球", "我儿子踢足球和打篮球"),
]

# the same items, traded between a negated and a positive clause or the sides of a comparison
TRADED_NEAR_MISSES = [
    ("I don't drink wine, but beer sometimes.", "I don't drink beer, but wine sometimes."),
    ("I like tea more than coffee.", "I like coffee more than tea."),
    ("I prefer trains over planes.", "I prefer planes over trains."),
    ("I prefer cats to dogs.", "I prefer dogs to cats."),
    ("I love swimming but hate running.", "I love running but hate swimming."),
    ("I eat chicken but not beef.", "I eat beef but not chicken."),
    ("I like summer, not winter.", "I like winter, not summer."),
    ("I'd rather walk than drive.", "I'd rather drive than walk."),
    ("I'm allergic to cats but not dogs.", "I'm allergic to dogs but not cats."),
    ("My wife drinks coffee but never tea.", "My wife drinks tea but never coffee."),
    ("I read novels rather than poetry.", "I read poetry rather than novels."),
    ("I enjoy jazz more than rock.", "I enjoy rock more than jazz."),
    ("User eats fish but avoids pork.", "User eats pork but avoids fish."),
    ("I can eat rice but not noodles.", "I can eat noodles but not rice."),
    ("我不喝白酒，啤酒偶尔喝点。", "我不喝啤酒，白酒偶尔喝点。"),
    ("我喜欢猫不喜欢狗", "我喜欢狗不喜欢猫"),
    ("比起咖啡我更喜欢茶", "比起茶我更喜欢咖啡"),
    ("我不吃羊肉，牛肉可以吃", "我不吃牛肉，羊肉可以吃"),
    ("我爱喝绿茶不爱喝红茶", "我爱喝红茶不爱喝绿茶"),
    ("我喜欢爬山胜过游泳", "我喜欢游泳胜过爬山"),
    ("米饭比面条好吃", "面条比米饭好吃"),
    ("我宁可坐高铁也不坐飞机", "我宁可坐飞机也不坐高铁"),
    ("我女儿喜欢数学，不喜欢语文", "我女儿喜欢语文，不喜欢数学"),
    ("我讨厌冬天，喜欢夏天", "我讨厌夏天，喜欢冬天"),
    ("与其打车不如坐地铁", "与其坐地铁不如打车"),
    ("我吃鸡蛋，但不喝牛奶", "我喝牛奶，但不吃鸡蛋"),
    ("用户不喝可乐，雪碧偶尔喝", "用户不喝雪碧，可乐偶尔喝"),
    ("我喜欢看电影而不是看电视剧", "我喜欢看电视剧而不是看电影"),
]

# a list reordered or reworded, the clauses in another order, a note: one fact
RESTATED = [
    ("I don't eat pork or beef.", "I don't eat beef or pork."),
    ("I don't eat pork or beef.", "I avoid pork and beef."),
    ("I don't eat pork or beef.", "User doesn't eat pork or beef."),
    ("I don't eat pork or beef.", "Pork and beef, I don't eat."),
    ("I'm allergic to walnuts and almonds.", "I'm allergic to almonds and walnuts."),
    ("I speak French and Italian.", "User speaks French and Italian."),
    ("I don't eat pork, beef or lamb.", "I don't eat beef, pork or lamb."),
    ("We have a parrot and a tortoise.", "We've got a tortoise and a parrot."),
    ("I like tea more than coffee.", "I prefer tea over coffee."),
    ("I like tea more than coffee.", "I prefer tea to coffee."),
    ("I eat chicken but not beef.", "User eats chicken but not beef."),
    ("我不吃猪肉和牛肉", "猪肉牛肉都不吃"),
    ("我不吃猪肉和牛肉", "我不吃牛肉和猪肉"),
    ("我不吃猪肉和牛肉", "用户不吃猪肉和牛肉"),
    ("我对青霉素和阿司匹林过敏", "我对阿司匹林和青霉素过敏"),
    ("我会说英语和法语", "英语和法语我都会说"),
    ("我不喝白酒，啤酒偶尔喝点。", "啤酒偶尔喝点，白酒不喝。"),
    ("我不喝白酒，啤酒偶尔喝点。", "用户不喝白酒，啤酒偶尔喝点。"),
    ("我喜欢猫不喜欢狗", "我喜欢猫，不喜欢狗"),
    ("比起咖啡我更喜欢茶", "我喜欢茶胜过咖啡"),
    ("比起咖啡我更喜欢茶", "比起咖啡，用户更喜欢茶"),
    ("我爱喝绿茶不爱喝红茶", "用户爱喝绿茶，不爱喝红茶"),
    ("I play the piano and the violin.", "User plays the piano and the violin."),
    ("我对花粉跟尘螨过敏", "我对花粉和尘螨过敏"),
]

# restatements that other checks keep apart (the role swap reads the clause order: not this
# module's doing); the new families stay silent on them
REORDERED_CLAUSES = [
    ("I don't drink wine, but beer sometimes.", "I sometimes drink beer, but never wine."),
    ("I love swimming but hate running.", "I hate running but love swimming."),
]


def _readings(text: str) -> list[Memory]:
    """Every way the service may hold the sentence: an episode, a hand-built preference, and the
    memories the parser makes of it."""
    return [memory("episode", text), memory("preference", text), *memories(text)]


def _merged(x: Memory, y: Memory) -> bool:
    return dedup.same_fact(x, y, 0.95) or dedup.same_fact(y, x, 0.95)


def _never_merged(a: str, b: str) -> None:
    for x in _readings(a):
        for y in _readings(b):
            assert not _merged(x, y), (x.kind, y.kind, a, b)


@pytest.mark.parametrize(("a", "b"), LIST_NEAR_MISSES)
def test_an_added_or_dropped_item_stays_apart(a: str, b: str) -> None:
    assert dedup_lists.list_item(a, b) and dedup_lists.list_item(b, a)
    x, y = memory("episode", a), memory("episode", b)
    assert "list_item" in dedup.veto_reasons(x, y)
    _never_merged(a, b)


@pytest.mark.parametrize(("a", "b"), TRADED_NEAR_MISSES)
def test_traded_items_stay_apart(a: str, b: str) -> None:
    assert dedup_lists.traded_items(a, b) and dedup_lists.traded_items(b, a)
    x, y = memory("episode", a), memory("episode", b)
    assert "traded_items" in dedup.veto_reasons(x, y)
    _never_merged(a, b)


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_a_reordered_or_reworded_list_still_merges(a: str, b: str) -> None:
    assert not (dedup_lists.differs(a, b) or dedup_lists.differs(b, a))
    assert _merged(memory("episode", a), memory("episode", b))
    for x in _readings(a):
        for y in _readings(b):
            if dedup.comparable(x.kind, y.kind):
                reasons = dedup.veto_reasons(x, y)
                assert "list_item" not in reasons and "traded_items" not in reasons, (x.kind, y.kind, reasons)


@pytest.mark.parametrize(("a", "b"), REORDERED_CLAUSES)
def test_the_families_are_silent_on_reordered_clauses(a: str, b: str) -> None:
    assert not (dedup_lists.differs(a, b) or dedup_lists.differs(b, a))


def test_the_writers_wrong_merges_stay_apart() -> None:
    """The two pairs themselves (blind20b, now retired development data)."""
    _never_merged("I don't eat pork.", "I don't eat pork or beef.")
    _never_merged("我不喝白酒，啤酒偶尔喝点。", "我不喝啤酒，白酒偶尔喝点。")


def test_a_count_named_item_by_item_is_no_list() -> None:
    """ "two kids, a son and a daughter" names what it counted: the kids are no third item."""
    assert not dedup_lists.list_item(
        "I have two kids, a son and a daughter", "I have two children: a son and a daughter"
    )


def test_an_item_said_another_way_is_left_to_other_checks() -> None:
    """Both lists hold an item the other does not say (番茄 / 西红柿): a rewording or a substitution,
    not an item added."""
    assert not dedup_lists.list_item("我在阳台种了番茄和罗勒", "用户在阳台上种着西红柿和罗勒")
    assert not dedup_lists.list_item("I speak Cantonese and Japanese", "I speak Japanese and Mandarin")


def test_a_clause_joined_by_and_is_no_list() -> None:
    """ "and takes metformin", "and keep kosher": a verb heading a clause, not an item."""
    assert not dedup_lists.list_item("My mum has diabetes and takes metformin.", "My mother has diabetes.")
    assert not dedup_lists.list_item("I'm Jewish and keep kosher", "User is Jewish and follows kosher laws")
