"""The instructions' one small read (mal/profile.py, issue #13): a context call with a query reads
only the memories marked as possible evidence, and gets exactly the instructions the old derivation
over the 500 newest memories gave, in zh and en, before and after forgets, a correction and an erase."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from mal.bootstrap import Container
from mal.clock import FixedClock
from mal.context import PROFILE_WINDOW, ContextBuilder
from mal.instructions import Instruction, derive
from mal.models import MemoryStatus
from mal.profile import PROFILE_RULES, is_evidence
from mal.scope import SubjectScope
from tests.personas import PERSONAS
from tests.unit.fakes import T0, fake_container, new_scope, write


def _old(c: Container, scope: SubjectScope, lang: str) -> list[Instruction]:
    """The derivation before the marks: every active memory among the 500 newest."""
    listed = c.adapters.graph.list_memories(scope.subject, ["active", "disputed"], None, 0, 500)[0]
    return derive([m for m in listed if m.status == MemoryStatus.ACTIVE], c.clock.now(), lang)


class _Counting:
    """The graph with its reads counted: the context with a query must not list memories."""

    def __init__(self, graph: Any) -> None:
        self._graph = graph
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        self.calls.append(name)
        return getattr(self._graph, name)


def _play(c: Container, clock: FixedClock, name: str) -> SubjectScope:
    scope = new_scope()
    for i, turns in enumerate(PERSONAS[name]["sessions"]):
        clock.at = T0 + timedelta(days=i)
        write(c, scope, f"{name}-s{i}", *turns)
    return scope


@pytest.fixture(scope="module")
def world() -> tuple[Container, FixedClock]:
    clock = FixedClock(T0)
    return fake_container(clock=clock), clock


@pytest.mark.parametrize("name", ["en_developer", "zh_developer"])
def test_one_small_read_gives_the_old_instructions(world: tuple[Container, FixedClock], name: str) -> None:
    c, clock = world
    scope = _play(c, clock, name)
    lang = PERSONAS[name]["lang"]
    chat = "我上周和妹妹去了博物馆" if lang == "zh" else "I visited the science museum with my sister last week"
    write(c, scope, "chat", chat)  # no evidence for any instruction
    counting = _Counting(c.adapters.graph)
    builder = ContextBuilder(counting, c.retriever, c.recent, c.clock, c.settings.lifecycle)  # type: ignore[arg-type]
    for asked in (lang, None):  # the language given, and voted from the profile read
        counting.calls.clear()
        result = builder.build(scope, "anything new?", 0, 0, asked)
        assert counting.calls == ["profile_evidence"]  # no listing of the subject's memories
        assert result.lang == lang
        assert result.instructions == _old(c, scope, lang) and result.instructions
        assert {(i.kind, i.key) for i in result.instructions} == PERSONAS[name]["expected"]
    evidence = c.adapters.graph.profile_evidence(scope.subject, PROFILE_RULES, PROFILE_WINDOW)
    listed = c.adapters.graph.list_memories(scope.subject, ["active"], None, 0, 500)[0]
    assert 0 < len(evidence.memories) < len(listed)  # a real reduction, not the whole listing
    assert derive(list(evidence.memories), c.clock.now(), lang) == _old(c, scope, lang)


@pytest.mark.parametrize("name", ["en_developer", "zh_developer"])
def test_forget_correction_and_erase_are_seen_by_the_next_call(world: tuple[Container, FixedClock], name: str) -> None:
    c, clock = world
    scope = _play(c, clock, name)
    lang = PERSONAS[name]["lang"]
    before = c.context.build(scope, "anything new?", 0, 0, lang).instructions
    allergy = next(i for i in before if i.kind == "allergy")
    for memory_id in allergy.memory_ids:
        c.forgetter.forget(scope, memory_id)
    after = c.context.build(scope, "anything new?", 0, 0, lang).instructions
    assert after == _old(c, scope, lang)
    assert ("allergy", allergy.key) not in {(i.kind, i.key) for i in after}
    assert not {m for i in after for m in i.memory_ids} & set(allergy.memory_ids)
    # A disputed memory is no evidence; a correction back to active is.
    budget = next(i for i in after if i.kind == "budget")
    c.adapters.graph.set_status(scope.subject, list(budget.memory_ids), MemoryStatus.DISPUTED, clock.now())
    disputed = c.context.build(scope, "anything new?", 0, 0, lang).instructions
    assert ("budget", budget.key) not in {(i.kind, i.key) for i in disputed} and disputed == _old(c, scope, lang)
    c.adapters.graph.set_status(scope.subject, list(budget.memory_ids), MemoryStatus.ACTIVE, clock.now())
    assert c.context.build(scope, "anything new?", 0, 0, lang).instructions == after
    c.forgetter.erase(scope)
    assert c.context.build(scope, "anything new?", 0, 0, lang).instructions == []


def test_memories_judged_under_other_rules_are_judged_again(world: tuple[Container, FixedClock]) -> None:
    c, clock = world
    scope = _play(c, clock, "en_developer")
    graph = c.adapters.graph
    current = graph.profile_evidence(scope.subject, PROFILE_RULES, PROFILE_WINDOW)
    other = graph.profile_evidence(scope.subject, "older-rules", PROFILE_WINDOW)
    active = graph.list_memories(scope.subject, ["active"], None, 0, 500)[0]
    assert {m.id for m in other.memories} == {m.id for m in active}  # unknown: all returned
    assert {m.id for m in current.memories} == {m.id for m in active if is_evidence(m)}
    assert sorted(other.langs) == sorted(current.langs) == sorted(m.lang for m in active)


def test_the_evidence_mark_is_a_superset_of_what_derive_reads() -> None:
    c = fake_container(clock=FixedClock(T0))
    scope = new_scope()
    write(c, scope, "s", "I visited a museum with my sister", "I'm really angry, the answer was wrong again")
    write(c, scope, "s2", "How do I deploy this to AWS?", "我用 Python 写爬虫")
    marks = {m.text: is_evidence(m) for m in c.adapters.graph.list_memories(scope.subject, None, None, 0, 50)[0]}
    assert marks and not all(marks.values()) and any(marks.values())
    assert marks.get("I visited a museum with my sister") is False
