"""US Social Security numbers for the PII detector (parsers/pii.py). Pure, no I/O.

An SSN has no checksum, so the shape and the issuing rules are the validator: area 001-899 except
666, group 01-99, serial 0001-9999 (000, 666 and 9xx areas, 00 groups and 0000 serials were never
issued; 9xx is the ITIN range). Written 3-2-4 with dashes it is taken on its own unless an
order / part / invoice word stands before it; with spaces or as nine plain digits (as often a
ZIP+4, a phone fragment or an account number) only after an SSN word ("SSN", "social security",
"社安号", "社会安全号").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

__all__ = ["ssn_spans", "valid_ssn"]

_DASHED = re.compile(r"(?<![0-9A-Za-z\-.])(\d{3})-(\d{2})-(\d{4})(?![0-9A-Za-z]|[-.]\d)")
_LOOSE = re.compile(r"(?<![0-9A-Za-z\-.])(\d{3})[ ]?(\d{2})[ ]?(\d{4})(?![0-9A-Za-z]|[-.]\d)")
_SSN_CUE = re.compile(
    r"(?:社安号|社会安全号|社会保障号|安全号码|\b(?:SSNs?|social\s+security(?:\s+(?:number|no\.?|#))?|SSA)\b)", re.I
)
# "Call 555-12-3456": a phone word right before a number with no SSN word makes it no SSN.
_PHONE_WORD = re.compile(r"(?:电话|手机|拨打|\b(?:call|phone|tel|text|dial|ring|fax|ext)\b)[^\d\n]{0,6}$", re.I)
# Words that make a 3-2-4 number something else: a part, an invoice, a case, a route.
_OTHER = re.compile(
    r"(?:零件|部件|订单|发票|编号|料号|型号|货号|批号|工号|\b(?:part|order|invoice|case|route|exit|item|sku|model|ref(?:erence)?|"
    r"ticket|account|acct|policy|claim|lot|batch|serial|code)\b)[^\d\n]{0,12}$",
    re.I,
)


def valid_ssn(area: str, group: str, serial: str) -> bool:
    """The SSA's never-issued ranges: area 000, 666 or 9xx; group 00; serial 0000."""
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


def ssn_spans(text: str, after: Callable[[str, int, re.Pattern[str], int], bool]) -> Iterator[tuple[int, int]]:
    """(start, end) of each SSN; `after(text, start, cue, window)` looks for a cue before `start`."""
    seen: set[int] = set()
    for m in _DASHED.finditer(text):
        cue = after(text, m.start(), _SSN_CUE, 32)
        other = after(text, m.start(), _OTHER, 24) or after(text, m.start(), _PHONE_WORD, 12)
        if valid_ssn(*m.groups()) and (cue or not other):
            seen.add(m.start())
            yield m.span()
    for m in _LOOSE.finditer(text):
        if m.start() not in seen and valid_ssn(*m.groups()) and after(text, m.start(), _SSN_CUE, 24):
            yield m.span()
