"""Review of the twenty-first round (helper review23): near misses that this round's readings merged
(each merged at 4a6dab2 and not at 9b51203), and parser regressions of the round's own parser mend.
Each now stays apart / reads nothing wrong; the restatements the readings were written for still
merge (tests/unit/test_dedup_quantities.py, test_dedup_notes21.py, test_parser_notes21.py)."""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup
from tests.dedup_memories import memory
from tests.parser_facts import profile_utc as _profile


def _merged(a: str, b: str) -> bool:
    pairs = [(memory("episode", a), memory("episode", b))]
    pairs += [(x, y) for x in memories(a) for y in memories(b) if dedup.comparable(x.kind, y.kind)]
    return any(dedup.same_fact(p, q, 0.95) or dedup.same_fact(q, p, 0.95) for p, q in pairs)


NEAR_MISSES = [
    # ages paired with the people listed before them are no set
    ("Tom and Anna are 6 and 9 years old", "Tom and Anna are 9 and 6 years old"),
    (
        "My son and daughter are 6 and 9 years old, respectively",
        "My son and daughter are 9 and 6 years old, respectively",
    ),
    ("My daughter and son are 4 and 7 years old", "My daughter and son are 7 and 4 years old"),
    ("My twins and my baby are 5 and 1 years old", "My twins and my baby are 1 and 5 years old"),
    ("My kids, Tom and Anna, are 6 and 9 years old.", "My kids, Tom and Anna, are 9 and 6 years old."),
    # 两个周末 is two weekends, not two weeks
    ("这两个周末我都在加班", "这两周我都在加班"),
    ("这三个周末我都在加班", "这三周我都在加班"),
    ("上两个周末我去了杭州", "上两周我去了杭州"),
    ("我有两个周末没休息了", "我有两周没休息了"),
    ("我有两个星期天没休息了", "我有两个星期没休息了"),
    # a bare 12 is not fixed by "midnight" / "noon"
    ("I eat lunch at 12", "I eat lunch at midnight"),
    ("I go to bed at 12", "I go to bed at noon"),
    # a clinical note inside the user's own words is about someone else
    ("I'm a nurse. Patient states he has chest pain.", "I'm a nurse. I have chest pain."),
    ("I'm a nurse. Pt. reports she fell twice this week.", "I'm a nurse. I fell twice this week."),
    ("Long shift today. Patient states they have never smoked.", "Long shift today. I have never smoked."),
    ("Busy day at work. Client reports she is getting divorced.", "Busy day at work. I am getting divorced."),
]


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_review23_near_miss_stays_apart(a: str, b: str) -> None:
    assert not _merged(a, b)


def test_a_clinical_note_in_the_past_keeps_its_verb() -> None:
    # "was" lost its s as if a third-person verb ("I wa a smoker")
    assert _merged("Patient states she was a smoker.", "I was a smoker.")


@pytest.mark.parametrize(
    "text",
    [
        "我是北京的一名医生，跟我妈一样，去年退休了。",
        "我是深圳的一名程序员，和同事吵架后辞职了。",
        "我是深圳的一名程序员，因为老板太坏，上个月辞职了。",
        "我是南京的一名老师，去年同事们都劝我别辞职，但我还是辞了。",
        "我是成都的一名会计，我爸去年退休了，我也辞职了。",
    ],
)
def test_the_users_own_job_ended_after_another_person_is_named(text: str) -> None:
    assert not {field for field, _, _ in _profile(text)} & {"city", "job"}


@pytest.mark.parametrize("text", ["我爸叫救护车。", "我妈叫保姆。", "我姐叫滴滴。", "我妈叫醒我。", "我哥叫外卖。"])
def test_call_for_or_wake_is_no_relatives_name(text: str) -> None:
    assert not [row for row in _profile(text) if row[0] == "name"]


def test_ages_said_by_one_text_only_are_read_without_error() -> None:
    # the mend's first version indexed an empty run of ages when only one text says an age (the
    # retrain met it on a retired pair); an age against a bare number is no agreement
    from mal.dedup_quantities import quantities, quantities_agree

    assert [q.kind for q in quantities("My son is 6 years old")] == ["age"]
    assert not quantities_agree("My son is 6 years old", "My son is 6")
    assert not quantities_agree("我儿子6岁", "我儿子有6个")
