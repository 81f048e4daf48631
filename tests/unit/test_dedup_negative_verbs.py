"""Negation said with a negative verb (mal/dedup_negative_verbs.py, issue #11): "must avoid gluten" /
"can't eat gluten", 戒烟三年了 / 三年没抽烟了, "unless it's raining" / "when it isn't raining" are
restatements of one polarity and merge; near misses beside them (another habit, the deed itself
un-negated, another person, another span, a wish against a practice, the exception against the
rule) stay apart. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal.dedup_negative_verbs import negative_said
from tests.dedup_memories import merged_any

RESTATED = [
    # avoid / must avoid / stay away from / abstain from / steer clear of against can't / don't
    ("I can't eat peanuts because of my allergy.", "I must avoid peanuts because of my allergy."),
    ("I don't eat pork for religious reasons.", "I avoid pork for religious reasons."),
    ("I don't drink alcohol.", "I abstain from alcohol."),
    ("User does not eat shellfish.", "I stay away from shellfish."),
    ("I don't eat fried food.", "I steer clear of fried food."),
    ("My doctor says I can't have dairy.", "My doctor says I have to avoid dairy."),
    # quit / gave up a habit against no longer / hasn't
    ("I quit smoking.", "I no longer smoke."),
    ("I gave up sugar.", "I don't eat sugar anymore."),
    ("I quit drinking.", "I don't drink anymore."),
    ("I gave up meat.", "I no longer eat meat."),
    # unless X / when not X / except when X
    ("I walk to the office unless it's snowing.", "I walk to the office when it isn't snowing."),
    ("I run outside unless it's raining.", "I run outside except when it's raining."),
    # 戒(烟|酒|糖) / 避免 / 忌 against 不 / 没 / 不能
    ("我戒糖半年了。", "用户已经半年没吃糖了。"),
    ("我爸戒烟五年了", "我爸已经五年没抽烟了"),
    ("我戒了酒", "我不再喝酒"),
    ("我对海鲜过敏，必须避免虾蟹", "我对海鲜过敏，不能吃虾蟹"),
    ("医生让我忌辛辣的食物", "医生让我不吃辛辣的东西"),
    # 不X的话 / 除了X天
    ("不加班的话我都去健身房", "除了加班的时候，我都去健身房"),
    # 啥X都不V / 不V任何X
    ("我啥酒都不喝", "我不喝任何酒"),
]

NEAR_MISSES = [
    # another habit, another thing avoided
    ("I quit smoking two years ago.", "I haven't had a drink for two years."),
    ("I gave up sugar.", "I don't eat meat."),
    ("I avoid gluten.", "I can't eat dairy."),
    ("I must avoid peanuts.", "I can't eat walnuts."),
    # the deed itself, un-negated
    ("I avoid gluten.", "I eat gluten."),
    ("I quit smoking.", "I smoke."),
    ("I stay away from coffee.", "I drink coffee every morning."),
    ("I abstain from alcohol.", "I drink alcohol on weekends."),
    # a feeling, not an abstention
    ("I avoid sugar.", "I love sugar."),
    # another person
    ("My brother quit smoking.", "I don't smoke."),
    ("My wife avoids gluten.", "I can't eat gluten."),
    # another span
    ("I quit smoking three years ago.", "I haven't smoked for five years."),
    ("我戒烟三年了。", "我已经五年没抽烟了。"),
    # a wish or a to-do against a practice
    ("I'm trying to avoid sugar.", "I don't eat sugar."),
    ("Remind me to avoid the highway tomorrow.", "I didn't take the highway."),
    ("我尽量避免吃甜食", "我不吃甜食"),
    # quit a job, a team: no habit
    ("I quit my job last year.", "I don't have a job."),
    # the exception against the rule
    ("I walk to the office unless it's snowing.", "I walk to the office when it's snowing."),
    ("I run outside unless it's raining.", "I run outside when it's raining."),
    ("I bike to work unless it's raining.", "I bike to work unless it's snowing."),
    ("不下雨的话我都骑车上班", "下雨的话我都骑车上班"),
    ("除了周末我都早起", "周末我都早起"),
    ("不加班的话我都去健身房", "除了周末，我都去健身房"),
    # 戒 / the deed
    ("我戒烟了", "我抽烟"),
    ("我戒烟了", "我没喝酒"),
    ("我戒酒三年了", "我三年没抽烟了"),
    ("我必须避免含麸质的食物", "我能吃含麸质的东西"),
    ("我必须避免含麸质的食物", "我不能吃含乳糖的东西"),
    ("我哥戒烟三年了", "我已经三年没抽烟了"),
    ("我啥酒都不喝", "我不喝任何饮料"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_restatement_merges(a: str, b: str) -> None:
    assert merged_any(a, b), (a, b)


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_near_miss_stays_apart(a: str, b: str) -> None:
    assert not merged_any(a, b), (a, b)


def test_reading_rewrites_only_to_the_other_texts_words() -> None:
    assert negative_said("User must avoid gluten.", "I can't eat gluten.") == {"must avoid gluten": "can't eat gluten"}
    assert negative_said("我戒烟三年了", "已经三年没抽烟了") == {"戒烟": "没抽烟"}
    assert negative_said("I avoid gluten.", "I eat gluten.") == {}
    assert negative_said("I quit my job.", "I don't have a job.") == {}
