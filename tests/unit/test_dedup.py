"""The dedup agreement check (mal/dedup.py): rules in zh and en, the write path through the fakes,
and the score on the committed labelled pair set (tests/data/dedup_pairs.jsonl)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pytest

from adapters.memory import InMemoryVectorStore
from adapters.memory_graph import InMemoryGraphStore
from bench.dedup_eval import DATA, DEV, load, memories
from mal import dedup
from mal.bootstrap import Adapters, build
from mal.clock import FixedClock
from tests.unit.fakes import T0, fake_settings, new_scope, write

SAME = [
    # zh: synonyms, width, traditional characters, numerals, reordering, particles, relatives' forms
    ("舅舅教Lisa做草莓蛋糕", "舅舅教Lisa制作草莓蛋糕。"),
    ("我妈妈有高血压", "我妈有高血压。"),
    ("我们昨天去了台北", "我們昨天去了臺北"),
    ("我明天下午三点去北京", "明天下午3点我去北京"),
    ("周五下午三点和王总开会", "周五15:00跟王总开会"),
    ("ＡＢＣ公司下个月发年终奖", "abc公司下个月发年终奖"),
    ("我买了一台新电脑", "我买了台新电脑"),
    ("租房预算不超过五千", "租房预算最多5000"),
    ("我女儿在学钢琴", "我女儿正在学习钢琴"),
    # en: contractions, case, typos in long words, number words, plurals, reordering, synonyms
    ("I'm allergic to peanuts", "I am allergic to peanuts!"),
    ("I recieved the package on Monday", "I received the package on Monday"),
    ("On Saturday I went hiking with Tom", "I went hiking with Tom on Saturday"),
    ("We adopted two cats last year", "Last year we adopted 2 cats"),
    ("My mom has diabetes.", "My mother has diabetes"),
    ("I really love green tea", "I like green tea."),
    ("I have a meeting at 3pm", "I have a meeting at 15:00"),
    ("My budget is at most $500", "My budget is no more than 500 dollars"),
]
DIFFERENT = [
    # who
    ("舅舅教Lisa做草莓蛋糕", "爷爷教Lisa制作红丝绒蛋糕"),
    ("爷爷教Lisa做草莓蛋糕", "外公教Lisa做草莓蛋糕"),
    ("他昨天去医院了", "她昨天去医院了"),
    ("我借给小王两千块", "小王借给我两千块"),
    ("Tom visited us on Sunday", "Tim visited us on Sunday"),
    ("I owe Mike $50", "Mike owes me $50"),
    # what
    ("舅舅教Lisa做草莓蛋糕", "舅舅教Lisa做蓝莓蛋糕"),
    ("I like green tea", "I like black tea"),
    ("I switched from Android to iPhone", "I switched from iPhone to Android"),
    ("I bought bread", "I bought a break"),
    # when
    ("我明天下午三点去北京", "我明天下午四点去北京"),
    ("我老婆的生日是3月8日", "我老婆的生日是8月3日"),
    ("I have a meeting at 3pm", "I have a meeting at 3am"),
    ("My husband is a teacher", "My husband was a teacher"),
    ("我已经戒烟了", "我正在戒烟"),
    ("我爸每天吃二甲双胍", "我爸以前每天吃二甲双胍"),
    # where
    ("我下周三从上海飞成都", "我下周三从成都飞上海"),
    ("We flew to Paris in May", "We flew to Rome in May"),
    # how many / whether
    ("我买了两台电脑", "我买了三台电脑"),
    ("My budget is $500", "My budget is 500 euros"),
    ("我喜欢吃火锅", "我不喜欢吃火锅"),
    ("I went to the gym yesterday", "I didn't go to the gym yesterday"),
]


@pytest.mark.parametrize(("a", "b"), SAME)
def test_restatements_agree(a: str, b: str) -> None:
    assert dedup.agree_texts(a, b) and dedup.agree_texts(b, a)


@pytest.mark.parametrize(("a", "b"), DIFFERENT)
def test_near_misses_do_not_agree(a: str, b: str) -> None:
    assert not dedup.agree_texts(a, b) and not dedup.agree_texts(b, a)


def test_added_content_is_not_a_duplicate() -> None:
    """b saying more than a (跑步) could be another event: kept, never merged away."""
    assert not dedup.agree_texts("我去公园", "我去公园跑步")
    assert not dedup.agree_texts("I prefer aisle seats", "I prefer aisle seats on long flights")


def test_structured_slots_must_match() -> None:
    assert dedup.slots_agree({"item": "Aisle seats", "polarity": "like"}, {"item": "an aisle seat", "polarity": "like"})
    assert dedup.slots_agree({"amount": 800, "currency": "CNY"}, {"amount": 800.0, "currency": "CNY"})
    assert not dedup.slots_agree({"amount": 800, "currency": "CNY"}, {"amount": 500, "currency": "CNY"})
    assert not dedup.slots_agree({"relative": "mother"}, {"relative": "father"})
    assert dedup.slots_agree(
        {"relative": "mother", "relative_text": "妈妈"}, {"relative": "mother", "relative_text": "妈"}
    )


def test_kind_must_match() -> None:
    [fact] = memories("我妈妈有高血压")
    other = fact.model_copy(update={"kind": "profile"})
    assert dedup.agree(fact, fact) and not dedup.agree(fact, other)
    # since the sixth round a fact and an episode of the same words agree (mal/dedup.py `agree`)
    episode = fact.model_copy(update={"kind": "episode", "slots": {"content": fact.text}})
    assert dedup.agree(fact, episode) and dedup.agree(episode, fact)


@pytest.mark.parametrize("path", [DEV, DATA], ids=["development", "labelled"])
def test_pair_sets_are_well_formed(path) -> None:  # type: ignore[no-untyped-def]
    pairs = load(path)
    assert len(pairs) >= (100 if path == DATA else 50)
    assert {p["label"] for p in pairs} == {"same", "different"}
    assert {p["lang"] for p in pairs} >= {"zh", "en"}


@lru_cache(maxsize=1)
def _scores() -> dict[str, dict[str, list[int]]]:
    """Agreement alone (as if every cosine passed, the worst case for wrong merges) per language:
    [wrong merges, different pairs], [merged, same pairs]. See bench/dedup_eval.py for any/all."""
    out: dict[str, dict[str, list[int]]] = {}
    for pair in load(DATA):
        row = out.setdefault(pair["lang"], {"wrong": [0, 0], "merged": [0, 0]})
        old, new = memories(pair["a"]), memories(pair["b"])
        merged = [any(o.kind == n.kind and dedup.agree(o, n) for o in old) for n in new]
        if pair["label"] == "different":
            row["wrong"][0] += any(merged)
            row["wrong"][1] += 1
        else:
            row["merged"][0] += bool(merged) and all(merged)
            row["merged"][1] += 1
    return out


def test_labelled_pairs_never_merge_two_different_events() -> None:
    """Target met: 0 wrong merges per language, whatever the cosine (the gate can only remove merges)."""
    scores = _scores()
    assert {lang: row["wrong"][0] for lang, row in scores.items()} == dict.fromkeys(scores, 0)


def test_labelled_pairs_merge_some_true_duplicates() -> None:
    """What the lexical check reaches today (docs/benchmarks.md): a floor, so a regression shows."""
    scores = _scores()
    assert all(row["merged"][0] / row["merged"][1] >= 0.25 for lang, row in scores.items() if lang != "mixed")


@pytest.mark.xfail(
    strict=True, reason="target not met: restatements with other words (吃素 / 素食者) stay two memories"
)
def test_labelled_pairs_merge_nine_in_ten_true_duplicates() -> None:
    scores = _scores()
    assert all(row["merged"][0] / row["merged"][1] >= 0.9 for row in scores.values())


class SameVector:
    """Every text gets one vector: cosine 1 for any pair, as MiniLM nearly does for Chinese.
    Only the agreement check can then keep two events apart."""

    dimensions = 8
    model_id = "same-vector"
    cosine_floor = 0.0

    def ready(self) -> None:
        return None

    def embed_query(self, texts: Sequence[str]) -> list[list[float]]:
        return [[1.0] + [0.0] * 7 for _ in texts]

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        return [[1.0] + [0.0] * 7 for _ in texts]


def _container():  # type: ignore[no-untyped-def]
    settings = fake_settings()
    adapters = fake_adapters_with(SameVector(), settings)
    return build(settings, adapters=adapters, clock=FixedClock(T0))


def fake_adapters_with(embedder: SameVector, settings):  # type: ignore[no-untyped-def]
    from adapters.memory import InMemoryBlobStore

    return Adapters(
        graph=InMemoryGraphStore(),
        vectors=InMemoryVectorStore(),
        blobs=InMemoryBlobStore((settings.s3.archive_bucket, settings.s3.export_bucket)),
        embedder=embedder,
    )


@pytest.mark.parametrize(
    ("first", "others", "restated"),
    [
        ("舅舅教Lisa做草莓蛋糕", ["爷爷教Lisa制作红丝绒蛋糕", "舅舅教Lisa做蓝莓蛋糕"], "舅舅教Lisa制作草莓蛋糕。"),
        (
            "My uncle taught Lisa to bake a strawberry cake",
            ["My grandpa taught Lisa to bake a red velvet cake", "My uncle taught Lisa to bake a blueberry cake"],
            "My uncle really taught Lisa to bake a strawberry cake.",
        ),
    ],
    ids=["zh", "en"],
)
def test_write_path_keeps_distinct_events_and_reinforces_restatements(
    first: str, others: list[str], restated: str
) -> None:
    """Every cosine is 1, so the nearest memories of the restatement are near-misses: the write path
    looks past them (DEDUP_CANDIDATES) to the memory that agrees, and merges nothing else."""
    c, scope = _container(), new_scope()
    for i, other in enumerate(others):  # written first, so they come first among equal cosines
        assert write(c, scope, f"s-other-{i}", other).memories[0].action == "created"
    one = write(c, scope, "s1", first).memories[0]
    assert one.action == "created"
    three = write(c, scope, "s3", restated).memories[0]
    assert (three.action, three.memory.id) == ("reinforced", one.memory.id)
    active = c.adapters.graph.list_memories(scope.subject, ["active", "disputed"], None, 0, 100)[0]
    assert sorted(m.text for m in active) == sorted([first, *others])
    stored = c.adapters.graph.get(scope.subject, one.memory.id)
    assert stored is not None and sorted(stored.provenance) == ["s1:0", "s3:0"]
