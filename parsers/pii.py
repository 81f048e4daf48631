"""Personal identifiers in free text: detect, then redact, hash or mask them. Pure, no I/O.

Every detector is a candidate pattern followed by a validator, because the look-alikes are the
hard part: an 11-digit order number looks like a mobile number, an 18-digit serial like an ID
number, a version string like an IPv4 address. Validators that can say no: the PRC resident ID
checksum (GB 11643) and a real birth date, the Luhn check plus a known card prefix (IIN) and
length, `phonenumbers`' numbering plans (parsers/pii_phone.py), the SSA's issuing rules for US
SSNs (parsers/pii_ssn.py), `ipaddress`. Passports have no checksum we can use, so a passport
number is only taken after a context word (护照 / passport). Numbers right after an order /
tracking / invoice word are never phones or cards. Street addresses: parsers/pii_address.py.

`detect(text)` returns non-overlapping spans in reading order; `apply(text, policy, key)` rewrites
them: `redact` -> `[PHONE]`, `hash` -> `[PHONE#1a2b3c4d]` (HMAC of the normalised value with `key`,
so the same number written two ways still gives one token), `keep` -> unchanged. An identifier the
user states as their own ("我的手机号是...", "my email is ...") is the fact itself: it becomes its
masked form (`138****5678`; under `hash` followed by its token) so the profile slot the parser reads
from it is masked too (parsers/pii_slots.py).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import re
from dataclasses import dataclass
from typing import Literal

from parsers.pii_address import address_spans
from parsers.pii_ip import ip_spans
from parsers.pii_passport import passport_spans
from parsers.pii_phone import contact_line, e164, phone_spans
from parsers.pii_slots import mask as _mask
from parsers.pii_slots import owned
from parsers.pii_ssn import ssn_spans

__all__ = ["PII_TYPES", "PiiSpan", "Policy", "apply", "detect", "mask", "normalise"]

Policy = Literal["redact", "hash", "keep"]
PII_TYPES = ("PHONE", "EMAIL", "ID_CARD", "BANK_CARD", "PASSPORT", "IP", "ADDRESS", "SSN")


@dataclass(frozen=True)
class PiiSpan:
    type: str
    start: int
    end: int
    value: str


# -- context words ---------------------------------------------------------------------------------
# A number right after one of these is an order / parcel / invoice id, never a phone or a card.
_NOT_PERSONAL = re.compile(
    r"(?P<cue>订单|单号|运单|快递(?!员|小哥|师傅)|物流|发票|编号|流水|工单|批次|序列号|型号|车次|航班|票号|"
    r"\b(?:order|tracking|invoice|ticket|ref(?:erence)?|serial|model|sku|batch|flight|imei|isbn|barcode)\b|条码|条形码|\bno\.|"
    # "my new # is ...", "the clinic's # is ...", "cell #": a person's or a phone's number sign, not an order's
    r"(?<!['’]s )(?<!\bmy )(?<!new )(?<!old )(?<!cell )(?<!phone )(?<!\bour )(?<!\bhis )(?<!\bher )#)"
    r"[^\d\n]{0,8}$",
    re.I,
)
_CARD_CUE = re.compile(
    r"(?:卡号|行卡|银行卡|信用卡|储蓄卡|借记卡|工资卡|银联|\b(?:card|visa|mastercard|amex|unionpay|debit|credit)\b)",
    re.I,
)
_PHONE_CUE = re.compile(r"(?:电话|手机|座机|致电|打给|拨打|联系方式|tel|phone|call|mobile|fax|whatsapp)", re.I)
# Full-width ASCII (０-９, Ａ-Ｚ, －, （）, ＠) is folded before matching; one character to one, so
# the spans found on the folded text are the spans of the original.
_FOLD = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}

# -- candidate patterns ----------------------------------------------------------------------------
_EMAIL = re.compile(
    r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}(?![A-Za-z0-9-])"
)
_ID_CARD = re.compile(
    r"(?<![0-9A-Za-z])[1-9]\d{5}[ -]?(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[ -]?\d{3}[\dXx](?![0-9A-Za-z])"
)
# The 15-digit first-generation ID (no check digit): only after an ID word.
_ID_CARD_15 = re.compile(r"(?<![0-9A-Za-z])[1-9]\d{7}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}(?![0-9A-Za-z])")
_ID_CUE = re.compile(r"(?:身份证|证件号|居民身份|ID card|identity card|ID number|national ID|resident ID)", re.I)
# 13-19 digits, written plain or in groups of 4 (a last group of 1-4; Amex 4-6-5).
_CARD = re.compile(
    r"(?<![0-9A-Za-z.\-])(?:\d{4}(?:[ -]\d{4}){3}(?:[ -]\d{1,3})?|\d{4}(?:[ -]\d{4}){2}[ -]\d{1,3}|\d{4}[ -]\d{6}[ -]\d{4,5}|\d{6}[ -]\d{10,13}|\d{13,19})(?![0-9A-Za-z]|[.,]\d)"
)

# Issuer prefixes and the lengths their cards have (Visa, Mastercard, Amex, Diners, JCB, Discover, UnionPay).
_IIN = (
    (re.compile(r"^4"), (13, 16, 19)),
    (re.compile(r"^(?:5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720))"), (16,)),
    (re.compile(r"^3[47]"), (15,)),
    (re.compile(r"^3(?:0[0-5]|[689])"), (14, 15, 16)),
    (re.compile(r"^35"), (16, 17, 18, 19)),
    (re.compile(r"^6(?:011|5|4[4-9])"), (16, 17, 18, 19)),
    (re.compile(r"^(?:62|81)"), (16, 17, 18, 19)),
)
_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_ID_CHECK = "10X98765432"
_ID_PROVINCES = {
    11,
    12,
    13,
    14,
    15,
    21,
    22,
    23,
    31,
    32,
    33,
    34,
    35,
    36,
    37,
    41,
    42,
    43,
    44,
    45,
    46,
    50,
    51,
    52,
    53,
    54,
    61,
    62,
    63,
    64,
    65,
    71,
    81,
    82,
    83,
    91,
}
_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


# -- validators ------------------------------------------------------------------------------------
def valid_resident_id(value: str) -> bool:
    """GB 11643: province code, a real birth date, and the mod-11 check character."""
    v = value.upper()
    v = re.sub(r"[ -]", "", v)
    if len(v) != 18 or int(v[:2]) not in _ID_PROVINCES:
        return False
    month, day = int(v[10:12]), int(v[12:14])
    if day > _DAYS[month - 1]:
        return False
    total = sum(int(c) * w for c, w in zip(v[:17], _ID_WEIGHTS, strict=True))
    return _ID_CHECK[total % 11] == v[17]


def luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def valid_card(digits: str) -> bool:
    """Luhn, a length cards have (13-19) and an issuer prefix in use (Visa, Mastercard, UnionPay,
    Amex, JCB, Discover, Diners): a random 16-digit id passes Luhn one time in ten, this much less."""
    known = any(prefix.match(digits) and len(digits) in lengths for prefix, lengths in _IIN)
    return known and luhn(digits) and len(set(digits)) > 1


def _card_ok(digits: str, text: str, start: int) -> bool:
    """A card by its issuer prefix; after a card word ("卡号", "card") any Luhn-valid 15-19 digits
    (Chinese banks issue 19-digit debit cards outside the international prefixes, e.g. 9558...)."""
    if valid_card(digits):
        return True
    return 15 <= len(digits) <= 19 and luhn(digits) and len(set(digits)) > 1 and _after(text, start, _CARD_CUE, 12)


# -- detection -------------------------------------------------------------------------------------
def _after(text: str, start: int, cue: re.Pattern[str], window: int = 20) -> bool:
    return bool(cue.search(text[max(0, start - window) : start]))


def _order_number(text: str, start: int) -> bool:
    """After an order / tracking word, unless a phone word stands between ("订单联系人电话...")."""
    found = _NOT_PERSONAL.search(text[max(0, start - 20) : start])
    if found is None or _after(text, start, _PHONE_CUE, 6):
        return False
    return not contact_line(found.group()[found.end("cue") - found.start() :])  # "order line on ...": a phone line


def _candidates(text: str) -> list[PiiSpan]:
    found: list[PiiSpan] = []

    def add(kind: str, m: re.Match[str], start: int | None = None, end: int | None = None) -> None:
        s, e = (m.start() if start is None else start), (m.end() if end is None else end)
        found.append(PiiSpan(kind, s, e, text[s:e]))

    for m in _EMAIL.finditer(text):
        add("EMAIL", m)
    for m in _ID_CARD.finditer(text):
        if valid_resident_id(m.group()):
            add("ID_CARD", m)
    for m in _ID_CARD_15.finditer(text):
        if int(m.group()[:2]) in _ID_PROVINCES and _after(text, m.start(), _ID_CUE, 16):
            add("ID_CARD", m)
    for m in _CARD.finditer(text):
        if _after(text, m.start(), _NOT_PERSONAL):
            continue
        number = m.group()
        if not _card_ok(re.sub(r"\D", "", number), text, m.start()):  # "4111 1111 1111 1111 123": + CVV
            number = re.sub(r"[ -]\d{1,3}$", "", number)
            if number == m.group() or not _card_ok(re.sub(r"\D", "", number), text, m.start()):
                continue
        add("BANK_CARD", m, end=m.start() + len(number))
    found.extend(PiiSpan("PHONE", s, e, text[s:e]) for s, e in phone_spans(text, _order_number))
    found.extend(PiiSpan("SSN", s, e, text[s:e]) for s, e in ssn_spans(text, _after))
    found.extend(PiiSpan("PASSPORT", s, e, text[s:e]) for s, e in passport_spans(text))
    found.extend(PiiSpan("IP", s, e, text[s:e]) for s, e in ip_spans(text))
    found.extend(PiiSpan("ADDRESS", s, e, text[s:e]) for s, e in address_spans(text))
    return found


_PRIORITY = {t: i for i, t in enumerate(("EMAIL", "ID_CARD", "BANK_CARD", "PASSPORT", "SSN", "PHONE", "IP", "ADDRESS"))}


def detect(text: str) -> list[PiiSpan]:
    """Non-overlapping identifier spans in reading order. On overlap the stronger validator wins
    (an e-mail over the digits inside it, an ID's checksum over a phone reading of its digits),
    then the longer span."""
    folded = text.translate(_FOLD)
    kept: list[PiiSpan] = []
    for span in sorted(_candidates(folded), key=lambda s: (_PRIORITY[s.type], -(s.end - s.start), s.start)):
        if all(span.end <= k.start or span.start >= k.end for k in kept):
            kept.append(span)
    return sorted((PiiSpan(s.type, s.start, s.end, text[s.start : s.end]) for s in kept), key=lambda s: s.start)


# -- rewriting -------------------------------------------------------------------------------------
def normalise(span: PiiSpan, region: str | None = None) -> str:
    """One spelling per identifier, so `hash` gives equal tokens for "138 1234 5678" and
    "+86 13812345678"; a phone written without its country code is read in the tenant's default
    `region` first (parsers/pii_phone.py `e164`)."""
    value = span.value.strip().translate(_FOLD)
    if span.type == "PHONE":
        return e164(value, region) or re.sub(r"\D", "", value)
    if span.type == "EMAIL":
        return value.casefold()
    if span.type in ("BANK_CARD",):
        return re.sub(r"\D", "", value)
    if span.type == "IP":
        try:
            return str(ipaddress.ip_address(value.split("%", 1)[0]))
        except ValueError:
            return value
    if span.type == "SSN":
        return re.sub(r"\D", "", value)
    if span.type in ("ID_CARD", "PASSPORT"):
        return value.upper()
    if span.type == "ADDRESS" and re.search(r"[\u4e00-\u9fff]", value):  # "七莘路 3888 号" = "七莘路3888号"
        return re.sub(r"\s+", "", value)
    return " ".join(value.split()).casefold()


def token(span: PiiSpan, policy: Policy, key: bytes, region: str | None = None) -> str:
    if policy == "keep":
        return span.value
    if policy == "hash":
        digest = hmac.new(key, f"pii:{span.type}:{normalise(span, region)}".encode(), hashlib.sha256).hexdigest()[:10]
        return f"[{span.type}#{digest}]"
    return f"[{span.type}]"


def apply(text: str, policy: Policy, key: bytes = b"", region: str | None = None) -> str:
    """`text` with every identifier replaced according to `policy` (`keep` returns it unchanged);
    `region` is the tenant's default phone region for `hash` tokens of national-format numbers."""
    if policy == "keep" or not text:
        return text
    spans = detect(text)
    if not spans:
        return text
    out: list[str] = []
    last = 0
    for span in spans:
        out.append(text[last : span.start])
        if owned(text.translate(_FOLD), span.start):  # "我的手机号是...": the profile slot keeps a mask
            out.append(mask(span) if policy == "redact" else f"{mask(span)} {token(span, policy, key, region)}")
        else:
            out.append(token(span, policy, key, region))
        last = span.end
    out.append(text[last:])
    return "".join(out)


def mask(span: PiiSpan) -> str:
    """A masked form for a slot that is itself the identifier (a profile phone): recognisable to
    its owner, useless to anyone else (138****5678, z***@example.com); see parsers/pii_slots.py."""
    return _mask(span.type, span.value.translate(_FOLD))
