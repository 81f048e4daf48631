"""Review of the twentieth round (helper review21): near misses that this round's readings merged
(each merged at 72de530 and not at 0983ca6). Each now stays apart, as the service decides; the
restatements the readings were written for still merge (tests/unit/test_dedup_they_forms.py,
test_dedup_plans_en.py, test_dedup_people20.py, test_dedup_regional.py)."""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup
from mal.dedup_regional import mandarin
from tests.dedup_memories import memory


def _merged(a: str, b: str) -> bool:
    pairs = [(memory("episode", a), memory("episode", b))]
    pairs += [(x, y) for x in memories(a) for y in memories(b) if dedup.comparable(x.kind, y.kind)]
    return any(dedup.same_fact(p, q, 0.95) or dedup.same_fact(q, p, 0.95) for p, q in pairs)


NEAR_MISSES = [
    # a note's "them" where the user acts on them: someone else
    ("User owes them 200 dollars", "Someone owes me 200 dollars"),
    ("User owes them 200 dollars", "I owe 200 dollars"),
    ("User bought them a new laptop", "I bought myself a new laptop"),
    ("User is proud of them", "I am proud of myself"),
    ("User drives them to the airport on Friday", "I'm driving to the airport on Friday"),
    # another event on the day of a plan
    ("I'm gonna cancel my trip to Tokyo next Friday", "User plans to fly to Tokyo next Friday"),
    ("I'm skipping the party on Saturday", "User plans to go to the party on Saturday"),
    ("Skipping the gym on Monday", "User plans to go to the gym on Monday"),
    ("I'll pick up the car on Monday", "User plans to drop off the car on Monday"),
    ("I'm leaving Tokyo next Friday", "User plans to go to Tokyo next Friday"),
    ("I'm starting a new job on July 1", "User planned to start a new job on July 1 but the offer fell through"),
    # boys and girls who are not the user's counted kids
    ("My kid babysits two girls on weekends", "My kid babysits my two daughters on weekends"),
    ("My kids play with the boy next door", "My kids play with my son next door"),
    # "gave up" a seat is no habit ended
    ("I gave up my seat on the bus", "I stopped taking the bus"),
    # 我们 doing something at a time, against a note's 用户的 + that time
    ("我们下周去日本", "用户的下周计划：去日本"),
    ("我们周末去爬山", "用户的周末安排：去爬山"),
    ("我们每周三打羽毛球", "用户的每周三都去打羽毛球"),
    # Mandarin words a regional reading rewrote
    ("我屋里有三个人", "我家里有三个人"),
    ("这批货要返工", "这批货要上班"),
]


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_review21_near_miss_stays_apart(a: str, b: str) -> None:
    assert not _merged(a, b)


def test_cantonese_words_that_are_mandarin_too_are_read_so_only_in_cantonese() -> None:
    assert mandarin("这批货要返工") == "这批货要返工"
    assert mandarin("我们要重点解决这个问题") == "我们要重点解决这个问题"
    assert mandarin("周边度假") == "周边度假"
    assert mandarin("佢而家返工") == "他现在上班"
