"""Entities on every memory against the real Neo4j (issue #12): episodes of a multi-party
conversation link what they mention, scoped by tenant and subject like every node; forgetting a
turn removes the entities only it mentioned; erasing the subject leaves no entity behind; the
graph stage of a search finds a linked turn in English and in Chinese."""

from __future__ import annotations

import pytest

from mal.bootstrap import Container
from mal.recipes import RECIPES
from mal.scope import SubjectScope
from mal.writing import CaptureRequest

pytestmark = pytest.mark.integration

TURNS = [
    {"role": "user", "speaker": "Caroline", "ref": "D1:1", "content": "I joined the Quillmoor pottery club"},
    {"role": "user", "speaker": "Melanie", "ref": "D1:2", "content": "That sounds lovely, what did you make?"},
    {"role": "user", "speaker": "Caroline", "ref": "D1:3", "content": "A vase for my sister"},
    {"role": "user", "speaker": "Caroline", "ref": "D1:4", "content": "我在乌镇买了一把油纸伞"},
    {"role": "user", "speaker": "Melanie", "ref": "D1:5", "content": "The Quillmoor teachers are patient"},
    {"role": "user", "speaker": "Melanie", "ref": "D1:6", "content": "乌镇的夜景很漂亮"},
]


def _entities(c: Container, scope: SubjectScope) -> list[dict[str, object]]:
    return c.adapters.graph.run_read_only(
        "MATCH (e:Entity {subject: $s}) RETURN e.name AS name, e.tenant AS tenant", {"s": scope.subject}, 1000
    )


def _capture(c: Container, scope: SubjectScope) -> dict[str, str]:
    out = c.writer.capture(scope, CaptureRequest(session_id="s1", turns=TURNS))  # type: ignore[arg-type]
    return {w.memory.provenance[0]: w.memory.id for w in out.memories}


def test_episodes_link_entities_scoped_by_tenant_and_subject(container: Container, scope: SubjectScope) -> None:
    ids = _capture(container, scope)
    rows = _entities(container, scope)
    names = {str(r["name"]) for r in rows}
    assert {"quillmoor", "pottery", "caroline", "melanie", "乌镇"} <= names
    assert {r["tenant"] for r in rows} == {scope.tenant}
    about = container.adapters.graph.run_read_only(
        "MATCH (m:Memory {id: $id})-[:ABOUT]->(e:Entity) RETURN e.name AS name", {"id": ids["D1:1"]}, 100
    )
    assert {"quillmoor", "pottery", "caroline"} <= {r["name"] for r in about}
    quads = {(q.relation, q.entity) for q in container.adapters.graph.quadruples(scope.subject)}
    assert ("MENTIONED", "quillmoor") in quads and ("MENTIONED", "乌镇") in quads
    memory = container.adapters.graph.get(scope.subject, ids["D1:1"])
    assert memory is not None and memory.slots.get("speaker") == "Caroline"


def test_graph_stage_finds_the_linked_turn_in_english_and_chinese(container: Container, scope: SubjectScope) -> None:
    ids = _capture(container, scope)
    graph = RECIPES["graph"].model_copy(update={"k": 6})
    en = container.retriever.search(scope, "Where did Caroline join a pottery club?", config=graph)
    assert "expand" in en.timings_ms
    assert ids["D1:5"] in {h.memory.id for h in en.hits}  # shares "quillmoor" with the club turn
    zh = container.retriever.search(scope, "卡罗琳在乌镇买了什么？", config=graph)
    assert {ids["D1:4"], ids["D1:6"]} <= {h.memory.id for h in zh.hits}


def test_forget_and_erase_remove_episode_entities(container: Container, scope: SubjectScope) -> None:
    ids = _capture(container, scope)
    container.forgetter.forget(scope, ids["D1:3"])  # the only turn that mentions a vase
    names = {str(r["name"]) for r in _entities(container, scope)}
    assert "vase" not in names and "quillmoor" in names
    assert container.forgetter.erase(scope).as_dict()["verified"] is True
    assert _entities(container, scope) == []
    left = container.adapters.graph.run_read_only(
        "MATCH (e:Entity) WHERE e.name IN ['quillmoor', '乌镇'] AND e.subject = $s RETURN count(e) AS n",
        {"s": scope.subject},
        10,
    )
    assert left[0]["n"] == 0
