"""Clinical, to-do and third-person notes of the user's own words (mal/dedup_notes21.py, the pair's
"their" / "our" in mal/dedup_household.py `their_noted`): restatements in another register merge,
and near misses beside them (another task, another day, another person, another stage of a thing)
stay apart. Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup
from mal.dedup_notes import first_person
from mal.dedup_notes21 import register_read
from mal.models import Memory
from tests.dedup_memories import memory


def _either(x: Memory, y: Memory) -> bool:
    return dedup.same_fact(x, y, 0.95) or dedup.same_fact(y, x, 0.95)


def _merged(a: str, b: str) -> bool:
    """As episodes, and as the parser reads each text (a to-do, a fact)."""
    parsed = memories(a), memories(b)
    return _either(memory("episode", a), memory("episode", b)) and all(
        _either(x, y) for x in parsed[0] for y in parsed[1]
    )


def _merged_any(a: str, b: str) -> bool:
    """In any reading: as episodes, or as the parser reads them."""
    return _either(memory("episode", a), memory("episode", b)) or any(
        _either(x, y) for x in memories(a) for y in memories(b)
    )


RESTATED = [
    # a clinical note's "Patient states / reports (that) they / he / she" is "I"
    ("Patient reports that she has never had a seizure.", "I've never had a seizure."),
    ("Patient states he drinks two cups of coffee a day.", "I drink two cups of coffee a day."),
    ("Patient reports they are allergic to penicillin.", "I'm allergic to penicillin."),
    ("Patient states that she does not drink alcohol.", "I don't drink alcohol."),
    ("I have never broken a bone in my life.", "Patient states they have never broken a bone."),
    # "underwent" a surgery or a procedure is "had" it
    ("My mom had cataract surgery last month.", "The user's mother underwent cataract surgery last month."),
    (
        "My grandfather had a knee replacement in 2019.",
        "The user's grandfather underwent knee replacement surgery in 2019.",
    ),
    ("I had an appendectomy in 2015.", "User underwent an appendectomy in 2015."),
    # a note's "their" is the user's "our"
    ("I already bought the tickets for our honeymoon.", "The user has already bought the tickets for their honeymoon."),
    (
        "I already paid the deposit on our new apartment.",
        "The user has already paid the deposit on their new apartment.",
    ),
    ("I sold our old car last month.", "The user sold their old car last month."),
    # "went V-ing" is "V-ed"
    ("I went camping at Lake Tahoe last weekend.", "Last weekend I camped at Lake Tahoe."),
    ("I went skiing in Aspen in January.", "In January I skied in Aspen."),
    # "completed / finished" a thing one finishes
    ("I ran my first half marathon in October.", "The user completed their first half marathon in October."),
    ("I paid off my car loan last month.", "The user finished paying off their car loan last month."),
    # a to-do marker is one marker
    ("提醒我下周一交物业费。", "待办：下周一缴纳物业费。"),
    ("我后天要记得去取快递。", "待办：后天去取快递。"),
    ("提醒我月底前交水费。", "待办：本月底之前缴水费。"),
    ("提醒我周三前把合同交给法务。", "待办：周三之前向法务提交合同。"),
    ("我周四要记得给爸爸买药。", "提醒我周四给爸爸买药。"),
    ("To-do: renew my passport.", "Remind me to renew my passport."),
    ("To-do: call the dentist tomorrow.", "I need to call the dentist tomorrow."),
    ("I need to remember to water the plants on Friday.", "To-do: water the plants on Friday."),
    # a to-do's 了 (把水费交了) is no deed done, nor is 过敏 one
    ("记得后天把水费交了", "待办：后天交水费"),
    ("我对花粉过敏，别忘了", "用户对花粉过敏。"),
    # a deadline's 之前 is 前, 本月底 is 月底
    ("我需要在周五前交论文。", "用户要在周五之前交论文。"),
    ("我得在月底前交房租。", "我得在这个月底之前交房租。"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_a_register_restated_merges(a: str, b: str) -> None:
    assert _merged(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # the words past the register (得 / 要, renewed the insurance) are the learned layer's to weigh
        ("I renewed the insurance on our apartment.", "The user renewed the insurance on their apartment."),
        ("我得在月底前交房租。", "我要在这个月底之前交房租。"),
    ],
)
def test_a_register_restated_passes_every_veto(a: str, b: str) -> None:
    x, y = memory("episode", a), memory("episode", b)
    assert dedup.veto_reasons(x, y) == [] and dedup.veto_reasons(y, x) == []


NEAR_MISSES = [
    # another person's statement, another habit, another drug, another amount
    ("Patient's mother states she has never smoked.", "I've never smoked in my life."),
    ("Patient's husband reports he is allergic to penicillin.", "I'm allergic to penicillin."),
    ("Patient states he quit smoking last year.", "I've never smoked."),
    ("Patient reports she drinks two cups of coffee a day.", "I drink three cups of coffee a day."),
    ("Patient states they are allergic to penicillin.", "I'm allergic to amoxicillin."),
    ("Patient states they have never smoked.", "Patient states they have smoked for ten years."),
    # another month, another joint, another relative, not a procedure, not done
    ("My dad had knee surgery in May.", "The user's father underwent knee surgery in June."),
    ("My dad had knee surgery in May.", "The user's father underwent hip surgery in May."),
    ("My sister had knee surgery in May.", "The user's father underwent knee surgery in May."),
    ("My dad had knee surgery in May.", "The user's father underwent physical therapy in May."),
    ("My mom had a hip replacement.", "The user's mother is scheduled for a hip replacement."),
    # "their" after a named person, or a note about someone else
    (
        "I booked the hotel for our anniversary trip.",
        "The user booked the hotel for Maria and Tom for their anniversary trip.",
    ),
    ("I picked up our kids from school.", "The user's sister picked up their kids from school."),
    ("I cleaned our garage on Saturday.", "The user helped Jake clean their garage on Saturday."),
    # another stage of a thing one finishes
    ("I paid off my student loans in 2021.", "The user started paying off their student loans in 2021."),
    ("I paid off my car loan last month.", "The user is still paying off their car loan."),
    ("I ran my first marathon last year.", "The user signed up for their first marathon last year."),
    ("I ran my first marathon last year.", "The user completed their first half marathon last year."),
    ("I ran my first marathon last year.", "The user trained for their first marathon last year."),
    # another day, another pastime, another time, another companion
    ("I went hiking at Pine Ridge last Saturday.", "Last Sunday, I hiked at Pine Ridge."),
    ("I went hiking at Pine Ridge last Saturday.", "Last Saturday, I went camping at Pine Ridge."),
    ("I went hiking at Pine Ridge last Saturday.", "I'm going hiking at Pine Ridge next Saturday."),
    ("I went fishing with my dad last weekend.", "Last weekend I fished with my uncle."),
    # a to-do with another day, another person, another bill, another task
    ("提醒我周五前把报销单交给财务。", "待办：周四之前向财务提交报销单。"),
    ("我明天要记得给妈妈打电话。", "待办：明天给爸爸打电话。"),
    ("提醒我明天交电费。", "待办：明日缴纳水费。"),
    ("提醒我明天交电费。", "待办：后天缴纳电费。"),
    ("我需要在月底前交房租。", "用户要在下月底之前交房租。"),
    ("提醒我周五前交报告。", "待办：周五之前审阅报告。"),
    ("我明天要记得给妈妈打电话。", "待办：明天给妈妈发短信。"),
    ("To-do: renew my passport.", "Remind me to renew my driver's license."),
    ("To-do: call the dentist tomorrow.", "I need to call the dentist on Friday."),
    ("Remind me to pay the electric bill.", "To-do: dispute the electric bill."),
    # a to-do against its deed done (every to-do marker reads as one)
    ("Done: returned the library books.", "To-do: return the library books."),
    ("I already paid the water bill.", "Remind me to pay the water bill."),
    ("I renewed my car registration.", "To-do: renew my car registration."),
    ("我已经给爸爸买了药。", "待办：给爸爸买药。"),
    ("我昨天交过物业费了。", "提醒我交物业费。"),
    # 之前 alone is still "formerly"; a whole life of smoking is no "never"
    ("我之前在银行工作。", "我在银行工作。"),
    ("I have never smoked in my life.", "I have smoked my whole life."),
]


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_a_near_miss_beside_a_register_stays_apart(a: str, b: str) -> None:
    assert not _merged_any(a, b)


@pytest.mark.parametrize(
    ("note", "read"),
    [
        ("待办：明天给妈妈打电话。", "提醒我明天给妈妈打电话。"),
        ("我明天要记得给妈妈打电话。", "提醒我明天给妈妈打电话。"),
        ("Patient states they have never smoked.", "I have never smoked."),
        ("Patient reports she smokes daily.", "I smoke daily."),
        ("The user's father underwent knee surgery.", "my father had knee surgery."),
        ("I went hiking last Saturday.", "I hiked last Saturday."),
        ("The user finished paying off their loan.", "I paid off my loan."),
        ("To-do: call mom", "I need to call mom"),
    ],
)
def test_the_register_is_read_in_the_users_words(note: str, read: str) -> None:
    assert first_person(note) == read


@pytest.mark.parametrize(
    "text",
    [
        "Patient's mother states she has never smoked.",  # the mother's statement
        "The user underwent a divorce last year.",  # no procedure
        "The user went missing for a day.",  # no pastime
        "The user started paying off their loan.",  # not finished
        "我之前在银行工作。",  # formerly
        "我记得小时候住在上海。",  # "I remember", no to-do
    ],
)
def test_other_words_are_left_as_written(text: str) -> None:
    assert register_read(text) == text
