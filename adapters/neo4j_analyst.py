"""Analyst Cypher runs here: a driver of its own, logged in as the non-admin analyst user, READ
access mode, one explicit transaction per query with the server-side timeout, never retried.

The statement arrives already guarded (mal/cypher_guard.py); this adapter adds the limits Neo4j
enforces itself (read-only session, transaction timeout, the server's transaction memory cap) and
turns driver values and errors into ours in one place.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import neo4j
from neo4j import GraphDatabase
from neo4j import exceptions as nx
from neo4j.graph import Node, Path, Relationship
from neo4j.spatial import Point

from mal.analyst import GraphNode, GraphPath, GraphRel, RunnerRows
from mal.errors import InvalidInput, QueryTimeout, QueryTooLarge, StoreUnavailable

__all__ = ["Neo4jAnalystRunner"]

_TIMEOUT_CODES = ("TransactionTimedOut", "Transaction.Terminated")
_TAG = "mal_analyst"
_SHOW_TAGGED = f"SHOW TRANSACTIONS YIELD transactionId AS id, metaData, status WHERE metaData.{_TAG} = $tag RETURN id"
_TERMINATE = "TERMINATE TRANSACTIONS $ids"
_MEMORY_CODES = ("MemoryPoolOutOfMemoryError", "TransactionOutOfMemoryError", "OutOfMemory", "MemoryLimit")


class Neo4jAnalystRunner:
    def __init__(
        self,
        uri: str,
        user: str,
        password: str,
        database: str = "neo4j",
        connect_timeout_s: float = 5.0,
        bookmarks: neo4j.BookmarkManager | None = None,
    ) -> None:
        """`bookmarks`: the graph store's manager, so an analyst query routed to a read member of a
        cluster sees every write the service made before it (read routing, causal consistency)."""
        self._database = database
        self._bookmarks = bookmarks
        self._driver = GraphDatabase.driver(
            uri,
            auth=(user, password),
            connection_timeout=connect_timeout_s,
            connection_acquisition_timeout=connect_timeout_s,
            max_transaction_retry_time=0,
            notifications_min_severity="OFF",
        )

    @contextmanager
    def _translate(self, timeout_s: float) -> Iterator[None]:
        try:
            yield
        except nx.AuthError as exc:
            raise StoreUnavailable("neo4j", "analyst user authentication failed") from exc
        except (nx.ServiceUnavailable, nx.SessionExpired, OSError) as exc:
            raise StoreUnavailable("neo4j", type(exc).__name__) from exc
        except nx.Neo4jError as exc:
            code = exc.code or ""
            if any(c in code for c in _TIMEOUT_CODES):
                raise QueryTimeout(
                    f"query stopped at the analyst timeout of {timeout_s:g} s "
                    "(MAL_NEO4J__ANALYST_TIMEOUT_S); narrow it or add a LIMIT",
                    field="query",
                ) from exc
            if any(c in code for c in _MEMORY_CODES):
                raise QueryTooLarge(
                    "query stopped at the transaction memory limit (db.memory.transaction.max); "
                    "narrow it or aggregate less",
                    field="query",
                ) from exc
            # Statement.ExecutionFailed is Neo4j's DatabaseError for errors the statement itself causes
            # (shortestPath of a node to itself, substring() out of range): the analyst's 4xx, not a 503.
            if isinstance(exc, nx.ClientError) or code.endswith("Statement.ExecutionFailed"):
                raise InvalidInput(f"cypher refused: {exc.message or code}", field="query") from exc
            raise StoreUnavailable("neo4j", code or type(exc).__name__) from exc
        except nx.BrokenRecordError as exc:
            # A value the driver cannot represent (e.g. a datetime beyond year 9999): the query's fault.
            raise InvalidInput(
                "cypher refused: the answer holds a value the API cannot represent "
                "(e.g. a date outside years 1-9999); convert it with toString()",
                field="query",
            ) from exc
        except nx.DriverError as exc:
            raise StoreUnavailable("neo4j", str(exc)[:200]) from exc

    def run(self, query: str, params: dict[str, Any], max_rows: int, timeout_s: float, tag: str) -> RunnerRows:
        rows: list[dict[str, Any]] = []
        truncated = False
        with (
            self._translate(timeout_s),
            self._driver.session(
                database=self._database,
                default_access_mode=neo4j.READ_ACCESS,
                fetch_size=max_rows + 1,
                bookmark_manager=self._bookmarks,
            ) as session,
        ):
            # An explicit transaction is never retried by the driver; the timeout is enforced by the server.
            # The tag lets terminate() find this transaction in SHOW TRANSACTIONS.
            with session.begin_transaction(timeout=timeout_s, metadata={_TAG: tag}) as tx:
                result = tx.run(query, params)
                for record in result:
                    if len(rows) >= max_rows:
                        truncated = True
                        break
                    rows.append({k: _value(v) for k, v in dict(record).items()})
                tx.rollback()
        return RunnerRows(rows, truncated)

    def terminate(self, tag: str) -> int:
        """TERMINATE the transactions marked `tag`. Neo4j Community has no roles, so the analyst
        user may show and terminate its own transactions; no admin credential is needed here.
        Termination is honoured between rows; work inside one expression runs on (see
        docs/security.md, known limits), which is why the guard bounds it statically."""
        with self._translate(0), self._driver.session(database=self._database) as session:
            ids = [r["id"] for r in session.run(_SHOW_TAGGED, tag=tag)]
            if ids:
                session.run(_TERMINATE, ids=ids).consume()
        return len(ids)

    def ready(self) -> None:
        """A fresh login (not a pooled connection), so a changed password shows up here."""
        with self._translate(0):
            if not self._driver.verify_authentication():
                raise StoreUnavailable("neo4j", "analyst user authentication failed")

    def close(self) -> None:
        self._driver.close()


def _value(value: Any) -> Any:
    """Driver values -> plain values; graph entities -> mal's graph types (checked and scrubbed there)."""
    if isinstance(value, Node):
        return GraphNode(tuple(value.labels), {k: _value(v) for k, v in value.items()})
    if isinstance(value, Relationship):
        return GraphRel(value.type, {k: _value(v) for k, v in value.items()})
    if isinstance(value, Path):
        return GraphPath(tuple(_value(n) for n in value.nodes), tuple(_value(r) for r in value.relationships))
    if isinstance(value, list):
        return [_value(v) for v in value]
    if isinstance(value, dict):
        return {k: _value(v) for k, v in value.items()}
    if hasattr(value, "iso_format"):
        return value.iso_format()
    if isinstance(value, Point):
        return {"srid": value.srid, "coordinates": list(value)}
    if isinstance(value, (bytes, bytearray)):
        return value.hex()
    return value
