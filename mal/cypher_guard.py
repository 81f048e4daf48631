"""The analyst statement guard: parse with a real Cypher parser, refuse what is not provably a
tenant-scoped read, and rewrite the rest so every node pattern carries `tenant: $__tenant`.

Why a parser and a rewrite rather than a regex or a curated query list: Neo4j Community has one
database and no roles, so the only place to confine an analyst to a tenant is the statement itself.
Every node of ours carries `tenant` and no relationship crosses tenants, so once every node pattern
(MATCH, OPTIONAL MATCH, pattern predicates and comprehensions, EXISTS/COUNT/CALL subqueries,
shortestPath, UNION parts) is pinned to `$__tenant`, every path it can match stays in the tenant.

The rewrite splices text into the analyst's own statement at positions the parser reports, instead of
re-rendering the tree (cypherast's renderer drops parentheses, which would change meaning). The
spliced statement is parsed again and checked before it runs (fail closed). Anything the parser
cannot read is refused. See docs/schema.md ("Analyst access") for the limits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cypherast import ast as a

from mal.cypher_limits import check_cost
from mal.cypher_parse import parse as _parse
from mal.cypher_parse import refuse as _refuse
from mal.cypher_parse import walk as _walk
from mal.errors import InvalidInput

__all__ = [
    "ALLOWED_PROCEDURES",
    "EPISODE_PROPERTIES",
    "RAW_PROPERTIES",
    "RAW_SUMMARY_KINDS",
    "GuardedQuery",
    "guard",
]

TENANT_PARAM = "__tenant"
# Raw turn text: never readable without `analyst:raw`, on any node. `variants` are merged turns'
# words and `variant_keys` their normalised forms (mal/variants.py).
RAW_PROPERTIES = frozenset({"text", "context", "turns_json", "variants", "variant_keys"})
# Readable, except on memories of these kinds, whose summary and slots ARE the raw turn.
EPISODE_PROPERTIES = frozenset({"summary", "slots_json"})
RAW_SUMMARY_KINDS = ("episode",)
# Schema introspection only: names of labels, types and keys, never values or statistics.
ALLOWED_PROCEDURES = frozenset(
    {
        "db.labels",
        "db.relationshipTypes",
        "db.propertyKeys",
        "db.schema.nodeTypeProperties",
        "db.schema.relTypeProperties",
    }
)
_INT64 = (-(2**63), 2**63 - 1)

# Every tree node the guard understands; anything else (writes, LOAD CSV, USE, FOREACH, admin
# commands, GQL-only clauses) is refused because it is not in this set.
_ALLOWED_NODES: tuple[type[a.AstNode], ...] = (
    a.Cypher,
    a.Query,
    a.Union,
    a.Match,
    a.Where,
    a.With,
    a.Return,
    a.Unwind,
    a.Order,
    a.Ordered,
    a.Skip,
    a.Limit,
    a.CallSubquery,
    a.CallProcedure,
    a.Yield,
    a.Pattern,
    a.PathPattern,
    a.NodePattern,
    a.RelationshipPattern,
    a.LabelExpression,
    a.ShortestPath,
    a.QuantifiedPath,
    a.Alias,
    a.Star,
    a.Identifier,
    a.Property,
    a.PropertySelector,
    a.Parameter,
    a.Null,
    a.Boolean,
    a.Integer,
    a.Float,
    a.String,
    a.List,
    a.ListSubscript,
    a.ListSlice,
    a.LabelPredicate,
    a.PatternPredicate,
    a.Map,
    a.MapProjection,
    a.Binary,
    a.Not,
    a.Neg,
    a.IsNull,
    a.FunctionCall,
    a.Coalesce,
    a.Case,
    a.ListComprehension,
    a.Quantifier,
    a.ListLambda,  # refused with its name by mal.cypher_limits
    a.PatternComprehension,
    a.CountSubquery,
)


@dataclass(frozen=True)
class GuardedQuery:
    text: str
    params: dict[str, Any]


def _map_keys(node: a.NodePattern | a.RelationshipPattern) -> list[str]:
    props = node.properties
    if props is None:
        return []
    if not isinstance(props, a.Map):
        raise _refuse("pattern properties must be a literal map")
    return [str(k) for k, _ in props.entries]


def _check_structure(root: a.AstNode) -> None:
    if root.version is not None:
        raise _refuse("a CYPHER version or option prefix is not allowed")
    for node in _walk(root):
        if not isinstance(node, _ALLOWED_NODES):
            raise _refuse(f"{type(node).__name__} is not a read; only MATCH ... RETURN queries are allowed")
        if isinstance(node, a.Match) and (node.hints or node.search):
            raise _refuse("planner hints and SEARCH are not allowed")
        if isinstance(node, a.CallSubquery) and (node.in_transactions or node.transaction_rows is not None):
            raise _refuse("CALL { } IN TRANSACTIONS is not allowed")
        if isinstance(node, a.CallProcedure) and node.name not in ALLOWED_PROCEDURES:
            raise _refuse(f"procedure {node.name} is not allowed (allowed: {', '.join(sorted(ALLOWED_PROCEDURES))})")
        if isinstance(node, a.Identifier) and str(node.this).startswith("__"):
            raise _refuse("names beginning with __ are reserved")
        if isinstance(node, a.LabelExpression) and node.expression and str(node.expression).startswith("$"):
            raise _refuse("dynamic labels are not allowed")


def _check_raw(root: a.AstNode, params: dict[str, Any]) -> None:
    """Without `analyst:raw`: no way to name a raw-text property, statically or dynamically."""
    hidden = RAW_PROPERTIES | EPISODE_PROPERTIES
    need = "needs the analyst:raw scope"
    for node in _walk(root):
        if isinstance(node, a.Property) and node.name in RAW_PROPERTIES:
            raise _refuse(f"reading .{node.name} (raw turn text) {need}")
        if isinstance(node, (a.NodePattern, a.RelationshipPattern)):
            bad = hidden.intersection(_map_keys(node))
            if bad:
                raise _refuse(f"matching on {', '.join(sorted(bad))} (raw turn text) {need}; use WHERE")
        if isinstance(node, a.FunctionCall) and str(node.name).lower() == "properties":
            raise _refuse(f"properties() {need}; name the properties you want")
        if isinstance(node, a.MapProjection):
            for entry in node.entries:
                if isinstance(entry, a.Star):
                    raise _refuse(f"map projection .* {need}; name the properties you want")
                if isinstance(entry, a.PropertySelector) and entry.name in hidden:
                    raise _refuse(f"projection .{entry.name} {need}; write {entry.name}: x.{entry.name}")
        if isinstance(node, a.ListSubscript):
            _check_subscript(node.index, params, hidden, need)


def _check_subscript(index: a.AstNode, params: dict[str, Any], hidden: frozenset[str], need: str) -> None:
    if isinstance(index, a.Integer) or (isinstance(index, a.Neg) and isinstance(index.this, a.Integer)):
        return
    if isinstance(index, a.String) and index.this not in hidden:
        return
    if isinstance(index, a.Parameter):
        value = params.get(str(index.name))
        if isinstance(value, int) or (isinstance(value, str) and value not in hidden):
            return
    raise _refuse(f"dynamic property access x[...] {need}; write x.name (a list index must be a number)")


def _tenant_edits(root: a.AstNode) -> list[tuple[int, int, str]]:
    """Every node pattern gets `tenant: $__tenant`; an analyst's own `tenant:` may only be $tenant."""
    edits: list[tuple[int, int, str]] = []
    for node in _walk(root):
        if not isinstance(node, a.NodePattern):
            continue
        props = node.properties
        if props is not None and not isinstance(props, a.Map):
            raise _refuse("pattern properties must be a literal map")
        own = [v for k, v in (props.entries if props is not None else []) if k == "tenant"]
        if own:
            if not all(isinstance(v, a.Parameter) and v.name in ("tenant", TENANT_PARAM) for v in own):
                raise _refuse("a node's tenant can only be $tenant: it is bound from your API key")
            continue
        at = node._insert_at
        if props is None:
            pin = f"{{tenant: ${TENANT_PARAM}}}"
            edits.append((at, at, f"{pin} " if node._before_where else f" {pin}"))
        else:
            edits.append((at + 1, at + 1, f"tenant: ${TENANT_PARAM}" + (", " if props.entries else "")))
    return edits


def _episode_edits(root: a.AstNode) -> list[tuple[int, int, str]]:
    """`x.summary` -> `[__rv IN [x] | CASE WHEN __rv.kind IN [...] THEN null ELSE __rv.summary END][0]`."""
    kinds = ", ".join(f"'{k}'" for k in RAW_SUMMARY_KINDS)
    edits: list[tuple[int, int, str]] = []
    for n, node in enumerate(x for x in _walk(root) if isinstance(x, a.Property) and x.name in EPISODE_PROPERTIES):
        start, dot, end = node._span
        var = f"__rv{n}"
        edits.append((start, start, f"[{var} IN ["))
        edits.append((dot, end, f"] | CASE WHEN {var}.kind IN [{kinds}] THEN null ELSE {var}.{node.name} END][0]"))
    return edits


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    # Stable sort by position, applied back to front: insertions at one offset keep their order.
    out = text
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        out = out[:start] + new + out[end:]
    return out


def _verify(text: str, raw: bool) -> None:
    """The spliced statement, parsed afresh, must be pinned everywhere (defence against our own bugs)."""
    root = _parse(text)
    _check_structure_after(root)
    for node in _walk(root):
        if isinstance(node, a.NodePattern):
            props = node.properties
            pinned = isinstance(props, a.Map) and any(
                k == "tenant" and isinstance(v, a.Parameter) and v.name in ("tenant", TENANT_PARAM)
                for k, v in props.entries
            )
            if not pinned:
                raise _refuse("the guard could not pin every node pattern to your tenant")
        if not raw and isinstance(node, a.Property) and node.name in EPISODE_PROPERTIES:
            if not (isinstance(node.this, a.Identifier) and str(node.this.this).startswith("__rv")):
                raise _refuse("the guard could not hide episode text")


def _check_structure_after(root: a.AstNode) -> None:
    for node in _walk(root):
        if not isinstance(node, _ALLOWED_NODES):
            raise _refuse("the rewritten statement is not a read")


def _check_params(params: dict[str, Any], tenant: str) -> dict[str, Any]:
    for name, value in params.items():
        if name.startswith("__"):
            raise InvalidInput("parameter names beginning with __ are reserved", field=f"params.{name}")
        if name == "tenant" and value != tenant:
            raise InvalidInput("$tenant is bound from your API key; leave it out", field="params.tenant")
        _check_value(value, f"params.{name}")
    return {**params, "tenant": tenant, TENANT_PARAM: tenant}


def _check_value(value: Any, where: str) -> None:
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return
    if isinstance(value, int):
        if not _INT64[0] <= value <= _INT64[1]:
            raise InvalidInput("integer parameter outside the 64-bit range", field=where)
    elif isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise InvalidInput("parameter is not valid Unicode (lone surrogate)", field=where) from exc
    elif isinstance(value, list):
        for item in value:
            _check_value(item, where)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_value(key, where)
            _check_value(item, where)
    else:
        raise InvalidInput(f"unsupported parameter type {type(value).__name__}", field=where)


def guard(query: str, params: dict[str, Any], tenant: str, raw: bool) -> GuardedQuery:
    """Refuse or rewrite an analyst statement; the result may run under the analyst Neo4j user."""
    bound = _check_params(params, tenant)
    # Neo4j ends a // comment at \r as well as \n; cypherast only at \n. One line ending for both.
    text = query.replace("\r\n", "\n").replace("\r", "\n")
    # The parser keeps "\u0074ext" as "u0074ext" where Neo4j reads "text": a unicode escape could
    # name a hidden property past the raw-text check. Analysts write the character itself.
    if re.search(r"\\[uU]", text):
        raise _refuse("unicode escapes (\\u, \\U) are not allowed in analyst queries; write the character")
    root = _parse(text)
    _check_structure(root)
    check_cost(root, params)  # functions, iteration and growth bounds: see mal/cypher_limits.py
    edits = _tenant_edits(root)
    if not raw:
        _check_raw(root, params)
        edits += _episode_edits(root)
    rewritten = _apply(text, edits)
    _verify(rewritten, raw)
    return GuardedQuery(rewritten, bound)
