"""Level 3 identity: propose that two unbound anonymous devices of one tenant are one person.

Runs daily with the decay job (mal/schedule.py). A device's behaviour profile is built at run time
from what its user typed, as far as the retention window keeps it (the user turns of its recent
buffer): nothing extra is stored to profile anyone. Similarity of two profiles:

    0.6 * semantic (cosine of the turns' query-embedding centroids, on the model's own scale)
  + 0.25 * lexical (cosine of word / Chinese-bigram counts)
  + 0.15 * time of day (cosine of circularly smoothed 24-hour histograms)

Pairs at or above `PROPOSE_AT` (0.85) are recorded as proposals. Nothing is ever merged here: an
admin accepts or rejects (mal/identities.py), or a later login binding acts on them.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from itertools import combinations
from typing import Any, Protocol

from mal.ports import Clock, Embedder, IdentityStore, RecentTurnsStore
from mal.records import IdentityProposal, RecentTurn

__all__ = ["PROPOSE_AT", "Profile", "ProposalJob", "profile", "similarity"]

PROPOSE_AT = 0.85
MIN_TURNS = 3  # fewer user turns than this is too little behaviour to compare
WEIGHTS = (0.6, 0.25, 0.15)  # semantic, lexical, time of day
_TOKEN = re.compile(r"[a-z0-9]+|[\u4e00-\u9fff]+", re.IGNORECASE)


class ProfileGraph(IdentityStore, RecentTurnsStore, Protocol):
    """The graph roles the job uses: unbound devices, their turns, proposals."""


@dataclass(frozen=True)
class Profile:
    centroid: list[float]
    terms: Counter[str]
    hours: list[float]


def _terms(text: str) -> Counter[str]:
    """English words and Chinese character bigrams (a run of one character counts as itself)."""
    out: Counter[str] = Counter()
    for run in _TOKEN.findall(text.lower()):
        if "\u4e00" <= run[0] <= "\u9fff":
            out.update(run[i : i + 2] for i in range(max(1, len(run) - 1)))
        else:
            out[run] += 1
    return out


def _hour(turn: RecentTurn) -> int | None:
    try:
        return datetime.fromisoformat(turn.at).hour
    except ValueError:
        return None


def profile(turns: list[RecentTurn], embedder: Embedder) -> Profile | None:
    said = [t for t in turns if t.role == "user" and t.content.strip()]
    if len(said) < MIN_TURNS:
        return None
    vectors = embedder.embed_query([t.content for t in said])
    centroid = [sum(column) / len(vectors) for column in zip(*vectors, strict=True)]
    terms: Counter[str] = Counter()
    for t in said:
        terms.update(_terms(t.content))
    hours = [0.0] * 24
    for t in said:
        hour = _hour(t)
        if hour is not None:  # a neighbouring hour counts half: 9:55 and 10:05 are one habit
            for offset, w in ((-1, 0.5), (0, 1.0), (1, 0.5)):
                hours[(hour + offset) % 24] += w
    return Profile(centroid, terms, hours)


def _cosine(a: Any, b: Any) -> float:
    """Cosine of two dense lists or two sparse Counters; 0 when either is empty."""
    if isinstance(a, Counter):
        dot = sum(v * b.get(k, 0) for k, v in a.items())
        na, nb = math.sqrt(sum(v * v for v in a.values())), math.sqrt(sum(v * v for v in b.values()))
    else:
        dot = sum(x * y for x, y in zip(a, b, strict=True))
        na, nb = math.sqrt(sum(x * x for x in a)), math.sqrt(sum(y * y for y in b))
    return dot / (na * nb) if na and nb else 0.0


def similarity(a: Profile, b: Profile, cosine_floor: float = 0.0) -> float:
    """0..1. The semantic part is rescaled from the model's floor (e5 scores unrelated text ~0.75),
    so unrelated devices do not start at 0.6 of the way to a proposal."""
    raw = _cosine(a.centroid, b.centroid)
    semantic = max(0.0, (raw - cosine_floor) / (1.0 - cosine_floor)) if cosine_floor < 1 else raw
    parts = (min(1.0, semantic), _cosine(a.terms, b.terms), _cosine(a.hours, b.hours))
    return round(sum(w * p for w, p in zip(WEIGHTS, parts, strict=True)), 4)


def proposal_id(tenant: str, a: str, b: str) -> str:
    return hashlib.sha256(f"{tenant}|{a}|{b}".encode()).hexdigest()[:24]


class ProposalJob:
    def __init__(self, graph: ProfileGraph, embedder: Embedder, clock: Clock, threshold: float = PROPOSE_AT) -> None:
        self._graph = graph
        self._embedder = embedder
        self._clock = clock
        self._threshold = threshold

    def run(self, tenant: str | None = None) -> dict[str, int]:
        """Profile every unbound device (per tenant), compare every pair, record proposals."""
        now = self._clock.now()
        by_tenant: dict[str, dict[str, Profile]] = {}
        for device in self._graph.unbound_devices(tenant):
            found = profile(self._graph.recent_turns(device.device), self._embedder)
            if found is not None:
                by_tenant.setdefault(device.tenant, {})[device.device] = found
        summary = {"devices": sum(len(v) for v in by_tenant.values()), "pairs": 0, "proposed": 0}
        for owner, profiles in by_tenant.items():
            for a, b in combinations(sorted(profiles), 2):
                summary["pairs"] += 1
                score = similarity(profiles[a], profiles[b], self._embedder.cosine_floor)
                if score < self._threshold:
                    continue
                proposal = IdentityProposal(proposal_id(owner, a, b), owner, a, b, score, "pending", now)
                summary["proposed"] += int(self._graph.record_proposal(proposal))
        return summary
