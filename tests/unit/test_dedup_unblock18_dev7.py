"""Register readings of the eighteenth round (mal/dedup_unblock18_dev7.py): a restatement a veto
misread because one text was texted, spoken regionally or spelled a number out, each beside a near
miss that is still vetoed. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from tests.dedup_memories import assert_passes_veto, assert_vetoed

RESTATED = [
    # texting shorthand: wfh, footy
    ("my sister wfh on mondays", "My sister works from home on Mondays."),
    ("My nephew watches footy every weekend", "My nephew watches football every weekend"),
    # a contraction typed without its apostrophe
    ("my dad wont eat mushrooms", "My dad won't eat mushrooms."),
    # a word in capitals for emphasis is no name
    ("i'm EXTREMELY allergic to wasps", "I'm very allergic to wasps."),
    # a number spelled out with "hundred", decades
    ("My car payment is $320 a month", "My car payment is three hundred and twenty dollars a month"),
    ("I have lived in Dublin for 20 years", "I have lived in Dublin for two decades"),
    # a run's distance said "10k"
    ("my husband runs 10k most sundays", "My husband runs 10 kilometres most Sundays."),
    # a numeral whose last digit drops its unit
    ("我女儿的学费一年三万五", "我女儿的学费一年35000元"),
    # 我们 before a place one belongs to is "my"
    ("我们公司每年组织一次体检", "用户公司每年组织一次体检"),
    # 咱 is 我 in northern speech
    ("咱爸今年退休了", "我爸今年退休了"),
    # a count of times with 回 or 次
    ("我一个月去三回图书馆", "我一个月去三次图书馆"),
    # one son and one daughter in four characters
    ("我表姐有一儿一女", "我表姐有一个儿子和一个女儿"),
    # 半夜 before an hour from one to five is 凌晨
    ("我邻居常常半夜两点还在打游戏", "我邻居常常凌晨两点还在打游戏"),
    # a country's regional name and its mainland one
    ("我舅舅在纽西兰开餐馆", "我舅舅在新西兰开餐馆"),
]

NEAR_MISSES = [
    ("my sister wfh on mondays", "My sister works from the office on Mondays."),
    ("My cousin studies law at uni in Leeds", "My cousin studies law at university in York"),
    ("My nephew watches footy every weekend", "My nephew watches tennis every weekend"),
    ("my dad wont eat mushrooms", "My dad eats mushrooms."),
    ("i'm EXTREMELY allergic to wasps", "I'm very allergic to bees."),
    ("My car payment is $320 a month", "My car payment is three hundred and fifty dollars a month"),
    ("I have lived in Dublin for 20 years", "I have lived in Dublin for three decades"),
    ("my husband runs 10k most sundays", "My husband runs 5 kilometres most Sundays."),
    ("我女儿的学费一年三万五", "我女儿的学费一年30005元"),
    ("我们公司每年组织一次体检", "用户公司每年组织一次团建"),
    ("咱爸今年退休了", "我哥今年退休了"),
    ("我一个月去三回图书馆", "我一个月去五次图书馆"),
    ("我表姐有一儿一女", "我表姐有两个儿子"),
    ("我邻居常常半夜两点还在打游戏", "我邻居常常凌晨四点还在打游戏"),
    ("我舅舅在纽西兰开餐馆", "我舅舅在澳大利亚开餐馆"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_a_restatement_in_another_register_passes_the_veto(a: str, b: str) -> None:
    assert_passes_veto(a, b)


def test_uni_is_read_as_university_by_the_word_rules() -> None:
    from mal import dedup
    from tests.dedup_memories import memory

    a, b = memory("episode", "my cousin met her wife at uni"), memory("episode", "My cousin met her wife at university")
    assert dedup.agree(a, b) and dedup.agree(b, a)


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_the_near_miss_beside_it_is_still_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


def test_the_readings_are_closed_class() -> None:
    from mal.dedup_unblock18_dev7 import registers_alike

    assert registers_alike("the till was empty", "I waited until noon") == {}  # a shop's till
    assert registers_alike("we met at the IKEA store", "we met at a store") == {}  # no dictionary word
    assert registers_alike("我回家两回了", "我回了两次家") == {"两回": "两次"}  # 回家 is no count
    assert registers_alike("他半夜十一点睡", "他凌晨睡") == {}  # eleven at night is no small hour
    assert registers_alike("澳洲", "澳洲") == {}
    assert registers_alike("I walk 10k steps a day", "I walk 10 km a day") == {}  # a count of steps
    assert registers_alike("三万五千", "") == {} and registers_alike("一百五十", "") == {}
