"""Street addresses for the PII detector (parsers/pii.py): only shapes that are reliable, because a
city, a district, a shop or a metro line identifies nobody and must stay readable.

Chinese: an address needs a road-like name (路 / 街 / 道 / 巷 / 弄 / 胡同 / 条, with an optional
segment such as 四段 or 东段) and a house number (88号), or a housing estate (小区 / 花园 / 苑 /
城 / 二期 ...) with a building number and a flat number ("8栋1单元602"). Province, city,
district and township in front are taken along; a verb in front ("我住在", "寄到") is not.

English: a house number, one to three capitalised words and a street type, with optional flat /
unit in front or behind and an optional city, state or province and postcode (US, UK, CA, AU);
or a PO box. A bare "5 Park Lane" with nothing after it counts only after a word that introduces a
place ("at", "to", "on", "live", ...) or before punctuation, so "I ran 5 Park Lane laps" and "3 Bay
Area Road closures" stay text.
"""

from __future__ import annotations

import re

__all__ = ["address_spans"]

_HAN = r"[\u4e00-\u9fff]"
_CN_NUM = r"[一二三四五六七八九十\d]"
# The part after the house number: building, unit, flat; or a named building with a floor / flat.
_ZH_TAIL = (
    rf"(?:院)?(?:(?:\d{{1,4}}|[A-Z])(?:号楼|栋|幢|座|楼))?(?:\d{{1,3}}单元)?(?:\d{{1,5}}(?:室|号|房))?"
    rf"(?:(?<=号)(?:{_HAN}|[A-Za-z]){{2,10}}?(?:大厦|广场|中心|大楼|公寓|花园|小区|产业园|园区)"
    rf"(?=[A-Z\d])(?:\d{{1,3}}[楼层]|(?:[A-Z]|\d{{1,3}})(?:座|栋|幢|号楼|塔)(?:\d{{1,3}}[楼层])?)?"
    rf"(?:[A-Z]?\d{{2,5}}[A-Z]?|[A-Z])?(?:室|房)?)?"
)
_ZH_ADDRESS = re.compile(
    rf"(?:{_HAN}{{2,7}}?(?:省|自治区|特别行政区))?(?:{_HAN}{{2,7}}?市)?(?:{_HAN}{{1,7}}?(?:区|县|旗))?(?:{_HAN}{{1,7}}?(?:镇|乡|街道))?"
    rf"{_HAN}{{1,10}}?(?:路|街|大道|大街|道|巷|弄|胡同|里|条)(?:[东西南北中]段|{_CN_NUM}{{1,3}}段)?"
    rf"(?:\d{{1,4}}[弄巷])?[甲乙丙丁]?\d{{1,5}}号{_ZH_TAIL}"
)
# The words before an address that belong to the sentence ("我住在", "麻烦送到", "老家在").
_ZH_LEAD = re.compile(
    rf"^(?:{_HAN}{{0,6}}?(?:住在|位于|地址是|地址为|地址|寄到|送到|放到|搬到了|搬到|搬去|在|是|住))+|"
    r"^(?:我家|我们|我|他|她|家|公司|新|现)*住"
)
# Housing estates: a name ending like an estate (or a phase / block), a building, a unit, a flat.
_ESTATE_END = r"(?:小区|花园|公寓|大厦|家园|新村|苑|公馆|城|园|庭|府|湾|村|居|邸|郡|轩|阁|广场|中心|大楼|社区)"
_ZH_ESTATE = re.compile(
    rf"(?:{_HAN}{{2,7}}?市)?(?:{_HAN}{{1,7}}?(?:区|县))?"
    rf"(?:{_HAN}{{2,8}}?{_ESTATE_END}(?:{_CN_NUM}{{1,2}}[区期])?|{_HAN}{{2,8}}?{_CN_NUM}{{1,2}}[区期])"
    rf"\d{{1,4}}(?:号楼|栋|幢|座)(?:\d{{1,2}}单元)?\d{{2,5}}(?:室|号|房)?"
)

_EN_STREET = (
    r"(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|"
    r"Parkway|Pkwy|Highway|Hwy|Square|Sq|Loop|Circle|Cir|Crescent|Close|Row|Trail|Gate|Mews|Hill|Grove|"
    r"Gardens|Walk|Green|Rise|Parade|Esplanade|Quay|Wharf|Approach|Heights|Plaza|Alley|Embankment|Causeway)"
)
_EN_UNIT = r"(?:Apt|Apartment|Suite|Ste|Unit|Flat|#)\.?\s*#?[0-9A-Za-z]{1,6}"
_EN_CITY = (
    r"(?:,\s*[A-Z][a-z]+(?:\s[A-Z][a-z]+)?"  # city
    r"(?:\s+[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}(?![A-Za-z0-9])"  # UK postcode
    r"|,?\s*[A-Z]{2,3}(?:\s+(?:\d{4,5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d))?(?![A-Za-z0-9])"  # US/AU/CA
    r"|,\s*[A-Z][a-z]+(?:\s[A-Z][a-z]+)?(?![A-Za-z]))?)"  # a state written out
)
_EN_ADDRESS = re.compile(
    rf"(?<![0-9A-Za-z/])(?:{_EN_UNIT},?\s+)?(?:\d{{1,4}}/)?\d{{1,5}}[A-Za-z]?\s+(?:(?:[NSEW]|North|South|East|West)\.?\s+)?"
    rf"(?:(?:(?:[A-Z][a-z]+(?:'s)?|\d{{1,3}}(?:st|nd|rd|th))\.?\s+){{1,3}}{_EN_STREET}|Broadway)\b\.?"
    r"(?:\s+(?:NW|NE|SW|SE)\b)?"
    rf"(?P<unit>,?\s*{_EN_UNIT})?(?P<city>{_EN_CITY})?"
)
_PO_BOX = re.compile(r"(?<![0-9A-Za-z])P\.?\s?O\.?\s+Box\s+\d{1,6}" + _EN_CITY + "?", re.I)
# Words that introduce a place: a bare street address after one of these is an address.
_EN_PLACE_CUE = re.compile(
    r"(?:\b(?:at|to|on|from|in|is|of|near|address|live|lives|lived|living|moved|move|stay|staying|visit|"
    r"deliver|send|ship|mail|house|home|office|apartment|place)\b|[:,(@])\s*$",
    re.I,
)


def address_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each street address candidate; overlaps are settled by the caller."""
    spans: list[tuple[int, int]] = []
    for pattern in (_ZH_ADDRESS, _ZH_ESTATE):
        for m in pattern.finditer(text):
            lead = _ZH_LEAD.match(m.group())
            start = m.start() + (lead.end() if lead else 0)
            if m.end() - start >= 5:
                spans.append((start, m.end()))
    for m in _EN_ADDRESS.finditer(text):
        bare = not (m.group("unit") or m.group("city")) and not m.group().startswith(("Flat", "Unit", "Apt"))
        if bare and not (_EN_PLACE_CUE.search(text[max(0, m.start() - 16) : m.start()]) or _ends_clause(text, m.end())):
            continue
        spans.append((m.start(), m.end()))
    spans.extend((m.start(), m.end()) for m in _PO_BOX.finditer(text))
    return spans


def _ends_clause(text: str, end: int) -> bool:
    rest = text[end:].lstrip(" ")
    return not rest or rest[0] in ",.;:!?)\n"
