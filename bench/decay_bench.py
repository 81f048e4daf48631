"""`python -m bench.decay_bench [N]`: how long `mal decay run` takes per 10,000 memories.

Seeds N memories (default 10,000) over 100 subjects in a fresh tenant, with ages and domains
spread so that the policy archives a realistic share, then times, in the same run:
a dry run (scan and plan only: the baseline), the real run (persist decay + archive to S3),
and a second real run (idempotent: nothing left to do)."""

from __future__ import annotations

import json
import math
import platform
import random
import secrets
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tqdm import tqdm

from mal.bootstrap import build
from mal.clock import FixedClock
from mal.models import Entity, Memory, Relation
from mal.scope import SubjectScope
from mal.settings import Settings

RESULTS = Path(__file__).resolve().parent / "results" / "decay.json"
SUBJECTS = 100
NOW = datetime(2026, 6, 1, tzinfo=UTC)


def _vector(rng: random.Random) -> list[float]:
    v = [rng.gauss(0, 1) for _ in range(384)]
    n = math.sqrt(sum(x * x for x in v))
    return [x / n for x in v]


def seed(container, tenant: str, total: int, rng: random.Random) -> None:
    graph, vectors = container.adapters.graph, container.adapters.vectors
    per = total // SUBJECTS
    for s in tqdm(range(SUBJECTS), desc="seeding subjects", unit="subject"):
        scope = SubjectScope(tenant, secrets.token_hex(32))
        graph.ensure_subject(scope.subject, tenant, NOW)
        batch = []
        for i in range(per):
            age = rng.choice([1, 5, 20, 40, 60, 100, 200])
            at = NOW - timedelta(days=age)
            domain = rng.choice(["general", "general", "finance", "education"])
            memory = Memory(
                id=str(__import__("uuid").uuid4()),
                kind="preference",
                summary=f"User prefers item {s}-{i}",
                text=f"I like item {s}-{i}",
                slots={"item": f"item {s}-{i}", "polarity": "like"},
                relations=[Relation(type="PREFERS", entity=Entity(name=f"item {s}-{i}", type="topic"), at=at)],
                domain=domain,
                weight=rng.choice([1.0, 1.25, 2.0]),
                created_at=at,
                updated_at=at,
                last_reinforced=at,
                last_accessed=at + timedelta(days=rng.choice([0, age // 2])),
            )
            graph.upsert(scope.subject, memory, indexed=True)
            batch.append((memory, _vector(rng)))
        vectors.insert_many(scope.subject, batch)


def main() -> int:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    rng = random.Random(7)
    settings = Settings()
    clock = FixedClock(NOW)
    container = build(settings, clock=clock)
    container.ensure_schema()
    tenant = "bench-decay-" + secrets.token_hex(3)
    started = time.perf_counter()
    seed(container, tenant, total, rng)
    seeded_s = time.perf_counter() - started
    runs = {}
    for name, dry in (("dry_run_baseline", True), ("real_run", False), ("second_run", False)):
        t = time.perf_counter()
        summary = container.lifecycle.run(tenant=tenant, dry_run=dry, progress=True)
        runs[name] = {"seconds": round(time.perf_counter() - t, 2), **summary}
        print(name, json.dumps(runs[name]))
    per_10k = {k: round(v["seconds"] * 10_000 / total, 1) for k, v in runs.items()}
    archived = runs["real_run"]["archived"]
    result = {
        "command": f"python -m bench.decay_bench {total}",
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.node()} {platform.machine()}, 2 cores",
        "memories": total,
        "subjects": SUBJECTS,
        "seeding_seconds": round(seeded_s, 1),
        "runs": runs,
        "seconds_per_10k": per_10k,
        "real_over_dry_ratio": round(runs["real_run"]["seconds"] / max(runs["dry_run_baseline"]["seconds"], 1e-9), 2),
        "archive_ms_per_memory": round(
            1000 * (runs["real_run"]["seconds"] - runs["dry_run_baseline"]["seconds"]) / max(archived, 1), 1
        ),
    }
    RESULTS.parent.mkdir(exist_ok=True)
    # The 10,000-memory run is the reference file; shorter runs (e.g. 2,000) keep their own.
    (RESULTS if total == 10_000 else RESULTS.with_name(f"decay_{total}.json")).write_text(json.dumps(result, indent=2))
    print(json.dumps({k: result[k] for k in ("seconds_per_10k", "real_over_dry_ratio", "archive_ms_per_memory")}))
    container.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
