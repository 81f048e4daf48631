"""Passport numbers for the PII detector (parsers/pii.py). Pure, no I/O.

No passport number carries a checksum we can use, and their shapes are everyone's shapes: nine
digits (US, UK), a letter and eight digits (CN E12345678), nine letters and digits mixed, with as
few as two digits (DE C01X00T47, X4RTBPFW4), two digits, two letters, five digits (FR 18AV12345).
So the word decides: a candidate is a passport number only after 护照 / passport within 48
characters, with no other number and no phone word in between ("passport 547821936, call 0412 345
678" keeps the phone a phone). A nine-digit number after that word is a passport even when it is
written like a phone ("123 456 789"): the caller ranks PASSPORT above PHONE on overlap.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["passport_spans"]

_PASSPORT_CUE = re.compile(r"(?:护照|passport)", re.I)
_CANDIDATE = re.compile(
    r"(?<![0-9A-Za-z])(?:"
    r"[A-Z]{1,2}\d{6,8}"  # CN E12345678, CA X12345678, AU PA1234567, IN K1234567
    r"|\d{9}|\d{3} \d{3} \d{3}"  # US / UK nine digits, plain or in threes
    r"|\d{2}[A-Z]{2}\d{5}"  # FR 18AV12345
    r"|(?=[A-Z0-9]{9}(?![0-9A-Za-z]))(?=(?:[A-Z]*\d){2})(?=\d*[A-Z])[A-Z0-9]{9}"  # DE C01X00T47: nine mixed, 2+ digits
    r")(?![0-9A-Za-z])"
)
# Between the word and the number: no digit (another number came first), no phone word and no
# word naming another number ("passport photo is ready; the shop code is AB12CDEFG").
_GAP_BREAK = re.compile(
    r"\d|电话|手机|编码|代码|订单|预约号|预订号|\b(?:phone|mobile|cell|call|tel|fax|code|booking|ref|reference|order|ticket|"
    r"confirmation|pnr|tracking)\b",
    re.I,
)


def passport_spans(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each passport number introduced by a passport word."""
    for m in _CANDIDATE.finditer(text):
        window = text[max(0, m.start() - 48) : m.start()]
        cue = max((c.end() for c in _PASSPORT_CUE.finditer(window)), default=-1)
        if cue >= 0 and not _GAP_BREAK.search(window[cue:]):
            yield m.span()
