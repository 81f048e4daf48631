"""`python -m bench.locomo_parser`: the parser on real conversation turns it was not written for.

Every turn of the ten LoCoMo conversations (../shared/bench/locomo10.json) is parsed as a user
turn, session time from its session date. Reports facts per 100 turns per kind and the share of
turns classed request / smalltalk / episode, and draws a fixed-seed random sample of 100 extracted
facts (not episodes) into bench/results/locomo_parser_sample.jsonl for judging by hand. Judgements
are kept in the same file (`judgement`: correct / wrong, `why`); re-running keeps existing
judgements for facts drawn again, so the sample file is the record.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

import parsers

DATA = Path(__file__).resolve().parents[2] / "shared" / "bench" / "locomo10.json"
RESULTS = Path(__file__).resolve().parent / "results"
SAMPLE = RESULTS / "locomo_parser_sample.jsonl"
SEED = 11


def _when(text: str) -> datetime:
    """LoCoMo dates look like '1:56 pm on 8 May, 2023'."""
    m = re.search(r"(\d{1,2}) (\w+),? (\d{4})", text or "")
    if not m:
        return datetime(2023, 1, 1, 12)
    try:
        return datetime.strptime(f"{m.group(1)} {m.group(2)} {m.group(3)}", "%d %B %Y").replace(hour=12)
    except ValueError:
        return datetime(2023, 1, 1, 12)


def turns(path: Path = DATA) -> list[tuple[str, str, datetime]]:
    out: list[tuple[str, str, datetime]] = []
    for sample in json.loads(path.read_text()):
        conv = sample["conversation"]
        for key, value in conv.items():
            if re.fullmatch(r"session_\d+", key) and isinstance(value, list):
                now = _when(conv.get(f"{key}_date_time", ""))
                out += [(t["dia_id"], t["text"], now) for t in value if t.get("text")]
    return out


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("--size", type=int, default=100)
    args.add_argument("--tag", default="", help="suffix for the result files, to keep a judged sample")
    opts = args.parse_args(argv)
    sample_path = SAMPLE.with_name(f"locomo_parser_sample{opts.tag}.jsonl")
    rows = turns()
    kinds: Counter[str] = Counter()
    classes: Counter[str] = Counter()
    facts: list[dict[str, Any]] = []
    for ref, text, now in rows:
        result = parsers.parse(text, now)
        classes[result.intent] += 1
        for fact in result.facts:
            if fact.kind == "episode":
                continue
            kinds[fact.kind] += 1
            facts.append({"ref": ref, "text": text, "kind": fact.kind, "slots": fact.slots, "summary": fact.summary})
    n = len(rows)
    summary = {
        "turns": n,
        "facts": len(facts),
        "facts_per_100_turns": round(100 * len(facts) / n, 2),
        "facts_per_100_turns_by_kind": {k: round(100 * v / n, 2) for k, v in kinds.most_common()},
        "turn_classes_per_100_turns": {k: round(100 * v / n, 2) for k, v in classes.most_common()},
    }
    old = {}
    if sample_path.exists():
        for line in sample_path.read_text().splitlines():
            row = json.loads(line)
            old[(row["ref"], row["kind"], json.dumps(row["slots"], sort_keys=True))] = row
    drawn = random.Random(SEED).sample(facts, min(opts.size, len(facts)))
    lines = []
    for fact in drawn:
        key = (fact["ref"], fact["kind"], json.dumps(fact["slots"], sort_keys=True, default=str))
        kept = old.get(key, {})
        fact["slots"] = json.loads(json.dumps(fact["slots"], default=str))
        lines.append({**fact, "judgement": kept.get("judgement"), "why": kept.get("why", "")})
    judged = [r for r in lines if r["judgement"]]
    if judged:
        correct = sum(r["judgement"] == "correct" for r in judged)
        summary["sample_judged"] = len(judged)
        summary["sample_precision"] = round(correct / len(judged), 3)
    RESULTS.mkdir(exist_ok=True)
    sample_path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in lines))
    (RESULTS / f"locomo_parser{opts.tag}.json").write_text(json.dumps(summary, indent=2))
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
