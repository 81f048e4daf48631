"""VectorStore contract: the fake and Weaviate agree on what the services rely on."""

from __future__ import annotations

from typing import Any

from adapters.memory import HashEmbedder
from tests.contract.conftest import memory

EMB = HashEmbedder()


def _put(vectors: Any, subject: str, summary: str, kind: str = "preference", lang: str = "en") -> str:
    m = memory(summary, kind=kind, lang=lang)
    vectors.upsert(subject, m, EMB.embed_passages([summary])[0])
    return m.id


def test_upsert_is_idempotent_and_counted(vectors: Any, subject: str) -> None:
    m = memory("The user prefers Python")
    vectors.upsert(subject, m, EMB.embed_passages([m.summary])[0])
    vectors.upsert(subject, m, EMB.embed_passages([m.summary])[0])
    assert vectors.count_subject(subject) == 1
    assert vectors.exists(subject, m.id)


def test_subjects_are_isolated(vectors: Any, subject: str) -> None:
    other = subject[::-1]
    mine = _put(vectors, subject, "The user likes green tea")
    assert vectors.count_subject(other) == 0
    assert not vectors.exists(other, mine)
    assert vectors.search(other, "green tea", EMB.embed_query(["green tea"])[0], 5, 0.5, None) == []
    assert vectors.nearest(other, EMB.embed_query(["green tea"])[0], 5, None) == []


def test_nearest_identical_vector_has_cosine_one_and_kind_filter(vectors: Any, subject: str) -> None:
    tea = _put(vectors, subject, "The user likes green tea")
    _put(vectors, subject, "Budget for the trip is 500 yuan", kind="budget")
    hits = vectors.nearest(subject, EMB.embed_query(["The user likes green tea"])[0], 1, None)
    assert hits[0].id == tea and abs((hits[0].vector_cosine or 0) - 1.0) < 1e-3
    only_budget = vectors.nearest(subject, EMB.embed_query(["The user likes green tea"])[0], 5, "budget")
    assert tea not in {h.id for h in only_budget} and len(only_budget) == 1


def test_nearest_can_leave_out_one_language(vectors: Any, subject: str) -> None:
    """The write path's other-language dedup search (mal/write_batch.py `dedup_search`): only
    memories whose stored `lang` differs, and the kind filter still holds beside it."""
    probe = EMB.embed_passages(["the user keeps two rabbits"])[0]
    en = _put(vectors, subject, "the user keeps two rabbits", lang="en")
    zh = _put(vectors, subject, "用户养了两只兔子", lang="zh")
    mixed = _put(vectors, subject, "用户养了两只rabbits和一只hamster", lang="mixed")
    zh_budget = _put(vectors, subject, "养兔子每月预算两百元", kind="budget", lang="zh")
    assert {h.id for h in vectors.nearest(subject, probe, 10, None, exclude_lang="en")} == {zh, mixed, zh_budget}
    assert {h.id for h in vectors.nearest(subject, probe, 10, None, exclude_lang="zh")} == {en, mixed}
    assert {h.id for h in vectors.nearest(subject, probe, 10, None, exclude_lang="mixed")} == {en, zh, zh_budget}
    assert [h.id for h in vectors.nearest(subject, probe, 10, "budget", exclude_lang="en")] == [zh_budget]
    assert vectors.nearest(subject, probe, 10, "budget", exclude_lang="zh") == []
    # the cosine is the plain search's: the filter only leaves memories out
    (best,) = vectors.nearest(subject, probe, 1, None, exclude_lang="zh")
    assert best.id == en and abs((best.vector_cosine or 0) - 1.0) < 1e-3
    assert vectors.nearest(subject[::-1], probe, 10, None, exclude_lang="zh") == []


def test_hybrid_search_finds_exact_words_first_and_filters_kinds(vectors: Any, subject: str) -> None:
    tea = _put(vectors, subject, "The user likes green tea")
    _put(vectors, subject, "The user lives in Shenzhen", kind="profile")
    _put(vectors, subject, "Planning a trip to Tokyo next month", kind="travel_plan")
    query = "green tea"
    hits = vectors.search(subject, query, EMB.embed_query([query])[0], 3, 0.5, None)
    assert hits[0].id == tea
    assert all(h.score >= hits[-1].score for h in hits)
    filtered = vectors.search(subject, query, EMB.embed_query([query])[0], 3, 0.5, ["profile"])
    assert tea not in {h.id for h in filtered}


def test_chinese_text_is_searchable(vectors: Any, subject: str) -> None:
    dog = _put(vectors, subject, "我家狗叫豆豆", kind="profile", lang="zh")
    _put(vectors, subject, "我下个月去东京出差", kind="travel_plan", lang="zh")
    query = "狗叫什么"
    hits = vectors.search(subject, query, EMB.embed_query([query])[0], 2, 0.3, None, lang="zh")
    assert hits and hits[0].id == dog


def test_delete_and_erase(vectors: Any, subject: str) -> None:
    a = _put(vectors, subject, "one")
    b = _put(vectors, subject, "two")
    vectors.delete(subject, [a])
    assert not vectors.exists(subject, a) and vectors.exists(subject, b)
    vectors.delete(subject[::-1], [b])  # another subject's delete touches nothing here
    assert vectors.exists(subject, b)
    assert vectors.erase_subject(subject) == 1
    assert vectors.count_subject(subject) == 0
    assert vectors.erase_subject(subject) == 0


def test_upsert_many_is_one_batch_that_replaces_like_upsert(vectors: Any, subject: str) -> None:
    tea, budget = memory("The user likes green tea"), memory("预算500以内", kind="budget", lang="zh")
    vectors.upsert(subject, tea, EMB.embed_passages(["something else"])[0])
    vectors.upsert_many(
        subject, [(tea, EMB.embed_passages([tea.summary])[0]), (budget, EMB.embed_passages([budget.summary])[0])]
    )
    vectors.upsert_many(subject, [])
    assert vectors.count_subject(subject) == 2
    hits = vectors.nearest(subject, EMB.embed_passages([tea.summary])[0], 1, None)
    assert hits[0].id == tea.id and abs((hits[0].vector_cosine or 0) - 1.0) < 1e-3  # replaced, not kept
    assert vectors.nearest(subject, EMB.embed_passages([budget.summary])[0], 1, "budget")[0].id == budget.id


def test_deactivated_subject_answers_again_on_access(vectors: Any, subject: str) -> None:
    mine = _put(vectors, subject, "The user likes green tea")
    vector = EMB.embed_query(["green tea"])[0]
    assert vectors.deactivate_subject(subject) is True
    assert vectors.deactivate_subject(subject) is False  # already inactive
    assert vectors.deactivate_subject(subject[::-1]) is False  # unknown subject
    hits = vectors.search(subject, "green tea", vector, 3, 0.5, None)  # re-activates it
    assert [h.id for h in hits] == [mine]
    assert vectors.deactivate_subject(subject) is True  # active again after the access
    _put(vectors, subject, "The user drinks coffee")  # a write re-activates too
    assert vectors.count_subject(subject) == 2


def test_update_text_reindexes_the_words_and_keeps_the_vector(vectors: Any, subject: str) -> None:
    """After a reinforcement added a variant (mal/variants.py): its words are found by the lexical
    side, the vector (the first text's) is untouched; an unknown memory is left alone."""
    m = memory("The user keeps bees")
    vector = EMB.embed_passages([m.summary])[0]
    vectors.upsert(subject, m, vector)
    other = _put(vectors, subject, "The user likes green tea")
    probe = EMB.embed_query(["heather honey"])[0]

    def lexical() -> list[str]:
        return [h.id for h in vectors.search(subject, "heather honey", probe, 5, 0.0, None) if h.score > 0]

    assert lexical() == []
    m.variants = ["I keep bees and sell heather honey"]
    assert vectors.update_text(subject, m) is True
    assert lexical() == [m.id]
    (best,) = vectors.nearest(subject, vector, 1, None)
    assert best.id == m.id and abs((best.vector_cosine or 0) - 1.0) < 1e-3
    assert vectors.count_subject(subject) == 2 and other in vectors.ids(subject)
    ghost = memory("never stored")
    assert vectors.update_text(subject, ghost) is False
    assert not vectors.exists(subject, ghost.id) and vectors.count_subject(subject) == 2
    m.variants = []
    assert vectors.update_text(subject, m) is True  # a rollback re-words it back
    assert lexical() == []
