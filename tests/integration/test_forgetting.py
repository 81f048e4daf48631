"""Forgetting one memory removes every copy of its text (issue #9 item 5), and forget requests
delete only what they name precisely (item 6). Real Neo4j, Weaviate and S3."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

import neo4j
import pytest

from decay.archive import archive_key
from mal.bootstrap import Container, build
from mal.clock import FixedClock
from mal.models import MemoryStatus
from mal.scope import SubjectScope
from mal.settings import LifecycleSettings, Settings
from mal.writing import CaptureRequest, CaptureResult
from tests.unit.test_forget_rules import NOT_FORGET

pytestmark = pytest.mark.integration


def write(c: Container, scope: SubjectScope, session: str, *texts: str) -> CaptureResult:
    return c.writer.capture(
        scope, CaptureRequest(session_id=session, turns=[{"role": "user", "content": t} for t in texts])
    )


def by_summary(result: CaptureResult) -> dict[str, str]:
    return {w.memory.summary: w.memory.id for w in result.memories}


def active_summaries(c: Container, scope: SubjectScope) -> set[str]:
    items, _ = c.adapters.graph.list_memories(scope.subject, ["active", "disputed"], None, 0, 200)
    return {m.summary for m in items}


def subject_graph_text(c: Container, scope: SubjectScope) -> str:
    """Every property of every node the subject owns, as one string (a test may scan labels)."""
    rows = c.adapters.graph.run_read_only(
        "MATCH (n) WHERE n.subject = $s OR n.key = $s RETURN labels(n) AS l, properties(n) AS p",
        {"s": scope.subject},
        10_000,
    )
    return str(rows)


def _query_stats(settings: Settings, start: bool = False) -> str:
    with neo4j.GraphDatabase.driver(
        settings.neo4j.uri, auth=(settings.neo4j.user, settings.neo4j.password.get_secret_value())
    ) as driver:
        if start:  # as an attacker with admin rights would, before the user speaks
            driver.execute_query("CALL db.stats.collect('QUERIES')")
            return ""
        return str([r.data() for r in driver.execute_query("CALL db.stats.retrieve('QUERIES')").records])


def test_forgetting_one_memory_removes_its_turns_links_and_vector(
    container: Container, settings: Settings, scope: SubjectScope
) -> None:
    _query_stats(settings, start=True)
    out = write(container, scope, "s1", "I like green tea", "我妈妈有高血压", "I like oolong tea")
    ids = by_summary(out)
    green, mother = ids["User prefers green tea"], ids["用户的妈妈有高血压"]
    assert "green tea" in str(container.context.build(scope, None, 20, 20, "en").system_messages)

    container.forgetter.forget(scope, green)

    # The recent buffer no longer holds the source turn, so /v1/context cannot bring it back.
    assert [t.content for t in container.recent.get(scope, 50)] == ["我妈妈有高血压", "I like oolong tea"]
    context = str(container.context.build(scope, None, 20, 20, "en").system_messages)
    assert "green tea" not in context and "oolong tea" in context and "高血压" in context
    # Entity links: no quadruple, no ABOUT edge, and the entity nothing else references is gone.
    quads = container.adapters.graph.quadruples(scope.subject)
    assert green not in {q.memory_id for q in quads} and mother in {q.memory_id for q in quads}
    links = container.adapters.graph.run_read_only(
        "MATCH (m:Memory {id: $id})-[r]-(x) RETURN type(r) AS t ORDER BY t", {"id": green}, 100
    )
    assert {r["t"] for r in links} <= {"HAS_MEMORY", "APPLIED_TO"}
    entities = container.adapters.graph.run_read_only(
        "MATCH (e:Entity {subject: $s}) RETURN e.name AS name ORDER BY name", {"s": scope.subject}, 100
    )
    names = {r["name"] for r in entities}  # every turn also links what it mentions (parsers/entities.py)
    assert {"oolong tea", "高血压", "oolong"} <= names and not {"green tea", "green"} & names
    # Its vector is gone; the tombstone keeps no text; no node of the subject holds the words.
    assert not container.adapters.vectors.exists(scope.subject, green)
    tomb = container.adapters.graph.get(scope.subject, green)
    assert tomb is not None and tomb.status == MemoryStatus.FORGOTTEN
    assert (tomb.summary, tomb.text, tomb.context, tomb.slots, tomb.relations) == ("", "", "", {}, [])
    assert "green tea" not in subject_graph_text(container, scope)
    assert "green tea" not in _query_stats(settings)  # collected query parameters are cleared too


def test_forgetting_an_archived_memory_deletes_every_archive_version(
    container: Container,
    settings: Settings,
    scope: SubjectScope,
) -> None:
    clock = FixedClock(datetime(2025, 3, 1, 9, 0, tzinfo=UTC))
    c = build(
        settings.model_copy(update={"lifecycle": LifecycleSettings(hot_set_cap=1)}),
        adapters=container.adapters,
        clock=clock,
    )
    ids = by_summary(write(c, scope, "s1", "I like green tea"))
    clock.advance(hours=1)
    write(c, scope, "s2", "我喜欢红茶")
    clock.advance(hours=1)
    assert c.lifecycle.run(tenant=scope.tenant)["archived"] == 1  # the older one goes to S3
    green = ids["User prefers green tea"]
    bucket, key = settings.s3.archive_bucket, archive_key(scope, green)
    body = c.adapters.blobs.get(bucket, key)
    c.adapters.blobs.put(bucket, key, body, hashlib.sha256(body).hexdigest())  # a second version
    assert c.adapters.blobs.versions(bucket, key) == 2

    c.forgetter.forget(scope, green)

    assert c.adapters.blobs.versions(bucket, key) == 0
    assert "green tea" not in subject_graph_text(c, scope)
    assert "green tea" not in str(c.recent.get(scope, 50))


def test_forget_request_removes_only_the_named_preference(container: Container, scope: SubjectScope) -> None:
    ids = by_summary(
        write(
            container,
            scope,
            "s1",
            "I like green tea",
            "I like black coffee",
            "I like oolong tea",
            "I love jasmine tea",
            "我喜欢绿茶",
            "我喜欢爬山",
            "I live in Berlin",
        )
    )
    out = write(container, scope, "s2", "forget that I like green tea")
    assert out.forgotten == [ids["User prefers green tea"]] and out.questions == []
    assert active_summaries(container, scope) == {
        "User prefers black coffee",
        "User prefers oolong tea",
        "User prefers jasmine tea",
        "用户喜欢绿茶",
        "用户喜欢爬山",
        "User city: Berlin",
    }
    zh = write(container, scope, "s3", "忘掉我喜欢绿茶这件事")
    assert zh.forgotten == [ids["用户喜欢绿茶"]]
    # "tea" names two memories: a question with both candidates, and nothing is deleted.
    vague = write(container, scope, "s4", "forget that I like tea")
    assert vague.forgotten == [] and len(vague.questions) == 1 and "oolong tea" in vague.questions[0]
    assert {c["id"] for c in vague.forget_candidates} == {
        ids["User prefers oolong tea"],
        ids["User prefers jasmine tea"],
    }
    assert len(active_summaries(container, scope)) == 5
    # The forget requests' own words never enter the recent buffer.
    assert not any("forget" in t.content or "忘掉" in t.content for t in container.recent.get(scope, 50))
    confirmed = container.forgetter.confirm_ids(scope, [c["id"] for c in vague.forget_candidates])
    assert len(confirmed) == 2
    assert active_summaries(container, scope) == {"User prefers black coffee", "用户喜欢爬山", "User city: Berlin"}


def test_a_kind_with_several_memories_is_asked_about_not_wiped(container: Container, scope: SubjectScope) -> None:
    write(container, scope, "s1", "I live in Berlin", "my name is Anna Schmidt", "I work as a teacher")
    profile = {"User city: Berlin", "User name: Anna Schmidt", "User job: teacher"}
    olive = write(container, scope, "s2", "Delete the olive oil from my shopping list")  # "live" in "olive"
    assert olive.forgotten == [] and active_summaries(container, scope) >= profile
    wide = write(container, scope, "s3", "forget my address and name")
    assert wide.forgotten == [] and len(wide.questions) == 1
    assert {c["summary"] for c in wide.forget_candidates} == profile
    assert active_summaries(container, scope) >= profile


def test_ordinary_sentences_delete_nothing(container: Container, scope: SubjectScope) -> None:
    before = by_summary(
        write(
            container,
            scope,
            "s1",
            "I live in Berlin",
            "I like olive oil",
            "my name is Anna",
            "我喜欢绿茶",
            "我妈妈有高血压",
            "my budget is at most $900",
            "I like green tea",
        )
    )
    out = write(container, scope, "s2", *NOT_FORGET)
    assert out.forgotten == [] and out.forget_candidates == []
    statuses = {m.id: m.status for m in container.adapters.graph.list_memories(scope.subject, None, None, 0, 500)[0]}
    assert all(statuses[i] == MemoryStatus.ACTIVE for i in before.values()), statuses
