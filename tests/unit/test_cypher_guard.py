"""The analyst statement guard without a database: what it refuses, how it rewrites, and that its
parser agrees with cypherast's own (so a cypherast upgrade that changes the grammar is noticed)."""

from __future__ import annotations

import re
from pathlib import Path

import cypherast
import pytest
from cypherast import ast as a

from mal.cypher_guard import _parse, guard
from mal.errors import InvalidInput

DOC = Path(__file__).resolve().parents[2] / "docs" / "schema.md"
DOC_QUERIES = re.findall(r"```cypher\n(.*?)```", DOC.read_text(), re.S)


def _pinned_everywhere(text: str) -> bool:
    nodes = [n for n in _parse(text).walk() if isinstance(n, a.NodePattern)]
    return bool(nodes) and all(
        isinstance(n.properties, a.Map)
        and any(
            k == "tenant" and isinstance(v, a.Parameter) and v.name in ("tenant", "__tenant")
            for k, v in n.properties.entries
        )
        for n in nodes
    )


@pytest.mark.parametrize("query", DOC_QUERIES)
def test_doc_queries_pass_and_every_node_is_pinned(query: str) -> None:
    for raw in (False, True):
        guarded = guard(query, {"k": "key"}, "t1", raw)
        assert _pinned_everywhere(guarded.text), guarded.text
        assert guarded.params == {"k": "key", "tenant": "t1", "__tenant": "t1"}


@pytest.mark.parametrize(
    "query,expected",
    [
        ("MATCH (n) RETURN n", "MATCH (n {tenant: $__tenant}) RETURN n"),
        (
            "MATCH ()-->(:Memory {kind: 'x'}) RETURN 1",
            "MATCH ( {tenant: $__tenant})-->(:Memory {tenant: $__tenant, kind: 'x'}) RETURN 1",
        ),
        (
            "MATCH (n:Memory WHERE n.weight > 1) RETURN n",
            "MATCH (n:Memory {tenant: $__tenant} WHERE n.weight > 1) RETURN n",
        ),
        ("MATCH (n:User {}) RETURN n", "MATCH (n:User {tenant: $__tenant}) RETURN n"),
        ("MATCH (u:User {tenant: $tenant}) RETURN u", "MATCH (u:User {tenant: $tenant}) RETURN u"),
        ("RETURN '(n)-->(m) MATCH (x)' AS s", "RETURN '(n)-->(m) MATCH (x)' AS s"),
        (
            "MATCH (`odd name`:`A B`) RETURN `odd name`.`x y`",
            "MATCH (`odd name`:`A B` {tenant: $__tenant}) RETURN `odd name`.`x y`",
        ),
        (
            "MATCH (m:Memory) RETURN m.`summary` AS s",
            "MATCH (m:Memory {tenant: $__tenant}) RETURN [__rv0 IN [m] | CASE WHEN __rv0.kind IN ['episode'] "
            "THEN null ELSE __rv0.summary END][0] AS s",
        ),
        (
            "MATCH (m:Memory) RETURN -size(m.summary) + 1 AS s",
            "MATCH (m:Memory {tenant: $__tenant}) RETURN -size([__rv0 IN [m] | CASE WHEN __rv0.kind IN ['episode'] "
            "THEN null ELSE __rv0.summary END][0]) + 1 AS s",
        ),
    ],
)
def test_rewrites(query: str, expected: str) -> None:
    assert guard(query, {}, "t1", raw=False).text == expected


def test_raw_scope_keeps_summary_as_written() -> None:
    assert (
        guard("MATCH (m:Memory) RETURN m.summary AS s, m.text AS t", {}, "t1", raw=True).text
        == "MATCH (m:Memory {tenant: $__tenant}) RETURN m.summary AS s, m.text AS t"
    )


@pytest.mark.parametrize(
    "query",
    [
        "CALL db.stats.retrieve('QUERIES')",
        "CALL dbms.listQueries()",
        "CALL dbms.killQuery('q')",
        "SHOW USERS",
        "SHOW SETTINGS",
        "TERMINATE TRANSACTIONS 'x'",
        "LOAD CSV FROM 'file:///etc/hostname' AS row RETURN row",
        "USE system MATCH (n) RETURN n",
        "CALL { MATCH (n) RETURN n } IN TRANSACTIONS RETURN n",
        "CREATE (n)",
        "MATCH (n) SET n.x = 1",
        "MATCH (n) DELETE n",
        "MERGE (n:X)",
        "MATCH (n) REMOVE n:X",
        "MATCH (n) FOREACH (x IN [1] | SET n.y = 1)",
        "EXPLAIN MATCH (n) RETURN n",
        "CYPHER 5 MATCH (n) RETURN n",
        "MATCH (n) RETURN n;",
        "RETURN 1 //\rMATCH (n) RETURN n",
        "MATCH (n) USING SCAN n:User RETURN n",
        "MATCH (n {tenant: 'other'}) RETURN n",
        "MATCH (n {tenant: $k}) RETURN n",
        "MATCH (__x) RETURN __x",
        "RETURN db.nameFromElementId('x')",
        "RETURN apoc.text.join(['a'], 'b')",
        "MATCH (n:$($l)) RETURN n",
        "RETURN extract(x IN [1] | x)",
        "MATCH (a)(()-->()){1,3}(b) RETURN b",
    ],
)
def test_refused(query: str) -> None:
    with pytest.raises(InvalidInput, match=r"^cypher refused") as err:
        guard(query, {"k": "x", "l": "User"}, "t1", raw=True)
    assert err.value.field == "query"


@pytest.mark.parametrize(
    "query",
    [
        "MATCH (m) RETURN m.text",
        "MATCH (m) RETURN m.context",
        "MATCH (r) RETURN r.turns_json",
        "MATCH (m) RETURN properties(m)",
        "MATCH (m) RETURN m{.*}",
        "MATCH (m) RETURN m{.summary}",
        "MATCH (m) RETURN m[$p]",
        "MATCH (m) RETURN m[$n]",
        "MATCH (m) UNWIND keys(m) AS k RETURN m[k]",
        "MATCH (m) RETURN m['text']",
        "MATCH (m) RETURN m['summary']",
        "MATCH (m {text: 'x'}) RETURN 1",
        "MATCH (m {summary: 'x'}) RETURN 1",
        "MATCH (m)-[r {text: 'x'}]->() RETURN 1",
    ],
)
def test_raw_text_needs_the_raw_scope(query: str) -> None:
    params = {"p": "text", "n": ["not", "an", "int"]}
    with pytest.raises(InvalidInput, match="analyst:raw"):
        guard(query, params, "t1", raw=False)
    guard(query, params, "t1", raw=True)  # the same statement is fine with the scope


def test_list_indexes_still_work_without_raw() -> None:
    for q, params in (
        ("RETURN [1, 2][0] AS x", {}),
        ("RETURN [1, 2][-1] AS x", {}),
        ("RETURN $l[$i] AS x", {"l": [1], "i": 0}),
        ("MATCH (m) RETURN m['kind'] AS k", {}),
        ("RETURN [1, 2, 3][1..] AS x", {}),
    ):
        guard(q, params, "t1", raw=False)


@pytest.mark.parametrize(
    "params,field",
    [
        ({"__tenant": "t2"}, "params.__tenant"),
        ({"tenant": "t2"}, "params.tenant"),
        ({"n": 2**64}, "params.n"),
        ({"n": [1, -(2**63) - 1]}, "params.n"),
        ({"s": "\ud800"}, "params.s"),
    ],
)
def test_bad_params(params: dict, field: str) -> None:
    with pytest.raises(InvalidInput) as err:
        guard("RETURN 1", params, "t1", raw=True)
    assert err.value.field == field


PARITY = [
    *DOC_QUERIES,
    "MATCH (u:User) WHERE EXISTS { MATCH (u)-->(m:Memory) } RETURN u",
    "MATCH (u:User) RETURN COUNT { (u)-->(:Memory) } AS c, [(u)-->(m) | m.summary] AS s",
    "MATCH p = shortestPath((a:User)-[*]-(b:Memory)) RETURN p, a.x.y, a[0], a[1..2], a:User",
    "CALL { MATCH (n) RETURN n } RETURN n UNION MATCH (n:X {a: [1, {b: 2}]}) RETURN n",
    "MATCH (m) RETURN m{.kind, x: m.id, y}, -m.w, (m.w) AS w",
]


@pytest.mark.parametrize("query", PARITY)
def test_span_parser_agrees_with_cypherast(query: str) -> None:
    assert _parse(query).cypher() == cypherast.parse_one(query, read="neo4j").cypher()
