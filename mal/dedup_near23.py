"""Five near-miss families that passed every veto once blind22 / blind22b were retired (helper
near23, issue #11). The retrained learned layer had to raise its floor above each of them, which
costs restatements; a hard veto reading the family keeps them apart without the model:

  * `multiple_birth` - one text says a multiple birth or a set of multiples (twins, triplets,
    双胞胎, 三胞胎, 龙凤胎) the other does not, or another one: "pregnant with twins" / "pregnant".
    The numbers veto reads digits and count words (两个 / 2), not these nouns, and the modifier
    veto reads "with twins" as a light prepositional tail.
  * `deixis_shifted` - both texts put a deictic word before one time unit and the words point at
    other times: 这个 weekend / 下个 weekend, 这周末 / 下周末, "this month" / "next month", 本学期 /
    下学期. The times veto reads the unit (weekend) and, in a Chinese text, not the English unit's
    deictic word; this check reads both languages alike (下周末 / "next weekend" agree).
  * `prefixed_word` - one text says a word the other says with a prefix that changes its meaning:
    prediabetic / diabetic, ex-wife / wife, non-smoker / smoker, unemployed / employed, 前男友 / 男友,
    准妈妈 / 妈妈, 非吸烟者 / 吸烟者, 半退休 / 退休. The word rules explain "prediabetic" as one edit
    too many from nothing, but the model sees one letter run and two near-equal vectors.
  * `modal_flipped` - both texts say one modal with one verb (能吃 / 不能吃, "can eat" / "can't eat"),
    negated in one text only. The negation veto excuses a negation in an allergy's consequence
    (我对牛奶过敏 / 我不能喝牛奶，会过敏), which let 蛋糕都不能吃 / 但蛋糕能吃 through.
  * `deed_added` - one text is the other plus a trailing clause whose first word of weight is a
    verb and which holds a word the shorter does not explain: 每周去健身房三次 / …，每次请私教,
    "I swim every morning" / "…, then coach a kids' class". mal/dedup_detail22.py `clause_added`
    reads only clauses opening on a job, place, time, person or purpose; a clause that says why or
    what follows (会 / 就 / so / because) restates the fact and is left to the model.

Pure functions over two texts as the family checks read them (a note's "User" already "I":
mal/dedup_notes.py); no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal.dedup_detail22 import _adds, _says, _tagged, trailing_clauses
from mal.dedup_text import is_cjk, normalise

__all__ = ["CHECKS", "deed_added", "deixis_shifted", "modal_flipped", "multiple_birth", "prefixed_word"]

# --- multiple births ---------------------------------------------------------------------------
_MULTIPLES = (
    (re.compile(r"\btwins?\b|双胞胎|龙凤胎|孪生|雙胞胎|龍鳳胎", re.I), "2"),
    (re.compile(r"\btriplets?\b|三胞胎", re.I), "3"),
    (re.compile(r"\bquadruplets?\b|\bquads\b|四胞胎", re.I), "4"),
    (re.compile(r"\bquintuplets?\b|五胞胎", re.I), "5"),
)


def _multiples(text: str) -> frozenset[str]:
    return frozenset(n for pattern, n in _MULTIPLES if pattern.search(text))


def multiple_birth(a: str, b: str) -> bool:
    """One text says multiples (twins, 双胞胎) the other does not, or another number of them."""
    return _multiples(a) != _multiples(b)


# --- deictic time words ------------------------------------------------------------------------
# A deictic word's shift from now: this / 这 / 本 0, next / 下 +1, last / 上 -1, and twice over.
_ZH_SHIFT = {"这": 0, "這": 0, "本": 0, "今": 0, "下": 1, "上": -1, "下下": 2, "上上": -2}
_EN_SHIFT = {"this": 0, "next": 1, "last": -1, "coming": 1, "past": -1}
# Units a deictic word may point along, each read as one name in both languages.
_ZH_UNITS = {
    "周末": "weekend",
    "礼拜": "week",
    "星期": "week",
    "周": "week",
    "週": "week",
    "月": "month",
    "学期": "term",
    "季度": "quarter",
}
_EN_UNITS = {
    "weekend": "weekend",
    "week": "week",
    "month": "month",
    "year": "year",
    "term": "term",
    "semester": "term",
    "quarter": "quarter",
    "summer": "summer",
    "winter": "winter",
    "spring": "spring",
    "fall": "fall",
    "autumn": "fall",
    **{d: "week" for d in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")},
}
_EN_UNIT = "|".join(sorted(_EN_UNITS, key=len, reverse=True))
_ZH_UNIT = "|".join(sorted(_ZH_UNITS, key=len, reverse=True))
# 这个 weekend, 下周末, 上个月, 本学期; a Chinese deictic word may stand before an English unit too.
# (not 上 / 下 ending another word: 晚上, 马上, 楼下, 一下)
_ZH_DEIXIS = re.compile(
    rf"(?<![晚早马線线楼樓网網路桌身手一日])(下下|上上|这|這|本|下|上)\s*个?\s*({_ZH_UNIT}|{_EN_UNIT})", re.I
)
_ZH_YEAR = re.compile(r"(今|明|去)年")
_ZH_YEAR_SHIFT = {"今": 0, "明": 1, "去": -1}
# "this coming Friday" is the next one said twice: read as one shift
_EN_DEIXIS = re.compile(rf"\b(this coming|this past|this|next|last|coming|past)\s+({_EN_UNIT})s?\b", re.I)
_EN_PHRASE_SHIFT = {"this coming": 1, "this past": -1}


def _deixes(text: str) -> dict[str, set[int]]:
    """Each time unit the text points along, with the shifts it says for it."""
    out: dict[str, set[int]] = {}
    low = normalise(text)
    for m in _ZH_DEIXIS.finditer(low):
        word, unit = m.group(1), m.group(2).lower()
        name = _ZH_UNITS.get(unit) or _EN_UNITS.get(unit)
        if name:
            out.setdefault(name, set()).add(_ZH_SHIFT[word])
    for m in _ZH_YEAR.finditer(low):
        out.setdefault("year", set()).add(_ZH_YEAR_SHIFT[m.group(1)])
    for m in _EN_DEIXIS.finditer(low):
        word, unit = m.group(1).lower(), m.group(2).lower()
        shift = _EN_PHRASE_SHIFT.get(word, _EN_SHIFT.get(word, 0))
        out.setdefault(_EN_UNITS[unit], set()).add(shift)
    return out


def deixis_shifted(a: str, b: str) -> bool:
    """Both texts point along one time unit with deictic words, and at other times of it."""
    da, db = _deixes(a), _deixes(b)
    return any(da[unit] != db[unit] for unit in da.keys() & db.keys())


# --- prefixed words ----------------------------------------------------------------------------
_EN_PREFIX = re.compile(r"\b(pre|non|un|ex|anti|post|semi)(?:-|(?<=ex) )?([a-z]{4,})\b")
_ZH_PREFIXES = ("前", "非", "准", "半", "準")
# jieba flags of a word after 前 / 半 that makes a time or a count, not a prefixed word (前几天, 半小时)
_NOT_PREFIXED = ("m", "t", "q", "f")
# Words jieba glues to a prefix before the prefixed word (是非 in 我是非吸烟者)
_GLUED = frozenset("是都也还并就")
_NUMERIC = re.compile(r"[0-9一二两三四五六七八九十百千万几]")


def _words_en(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text))


def _prefixed_en(text: str) -> set[tuple[str, str]]:
    return {(m.group(1), m.group(2)) for m in _EN_PREFIX.finditer(text)}


def _prefixed_zh(text: str) -> set[tuple[str, str]]:
    """(prefix, word) for 前男友, 准妈妈, 非 + 吸烟者, 半 + 退休 as jieba cuts the text."""
    tags = _tagged(text)
    out = set()
    for i, (word, _flag) in enumerate(tags):
        glued = len(word) == 2 and word[0] in _GLUED and word[1] in _ZH_PREFIXES  # 是非 in 我是非吸烟者
        if (word in _ZH_PREFIXES or glued) and i + 1 < len(tags):
            prefix, (rest, flag) = word[-1], tags[i + 1]
        elif len(word) >= 3 and word[0] in _ZH_PREFIXES:
            prefix, rest = word[0], word[1:]
            flag = _tagged(rest)[0][1] if _tagged(rest) else ""
        else:
            continue
        if len(rest) < 2 or not all(is_cjk(c) for c in rest) or _NUMERIC.search(rest):
            continue
        if flag.startswith(_NOT_PREFIXED) or (prefix in "前准準" and not flag.startswith("n")):
            continue  # 前 / 准 make a role of a noun (前男友, 准妈妈); before a verb 前 is "before"
        if i and tags[i - 1][1].startswith(_NOT_PREFIXED):
            continue  # 十一点前睡觉, 一个半小时: a time or a count, not a prefixed word
        out.add((prefix, rest))
    return out


def _prefix_only(x: str, y: str) -> bool:
    """`x` says a prefixed word whose bare word `y` says without the prefix."""
    words_y = _words_en(y)
    for prefix, word in _prefixed_en(x):
        if word in words_y and not re.search(rf"\b{prefix}[- ]?{word}\b", y):
            return True
    flat_y = y.replace(" ", "")
    return any(word in flat_y and prefix + word not in flat_y for prefix, word in _prefixed_zh(x.replace(" ", "")))


def prefixed_word(a: str, b: str) -> bool:
    """One text says a word the other says with a meaning-changing prefix (see the docstring)."""
    x, y = normalise(a), normalise(b)
    return _prefix_only(x, y) or _prefix_only(y, x)


# --- a modal negated in one text only ----------------------------------------------------------
_ZH_MODAL = re.compile(r"(不|没法|没办法|不太)?(能够|能|可以)(?:再|多)?([\u4e00-\u9fff])")
_EN_MODAL = re.compile(
    r"\b(?:(can't|cannot|can not|couldn't|could not|unable to|not able to)|(can|could|able to))"
    r"\s+(?:(?:still|also|really|even|totally)\s+)?([a-z]+)"
)


def _modals(text: str) -> set[tuple[str, bool]]:
    """(verb, negated) for each modal said with a verb: 不能吃 (吃, True), "can eat" (eat, False)."""
    t = normalise(text).replace("\u2019", "'")
    out = {(m.group(3), bool(m.group(1))) for m in _ZH_MODAL.finditer(t.replace(" ", ""))}
    out |= {(m.group(3), bool(m.group(1))) for m in _EN_MODAL.finditer(t)}
    return out


def modal_flipped(a: str, b: str) -> bool:
    """One verb under one modal, negated in one text and plain in the other, each alone."""
    ma, mb = _modals(a), _modals(b)
    for verb in {v for v, _ in ma} & {v for v, _ in mb}:
        sa, sb = {n for v, n in ma if v == verb}, {n for v, n in mb if v == verb}
        if len(sa) == 1 and len(sb) == 1 and sa != sb:
            return True
    return False


# --- a trailing clause that adds a deed --------------------------------------------------------
_BREAK = re.compile(r"\s*[,;，；]\s*")
# Words that make a clause say why or what follows: it restates the fact (会过敏, "so I skip it")
_CONSEQUENCE = re.compile(r"会|就|所以|因为|不然|否则|导致|容易|\b(?:so|because|otherwise|since|or else)\b")
# Leading words of no weight before a clause's verb: a frequency, a time, an adverb, a pronoun
_LEAD_FLAGS = ("r", "d", "t", "ad", "m", "q", "c", "p", "s")
# "Also" words after which a clause adds a deed whatever jieba calls its next word
_ALSO = frozenset(("还", "也", "顺便", "顺路", "再", "另外", "同时", "并且", "而且", "还会"))
# Verbs of a clause that grade or comment on the fact rather than add a deed
_LIGHT_VERBS = frozenset(("是", "有", "觉得", "感觉", "喜欢", "坚持", "没", "能", "要", "想"))
_EN_LEAD = re.compile(r"^(?:(?:and|then|also|usually|always|often|sometimes|each|every|time|times|i|we)\s+)*")
# Verbs an English trailing clause opens on when it adds a deed (", hiring a trainer each time")
_EN_DEEDS = frozenset(
    (
        *("hire", "hiring", "take", "taking", "bring", "bringing", "do", "doing", "get", "getting"),
        *("use", "using", "book", "booking", "pay", "paying", "train", "training", "coach", "coaching"),
        *("see", "seeing", "teach", "teaching", "buy", "buying", "drive", "driving", "cook", "cooking"),
    )
)


def _opens_on_deed(tail: str) -> bool:
    """The clause's first word of weight is a verb (请私教, 买早餐), or any verb or noun after an
    "also" (还洗碗, 顺便还书: jieba tags such verb-object words as nouns)."""
    if not any(is_cjk(c) for c in tail):
        words = _EN_LEAD.sub("", tail).split()
        return bool(words) and words[0] in _EN_DEEDS
    also = False
    for word, flag in _tagged(tail.replace(" ", "")):
        if flag.startswith(_LEAD_FLAGS) and not flag.startswith("v"):
            also = also or word in _ALSO
            continue
        if word in _LIGHT_VERBS:
            return False
        return flag.startswith("v") or (also and flag.startswith("n"))
    return False


def deed_added(a: str, b: str) -> bool:
    """One text is the other plus a trailing clause that adds a deed (see the docstring)."""
    for _joint, head, tail, shorter, extra in trailing_clauses(a, b, _BREAK):
        if _CONSEQUENCE.search(tail):
            continue
        if _opens_on_deed(tail) and _says(head, shorter) and _adds(tail, extra):
            return True
    return False


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("multiple_birth", multiple_birth),
    ("deixis_shifted", deixis_shifted),
    ("prefixed_word", prefixed_word),
    ("modal_flipped", modal_flipped),
    ("deed_added", deed_added),
)
