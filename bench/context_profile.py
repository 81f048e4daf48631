"""The instructions' read before and after the evidence marks (issue #13), against the real Neo4j:
the old way (list the 500 newest memories, derive over every active one) and the new way (read
the marked evidence, mal/profile.py), interleaved on the same subject, with the derived
instructions checked equal on every round.

    python -m bench.context_profile [memories] [rounds]

The subject gets `memories` LoCoMo turns as memories (no personal evidence) plus the scripted
zh or en developer persona's evidence, written through the graph adapter (no encoder needed).
"""

from __future__ import annotations

import json
import secrets
import statistics
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta

import parsers
from bench.locomo_bench import DATA, sessions, turn_text
from mal.bootstrap import real_adapters
from mal.context import PROFILE_WINDOW
from mal.instructions import derive
from mal.models import Memory, MemoryStatus
from mal.profile import PROFILE_RULES, is_evidence
from mal.settings import Settings
from tests.personas import PERSONAS


def _memories(texts: list[str], start: datetime) -> list[Memory]:
    out = []
    for i, text in enumerate(texts):
        at = start + timedelta(minutes=i)
        facts = parsers.parse(text, at).facts
        fact = facts[0] if facts else None
        out.append(
            Memory(
                id=str(uuid.uuid4()),
                kind=fact.kind if fact else "event",
                summary=fact.summary if fact else text[:200],
                slots=dict(fact.slots) if fact else {},
                text=text,
                lang=parsers.detect_lang(text),
                created_at=at,
                updated_at=at,
                last_reinforced=at,
                last_accessed=at,
                events=[f"{uuid.uuid4().hex}:created"],
            )
        )
    return out


def main(count: int = 400, rounds: int = 30) -> dict[str, object]:
    graph = real_adapters(Settings()).graph
    sample = json.loads(DATA.read_text())[0]
    chat = [turn_text(t) for _, _, ts in sessions(sample["conversation"]) for t in ts][:count]
    now = datetime.now(UTC)
    out: dict[str, object] = {"memories": count, "rounds": rounds, "rules": PROFILE_RULES}
    for name in ("en_developer", "zh_developer"):
        subject, lang = secrets.token_hex(32), PERSONAS[name]["lang"]
        graph.ensure_subject(subject, "bench-profile", now)
        said = [t for session in PERSONAS[name]["sessions"] for t in session]
        written = _memories(chat, now - timedelta(days=30)) + _memories(said, now - timedelta(days=3))
        for memory in written:
            graph.upsert(subject, memory, indexed=True)
        listed = graph.list_memories(subject, ["active", "disputed"], None, 0, PROFILE_WINDOW)[0]
        expected = derive([m for m in listed if m.status == MemoryStatus.ACTIVE], now, lang)
        old_ms, new_ms = [], []
        for r in range(rounds):
            for way in ("old", "new") if r % 2 == 0 else ("new", "old"):
                started = time.perf_counter()
                if way == "old":
                    listed = graph.list_memories(subject, ["active", "disputed"], None, 0, PROFILE_WINDOW)[0]
                    got = derive([m for m in listed if m.status == MemoryStatus.ACTIVE], now, lang)
                else:
                    found = graph.profile_evidence(subject, PROFILE_RULES, PROFILE_WINDOW)
                    got = derive([m for m in found.memories if is_evidence(m)], now, lang)
                (old_ms if way == "old" else new_ms).append((time.perf_counter() - started) * 1000)
                assert got == expected, (way, got, expected)
        evidence = len(graph.profile_evidence(subject, PROFILE_RULES, PROFILE_WINDOW).memories)
        graph.erase_subject(subject)
        q = lambda xs: (round(statistics.median(xs), 1), round(sorted(xs)[int(0.95 * len(xs))], 1))  # noqa: E731
        out[name] = {
            "written": len(written),
            "evidence_read": evidence,
            "instructions": len(expected),
            "old_p50_p95_ms": q(old_ms),
            "new_p50_p95_ms": q(new_ms),
            "speedup_p50": round(statistics.median(old_ms) / statistics.median(new_ms), 1),
        }
        print(name, json.dumps(out[name]), flush=True)
    return out


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
