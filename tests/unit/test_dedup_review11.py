"""review11's dedup families (mal/dedup_review11.py): two texts that differ in who, what or when while
saying nearly the same words (review11's adversarial pair set, tests/data/dedup_attack11_pairs.jsonl,
kept out of training). Each near miss never merges at cosine 1.0 whatever the model says, in either
order, and the word rules alone do not equate it; each restatement beside it is not caught by the
family. Every sentence here is new (none is in the attack set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_review11 import READINGS, companion, from_to, name_modifier, ordinal, quantifier, role_swap
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes
from tests.dedup_memories import memory as _memory


def ep(text: str) -> Memory:
    return _memory("episode", text)


NEVER = [
    # the same words, two of them exchanged around a fixed middle
    ("role_swap", "en", "I'd pick the train over the bus", "I'd pick the bus over the train"),
    ("role_swap", "en", "My son likes maths but hates history", "My son hates maths but likes history"),
    ("role_swap", "en", "She calls on Mondays, not Fridays", "She calls on Fridays, not Mondays"),
    ("role_swap", "en", "Anna fixed my bike yesterday", "I fixed Anna's bike yesterday"),
    ("role_swap", "en", "I'm lactose intolerant, not allergic to milk", "I'm allergic to milk, not lactose intolerant"),
    ("role_swap", "zh", "我家有三条金鱼一只乌龟", "我家有三只乌龟一条金鱼"),
    ("role_swap", "zh", "他不吃牛肉，但吃羊肉", "他不吃羊肉，但吃牛肉"),
    ("role_swap", "zh", "我三天游一次泳", "我一天游三次泳"),
    ("role_swap", "zh", "我舅舅家养了几头奶牛", "我舅舅家养了几头牛奶"),
    ("role_swap", "zh", "我买了一些蜂蜜", "我买了一些蜜蜂"),
    # the user with someone against that someone alone
    ("companion", "en", "My brother and I are driving to Utah in May", "My brother is driving to Utah in May"),
    ("companion", "en", "Me and my roommate adopted a kitten", "My roommate adopted a kitten"),
    ("companion", "zh", "我跟我妹下周去西安", "我妹下周去西安"),
    ("companion", "mixed", "我和我的 roommate 周末去爬山", "我的 roommate 周末去爬山"),
    # all against some
    ("quantifier", "en", "All of my cousins live abroad", "Some of my cousins live abroad"),
    ("quantifier", "en", "Both my parents are teachers", "One of my parents is a teacher"),
    ("quantifier", "zh", "我的同事都会说粤语", "我的同事有的会说粤语"),
    # an ordinal against a count; a numbered thing against a floor
    ("ordinal", "en", "My third grandkid lives in Perth", "My three grandkids live in Perth"),
    ("ordinal", "zh", "我第二个女儿在读高中", "我两个女儿在读高中"),
    ("ordinal", "zh", "我的办公室在五号楼", "我的办公室在五楼"),
    # a word inside an organisation's name
    ("name_modifier", "zh", "我表哥在武汉大学当老师", "我表哥在武汉理工大学当老师"),
    ("name_modifier", "zh", "我妈在广州医院做护士", "我妈在广州中医医院做护士"),
    ("name_modifier", "en", "My aunt studied at Oxford University", "My aunt studied at Oxford Brookes University"),
    # a place one text comes from and the other goes to
    ("from_to", "zh", "我同事是从西安调过来的", "我同事要调去西安"),
    ("from_to", "en", "My neighbour moved here from Seattle", "My neighbour is moving to Seattle"),
]

PASS = [
    ("role_swap", "I take my pills with water in the morning", "I take my pills in the morning with water"),
    ("role_swap", "My favourite sport is tennis", "Tennis is my favourite sport"),
    ("role_swap", "Lily and Max are my neighbours", "Max and Lily are my neighbours"),
    ("role_swap", "我周一和周三练瑜伽", "我周三和周一练瑜伽"),
    ("role_swap", "我最爱吃的菜是红烧肉", "红烧肉是我最爱吃的菜"),
    ("role_swap", "我喝不了酒", "我不喝酒"),
    ("role_swap", "香菜我不吃", "我不吃香菜"),
    ("role_swap", "我和同事互相帮助", "我和同事相互帮助"),
    ("companion", "My brother and I are driving to Utah in May", "We are driving to Utah in May"),
    ("companion", "My brother and I are driving to Utah in May", "Driving to Utah with my brother in May"),
    ("companion", "我跟我妹下周去西安", "我妹下周跟我一起去西安"),
    ("quantifier", "All my cousins live abroad", "Every one of my cousins lives abroad"),
    ("quantifier", "我每天都喝咖啡", "我每天喝咖啡"),
    ("ordinal", "I have two daughters", "I've got 2 daughters"),
    ("ordinal", "我住五楼", "我家在五楼"),
    ("name_modifier", "我在一家医院上班", "我在医院上班"),
    ("name_modifier", "我在武汉大学读书", "我在武汉大学念书"),
    ("from_to", "我从西安坐高铁到郑州", "我坐高铁从西安到郑州"),
    ("from_to", "I flew from Boston to Denver", "I took a flight to Denver from Boston"),
]


@pytest.mark.parametrize(("family", "lang", "old", "new"), NEVER)
def test_near_misses_never_merge(family: str, lang: str, old: str, new: str) -> None:
    assert_family_vetoes(family, ep(old), ep(new))
    for x, y in ((old, new), (new, old)):
        assert not dedup.agree(ep(x), ep(y)), (x, y)


# Restatements review11's reading leaves alone but en11's reading of the same family vetoes (its
# `joint_subject` reads neither "we" nor "with my brother" as the user): vetoed before the veto read
# the family once (mal/dedup_shared_families.py) as well, then under en11's own name "joint". A false
# veto left as it was (folding changes no decision); only review11's reading is held silent here.
OTHER_READING_VETOES = {
    ("companion", "My brother and I are driving to Utah in May", "We are driving to Utah in May"),
    ("companion", "My brother and I are driving to Utah in May", "Driving to Utah with my brother in May"),
}


@pytest.mark.parametrize(("family", "old", "new"), PASS)
def test_restatements_beside_them_are_not_caught_by_the_family(family: str, old: str, new: str) -> None:
    reading = dict(READINGS)[family]
    for x, y in ((old, new), (new, old)):
        assert not reading(x, y), (family, x, y)
    if (family, old, new) not in OTHER_READING_VETOES:
        assert_family_silent(family, ep(old), ep(new))


def test_the_family_checks_on_their_own() -> None:
    assert role_swap("I rank speed above comfort", "I rank comfort above speed")
    assert not role_swap("I rank speed above comfort", "Speed I rank above comfort")
    assert companion("My dad and I run a shop", "My dad runs a shop")
    assert not companion("My dad and I run a shop", "We run a shop, my dad and me")
    assert quantifier("我们班的同学都考过了", "我们班有些同学考过了")
    assert not quantifier("我们班的同学都考过了", "我们班全部同学都考过了")
    assert ordinal("我住七号楼", "我住七楼") and not ordinal("我住七号楼", "我住在七号楼")
    assert name_modifier("我在厦门大学", "我在厦门理工大学") and not name_modifier("我在厦门大学", "我在厦门大学读研")
    assert from_to("I moved from Lyon", "I moved to Lyon") and not from_to("I moved to Lyon", "I relocated to Lyon")
