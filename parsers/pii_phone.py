"""Phone numbers for the PII detector (parsers/pii.py). Pure, no I/O.

Chinese numbers keep their own patterns (mobile, landline with area code, 400/800 service lines):
their shapes are exact and `phonenumbers` validates them for region CN. Numbers written with a
country code ("+1 415 555 0132", "0044 20 7946 0958") are taken when `phonenumbers` says the number
is valid, and North-American "(415) 555-0132" / "415-555-0132" / "415.555.0132" by its shape.

Everything else is national numbering of the regions our English users write from (US/CA, GB, AU,
IN, SG, HK, IE) and of any country the sentence names ("the Hamburg shop", "法国里昂", "my Dutch
number": parsers/pii_region.py): `phonenumbers.PhoneNumberMatcher` finds the candidates per region
(it already skips dates, times and slash-separated numbers), and a candidate is a phone only with
evidence beyond its digits, because a bare 10-digit string is as often an order number, an amount
or a ZIP+4 (the words are read in parsers/pii_phone_cues.py):
- a phone word shortly before it ("call me on", "my cell is", "text", "WhatsApp", "电话"), or a phone
  verb and whom it reaches ("Text my brother in Delhi on ..."), for valid numbers, or
- a national trunk prefix and grouping (`020 7946 0321`, `0412 345 678`, `(02) 9876 5432`): a
  written-out phone shape that amounts and serial numbers do not have, or
- a country named nearby whose plan calls the number valid, written in groups ("Kowloon: 2345
  6789", "Warsaw ... 22 123 45 67"), unless it reads as a count, an amount or years.
A number the numbering plan calls merely possible (a UK drama range such as 07700 900456, a new
block the metadata does not know yet) counts only after a phone word. Numbers after an order /
tracking / reference word, with a currency or unit beside them, or inside a longer token are never
phones.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import phonenumbers

from parsers.pii_phone_cues import contact_line, cue, cue_around, named_otherwise
from parsers.pii_region import named_regions, reads_as_count

__all__ = ["contact_line", "e164", "phone_spans", "valid_phone"]

_CN_MOBILE = re.compile(r"(?<![0-9A-Za-z+])(?:(?:\+|00)?86[ -]?)?1[3-9]\d(?:[ -]?\d{4}){2}(?![0-9A-Za-z])")
_CN_LANDLINE = re.compile(
    r"(?<![0-9A-Za-z])(?:\(0\d{2,3}\)\s?|0\d{2,3}[ -])(?:\d{7,8}|\d{3,4}[ -]\d{4})(?![0-9A-Za-z])"
    r"|(?<![0-9A-Za-z])0\d{9,11}(?![0-9A-Za-z])"
)
_CN_SERVICE = re.compile(
    r"(?<![0-9A-Za-z\-.])(?:[48]00[ -]?\d{3}[ -]?\d{4}|[48]00\d[ -]\d{3}[ -]\d{3})(?![0-9A-Za-z]|[-.]\d)"
)
# A 400 / 800 line written in its groups (400-820-8820, 4008 123 456) is a service number by shape.
_CN_SERVICE_GROUPED = re.compile(r"[48]00[ -]\d{3}[ -]\d{4}|[48]00\d[ -]\d{3}[ -]\d{3}")
# US / CA toll-free (800, 833, 844, 855, 866, 877, 888): a 10-digit number with one of these is a
# phone line by its prefix; "1-800-555-0199", "8775550143".
_TOLL_FREE = re.compile(
    r"(?<![0-9A-Za-z+\-.])(?:1[-. ]?)?8(?:00|33|44|55|66|77|88)[-. ]?\d{3}[-. ]?\d{4}(?![0-9A-Za-z]|[-.]\d)"
)
# A 7-digit local number ("555-0148") with a phone word before it or an area code named nearby.
_LOCAL = re.compile(r"(?<![0-9A-Za-z+\-.(/])[2-9]\d{2}-\d{4}(?![0-9A-Za-z]|[-.]\d)")
_AREA_CODE = re.compile(r"\barea\s+code\b", re.I)
# ISO dates have a phone's digit count: "2024-07-01" after "the call is".
_ISO_DATE = re.compile(r"(?:19|20)\d{2}[-./](?:0?[1-9]|1[0-2])[-./](?:0?[1-9]|[12]\d|3[01])")
_INTL = re.compile(
    r"(?<![0-9A-Za-z+(])(?:\((?:\+|00)[1-9]\d{0,2}\)|(?:\+|00)[1-9]\d{0,2})"  # "(+44) 20 ...": a code in brackets
    r"[ .\-]?(?:\(\d{1,4}\)[ .\-]?)?\d{1,5}(?:[ .\-]?\d{2,5}){1,4}(?![0-9A-Za-z])"
)
# A Chinese, Hong Kong, Macau or Taiwan country code written without "+" / "00", then the national
# number in groups: "86-10-65123456", "852 2345 6789".
_BARE_CC = re.compile(r"(?<![0-9A-Za-z+\-.])(?:86|852|853|886)[ -]\d{1,4}(?:[ -]\d{2,8}){1,3}(?![0-9A-Za-z]|[-.]\d)")
# North-American style without a country code: "(415) 555-0132", "(415) 555 0132", "415-555-0132", "415.555.0132".
_NANP = re.compile(r"(?<![0-9A-Za-z+])(?:1[-. ])?(?:\(\d{3}\)\s?\d{3}[-. ]|\d{3}[-.]\d{3}[-.])\d{4}(?![0-9A-Za-z])")
_REGIONS = ("US", "GB", "AU", "IN", "SG", "HK", "IE")
# Digits, a separator, digits: a number written in groups, not one plain run.
_GROUPED = re.compile(r"\d[ \t().\-/]+\d")
# An extension written after a number ("ext. 12", "extension 204", "x204", "#12") is not part of
# its digits (validity, hashing); a worded one is part of the redacted span (`_extension_end`).
_EXTENSION_TAIL = re.compile(r"\s*(?:ext\.?|extension|x|#)\s*\d{1,6}$", re.I)
_EXTENSION_AFTER = re.compile(r"\s*,?\s*(?:ext\.?|extension|x)\s*\d{1,6}\b", re.I)
# A trunk-prefixed national number written in groups: "020 7946 0321", "(02) 9876 5432", "0412 345 678".
_TRUNK_SHAPE = re.compile(r"^(?:\(0\d{1,4}\)\s?|0\d{1,4}[ -])\d{2,4}(?:[ -]\d{2,4}){0,2}$")
# Money, units and measures beside a number make it a quantity.
_QUANTITY_BEFORE = re.compile(r"(?:[$€£¥￥]|\b(?:USD|EUR|GBP|RMB|CNY|JPY|HKD|AUD|SGD|INR|Rs\.?)\s?)$", re.I)
_QUANTITY_AFTER = re.compile(
    r"^\s?(?:%|元|块|美元|日元|港币|英镑|欧元|人|次|个|件|km|kg|mi|ml|mb|gb|\b(?:yen|usd|eur|gbp|dollars?|pounds?|"
    r"euros?|rupees?|units?|people|votes|views|points|km|miles?|words|items|copies|times)\b)",
    re.I,
)


def valid_phone(candidate: str, region: str) -> phonenumbers.PhoneNumber | None:
    """The parsed number when `phonenumbers` calls it valid for `region` (ZZ: needs a country code)."""
    try:
        number = phonenumbers.parse(candidate, region)
    except phonenumbers.NumberParseException:
        return None
    return number if phonenumbers.is_valid_number(number) else None


def phone_spans(text: str, not_personal: Callable[[str, int], bool]) -> Iterator[tuple[int, int]]:
    """(start, end) of each phone number candidate in `text`; overlaps are settled by the caller.
    `not_personal(text, start)` says a number is an order / tracking / reference number; a number
    named as something else ("account number is ...") is refused here too. A date is never one."""
    for start, end in _phone_spans(text, not_personal):
        if not _ISO_DATE.fullmatch(text[start:end]):
            yield start, end


def _phone_spans(text: str, not_personal: Callable[[str, int], bool]) -> Iterator[tuple[int, int]]:

    def refused(text: str, start: int) -> bool:
        return not_personal(text, start) or named_otherwise(text, start)

    for m in _CN_MOBILE.finditer(text):
        if valid_phone(m.group(), "CN") and not refused(text, m.start()):
            yield m.span()
    for m in _CN_LANDLINE.finditer(text):
        plain = m.group()[0] == "0" and m.group().isdigit()  # 0 + 9-11 digits, no separator
        if plain and not cue(text, m.start(), 16):
            continue
        number = m.group()
        valid = valid_phone(number, "CN") or (not plain and valid_phone(re.sub(r"[ -]\d{1,5}$", "", number), "CN"))
        if valid and not refused(text, m.start()):
            yield m.span()
    for m in _CN_SERVICE.finditer(text):
        cued = cue(text, m.start(), 16) or _CN_SERVICE_GROUPED.fullmatch(m.group())
        if valid_phone(m.group(), "CN") and cued and not refused(text, m.start()):
            yield m.span()
    for m in _INTL.finditer(text):
        if _plausible(_with_plus(m.group()), "ZZ", text, m.start()) and not refused(text, m.start()):
            yield m.start(), _extension_end(text, m.end())
    for m in _BARE_CC.finditer(text):
        if valid_phone("+" + m.group(), "ZZ") and not refused(text, m.start()):
            yield m.span()
    for m in _TOLL_FREE.finditer(text):
        if m.group().isdigit() and len(m.group()) == 10 and not _toll_free_word(text, *m.span()):
            continue  # "project code 8005550199": written plain, a toll-free prefix needs a word about lines
        if valid_phone(m.group(), "US") and not refused(text, m.start()) and not _quantity(text, *m.span()):
            yield m.start(), _extension_end(text, m.end())
    for m in _NANP.finditer(text):
        if valid_phone(m.group(), "US") and not refused(text, m.start()) and not _quantity(text, *m.span()):
            yield m.start(), _extension_end(text, m.end())
    yield from _local(text, refused)
    yield from _national(text, refused)


def _local(text: str, refused: Callable[[str, int], bool]) -> Iterator[tuple[int, int]]:
    """7-digit local numbers ("reach me at 555-0148"): the digits alone are anything, so a phone
    word just before or an area code named nearby ("... area code 208") must say it is a line."""
    for m in _LOCAL.finditer(text):
        near = text[max(0, m.start() - 60) : m.end() + 60]
        cued = cue(text, m.start(), 24) or _AREA_CODE.search(near)
        if cued and not refused(text, m.start()) and not _quantity(text, *m.span()):
            yield m.span()


def e164(value: str, region: str | None = None) -> str | None:
    """One spelling of a number for keyed hashing: with its country code when written with one,
    else in the tenant's default `region` when its plan accepts the number ("020 7946 0321" is
    +44 for a GB tenant), else read in the region its shape points to (Chinese mobiles and
    0-prefixed numbers as CN, the way our zh users write them; a North-American 10-digit shape as
    US), else the first region whose plan accepts it."""
    value = _with_plus(_EXTENSION_TAIL.sub("", value.strip()))
    digits = re.sub(r"\D", "", value)
    if value.startswith(("+", "00")):
        regions: tuple[str, ...] = ("ZZ",)
        value = re.sub(r"^00", "+", value)
    elif re.fullmatch(r"1[3-9]\d{9}|0\d{9,11}|[48]00\d{7}", digits):
        regions = ("CN", *_REGIONS)
    else:
        regions = (*_REGIONS, "CN")
    if region and regions != ("ZZ",):
        regions = (region, *regions)
    for candidate in regions:
        number = valid_phone(value, candidate)
        if number is not None:
            return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
    return None


def _with_plus(value: str) -> str:
    """ "0044 20 ..." and "(+44) 20 ..." as "+44 20 ...", the spelling `phonenumbers` parses."""
    return (
        re.sub(r"^\(?(?:\+|00)([1-9]\d{0,2})\)?", r"+\1", value)
        if value.startswith(("+", "00", "(+", "(00"))
        else value
    )


def _extension_end(text: str, end: int) -> int:
    """Where a number's extension ("ext. 12", "x204") ends; the number's own end without one."""
    m = _EXTENSION_AFTER.match(text, end)
    return m.end() if m else end


# Runs of digits and phone punctuation with at least eight digits: where a national number can be.
# The matcher (pure Python, six regions) only reads these, not a whole 2,000-character turn.
_DIGIT_RUN = re.compile(r"[(+]?\d[\d \t().\-/]{6,}\d(?:\s*,?\s*(?:ext\.?|extension|x|#)\s*\d{1,6})?", re.I)


def _matches(text: str) -> Iterator[tuple[str, bool, int, int, str, phonenumbers.PhoneNumber]]:
    """(region, named, start, end, raw, number) of each matcher candidate, offsets in `text`;
    `named` when the sentence names the region's country or a city of it (parsers/pii_region.py)."""
    for run in _DIGIT_RUN.finditer(text):
        value = run.group()
        digits = sum(ch.isdigit() for ch in value)
        if value[0] == "+" or not 8 <= digits <= 16 or _CN_MOBILE.fullmatch(value.strip()):
            continue  # country codes are _INTL's, Chinese mobiles _CN_MOBILE's; 17+ digits are no phone
        places = named_regions(text, run.start(), run.end())
        grouped = bool(_GROUPED.search(value))
        if not (value.lstrip("(").startswith("0") or (places and grouped) or cue_around(text, run.start(), run.end())):
            continue  # without a phone word only a trunk-prefixed or a named region's grouped shape (see _national)
        for region in (*places, *(r for r in _REGIONS if r not in places)):
            matcher = phonenumbers.PhoneNumberMatcher(run.group(), region, leniency=phonenumbers.Leniency.POSSIBLE)
            for match in matcher:
                start, end = run.start() + match.start, run.start() + match.end
                yield region, region in places, start, end, match.raw_string, match.number


def _national(text: str, not_personal: Callable[[str, int], bool]) -> Iterator[tuple[int, int]]:
    seen: set[tuple[int, int]] = set()
    # The matcher reads each run once per region and often finds the same span again: what does not
    # depend on the region (shape, context, cue) is read once per span; validity is per region.
    gates: dict[tuple[int, int, str], str | None] = {}
    for _region, named, start, end, raw, number in _matches(text):
        span = (start, end)
        if span in seen:
            continue
        key = (start, end, raw)
        if key not in gates:
            gates[key] = _national_gate(text, start, end, raw)
        cue = gates[key]
        if cue is None:
            continue
        digits = _digits(raw)
        valid = phonenumbers.is_valid_number(number)
        national = _EXTENSION_TAIL.sub("", raw)
        shaped = valid and bool(_TRUNK_SHAPE.match(national)) and len(digits) >= 9
        possible = valid or phonenumbers.is_possible_number(number)
        # A valid number of a country the sentence names, with a phone word or in its groups
        # ("the Hamburg shop at 040 1234567", "Kowloon: 2345 6789"); a plain run needs the word.
        # Weak cues (a listed phone, whom a number is saved for, a place) give way to a count or an
        # amount: "Ring the Pune hotel on Friday, we paid 9810012345 so far".
        counted = reads_as_count(text, start, end)
        weak = cue in ("chained", "saved") and valid and not counted
        placed = named and valid and (bool(cue) or bool(_GROUPED.search(national))) and not counted
        if (cue == "word" and possible) or weak or shaped or placed:
            if not not_personal(text, start):
                seen.add(span)
                yield span


def _digits(raw: str) -> str:
    """The number's digits, without an extension ("x204") or the matcher's "e" notation."""
    return re.sub(r"\D", "", raw.split("x", maxsplit=1)[0].split("e", maxsplit=1)[0])


def _national_gate(text: str, start: int, end: int, raw: str) -> str | None:
    """The phone cue of a national-number candidate (see `_cue_around`), or None when its shape or
    place rules it out whatever the region: a country code (`_INTL` decides those), fewer than 8
    digits, a piece of a longer token, a quantity, a shape no numbering plan writes."""
    if raw.lstrip().startswith(("+", "00")):
        return None
    digits = _digits(raw)
    if len(digits) < 8 or not _standalone(text, start, end) or _quantity(text, start, end) or _not_phone_shape(raw):
        return None
    return cue_around(text, start, end)


def _plausible(candidate: str, region: str, text: str, start: int) -> bool:
    """Valid for its country code, or possible and either introduced by a phone word or written
    the way people write a phone: "+" and the national number in space-separated groups ("+44
    7700 900461", a UK drama number the plan calls possible only)."""
    try:
        number = phonenumbers.parse(candidate, region)
    except phonenumbers.NumberParseException:
        return False
    if phonenumbers.is_valid_number(number):
        return True
    if not phonenumbers.is_possible_number(number):
        return False
    grouped = bool(re.fullmatch(r"\+\d{1,3} \d{2,5}(?: \d{2,6}){1,3}", candidate))
    code = number.country_code or 0
    known = phonenumbers.region_code_for_country_code(code) not in ("ZZ", "001")
    return cue(text, start, 24) or (grouped and known and len(str(number.national_number)) >= 9)


def _not_phone_shape(raw: str) -> bool:
    """Shapes no numbering plan writes: a dotted quad (an IP or a version), single digits in a row
    ("4 15 22 35 41 55"), the 3-2-4 of an SSN or a part number."""
    body = _EXTENSION_TAIL.sub("", raw)
    groups = re.findall(r"\d+", body)
    return (
        bool(re.fullmatch(r"\d{1,3}(?:\.\d{1,3}){3}", body))
        or any(len(g) == 1 and (i or g != "1") for i, g in enumerate(groups))
        or bool(re.fullmatch(r"\d{3}-\d{2}-\d{4}", body))
    )


_LINE_WORD = re.compile(r"\b(?:number|line|free|hotline|helpline|support|card|flyer|call|dial|ring|phone)\b", re.I)


def _toll_free_word(text: str, start: int, end: int) -> bool:
    """A word about a line or a number within 48 characters on either side of a plain toll-free number."""
    return bool(_LINE_WORD.search(text[max(0, start - 48) : start]) or _LINE_WORD.search(text[end : end + 48]))


def _standalone(text: str, start: int, end: int) -> bool:
    """Not a piece of a longer token: "415-555-0132-7", "XR-415-555", "1:23-cv-04567", "db_20240512.sql"."""
    before, after = text[max(0, start - 1) : start], text[end : end + 2]
    return not re.match(r"[0-9A-Za-z\-/:.#_]", before) and not re.match(r"[-/:_]?[0-9A-Za-z]|[.,]\d|_", after)


def _quantity(text: str, start: int, end: int) -> bool:
    return bool(_QUANTITY_BEFORE.search(text[max(0, start - 5) : start]) or _QUANTITY_AFTER.match(text[end : end + 12]))
