"""Near misses the fourteenth round's readings (helper unblock14) would otherwise let through, each a
family of its own: an office held in a group against a seat in it, and where one was born against
where one grew up.

  * `office_differs`: "I'm on the board of my HOA" is not "User is president of their HOA board".
    The two texts share every other word, so once a note's "their" reads as the user's
    (mal/dedup_notes.py) nothing else tells them apart and the learned layer merges them. An office
    is said as "<office> of" a group; the other text never saying that office is a seat in it.
  * `birth_vs_upbringing`: "I was born in Leeds" is not "I grew up in Leeds". "grew up" and "was
    raised" are one verb now (mal/dedup_synonyms.py), read as "raised", which the swap veto (it
    reads the words as written) no longer finds in "grew up"; this family says it outright.

Pure functions over two texts; no I/O.
"""

from __future__ import annotations

import re

from mal.dedup_text import flat, opposed

__all__ = ["CHECKS", "birth_vs_upbringing", "office_differs"]

_OFFICES = (
    *("president", "vice president", "vice-president", "chair", "chairman", "chairwoman", "chairperson"),
    *("treasurer", "secretary", "captain", "head", "leader", "founder", "co-founder", "director", "coach"),
    *("organizer", "organiser"),
)
_OFFICE_OF = re.compile(rf"\b({'|'.join(sorted(_OFFICES, key=len, reverse=True))}) of\b")


def office_differs(a: str, b: str) -> bool:
    """One text says an office held in a group ("president of"), the other never says that office."""
    x, y = flat(a), flat(b)
    return any(
        not re.search(rf"\b{re.escape(m.group(1))}\b", t) for s, t in ((x, y), (y, x)) for m in _OFFICE_OF.finditer(s)
    )


_BORN = re.compile(r"\bborn\b|出生|生在")
_RAISED = re.compile(r"\b(?:grew|grow|grows|growing) up\b|\braised\b|\bbrought up\b|长大")


def birth_vs_upbringing(a: str, b: str) -> bool:
    """One text says where or when one was born, the other where one grew up (出生 / 长大)."""
    return opposed(flat(a), flat(b), _BORN, _RAISED)


CHECKS = (("office", office_differs), ("birthplace", birth_vs_upbringing))
