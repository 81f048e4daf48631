"""The twelfth dedup round (helper zh11): Chinese counts and one-character contrast members.

* A numeral bound to a measure word is a count whatever numeral says it (一片 / 两片, 半斤 / 一斤,
  俩 / 三个): two texts that count one measure differently never merge, even when their number
  lists happen to agree (一片…两年 / 两片…一年); a count one text leaves out is no difference.
* A one-character contrast member (去, 大, 小, 到, 住 ...) is matched on jieba's tokens, not inside a
  word that means something else (去年, 大学, 从小, 长大, 住院).

Memories are built by hand, as the parser would give them. Pairs are written for these tests."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_text import signature
from mal.dedup_zh_counts import counts, counts_differ
from tests.dedup_memories import memory as m

EP = "episode"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我爷爷每天早上吃一片阿司匹林", {("1", "片")}),
        ("我爷爷每天早上吃两片阿司匹林", {("2", "片")}),
        ("她买了半斤核桃", {("0.5", "斤")}),
        ("她买了两斤半核桃", {("2.5", "斤")}),
        ("开会开了一个半小时", {("1.5", "小时")}),
        ("我们俩周末去爬山", {("2", "个")}),
        ("我有几个同事住在附近", {("几", "个")}),
        ("这套房子是2019年买的", set()),
        ("我第一次去西安", set()),
        ("我们一起吃饭", set()),
    ],
)
def test_counts_read_every_numeral_with_its_measure(text: str, expected: set[tuple[str, str]]) -> None:
    assert counts(text) == expected


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我爷爷每天早上吃一片阿司匹林", "我爷爷每天早上吃两片阿司匹林"),
        ("她买了半斤核桃", "她买了一斤核桃"),
        ("我一周游两次泳", "我一周游一次泳"),
        ("我们俩周末去爬山", "我们三个周末去爬山"),
        ("我有几个同事住在附近", "我有五个同事住在附近"),
        # the number lists agree, (2,) and (2,): only the counts of each measure tell them apart
        ("我奶奶每晚吃一粒安眠药，吃了两年", "我奶奶每晚吃两粒安眠药，吃了一年"),
    ],
)
def test_another_count_of_one_measure_never_merges(a: str, b: str) -> None:
    assert counts_differ(a, b)
    x, y = m(EP, a), m(EP, b)
    for old, new in ((x, y), (y, x)):
        assert not dedup.agree(old, new)
        assert "quantity" in dedup.veto_reasons(old, new) or not dedup.veto(old, new)
        assert not dedup.same_fact(old, new, 1.0)


def test_the_number_lists_alone_missed_the_swapped_counts() -> None:
    a, b = "我奶奶每晚吃一粒安眠药，吃了两年", "我奶奶每晚吃两粒安眠药，吃了一年"
    assert signature(a).numbers == signature(b).numbers  # why the count check is needed
    assert "quantity" in dedup.veto_reasons(m(EP, a), m(EP, b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我每晚睡前吃片褪黑素", "我每晚睡前吃一片褪黑素"),  # a count one text leaves out
        ("我们俩周末去爬山", "我们两个周末去爬山"),  # 俩 is 两个
        ("开会开了一个半小时", "开会开了1.5小时"),
        ("她买了两斤半核桃", "她买了2.5斤核桃"),
    ],
)
def test_one_count_said_two_ways_is_no_difference(a: str, b: str) -> None:
    assert not counts_differ(a, b)
    x, y = m(EP, a), m(EP, b)
    for old, new in ((x, y), (y, x)):
        assert "quantity" not in dedup.veto_reasons(old, new)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我从小住在绵阳", "我在绵阳长大的"),  # 从小 / 长大: no younger, no elder
        ("我是去年到的厦门", "去年我来了厦门"),  # 去年 is no going
        ("我大学读的是会计", "我在大学里学的会计"),
        ("我表姐住院了，在协和", "我表姐在协和住院"),
    ],
)
def test_one_character_members_inside_other_words_are_no_contrast(a: str, b: str) -> None:
    x, y = m(EP, a), m(EP, b)
    for old, new in ((x, y), (y, x)):
        assert "contrast" not in dedup.veto_reasons(old, new), dedup.veto_reasons(old, new)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我去年去了厦门", "我去年回了厦门"),  # 去 / 回 still differ beside 去年
        ("我养了一只小猫", "我养了一只小狗"),
        ("我会说葡萄牙语", "我在学葡萄牙语"),
        ("我舅舅住在苏州", "我舅舅在苏州上班"),
        ("我大儿子在读高中", "我小儿子在读高中"),
    ],
)
def test_one_character_members_said_as_words_still_contrast(a: str, b: str) -> None:
    x, y = m(EP, a), m(EP, b)
    for old, new in ((x, y), (y, x)):
        assert not dedup.same_fact(old, new, 1.0)


# --- a note's words for the user's (用户…), a dated plan, number forms ---------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # a plan said of a dated future event is the event (both name the same future time)
        ("我下个月五号从杭州飞厦门", "用户计划下月5日从杭州乘飞机去厦门"),
        ("我爸下周四做胆囊手术", "用户父亲将于下周四接受胆囊手术"),
        # the written words of a note: 芫荽 / 香菜, 登山 / 爬山, 乘机 / 坐飞机, 偏好 / 喜欢
        ("我女儿不吃香菜", "用户女儿不吃芫荽"),
        ("我老公周末喜欢去爬山", "用户丈夫周末喜欢登山"),
        ("我坐飞机喜欢靠过道的位子", "用户乘机偏好靠过道座位"),
        # a year digit by digit, a height in metres, the last four digits, no meat of any kind
        ("我2009年研究生毕业", "用户二〇〇九年研究生毕业"),
        ("我一米六五", "用户165cm"),
        ("我的手机尾号是3391", "用户手机后四位3391"),
        ("我是素食者，不吃肉", "用户是素食者，不吃任何肉类"),
        # a goal is a wish: 目标 / 想
        ("我今年想把体重减到五十五公斤", "用户今年的减重目标是五十五公斤"),
    ],
)
def test_note_style_restatements_reach_the_model(a: str, b: str) -> None:
    x, y = m(EP, a), m(EP, b)
    for old, new in ((x, y), (y, x)):
        assert dedup.veto(old, new), dedup.veto_reasons(old, new)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我下个月五号从杭州飞厦门", "用户计划这个月5日从杭州乘飞机去厦门"),  # another time
        ("我下个月五号从杭州飞厦门", "用户想下月5日从杭州乘飞机去厦门"),  # a wish, not a plan
        ("我下个月五号从杭州飞厦门", "用户计划下月5日从杭州乘飞机去深圳"),
        ("我2009年研究生毕业", "用户二〇一九年研究生毕业"),
        ("我一米六五", "用户156cm"),
        ("我的手机尾号是3391", "用户手机后四位3319"),
        ("我今年想把体重减到五十五公斤", "用户今年体重减到了五十五公斤"),  # a goal, not an outcome
        ("我坐飞机喜欢靠过道的位子", "用户乘机偏好靠窗座位"),
    ],
)
def test_note_style_near_misses_never_merge(a: str, b: str) -> None:
    x, y = m(EP, a), m(EP, b)
    for old, new in ((x, y), (y, x)):
        assert not dedup.same_fact(old, new, 1.0), dedup.veto_reasons(old, new)


# --- near misses the word rules equated (mal/dedup_zh_near.py) -----------------------------------


# each named by the veto check that reads its family (mal/dedup_shared_families.py folds zh11's joint,
# partial, reordered, infixed, swapped_pair, origin_goal and floor with their review11 and en11 twins)
@pytest.mark.parametrize(
    ("family", "a", "b"),
    [
        ("companion", "我和我妹妹暑假去青岛", "我妹妹暑假去青岛"),
        ("companion", "我们一家每年春节回老家", "我爸妈每年春节回老家"),
        ("quantifier", "我的表弟都在读研", "我有些表弟在读研"),
        ("role_swap", "我儿子喜欢看奶牛", "我儿子喜欢喝牛奶"),
        ("role_swap", "我不喜欢讲故事", "我不喜欢讲事故"),
        ("name_modifier", "我表妹在浙江大学读书", "我表妹在浙江工业大学读书"),
        ("role_swap", "我喜欢喝茶，但不喜欢喝咖啡", "我喜欢喝咖啡，但不喜欢喝茶"),
        ("quantity", "我家有三条金鱼一只乌龟", "我家有三只乌龟一条金鱼"),
        ("quantity", "我阳台上有两盆月季一盆茉莉", "我阳台上有两盆茉莉一盆月季"),
        ("from_to", "我是从杭州搬过来的", "我准备搬去杭州"),
        ("ordinal", "我公司在八楼", "我公司在八号楼"),
    ],
)
def test_chinese_near_misses_never_merge(family: str, a: str, b: str) -> None:
    x, y = m(EP, a), m(EP, b)
    for old, new in ((x, y), (y, x)):
        assert not dedup.agree(old, new), family
        assert family in dedup.veto_reasons(old, new), (family, dedup.veto_reasons(old, new))
        assert not dedup.same_fact(old, new, 1.0), family


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我和我妹妹暑假去青岛", "暑假我跟我妹妹一起去青岛"),
        ("我跟你说，我暑假去青岛", "我暑假去青岛"),  # 我跟你 addresses the assistant
        ("我去年戒烟了", "去年我把烟戒了"),  # a verb and its object either way round
        ("我每月房租预算三千", "我租房每月预算三千"),
        ("香菜我是不吃的", "我不吃香菜"),  # one word moved to the front
        ("我家有两只仓鼠两只乌龟", "我家有两只乌龟两只仓鼠"),  # one list in another order
        ("我喜欢吃芒果，也喜欢吃榴莲", "我喜欢吃榴莲，也喜欢吃芒果"),
        ("我老家在杭州", "我从小在杭州长大"),
    ],
)
def test_restatements_beside_the_near_misses_are_not_vetoed_by_them(a: str, b: str) -> None:
    from mal import dedup_zh_near

    for x, y in ((a, b), (b, a)):
        assert not dedup_zh_near.differs(x, y), [n for n, c in dedup_zh_near.CHECKS if c(x, y)]


FH = "family_health"


def test_a_note_about_the_users_relative_is_read_as_the_relative() -> None:
    from mal.dedup_zh_plans import note_read

    own = m(FH, "我女儿对花粉过敏", relative="daughter", condition="过敏", allergen="花粉")
    note = m(FH, "用户的女儿花粉过敏", relative="self", condition="过敏", allergen="用户的女儿花粉")
    assert note_read(dict(note.slots), note.text) == {"relative": "daughter", "condition": "过敏", "allergen": "花粉"}
    for old, new in ((own, note), (note, own)):
        assert dedup.veto(old, new), dedup.veto_reasons(old, new)
    other = m(FH, "用户的儿子花粉过敏", relative="self", condition="过敏", allergen="用户的儿子花粉")
    for old, new in ((own, other), (other, own)):
        assert not dedup.same_fact(old, new, 1.0)
    mine = m(FH, "我对花粉过敏", relative="self", condition="过敏", allergen="花粉")
    for old, new in ((mine, note), (note, mine)):
        assert not dedup.same_fact(old, new, 1.0)
