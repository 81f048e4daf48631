"""Dedup, fifth round (issue #11 item 2): restatements across kinds, slot synonyms, kinship and
"the user" / 用户 normalisation, and the new vetoes (contrast groups, an added modifier, a wish),
zh and en apart. Pairs are written for these tests, not taken from the pair sets the model is
trained on; cosines are passed in, so no embedding model is needed.
"""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup
from mal.dedup_text import signature
from mal.models import Memory
from tests.dedup_memories import memory


def _pair(a: str, b: str) -> tuple[Memory, Memory]:
    """b's first memory and a's memory the write path would compare it with (`comparable`)."""
    new = memories(b)[0]
    old = next(m for m in memories(a) if dedup.comparable(m.kind, new.kind))
    return old, new


def test_an_episode_is_searched_in_every_kind() -> None:
    # since the sixth round a fact is too, and may supersede an older episode (tests/unit/test_dedup_sixth.py)
    assert dedup.search_kind("episode") is None
    assert dedup.comparable("preference", "episode")  # a new episode may reinforce an old fact
    assert not dedup.comparable("profile", "preference")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我不吃香菜", "香菜这东西我不吃"),  # zh: a preference, then the same said as an episode
        ("我在华为上班", "我的工作单位是华为"),  # zh: profile / episode
        ("I am allergic to peanuts", "Peanuts make me sick, I am allergic"),  # en: family_health / episode
    ],
)
def test_a_new_episode_restating_an_older_fact_passes_the_veto(a: str, b: str) -> None:
    old, new = _pair(a, b)
    if old.kind == new.kind:
        pytest.skip("the parser reads both as one kind now (helper parse5 changes parsers/)")
    assert new.kind == "episode" and old.kind != "episode"
    assert dedup.veto_reason(old, new) is None
    assert not dedup.supersedes(old, new)  # the episode reinforces the fact, never the reverse


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我对花生过敏", "我不对花生过敏"),  # zh negation
        ("我下周去北京出差", "我下周离开北京"),  # zh direction
        ("I live in Denver", "I don't live in Denver"),  # en negation
        ("I'm flying to Tokyo on May 3", "I'm flying back from Tokyo on May 3"),  # en direction
    ],
)
def test_across_kinds_the_text_veto_still_stands(a: str, b: str) -> None:
    for old in memories(a):
        for new in memories(b):
            if dedup.comparable(old.kind, new.kind):
                assert not dedup.same_fact(old, new, 1.0)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("The user is allergic to penicillin", "I'm allergic to penicillin"),
        ("用户对青霉素过敏", "我对青霉素过敏"),
    ],
)
def test_the_user_is_the_first_person(a: str, b: str) -> None:
    sa, sb = signature(a), signature(b)
    assert (sa.people, sa.words, sa.anchors) == (sb.people, sb.words, sb.anchors)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我爸是老师", "我父亲是教师"),
        ("我每月给爸妈转钱", "我每月给父母转钱"),
        ("My husband is a lawyer", "My husband is an attorney"),
        ("I go running every morning", "I go jogging every morning"),
    ],
)
def test_slot_synonyms_and_kinship_words_are_one_thing(a: str, b: str) -> None:
    assert dedup.agree_texts(a, b) and dedup.agree_texts(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我会说粤语", "我会说闽南语"),  # language
        ("我开的是特斯拉", "我开的是比亚迪"),  # brand
        ("我是素食者", "我是纯素食者"),  # vegetarian / vegan
        ("我住在杭州", "我老家在杭州"),  # lives / comes from
        ("I only drink decaf coffee", "I only drink coffee"),  # an added modifier
        ("My flight is economy", "My flight is premium economy"),
        ("I want to quit my job", "I quit my job"),  # a wish is not a deed
        ("I switched to an iPhone 15", "I switched from an iPhone 15"),
        ("I speak Spanish", "I'm learning Spanish"),
        ("I pay $2,100 a month in rent", "I pay $2,100 a month for my mortgage"),
    ],
)
def test_new_vetoes_stop_near_misses_whatever_the_model_says(a: str, b: str) -> None:
    for x, y in ((a, b), (b, a)):
        for old in memories(x):
            for new in memories(y):
                if dedup.comparable(old.kind, new.kind):
                    assert not dedup.veto(old, new)
                    assert not dedup.same_fact(old, new, 1.0)


def test_the_issue_pair_never_merges_in_either_order_or_kind() -> None:
    a, b = "舅舅教Lisa做草莓蛋糕", "爷爷教Lisa制作红丝绒蛋糕"
    for x, y in ((a, b), (b, a)):
        for old in memories(x):
            for new in memories(y):
                assert not dedup.same_fact(old, new, 1.0)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我不吃香菜", "葱这东西我不吃"),  # zh: the episode does not say the preference's item
        ("I work at Google", "My employer is Microsoft"),  # en: nor the profile's employer
    ],
)
def test_across_kinds_the_episode_must_say_the_facts_values(a: str, b: str) -> None:
    old, new = _pair(a, b)
    if old.kind == new.kind:
        pytest.skip("the parser reads both as one kind now (helper parse5 changes parsers/)")
    assert dedup.veto_reason(old, new) in {"slots", "names"}
    assert not dedup.same_fact(old, new, 1.0)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我周末去爬山", "周末我一般去游泳"),  # zh: reworded, and one activity for another
        ("我每天早上喝茶", "每天早上我都喝咖啡"),
        ("I go hiking on weekends", "On weekends I usually swim"),  # en
        ("I drink tea every morning", "Every morning I have coffee"),
    ],
)
def test_two_episodes_that_each_say_something_the_other_does_not_never_reach_the_model(a: str, b: str) -> None:
    """A reworded near miss scores as high as a restatement with the model; between two episodes
    nothing else pins the fact, so a substitution is a hard difference. The two are built as episodes:
    what the parser makes of them may change with its models (since the ninth round's retraining
    我周末去爬山 is a preference), and the pair as parsed must never merge either."""
    old, new = memory("episode", a), memory("episode", b)
    assert dedup.veto_reason(old, new) == "substitution"
    assert not dedup.same_fact(old, new, 1.0)
    parsed_old, parsed_new = _pair(a, b)
    assert not dedup.same_fact(parsed_old, parsed_new, 1.0) and not dedup.same_fact(parsed_new, parsed_old, 1.0)


def test_a_drug_name_holding_a_numeral_is_no_number() -> None:
    assert signature("我每天吃一片二甲双胍").numbers == ()
    assert signature("我每天吃两片二甲双胍").numbers == ("2",)


@pytest.mark.parametrize(
    ("a", "b"),
    [("我吃素", "我坐轮椅"), ("我对花生过敏", "我坐轮椅"), ("I'm vegetarian", "I use a wheelchair")],
)
def test_an_episode_never_reinforces_a_fact_whose_words_it_does_not_say(a: str, b: str) -> None:
    """e5 puts 我吃素 / 我坐轮椅 at 0.92 and the model scores nearly every cross-kind pair high: the
    fact must have a value taken from its own words, and the episode must say it (吃素 is stored as
    the code "vegetarian", so nothing can show an episode restates it)."""
    for old in memories(a):
        for new in memories(b):
            if dedup.comparable(old.kind, new.kind):
                assert not dedup.veto(old, new)
                assert not dedup.same_fact(old, new, 1.0)
