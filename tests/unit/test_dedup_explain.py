"""The thirteenth round's recall (helper recall13, mal/dedup_explain.py): restatements the word rules
now merge because grammar or the CC-CEDICT dictionary explains the one word they differ in, and
near misses beside them whose differing word is related in the dictionary or the grammar but says
another thing, which still never merge (not even at cosine 1.0), in either order.

Memories are built by hand, as the parser would give them. Every sentence is written for these
tests (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_explain import explained, linked, zh_synonyms
from mal.dedup_text import signature
from mal.models import Memory
from tests.dedup_memories import memory as _memory

EP = "episode"

RESTATED = [
    # a classifier of single things one text leaves out
    ("我表妹养了一只仓鼠", "我表妹养仓鼠"),
    ("我舅舅有一辆摩托车", "我舅舅有摩托车"),
    # 我们家 as "my"
    ("我们家兔子叫棉花", "我的兔子叫棉花"),
    # a serial go before an activity
    ("周六上午我去游泳", "周六上午我游泳"),
    ("我姑姑每周六去打太极", "我姑姑每周六打太极"),
    ("My cousin goes swimming on Saturdays", "My cousin swims on Saturdays"),
    # 要 before a verb at one time
    ("下周四我要参加婚礼", "我下周四参加婚礼"),
    # 一周 before the deed is 每周
    ("我姑姑一周打三次太极", "我姑姑每周打三次太极"),
    # one dictionary sense, one shared character
    ("我表妹在城东租用了一间仓库", "我表妹在城东租了一间仓库"),
    # the naming frame
    ("棉花是我同事仓鼠的名字", "我同事的仓鼠叫棉花"),
    # one English verb in two present forms
    ("My niece is moving to Oslo in May", "My niece moves to Oslo in May"),
    # each / every, lately
    ("Each evening I walk the dog", "Every evening I walk the dog"),
    ("I've been practicing yoga lately", "I'm practicing yoga"),
]

NEAR_MISSES = [
    # another animal counted with the same classifier; a measure is not a classifier
    ("我表妹养了一只仓鼠", "我表妹养了一只兔子"),
    ("我舅舅有两辆摩托车", "我舅舅有两箱摩托车"),
    # a directional compound turns who gives to whom
    ("我邻居把房子出租了", "我邻居把房子租了"),
    # go to a place is not being there
    ("周六上午我去游泳馆", "周六上午我在游泳馆"),
    ("My cousin goes to Oslo on Saturdays", "My cousin is in Oslo on Saturdays"),
    # one English gloss, two meanings ("to run", "to know", "to play")
    ("我表妹在城东跑步", "我表妹在城东经营"),
    ("我表妹认识那位医生", "我表妹知道那位医生"),
    ("我同事喜欢玩篮球", "我同事喜欢吹奏篮球"),
    # a past form is another event; late is not lately
    ("My cousin visits Oslo in May", "My cousin visited Oslo in May"),
    ("My cousin goes swimming on Saturdays", "My cousin went swimming on Saturday"),
    ("I sleep late", "I sleep lately"),
    # 玩了一天 is "for a day", not "every day"
    ("我姑姑在公园玩了一天", "我姑姑每天在公园玩"),
    # a plan against a deed
    ("我打算要买摩托车", "我买了摩托车"),
]


def _pair(a: str, b: str) -> tuple[Memory, Memory]:
    return _memory(EP, a), _memory(EP, b)


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_restatements_the_word_rules_now_merge(a: str, b: str) -> None:
    x, y = _pair(a, b)
    for old, new in ((x, y), (y, x)):
        assert dedup.agree(old, new), (a, b)
        assert dedup.same_fact(old, new, 0.9)


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_near_misses_beside_them_never_merge(a: str, b: str) -> None:
    x, y = _pair(a, b)
    for old, new in ((x, y), (y, x)):
        assert not dedup.agree(old, new), (a, b)
        assert not dedup.same_fact(old, new, 1.0), (a, b)


def test_slots_cut_differently_merge_behind_the_veto() -> None:
    """Two facts whose span slots the parser cut from the same words differently merge when the texts
    agree and no veto fires; another value in the same slot still does not."""
    old = _memory("preference", "我表妹很喜欢听陈奕迅的歌", item="陈奕迅的歌", polarity="like")
    new = _memory("preference", "陈奕迅的歌我表妹很喜欢听", item="听陈奕迅", polarity="like")
    other = _memory("preference", "我表妹很喜欢听孙燕姿的歌", item="孙燕姿的歌", polarity="like")
    assert dedup.agree(old, new) and dedup.agree(new, old)
    assert not dedup.agree(old, other) and not dedup.same_fact(old, other, 1.0)


def test_a_state_may_drop_its_time_behind_the_veto() -> None:
    """An age with and without 今年 / "this year" is one fact (the veto's times check lets a state
    drop it); another year, or an event without its day, is not."""
    this_year = _memory("profile", "我外甥今年十二岁", field="age", value="12", relative="nephew")
    plain = _memory("profile", "我外甥12岁了", field="age", value="12", relative="nephew")
    last_year = _memory("profile", "我外甥去年12岁", field="age", value="12", relative="nephew")
    en = _memory("profile", "My nephew is 12 this year", field="age", value="12", relative="nephew")
    en_plain = _memory("profile", "My nephew is twelve", field="age", value="12", relative="nephew")
    for x, y in ((this_year, plain), (en, en_plain)):
        assert dedup.agree(x, y) and dedup.agree(y, x)
    assert not dedup.agree(this_year, last_year) and not dedup.same_fact(last_year, this_year, 1.0)
    dated, undated = _pair("我舅舅下周三去长沙", "我舅舅去长沙")
    assert not dedup.agree(dated, undated) and not dedup.same_fact(undated, dated, 1.0)


def test_the_dictionary_synonyms_share_a_character_and_a_sense() -> None:
    assert "购买" in zh_synonyms("买")
    assert "居住" in zh_synonyms("住")
    assert "出租" not in zh_synonyms("租")  # a directional compound
    assert "知道" not in zh_synonyms("认识")  # "to know", no character in common
    assert "博士" not in zh_synonyms("医生")  # "doctor", no character in common
    assert zh_synonyms("不是一个词") == frozenset()


def test_the_grammar_explanations_on_their_own() -> None:
    a, b = signature("My cousin goes swimming"), signature("My cousin swims")
    assert explained(a.words - b.words, b.words - a.words, a, b)
    assert linked(frozenset({"swimming"}), frozenset({"swim"}))
    assert linked(frozenset({"fluently"}), frozenset({"fluent"}))
    assert not linked(frozenset({"visited"}), frozenset({"visit"}))
    assert not linked(frozenset({"lately"}), frozenset({"late"}))
