"""miss23zh (issue #11): a deadline's 之前 (用户需要在9月之前换驾照 / 我得在九月前把驾照换了) is "before
that point", not "formerly", when both texts set that deadline; one point said before in one text and
after in the other (九月前 / 9月之后) is a near miss of its own.

Restatements must merge in either order at cosine 0.95 (the first two are the retired twenty-second
round's misses); near misses must stay apart in every reading."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_miss23zh import before_after, deadline_aspects_agree
from tests.dedup_memories import memory, merged_any

SAME = (
    ("我得在九月前把驾照换了。", "用户需要在9月之前换驾照。"),
    ("我打算明年六月前还清车贷。", "用户计划在明年6月之前把车贷还完。"),
    ("我得在年底前把护照续签了。", "用户需要在年底之前续签护照。"),
    ("我要在周五前交论文。", "用户需要在周五之前交论文。"),
    ("我得在周日前把快递寄了。", "用户需要在周日之前寄快递。"),
    ("我得在下个月前把房租交了。", "用户需要在下个月之前交房租。"),
    ("我打算国庆前装修完新房。", "用户计划在国庆之前把新房装修完。"),
    ("我打算下周三前把报告写完。", "用户计划在下周三之前写完报告。"),
    ("我得在十二月前把体检做了。", "用户需要在12月之前做体检。"),
    ("我要在月底前把车保养了。", "用户要在月底之前保养车。"),
    ("我要在明天前把作业交了。", "用户要在明天之前交作业。"),
    ("我打算年底前把驾照考了。", "用户计划在年底之前考驾照。"),
)

NEAR = (
    ("我得在九月前把驾照换了。", "用户需要在10月之前换驾照。"),
    ("我得在九月前把驾照换了。", "用户需要在9月之后换驾照。"),
    ("我得在年底前把护照续签了。", "用户需要在年初之前续签护照。"),
    ("我要在周五前交论文。", "用户需要在周四之前交论文。"),
    ("我打算春节前回老家。", "用户计划在春节之后回老家。"),
    ("我住在北京。", "我9月之前住在北京。"),
    ("我在腾讯工作。", "我毕业之前在腾讯工作。"),
    ("我打算毕业前考个驾照。", "用户毕业之前考了驾照。"),
    ("我三个月之前换了工作。", "我三个月之后要换工作。"),
    ("我得在月底前还信用卡。", "用户已经在月底之前还了信用卡。"),
    ("我打算国庆前装修完新房。", "用户以前计划在国庆之前装修新房。"),
    ("我得在下个月前把房租交了。", "用户需要在下个月以后交房租。"),
    ("我要在周五前交论文。", "用户周五以后要交论文。"),
)


@pytest.mark.parametrize(("a", "b"), SAME)
def test_deadline_restatements_merge(a: str, b: str) -> None:
    x, y = memory("episode", a), memory("episode", b)
    assert dedup.same_fact(x, y, 0.95) and dedup.same_fact(y, x, 0.95)


@pytest.mark.parametrize(("a", "b"), NEAR)
def test_deadline_near_misses_stay_apart(a: str, b: str) -> None:
    assert not merged_any(a, b)


def test_deadline_needs_the_same_point_in_both_texts() -> None:
    # 之前 after a length of time is "ago", and a point only one text names is no shared deadline
    assert deadline_aspects_agree("我得在九月前把驾照换了。", "用户需要在9月之前换驾照。")
    assert not deadline_aspects_agree("我在腾讯工作。", "我毕业之前在腾讯工作。")
    assert not deadline_aspects_agree("我两年前换了工作。", "我两年之前换了工作。")


def test_before_after_reads_numerals_as_one_month() -> None:
    assert before_after("我得在九月前把驾照换了。", "用户需要在9月之后换驾照。")
    assert not before_after("我得在九月前把驾照换了。", "用户需要在9月之前换驾照。")
