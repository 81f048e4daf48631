"""Issue #12 on the fakes: entities on every memory (episodes included), the graph-expansion stage
and the time-aware stage of a search, each a recipe switch, checked in English and Chinese."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bench.ablation import Question, ablation_recipes, markdown, merge, recall, run_ablation
from mal.expansion import fuse
from mal.models import Memory
from mal.recipes import RECIPES
from mal.timeaware import has_time_words, time_factor, time_intent
from mal.writing import CaptureRequest
from parsers.entities import extract, normalise, query_names
from tests.unit.fakes import T0, fake_container, new_scope

NOW = datetime(2023, 5, 8, 12, 0, tzinfo=UTC)


def _names(text: str, lang: str = "en", **kw: object) -> set[tuple[str, str]]:
    return {(m.name, m.type) for m in extract(text, lang, **kw)}  # type: ignore[arg-type]


# -- entities -------------------------------------------------------------------------------------


def test_english_names_topics_and_times_are_extracted_and_normalised() -> None:
    found = _names("Yesterday Melanie's kids went camping at the Grand Canyon with MELANIE.", now=NOW)
    assert ("melanie", "name") in found and ("grand canyon", "name") in found
    assert ("kid", "topic") in found and ("camping", "topic") in found
    assert ("2023-05-07", "time") in found  # "yesterday" against the turn's time
    assert not any(name in {"yesterday", "the", "with"} for name, _ in found)


def test_chinese_entities_are_simplified_and_tagged() -> None:
    found = _names("我和妈妈去了臺灣旅游，在台北吃了小吃", "zh")
    assert ("台湾", "place") in found and ("台北", "place") in found  # 臺灣 -> 台湾
    assert ("小吃", "topic") in found
    assert normalise("臺灣") == normalise("台湾") == "台湾"


def test_speaker_is_a_person_entity_and_mentions_are_bounded() -> None:
    mentions = extract("I love pottery " + " ".join(f"word{i}x" for i in range(100)), "en", speaker="Caroline")
    assert mentions[0].name == "caroline" and mentions[0].detail == "speaker"
    assert len(mentions) <= 24


def test_question_entities_drop_fillers() -> None:
    assert query_names("What activities does Melanie partake in?", "en") == ["activity", "melanie", "partake"]
    assert "北京" in query_names("我上次去北京是什么时候？", "zh")


def test_every_captured_memory_carries_its_entities_including_episodes() -> None:
    c, scope = fake_container(), new_scope()
    turns = [
        {"role": "user", "content": "Caroline went to the LGBTQ support group", "speaker": "Melanie", "ref": "D1:1"},
        {"role": "user", "content": "我上周去了杭州西湖", "ref": "D1:2"},
    ]
    c.writer.capture(scope, CaptureRequest(session_id="s1", turns=turns))  # type: ignore[arg-type]
    memories, _ = c.adapters.graph.list_memories(scope.subject, None, None, 0, 10)
    by_ref = {m.provenance[0]: m for m in memories}
    en = {(r.entity.name, r.type) for r in by_ref["D1:1"].relations}
    assert {("caroline", "MENTIONED"), ("lgbtq", "MENTIONED"), ("melanie", "MENTIONED")} <= en
    assert by_ref["D1:1"].slots.get("speaker") == "Melanie"
    zh = {r.entity.name for r in by_ref["D1:2"].relations}
    assert {"杭州", "西湖"} & zh
    hits = c.retriever.search(scope, "LGBTQ support group", k=1).hits
    assert {"caroline", "lgbtq"} <= {e["name"] for e in hits[0].entities}


# -- graph expansion ------------------------------------------------------------------------------


def _conversation(c: object, scope: object) -> None:
    turns = [
        "Melanie: I signed up for a pottery class at the Riverside studio",
        "Melanie: the weather is nice today and I walked a lot",
        "Melanie: I baked bread this morning, the kitchen smells great",
        "Melanie: my kids and I painted a sunrise together",
        "Melanie: we read books about the ocean",
        "Melanie: Riverside has the best teachers, I made a bowl there",
    ]
    payload = [{"role": "user", "content": t, "ref": f"D1:{i}"} for i, t in enumerate(turns)]
    c.writer.capture(scope, CaptureRequest(session_id="s1", turns=payload))  # type: ignore[attr-defined,arg-type]


def test_expansion_finds_the_memory_the_vector_search_missed() -> None:
    c, scope = fake_container(), new_scope()
    _conversation(c, scope)
    narrow = RECIPES["default"].model_copy(update={"overfetch": 1, "kind_routing": False})
    # k = 3, overfetch 1: the vector list is the pottery turn, the one after it (which keeps the
    # pottery turn as its context) and the bread turn; the graph brings the turn linked to the
    # pottery turn through "Riverside" instead of the bread.
    plain = c.retriever.search(scope, "What class did Melanie sign up for?", k=3, config=narrow)
    # Six turns only: "melanie" (every turn) must count as unspecific, as the speaker does in a
    # real conversation (max_df); the expansion list weighs double in so short a list.
    linked = narrow.model_copy(update={"expand": True, "expand_seeds": 2, "expand_max_df": 3, "expand_weight": 2.0})
    graph = c.retriever.search(scope, "What class did Melanie sign up for?", k=3, config=linked)
    assert ["D1:5"] not in [h.memory.provenance for h in plain.hits]
    assert ["D1:5"] in [h.memory.provenance for h in graph.hits]  # shares "riverside" with the top hit
    assert "expand" in graph.timings_ms and "expand" not in plain.timings_ms


def test_expansion_never_crosses_subjects() -> None:
    c, mine, theirs = fake_container(), new_scope(), new_scope()
    _conversation(c, mine)
    c.writer.capture(
        theirs,
        CaptureRequest(session_id="x", turns=[{"role": "user", "content": "Riverside pottery is lovely"}]),  # type: ignore[list-item]
    )
    cfg = RECIPES["graph"].model_copy(update={"k": 10})
    ids = {h.memory.id for h in c.retriever.search(mine, "Riverside pottery", config=cfg).hits}
    theirs_ids = {m.id for m in c.adapters.graph.list_memories(theirs.subject, None, None, 0, 10)[0]}
    assert ids and not ids & theirs_ids


def test_fusion_adds_expansion_by_rank_on_the_vector_scale() -> None:
    fused = fuse({"a": 1.0, "b": 0.5}, [("c", 3.0), ("b", 1.0)], weight=0.5)
    assert max(fused.values()) == 1.0
    assert fused["b"] > 0.5 / 1.5  # b gained from the expansion list
    assert fused["c"] > 0 and fused["a"] > fused["c"]
    assert fuse({"a": 1.0}, [], weight=0.5) == {"a": 1.0}


# -- time-aware search ----------------------------------------------------------------------------


def _memory(text: str, at: datetime) -> Memory:
    return Memory(
        id=text,
        kind="episode",
        summary=text,
        text=text,
        created_at=at,
        updated_at=at,
        last_reinforced=at,
        last_accessed=at,
        valid_from=at,
    )


def test_time_intent_in_english_and_chinese() -> None:
    assert time_intent("When did Caroline go to the support group?", "en", NOW).when
    assert not time_intent("What did Caroline research?", "en", NOW).any
    window = time_intent("What did I do in May 2023?", "en", NOW).window
    assert window == (datetime(2023, 5, 1, tzinfo=UTC), datetime(2023, 6, 1, tzinfo=UTC))
    assert time_intent("What did I buy last week?", "en", NOW).window is not None
    assert time_intent("我什么时候去的杭州？", "zh", NOW).when
    zh = time_intent("我去年夏天去了哪里？", "zh", NOW).window
    assert zh is not None and zh[0].year == 2022 and zh[1].year == 2022
    assert time_intent("上次我们聊了什么？", "zh", NOW).order == "last"
    assert time_intent("What was the first book I read?", "en", NOW).order == "first"


def test_time_factor_boosts_dated_words_windows_and_order() -> None:
    dated, plain = _memory("I went there yesterday", NOW), _memory("I went there", NOW)
    when = time_intent("When did I go there?", "en", NOW)
    assert time_factor(dated, when, 0.3) > time_factor(plain, when, 0.3) == 1.0
    assert has_time_words("我上周去了杭州") and not has_time_words("我去了杭州")
    may = time_intent("What did I do in May 2023?", "en", NOW)
    old = _memory("something", NOW - timedelta(days=60))
    assert time_factor(plain, may, 0.3) > 1.0 > time_factor(old, may, 0.3)
    first = time_intent("What was the first thing?", "en", NOW)
    assert time_factor(plain, first, 0.3, 0.0) > time_factor(plain, first, 0.3, 1.0)


def test_time_stage_reorders_a_when_question() -> None:
    c, scope = fake_container(), new_scope()
    turns = [
        {"role": "user", "content": "Caroline: the support group was so powerful", "ref": "a"},
        {"role": "user", "content": "Caroline: I went to the support group yesterday", "ref": "b"},
    ]
    c.writer.capture(scope, CaptureRequest(session_id="s", turns=turns, occurred_at=T0))  # type: ignore[arg-type]
    base = RECIPES["default"].model_copy(update={"k": 2, "kind_routing": False})
    timed = base.model_copy(update={"time_aware": True, "time_boost": 1.0})
    question = "When was the support group so powerful for Caroline?"
    assert c.retriever.search(scope, question, config=base).hits[0].memory.provenance == ["a"]
    assert c.retriever.search(scope, question, config=timed).hits[0].memory.provenance == ["b"]


# -- the ablation ---------------------------------------------------------------------------------


def test_ablation_recipes_add_one_stage_each_and_the_table_reports_splits() -> None:
    recipes = ablation_recipes()
    assert list(recipes) == ["vector only", "+ BM25", "+ graph expansion", "+ time"]
    assert [(r.bm25, r.expand, r.time_aware) for r in recipes.values()] == [
        (False, False, False),
        (True, False, False),
        (True, True, False),
        (True, True, True),
    ]
    questions = [
        Question("q1", ("a",), "single-hop", "dev", None),
        Question("q2", ("b", "c"), "multi-hop", "test", None),
    ]

    def search(recipe: object, q: Question) -> list[list[str]]:
        return [["a"], ["b"]] if recipe is recipes["+ time"] else [["x"], ["b"]]

    table = run_ablation(search, questions, recipes)
    assert table["+ time"]["all"]["recall"]["@1"] == 0.5 and table["vector only"]["dev"]["recall"]["@5"] == 0.0
    assert table["+ time"]["test"]["recall@5_by_category"] == {"multi-hop": 0.5}
    assert recall([["b"], ["c"]], ["b", "c"], 1) == 0.5
    text = markdown(table, "all", ["multi-hop", "single-hop"])
    assert text.count("\n") == 5 and "| + time | 0.500 |" in text
    halves = [run_ablation(search, [q], recipes) for q in questions]
    assert merge(halves)["+ time"]["all"] == table["+ time"]["all"]
