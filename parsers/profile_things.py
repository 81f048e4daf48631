"""Devices and birthdays (split from parsers/profile_rules.py): the device now used ("换成了iPhone
15", "switched my laptop to a MacBook Air"; never the one used before) and a birthday as MM-DD or
YYYY-MM-DD, with the relative whose birthday it is. Values are spans of the text or the date it
states; nothing is guessed.
"""

from __future__ import annotations

import re
from datetime import datetime

from parsers.profile_base import CN as _CN
from parsers.profile_base import Found, relative_before
from parsers.profile_base import cn_int as _cn_int
from parsers.profile_base import fact as _fact
from parsers.temporal import find_when

__all__ = ["birthdays", "devices"]

_DEVICE = re.compile(
    r"(?:换成了|换成|换了(?:个|台|部)?|入了|买了(?:个|台|部)?|升级到了?|(?:现在|平时|一直)?用的是|(?:现在|平时|一直)用(?=\s?[A-Za-z])|用上了|我的新?(?:手机|电脑|笔记本|平板)(?:是|用的是))\s*(?P<v>[A-Za-z\u4e00-\u9fa5][\w\u4e00-\u9fa5 ]{0,24}?)"
    r"(?=了|[，。,.!！?？]|$|用|看|的)|"
    r"\b(?:switched|moved|upgraded|changed)\s+(?:over\s+)?(?:from\s+(?:an?\s+)?[\w ]{1,20}?\s+)?(?:my\s+\w+\s+)?to\s+(?:an?\s+|the\s+)?(?P<v2>(?:[A-Z]|i[A-Z])[\w]*(?:\s+(?:[A-Z0-9][\w]*|Pro|Max|Air|Plus|mini))*)|"
    r"\b(?:I'm on|I am on|(?:I'm\s+|I am\s+)?currently on|I'm using|now using|I use|"
    # the device given up, then the one taken: "ditched my Samsung for a Pixel 8 Pro"
    r"(?:ditched|dumped|traded in|traded|swapped|replaced)\s+(?:my|our|the)\s+\w+(?:\s+\w+)?\s+(?:for|with)|(?:(?:I|we|and|finally|just)\s+)?(?:(?:just|finally)\s+)?(?i:got|bought|picked up|ordered)|"
    r"(?:I|we)\s+(?:now\s+)?(?:read|play|game|work)\s+on)\s+(?:an?\s+(?:new\s+)?|the\s+(?:new\s+)?|my\s+(?:new\s+)?|myself\s+an?\s+)?(?P<v3>(?:iPhone|iPad|Pixel|Galaxy|MacBook|Mac|Surface|ThinkPad|Kindle|Android|Samsung|OnePlus|Xiaomi|Huawei|Dell|Lenovo|Switch|Steam Deck)(?:\s+(?:[A-Z0-9][\w]*|Pro|Max|Air|Plus|mini))*)|"
    # the device named first, the switch after it: "the new Galaxy Z Flip I switched to"
    # (model words typed in lower case: "galaxy z flip", "pixel 8 pro")
    r"(?P<v4>(?:iPhone|iPad|Pixel|Galaxy|MacBook|Surface|ThinkPad|Kindle|OnePlus)"
    r"(?:\s+(?:[A-Z0-9][\w]*|Pro|Max|Air|Plus|mini|[a-z]|flip|fold|ultra|pro|max|plus|lite|air|edge))*)"
    r"\s+(?:that\s+)?(?:I|we)\s+(?:just\s+|finally\s+)?(?:switched|moved|upgraded|changed)\s+(?:over\s+)?to\b",
)
_BRANDS = re.compile(
    r"iPhone|iPad|Mac|Pixel|Galaxy|Kindle|Surface|ThinkPad|安卓|苹果|华为|小米|三星|OPPO|vivo|荣耀|一加|电脑|手机|平板|笔记本|Android|Samsung|OnePlus|Dell|Lenovo",
    re.I,
)


def devices(text: str, lang: str) -> list[Found]:
    for m in _DEVICE.finditer(text):  # "switched from Chrome to Firefox... I mean my laptop to a MacBook Air"
        found = _device(text, m)
        if found:
            return found
    return []


def _device(text: str, m: re.Match[str]) -> list[Found]:
    if re.search(r"(?:之前|以前|原来|本来|过去)$", text[max(0, m.start() - 4) : m.start()]):
        return []  # "之前用的是OPPO": the device used before, not now
    value = (m.group("v") or m.group("v2") or m.group("v3") or m.group("v4") or "").strip()
    if not value or not _BRANDS.search(value + text[max(0, m.start() - 8) : m.start()]):
        return []
    if not _BRANDS.search(value):
        return []
    value = re.sub(r"(?:看书|用|来用|now|了)$", "", value).strip()
    value = re.sub(r"\s+(?:哈+|嘿嘿|lol)$", "", value)  # "换成了 Pixel 8 Pro 哈哈": the laugh is no model
    return [(m.start(), _fact("device", value))]


# A round birthday ("过八十大寿") names the day as well as the age when a date comes with it.
_BDAY_ZH = re.compile(r"生日|出生|大寿|birthday|bday", re.I)
# "儿子下个月8号过生日": the date is the birthday's even beside a party or a present.
_ON_DAY = re.compile(
    rf"是|\bis\b|\bon\b|过(?:生日|[\u4e00-\u9fff]{{1,3}}大寿)|生日\s*(?:\d{{1,2}}|[{_CN}]{{1,3}})\s*月", re.I
)
# A month named relative to now is a date only with its day ("下个月8号"; "下个月过生日" is no day).
_MONTH_ONLY = re.compile(rf"[上下]个?月(?!\s*(?:\d{{1,2}}|[{_CN}]{{1,3}})\s*[号日])|next month|last month")
_BDAY_EN = re.compile(r"\b(?:birthday|bday|b-day|born)\b", re.I)
_MD_ZH = re.compile(
    rf"(?:(?P<y>\d{{4}})年)?\s*(?P<m>\d{{1,2}}|[{_CN}]{{1,3}})\s*月\s*(?P<d>\d{{1,2}}|[{_CN}]{{1,3}})\s*(?:号|日)|"
    # "我女儿生日5月30": the day written without 号 right after the word birthday
    rf"(?:生日|出生)(?:是|在|就是|就在)?\s*(?P<m2>\d{{1,2}})\s*月\s*(?P<d2>\d{{1,2}})(?![\d天个年岁块元])"
)
_MONTHS = {
    m: i + 1
    for i, names in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])
    for m in (names,)
}
_MD_EN = re.compile(
    r"\b(?:(?P<d1>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m1>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:,?\s+(?P<y1>\d{4}))?|"
    r"(?P<m2>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?P<d2>\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(?P<y2>\d{4}))?)\b|"
    r"\b(?P<iso>\d{4}-\d{2}-\d{2})\b",
    re.I,
)


# A date written with slashes ("3/14", "14/3/1990", "03/14"): read only when the order is certain
# (one number is above 12, so it is the day); "3/4" could be either, and is left unread.
_SLASHED = re.compile(r"(?<![\d/])(?P<a>\d{1,2})/(?P<b>\d{1,2})(?:/(?P<y>(?:19|20)\d{2}))?(?![\d/])")


def _slashed(text: str) -> tuple[str, re.Match[str]] | None:
    m = _SLASHED.search(text)
    if m is None:
        return None
    a, b = int(m.group("a")), int(m.group("b"))
    if 1 <= a <= 12 < b <= 31:
        month, day = a, b
    elif 1 <= b <= 12 < a <= 31:
        month, day = b, a
    else:
        return None
    return (f"{m.group('y')}-" if m.group("y") else "") + f"{month:02d}-{day:02d}", m


def birthdays(text: str, lang: str, now: datetime) -> list[Found]:
    cue = _BDAY_ZH.search(text) if lang != "en" else _BDAY_EN.search(text)
    if not cue or (re.search(r"礼物|gift|present|party|派对|蛋糕|cake", text, re.I) and not _ON_DAY.search(text)):
        return []
    value = None
    m = _MD_ZH.search(text) if lang != "en" else None
    if m:
        month, day = _cn_int(m.group("m") or m.group("m2")), _cn_int(m.group("d") or m.group("d2"))
        if month and day and 1 <= month <= 12 and 1 <= day <= 31:
            value = (f"{m.group('y')}-" if m.group("y") else "") + f"{month:02d}-{day:02d}"
    if (value is None and lang != "zh") or (value is None and lang == "mixed"):
        e = _MD_EN.search(text)
        if e:
            m = e
            if e.group("iso"):
                value = e.group("iso")
            else:
                month = _MONTHS[(e.group("m1") or e.group("m2")).lower()[:3]]
                day = int(e.group("d1") or e.group("d2"))
                year = e.group("y1") or e.group("y2")
                if 1 <= day <= 31:
                    value = (f"{year}-" if year else "") + f"{month:02d}-{day:02d}"
    if value is None:
        value, m = _slashed(text) or (None, m)
    if value is None:
        when = find_when(text, now, lang)
        if when and when.date and not _MONTH_ONLY.search(text):
            value = when.date[5:]
            if (
                re.search(
                    r"周[一二三四五六日天]|星期|礼拜|明天|后天|今天|[上下这]个?月\s*\S{1,3}[号日]|"
                    r"tomorrow|today|wednesday|monday|tuesday|thursday|friday|saturday|sunday",
                    text,
                    re.I,
                )
                is None
            ):
                value = None
    if value is None:
        return []
    rel = relative_before(text, cue.start(), lang)
    return [(cue.start() if m is None else min(cue.start(), m.start()), _fact("birthday", value, rel))]
