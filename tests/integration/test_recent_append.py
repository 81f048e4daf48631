"""The recent-turns buffer's list form against the real Neo4j (issue #13): a buffer stored before
it (one JSON string for all turns) is still read, and the first capture after rewrites it in the
list form, keeping its turns."""

from __future__ import annotations

import json

import neo4j
import pytest

from mal.bootstrap import Container
from mal.scope import SubjectScope
from mal.writing import CaptureRequest

pytestmark = pytest.mark.integration


@pytest.mark.parametrize("text", ["I prefer Python", "我更喜欢 Python"], ids=["en", "zh"])
def test_a_buffer_in_the_older_form_is_read_and_converted_on_the_next_capture(
    container: Container, scope: SubjectScope, admin_driver: neo4j.Driver, text: str
) -> None:
    container.writer.capture(scope, CaptureRequest(session_id="s1", turns=[{"role": "user", "content": text}]))
    (old,) = container.adapters.graph.recent_turns(scope.subject)
    legacy = json.dumps([old.to_json()], ensure_ascii=False)
    admin_driver.execute_query(
        "MATCH (r:RecentTurns {subject: $s}) SET r.turns_json = $t REMOVE r.turn_keys", s=scope.subject, t=legacy
    )
    assert container.recent.get(scope, 10) == [old]
    again = container.writer.capture(
        scope, CaptureRequest(session_id="s2", turns=[{"role": "user", "content": text + "!"}])
    )
    assert again.recent_turns_kept == 2
    assert [t.session_id for t in container.recent.get(scope, 10)] == [old.session_id, "s2"]
    row = admin_driver.execute_query(
        "MATCH (r:RecentTurns {subject: $s}) RETURN r.turns_json AS t, r.turn_keys AS k", s=scope.subject
    ).records[0]
    assert isinstance(row["t"], list) and len(row["k"]) == 2
