"""Profile slots for identifiers the user states as their own: "我的手机号是...", "my email is ...",
"我住在...", "I live at ...". The write path has already rewritten the turn (mal/privacy.py), so
under `redact` / `hash` the value read here is the masked form parsers/pii_slots.py wrote
(138****5678; under `hash` followed by its keyed token, so the same number stated twice is one
value and a search for it still matches) and under `keep` the identifier as written; a placeholder
([PHONE]) is never a value.
Someone else's number ("我妈的手机号是...") is no profile slot of the user's, and an identifier
without the owning words (an order's phone, a number to call) is no fact at all.
"""

from __future__ import annotations

import re
from typing import Any

from parsers.model import EntityRef
from parsers.pii import detect
from parsers.pii_slots import FIELDS, MASKED, owner_ends

__all__ = ["identifier_facts"]

Match = tuple[str, float, dict[str, Any], list[EntityRef]]
_TOKEN = re.compile(r"\s?\[([A-Z_]+)#[0-9a-f]{10}\]")


def identifier_facts(text: str, lang: str) -> list[tuple[int, Match]]:
    """(position, profile fact) for each identifier introduced as the speaker's own."""
    del lang  # the owning words of both languages are matched on any turn (mixed-language turns)
    starts = owner_ends(text)
    if not starts:
        return []
    raw = {s.start: (s.type, s.value) for s in detect(text)}
    out: list[tuple[int, Match]] = []
    for start in starts:
        found = raw.get(start) or next(
            ((kind, m.group()) for kind, pattern in MASKED.items() if (m := pattern.match(text, start))), None
        )
        if found is None:
            continue
        field, value = FIELDS[found[0]], found[1].strip()
        token = _TOKEN.match(text, start + len(found[1]))
        if token and token.group(1) == found[0]:  # `hash`: the keyed token stays, so equal values match
            value = f"{value} {token.group().strip()}"
        slots: dict[str, Any] = {"field": field, "value": value}
        out.append((start, ("profile", 0.9, slots, [EntityRef(value, field, "HAS_PROFILE")])))
    return out
