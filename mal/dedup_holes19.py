"""Nineteenth round's holes: near misses that passed every veto, merged by the word rules or, at
~0.99, by the learned layer (which then shut itself: a near miss it must score above every
restatement leaves no threshold that merges anything).

  * `negation_shifted` - one negation in each text, on different words: 我不能喝牛奶，乳糖不耐受 /
                         我能喝牛奶，不是乳糖不耐受 (the negation check counts negations alike).
  * `model_suffix` - a model's letters on a number: Pixel 8 / Pixel 8a (the "a" read as an article).
  * `progressive_past` - a plan in the progressive against the deed: is getting / got married.
  * `remaining_elapsed` - a span to go against one gone by: 还有十五年还完 / 已经还了十五年.
  * `to_or_from` - going to a place against coming back from it: 赴日 / 从日本回来.
  * `layout_counts` - a flat's rooms counted: 两室一厅 / 两室两厅 (一 read as the article).
  * `abbreviation_other` - a known abbreviation against another phrase of its characters: 国企 /
                           国外企业, 中大 / 中南大学.
  * `leaning_strong` - leaning one way against strongly so: 偏高 / 很高.
  * `approximate` - an estimate against the figure: 差不多三十岁 / 三十岁, "about 30" / "30".
  * `comparative` - a comparative against the plain adjective: "is newer" / "is new".
  * `stem_collision` - two words the learned layer's stems cut alike: latte / late.
  * `glued_prefix` - a modifying character before a word the other says: 早午饭 / 午饭.
  * `exception_carved` - an exception added to what the other says whole: 五险，不交公积金 / 五险一金.

Each family's comment below says which reading let its near miss through.

Pure functions over two texts as the family checks read them (mal/dedup.py `first_person`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal.dedup_families import _base, _past
from mal.dedup_model import _root, unexplained
from mal.dedup_text import flat as _flat
from mal.dedup_text import is_cjk, jieba_tokens, opposed, signature, zh_number
from mal.dedup_unblock18_zh import _cedict, _confirmed, _phrases

__all__ = [
    "CHECKS",
    "abbreviation_other",
    "approximate",
    "comparative",
    "differs",
    "exception_carved",
    "glued_prefix",
    "layout_counts",
    "leaning_strong",
    "model_suffix",
    "negation_shifted",
    "progressive_past",
    "remaining_elapsed",
    "stem_collision",
    "to_or_from",
]

# --- one negation in each text, on different words
# 不 in words that negate nothing said after them: 不过 "but", 不错 "good", 不少 "many", ...
_NEGATOR_ZH = r"(?:没有|不|没|未)(?!过|错|少|然|但|仅|管|如|同|久|一定|得不|用谢|来)"
# a negated copula negates what follows it: 不是乳糖不耐受 negates 乳糖…, not 是乳
_NEGATED_ZH = re.compile(rf"{_NEGATOR_ZH}(?:是)?([\u4e00-\u9fff]{{2}})")
_NEGATOR_EN = r"\b(?:not|never|cannot|\w+n't)\s+(?:be\s+)?"
_NEGATED_EN = re.compile(rf"{_NEGATOR_EN}([a-z]{{3,}})\b")


def _negated(text: str) -> set[str]:
    """The phrases `text` negates: the two characters after a Chinese negator (and its 是), the
    word after an English one (and its "be")."""
    return {m.group(1) for p in (_NEGATED_ZH, _NEGATED_EN) for m in p.finditer(text)}


def _plain(text: str, phrase: str) -> bool:
    """`text` says `phrase` with no negation right before it."""
    english = re.fullmatch(r"[a-z]+", phrase) is not None
    found = re.finditer(rf"\b{phrase}\b" if english else re.escape(phrase), text)
    before = re.compile(rf"{_NEGATOR_EN}$" if english else rf"{_NEGATOR_ZH}(?:是)?$")
    return any(not before.search(text[: m.start()]) for m in found)


def _moved(s: str, t: str, ns: set[str], nt: set[str]) -> bool:
    """`s` negates a phrase that `t` says plainly and never negates, and never says it plainly itself."""
    return any(p not in nt and _plain(t, p) and not _plain(s, p) for p in ns)


def negation_shifted(a: str, b: str) -> bool:
    """Each text negates a phrase the other says plainly (see the module docstring): the negation
    moved from one to the other. One way only is a rewording ("I don't drink coffee" / "Coffee
    isn't something I drink")."""
    x, y = _flat(a), _flat(b)
    nx, ny = _negated(x), _negated(y)
    return _moved(x, y, nx, ny) and _moved(y, x, ny, nx)


# --- a model's letters on a number
_CODE = re.compile(r"(?<!\w)(?<!\d\.)(\d+)([a-z]{1,3})(?!\w|\.\d)")
# letters on a number that are a unit, an ordinal, the clock or a decade, never a model
_NOT_MODEL = frozenset(
    (
        *("am", "pm", "st", "nd", "rd", "th", "s", "k", "m", "h", "hr", "hrs", "min", "yo", "x", "ish"),
        *("kg", "km", "cm", "mm", "g", "l", "ml", "lb", "lbs", "oz", "ft", "mi", "mb", "gb", "tb", "d", "w"),
        *("mg", "mcg", "ug", "iu", "kb", "mph", "kph", "hz", "ghz", "mp", "p", "v", "mah", "yr", "yrs", "wk"),
    )
)
# (a sentence's full stop after a number is no decimal point: "a Pixel 8.")
_BARE = re.compile(r"(?<!\w)(?<!\d\.)(\d+)(?!\w|\.\d)")


def _codes(text: str) -> set[tuple[str, str]]:
    return {(m.group(1), m.group(2)) for m in _CODE.finditer(text) if m.group(2) not in _NOT_MODEL}


def _said_numbers(text: str) -> set[str]:
    """Every number `text` says, bare or with letters on it."""
    return {m.group(1) for m in _BARE.finditer(text)} | {m.group(1) for m in _CODE.finditer(text)}


def model_suffix(a: str, b: str) -> bool:
    """One text puts a model's letters on a number the other says bare or with other letters."""
    x, y = _flat(a), _flat(b)
    cx, cy = _codes(x), _codes(y)
    return any(
        code not in ct and code[0] in _said_numbers(t) and not re.search(rf"(?<!\w){code[0]} {code[1]}\b", t)
        for s, t, cs, ct in ((x, y, cx, cy), (y, x, cy, cx))
        for code in cs
    )


# --- a plan in the progressive against the deed in the past
_PROGRESSIVE = re.compile(r"\b(?:am|is|are|'m|'s|'re)\s+(?:\w+ly\s+|still\s+|also\s+)?([a-z]{3,}ing)\b")
_WORDS = re.compile(r"[a-z]+")


def _progressive(text: str) -> set[str]:
    return {_base(m.group(1)) for m in _PROGRESSIVE.finditer(text)}


def _pasts(text: str) -> set[str]:
    return {p for w in _WORDS.findall(text) if (p := _past(w))}


def progressive_past(a: str, b: str) -> bool:
    """One text says a verb in the progressive and not in the past, the other the same verb in the
    past and not in the progressive."""
    x, y = _flat(a), _flat(b)
    px, py, dx, dy = _progressive(x), _progressive(y), _pasts(x), _pasts(y)
    return bool((px - dx) & (dy - py) or (py - dy) & (dx - px))


# --- a span to go against a span gone by
_NUM_ZH = r"[\d一二两三四五六七八九十百半几]+"
_UNIT_ZH = r"(?:个)?(?:年|月|周|星期|天|期)"
_LEFT_ZH = rf"(?:还有|还剩|剩下|剩|还要|再过|再)(?:大概|差不多|将近)?{_NUM_ZH}{_UNIT_ZH}"
_GONE_ZH = rf"已经?[^，。,.;；]{{0,6}}?{_NUM_ZH}{_UNIT_ZH}|了{_NUM_ZH}{_UNIT_ZH}|{_NUM_ZH}{_UNIT_ZH}了"
_NUM_EN = r"(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
_UNIT_EN = r"(?:years?|months?|weeks?|days?)"
_LEFT_EN = (
    rf"\b{_NUM_EN} (?:more )?{_UNIT_EN} (?:left|to go|remaining)\b|\b{_NUM_EN} more {_UNIT_EN}\b|"
    rf"\banother {_NUM_EN}? ?{_UNIT_EN}\b"
)
_GONE_EN = rf"\bfor (?:the (?:past|last) )?{_NUM_EN} {_UNIT_EN}\b|\b{_NUM_EN} {_UNIT_EN} (?:ago|now|already|so far)\b"
_LEFT = re.compile(f"{_LEFT_ZH}|{_LEFT_EN}")
_GONE = re.compile(f"{_GONE_ZH}|{_GONE_EN}")


def remaining_elapsed(a: str, b: str) -> bool:
    """One text says a span is left, the other that a span has gone by, each only its own."""
    return opposed(_flat(a), _flat(b), _LEFT, _GONE)


# --- going to a place against coming back from it
_TO_ZH = r"(?:赴|前往|飞往|飞去|出发去|动身去|去(?!年|世|掉|除|过|了))"
_BACK_ZH = r"从[^，。,;；]{1,8}?(?:回来|回国|回到|返回|飞回|回家|归来)|回国|归国"
_TO_EN = r"\b(?:going|heading|flying|leaving|travel(?:l)?ing|off|moving|relocating) (?:to|for)\b"
_BACK_EN = r"\b(?:back|home|returning|returned|return|returns) from\b|\bcoming back\b"
_TO = re.compile(f"{_TO_ZH}|{_TO_EN}")
_BACK = re.compile(f"{_BACK_ZH}|{_BACK_EN}")


def to_or_from(a: str, b: str) -> bool:
    """One text goes to a place (赴日, 去日本, "flying to Japan"), the other comes back from one
    (从日本回来, "back from Japan"), each only its own: the trip's two ends, which the parser may
    read both as the place (从日本回来: arrival and departure 日本)."""
    return opposed(_flat(a), _flat(b), _TO, _BACK)


# --- a flat's rooms counted
_ROOMS = re.compile(r"([\d一二两三四五六七八九])(室|厅|卫|房(?=[一二两三四五六七八九\d]厅))")


def _rooms(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in _ROOMS.finditer(text):
        out.setdefault("室" if m.group(2) == "房" else m.group(2), m.group(1).replace("两", "二"))
    return {k: zh_number(v) if not v.isdigit() else v for k, v in out.items()}


def layout_counts(a: str, b: str) -> bool:
    """Both texts count a flat's 室, 厅 or 卫 and one count differs: 两室一厅 / 两室两厅. The numbers
    read 一 before a word as the article and one 两 for both, so the second count went unread."""
    x, y = _rooms(_flat(a)), _rooms(_flat(b))
    return any(x[k] != y[k] for k in x.keys() & y.keys())


# --- a known short word against a phrase of its characters it does not abbreviate
# school abbreviations CC-CEDICT lacks, each with what it abbreviates (中大 is no 中南大学)
_SCHOOLS = {
    "中大": ("中山大学", "香港中文大学"),
    "浙大": ("浙江大学",),
    "川大": ("四川大学",),
    "武大": ("武汉大学",),
    "厦大": ("厦门大学",),
    "山大": ("山东大学", "山西大学"),
    "港大": ("香港大学",),
    "华科": ("华中科技大学",),
}


def _known_short(word: str) -> bool:
    """The dictionaries say what `word` abbreviates: a school above, or a CC-CEDICT entry of it
    that says "abbr." (国企: the state-owned firm, and 国际企业管理)."""
    return word in _SCHOOLS or any("abbr." in sense for sense in _cedict().get(word, ()))


def _abbreviates(short: str, phrase: str) -> bool:
    """The dictionaries read `short` as `phrase` (a school's name above, CC-CEDICT names the phrase
    in an entry of it or glosses both with a word in common, or mal/dedup_unblock18_zh.py
    `abbreviated` confirms it)."""
    senses = _cedict().get(short, ())
    return (
        any(phrase in name or name in phrase for name in _SCHOOLS.get(short, ()))
        or any(phrase in sense for sense in senses)
        or _confirmed(short, phrase)
        or bool(_gloss_words(senses) & _gloss_words(_cedict().get(phrase, ())))
    )


def _gloss_words(senses: tuple[str, ...]) -> set[str]:
    """The longer English words of the senses that are no abbreviation's (国企 "state-owned
    enterprise" and 国营企业 "state-run enterprise" share "enterprise")."""
    return {w for s in senses if "abbr." not in s for w in re.findall(r"[a-z]{5,}", s.lower())}


def abbreviation_other(a: str, b: str) -> bool:
    """One text says a short word the dictionaries know as an abbreviation (国企, 中大), the other spells out a phrase
    of its characters, one from the start of each word (国外企业, 中南大学), that the short word does
    not abbreviate: the word rules read the short word as a cut of the phrase's characters, and
    `abbreviated` rewrites only a confirmed expansion (国企 / 国有企业), so the rest went unread."""
    x, y = _flat(a), _flat(b)
    for s, t in ((x, y), (y, x)):
        cut = jieba_tokens(t)
        for token in dict.fromkeys(jieba_tokens(s)):
            if not (is_cjk(token) and len(token) == 2 and token not in t and _known_short(token)):
                continue
            phrases = [p for p in _phrases(token, t, cut) if p not in s and len(p) > len(token)]
            if phrases and not any(_abbreviates(token, p) for p in phrases):
                return True
    return False


# --- leaning one way against a strong degree of it
_LEAN = r"(?:偏|有点儿?|有些|稍微?|略微?)"
_STRONG_ZH = r"(?:很|非常|特别|太|超级?|十分|极其|严重)"
_GRADED = re.compile(rf"({_LEAN}|{_STRONG_ZH})([高低大小多少重轻胖瘦快慢贵甜咸淡长短早晚])")


def _graded(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m in _GRADED.finditer(text):
        out.setdefault(m.group(2), set()).add("lean" if re.fullmatch(_LEAN, m.group(1)) else "strong")
    return out


def leaning_strong(a: str, b: str) -> bool:
    """One text says a quality leans a way (偏高, 有点高), the other that it is strongly so (很高,
    特别高), each only its own degree of it: 血压偏高 / 血压很高."""
    x, y = _graded(_flat(a)), _graded(_flat(b))
    return any(len(x[k]) == len(y[k]) == 1 and x[k] != y[k] for k in x.keys() & y.keys())


# --- an amount said about against the amount
_NUMERAL = r"[\d一二两三四五六七八九十百千万几半]"
_ABOUT = re.compile(
    rf"(?:差不多|大概|大约|将近|接近|快)(?={_NUMERAL})|(?<={_NUMERAL})(?:[^，。,\s]{{0,3}}?)(?:左右|上下)|~\s*\d|"
    r"\b(?:about|around|roughly|approximately|nearly|almost|close to) (?=[$€£¥]?\d|"
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
    r"|\b\d+ish\b|\b\d+ or so\b"
)
# a note's 约 before an amount: rough enough to match an estimate, too little to make one (a note
# writes 约40分钟 for the user's 四十分钟)
_NOTE_ABOUT = re.compile(rf"约(?={_NUMERAL})")


def approximate(a: str, b: str) -> bool:
    """One text says an amount roughly (差不多三十岁, "about 30"), the other says the same amount
    exactly and nothing roughly: an estimate is not the figure. Both rough, the amount may differ in
    the words (三十岁左右 / 差不多三十). A bound is no estimate ("under $500" / "no more than 500"),
    nor a note's 约 (`_NOTE_ABOUT`)."""
    x, y = _flat(a), _flat(b)
    return any(
        _ABOUT.search(s) and not (_ABOUT.search(t) or _NOTE_ABOUT.search(t)) and _said_amounts(s) & _said_amounts(t)
        for s, t in ((x, y), (y, x))
    )


def _said_amounts(text: str) -> set[str]:
    return set(signature(text).numbers)


# --- a comparative against the plain adjective
_COPULA = r"(?:is|are|am|was|were|'s|'m|'re|be|been|being|getting|got|became|become|feel|feels|felt|seems?|looks?)"
_AFTER_COPULA = re.compile(
    rf"\b{_COPULA}\s+(?:much |a bit |a little |even |slightly |way |a lot |far |now )?([a-z]{{3,}})\b"
)


def _bases(word: str) -> set[str]:
    """What `word` is the comparative of: newer -> new, larger -> large, bigger -> big, busier -> busy."""
    if not word.endswith("er") or len(word) < 5:
        return set()
    stem = word[:-2]
    out = {stem, stem + "e"}
    if len(stem) > 2 and stem[-1] == stem[-2]:
        out.add(stem[:-1])
    if stem.endswith("i"):
        out.add(stem[:-1] + "y")
    return out


def comparative(a: str, b: str) -> bool:
    """One text says a thing is more so (newer, bigger), the other that it is so (new, big): after a
    copula, where the comparative is an adjective's and not a noun's (a teacher / teaches)."""
    x, y = _flat(a), _flat(b)
    for s, t in ((x, y), (y, x)):
        plain = set(_AFTER_COPULA.findall(t))
        if any(w not in plain and _bases(w) & plain for w in _AFTER_COPULA.findall(s)):
            return True
    return False


# --- two English words cut to one stem
def stem_collision(a: str, b: str) -> bool:
    """Each text has an English word the other lacks, the two cut to one stem (latte / late: the
    learned layer's stems, mal/dedup_model.py `_root`) though no regular ending makes them forms of
    one word (lives / living, quit / quitting are): two words, not one word inflected."""
    wx, wy = set(_WORDS.findall(_flat(a))), set(_WORDS.findall(_flat(b)))
    return any(
        len(u) >= 4 and len(v) >= 4 and _root(u) == _root(v) and not _lemmas(u) & _lemmas(v)
        for u in wx - wy
        for v in wy - wx
    )


def _lemmas(word: str) -> set[str]:
    """Every word `word` may be a regular form of: itself, less s / es / ed / ing / er / est, with
    an e put back, a doubled consonant undone or an i written y (hikes, hiking -> hike)."""
    out = {word}
    for end in ("s", "es", "ed", "d", "ing", "er", "est", "r", "st"):
        if word.endswith(end) and len(word) - len(end) >= 2:
            stem = word[: -len(end)]
            out |= {stem, stem + "e"}
            if len(stem) > 2 and stem[-1] == stem[-2]:
                out.add(stem[:-1])
            if stem.endswith("i"):
                out.add(stem[:-1] + "y")
    return out


# --- a Chinese character glued before a word both texts say
def glued_prefix(a: str, b: str) -> bool:
    """One text alone says a character that modifies a word the other says, between the same
    neighbours, and has nothing else the other lacks: 吃早午饭 / 吃午饭, 吃早午餐 / 吃午餐 (jieba cuts
    the first as 早 + 午饭 and keeps the second whole, and the substitution veto wants an unexplained
    word on both sides). The character makes another thing of the word; a word said after other
    words (有高血压 / 血压高, 一名律师 / 是律师) is a rewording, and a verb (去考驾照 / 考驾照) adds no thing."""
    only_a, only_b = unexplained(a, b)
    x, y = _flat(a), _flat(b)
    for s, t, only, other in ((x, y, only_a, only_b), (y, x, only_b, only_a)):
        if other or len(only) != 1:
            continue
        (word,) = only
        if not is_cjk(word) or word[0] in t or not _modifier(word[0]):
            continue
        if _inserted(s, t, word[0]) and (len(word) == 1 or word[1:] in t):
            return True
    return False


def _inserted(s: str, t: str, char: str) -> bool:
    """`s` says `char` between a character and a word of two or three characters, and `t` says that
    character and word side by side (吃早午饭 / 吃午饭)."""
    return any(
        m.start() > 0 and any(s[m.start() - 1] + s[m.end() : m.end() + n] in t for n in (2, 3) if m.end() + n <= len(s))
        for m in re.finditer(re.escape(char), s)
    )


# jieba's part-of-speech flags of a word that modifies a noun: an adjective, a noun, a time, a
# distinguishing word (早 of 早午饭, 热 of 热红茶); a verb (去考驾照, 叫阿宝) or a particle adds no thing
_MODIFIER_FLAGS = ("a", "n", "t", "b")


def _modifier(char: str) -> bool:
    """jieba tags `char`, said alone, as a word that modifies a noun (see `_MODIFIER_FLAGS`)."""
    import jieba.posseg

    return any(w.flag.startswith(_MODIFIER_FLAGS) for w in jieba.posseg.lcut(char))


# --- an exception added: the same act done and not done
_NEGATED_ACT = re.compile(r"(?:没有|不|没)([\u4e00-\u9fff])")
_ONLY = re.compile(r"只|仅|\bonly\b")


def exception_carved(a: str, b: str) -> bool:
    """One text says an act and, in another clause, the same act negated (交五险，不交公积金), the
    other says the act with no negation at all (交五险一金): a part excepted from what the other says
    whole. The negated clause shares no word with the other text, so the negation check took it for
    an aside (mal/dedup_families.py `negation_aside`). With 只 / "only" the exception is said by both."""
    x, y = _flat(a), _flat(b)
    if _ONLY.search(x) or _ONLY.search(y):
        return False
    for s, t in ((x, y), (y, x)):
        if signature(t).negated or not signature(s).negated:
            continue
        clauses = re.split(r"[，,；;。]", s)
        plain = "".join(c for c in clauses if not _NEGATED_ACT.search(c))
        for c in clauses:
            for m in _NEGATED_ACT.finditer(c):
                if m.group(1) in plain and m.group(1) in t:
                    return True
    return False


def differs(a: str, b: str) -> bool:
    """Any family above tells the texts apart."""
    return any(check(a, b) for _, check in CHECKS)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("negation_shifted", negation_shifted),
    ("model_suffix", model_suffix),
    ("progressive_past", progressive_past),
    ("remaining_elapsed", remaining_elapsed),
    ("to_or_from", to_or_from),
    ("layout_counts", layout_counts),
    ("abbreviation_other", abbreviation_other),
    ("leaning_strong", leaning_strong),
    ("approximate", approximate),
    ("comparative", comparative),
    ("stem_collision", stem_collision),
    ("glued_prefix", glued_prefix),
    ("exception_carved", exception_carved),
)
