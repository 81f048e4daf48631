"""The cost half of the analyst guard: refuse statements that could do unbounded work inside ONE
expression, where Neo4j neither checks its transaction timeout nor tracks memory.

Why static limits at all: Neo4j checks timeouts and TERMINATE between rows, not inside expression
evaluation (measured: `reduce(s = "", x IN range(1, 2000000) | s + "...")` kept a core busy for
minutes after its transaction was marked terminated). So what one expression can do must be bounded
before it runs. The rules, all allow-lists (anything not named here is refused):

* functions: only those in `ALLOWED_FUNCTIONS` (plus the temporal/point namespaces), named in the
  refusal; `reduce()` (the only accumulator) and `=~` (regular-expression backtracking) are refused;
* `range()` takes integer literals or integer parameters, spanning at most `MAX_RANGE` values;
* iteration (list comprehension, quantifiers, pattern comprehension, UNWIND) over a source that is
  literal-bounded (range, list literal, list parameter) or data (a variable, property, collect(),
  nodes(p), ...); the product of the sizes of nested iterations is at most `MAX_ITERATION_WORK`,
  a data source counting as `DATA_GUESS`;
* growth operators (`+` on non-numbers, `replace()`, case mapping) multiply the size of a value; the
  product of their factors over the whole statement (a WITH chain applies each once per row) is at
  most `MAX_GROWTH`, and inside an iteration the factor times the iteration work is at most
  `MAX_GROWTH_STEPS`;
* expressions nest at most `MAX_DEPTH` deep; variable-length relationships need an upper bound of at
  most `MAX_HOPS` (except in `shortestPath`, a breadth-first search);
* the iteration work times the longest string/list literal or parameter (each step may scan one)
  is at most `MAX_STEP_WORK`;
* string parameters are at most `MAX_PARAM_CHARS` characters, list parameters `MAX_RANGE` items;
* inside an iteration, a variable bound outside it may only be read through a property (`x.name`):
  `[i IN c | c]` builds a list of lists (10^4 x 10^4 with no step counted) that a comparison,
  DISTINCT or ORDER BY then walks inside one expression; grown strings (`WITH s + s`) count with
  their growth in the steps x length rule.

See docs/security.md ("Known limits") for what these bounds leave and how they were measured.
"""

from __future__ import annotations

from typing import Any

from cypherast import ast as a

from mal.cypher_parse import refuse, walk

__all__ = ["ALLOWED_FUNCTIONS", "check_cost"]

MAX_RANGE = 10_000
MAX_ITERATION_WORK = 10_000
# Iteration steps times the longest string/list literal or parameter: each step may scan one.
MAX_STEP_WORK = 5_000_000
# Iteration steps times the growth factor of the statement's size-growing operators.
MAX_GROWTH_STEPS = 100_000
DATA_GUESS = 10_000
MAX_GROWTH = 64
MAX_DEPTH = 64
MAX_HOPS = 8
MAX_PARAM_CHARS = 10_000

# Lower-case names. Each one computes on its arguments in time linear in their size.
ALLOWED_FUNCTIONS = frozenset(
    name
    for group in (
        "avg collect count max min percentilecont percentiledisc stdev stdevp sum",  # aggregations
        "elementid endnode id keys labels length nodes properties relationships startnode type",  # graph
        "coalesce head last isempty nullif size tail reverse range timestamp valuetype",  # scalars, lists
        "toboolean tobooleanornull tobooleanlist tofloat tofloatornull tofloatlist tointeger",  # conversion
        "tointegerornull tointegerlist tostring tostringornull tostringlist",
        "abs ceil floor round sign isnan rand e exp log log10 sqrt pi sin cos tan asin acos atan atan2",
        "cot degrees radians haversin",  # numbers
        "left right ltrim rtrim trim btrim substring split replace lower upper tolower toupper",  # strings
        "char_length character_length",
        # temporal and spatial constructors (their namespaced forms are allowed by namespace)
        "date datetime localdatetime localtime time duration point distance",
    )
    for name in group.split(" ")
)
_NAMESPACES = frozenset({"date", "datetime", "localdatetime", "localtime", "time", "duration", "point"})
# Upper bound on how much one call can multiply the length of its largest argument. Case mapping
# can expand a character into three (e.g. U+0390 upper-cases to three code points).
_CASE_FACTOR = 3
_CASE_FUNCTIONS = frozenset({"lower", "upper", "tolower", "toupper"})
# Sources whose size is that of data already read (rows, properties, paths), not computed here.
_DATA_FUNCTIONS = frozenset({"collect", "keys", "labels", "nodes", "relationships", "tail", "reverse", "split"})
# Operations that scan a whole list each time: inside an iteration they are a nested iteration
# (`[x IN c WHERE x IN c]` is quadratic in one expression), unless the list is a literal.
_SCANS = frozenset({"reverse", "tail"})


def _name(node: a.FunctionCall) -> str:
    return str(node.name).lower()


def _children(node: a.AstNode) -> list[a.AstNode]:
    out: list[a.AstNode] = []
    for value in node.args.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, a.AstNode):
                out.append(item)
            elif isinstance(item, tuple):
                out.extend(x for x in item if isinstance(x, a.AstNode))
    return out


def _int(node: a.AstNode | None, params: dict[str, Any]) -> int | None:
    if isinstance(node, a.Integer):
        return int(node.this)
    if isinstance(node, a.Neg):
        inner = _int(node.this, params)
        return None if inner is None else -inner
    if isinstance(node, a.Parameter):
        value = params.get(str(node.name))
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _range_size(node: a.FunctionCall, params: dict[str, Any]) -> int:
    args = [_int(x, params) for x in node.expressions]
    if not 2 <= len(args) <= 3 or any(x is None for x in args):
        raise refuse("range() takes integer literals or integer parameters")
    start, end = args[0], args[1]
    step = args[2] if len(args) == 3 else 1
    assert start is not None and end is not None and step is not None
    if step == 0:
        raise refuse("range() step must not be 0")
    size = max(0, (end - start) // step + 1)
    if size > MAX_RANGE:
        raise refuse(f"range() spans {size} values; at most {MAX_RANGE} (narrow it, or match the data instead)")
    return size


def _size(node: a.AstNode, params: dict[str, Any]) -> int:
    """Upper bound on the number of items a list source yields (DATA_GUESS for data)."""
    if isinstance(node, a.FunctionCall) and _name(node) == "range":
        return _range_size(node, params)
    if isinstance(node, a.List):
        return len(node.expressions)
    if isinstance(node, a.Parameter):
        value = params.get(str(node.name))
        return len(value) if isinstance(value, list) else 1
    if isinstance(node, a.ListComprehension):
        return _size(node.source, params)
    if isinstance(node, a.Add):
        return min(DATA_GUESS, _size(node.this, params) + _size(node.expression, params))
    if isinstance(node, (a.Identifier, a.Property, a.PatternComprehension, a.ListSlice, a.ListSubscript)):
        return DATA_GUESS
    if isinstance(node, a.FunctionCall) and _name(node) in _DATA_FUNCTIONS:
        return DATA_GUESS
    if isinstance(node, (a.Case, a.Coalesce, a.Null)):
        return DATA_GUESS
    raise refuse(f"iterating over {type(node).__name__} is not allowed; iterate over data, a list or range()")


def _numeric(node: a.AstNode) -> bool:
    return isinstance(node, (a.Integer, a.Float)) or (isinstance(node, a.Neg) and _numeric(node.this))


def _growth(node: a.AstNode, params: dict[str, Any]) -> int:
    """How much this one operator can multiply the size of a value (1: it cannot grow it)."""
    if isinstance(node, a.Add) and not (_numeric(node.this) or _numeric(node.expression)):
        return 2
    if isinstance(node, a.FunctionCall):
        name = _name(node)
        if name in _CASE_FUNCTIONS:
            return _CASE_FACTOR
        if name == "replace":
            if len(node.expressions) != 3:
                raise refuse("replace() takes three arguments")
            new = node.expressions[2]
            text = params.get(str(new.name)) if isinstance(new, a.Parameter) else getattr(new, "this", None)
            if not isinstance(new, (a.String, a.Parameter)) or not isinstance(text, str):
                raise refuse("replace() needs a literal or parameter string as its replacement")
            return len(text) + 1
    return 1


def _check_node(node: a.AstNode) -> None:
    if isinstance(node, a.FunctionCall):
        name = _name(node)
        if "." in name:
            if name.split(".")[0] not in _NAMESPACES:
                raise refuse(f"function {node.name} is not allowed")
        elif name not in ALLOWED_FUNCTIONS:
            raise refuse(f"function {node.name}() is not allowed (see docs/schema.md, Analyst access)")
    elif isinstance(node, a.ListLambda):
        raise refuse(f"{node.name}() is not allowed; use a list comprehension or aggregate rows")
    elif isinstance(node, a.RegexMatch):
        raise refuse("=~ (regular expressions) is not allowed; use STARTS WITH, ENDS WITH or CONTAINS")
    elif isinstance(node, a.RelationshipPattern) and node.variable_length:
        top = node.max_hops
        if top is None or int(top) > MAX_HOPS:
            raise refuse(f"a variable-length relationship needs an upper bound of at most {MAX_HOPS}, e.g. -[*1..3]-")
    elif isinstance(node, a.QuantifiedPath):
        top = node.max_hops
        if top is None or int(top) > MAX_HOPS:
            raise refuse(f"a quantified path needs an upper bound of at most {MAX_HOPS}")


def _longest(root: a.AstNode, params: dict[str, Any]) -> int:
    """The longest literal string/list or parameter value a step of an iteration could scan."""
    sizes = [len(v) for v in params.values() if isinstance(v, (str, list, dict))]
    for node in walk(root):
        if isinstance(node, a.String):
            sizes.append(len(str(node.this)))
        elif isinstance(node, a.List):
            sizes.append(len(node.expressions))
    return max(sizes, default=0)


class _Cost:
    def __init__(self, params: dict[str, Any], longest: int) -> None:
        self.params = params
        self.growth = 1
        self.longest = longest

    def visit(
        self, node: a.AstNode, depth: int, work: int, in_shortest: bool, local: frozenset[str] = frozenset()
    ) -> None:
        if depth > MAX_DEPTH:
            raise refuse(f"the statement nests deeper than {MAX_DEPTH} levels")
        if isinstance(node, a.RelationshipPattern) and node.variable_length and in_shortest and node.max_hops is None:
            pass  # shortestPath is a breadth-first search; unbounded is fine there
        else:
            _check_node(node)
        if isinstance(node, a.FunctionCall) and _name(node) == "range":
            if work * _range_size(node, self.params) > MAX_ITERATION_WORK:
                raise refuse("range() inside a large iteration; build the list once, outside it")
        factor = _growth(node, self.params)
        if factor > 1:
            self.growth *= factor
            if self.growth > MAX_GROWTH:
                raise refuse(
                    f"too many size-growing operations (+, replace(), case mapping) in one statement; "
                    f"their combined factor may be at most {MAX_GROWTH}"
                )
            if work > 1 and work * self.growth > MAX_GROWTH_STEPS:
                raise refuse("a growing operation (+, replace(), case mapping) inside a large iteration")
        if work > 1:
            self._scan(node, work, local)
        shortest = in_shortest or (isinstance(node, a.ShortestPath) and not node.all_)
        for child in _children(node):
            inner, bound = work, local
            if isinstance(node, (a.ListComprehension, a.Quantifier)) and child is not node.source:
                inner = work * _size(node.source, self.params)
                bound = local | _bound(getattr(node, "variable", None))
            elif isinstance(node, a.PatternComprehension):
                bound = local | _bound(node.pattern) | _bound(getattr(node, "variable", None))
                if child is not node.pattern:
                    inner = work * DATA_GUESS
            if inner > MAX_ITERATION_WORK:
                raise refuse(
                    f"nested iterations could take about {inner} steps inside one expression; "
                    f"at most {MAX_ITERATION_WORK}"
                )
            if inner > 1 and inner * self.longest * self.growth > MAX_STEP_WORK:
                raise refuse(
                    f"a {self.longest}-long literal or parameter inside an iteration of about {inner} steps; "
                    f"shorten one of them (steps x length at most {MAX_STEP_WORK})"
                )
            self.visit(child, depth + 1, inner, shortest, bound)
        if isinstance(node, a.Unwind):
            _size(node.expression, self.params)

    def _scan(self, node: a.AstNode, work: int, local: frozenset[str]) -> None:
        if isinstance(node, a.Identifier) and str(node.this) not in local and not _read_through(node):
            raise refuse(
                f"inside an iteration, the outer variable {node.this!s} may only be read through a property "
                f"({node.this!s}.name): copying a whole value at every step multiplies its size"
            )
        scanned: a.AstNode | None = None
        if isinstance(node, a.In):
            scanned = node.expression
        elif isinstance(node, a.ListSlice) or (isinstance(node, a.FunctionCall) and _name(node) in _SCANS):
            scanned = node.this if isinstance(node, a.ListSlice) else (node.expressions or [None])[0]
        if scanned is None or isinstance(scanned, (a.List, a.Parameter, a.String)):
            return
        if work * DATA_GUESS > MAX_ITERATION_WORK:
            raise refuse(
                "IN, a slice, reverse() or tail() over a list variable inside an iteration scans the whole "
                "list at every step; compare against a literal list or a parameter, or match the data instead"
            )


def _bound(node: a.AstNode | None) -> frozenset[str]:
    """Variables an iteration binds (its own variable, its pattern's names)."""
    if node is None:
        return frozenset()
    return frozenset(str(n.this) for n in walk(node) if isinstance(n, a.Identifier))


def _read_through(node: a.Identifier) -> bool:
    """`x.name`, a label test or a pattern: the whole value of x is not copied."""
    parent = getattr(node, "parent", None)
    return isinstance(parent, (a.Property, a.NodePattern, a.RelationshipPattern, a.LabelPredicate, a.PathPattern))


def _check_params(params: dict[str, Any]) -> None:
    for name, value in params.items():
        if isinstance(value, str) and len(value) > MAX_PARAM_CHARS:
            raise refuse(f"parameter ${name} has more than {MAX_PARAM_CHARS} characters")
        if isinstance(value, (list, dict)) and len(value) > MAX_RANGE:
            raise refuse(f"parameter ${name} has more than {MAX_RANGE} items")
        items = value if isinstance(value, list) else list(value.values()) if isinstance(value, dict) else []
        for item in items:
            _check_params({name: item})


def check_cost(root: a.AstNode, params: dict[str, Any]) -> None:
    """Refuse (400 naming the rule) a statement that could do unbounded work in one expression."""
    _check_params(params)
    _Cost(params, _longest(root, params)).visit(root, 0, 1, False)
