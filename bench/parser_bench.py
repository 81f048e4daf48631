"""`make bench-parser`: intent accuracy, slot P/R/F1, invented values and latency per labelled set,
zh / en / mixed separately.

    python -m bench.parser_bench            development sets (labelled, heldout, dev2-4, the retired blind sets);
                                            -v lists errors
    python -m bench.parser_bench --sets labelled,dev2,dev3,dev4   only these development sets
    python -m bench.parser_bench --blind    the frozen blind set, aggregates only (never per item)
    python -m bench.parser_bench --blind-file PATH --label NOTE
                                            any other blind set (a new writer's), aggregates only,
                                            appended to bench/results/parser_blind_files.json

The blind set is scored once per parser change and never used to write rules: this script prints
and writes only aggregate numbers for it, whatever other flags say.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from bench.parser_eval import DATA, LANGS, Report, evaluate, load

RESULTS = Path(__file__).resolve().parent / "results"
DEV_SETS = {
    "labelled": DATA,
    "heldout": DATA.with_name("parser_heldout.jsonl"),
    "dev2": DATA.with_name("parser_dev2.jsonl"),
    "dev3": DATA.with_name("parser_dev3.jsonl"),
    "dev4": DATA.with_name("parser_dev4.jsonl"),
    # retired blind sets: their first blind scores are recorded in docs/benchmarks.md; development data now
    "retired_blind": DATA.with_name("parser_blind.jsonl"),
    "retired_blind3": DATA.with_name("parser_blind3.jsonl"),
    "retired_blind4": DATA.with_name("parser_blind4.jsonl"),
    "retired_blind5": DATA.with_name("parser_blind5.jsonl"),
    "retired_blind6": DATA.with_name("parser_blind6.jsonl"),
    "retired_blind7": DATA.with_name("parser_blind7.jsonl"),
    "retired_blind8": DATA.with_name("parser_blind8.jsonl"),
    "retired_blind9": DATA.with_name("parser_blind9.jsonl"),
    "retired_blind10": DATA.with_name("parser_blind10.jsonl"),
    "retired_blind11": DATA.with_name("parser_blind11.jsonl"),
    "retired_blind12": DATA.with_name("parser_blind12.jsonl"),
    "retired_blind13": DATA.with_name("parser_blind13.jsonl"),
    "retired_blind14": DATA.with_name("parser_blind14.jsonl"),
    "retired_blind15": DATA.with_name("parser_blind15.jsonl"),
    "retired_blind16": DATA.with_name("parser_blind16.jsonl"),
    "retired_blind17": DATA.with_name("parser_blind17.jsonl"),
    "retired_blind18": DATA.with_name("parser_blind18.jsonl"),
    "retired_blind20": DATA.with_name("parser_blind20.jsonl"),
    "retired_blind21": DATA.with_name("parser_blind21.jsonl"),
    "retired_blind22": DATA.with_name("parser_blind22.jsonl"),
}
BLIND = DATA.with_name("parser_blind.jsonl")


def _table(title: str, summary: dict[str, Any]) -> Table:
    table = Table(title=title)
    for column in ("slice", "n", "intent acc", "slot P", "slot R", "slot F1", "fact R", "fact P", "invented"):
        table.add_column(column)
    slices = [("all", summary)] + [(k, summary["by_lang"][k]) for k in LANGS if k in summary["by_lang"]]
    for name, s in slices:
        table.add_row(
            name,
            str(s["utterances"]),
            f"{s['intent_accuracy']:.3f}",
            f"{s['slot_precision']:.3f}",
            f"{s['slot_recall']:.3f}",
            f"{s['slot_f1']:.3f}",
            f"{s['fact_recall']:.3f}",
            f"{s['fact_precision']:.3f}",
            str(s["invented_values"]),
        )
    table.caption = (
        f"parse p50 / p95 {summary['latency_ms']['p50']:.2f} / {summary['latency_ms']['p95']:.2f} ms"
        f" (CPU {summary['cpu_ms']['p50']:.2f} / {summary['cpu_ms']['p95']:.2f} ms);"
        " targets: intent >= 0.92, slot F1 >= 0.90, 0 invented, p95 < 10 ms"
    )
    return table


def _errors(console: Console, report: Report) -> None:
    for text, gold, got in report.misses:
        console.print(f"[red]intent[/red] {gold} -> {got}: {text}")
    for text, key, gold, got in report.slot_errors:
        console.print(f"[yellow]slot[/yellow] {key}: {gold!r} -> {got!r}: {text}")
    for text, fake in report.invented:
        console.print(f"[magenta]invented[/magenta] {fake}: {text}")


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("--blind", action="store_true", help="score the frozen blind set, aggregates only")
    args.add_argument(
        "--blind-file", type=Path, help="score a blind set at this path, aggregates only (e.g. a new writer's set)"
    )
    args.add_argument("-v", "--verbose", action="store_true", help="list per-item errors (never for --blind)")
    args.add_argument("--sets", default="", help="comma-separated development set names (default: all)")
    args.add_argument("--label", default="", help="a note stored with a blind score (e.g. 'first blind score')")
    opts = args.parse_args(argv)
    console = Console(width=120)
    blind = opts.blind or opts.blind_file is not None
    if opts.blind_file is not None:
        if not opts.blind_file.exists():
            args.error(f"no such file: {opts.blind_file}")
        sets = {opts.blind_file.stem: opts.blind_file}
    elif opts.blind:
        sets = {"blind": BLIND}
    else:
        wanted = {n.strip() for n in opts.sets.split(",") if n.strip()} or set(DEV_SETS)
        if unknown := wanted - set(DEV_SETS):
            args.error(f"unknown sets: {', '.join(sorted(unknown))}")
        sets = {k: p for k, p in DEV_SETS.items() if p.exists() and k in wanted}
    command = "python -m bench.parser_bench" + (" --blind" if opts.blind else "")
    if opts.blind_file is not None:
        command += f" --blind-file {opts.blind_file.name}"
    out: dict[str, Any] = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.node()} {platform.machine()} python {platform.python_version()}",
        "command": command,
        "note": opts.label
        or (
            "blind set: scored once per parser change, aggregates only"
            if blind
            else "development scores: these sets were used to write rules and train the intent model"
        ),
        "sets": {},
    }
    for name, path in sets.items():
        rows = load(path)
        console.print(f"parsing {len(rows)} utterances from {path.name} ...")
        report = evaluate(rows)
        summary = report.as_dict()
        out["sets"][name] = summary
        console.print(_table(f"parser: {path.name}", summary))
        if opts.verbose and not blind:
            _errors(console, report)
    # A blind set's score is appended to its history file; nothing per item is ever written.
    name = "parser_blind_files.json" if opts.blind_file is not None else "parser_blind.json"
    target = RESULTS / (name if blind else "parser.json")
    RESULTS.mkdir(exist_ok=True)
    if blind and target.exists():
        history = json.loads(target.read_text())
        runs = history.get("runs", [])
    else:
        runs = []
    payload: Any = {"runs": [*runs, out]} if blind else out
    target.write_text(json.dumps(payload, indent=2, ensure_ascii=False))
    console.print(f"written {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
