"""Level 3 identity proposals on text we did not write: LoCoMo's speakers as anonymous devices.

Each LoCoMo speaker (10 conversations x 2 speakers) becomes two "devices": the speaker's turns in
the odd sessions and in the even sessions. A device profile is built exactly as the daily job does
(`mal.clusters.profile`, user turns with their time of day; the last `--turns` turns, like the
recent buffer) with the configured embedder. Every pair of devices is scored; a pair of one
speaker's two halves is a true proposal, any other pair is a false one (the other speaker of the
same conversation, who talks about the same things, is the hard case). Reports precision and
recall at the proposal threshold, and the score distribution. English only (LoCoMo is English).

    .venv/bin/python -m bench.identity_clusters [--turns 20]
"""

from __future__ import annotations

import argparse
import json
import statistics
from datetime import datetime
from itertools import combinations
from pathlib import Path

from mal.bootstrap import make_embedder
from mal.clusters import PROPOSE_AT, profile, similarity
from mal.records import RecentTurn
from mal.settings import Settings

DATA = Path(__file__).resolve().parents[2] / "shared" / "bench" / "locomo10.json"


def _when(stamp: str) -> str:
    """'1:56 pm on 8 May, 2023' -> ISO."""
    return datetime.strptime(stamp, "%I:%M %p on %d %B, %Y").isoformat()


def devices(turns_per_device: int) -> dict[tuple[str, int], list[RecentTurn]]:
    out: dict[tuple[str, int], list[RecentTurn]] = {}
    for n, item in enumerate(json.loads(DATA.read_text())):
        conv = item["conversation"]
        sessions = sorted(int(k.split("_")[1]) for k in conv if k.startswith("session_") and k.count("_") == 1)
        for s in sessions:
            at = _when(conv[f"session_{s}_date_time"])
            for i, turn in enumerate(conv[f"session_{s}"]):
                speaker = f"{n}:{turn['speaker']}"
                recent = RecentTurn(f"s{s}", i, f"s{s}:{i}", "user", turn["text"], at)
                out.setdefault((speaker, s % 2), []).append(recent)
    return {k: v[-turns_per_device:] for k, v in out.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=20)
    args = parser.parse_args()
    embedder = make_embedder(Settings())
    profiles = {k: p for k, v in devices(args.turns).items() if (p := profile(v, embedder)) is not None}
    same, other, hard = [], [], []
    for a, b in combinations(sorted(profiles), 2):
        score = similarity(profiles[a], profiles[b], embedder.cosine_floor)
        if a[0] == b[0]:
            same.append(score)
        else:
            other.append(score)
            if a[0].split(":")[0] == b[0].split(":")[0]:
                hard.append(score)
    tp = sum(s >= PROPOSE_AT for s in same)
    fp = sum(s >= PROPOSE_AT for s in other)
    report = {
        "embedder": embedder.model_id,
        "devices": len(profiles),
        "same_person_pairs": len(same),
        "other_pairs": len(other),
        "threshold": PROPOSE_AT,
        "proposed_true": tp,
        "proposed_false": fp,
        "precision": round(tp / (tp + fp), 3) if tp + fp else None,
        "recall": round(tp / len(same), 3) if same else None,
        "same_median": round(statistics.median(same), 3),
        "same_min": round(min(same), 3),
        "other_median": round(statistics.median(other), 3),
        "other_max": round(max(other), 3),
        "same_conversation_other_speaker_max": round(max(hard), 3),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
