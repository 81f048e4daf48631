"""Personalised instructions through the real parser and the real composition root (in-memory
stores): scripted users get the expected instructions, each citing its memories; thin users get
none; the tone follows the latest feedback within the window."""

from __future__ import annotations

from datetime import timedelta

import pytest

from mal.bootstrap import Container
from mal.clock import FixedClock
from mal.instructions import MIN_SUPPORT, TONE_WINDOW, derive
from mal.scope import SubjectScope
from tests.personas import MESSAGE_WORDS, PERSONAS
from tests.unit.fakes import T0, fake_container, new_scope, write


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


@pytest.mark.parametrize("name", sorted(PERSONAS))
def test_scripted_users_get_the_expected_instructions(world: tuple[Container, FixedClock], name: str) -> None:
    c, clock = world
    scope = _play(c, clock, name)
    persona = PERSONAS[name]
    result = c.context.build(scope, None, 20, 0, None)
    assert result.lang == persona["lang"]
    assert {(i.kind, i.key) for i in result.instructions} == persona["expected"]
    if not persona["expected"]:
        assert all(MESSAGE_WORDS[result.lang] not in m["content"] for m in result.system_messages)
        return
    message = result.system_messages[0]["content"]
    assert message.startswith(MESSAGE_WORDS[result.lang])
    active = {m.id: m for m in c.adapters.graph.list_memories(scope.subject, ["active"], None, 0, 500)[0]}  # type: ignore[attr-defined]
    for instruction in result.instructions:
        assert instruction.memory_ids and set(instruction.memory_ids) <= set(active)
        assert instruction.text in message and all(i in message for i in instruction.memory_ids)
    language = next(i for i in result.instructions if i.kind == "language")
    assert len(language.memory_ids) >= MIN_SUPPORT
    assert all("Python" in (active[i].text or active[i].summary) for i in language.memory_ids)


def test_no_instructions_when_asked_not_to(world: tuple[Container, FixedClock]) -> None:
    c, clock = world
    scope = _play(c, clock, "en_developer")
    result = c.context.build(scope, None, 20, 0, None, instructions=False)  # type: ignore[arg-type]
    assert result.instructions == [] and all(MESSAGE_WORDS["en"] not in m["content"] for m in result.system_messages)


def test_tone_follows_the_latest_feedback_and_expires(world: tuple[Container, FixedClock]) -> None:
    c, clock = world
    scope = new_scope()
    clock.at = T0
    write(c, scope, "t1", "I'm really angry, this is the third time the answer was wrong")
    assert [(i.kind, i.key) for i in c.context.build(scope, None, 5, 0, "en").instructions] == [("tone", "angry")]
    clock.at = T0 + TONE_WINDOW + timedelta(days=1)
    assert c.context.build(scope, None, 5, 0, "en").instructions == []  # old anger says nothing about today
    clock.at = T0 + timedelta(hours=1)
    write(c, scope, "t2", "Thanks, that answer was great")
    assert c.context.build(scope, None, 5, 0, "en").instructions == []  # calmer since


def test_a_disliked_language_is_no_evidence(world: tuple[Container, FixedClock]) -> None:
    c, clock = world
    scope = new_scope()
    clock.at = T0
    write(c, scope, "d1", "I don't like Java")
    write(c, scope, "d2", "I really dislike Java")
    write(c, scope, "d3", "I hate Java")
    memories = c.adapters.graph.list_memories(scope.subject, ["active"], None, 0, 500)[0]  # type: ignore[attr-defined]
    assert [m.slots.get("polarity") for m in memories] == ["dislike"] and len(memories[0].events) == 3
    assert derive(memories, T0, "en") == []


def test_a_preference_repeated_across_sessions_counts_each_time(world: tuple[Container, FixedClock]) -> None:
    """Said in three sessions, the preference is one memory reinforced twice: three mentions."""
    c, clock = world
    scope = new_scope()
    for day in range(3):
        clock.at = T0 + timedelta(days=day)
        write(c, scope, f"p{day}", "我喜欢用Rust写后端")
    memories = c.adapters.graph.list_memories(scope.subject, ["active"], None, 0, 500)[0]  # type: ignore[attr-defined]
    [language] = [i for i in derive(memories, clock.now(), "zh") if i.kind == "language"]
    assert language.key == "Rust" and language.memory_ids == (memories[0].id,) and "3 次" in language.text


def test_rendering_is_deterministic(world: tuple[Container, FixedClock]) -> None:
    c, clock = world
    scope = _play(c, clock, "zh_developer")
    memories = c.adapters.graph.list_memories(scope.subject, ["active"], None, 0, 500)[0]  # type: ignore[attr-defined]
    now = clock.now()
    assert derive(memories, now, "zh") == derive(list(reversed(memories)), now, "zh")
    assert derive(memories, now, "zh") != derive(memories, now, "en")
