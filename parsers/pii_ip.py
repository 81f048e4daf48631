"""IP addresses for the PII detector (parsers/pii.py). Pure, no I/O.

IPv4 is the hard one: a dotted quad is as often a version ("pandas 2.2.1.1"), a section number, a
subnet mask or a dotted date as an address. Its shape decides first (a port, a prefix length, a
scheme, user@), then the words around it. IPv6 is taken when `ipaddress` parses it and it is not a
clock time.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterator

__all__ = ["ip_spans"]

# A version word right before the quad: "patch 1.38.2.12", "updated to 4.12.0.201", "驱动 31.0.15.5222".
_VERSION_CUE = re.compile(
    r"(?:版本号?|升级|更新|升到|固件|补丁|驱动|内核|系统|章节|条款|附录|文档|第|§|"
    # a figure or a table of a document, not a routing / ARP / address table: "表 11.2.3.4", "Table 10.4.2.1"
    r"(?<!路由)(?<!地址)(?<!转发)(?<!映射)(?<![Aa][Rr][Pp])(?<!列)(?<!osts)(?<!IP)(?<!ip)[图表]|(?-i:\bTable|\bTab\.)|"
    r"\b(?:version|ver\.?|release|build|firmware|patch(?:ed)?|hotfix|driver|kernel|section|sec\.|"
    # a part of a document: "doc 12.4.2.7", "clause 3.1.4.2", "Appendix 10.2.1.4"
    r"docs?|document|chapter|ch\.|clause|article|art\.|para(?:graph)?|appendix|annex|figure|fig\.|item|rule|step|"
    r"(?:update|upgrade)[ds]?(?:\s+(?:it\s+)?to)?|release\s+train|train))"
    r"(?:\s*(?:number|no\.?|#|号))?(?:到了?|至|是|为|成|\s+(?:is|was|=))?\s*[:：]?\s*(?:(?<![A-Za-z])v)?$|(?<![A-Za-z])v$",
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
    r"Redis|MySQL|Postgres(?:QL)?|MongoDB|Elasticsearch|Excel|Photoshop|Minecraft|"
    # network operating systems: "Cisco IOS 15.2.4.3", "Junos 21.4.1.2"
    r"IOS(?:-XE|-XR)?|NX-OS|Junos|JunOS|RouterOS|FortiOS|PAN-OS)"
    r"|微信|支付宝|钉钉|飞书|抖音|淘宝|QQ|鸿蒙|HarmonyOS|MIUI)\s*$"
)
# What only a host does, said right after it: "8.8.4.4 times out", "1.2.3.4 is unreachable", "… 连不上".
_IP_NEXT = re.compile(
    r"\s*(?:(?:keeps\s+|still\s+)?(?:times?\s+out|timed\s+out|timing\s+out)|(?:is|was|went)\s+(?:down|unreachable|offline)(?!\s+(?:(?:the|to|by|from|a|an)\b|\d))|"
    r"(?:doesn'?t|does\s+not|won'?t|can'?t)\s+(?:respond|resolve|answer|be\s+reached)|refused|"
    r"(?:一直|总是|老是)?(?:超时|连不上|不通|ping不通|无法访问|访问不了|掉线))",
    re.I,
)
# Dates, timings and object identifiers written with dots: "日期写成了 24.12.31.1", "OID 1.3.6.1",
# "finished at 2.13.45.8", "成绩 1.02.33.5".
_NOT_IP_CUE = re.compile(
    r"(?:日期|时间戳|成绩|用时|计时|\b(?:date[ds]?|dated|timestamp|oid|mib|finish(?:ed|ing)?\s+(?:at|in)|clocked|"
    r"lap(?:\s+time)?|split|race\s+time|chip\s+time)\b)",
    re.I,
)
# "3.2.1.15 版本", "1.2.3.4 release": a version named right after the number.
_VERSION_NEXT = re.compile(r"\s*(?:版本|版|\b(?:version|release|build|update)\b)", re.I)
# "12.4.2.7 of the handbook", "3.2.1.4 条": a numbered part of a document, named right after it.
_PART_OF = re.compile(
    r"\s+of\s+(?:the|this|that|our|your|its)\s+(?:[\w-]+\s+){0,2}(?:handbook|manual|spec(?:ification)?s?|guide|"
    r"guidelines|contract|lease|agreement|standard|rfc|book|textbook|rulebook|report|thesis|paper|regulations?|act)\b"
    r"|\s*(?:条|节|章|款)(?!件|点|目)",
    re.I,
)
# A code suffix glued to the quad: "型号10.1.1.2-A", "part 10.20.30.40-B" name a product, not a host.
_CODE_SUFFIX = re.compile(r"-(?:[A-Z]{1,2}\d?|\d?[A-Z])(?![0-9A-Za-z])")
# Structure that only addresses have: a port or prefix length after, a scheme or user@ before.
_IP_AFTER = re.compile(r"^(?::\d{1,5}\b|/(?:[12]?\d|3[0-2])\b)")
_IP_BEFORE = re.compile(r"(?:://|@|\[)$")
_PRIVATE = re.compile(r"^(?:10|127|192\.168|172\.(?:1[6-9]|2\d|3[01])|169\.254)\.")
# A dotted quad of small numbers ("3.2.1.15") is a version unless the text calls it an address.
_VERSION_LIKE = re.compile(r"\d\.(?:1\d|20|\d)\.(?:1\d|20|\d)\.\d{1,3}")
_IPV4 = re.compile(
    r"(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?![\d]|\.\d)"
)
_IPV6 = re.compile(r"(?<![0-9A-Za-z:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?:%\w+)?(?![0-9A-Za-z:])")

# A label glued to the address by a colon ("IPv6：2408:..." after full-width folding): the label's
# letters are outside hex, so the address starts after its colon.
_IPV6_LABELLED = re.compile(
    r"(?<![0-9A-Za-z:])(?P<label>[A-Za-z]*[G-Zg-z][A-Za-z0-9]*):"
    r"(?P<address>(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?:%\w+)?)(?![0-9A-Za-z:])"
)


def ip_spans(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each IPv4 / IPv6 address in `text`."""
    for m in _IPV4.finditer(text):
        if _is_ipv4(text, m):
            yield m.span()
    for m in _IPV6.finditer(text):
        if _ipv6(m.group()):
            yield m.span()
    labelled = _IPV6_LABELLED.finditer(text) if text.count(":") >= 3 else ()  # a label's colon + two
    for m in labelled:  # "IPv6:2408:8207:2470::2", "inet6:fe80::1"
        if _ipv6(m.group("address")) and not _ipv6(m.group("label") + ":" + m.group("address")):
            yield m.span("address")


def _after(text: str, start: int, cue: re.Pattern[str], window: int = 20) -> bool:
    return bool(cue.search(text[max(0, start - window) : start]))


def _is_ipv4(text: str, m: re.Match[str]) -> bool:
    """A dotted quad is an address unless it reads as a version or a section number. Its shape
    decides first (a port, a prefix length, a scheme, user@); then a version word right before or
    after it; then, for quads of small numbers ("3.2.1.15"), the nearer of an address word and a
    version word before it, or else a private range."""
    value, before = m.group(), text[max(0, m.start() - 24) : m.start()]
    if _IP_AFTER.match(text[m.end() : m.end() + 6]) or _IP_BEFORE.search(before):
        return True
    if _after(text, m.start(), _VERSION_CUE, 20) or _VERSION_NEXT.match(text, m.end()) or _netmask(value):
        return False
    if _CODE_SUFFIX.match(text, m.end()) and not _after(text, m.start(), _IP_CUE, 24):
        return False
    if _PART_OF.match(text, m.end()) and not _after(text, m.start(), _IP_CUE, 24):
        return False
    if _PRODUCT.search(text[max(0, m.start() - 16) : m.start()]) and not _PRIVATE.match(value):
        return False  # "Node 18.19.0.1"; "node 10.0.0.5" (a cluster node, private range) stays an address
    if _after(text, m.start(), _NOT_IP_CUE, 12) and not _after(text, m.start(), _IP_CUE, 12):
        return False
    if _among_versions(text, m) and not _after(text, m.start(), _IP_CUE, 24):
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
    if value.count(":") < 2 or not re.search(r"[0-9]", value):  # "a::b" (C++ scope), "::" are no address
        return False
    if re.fullmatch(r"\d{1,2}:\d{2}(?::\d{2})?", value):  # a clock time, never an address
        return False
    try:
        ipaddress.IPv6Address(value.split("%", 1)[0])
    except ValueError:
        return False
    return True


# A three-part version ("numpy 1.26.4", "requests 2.31.0"), not a piece of a quad.
_TRIPLE = re.compile(r"(?<![\d.])\d{1,3}\.\d{1,3}\.\d{1,4}(?![\d]|\.\d)")


def _among_versions(text: str, m: re.Match[str]) -> bool:
    """A public quad starting with a single digit, listed among three-part versions within 80
    characters ("numpy 1.26.4 ... pandas 2.2.1.1", "requests 2.31.0 and urllib3 to 1.26.18.1"): a
    fourth version component, not a host. Private ranges and a nearby address word keep the host."""
    if int(m.group().split(".")[0]) >= 10 or _PRIVATE.match(m.group()):
        return False
    return any(t.start() != m.start() for t in _TRIPLE.finditer(text[max(0, m.start() - 80) : m.end() + 80]))
