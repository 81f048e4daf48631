"""Eighteenth round (helper unblock18zh): Chinese closed-class forms written two ways.

The learned layer scores these restatements ~0.99, and the substitution or numbers veto shut them
out because one text writes a closed-class form short and the other spells it out:

  * a school year abbreviated (研二 / 研究生二年级, 大三 / 大学三年级, 高一 / 高中一年级, 初二 /
    初中二年级): the short form is read as the long one when the other text says the long one with
    the same year (研二 / 研究生三年级 are two years);
  * a flat's layout (两居室 / 两室户 / 两室一厅 / 两室的房子): one count of bedrooms, written as
    N居室 when the other text says a layout with the same count (two counts of 厅 stay two);
  * a floor (五楼 / 5层): N楼 is the Nth floor, read as the other's N层 when the numbers agree (5号楼,
    a building, is no floor);
  * a numeral word (俩 / 两个, 仨 / 三个) and tenths (三成 / 30%): 俩 counts two, N成 is N0 percent,
    read so when the other text says that count or percentage;
  * the working week (周一到周五 / 工作日) and the working hours idiom (朝九晚六 / 早上9点到晚上6点).

Each is a rewriting of one text into the other's form (mal/dedup_variants.py `variants`), made only
when the other text says the same amount: every check then reads one form, and a different count,
year or hour still differs. Pure functions over texts; no I/O.
"""

from __future__ import annotations

import re

from mal.dedup_explain import CLASSIFIERS_ZH
from mal.dedup_text import zh_number

__all__ = ["written_alike"]

_NUMERAL = "一二两三四五六七八九十"
_N = rf"[{_NUMERAL}\d]"

# 研二 / 大三 / 高一 / 初二: a school year, and the school it abbreviates
_SCHOOLS = {"研": "研究生", "大": "大学", "高": "高中", "初": "初中"}
_YEAR_SHORT = re.compile(rf"(?<![\u4e00-\u9fff][大高初])([研大高初])([一二三四五])(?![{_NUMERAL}\d年级届班个门])")
_YEAR_LONG = "{school}{year}年级"

# N居室 / N室户 / N室M厅 / N室的 / N居: a flat's layout by its bedrooms
_LAYOUT = re.compile(rf"({_N})(?:居室|室户|室({_N})厅|居(?![住民])|室(?=的))")

# 五楼 / 5层: a floor (not 5号楼, not 楼层)
_FLOOR_LOU = re.compile(rf"(?<![号栋幢座])({_N}{{1,3}})楼(?![房盘道梯下上层主])")
_FLOOR_CENG = re.compile(rf"({_N}{{1,3}})层")

# 俩 / 仨 before what they count (not 伎俩); the other text says the count with a classifier
_PAIR_WORD = {"俩": ("两", "2"), "仨": ("三", "3")}
_COUNTERS = "个" + "".join(sorted(CLASSIFIERS_ZH))
_PAIR = re.compile(r"(?<!伎)([俩仨])([\u4e00-\u9fff])")

# 三成 / 30%: tenths (not 成年, 成都, 完成: a word after 成 is left alone)
_TENTHS = re.compile(r"([一二两三四五六七八九])成(?![年都功为绩本人立长熟员果就交])")

# 周一到周五 / 工作日
_WEEKDAYS = re.compile(r"(?:周|星期|礼拜)一(?:到|至|-|~)(?:周|星期|礼拜)?五")
_WORKDAY = "工作日"

# 朝九晚六 / 早上9点到晚上6点
_HOURS_IDIOM = re.compile(r"朝([一二三四五六七八九十]{1,2})晚([一二三四五六七八九十]{1,2})")
_CLOCK = re.compile(r"(\d{1,2}|[一二两三四五六七八九十]{1,3})(?:点|:00|：00)")


def written_alike(text: str, other: str) -> dict[str, str]:
    """Spans of `text` that write a closed-class form `other` spells another way (see the module
    docstring), each mapped to the form `other` reads as the same."""
    out: dict[str, str] = {}
    for found in (_school_years, _layouts, _floors, _pairs, _tenths, _workdays, _hours_idiom):
        out.update(found(text, other))
    return {k: v for k, v in out.items() if k != v}


def _value(numeral: str) -> str:
    return "2" if numeral == "两" else zh_number(numeral)


def _school_years(text: str, other: str) -> dict[str, str]:
    """研二 -> 研究生二年级 when `other` says that school and year."""
    out = {}
    for m in _YEAR_SHORT.finditer(text):
        school, year = _SCHOOLS[m.group(1)], m.group(2)
        for written in (year, zh_number(year)):
            long = _YEAR_LONG.format(school=school, year=written)
            if long in other and long not in text:
                out[m.group(0)] = long
    return out


def _layouts(text: str, other: str) -> dict[str, str]:
    """两室户 / 两室一厅 / 两室 -> 两居室 when `other` names a layout with as many bedrooms (and no
    count of 厅 the text does not say)."""
    theirs = {_value(m.group(1)): m for m in _LAYOUT.finditer(other)}
    out = {}
    for m in _LAYOUT.finditer(text):
        partner = theirs.get(_value(m.group(1)))
        if partner is None or m.group(0) == partner.group(0):
            continue
        if m.group(2) and partner.group(2) and _value(m.group(2)) != _value(partner.group(2)):
            continue
        if m.group(2) and "厅" in other:
            continue
        out[m.group(0)] = f"{m.group(1)}居室"
    return out


def _floors(text: str, other: str) -> dict[str, str]:
    """五楼 -> 5层 when `other` says that floor with 层."""
    theirs = {_value(m.group(1)): m.group(0) for m in _FLOOR_CENG.finditer(other)}
    return {
        m.group(0): theirs[_value(m.group(1))]
        for m in _FLOOR_LOU.finditer(text)
        if _value(m.group(1)) in theirs and "楼" not in other
    }


def _pairs(text: str, other: str) -> dict[str, str]:
    """俩孩子 -> 两个孩子, 俩狗 -> 两只狗 when `other` counts two of something (两 / 2 before a
    classifier: the other's classifier is the one written)."""
    out = {}
    for m in _PAIR.finditer(text):
        zh, digit = _PAIR_WORD[m.group(1)]
        counted = re.search(rf"(?:{zh}|{digit})([{_COUNTERS}]){re.escape(m.group(2))}", other)
        if counted:
            out[m.group(0)] = f"{zh}{counted.group(1)}{m.group(2)}"
    return out


def _tenths(text: str, other: str) -> dict[str, str]:
    """三成 -> 30% when `other` says that percentage."""
    out = {}
    for m in _TENTHS.finditer(text):
        percent = int(_value(m.group(1))) * 10
        if f"{percent}%" in other or f"百分之{zh_number_words(percent)}" in other:
            out[m.group(0)] = f"{percent}%"
    return out


def zh_number_words(value: int) -> str:
    """30 -> 三十 (tens only: what `_tenths` writes)."""
    digits = "零一二三四五六七八九"
    tens, ones = divmod(value, 10)
    return ("" if tens == 1 else digits[tens]) + "十" + (digits[ones] if ones else "")


def _workdays(text: str, other: str) -> dict[str, str]:
    """周一到周五 -> 工作日 when `other` says 工作日 (and no weekday of its own)."""
    if _WORKDAY not in other or re.search(r"(?:周|星期|礼拜)[一二三四五六日天]", other):
        return {}
    return {m.group(0): _WORKDAY for m in _WEEKDAYS.finditer(text)}


def _hours_idiom(text: str, other: str) -> dict[str, str]:
    """朝九晚六 -> 早上9点到晚上6点 when `other` says both hours (9 and 6, or 18)."""
    out = {}
    hours = {_value(m.group(1)) for m in _CLOCK.finditer(other)}
    for m in _HOURS_IDIOM.finditer(text):
        start, end = zh_number(m.group(1)), zh_number(m.group(2))
        if start in hours and (end in hours or str(int(end) + 12) in hours):
            out[m.group(0)] = f"早上{start}点到晚上{end}点"
    return out
