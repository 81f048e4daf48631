"""Cost of the per-subject capture/erase lock (mal/subject_lock.py) against the running stack.

    python -m bench.subject_lock_bench [--subjects 60]

For each of N fresh subjects: take and release the lock (two Neo4j write transactions), then one
capture without it (the write path it guards), for the ratio; the subjects are erased afterwards.
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import sys
import time

from mal.bootstrap import build
from mal.scope import SubjectScope
from mal.settings import Settings
from mal.writing import CaptureRequest

TEXTS = ("I live in Lisbon and work as a nurse", "我对花生过敏，周末喜欢爬山")


def _p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--subjects", type=int, default=60)
    args = parser.parse_args(argv)
    container = build(Settings())
    container.ensure_schema()
    scopes = [SubjectScope("bench-subject-lock", secrets.token_hex(32)) for _ in range(args.subjects)]
    lock, capture = [], []
    try:
        for i, scope in enumerate(scopes):
            started = time.perf_counter()
            with container.subject_locks.hold(scope.subject):
                pass
            lock.append((time.perf_counter() - started) * 1000)
            request = CaptureRequest(session_id="s", turns=[{"role": "user", "content": TEXTS[i % 2]}])
            started = time.perf_counter()
            container.writer.capture(scope, request)
            capture.append((time.perf_counter() - started) * 1000)
    finally:
        for scope in scopes:
            container.forgetter.erase(scope)
        container.close()
    print(
        f"lock+unlock p50 {statistics.median(lock):.1f} ms p95 {_p95(lock):.1f} ms; "
        f"capture without it p50 {statistics.median(capture):.1f} ms p95 {_p95(capture):.1f} ms; "
        f"ratio of medians {statistics.median(lock) / statistics.median(capture):.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
