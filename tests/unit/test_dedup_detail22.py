"""detail22 (issue #11): a more specific kind (听播客 / 听历史类播客) or an added clause that adds a fact
(我哥在腾讯上班 / 我哥在腾讯上班，做产品经理) keeps two memories apart; light or redundant words do not.

Near misses must stay apart in either order at cosine 0.95; restatements must still merge. The
two first pairs of each near-miss list are the retired blind21 / blind21b pairs that passed every veto."""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup
from mal.dedup_detail22 import clause_added, kind_narrowed
from tests.dedup_memories import memory, merged_any

NEAR_ZH = (
    ("我通勤路上喜欢听播客。", "我通勤路上喜欢听历史类播客。"),
    ("我哥在腾讯上班", "我哥在腾讯上班，做产品经理"),
    ("我喜欢看小说", "我喜欢看悬疑小说"),
    ("我每天喝咖啡", "我每天喝意式咖啡"),
    ("我喜欢吃菜", "我喜欢吃川菜"),
    ("我周末喜欢看电影", "我周末喜欢看科幻电影"),
    ("我喜欢听音乐", "我喜欢听古典音乐"),
    ("我养了一只猫", "我养了一只布偶猫"),
    ("我在读一本书", "我在读一本历史书"),
    ("我喜欢喝茶", "我喜欢喝乌龙茶"),
    ("我晚上喜欢玩游戏", "我晚上喜欢玩手机游戏"),
    ("我姐在银行上班", "我姐在银行上班，做柜员"),
    ("我爸在医院工作", "我爸在医院工作，是外科医生"),
    ("我妈退休了", "我妈退休了，在上海"),
    ("我在学日语", "我在学日语，为了去日本工作"),
    ("我老婆是老师", "我老婆是老师，教数学"),
    ("我住在杭州", "我住在杭州，从2019年开始"),
    ("我弟在读大学", "我弟在读大学，在北京"),
    ("我每天跑步", "我每天跑步，和我老公一起"),
    ("我喜欢做饭", "我喜欢做饭，尤其是粤菜"),
    ("我对花生过敏", "我对花生过敏，我女儿也是"),
    ("我在健身房办了卡", "我在健身房办了卡，年卡"),
    ("我儿子在学钢琴", "我儿子在学钢琴，跟一个俄罗斯老师"),
    ("我喜欢看纪录片", "我喜欢看动物纪录片"),
    ("我爱吃面包", "我爱吃全麦面包"),
    ("我开一辆车", "我开一辆电动车"),
    ("我喜欢喝啤酒", "我喜欢喝精酿啤酒"),
)
NEAR_EN = (
    ("I like podcasts on my commute", "I like true-crime podcasts on my commute"),
    ("I like food", "I like Italian food"),
    ("My brother works at Tencent", "My brother works at Tencent, as a product manager"),
    ("I read novels before bed", "I read mystery novels before bed"),
    ("I drink coffee every morning", "I drink Italian coffee every morning"),
    ("I listen to music at work", "I listen to classical music at work"),
    ("I have a cat", "I have a Persian cat"),
    ("I like tea", "I like oolong tea"),
    ("I play games at night", "I play mobile games at night"),
    ("I live in Shanghai", "I live in Shanghai, since 2019"),
    ("My sister works at a bank", "My sister works at a bank, as a teller"),
    ("My dad works at the hospital", "My dad works at the hospital, he's a surgeon"),
    ("My mom retired", "My mom retired, in Florida"),
    ("I'm learning Japanese", "I'm learning Japanese, for a job in Tokyo"),
    ("My wife is a teacher", "My wife is a teacher, teaching math"),
    ("I run every day", "I run every day with my husband"),
    ("I'm allergic to peanuts", "I'm allergic to peanuts and my daughter too"),
    ("I'm vegetarian", "I'm vegetarian and my wife too"),
    ("My son is learning piano", "My son is learning piano, with a Russian teacher"),
    ("I watch documentaries", "I watch nature documentaries"),
    ("I eat bread for breakfast", "I eat sourdough bread for breakfast"),
    ("I drive a car", "I drive an electric car"),
    ("I like beer", "I like craft beer"),
    ("I work as a nurse", "I work as a nurse, since 2015"),
    ("I go to the gym", "I go to the gym, at 6 am"),
    ("My brother is a doctor", "My brother is a doctor, in Boston"),
    ("I volunteer on weekends", "I volunteer on weekends, at the animal shelter"),
)
SAME_ZH = (
    ("我哥在腾讯上班", "我哥哥在腾讯工作"),
    ("我通勤路上喜欢听播客", "通勤的时候我喜欢听播客"),
    ("我喜欢看小说", "我特别喜欢看小说"),
    ("我每天喝咖啡", "我每天都喝咖啡"),
    ("我哥在腾讯上班", "我哥在腾讯上班，真的"),
    ("我喜欢喝咖啡", "我超喜欢喝咖啡"),
    ("我喜欢猫", "我就是喜欢猫"),
    ("我一直在腾讯上班", "我在腾讯上班"),
    ("我喜欢小说", "我很喜欢小说"),
    ("用户喜欢听播客", "我喜欢听播客"),
    ("我住在杭州", "我住在杭州呢"),
    ("我喜欢喝茶", "我平时就喜欢喝茶"),
    ("我对花生过敏", "我对花生过敏，真的"),
    ("我每天跑步", "我每天都跑步"),
    ("我老婆是老师", "我老婆是一名老师"),
    ("我喜欢做饭", "我很喜欢做饭"),
    ("我在学日语", "我最近在学日语"),
    ("我养了一只猫", "我养了只猫"),
    ("我喜欢吃川菜", "川菜我很喜欢吃"),
    ("我爸在医院工作", "我爸爸在医院上班"),
    ("我喜欢听音乐", "我特别喜欢听音乐，超喜欢"),
    ("我弟在读大学", "我弟弟在上大学"),
)
SAME_EN = (
    ("I like podcasts on my commute", "On my commute I love listening to podcasts"),
    ("My brother works at Tencent", "My brother is employed at Tencent"),
    ("I read novels before bed", "I really read novels before bed"),
    ("I drink coffee every morning", "Every morning I drink coffee"),
    ("I like tea", "I just like tea"),
    ("I live in Shanghai", "I live in Shanghai, really"),
    ("User lives in Shanghai", "I live in Shanghai"),
    ("I like tea", "I also like tea"),
    ("I run every day", "I go running every day"),
    ("My wife is a teacher", "My wife's a teacher"),
    ("I have a cat", "I have a cat, lol"),
    ("I go to the gym", "I go to the gym, so yeah"),
    ("I'm learning Japanese", "I am learning Japanese"),
    ("I like beer", "I really like beer"),
    ("I watch documentaries", "I love watching documentaries"),
    ("My dad works at the hospital", "My father works at the hospital"),
    ("I'm vegetarian", "I am a vegetarian"),
    ("I like food", "I really like food, lol"),
    ("I listen to music at work", "At work I listen to music"),
    ("I play games at night", "I play games at night, just for fun"),
    ("I volunteer on weekends", "On weekends I volunteer"),
)


def _merges(a: str, b: str, kind: str = "episode") -> bool:
    x, y = memory(kind, a), memory(kind, b)
    return dedup.same_fact(x, y, 0.95) or dedup.same_fact(y, x, 0.95)


def _merges_parsed(a: str, b: str) -> bool:
    """Any memory one turn becomes merges with any the other becomes, as the parser reads them."""
    return any(dedup.same_fact(x, y, 0.95) or dedup.same_fact(y, x, 0.95) for x in memories(a) for y in memories(b))


@pytest.mark.parametrize(("a", "b"), NEAR_ZH + NEAR_EN)
def test_near_miss_stays_apart(a: str, b: str) -> None:
    assert not _merges(a, b), (a, b)


@pytest.mark.parametrize(("a", "b"), SAME_ZH + SAME_EN)
def test_restatement_still_merges(a: str, b: str) -> None:
    assert _merges(a, b), (a, b)


@pytest.mark.parametrize(("a", "b"), NEAR_ZH + NEAR_EN)
def test_near_miss_stays_apart_as_parsed(a: str, b: str) -> None:
    assert not _merges_parsed(a, b), (a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我通勤路上喜欢听播客。", "我通勤路上喜欢听历史类播客。"),
        ("我喜欢看小说", "我喜欢看悬疑小说"),
        ("我每天喝咖啡", "我每天喝意式咖啡"),
    ],
)
def test_kind_narrowed_reads_a_kind_put_before_the_noun(a: str, b: str) -> None:
    assert kind_narrowed(a, b) and kind_narrowed(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [("我喜欢看小说", "我特别喜欢看小说"), ("我喜欢喝咖啡", "我超喜欢喝咖啡"), ("我每天喝咖啡", "我每天都喝咖啡")],
)
def test_kind_narrowed_leaves_light_words(a: str, b: str) -> None:
    assert not kind_narrowed(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我哥在腾讯上班", "我哥在腾讯上班，做产品经理"),
        ("My sister works at a bank", "My sister works at a bank, as a teller"),
        ("I work as a nurse", "I work as a nurse, since 2015"),
    ],
)
def test_clause_added_reads_a_clause_that_adds_a_fact(a: str, b: str) -> None:
    assert clause_added(a, b) and clause_added(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我哥在腾讯上班", "我哥在腾讯上班，真的"),
        ("I have a cat", "I have a cat, lol"),
        ("I like food", "I really like food, lol"),
        ("I live in Shanghai", "I live in Shanghai, really"),
    ],
)
def test_clause_added_leaves_light_clauses(a: str, b: str) -> None:
    assert not clause_added(a, b)


# review27: a span that names no narrower kind of what the user keeps (宠物 before a pet, 汽车 / 私家车
# for a car) is no kind narrowed; a real kind still is (小龙虾 is no 龙虾)
@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我的猫叫咪咪", "我的宠物猫叫咪咪"),
        ("我养了一条狗", "我养了一条宠物狗"),
        ("我养了一只兔子", "我养了一只宠物兔子"),
        ("我有一辆车", "我有一辆汽车"),
        ("我有一辆车", "我有一辆私家车"),
    ],
)
def test_a_light_kind_is_no_kind_narrowed(a: str, b: str) -> None:
    assert not kind_narrowed(a, b) and not kind_narrowed(b, a)
    assert merged_any(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [("我有一辆车", "我有一辆电动车"), ("我养了一条狗", "我养了一条柴犬"), ("我喜欢吃龙虾", "我喜欢吃小龙虾")],
)
def test_a_real_kind_still_stays_apart(a: str, b: str) -> None:
    assert not merged_any(a, b)


# review28: a light span is light only before the noun it is light for (汽水 is no 水, 宠物店 no 店)
@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我喜欢喝汽水", "我喜欢喝水"),
        ("我开了一家宠物店", "我开了一家店"),
        ("我请了一个私家教练", "我请了一个教练"),
        ("我买了一个宠物笼子", "我买了一个笼子"),
    ],
)
def test_a_light_span_before_another_noun_narrows(a: str, b: str) -> None:
    assert kind_narrowed(a, b) or kind_narrowed(b, a)
    assert not merged_any(a, b)
