"""Seventeenth round (helper unblock17zh): Chinese restatements a veto misread (mal/dedup_unblock17_zh.py).
For each reading fixed, a restatement that now passes every veto and a near miss beside it that is
still vetoed. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal.dedup_unblock17_zh import homophone_typos
from tests.dedup_memories import assert_passes_veto, assert_vetoed

# --- a homophone typo: one character typed for another that sounds alike


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我儿子在练习书法", "用户的儿子在练习书发"),
        ("我老婆怀孕了", "我老婆怀运了"),
        ("我妈妈是会计", "用户的妈妈是会记"),
    ],
)
def test_a_homophone_typo_passes(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我儿子在练习书法", "用户的儿子在练习画画"),  # another thing, not a typo
        ("我很看重权利", "用户很看重权力"),  # two real words that sound alike
        ("我同事叫张伟", "我同事叫章伟"),  # a name is no dictionary word
        ("我喜欢吃鱼", "我喜欢吃玉米"),  # 玉 stands inside a word of its own
    ],
)
def test_a_near_miss_beside_a_homophone_is_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


def test_a_homophone_typo_is_read_on_the_side_that_has_it() -> None:
    assert homophone_typos("用户的儿子在练习书发", "我儿子在练习书法") == {"书发": "书法"}
    assert homophone_typos("我儿子在练习书法", "用户的儿子在练习书发") == {}
    # one neighbour shared is not enough: 是五月 / 十五号 (是 and 十 sound alike)
    assert homophone_typos("我的纪念日是五月八号", "我的纪念日是三月十八号") == {}


# --- one measure in two units


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我的猫有四公斤", "用户的猫八斤重"),
        ("我每天游泳一个半小时", "用户每天游泳90分钟"),
        ("我每天晚上散步两公里", "用户每晚散步2000米"),
    ],
)
def test_one_measure_in_two_units_passes(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我的猫有四公斤", "用户的猫四斤重"),  # 4 kg is 8 斤, not 4
        ("我每天游泳一个半小时", "用户每天游泳60分钟"),
        ("我每天晚上散步两公里", "用户每晚散步200米"),
        ("我两天散步两公里", "用户每天散步2000米"),  # the measure agrees, another number does not
    ],
)
def test_two_amounts_in_two_units_are_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


# --- 在 cut together with a one-character place (在家, 在校)


def test_a_place_after_zai_names_no_sibling() -> None:
    assert_passes_veto("我老公每周三在家办公", "用户的丈夫每周三居家办公")
    assert_passes_veto("我女儿在校合唱团", "用户的女儿是学校合唱团成员")


def test_another_place_beside_zai_is_still_vetoed() -> None:
    assert_vetoed("我老公每周三在家办公", "我老公每周三回老家办公")
    assert_vetoed("我女儿在校住宿", "用户的女儿住在党校")


# --- 跳槽 (changed jobs) says the place it went to is the new workplace


def test_a_job_change_is_a_workplace() -> None:
    assert_passes_veto("我前阵子跳槽去了一家律所", "用户最近换了工作，进了一家律师事务所")


def test_a_visit_beside_a_job_change_is_vetoed() -> None:
    assert_vetoed("我前阵子跳槽去了一家律所", "用户前阵子去一家律所参观")
    assert_vetoed("我跳槽去了一家医院", "我去了一家医院看病")


# --- 回 after a numeral counts times (两回 = 两次), it is no return


def test_times_counted_with_hui_pass() -> None:
    assert_passes_veto("我每周去两次图书馆借书", "用户一个星期去图书馆借两回书")


def test_a_return_beside_times_counted_is_vetoed() -> None:
    assert_vetoed("我每周去两次图书馆借书", "用户一个星期回两次图书馆借书")


# --- one place cut two ways: a city and its district written together or apart


def test_a_city_and_district_written_apart_pass() -> None:
    assert_passes_veto("我公司在北京朝阳区", "用户的公司位于北京市朝阳区")


@pytest.mark.parametrize("b", ["用户的公司位于北京市海淀区", "用户的公司位于上海市朝阳区", "用户的公司位于北京市"])
def test_another_district_or_city_is_vetoed(b: str) -> None:
    assert_vetoed("我公司在北京朝阳区", b)


# --- 不好 (not good) said of a thing is 差 (poor)


def test_not_good_and_poor_pass() -> None:
    assert_passes_veto("我爸爸听力不好。", "用户的父亲听力比较差。")


@pytest.mark.parametrize("b", ["用户的父亲听力比较好。", "用户的父亲视力比较差。"])
def test_good_beside_not_good_is_vetoed(b: str) -> None:
    assert_vetoed("我爸爸听力不好。", b)


# --- a model year written with two digits (19款 is the 2019 model)


def test_a_short_model_year_passes() -> None:
    assert_passes_veto("我开的是2019年的本田雅阁", "用户的车是19款本田雅阁")


def test_another_model_year_is_vetoed() -> None:
    assert_vetoed("我开的是2019年的本田雅阁", "用户的车是17款本田雅阁")


# --- 花 (spend) alone is no product prefix (花生, 花茶)


def test_time_spent_with_hua_passes() -> None:
    assert_passes_veto("我每天健身要一个小时", "用户每天健身花一个小时")


def test_a_product_after_hua_is_still_vetoed() -> None:
    assert_vetoed("我每天喝茶", "用户每天喝花茶")
    assert_vetoed("我每天健身要一个小时", "用户每天健身花两个小时")
