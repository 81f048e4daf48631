"""Query understanding for retrieval: which kinds of memory a question is about, and the slot
constraints it states. Used by mal/retrieval.py to rank and filter; never stored."""

from __future__ import annotations

import re

from parsers.kinds import query_words

__all__ = ["query_hints"]


# Words that name a kind of memory. English words match whole words only ("ill" is not "will"),
# and only unambiguous ones are listed: a false hint pushes unrelated memories up.
_QUERY_KIND_WORDS: dict[str, tuple[str, ...]] = query_words()  # from the KINDS table


def query_hints(query: str) -> tuple[tuple[str, ...], dict[str, str]]:
    """Kinds a question is about, and slot constraints it states ("我妈妈…" -> relative=mother).

    Used by retrieval to rank and to filter in the graph hop; never stored."""
    from parsers.lexicon import RELATIVES_EN, RELATIVES_ZH

    low = query.lower()
    kinds = tuple(
        k
        for k, words in _QUERY_KIND_WORDS.items()
        if any((w in low) if not w.isascii() else re.search(rf"\b{re.escape(w)}\b", low) for w in words)
    )
    constraints: dict[str, str] = {}
    for word, rel in sorted(RELATIVES_ZH.items(), key=lambda kv: -len(kv[0])):
        if word in query:
            constraints["relative"] = rel
            break
    else:
        m = re.search(r"\b(?:my|mine|our)\s+(" + "|".join(RELATIVES_EN) + r")\b", low)
        if m:
            constraints["relative"] = RELATIVES_EN[m.group(1)]
    return kinds, constraints
