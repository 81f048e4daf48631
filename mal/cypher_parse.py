"""The Cypher reading half of the analyst guard: cypherast's parser, extended to record where node
patterns and property lookups sit in the text (the guard splices its rewrite at those offsets), and a
walk over every node of the tree. Split from `mal.cypher_guard`, which decides what to refuse."""

from __future__ import annotations

from collections.abc import Iterable

from cypherast import ast as a
from cypherast.errors import CypherastError
from cypherast.lexer import Token, TokenKind
from cypherast.parser import Parser

from mal.errors import InvalidInput

__all__ = ["SpanParser", "parse", "refuse", "walk"]


def refuse(why: str) -> InvalidInput:
    """The one shape of a guard refusal: 400 naming the `query` field."""
    return InvalidInput(f"cypher refused: {why}", field="query")


def _token_end(source: str, tok: Token) -> int:
    start = tok.position.offset
    if source[start : start + 1] != "`":
        return start + len(tok.text)
    i = start + 1
    while i < len(source):
        if source[i] == "`":
            if source[i + 1 : i + 2] == "`":
                i += 2
                continue
            return i + 1
        i += 1
    return len(source)


class SpanParser(Parser):
    """cypherast's parser, recording where node patterns and property lookups are in the text."""

    def _last(self) -> Token:
        return self.tokens[self._i - 1]

    def parse_node_pattern(self) -> a.NodePattern:
        self._expect(TokenKind.LPAREN)
        variable = self.parse_variable() if self._check(TokenKind.IDENT) else None
        labels = self._parse_labels() if self._check(TokenKind.COLON) else None
        insert_at = self._peek().position.offset
        before_where = self._check(TokenKind.WHERE)
        properties = self.parse_map_literal() if self._check(TokenKind.LBRACE) else None
        where = None
        if self._match(TokenKind.WHERE):
            where = a.Where(this=self.parse_expression())
        self._expect(TokenKind.RPAREN)
        node = a.NodePattern(variable=variable, labels=labels, properties=properties, where=where)
        node._insert_at = insert_at  # the map's "{" when there is one, else where "{...}" goes
        node._before_where = before_where
        return node

    def parse_postfix(self) -> a.AstNode:
        start = self._peek().position.offset
        node = self.parse_primary()
        while True:
            if self._match(TokenKind.DOT):
                dot = self._last().position.offset
                name_tok = self._peek()
                node = a.Property(this=node, name=self._parse_unquoted_name())
                node._span = (start, dot, _token_end(self.source, name_tok))
                if self._check(TokenKind.LBRACE):
                    node = a.MapProjection(this=node, entries=self._parse_map_projection_entries())
            elif self._check(TokenKind.LBRACE) and isinstance(node, a.Identifier):
                node = a.MapProjection(this=node, entries=self._parse_map_projection_entries())
            elif self._match(TokenKind.LBRACKET):
                node = self._subscript(node)
            elif self._check(TokenKind.COLON) and isinstance(node, a.Identifier):
                node = a.LabelPredicate(this=node, labels=self._parse_labels())
            else:
                return node

    def _subscript(self, node: a.AstNode) -> a.AstNode:
        if self._match(TokenKind.DOTDOT):
            end = None if self._check(TokenKind.RBRACKET) else self.parse_expression()
            self._expect(TokenKind.RBRACKET)
            return a.ListSlice(this=node, start=None, end=end)
        first = self.parse_expression()
        if self._match(TokenKind.DOTDOT):
            end = None if self._check(TokenKind.RBRACKET) else self.parse_expression()
            self._expect(TokenKind.RBRACKET)
            return a.ListSlice(this=node, start=first, end=end)
        self._expect(TokenKind.RBRACKET)
        return a.ListSubscript(this=node, index=first)


def parse(text: str) -> a.AstNode:
    try:
        return SpanParser(text, dialect="neo4j").parse()
    except CypherastError as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise refuse(f"the guard could not parse it ({first[:200]}); only read queries are allowed") from exc
    except (RecursionError, ValueError) as exc:
        raise refuse("the guard could not parse it") from exc


def walk(root: a.AstNode) -> Iterable[a.AstNode]:
    """Every node, including those the generic walk misses (map values, map-projection entries)."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        for value in node.args.values():
            items = value if isinstance(value, list) else [value]
            for item in items:
                if isinstance(item, a.AstNode):
                    stack.append(item)
                elif isinstance(item, tuple):
                    stack.extend(x for x in item if isinstance(x, a.AstNode))
