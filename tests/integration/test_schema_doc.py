"""The ten example queries in docs/schema.md run on a real database, through the analyst guard, and
answer sensibly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mal.bootstrap import Container
from mal.scope import SubjectScope
from mal.writing import CaptureRequest

pytestmark = pytest.mark.integration
DOC = Path(__file__).resolve().parents[2] / "docs" / "schema.md"


def _queries() -> list[str]:
    return re.findall(r"```cypher\n(.*?)```", DOC.read_text(), re.S)


def test_the_doc_has_ten_queries() -> None:
    assert len(_queries()) == 10


def test_every_example_query_runs_read_only_and_finds_the_seeded_facts(
    container: Container, scope: SubjectScope
) -> None:
    def say(session: str, *texts: str) -> None:
        container.writer.capture(
            scope,
            CaptureRequest(session_id=session, source="web", turns=[{"role": "user", "content": t} for t in texts]),
        )

    say(
        "s1",
        "我妈妈有高血压",
        "我爸爸有糖尿病",
        "帮我订明天下午3点从北京南到上海虹桥的高铁二等座，预算500以内",
        "预算500以内",
        "响应太慢了！！",
    )
    say("s2", "预算800以内")
    say("s3", "不对，是900不是500")
    # Through the analyst path an analyst of this tenant uses: guarded, as the analyst Neo4j user,
    # without analyst:raw, and with $tenant bound from the key rather than passed.
    assert container.analyst is not None
    results = [container.analyst.query(scope.tenant, False, q, {"k": scope.subject}, 100).rows for q in _queries()]
    family, active, quads, trips, superseded, disputed, feedback, counts, sources, audit = results
    assert {(r["condition"], r["relative"]) for r in family} == {("高血压", "mother"), ("糖尿病", "father")}
    assert len(active) >= 4 and all(r["summary"] for r in active)
    assert {"HAS_FAMILY_HISTORY", "HAS_TRAVEL_PLAN", "HAS_BUDGET", "GAVE_FEEDBACK"} <= {r["relation"] for r in quads}
    assert [(r["departure"], r["arrival"]) for r in trips] == [("北京南", "上海虹桥")]
    assert len(superseded) == 1 and superseded[0]["weight"] < 0.35
    assert [r["summary"] for r in disputed] == ["预算（总体）：不超过800元"]
    assert feedback and feedback[0]["sentiment"] == "frustrated"
    assert sum(r["memories"] for r in counts) == len(
        container.adapters.graph.list_memories(scope.subject, None, None, 0, 100)[0]
    )
    assert sources == [{"source": "web", "memories": sum(r["memories"] for r in counts), "quarantined": 0}]
    assert {"created", "disputed", "corrected", "demoted"} <= {r["type"] for r in audit}
