"""An hour said in words, as the clock says it: "six o'clock in the morning" is 6am, "half past
five" 5:30, "a quarter to eight" 7:45 (fourteenth round, helper unblock14).

A note about the user writes "User gets up at 6 o'clock in the morning" for the user's "I wake up
at 6am"; the signature (mal/dedup_text.py) reads 6am as the clock time 06:00 and "6 o'clock in the
morning" as the number 6 and a morning, so the numbers veto read two times. `clock_words` rewrites
the words into the clock's form before the signature reads the clock. "5 in the morning" without
"at" or "o'clock" may count something else and stays. Pure functions over text; no I/O.
"""

from __future__ import annotations

import re

from mal.dedup_lexicon import NUMBER_WORDS_EN

__all__ = ["clock_words"]

_HOUR_WORDS = {**{w: int(n) for w, n in NUMBER_WORDS_EN.items() if 1 < int(n) <= 12}, "one": 1}
_HOUR = rf"(\d{{1,2}}|{'|'.join(sorted(_HOUR_WORDS, key=len, reverse=True))})"
_HALF = {"morning": "am", "afternoon": "pm", "evening": "pm"}
# "6 o'clock in the morning", "at 7 in the evening", "at six o'clock"
_O_CLOCK = re.compile(
    rf"\b(?:(at) )?{_HOUR}(?: o'?clock)?(?: in the (morning|afternoon|evening))\b|\b{_HOUR} o'?clock\b",
    re.IGNORECASE,
)
_PAST_TO = re.compile(rf"\b(?:a )?(half|quarter) (past|to) {_HOUR}\b", re.IGNORECASE)


def _hour(word: str) -> int:
    return int(word) if word.isdigit() else _HOUR_WORDS[word.lower()]


def clock_words(text: str) -> str:
    """`text` with an hour said in words as the clock says it (see the module docstring)."""
    return _O_CLOCK.sub(_o_clock, _PAST_TO.sub(_past_to, text))


def _o_clock(m: re.Match[str]) -> str:
    at, hour, half, bare = m.group(1), m.group(2), m.group(3), m.group(4)
    if bare is not None:
        return f"{_hour(bare)}:00"
    if not (at or re.search(r"o'?clock", m.group(0), re.IGNORECASE)):
        return m.group(0)  # "5 in the morning" without "at" or "o'clock" may count something else
    return f"{'at ' if at else ''}{_hour(hour)}{_HALF[half.lower()]}"


def _past_to(m: re.Match[str]) -> str:
    minutes = 30 if m.group(1).lower() == "half" else 15
    hour = _hour(m.group(3))
    if m.group(2).lower() == "to":
        hour, minutes = (hour - 1) or 12, 60 - minutes
    return f"{hour}:{minutes:02d}"
