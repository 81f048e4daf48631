"""The graph side of analyst isolation (issue #9 items 1 and 3) on the real Neo4j: every node the app
writes carries its tenant, older nodes get it from the migration, and analysts run as a non-admin
Neo4j user in a read-only session."""

from __future__ import annotations

import secrets

import neo4j
import pytest

from mal.bootstrap import Container
from mal.errors import InvalidInput
from mal.scope import SubjectScope
from mal.settings import Settings
from mal.writing import CaptureRequest

pytestmark = pytest.mark.integration


def _admin(settings: Settings) -> neo4j.Driver:
    return neo4j.GraphDatabase.driver(
        settings.neo4j.uri, auth=(settings.neo4j.user, settings.neo4j.password.get_secret_value())
    )


def test_every_node_kind_the_app_writes_carries_the_tenant(
    container: Container, settings: Settings, scope: SubjectScope
) -> None:
    container.writer.capture(
        scope,
        CaptureRequest(
            session_id="s1",
            source="web",
            turns=[
                {"role": "user", "content": c}
                for c in (
                    "我妈妈有高血压",
                    "帮我订明天下午3点从北京南到上海虹桥的高铁二等座",
                    "响应太慢了！！",
                    "Yesterday my old friend and I walked along the river and talked for hours about school",
                )
            ],
        ),
    )
    container.writer.capture(
        scope, CaptureRequest(session_id="s2", source="web", turns=[{"role": "user", "content": "预算800以内"}])
    )
    with _admin(settings) as driver:
        rows = driver.execute_query(
            "MATCH (u:User {key: $k})-[*1..2]-(n) RETURN DISTINCT labels(n)[0] AS label, n.tenant AS tenant",
            k=scope.subject,
        ).records
    kinds = {(r["label"], r["tenant"]) for r in rows}
    assert {label for label, _ in kinds} >= {"Memory", "Entity", "AuditEvent", "RecentTurns", "WriteEvent"}
    assert {tenant for _, tenant in kinds} == {scope.tenant}, kinds


def test_migration_gives_older_nodes_their_users_tenant(container: Container, settings: Settings) -> None:
    tenant, subject = "t-" + secrets.token_hex(4), secrets.token_hex(32)
    with _admin(settings) as driver:
        driver.execute_query(
            "CREATE (u:User {key: $k, tenant: $t})-[:HAS_MEMORY]->(m:Memory {id: $id, subject: $k}), "
            "(u)-[:HAS_RECENT]->(:RecentTurns {subject: $k}), (u)-[:HAS_AUDIT]->(:AuditEvent {subject: $k}), "
            "(w:WriteEvent {id: $w, subject: $k})-[:APPLIED_TO]->(m)",
            k=subject,
            t=tenant,
            id=secrets.token_hex(8),
            w=secrets.token_hex(8),
        )
        container.adapters.graph.ensure_schema()
        container.adapters.graph.ensure_schema()  # idempotent
        rows = driver.execute_query(
            "MATCH (n) WHERE n.subject = $k RETURN labels(n)[0] AS label, n.tenant AS tenant", k=subject
        ).records
    assert sorted((r["label"], r["tenant"]) for r in rows) == sorted(
        (label, tenant) for label in ("AuditEvent", "Memory", "RecentTurns", "WriteEvent")
    )


def test_analysts_run_as_a_separate_user_in_a_read_only_session(container: Container, settings: Settings) -> None:
    neo = settings.neo4j
    assert container.analyst is not None and container.adapters.analyst is not None
    assert neo.analyst_user != neo.user
    with _admin(settings) as driver:
        users = {
            r["user"] for r in driver.execute_query("SHOW USERS YIELD user RETURN user", database_="system").records
        }
    assert neo.analyst_user in users
    with neo4j.GraphDatabase.driver(neo.uri, auth=(neo.analyst_user, neo.analyst_password.get_secret_value())) as d:
        d.verify_connectivity()
    label = "Hacked" + secrets.token_hex(3)
    # Even past the guard (straight to the runner), Neo4j itself refuses a write in this session.
    with pytest.raises(InvalidInput, match="read access mode"):
        container.adapters.analyst.run(f"CREATE (:{label})", {}, 10, 5.0, "t")
    with _admin(settings) as driver:
        assert driver.execute_query(f"MATCH (n:{label}) RETURN count(n) AS n").records[0]["n"] == 0


def test_a_rotated_analyst_password_is_applied_at_start_up(container: Container, settings: Settings) -> None:
    """ensure_analyst_user() re-keys the user when a login with the configured password fails."""
    neo = settings.neo4j
    with _admin(settings) as driver:
        driver.execute_query(
            "ALTER USER $u SET PASSWORD $p CHANGE NOT REQUIRED",
            u=neo.analyst_user,
            p="stale-" + secrets.token_hex(8),
            database_="system",
        )
    container.ensure_analyst_user()
    assert container.analyst is not None
    rows = container.analyst.query("t-x", False, "RETURN 1 AS one", {}, 10).rows
    assert rows == [{"one": 1}]
