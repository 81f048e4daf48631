"""Scoring a dedup rule on labelled pairs, as the write path would apply it.

Each text of a pair goes through the real parser and becomes the memories the service would store
(same kind, slots, summary and text as `mal.capture_plan.build_candidate` gives them); `b` then
meets `a` as a new write meets the store: each of b's memories looks at the nearest of a's memories
of its kind (an episode: of any kind, `mal.dedup.comparable`), and merges when the cosine reaches
the threshold (and, for the new rule, the two agree: `mal.dedup.same_fact`, the word rules and then
the learned paraphrase decision behind its veto, mal/dedup_model.py `merges`: the first model and
its second opinion, the one place the learned layer is asked). Given the service's cross-language
threshold, the new rule applies both of the service's gates (`mal.dedup_gate.merges`): a pair in
two scripts also merges below the threshold, down to that one, when the word rules agree.

A "different" pair counts as a wrong merge when ANY of b's memories merged (something b said is
lost); a "same" pair counts as merged only when ALL of b's memories merged. Both err on the side of
reporting the rule worse than it is.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import parsers
from mal import dedup, dedup_gate
from mal.capture_plan import embed_text
from mal.models import Memory

__all__ = ["DATA", "DEV", "PairScore", "Scored", "decide", "load", "memories", "score"]

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "dedup_pairs.jsonl"
DEV = DATA.with_name("dedup_dev_pairs.jsonl")
NOW = datetime(2026, 11, 30, 12, tzinfo=UTC)
Embed = Callable[[Sequence[str]], Sequence[Sequence[float]]]


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def memories(text: str) -> list[Memory]:
    """The memories one user turn becomes (episodes included), as the write path builds them."""
    out = []
    for i, fact in enumerate(parsers.parse(text, NOW).facts):
        out.append(
            Memory(
                id=f"m{i}",
                kind=fact.kind,
                summary=fact.summary,
                slots=fact.slots,
                text=text,
                lang=fact.lang,
                created_at=NOW,
                updated_at=NOW,
                last_reinforced=NOW,
                last_accessed=NOW,
            )
        )
    return out


@dataclass
class Scored:
    """One pair with the cosines the rule needs: for each of b's memories, its nearest of a's."""

    pair: dict[str, Any]
    nearest: list[tuple[float, Memory | None, Memory]] = field(default_factory=list)


def prepare(pairs: list[dict[str, Any]], embed: Embed) -> list[Scored]:
    """Parse and embed every pair once; the rules are then scored on the cosines."""
    parsed = [(memories(p["a"]), memories(p["b"])) for p in pairs]
    texts = sorted({embed_text(m) for a, b in parsed for m in (*a, *b)})
    vectors = dict(zip(texts, embed(texts), strict=True))
    out = []
    for pair, (mem_a, mem_b) in zip(pairs, parsed, strict=True):
        scored = Scored(pair)
        for new in mem_b:
            same_kind = [old for old in mem_a if dedup.comparable(old.kind, new.kind)]
            best: tuple[float, Memory | None] = (0.0, None)
            for old in same_kind:
                cos = sum(x * y for x, y in zip(vectors[embed_text(old)], vectors[embed_text(new)], strict=True))
                if best[1] is None or cos > best[0]:
                    best = (float(cos), old)
            scored.nearest.append((best[0], best[1], new))
        out.append(scored)
    return out


def decide(scored: Scored, threshold: float, agreement: bool, cross: float | None = None) -> bool:
    """True when the rule merges b into a (see the module docstring for any/all). `cross`, with
    `agreement`, is the cross-language gate (MAL_DEDUP_CROSS_LANGUAGE_THRESHOLD) the service applies."""
    merged = [
        old is not None
        and (
            dedup_gate.merges(old, new, cos, threshold, cross)
            if agreement and cross is not None
            else cos >= threshold and (not agreement or dedup.same_fact(old, new, cos))
        )
        for cos, old, new in scored.nearest
    ]
    if scored.pair["label"] == "different":
        return any(merged)
    return bool(merged) and all(merged)


@dataclass
class PairScore:
    """Per language: wrong merges among "different" pairs, merged share of "same" pairs."""

    lang: str
    different: int = 0
    wrong_merges: int = 0
    same: int = 0
    merged: int = 0
    wrong: list[dict[str, Any]] = field(default_factory=list)
    missed: list[dict[str, Any]] = field(default_factory=list)

    @property
    def merged_share(self) -> float:
        return self.merged / self.same if self.same else 1.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "different_pairs": self.different,
            "wrong_merges": self.wrong_merges,
            "same_pairs": self.same,
            "duplicates_merged": self.merged,
            "duplicates_merged_share": round(self.merged_share, 3),
        }


def score(
    prepared: list[Scored], threshold: float, agreement: bool, cross: float | None = None
) -> dict[str, PairScore]:
    out: dict[str, PairScore] = {}
    for scored in prepared:
        lang = scored.pair.get("lang", "en")
        row = out.setdefault(lang, PairScore(lang))
        merged = decide(scored, threshold, agreement, cross)
        if scored.pair["label"] == "different":
            row.different += 1
            row.wrong_merges += merged
            if merged:
                row.wrong.append(scored.pair)
        else:
            row.same += 1
            row.merged += merged
            if not merged:
                row.missed.append(scored.pair)
    return dict(sorted(out.items()))
