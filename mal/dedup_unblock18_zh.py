"""Eighteenth round (helper unblock18zh): Chinese forms written two ways that a veto misread.

The learned layer scores these restatements ~0.99, and the substitution, numbers, slots or places
veto shut them out because one text writes a form short and the other spells it out:

  * a school year abbreviated (研二 / 研究生二年级, 大三 / 大学三年级, 高一 / 高中一年级, 初二 /
    初中二年级): the short form is read as the long one when the other text says the long one with
    the same year (研二 / 研究生三年级 are two years);
  * a flat's layout (两居室 / 两室户 / 两室一厅 / 两室的房子): one count of bedrooms, written as
    N居室 when the other text says a layout with the same count (two counts of 厅 stay two);
  * a floor (五楼 / 5层): N楼 is the Nth floor, read as the other's N层 when the numbers agree (5号楼,
    a building, is no floor);
  * a numeral word (俩 / 两个, 仨 / 三个) and tenths (三成 / 30%): 俩 counts two, N成 is N0 percent,
    read so when the other text says that count or percentage;
  * the working week (周一到周五 / 工作日) and the working hours idiom (朝九晚六 / 早上9点到晚上6点);
  * a country by its one-character name after a verb of going or staying there (赴日 / 去日本),
    read as the country the other text names;
  * an abbreviation (缩略, `abbreviated`): the first character of each word of a phrase (风控 /
    风险控制, 英短 / 英国短毛猫); a short word the dictionaries know is read so only when CC-CEDICT
    says it abbreviates the phrase or shares its sense (外企 / 外资企业, not 外包企业).

Each is a rewriting of one text into the other's form (mal/dedup_variants.py `variants`), made only
when the other text says the same amount or thing: every check then reads one form, and a different
count, year, hour or phrase still differs. Beside these, `said_apart` reads a compound title the
other text says cut by a verb (小学老师 / 在小学当老师: mal/dedup_recall.py), and `unpaid_said` a
debt not yet paid back as one owed (房贷未还 / 欠着房贷: the negation check). Pure functions over
texts; jieba's dictionary and CC-CEDICT are read once, lazily.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from mal.dedup_bilingual import cedict_entries
from mal.dedup_explain import CLASSIFIERS_ZH
from mal.dedup_text import is_cjk, jieba_tokens, zh_number
from mal.dedup_unblock17_zh import dictionary_word

__all__ = ["abbreviated", "said_apart", "unpaid_said", "written_alike"]

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
# (N层 after 有 / 共 / 盖, or before 的 / 高 / 楼, counts a building's storeys: 公司有3层, 5层的小楼, 3层高;
# 在三楼 is no such count: review of the eighteenth round)
_FLOOR_CENG = re.compile(rf"(?<![有共盖建])({_N}{{1,3}})层(?![的高楼])")

# 俩 / 仨 before what they count (not 伎俩); the other text says the count with a classifier
_PAIR_WORD = {"俩": ("两", "2"), "仨": ("三", "3")}
_COUNTERS = "个" + "".join(sorted(CLASSIFIERS_ZH))
_PAIR = re.compile(r"(?<!伎)([俩仨])([\u4e00-\u9fff])")

# 三成 / 30%: tenths (not 成年, 成都, 完成: a word after 成 is left alone)
_TENTHS = re.compile(r"([一二两三四五六七八九])成(?![年都功为绩本人立长熟员果就交])")

# 周一到周五 / 工作日 (not 非工作日, 除了工作日, 工作日以外: the days off, review of the eighteenth round)
_WEEKDAYS = re.compile(r"(?:周|星期|礼拜)一(?:到|至|-|~)(?:周|星期|礼拜)?五")
_WORKDAY = "工作日"
_WORKDAY_SAID = re.compile(r"(?<!非)(?<!除了)(?<!除)工作日(?!以外|之外|外)")

# 朝九晚六 / 早上9点到晚上6点
_HOURS_IDIOM = re.compile(r"朝([一二三四五六七八九十]{1,2})晚([一二三四五六七八九十]{1,2})")
_CLOCK = re.compile(r"(\d{1,2}|[一二两三四五六七八九十]{1,3})(?:点|:00|：00)")


def written_alike(text: str, other: str) -> dict[str, str]:
    """Spans of `text` that write a closed-class form `other` spells another way (see the module
    docstring), each mapped to the form `other` reads as the same."""
    out: dict[str, str] = {}
    for found in (_school_years, _layouts, _floors, _pairs, _tenths, _workdays, _hours_idiom, _countries, abbreviated):
        out.update(found(text, other))
    return {k: v for k, v in out.items() if k != v}


# 赴日 / 访美 / 留英: a country by its one-character name after a verb of going or staying there
_COUNTRY_CHARS = {
    **dict.fromkeys("日", "日本"),
    **dict.fromkeys("美", "美国"),
    **dict.fromkeys("英", "英国"),
    **dict.fromkeys("法", "法国"),
    **dict.fromkeys("德", "德国"),
    **dict.fromkeys("韩", "韩国"),
    **dict.fromkeys("俄", "俄罗斯"),
    **dict.fromkeys("澳", "澳大利亚"),
    **dict.fromkeys("加", "加拿大"),
    **dict.fromkeys("泰", "泰国"),
    **dict.fromkeys("意", "意大利"),
}
_COMMON_VERBS = frozenset("来留返")
_TO_COUNTRY = re.compile(rf"(赴|访|旅|留|来|返|抵)([{''.join(_COUNTRY_CHARS)}])")


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
    if (
        not _WORKDAY_SAID.search(other)
        or _WORKDAY_SAID.sub("", other).count(_WORKDAY)
        or re.search(r"(?:周|星期|礼拜)[一二三四五六日天]", other)
    ):
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


_PIECE = (2, 3)  # the words an abbreviation takes one character from: 牙科 / 医生, 外资 / 企业, 研究生
# an abbreviation names a thing, not an amount or a time (一儿 / 一个儿子, 每晚 / 每天晚上, 下周 /
# 下个周五 are read by the numbers and times checks)
_NOT_ABBREVIATION = re.compile(rf"[{_NUMERAL}\d每个周月年天日号点]")


def abbreviated(text: str, other: str) -> dict[str, str]:
    """Words of `text` that abbreviate a phrase of `other` the way Chinese abbreviates (缩略): one
    character, the first, from each word of the phrase in order (牙医 / 牙科医生, 外企 / 外资企业, 风控 /
    风险控制, 英短 / 英国短毛猫), each mapped to the phrase. Each word of the phrase is a dictionary
    word of two or three characters or a word as `other` is cut, so a character taken from inside a
    word (医 of 医生 after 牙科) makes no abbreviation; the short word is not in `other`, the phrase
    not in `text`, and a verb cut together with the short word (做风控) is left before it."""
    out = {}
    cut = jieba_tokens(other)
    for token in dict.fromkeys(jieba_tokens(text)):
        for short in _shorts(token):
            if short in other or _NOT_ABBREVIATION.search(short):
                continue
            phrase = next((p for p in _phrases(short, other, cut) if p not in text and _confirmed(short, p)), None)
            if phrase:
                out[short] = phrase
                break
    return out


def _shorts(token: str) -> list[str]:
    """The token (two to four characters), or its last two when it is three and no word (做风控)."""
    if not is_cjk(token) or not 2 <= len(token) <= 4:
        return []
    return [token, token[1:]] if len(token) == 3 and not dictionary_word(token) else [token]


def _phrases(short: str, other: str, cut: list[str]) -> list[str]:
    """Runs of words in `other`, one per character of `short`, each beginning with it."""
    found: list[str] = []
    for start in (i for i, c in enumerate(other) if c == short[0]):
        runs = [""]
        for char in short:
            runs = [
                run + piece
                for run in runs
                for piece in _pieces(other, start + len(run), cut)
                if piece[0] == char and not _NOT_ABBREVIATION.search(piece)
            ]
        found.extend(runs)
    return found


def _pieces(text: str, at: int, cut: list[str]) -> list[str]:
    """Words of `text` that begin at `at`: dictionary words of two or three characters, or a word of its cut."""
    words = [text[at : at + n] for n in _PIECE if at + n <= len(text) and dictionary_word(text[at : at + n])]
    return words + [w for w in cut if 2 <= len(w) <= 4 and text.startswith(w, at) and w not in words]


def _confirmed(short: str, phrase: str) -> bool:
    """A short word the dictionaries know is read as `phrase` only when CC-CEDICT says so: it
    abbreviates the phrase, or the two share a sense (外企 "abbr. for 外资企业", 牙医 / 牙科医生
    "dentist"; 外企 / 外包企业 are two things). A word no dictionary knows (英短) is the writer's own
    abbreviation, read by its form alone."""
    senses = _cedict().get(short)
    if senses is None:
        return not dictionary_word(short)
    if any(re.search(rf"(?:for |\|){re.escape(phrase)}(?:\[|$)", s) for s in senses):
        return True
    return bool(_glosses(senses) & _glosses(_cedict().get(phrase, ())))


def _glosses(senses: tuple[str, ...]) -> set[str]:
    return {g.strip().lower() for s in senses if "abbr." not in s for g in s.split(";")} - {""}


@lru_cache(maxsize=1)
def _cedict() -> dict[str, tuple[str, ...]]:
    """Simplified headword -> every sense of its entries, for words of two to six characters."""
    out: dict[str, tuple[str, ...]] = {}
    for heads, senses in cedict_entries():
        if len(heads) == 2 and 2 <= len(heads[1]) <= 6 and is_cjk(heads[1]):
            out[heads[1]] = out.get(heads[1], ()) + tuple(senses)
    return out


# what may stand between the two halves of a compound said apart: 在小学当老师, 在小学的老师
_APART = re.compile(r"[\u4e00-\u9fff]{0,2}")


def said_apart(word: str, text: str) -> bool:
    """A Chinese compound of four or more characters (小学老师, 银行柜员) said in `text` as its two
    halves, each two characters or more, in order and at most two characters apart (在小学当老师,
    在银行做柜员): the text says the compound, cut by a verb. The halves far apart or in the other
    order (老师的孩子在小学) say two things."""
    if not is_cjk(word) or len(word) < 4:
        return False
    return any(
        re.search(re.escape(word[:i]) + _APART.pattern + re.escape(word[i:]), text) is not None
        for i in range(2, len(word) - 1)
    )


def _countries(text: str, other: str) -> dict[str, str]:
    """赴日 -> 赴日本 when `other` names 日本 and `text` does not, and the character begins no word
    with what follows it (来加班 is overtime, not Canada)."""
    out = {}
    for m in _TO_COUNTRY.finditer(text):
        country = _COUNTRY_CHARS[m.group(2)]
        # after 来 / 留 / 返, words of their own in any text, the character may begin a word (来加班, 留意):
        # no country then (review of the eighteenth round); 赴 / 访 / 旅 / 抵 name a place (赴日出差)
        if m.group(1) in _COMMON_VERBS and dictionary_word(text[m.start(2) : m.end(2) + 1]):
            continue
        if country in other and country not in text:
            out[m.group(0)] = m.group(1) + country
    return out


# 尚有20万房贷未还 / 还没还清: a debt still owed, said with a negated 还 (pay back)
_UNPAID = re.compile(r"(?:尚|还)?(?:未|没有|没)还(?:清|完)?")
_DEBT = re.compile(r"贷|债|欠款|借款|借的钱")


def unpaid_said(a: str, b: str, negated: Callable[[str], bool]) -> bool:
    """One text says a debt is not yet paid back (房贷未还, 还没还清) and the other that it is owed
    (还欠着房贷): the negation is the debt's, so the negation check reads 未还 as 欠 and finds
    nothing else negated on one side alone. A text that says the debt paid (已还清) or owes nothing
    (没有房贷) has no 未还 and stays negated on one side."""
    for x, y in ((a, b), (b, a)):
        if _UNPAID.search(x) and _DEBT.search(x) and "欠" in y and not _UNPAID.search(y):
            return negated(_UNPAID.sub("欠", x)) == negated(y)
    return False
