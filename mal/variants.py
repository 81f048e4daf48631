"""A memory's variants: the other wordings dedup merged into it (lossless reinforcement).

Dedup (mal/dedup.py) reinforces a stored memory when a new fact restates it. The detector is good,
not perfect: on unseen writers it still merges a few near misses ("I moved to Berlin" / "I moved to
Berlin in 2019"), and when the second text was dropped such a merge lost that event from every
answer. So the merged candidate's own words are kept on the memory as a variant: searchable (BM25
indexes them with the text, adapters/weaviate_vectors.py), shown with the memory ("also said",
mal/context.py) and erased with it. The vector stays the first text's, so dedup and ranking do not
drift as variants accumulate.

Rules, the same in every store (the Neo4j REINFORCE statement, the in-memory fake): a variant is
never equal to the memory's own text or summary nor to an earlier variant (compared on `key`:
NFKC, case-folded, whitespace collapsed), arrives in order, and only with a write event the memory
has not applied yet (a replay appends nothing). Past the cap the oldest are kept and later ones are
only counted (`Memory.variants_dropped`: arrivals, so a wording repeated past the cap counts each
time). Not to be confused with mal/dedup_variants.py (spellings the dedup rules treat as one word).
Variants are user text: never logged.

A variant carries no source of its own, so only a candidate of the memory's own source, and not in
quarantine, brings its words (`brought`): quarantining a source (mal/quarantine.py) hides the
memories it wrote by their `source`, and a variant it had merged into another source's memory
would stay in search and contexts. A merge across sources reinforces as before, words dropped.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from mal.models import Memory, MemoryStatus

__all__ = [
    "ALSO_SAID_CHARS",
    "ALSO_SAID_MAX",
    "also_said",
    "append",
    "brought",
    "fresh_words",
    "indexed_text",
    "key",
    "known_keys",
    "said",
]

# What a context shows of a memory's variants: the oldest few, each cut short (the output stays small).
ALSO_SAID_MAX = 2
ALSO_SAID_CHARS = 160


def key(text: str) -> str:
    """The comparison form of a wording: NFKC, case-folded, whitespace collapsed (the fingerprint,
    mal/capture_plan.py, reads a summary and its words so too)."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def said(memory: Memory) -> list[str]:
    """The words a merged candidate brings: its own (`text`, or `summary` when it has no text), then
    any variants it already carries (an absorbed device memory, mal/identities.py)."""
    own = memory.text or memory.summary
    return [w for w in (own, *memory.variants) if w.strip()]


def known_keys(memory: Memory) -> list[str]:
    """Keys a new variant must not equal: the memory's own text and summary, and its variants.
    The Neo4j adapter stores this list on the node (`variant_keys`) so REINFORCE can compare in
    the statement itself."""
    return [key(w) for w in (memory.text, memory.summary, *memory.variants) if w.strip()]


def fresh_words(memory: Memory, words: Sequence[str]) -> list[str]:
    """`words` without those the memory already holds and without repeats, in order: what the
    write path sends to `MemoryWriter.reinforce` (the store checks again, atomically; this covers
    memories written before their keys were stored)."""
    seen = set(known_keys(memory))
    out = []
    for word in words:
        k = key(word)
        if k and k not in seen:
            seen.add(k)
            out.append(word)
    return out


def brought(memory: Memory, candidate: Memory) -> list[str]:
    """The words a candidate merged into `memory` adds as variants (what the write path sends to
    `MemoryWriter.reinforce`): none from another source or from quarantine (module docstring)."""
    if candidate.source != memory.source or candidate.status == MemoryStatus.QUARANTINED:
        return []
    return fresh_words(memory, said(candidate))


def append(memory: Memory, words: Sequence[str], cap: int) -> None:
    """Add `words` to `memory.variants` in place under the rules above (the fake's REINFORCE)."""
    seen = set(known_keys(memory))
    for word in words:
        k = key(word)
        if not k or k in seen:
            continue
        if len(memory.variants) >= cap:
            memory.variants_dropped += 1
            continue
        seen.add(k)
        memory.variants.append(word)


def indexed_text(memory: Memory) -> str:
    """What BM25 indexes as the memory's words: its text, then each variant on a line of its own."""
    return "\n".join(w for w in (memory.text, *memory.variants) if w)


def also_said(memory: Memory) -> list[str]:
    """The variants a context shows with the memory (the oldest `ALSO_SAID_MAX`, each cut to
    `ALSO_SAID_CHARS`); the caller quotes them as it quotes the summary."""
    return [v if len(v) <= ALSO_SAID_CHARS else v[: ALSO_SAID_CHARS - 1] + "…" for v in memory.variants[:ALSO_SAID_MAX]]
