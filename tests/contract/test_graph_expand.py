"""GraphStore contract for the graph stage of a search (`MemoryReader.expand`, issue #12): the fake
and Neo4j agree on what one expansion query returns: memories sharing the seeds' or the question's
entities, scored by specificity (a rarer entity counts more), generic entities skipped, only the
subject's searchable memories, the seeds' session neighbours, at most `limit`."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from functools import partial
from typing import Any

import pytest

from mal.models import SEARCHABLE, Entity, Memory, MemoryStatus, Relation
from mal.records import Expansion
from tests.contract.conftest import memory

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
_memory = partial(memory, at=T0, kind="episode")


def _about(text: str, *entities: tuple[str, str], **extra: Any) -> Memory:
    relations = [Relation(type="MENTIONED", entity=Entity(name=n, type=t), at=T0) for n, t in entities]
    return _memory(summary=text, relations=relations, **extra)


@pytest.fixture
def world(graph: Any, subject: str) -> dict[str, Memory]:
    graph.ensure_subject(subject, "t-" + secrets.token_hex(4), T0)
    made = {
        "seed": _about("pottery at Riverside", ("riverside", "name"), ("pottery", "topic"), ("mel", "person")),
        "rare": _about("a bowl from Riverside", ("riverside", "name"), ("mel", "person")),
        "topic": _about("pottery is relaxing", ("pottery", "topic"), ("mel", "person")),
        "named": _about("Melanie went to Paris", ("melanie", "name"), ("paris", "name"), ("mel", "person")),
        "other": _about("bread", ("bread", "topic"), ("mel", "person")),
        "gone": _about("Riverside again", ("riverside", "name"), ("mel", "person")),
    }
    for m in made.values():
        graph.upsert(subject, m, indexed=True)
    graph.set_status(subject, [made["gone"].id], MemoryStatus.ARCHIVED, T0)
    return made


def _ask(graph: Any, subject: str, **kw: Any) -> list[tuple[str, float]]:
    request = Expansion(**{"seeds": (), "names": (), "statuses": tuple(SEARCHABLE), "max_df": 4, **kw})
    return list(graph.expand(subject, request))


def test_expansion_follows_specific_entities_of_the_seeds(graph: Any, subject: str, world: dict[str, Memory]) -> None:
    ids = {v.id: k for k, v in world.items()}
    found = [(ids[i], s) for i, s in _ask(graph, subject, seeds=((world["seed"].id, 1.0),))]
    names = [n for n, _ in found]
    # "mel" is in all six memories: more than max_df, so it links nothing ("other" is not found).
    assert set(names) == {"seed", "rare", "topic"}
    assert names[0] == "seed"  # it shares everything with itself
    scores = dict(found)
    # riverside (3 memories, a name) counts more than pottery (2 memories) x topic weight 0.5
    assert scores["rare"] > scores["topic"] > 0
    assert "gone" not in names  # archived: not searchable


def test_question_names_and_aliases_reach_memories(graph: Any, subject: str, world: dict[str, Memory]) -> None:
    ids = {v.id: k for k, v in world.items()}
    assert [ids[i] for i, _ in _ask(graph, subject, names=("paris",))] == ["named"]
    # "mel" is generic (max_df) but, 3+ letters, it also starts the name "melanie": an alias.
    assert [ids[i] for i, _ in _ask(graph, subject, names=("mel",))] == ["named"]
    assert _ask(graph, subject, names=("nowhere",)) == []


def test_expansion_is_scoped_and_bounded(graph: Any, subject: str, world: dict[str, Memory]) -> None:
    stranger = secrets.token_hex(32)
    graph.ensure_subject(stranger, "t-" + secrets.token_hex(4), T0)
    graph.upsert(stranger, _about("Riverside too", ("riverside", "name")), indexed=True)
    found = _ask(graph, subject, seeds=((world["seed"].id, 1.0),), limit=2)
    assert len(found) == 2 and {i for i, _ in found} <= {m.id for m in world.values()}
    assert _ask(graph, stranger, seeds=((world["seed"].id, 1.0),)) == []  # another subject's seed: nothing


def test_session_neighbours_are_found_through_context(graph: Any, subject: str) -> None:
    graph.ensure_subject(subject, "t-" + secrets.token_hex(4), T0)
    first = _memory(summary="A: where did you go?", session_id="s1")
    second = _memory(summary="B: to the lake", context="A: where did you go?", session_id="s1")
    elsewhere = _memory(summary="B: to the lake", context="A: where did you go?", session_id="s2")
    for m in (first, second, elsewhere):
        graph.upsert(subject, m, indexed=True)
    seeds = ((first.id, 1.0),)
    assert _ask(graph, subject, seeds=seeds) == []
    found = _ask(graph, subject, seeds=seeds, neighbour_weight=0.5)
    assert [(i, round(s, 3)) for i, s in found] == [(second.id, 0.5)]
    back = _ask(graph, subject, seeds=((second.id, 1.0),), neighbour_weight=0.5)
    assert [i for i, _ in back] == [first.id]
