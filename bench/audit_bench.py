"""What the audit chain costs a search (real stack): the request-path part (`record()`, a buffer
append) and the flush that runs off the request path (one Neo4j transaction per tenant per
second), measured against the latency of a real search in the same run.

    python -m infra.stack with -- python -m bench.audit_bench [--searches 200] [--events 2000]
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import sys
import time

from mal.audit_chain import AuditRecorder
from mal.bootstrap import build
from mal.clock import SystemClock
from mal.scope import SubjectScope
from mal.settings import Settings
from mal.writing import CaptureRequest


def _ms(samples: list[float]) -> str:
    p95 = sorted(samples)[int(len(samples) * 0.95)]
    return f"median {statistics.median(samples) * 1000:.3f} ms, p95 {p95 * 1000:.3f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--searches", type=int, default=200)
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=50, help="events per flush (searches per second it stands for)")
    args = parser.parse_args(argv)
    c = build(Settings())
    c.ensure_schema()
    scope = SubjectScope(f"bench-{secrets.token_hex(4)}", secrets.token_hex(32))
    turns = [{"role": "user", "content": t} for t in ("我喜欢喝绿茶", "I prefer window seats", "预算500以内")]
    c.writer.capture(scope, CaptureRequest(session_id="s1", turns=turns))
    queries = ["绿茶", "seats", "预算", "what do I like"]
    for q in queries:  # warm the model and the stores
        c.retriever.search(scope, q, touch=False)

    searches: list[float] = []
    for i in range(args.searches):
        started = time.perf_counter()
        c.retriever.search(scope, queries[i % len(queries)], touch=False)
        searches.append(time.perf_counter() - started)

    recorder = AuditRecorder(c.adapters.graph, c.adapters.blobs, SystemClock(), c.settings.s3.export_bucket, 3600)
    ids = [f"m{i}" for i in range(5)]
    records: list[float] = []
    flushes: list[float] = []
    for i in range(args.events):
        started = time.perf_counter()
        recorder.record(scope.tenant, "search", "bench", scope.subject, ids, {"results": 5})
        records.append(time.perf_counter() - started)
        if (i + 1) % args.batch == 0:
            started = time.perf_counter()
            recorder.flush()
            flushes.append(time.perf_counter() - started)
    report = recorder.verify(scope.tenant)
    recorder.close()
    c.close()

    search_ms = statistics.median(searches) * 1000
    record_ms = statistics.median(records) * 1000
    flush_per_event_ms = statistics.median(flushes) * 1000 / args.batch
    print(f"search (no audit): {_ms(searches)} over {len(searches)}")
    print(f"record() on the request path: {_ms(records)} over {len(records)}")
    print(f"flush of {args.batch} events (one transaction, off the request path): {_ms(flushes)} over {len(flushes)}")
    print(f"request-path cost per search: {record_ms:.4f} ms = {record_ms / search_ms:.5%} of a search")
    print(f"store work per search (flush / events): {flush_per_event_ms:.3f} ms = {flush_per_event_ms / search_ms:.2%}")
    print(f"chain verified: ok={report.ok}, events={report.events}")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
