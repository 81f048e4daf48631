"""Street addresses for the PII detector (parsers/pii.py): only shapes that are reliable, because a
city, a district, a shop or a metro line identifies nobody and must stay readable.

Chinese: an address needs a road-like name (路 / 街 / 道 / 巷 / 弄 / 胡同 / 条, with an optional
segment such as 四段 or 东段) and a house number (88号), or a housing estate (小区 / 花园 / 苑 /
城 / 二期 ...) with a building number and a flat number ("8栋1单元602"). Province, city,
district and township in front are taken along; a verb in front ("我住在", "寄到") is not. Also a
village with its group (…镇石门村5组), a named building after the house number or the road
(…88号SOHO现代城2号楼1503室, 桃园路金牛广场A座2306), and any name with building + unit + flat.
Spaces inside an address and traditional characters do not matter (matched on a compacted,
folded copy). A number that names a metro line, an exit, a gate or a counter (3号线, 5号口) is no
house number.

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
# Building, unit, floor and flat after a house number or an estate: "5号楼1203室", "3栋2单元1102",
# "A座2306", "12楼1205室", "三单元1903室", "8-2-1701".
_ZH_UNITS = (
    rf"(?:(?:\d{{1,4}}|[A-Z]\d?)(?:号楼|栋|幢|座|楼|塔))?(?:{_CN_NUM}{{1,2}}单元)?(?:\d{{1,3}}[楼层])?"
    rf"(?:[A-Z]?\d{{2,5}}[A-Z]?(?:室|房|号)?|(?<=[栋幢座元])\d{{2,5}}(?![\d年月日号])|[A-Z](?:室|房)?)?"
)
# Names of estates and buildings end like one ("花园", "广场", "现代城") or carry a phase / block.
_ESTATE_END = (
    r"(?:小区|花园|公寓|大厦|家园|新村|小镇|苑|公馆|城|园|庭|府|湾|村|居|邸|郡|轩|阁|广场|中心|大楼|社区|商厦|"
    r"写字楼|国际|天街|科学园|产业园|园区|院)"
)
_ZH_TAIL = (
    rf"(?:院)?(?:(?:\d{{1,4}}|[A-Z])(?:号楼|栋|幢|座|楼))?(?:{_CN_NUM}{{1,2}}单元)?(?:\d{{1,5}}(?:室|号|房)|(?<=[栋幢座元])\d{{2,5}}(?![\d年月日号]))?"
    rf"(?:(?<=[号院])(?:{_HAN}|[A-Za-z\d]){{2,12}}?{_ESTATE_END}(?:[A-Z\d]{{1,2}}区|{_CN_NUM}{{1,2}}[区期])?"
    rf"(?=[A-Z\d一二三四五六七八九十])(?!\d+号(?!楼)){_ZH_UNITS})?"
)
# A day, a metro line, a gate, a counter, a hall: "人民路3号线", "5号口", "3号窗口" are not houses.
_NOT_HOUSE = r"(?!线|口|门(?!牌|口)|馆|窗|站|铺|位(?!于)|机|车|厅|桌|床|台|柜|码|球|选手|种子)"
_ZH_ADDRESS = re.compile(
    rf"(?:{_HAN}{{2,7}}?(?:省|自治区|特别行政区))?(?:{_HAN}{{2,7}}?市)?(?:{_HAN}{{1,7}}?(?:区|县|旗|市))?(?:{_HAN}{{1,7}}?(?:镇|乡|街道))?"
    rf"(?P<road>{_HAN}{{1,10}}?(?:路|街|大道|大街|道|巷|弄|胡同|里|条|村))"
    rf"(?:[东西南北中]段|{_CN_NUM}{{1,3}}段|{_CN_NUM}{{1,3}}[组社队])?"
    rf"(?:{_HAN}{{1,4}}?[巷弄])?(?:\d{{1,4}}[弄巷])?[甲乙丙丁]?(?P<number>\d{{1,5}})(?:-\d{{1,4}})?号{_NOT_HOUSE}"
    rf"(?:之(?:\d{{1,3}}|[一二三四五六七八九十]{{1,2}})|附\d{{1,3}}号)?(?P<tail>{_ZH_TAIL})"
)
# A numbered room of a public building is a meeting place, not where someone lives.
_PUBLIC_ROOM = re.compile(r"(?:会议室|教室|机房|实验室|展厅|报告厅|阶梯教室|活动室)")
_ROAD_SUFFIX = r"(?:路|街|大道|大街|道|巷|弄|胡同|里|条|村)"
# Words ending like a road that name no road: "这条路", "那里", "第三条", "知道", "管道", "高速公路",
# "步行街" alone (a kind of street; "观音桥步行街" is one), "村里", "我们村". A number after them is a
# date or a gate.
_NOT_ROAD = re.compile(
    rf"(?:(?:[这那哪每某此该][条个]?|[一两几]条|第{_CN_NUM}+条?){_ROAD_SUFFIX}?|"
    r"高速公路|马路|道路|铁路|高速路|"
    r"知道|渠道|管道|通道|隧道|跑道|赛道|频道|味道|难道|车道|轨道|航道|报道|人行道|街道|坡道|匝道|"
    r"心里|家里|村里|城里|屋里|夜里|手里|公里|梦里|店里|园里|楼里|厂里|院里|"
    r"(?:我们|咱们|你们|他们|我|咱|本|全|该|农)村)$"
    r"|^(?:步行街|商业街|美食街|小吃街|酒吧街)$"
)
# "长安街18号晚上", "这里5号开学": a day of the month, not a house number, when what follows is a time
# or an event and nothing (a building, a flat, a city in front) says address.
_DATE_NEXT = re.compile(
    r"(?:早上|上午|中午|下午|晚上|夜里|凌晨|前|之前|以前|后|之后|以后|当天|那天|左右|起|开始|开学|开业|开会|开放|"
    r"截止|到期|发|有|要|停|见|再|出发|放假|上线|下线|检修|聚会|路演|举行|举办|开幕|闭幕|发布|[（(]?(?:周|星期|礼拜))"
)
# The words before an address that belong to the sentence ("我住在", "麻烦送到", "老家在", "地址写",
# "寄明信片到").
_ZH_LEAD = re.compile(
    rf"^(?:{_HAN}{{0,6}}?(?:住在|位于|地址是|地址为|地址|寄到|送到|放到|搬到了|搬到|搬去|改成了?|改为了?|写(?!字楼)|填|到|在|是|住))+|"
    r"^(?:我家|我们|我|他|她|家|公司|新|现)*住"
)
# Housing estates and office buildings: a name ending like one (or a phase / block), then a
# building and a flat; or any name with building, unit and flat ("保利香槟国际2幢1单元703室").
_EST_NAME = rf"{_HAN}(?:{_HAN}|[A-Za-z\d]){{1,11}}?"
_ZH_ESTATE = re.compile(
    rf"(?:{_HAN}{{2,7}}?市)?(?:{_HAN}{{1,7}}?(?:区|县))?(?:{_HAN}{{1,10}}?(?:路|街|大道|大街))?"
    rf"(?:(?:{_EST_NAME}{_ESTATE_END}(?:[A-Z\d]{{1,2}}区|{_CN_NUM}{{1,2}}[区期])?|{_HAN}{{2,8}}?{_CN_NUM}{{1,2}}[区期])"
    rf"(?:(?:\d{{1,4}}|[A-Z]\d?)(?:号楼|栋|幢|座|塔)(?:{_CN_NUM}{{1,2}}单元)?(?:\d{{1,3}}[楼层])?[A-Z]?\d{{2,5}}(?![\d楼层])(?:室|号|房)?"
    rf"|\d{{1,2}}-\d{{1,2}}-\d{{3,4}}(?![\d-]))"
    rf"|{_HAN}{{2,10}}?\d{{1,4}}(?:号楼|栋|幢|座){_CN_NUM}{{1,2}}单元\d{{2,5}}(?:室|号|房)?)"
)
# A village with its group, in a township: "城关镇解放村4组", "汲冢镇王楼村三组18号".
_ZH_VILLAGE = re.compile(
    rf"(?:{_HAN}{{2,7}}?(?:省|自治区))?(?:{_HAN}{{2,7}}?市)?(?:{_HAN}{{1,7}}?(?:区|县|旗|市))?"
    rf"{_HAN}{{1,7}}?(?:镇|乡){_HAN}{{1,6}}?村{_CN_NUM}{{1,3}}(?:组|社|队)(?:\d{{1,5}}号)?"
)
# Traditional characters of addresses, folded one to one so spans stay the original's.
_TRAD = str.maketrans("號區樓縣鎮門單棟廈場園層東西南北廣灣橋莊臺庄", "号区楼县镇门单栋厦场园层东西南北广湾桥庄台庄")
_GAP = re.compile(r"(?<=[\u4e00-\u9fff\dA-Za-z])[ \t]+(?=[\u4e00-\u9fff\d])|(?<=[\u4e00-\u9fff\d])[ \t]+(?=[A-Z])")

_EN_STREET = (
    r"(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Crt|Way|Place|Pl|Terrace|Terr|Ter|"
    r"Tce|Parkway|Pkwy|Highway|Hwy|Expressway|Expy|Freeway|Fwy|Pike|Square|Sq|Loop|Circle|Cir|Crescent|Cres|"
    r"Close|Row|Trail|Gate|Mews|Hill|Grove|Gardens|Gdns|Walk|Green|Rise|Parade|Pde|Esplanade|Quay|Wharf|"
    r"Approach|Heights|Plaza|Alley|Embankment|Causeway|Ridge|Mall|Promenade)"
)
# Flat, unit, floor or block, in front of the number or after the street; any case ("apt 3R").
_EN_UNIT = (
    r"(?:(?i:Apt|Apartment|Suite|Ste|Unit|Flat|Level|Lvl|Floor|Block|Blk|Room|Rm)\b\.?\s*#?"
    r"(?:\d[0-9A-Za-z]{0,5}|[A-Z]\d{0,4})(?![A-Za-z0-9])|#\s?\d[0-9A-Za-z]{0,5})"
)
_EN_CITY = (
    r"(?:\s+[A-Z][a-z]+(?:\s[A-Z][a-z]+)?,?\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?(?![A-Za-z0-9])"  # "New York NY 10028"
    r"|,\s*[A-Z][a-z]+(?:\s[A-Z][a-z]+)?"  # city
    r"(?:\s+[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}(?![A-Za-z0-9])"  # UK postcode
    r"|,?\s*[A-Z]{2,3}(?:\s+(?:\d{4,5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d))?(?![A-Za-z0-9])"  # US/AU/CA
    r"|,\s*[A-Z][a-z]+(?:\s[A-Z][a-z]+)?(?![A-Za-z])"  # a state written out
    r"|\s+\d{1,4}(?![0-9A-Za-z]))?"  # "Dublin 4", "Auckland 1010"
    r"|,\s*\d{4,5}\s+[A-Z][a-z]+(?:[\s-][A-Z][a-z]+)?(?![A-Za-z])"  # "75004 Paris", "10115 Berlin"
    r")"
)
# The street's name: capitalised words, initials ("Colin P Kelly Jr"), ordinals ("5th", "82nd").
_EN_NAME = r"(?:(?:[A-Z][a-z]+(?:'s)?|[A-Z]\.?|\d{1,3}(?:st|nd|rd|th))\.?\s+){1,4}"
# Street types written first in French, Spanish, Italian, Portuguese addresses: "12 Rue de Rivoli".
_EN_PREFIXED = r"(?:Rue|Via|Calle|Avenida|Rua|Avenue)\s+(?:(?:de|del|da|do|la|le|du|des|di|della)\s+){0,2}[A-Z][a-z]+"
_EN_ADDRESS = re.compile(
    rf"(?<![0-9A-Za-z/\-])(?P<front>(?:{_EN_UNIT},?\s+){{1,2}})?(?:No\.\s?)?(?:\d{{1,4}}/)?\d{{1,5}}(?:-\d{{1,5}})?[A-Za-z]?"
    rf"\s+(?:(?:NE|NW|SE|SW|[NSEW]|North|South|East|West)\.?\s+)?"
    rf"(?:{_EN_NAME}{_EN_STREET}\b\.?|Broadway\b|{_EN_PREFIXED})"
    r"(?:\s+(?:NW|NE|SW|SE|West|East|North|South)\b)?"
    rf"(?P<unit>,?\s*{_EN_UNIT})?(?P<city>{_EN_CITY})?"
)
_PO_BOX = re.compile(r"(?<![0-9A-Za-z])P\.?\s?O\.?\s+Box\s+\d{1,6}" + _EN_CITY + "?", re.I)
# Words that introduce a place: a bare street address after one of these is an address.
_EN_PLACE_CUE = re.compile(
    r"(?:\b(?:at|to|into|onto|on|from|in|is|of|near|address|live|lives|lived|living|moved|move|stay|staying|visit|"
    r"deliver|send|ship|mail|house|home|office|apartment|place)\b|[:,(@])\s*$",
    re.I,
)


def address_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each street address candidate; overlaps are settled by the caller, touching
    Chinese pieces ("建国路88号SOHO" + "现代城5号楼1203室") are joined into one address."""
    spans = _zh_spans(text)
    for m in _EN_ADDRESS.finditer(text):
        bare = not (m.group("unit") or m.group("city") or m.group("front"))
        if bare and not (_EN_PLACE_CUE.search(text[max(0, m.start() - 16) : m.start()]) or _ends_clause(text, m.end())):
            continue
        spans.append((m.start(), m.end()))
    spans.extend((m.start(), m.end()) for m in _PO_BOX.finditer(text))
    return spans


def _zh_spans(text: str) -> list[tuple[int, int]]:
    """Chinese addresses, matched on the text with spaces inside an address removed ("七莘路 3888 号")
    and traditional characters folded; spans are mapped back to the original text."""
    compact, where = _compact(text.translate(_TRAD))
    found: list[tuple[int, int]] = []
    for pattern in (_ZH_ADDRESS, _ZH_ESTATE, _ZH_VILLAGE):
        for m in pattern.finditer(compact):
            if pattern is _ZH_ADDRESS and not _zh_street(compact, m):
                continue
            if pattern is _ZH_ESTATE and _PUBLIC_ROOM.match(compact, m.end()):  # "科技园3号楼201会议室"
                continue
            lead = _ZH_LEAD.match(m.group())
            start = m.start() + (lead.end() if lead else 0)
            if m.end() - start >= 5:
                found.append((start, m.end()))
    joined: list[tuple[int, int]] = []
    for start, end in sorted(found):
        if joined and start <= joined[-1][1]:
            joined[-1] = (joined[-1][0], max(end, joined[-1][1]))
        else:
            joined.append((start, end))
    return [(where[start], where[end - 1] + 1) for start, end in joined]


def _compact(text: str) -> tuple[str, list[int]]:
    """The text without the spaces inside a Chinese address, and each kept character's offset."""
    keep = [True] * len(text)
    for m in _GAP.finditer(text):
        for i in range(m.start(), m.end()):
            keep[i] = False
    where = [i for i, k in enumerate(keep) if k]
    return "".join(text[i] for i in where), where


def _zh_street(text: str, m: re.Match[str]) -> bool:
    """Whether a "<name>路/街/道/里/条 + N号" match names a street and a house: not a demonstrative or
    a common noun ending like a road, and not a date ("N号" <= 31 followed by a time or an event)
    unless a building / flat after it or a district before it says address."""
    if _NOT_ROAD.search(m.group("road")):
        return False
    admin = re.search(r"(?:省|市|区|县|镇)", text[m.start() : m.start("road")])
    if m.group("tail") or int(m.group("number")) > 31 or admin:
        return True
    return not _DATE_NEXT.match(text, m.end())


def _ends_clause(text: str, end: int) -> bool:
    rest = text[end:].lstrip(" ")
    return not rest or rest[0] in ",.;:!?)\n"
