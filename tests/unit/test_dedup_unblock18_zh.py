"""Eighteenth round (helper unblock18zh): Chinese closed-class forms written two ways
(mal/dedup_unblock18_zh.py). For each reading fixed, a restatement that now passes every veto and a
near miss beside it that is still vetoed. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal.dedup_unblock18_zh import abbreviated, said_apart, written_alike
from tests.dedup_memories import (
    assert_family_silent,
    assert_family_vetoes,
    assert_passes_veto,
    assert_vetoed,
    memory,
)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我表妹在读大三", "用户的表妹是大学三年级学生"),  # a school year abbreviated
        ("我侄子今年读高一", "用户的侄子今年是高中一年级学生"),
        ("我租了一套三居室", "用户租了一套三室户"),  # a flat's layout
        ("我家是三室一厅", "用户家是三居室"),
        ("我办公室在八楼", "用户的办公室在8层"),  # a floor
        ("我家养了俩狗", "用户家养了两只狗"),  # 俩: two
        ("我每月把工资的两成拿去还贷", "用户每月把工资的20%拿去还贷"),  # tenths
    ],
)
def test_a_closed_class_form_written_two_ways_passes(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我表妹在读大三", "用户的表妹是大学二年级学生"),  # another year
        ("我侄子今年读高一", "用户的侄子今年是初中一年级学生"),  # another school
        ("我租了一套三居室", "用户租了一套两室户"),  # another count of rooms
        ("我家是三室一厅", "用户家是三室两厅"),
        ("我办公室在八楼", "用户的办公室在9层"),  # another floor
        ("我家养了俩狗", "用户家养了三只狗"),  # another count
        ("我每月把工资的两成拿去还贷", "用户每月把工资的30%拿去还贷"),  # another share
    ],
)
def test_a_near_miss_beside_a_closed_class_form_is_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


def test_each_form_is_read_only_when_the_other_text_says_it() -> None:
    assert written_alike("我住五楼", "用户住5层") == {"五楼": "5层"}
    assert written_alike("我住5号楼", "用户住5层") == {}  # a building, not a floor
    assert written_alike("我读研二", "用户是研究生二年级学生") == {"研二": "研究生二年级"}
    assert written_alike("我读研二", "用户是研究生一年级学生") == {}
    assert written_alike("我存了三成", "用户存了30%") == {"三成": "30%"}
    assert written_alike("我完成了三成", "用户完成了一半") == {}
    assert written_alike("我朝九晚五", "用户早上9点到下午5点上班") == {"朝九晚五": "早上9点到晚上5点"}
    assert written_alike("我周一到周五上班", "用户工作日上班") == {"周一到周五": "工作日"}
    assert written_alike("我周一到周五上班", "用户工作日和周六上班") == {}


def test_a_numeral_word_takes_the_other_texts_classifier() -> None:
    assert written_alike("我有俩哥哥", "用户有两个哥哥") == {"俩哥": "两个哥"}
    assert written_alike("我养了仨猫", "用户养了三只猫") == {"仨猫": "三只猫"}
    assert written_alike("我养了俩猫", "用户养了两斤猫粮") == {}  # a measure counts no cats


# --- an abbreviation (缩略): the first character of each word of a phrase


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我表哥在证券公司做风控", "用户的表哥在证券公司从事风险控制"),
        ("我侄女的猫是只美短", "用户侄女养的猫是美国短毛猫"),
    ],
)
def test_an_abbreviation_passes(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我表哥在证券公司做风控", "用户的表哥在证券公司从事风险投资"),  # 风投, not 风控
        ("我侄女的猫是只美短", "用户侄女养的猫是美国卷耳猫"),  # another breed
    ],
)
def test_a_near_miss_beside_an_abbreviation_is_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


def test_a_known_abbreviation_is_read_only_as_the_dictionary_reads_it() -> None:
    assert abbreviated("我在一家外企", "用户在一家外资企业") == {"外企": "外资企业"}
    assert abbreviated("我在一家外企", "用户在一家外包企业") == {}  # 外企 is no 外包企业
    assert abbreviated("我叔叔是牙医", "用户的叔叔是牙科医生") == {"牙医": "牙科医生"}
    assert abbreviated("我下周出差", "用户下个周五出差") == {}  # a time, read by the times checks
    assert abbreviated("我想考北大", "用户想考北京理工大学") == {}  # 理工 stands between


# --- a compound job title said apart (小学教师 / 在小学当教师)


def test_a_title_said_apart_restates_the_whole_title() -> None:
    whole = memory("profile", "我是一名小学教师", field="job", value="小学教师")
    apart = memory("profile", "用户在小学当教师", field="job", value="教师")
    assert_family_silent("slots", whole, apart)


def test_a_title_beside_its_workplace_words_far_apart_still_differs() -> None:
    whole = memory("profile", "我是一名小学教师", field="job", value="小学教师")
    other = memory("profile", "用户在小学门口的书店里当教师", field="job", value="教师")
    assert_family_vetoes("slots", whole, other)
    assert said_apart("小学教师", "用户在小学当教师")
    assert not said_apart("小学教师", "用户是教师，孩子在小学")  # the other order: two things
    assert not said_apart("小学教师", "用户在小学门口的书店里当教师")  # too far apart


# --- a country by its one-character name (赴英 / 去英国)


def test_a_country_by_its_short_name_passes() -> None:
    assert_passes_veto("我表妹打算后年去英国读研", "用户的表妹计划后年赴英读研")


def test_another_country_by_its_short_name_is_vetoed() -> None:
    assert_vetoed("我表妹打算后年去英国读研", "用户的表妹计划后年赴美读研")
    assert written_alike("我赴英读研", "用户去英国读研") == {"赴英": "赴英国"}
    assert written_alike("我赴英读研", "用户去美国读研") == {}


# --- degree and hedge words of one meaning (有点高 / 偏高, 几乎每周 / 差不多每周)


def test_on_the_high_side_is_a_slight_degree() -> None:
    assert_family_silent("degree", memory("episode", "我爸的血糖有点高"), memory("episode", "用户父亲的血糖偏高"))
    assert_family_silent("degree", memory("episode", "我爸有糖尿病"), memory("episode", "用户父亲血糖偏高，有糖尿病"))
    assert_family_vetoes("degree", memory("episode", "我爸的血糖偏高"), memory("episode", "我爸的血糖有时候偏高"))


def test_almost_every_is_one_hedge_however_written() -> None:
    assert_family_silent("hedged", memory("episode", "我几乎每周都去游泳"), memory("episode", "用户差不多每周都游泳"))
    assert_family_vetoes("hedged", memory("episode", "我差不多每周都去游泳"), memory("episode", "用户每周都去游泳"))


# --- a debt not yet paid back is a debt owed (车贷未还 / 欠着车贷)


def test_a_debt_not_yet_paid_back_is_owed() -> None:
    assert_family_silent("negation", memory("episode", "我还欠着八万车贷"), memory("episode", "用户尚有8万元车贷未还"))
    assert_family_silent(
        "negation", memory("episode", "我还欠着八万车贷"), memory("episode", "用户的车贷还没还清，还剩8万")
    )


def test_a_debt_paid_or_none_is_not_owed() -> None:
    assert_family_vetoes("negation", memory("episode", "我还欠着八万车贷"), memory("episode", "用户没有车贷"))
    assert_family_vetoes("negation", memory("episode", "我不欠车贷"), memory("episode", "用户尚有8万元车贷未还"))
