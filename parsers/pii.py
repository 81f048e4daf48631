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
_PASSPORT_CUE = re.compile(r"(?:护照|passport)", re.I)
_PHONE_CUE = re.compile(r"(?:电话|手机|座机|致电|打给|拨打|联系方式|tel|phone|call|mobile|fax|whatsapp)", re.I)
_VERSION_CUE = re.compile(
    r"(?:版本号?|升级|更新|升到|固件|系统|章节|条款|第|§|\b(?:version|ver\.?|release|build|firmware|section|sec\.))"
    r"(?:到了?|至|是|为|成)?\s*[:：]?\s*(?:(?<![A-Za-z])v)?$|(?<![A-Za-z])v$",
    re.I,
)
_IP_CUE = re.compile(
    r"(?:IP|地址|服务器|网关|路由|主机|内网|外网|公网|局域网|网段|子网|访问|连接|连上|登录|登陆|端口|代理|防火墙|白名单|黑名单|"
    r"封禁|拉黑|解析|打印机|摄像头|宽带|节点|来源|"
    r"\b(?:ip|dns|ping|ssh|address|server|gateway|router|host|subnet|network|lan|wan|wi-?fi|vpn|proxy|firewall|"
    r"whitelist|allowlist|blocklist|blacklist|blocked|ban(?:ned)?|static|dhcp|nat|node|device|nas|printer|camera|"
    r"modem|resolve[sd]?|resolver|traffic|login|logged|connect(?:ed|ing)?|reach|endpoint|url|https?)\b)",
    re.I,
)
# Version words anywhere near a small dotted quad make it a version, unless its shape says address.
_VERSION_NEAR = re.compile(
    r"(?:版本|升级|更新|固件|补丁|驱动|发布|内核|客户端|\b(?:version|ver|release[sd]?|build|firmware|patch|upgrade[sd]?|"
    r"update[sd]?|driver|kernel|sdk|app|changelog|v)\b)",
    re.I,
)
# Software named right before a dotted quad: "Node 18.19.0.1", "Chrome 120.0.6099.1", "微信 8.0.44.2".
_PRODUCT = re.compile(
    r"(?:\b(?:Node(?:\.?js)?|nodejs|npm|Python|Java|JDK|JRE|Chrome|Chromium|Firefox|Safari|Opera|iOS|iPadOS|"
    r"macOS|Android|Windows|Ubuntu|Debian|Fedora|CentOS|RHEL|Kernel|Linux|Golang|Rust|gcc|clang|PHP|Ruby|Perl|"
    r"Electron|React|Angular|Vue|Django|Flask|Spring|Unity|Unreal|Xcode|Gradle|Maven|Docker|Kubernetes|k8s|nginx|"
    r"Redis|MySQL|Postgres(?:QL)?|MongoDB|Elasticsearch|Excel|Photoshop|Minecraft)"
    r"|微信|支付宝|钉钉|飞书|抖音|淘宝|QQ|鸿蒙|HarmonyOS|MIUI)\s*$"
)
# What only a host does, said right after it: "8.8.4.4 times out", "1.2.3.4 is unreachable", "… 连不上".
_IP_NEXT = re.compile(
    r"\s*(?:(?:keeps\s+|still\s+)?(?:times?\s+out|timed\s+out|timing\s+out)|(?:is|was|went)\s+(?:down|unreachable|offline)(?!\s+(?:(?:the|to|by|from|a|an)\b|\d))|"
    r"(?:doesn'?t|does\s+not|won'?t|can'?t)\s+(?:respond|resolve|answer|be\s+reached)|refused|"
    r"(?:一直|总是|老是)?(?:超时|连不上|不通|ping不通|无法访问|访问不了|掉线))",
    re.I,
)
# Dates and object identifiers written with dots: "日期写成了 24.12.31.1", "OID 1.3.6.1".
_NOT_IP_CUE = re.compile(r"(?:日期|时间戳|\b(?:date[ds]?|dated|timestamp|oid|mib)\b)", re.I)
# "3.2.1.15 版本", "1.2.3.4 release": a version named right after the number.
_VERSION_NEXT = re.compile(r"\s*(?:版本|版|\b(?:version|release|build|update)\b)", re.I)
# Structure that only addresses have: a port or prefix length after, a scheme or user@ before.
_IP_AFTER = re.compile(r"^(?::\d{1,5}\b|/(?:[12]?\d|3[0-2])\b)")
_IP_BEFORE = re.compile(r"(?:://|@|\[)$")
_PRIVATE = re.compile(r"^(?:10|127|192\.168|172\.(?:1[6-9]|2\d|3[01])|169\.254)\.")
# A dotted quad of small numbers ("3.2.1.15") is a version unless the text calls it an address.
_VERSION_LIKE = re.compile(r"\d\.(?:1\d|20|\d)\.(?:1\d|20|\d)\.\d{1,3}")
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
_PASSPORT = re.compile(r"(?<![0-9A-Za-z])(?:[A-Z]{1,2}\d{6,8}|\d{9})(?![0-9A-Za-z])")
_IPV4 = re.compile(
    r"(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?![\d]|\.\d)"
)
_IPV6 = re.compile(r"(?<![0-9A-Za-z:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?:%\w+)?(?![0-9A-Za-z:])")

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
    for m in _PASSPORT.finditer(text):
        if _after(text, m.start(), _PASSPORT_CUE, 32):
            add("PASSPORT", m)
    for m in _IPV4.finditer(text):
        if _is_ipv4(text, m):
            add("IP", m)
    for m in _IPV6.finditer(text):
        if _ipv6(m.group()):
            add("IP", m)
    found.extend(PiiSpan("ADDRESS", s, e, text[s:e]) for s, e in address_spans(text))
    return found


def _is_ipv4(text: str, m: re.Match[str]) -> bool:
    """A dotted quad is an address unless it reads as a version or a section number. Its shape
    decides first (a port, a prefix length, a scheme, user@); then a version word right before or
    after it; then, for quads of small numbers ("3.2.1.15"), the nearer of an address word and a
    version word before it, or else a private range."""
    value, before = m.group(), text[max(0, m.start() - 24) : m.start()]
    if _IP_AFTER.match(text[m.end() : m.end() + 6]) or _IP_BEFORE.search(before):
        return True
    if _after(text, m.start(), _VERSION_CUE, 12) or _VERSION_NEXT.match(text, m.end()) or _netmask(value):
        return False
    if _PRODUCT.search(text[max(0, m.start() - 16) : m.start()]) and not _PRIVATE.match(value):
        return False  # "Node 18.19.0.1"; "node 10.0.0.5" (a cluster node, private range) stays an address
    if _after(text, m.start(), _NOT_IP_CUE, 12) and not _after(text, m.start(), _IP_CUE, 12):
        return False
    if not _VERSION_LIKE.fullmatch(value) or len(set(value.split("."))) == 1:
        return True
    version = max((v.end() for v in _VERSION_NEAR.finditer(before)), default=-1)
    address = max((a.end() for a in _IP_CUE.finditer(before)), default=-1)
    if version >= 0:  # "build server runs at ...": the nearer word decides
        return address > version
    return address >= 0 or bool(_PRIVATE.match(value)) or bool(_IP_NEXT.match(text[m.end() : m.end() + 24]))


def _netmask(value: str) -> bool:
    """A subnet mask (255.255.255.0: ones then zeros) or its wildcard inverse (0.0.0.255): a
    network's shape, not a host anyone is reached at."""
    bits = int(ipaddress.IPv4Address(value))
    ones = f"{bits:032b}"
    return bool(re.fullmatch(r"1+0*|0+1*", ones)) and ones[0] != ones[-1]


def _ipv6(value: str) -> bool:
    if value.count(":") < 2 or not re.search(r"[0-9A-Fa-f]", value):
        return False
    if re.fullmatch(r"\d{1,2}:\d{2}(?::\d{2})?", value):  # a clock time, never an address
        return False
    try:
        ipaddress.IPv6Address(value.split("%", 1)[0])
    except ValueError:
        return False
    return True


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
