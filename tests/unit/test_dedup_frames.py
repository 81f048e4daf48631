"""Frame words (mal/dedup_frames.py): two memories of one kind whose identity slots are equal state
the same fact when their texts differ only in how they frame that kind and field, zh and en.

Each pair that now merges through the real parser has a near miss beside it that must not: the
frame excuses "老家 ... 的" / "... 人", never the species of a pet, a trip's purpose, a tense, a
number or a name. Sentences written for these tests (not copied from any pair set).
"""

from __future__ import annotations

import pytest

from bench import dedup_bench
from bench.dedup_eval import memories
from mal import dedup
from mal.dedup_frames import frame_words


def merges(a: str, b: str) -> bool:
    """b's every memory finds one of a's of its kind that it may reinforce (as the write path)."""
    old, new = memories(a), memories(b)
    return bool(new) and all(any(o.kind == n.kind and dedup.agree(o, n) for o in old) for n in new)


SAME = [
    # zh
    ("我老家是湖北的", "我是湖北人"),
    ("我的狗叫旺财", "我家狗的名字叫旺财"),
    ("我在京东上班", "我在京东工作"),
    ("我儿子对鸡蛋过敏", "我儿子吃鸡蛋会过敏"),
    ("我奶奶每天吃阿司匹林", "我奶奶每天都吃阿司匹林"),
    ("买手机的预算是三千块", "手机预算3000元"),
    ("我们三个人去大理", "我们3个人去大理"),
    # en
    ("I'm originally from Leeds", "I grew up in Leeds"),
    ("I'm a pharmacist", "I work as a pharmacist"),
    ("My mom takes insulin", "My mother takes insulin every day"),
    ("I'm flying to Oslo next Friday", "Next Friday I fly to Oslo"),
]
DIFFERENT = [
    # zh: the frame never excuses the thing itself, a number, a name or a place
    ("我的狗叫旺财", "我的猫叫旺财"),
    ("我老家是湖北的", "我老家是湖南的"),
    ("我在京东上班", "我在淘宝上班"),
    ("我儿子对鸡蛋过敏", "我女儿对鸡蛋过敏"),
    ("买手机的预算是三千块", "买手机的预算是三万块"),
    ("下周二我要去成都出差", "下周二我要去成都旅游"),
    ("我借了小张三百块", "小张借了我三百块"),
    # en
    ("I'm originally from Leeds", "I grew up in Leeds and moved to York"),
    ("My mom takes insulin", "My mom took insulin"),
    ("My mom takes insulin", "My dad takes insulin"),
    ("I'm flying to Oslo next Friday", "I'm flying to Oslo next Monday"),
    ("My cat's name is Tiger", "My dog's name is Tiger"),
]


@pytest.mark.parametrize(("a", "b"), SAME)
def test_restatements_of_one_fact_merge(a: str, b: str) -> None:
    assert merges(a, b) and merges(b, a)


@pytest.mark.parametrize(("a", "b"), DIFFERENT)
def test_near_misses_stay_apart(a: str, b: str) -> None:
    assert not merges(a, b) and not merges(b, a)


def test_frames_need_every_identity_slot_and_are_scoped_to_the_field() -> None:
    assert "老家" in frame_words("profile", {"field": "hometown", "value": "湖北"})
    assert not frame_words("profile", {"field": "hometown"})  # no value: nothing is excused
    assert "老家" not in frame_words("profile", {"field": "city", "value": "武汉"})
    assert not frame_words("episode", {"content": "我老家是湖北的"})  # an episode has no identity slots


def test_a_text_without_frames_is_judged_as_before() -> None:
    """Frames only excuse words; the texts of two episodes still have to agree on their own."""
    assert not dedup.agree_texts("我老家是湖北的", "我是湖北人")


def test_blind_file_scoring_refuses_per_pair_listing() -> None:
    """A new writer's blind set is scored with aggregates only: -v is refused before any model loads."""
    with pytest.raises(SystemExit) as refused:
        dedup_bench.main(["--blind-file", "tests/data/dedup_dev3_pairs.jsonl", "-v"])
    assert refused.value.code == 2
