"""Self-attack of the analyst statement budget (docs/benchmarks.md, "Analyst query budget").

For each statement: the guard's verdict (mal/cypher_guard.py + mal/cypher_limits.py); a statement
the guard allows is run as the Neo4j admin with a 10 s transaction timeout and timed, with
`RETURN 1` as the baseline of the same run. Only statements that finish on their own are listed
(anything that ran on inside one expression would pin a core until Neo4j restarts).

    .venv/bin/python -m bench.analyst_budget      # against the stack of this checkout (.env)
"""

from __future__ import annotations

import time

import neo4j

from mal.cypher_guard import guard
from mal.errors import InvalidInput
from mal.settings import Settings

DOUBLE6 = "WITH $s AS s " + "WITH s + s AS s " * 6
STATEMENTS = [
    "RETURN 1 AS n",
    DOUBLE6 + "RETURN size(split(s, '')) AS n",
    DOUBLE6 + "RETURN size(replace(s, 'a', '')) AS n",
    "WITH $s AS s " + "WITH s + s AS s " * 8 + "RETURN size(split(s, '')) AS n",
    "RETURN size([x IN range(1, 10000) | size(split('" + "a" * 999 + "', ''))]) AS n",
    "RETURN size([x IN range(1, 10000) | size(split('" + "a" * 499 + "', ''))]) AS n",
    "RETURN size([x IN range(1, 10000) | [y IN range(1, 10) | size(split($s, ''))]]) AS n",
    "WITH range(1, 10000) AS l " + "WITH l + l AS l " * 6 + "RETURN size(reverse(l)) AS n",
    "MATCH (m:Memory) WITH collect(m.id) AS c RETURN size([x IN c WHERE x IN c]) AS n",
    "UNWIND range(1, 10000) AS a RETURN count(*) AS n",
]


def main() -> None:
    s = Settings().neo4j
    params = {"s": "a" * 10_000}
    with neo4j.GraphDatabase.driver(s.uri, auth=(s.user, s.password.get_secret_value())) as driver:
        for query in STATEMENTS:
            used = params if "$s" in query else {}
            try:
                guard(query, used, "bench", True)
            except InvalidInput as exc:
                print(f"refused         {query[:60]!r}: {str(exc)[16:100]}")
                continue
            started = time.monotonic()
            try:
                with driver.session() as session, session.begin_transaction(timeout=10) as tx:
                    tx.run(query, used).consume()
                outcome = "ok"
            except neo4j.exceptions.Neo4jError as exc:
                outcome = exc.code or "error"
            print(f"allowed {time.monotonic() - started:6.2f}s {query[:60]!r}: {outcome}")


if __name__ == "__main__":
    main()
