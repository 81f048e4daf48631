"""The fourteenth round's dedup families (mal/dedup_review14.py): near misses that passed every older
veto once blind13 joined training, so the learned layer's thresholds went above 1, and the near
misses of the round's development set (dedup_dev5) that no veto named, which the learned layer
merged (a former partner, school stages, in / near a place, left / right, a time against a
condition; the widened readers: lessons taken or given and a school entered or finished in
mal/dedup_actions.py, compounds jieba cut in two and one-character siblings in mal/dedup_checks.py,
a negated detail the other text says plainly in mal/dedup_families.py). Each near miss never merges
at cosine 1.0 whatever the model says, in either order; each restatement beside it is not caught
by the family. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal.dedup_review14 import former, money_basis, nearby, occasion, school_stage, side
from mal.models import Memory
from tests.dedup_memories import assert_family_silent, assert_family_vetoes
from tests.dedup_memories import memory as _memory


def ep(text: str) -> Memory:
    return _memory("episode", text)


NEVER = [
    # an amount on a stated basis against the bare amount, or against another basis
    ("money_basis", "en", ep("My wife makes around $120k a year"), ep("My wife makes around $120k a year before tax")),
    ("money_basis", "en", ep("My take-home pay is $4,200 a month"), ep("My gross pay is $4,200 a month")),
    ("money_basis", "zh", ep("我月薪一万八"), ep("我税后月薪一万八")),
    ("money_basis", "zh", ep("我老公年薪四十万，税前"), ep("我老公年薪四十万，含年终奖金")),
    ("money_basis", "mixed", ep("我年薪税后35万"), ep("I make 350k a year before tax")),
    # a former partner, colleague or title in one text only
    ("former", "zh", ep("我同事在字节跳动上班"), ep("我前同事在字节跳动上班")),
    ("former", "en", ep("My husband coaches soccer in Denver"), ep("My ex-husband coaches soccer in Denver")),
    ("former", "en", ep("My boss Priyanka just got promoted"), ep("My former boss Priyanka just got promoted")),
    # two school stages
    ("school_stage", "zh", ep("我侄子在杭州读初中"), ep("我侄子在杭州读小学")),
    ("school_stage", "en", ep("My niece is in high school in Phoenix"), ep("My niece is in college in Phoenix")),
    ("school_stage", "en", ep("My cousin is doing a master's in Lyon"), ep("My cousin is doing a PhD in Lyon")),
    # lessons taken against given; a school entered against finished (mal/dedup_actions.py)
    ("action", "zh", ep("我每周六去上吉他课"), ep("我每周六去教吉他课")),
    ("action", "en", ep("I take swimming lessons on Sundays"), ep("I give swimming lessons on Sundays")),
    ("action", "zh", ep("我表妹今年考上了浙大"), ep("我表妹今年从浙大毕业了")),
    (
        "action",
        "en",
        ep("My sister was accepted to Stanford last spring"),
        ep("My sister graduated from Stanford last spring"),
    ),
    # a compound jieba cut in two, or a word one character off (mal/dedup_checks.py `siblings`)
    ("sibling", "zh", ep("我今天戴了太阳眼镜。"), ep("我今天戴了游泳眼镜。")),
    ("sibling", "zh", ep("我买了一个保温杯"), ep("我买了一个保温壶")),
    ("sibling", "zh", ep("我周末去图书馆"), ep("我周末去图书城")),
    # in a place against near it
    ("nearby", "en", ep("My parents live in Ottawa"), ep("My parents live just outside Ottawa")),
    ("nearby", "zh", ep("我爸妈住在苏州"), ep("我爸妈住在苏州郊区")),
    # one side against the other
    ("side", "en", ep("I always sleep on the top bunk"), ep("I always sleep on the bottom bunk")),
    ("side", "zh", ep("我左耳听力不太好"), ep("我右耳听力不太好")),
    ("side", "en", ep("My son is left-handed"), ep("My son is right-handed")),
    # a time against a condition, the rest alike
    ("occasion", "en", ep("I can't sleep in the afternoon"), ep("I can't sleep in the heat")),
    ("occasion", "zh", ep("我早上不喝咖啡"), ep("我感冒的时候不喝咖啡")),
    # a negated detail the other text says plainly (mal/dedup_families.py `negation_aside`)
    ("negation", "zh", ep("我喝豆浆，不放糖"), ep("我喝豆浆，要放两勺糖")),
]

PASS = [
    ("money_basis", "en", ep("I take home $3,800 a month"), ep("My take-home pay is $3,800 monthly")),
    ("money_basis", "en", ep("I earn $95k pre-tax"), ep("My salary is $95k before taxes")),
    ("money_basis", "zh", ep("我每个月到手九千"), ep("我税后一个月九千")),
    ("money_basis", "zh", ep("这台电脑一万二不含税"), ep("这台电脑未税价一万二")),
    ("money_basis", "mixed", ep("我税前年薪五十万"), ep("My salary is 500k a year before tax")),
    ("money_basis", "en", ep("I earn $60k a year"), ep("My annual income is $60k")),
    ("former", "zh", ep("我前妻是护士"), ep("我以前的老婆是护士")),
    ("former", "en", ep("My former boss is named Greg"), ep("My ex-boss is called Greg")),
    ("former", "zh", ep("我同事在字节跳动上班"), ep("我同事在字节跳动工作")),
    ("school_stage", "zh", ep("我在复旦大学读研究生"), ep("我在复旦读研")),
    ("school_stage", "zh", ep("我儿子在读高中"), ep("我儿子是中学生")),
    ("school_stage", "en", ep("I have a master's from NYU"), ep("I went to grad school at NYU")),
    ("school_stage", "en", ep("My son is a high school senior"), ep("My son is in his last year of high school")),
    ("action", "zh", ep("我每周六上吉他课"), ep("我每个星期六都去上吉他课")),
    ("action", "en", ep("I take swimming lessons on Sundays"), ep("I have swimming lessons every Sunday")),
    ("action", "en", ep("My sister was admitted to Stanford"), ep("My sister got into Stanford")),
    ("action", "zh", ep("我表妹今年被浙大录取了"), ep("我表妹今年考上了浙大")),
    ("sibling", "zh", ep("我配了一副新的框架眼镜"), ep("我新配了一副框架眼镜")),
    ("sibling", "zh", ep("我下周请三天年假"), ep("下周我要请三天的年假")),
    ("sibling", "zh", ep("我每天喝一杯豆浆"), ep("我每日喝一杯豆浆")),
    ("sibling", "zh", ep("我很喜欢猫"), ep("我很喜爱猫")),
    ("nearby", "en", ep("My parents live near Ottawa"), ep("My parents live close to Ottawa")),
    ("nearby", "zh", ep("我爸妈住在苏州附近"), ep("我爸妈家离苏州不远")),
    ("nearby", "en", ep("I visit my aunt at Christmas"), ep("I visit my aunt around Christmas")),
    ("side", "en", ep("My son is left-handed"), ep("My son writes with his left hand")),
    ("side", "zh", ep("我是左撇子"), ep("我习惯用左手")),
    ("side", "en", ep("I left right after lunch"), ep("I left after lunch")),
    ("occasion", "en", ep("I hate cycling in the snow"), ep("I hate cycling when it snows")),
    ("occasion", "en", ep("I go jogging in the morning"), ep("I go jogging every morning")),
    ("negation", "zh", ep("我喝豆浆，不放糖"), ep("我喝豆浆从来不放糖")),
    ("negation", "zh", ep("我早上喝豆浆"), ep("我每天早上喝豆浆，从不喝牛奶")),
]


@pytest.mark.parametrize(("family", "lang", "old", "new"), NEVER)
def test_near_misses_of_the_fourteenth_round_never_merge(family: str, lang: str, old: Memory, new: Memory) -> None:
    assert_family_vetoes(family, old, new)


@pytest.mark.parametrize(("family", "lang", "old", "new"), PASS)
def test_restatements_in_the_same_family_are_not_caught(family: str, lang: str, old: Memory, new: Memory) -> None:
    assert_family_silent(family, old, new)


def test_the_family_on_its_own() -> None:
    assert money_basis("I net 5k a month", "I make 5k a month")
    assert money_basis("price is $30 plus tax", "price is $30 including tax")
    assert not money_basis("price is $30 plus tax", "it costs $30 + tax")
    assert not money_basis("I code in .NET at work", "At work I code in .NET")  # both sides alike


def test_the_round_s_other_families_on_their_own() -> None:
    assert former("我和男朋友住在一起", "我和前男友住在一起")
    assert not former("I'm a former smoker", "I used to smoke")  # a habit, not a person or a title
    assert not former("我目前同事有十个", "我现在有十个同事")  # 目前 is no 前
    assert school_stage("My kid is in 3rd grade", "My kid is in 7th grade")
    assert not school_stage("我女儿在读初中", "我女儿在读中学")  # 中学 spans 初中
    assert not school_stage("I finished college and then grad school", "I finished grad school")
    assert nearby("We rent a cabin in Banff", "We rent a cabin outside Banff")
    assert not nearby("I live in Leeds", "I live in Leeds, near the station")  # near another place
    assert side("我坐前排", "我坐后排")
    assert not side("I sit in the front row", "I sit in the front row on the left")  # one side more said
    assert occasion("我晚上不敢开车", "我下雨天不敢开车")
    assert not occasion("I've lived here for 5 yrs", "I've lived here for 5 years")
