"""In-process embedding latency: `python -m bench.embed_latency BACKEND THREADS MEMSIM_FILE`.

50 questions one by one (40 MemDaily questions and one LoCoMo-style English question ten times),
then one batch of 32 Chinese messages. One process per setting: the OpenMP thread count is read
once, when the engine loads."""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

from mal.bootstrap import make_embedder
from mal.settings import EmbeddingSettings, Settings


def main() -> int:
    backend, threads, memsim = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
    settings = Settings(_env_file=None, embeddings=EmbeddingSettings(backend=backend, threads=threads))  # type: ignore[call-arg]
    embedder = make_embedder(settings)
    data = json.loads(memsim.read_text())
    questions = [t["question_list"][0]["question"] for t in data[:40]] + ["What did Caroline do last weekend?"] * 10
    embedder.embed_query(["warm up"])
    ms = []
    for question in questions:
        started = time.perf_counter()
        embedder.embed_query([question])
        ms.append((time.perf_counter() - started) * 1000)
    texts = [m["message"] for t in data[:8] for m in t["message_list"]][:32]
    started = time.perf_counter()
    embedder.embed_passages(texts)
    rate = len(texts) / (time.perf_counter() - started)
    print(
        f"{backend} threads={threads}: query p50 {statistics.median(ms):.1f} ms, batch-{len(texts)} {rate:.0f} texts/s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
