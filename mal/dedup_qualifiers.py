"""Fourteenth round's attack families: who did it, how much of it, how sure (helper "attack14").

An attacker who read the dedup code (tests/data/dedup_attack14_pairs.jsonl) found near misses that
the word rules equate (the words are the same, only their roles or a qualifier differ) or that no
veto names, so the learned layer merged them at p 0.98-1.00. Each family below is one such shape,
read in both languages; a restatement says the same thing on both sides (or neither), so it is not
caught:

  * `passive_role` - the subject suffers in one text and acts in the other: 我被老板批评了 / 我批评了
                     老板, "I was interviewed by Karen" / "I interviewed Karen" (the active
                     restatement with the user as object, 老板批评了我 / "Karen interviewed me",
                     keeps the roles and is not caught).
  * `only_also`    - exclusive against additive: 只 / 只有 / 仅 / only / just against 也 / 还 /
                     also / too ("Only my wife drives" / "My wife drives too").
  * `range_points` - a range against its two ends: 周一到周五 / 周一和周五, "Monday through Friday" /
                     "Monday and Friday", "from June to August" / "June and August".
  * `suspected`    - one text hedges (好像, 可能, 大概, 似乎, maybe, probably, "I think", "might")
                     and the other states it plainly (我好像对芒果过敏 / 我对芒果过敏).
  * `except_only`  - everything but X against only X: 除了海鲜什么都吃 / 只吃海鲜, "every day except
                     Sunday" / "only on Sunday".
  * `skill_level`  - a little of a skill against mastery: 略懂 / 会几句 / 一点 / "a few words" / basic
                     against 精通 / 流利 / fluent / native.
  * `been_or_being` - done before against doing now: 我学过法语 / 我在学法语, 我住过成都 / 我住在成都,
                     "I have lived in Austin" / "I live in Austin" (a perfect with a span, "for ten
                     years", is the present and is not caught).
  * `lapsed`       - a lapsed or non-practising member against a member ("I'm Catholic" / "I'm a
                     lapsed Catholic").
  * `to_from`      - the same sentence with "to" and "from" swapped: "renting a garage to my
                     neighbor" / "from my neighbor", 借给 / 借了 ... 的.

Pure functions over two texts as written (mal/dedup.py hands them the first-person reading of a
note); no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from difflib import SequenceMatcher
from functools import lru_cache

from mal.dedup_text import flat as _flat
from mal.dedup_text import is_cjk
from mal.dedup_text import opposed as _opposed

__all__ = [
    "CHECKS",
    "been_or_being",
    "differs",
    "except_only",
    "lapsed",
    "only_also",
    "passive_role",
    "range_points",
    "skill_level",
    "suspected",
    "to_from",
]


@lru_cache(maxsize=4096)
def _zh(text: str) -> str:
    """A Chinese note read as the user's words: 用户 is 我 (the English notes are rewritten upstream)."""
    return _flat(text).replace("用户", "我")


# --- the subject suffers in one text and acts in the other
_PASSIVE_ZH = re.compile(r"([\u4e00-\u9fff]{1,3}?)被\s*([\u4e00-\u9fff]{1,4}?|[a-z]+)\s*(?=[\u4e00-\u9fff])")
_PASSIVE_EN = re.compile(
    r"\b(i|we|(?:my|our) \w+|he|she|they)(?:'m| am| was| were| got| get| have been| had been| are| is)\s+"
    r"(?:\w+\s+)?(\w+?)(?:ed|en|d|t)\b(?:\s+\w+){0,3}?\s+by\s+(?:my |the |a |his |her |our )?(\w+)"
)


def _acts_zh(text: str, subject: str, agent: str) -> bool:
    """`subject` comes before `agent` with no passive marker between them (我批评了老板, 我把朋友拉黑了)."""
    if "被" in text or "让" in text or "叫" in text or "给" in text:
        return False
    i, j = text.find(subject), text.find(agent)
    return i >= 0 and j > i


def _acts_en(text: str, subject: str, verb: str, agent: str) -> bool:
    """The user is the subject of the same verb with `agent` after it ("I interviewed Karen"); another
    verb ("I'm employed by Google" / "I work at Google") is a rewording the model weighs."""
    return " by " not in f" {text} " and bool(
        re.search(rf"\b{re.escape(subject)}\b[^.;,]*\b{re.escape(verb)}\w*\b[^.;,]*\b{re.escape(agent)}\b", text)
    )


def passive_role(a: str, b: str) -> bool:
    """One text puts the user (or a relative) under 被 / "was ...ed by X" and the other has them do
    it to X (see the module docstring)."""
    for s, t in ((a, b), (b, a)):
        zs, zt = _zh(s), _zh(t)
        for m in _PASSIVE_ZH.finditer(zs):
            subject, agent = m.group(1)[-1:] if m.group(1).endswith("我") else m.group(1), m.group(2)
            if _acts_zh(zt, subject, agent[:2]):
                return True
        fs, ft = _flat(s), _flat(t)
        for m in _PASSIVE_EN.finditer(fs):
            if len(m.group(2)) >= 2 and _acts_en(ft, m.group(1), m.group(2), m.group(3)):
                return True
    return False


# --- exclusive against additive
_ONLY = re.compile(r"只有|只|仅仅?|唯一|就(?=[周星礼早晚上下今明每])|\bonly\b|\bjust\b|\bsolely\b|\bnothing but\b")
_ALSO = re.compile(r"也|还(?!是|没|在|有点|挺|不|好|行)|另外|\balso\b|\btoo\b|\bas well\b|\bin addition\b")


def only_also(a: str, b: str) -> bool:
    """One text says only (只, only) and the other also (也, too)."""
    return _opposed(_zh(a), _zh(b), _ONLY, _ALSO)


# --- a range against its two ends
_RANGE_LINK = r"\s*(?:到|至|~|～|-|–|—|\bthrough\b|\bthru\b|\bto\b|\buntil\b|\btill\b)\s*"
_AND_LINK = r"\s*(?:和|跟|与|及|、|,|，|&|\band\b|\bor\b|或)\s*(?:(?:at|on|in)\s+)?"
_END = r"([\u4e00-\u9fff]{1,3}|\w+)"
_RANGE = re.compile(_END + _RANGE_LINK + _END)


def _cuts(word: str, tail: bool) -> list[str]:
    """A Chinese end as it may be cut (周一 of 我周一, 周五 of 周五健身): its last / first 1-3
    characters; an English end is one whole word."""
    if not is_cjk(word):
        return [word]
    return [word[-k:] if tail else word[:k] for k in range(1, len(word) + 1)]


@lru_cache(maxsize=4096)
def _ends(text: str) -> tuple[tuple[str, str], ...]:
    """The (start, end) of every range a text states: 周一到周五, "monday through friday", "8 to 10"."""
    return tuple(
        (x, y)
        for m in _RANGE.finditer(text)
        for x in _cuts(m.group(1), tail=True)
        for y in _cuts(m.group(2), tail=False)
        if len(x) + len(y) >= 2
    )


_AND_ANY = re.compile(_AND_LINK)


def range_points(a: str, b: str) -> bool:
    """One text states a range (周一到周五, "Monday through Friday") and the other joins the same two
    ends with "and" (周一和周五, "Monday and Friday"): two days, not five."""
    for s, t in ((_zh(a), _zh(b)), (_zh(b), _zh(a))):
        if not _AND_ANY.search(t):
            continue
        for x, y in _ends(s):
            if x not in t or y not in t:
                continue
            if re.search(re.escape(x) + _AND_LINK + re.escape(y), t) and not re.search(
                re.escape(x) + _RANGE_LINK + re.escape(y), t
            ):
                return True
    return False


# --- one text hedges, the other states it
_HEDGE = re.compile(
    r"好像|(?<!不)可能|也许|或许|大概|似乎|估计|说不定|怀疑|不一定|不确定|还没定|没想好|确定不了|"
    r"\b(?:maybe|probably|perhaps|possibly|might|may have|i think|i guess|i suspect|seems?|seemingly|likely|"
    r"suspected|not sure|undecided|(?:can't|cannot|can not) say for sure|not certain|"
    r"(?:don't|do not|doesn't|didn't) know (?:for sure|for certain|yet))\b"
)
# 大概 / 估计 before an amount (or a verb and its amount: 大概喝三杯) is "about" (大概二十分钟, 大概A2),
# an approximation, not a hedge
_APPROX = re.compile(
    r"(?:大概|估计)(?=\s*(?:[喝吃睡跑走花用要有是赚挣]|每天|一天)?\s*(?:[\d一二两三四五六七八九十百千万几半]|[a-z]\d))"
)


def suspected(a: str, b: str) -> bool:
    """One text hedges (好像, probably, "I think") and the other does not: a suspicion is not a fact."""
    return bool(_HEDGE.search(_APPROX.sub("", _zh(a)))) != bool(_HEDGE.search(_APPROX.sub("", _zh(b))))


# --- everything but X against only X
_EXCEPT = re.compile(r"除了|除去|以外|之外|\bexcept\b|\bother than\b|\bapart from\b|\bbut not\b")


def except_only(a: str, b: str) -> bool:
    """One text says everything but X (除了…都, except) and the other only X."""
    return _opposed(_zh(a), _zh(b), _EXCEPT, _ONLY)


# --- a little of a skill against mastery
_LITTLE = re.compile(
    r"略懂|略知|几句|(?:会|懂|说|讲|学)[^，。,]{0,2}一点|一点点|皮毛|入门|初级|半吊子|"
    r"\b(?:a (?:few|couple of) words|a little|a bit of|basic|beginner|rusty|some|conversational|so-so)\b"
)
_MASTER = re.compile(
    r"精通|流利|熟练|很熟|母语|很溜|得很好|得非常好"
    r"|\b(?:fluent(?:ly)?|native|proficient|expert|mastered|bilingual)\b"
)


def skill_level(a: str, b: str) -> bool:
    """One text says a little of a skill (略懂, "a few words") and the other mastery (精通, fluent)."""
    return _opposed(_zh(a), _zh(b), _LITTLE, _MASTER)


# --- done before against doing now
_EXPERIENCED = re.compile(r"[\u4e00-\u9fff]过(?!敏|年|节|去|来|头|度|期|于|程|夜|后|的)")
# (没过 / 未过 right after the negation: 过 is the verb, "not passed" (科目二还没过); 没去过 keeps its 过)
_NOT_EXPERIENCE = re.compile(r"不过|经过|通过|超过|难过|过敏|错过|路过|度过|过了|[没未]过")
_ONGOING = re.compile(r"正在|在(?=\s*[\u4e00-\u9fffa-z])")


def _experienced(text: str) -> bool:
    return bool(_EXPERIENCED.search(_NOT_EXPERIENCE.sub("", text)))


# "I have lived in Austin" (at some time) against "I live in Austin": a perfect with no span ("for
# ten years", "since 2019", "all my life") is an experience; with one it is the present, and stays
# a restatement of it
_PERFECT_EN = re.compile(r"(?:'ve|\bhave|\bhas)\s+(?:(?:already|never|once|before|also)\s+)?(\w+?)(?:ed|d)\b")
_SPAN_EN = re.compile(r"\b(?:for|since|ever since|all (?:my|his|her|our) li(?:fe|ves)|now|currently|still)\b")


def _perfect_verb(text: str) -> str | None:
    m = _PERFECT_EN.search(text)
    return m.group(1) if m and len(m.group(1)) >= 3 and not _SPAN_EN.search(text) else None


def been_or_being(a: str, b: str) -> bool:
    """One text says the user did it before (学过, 住过, "have lived in") and the other that they do
    it now (在学, 住在, "live in"): past experience, not the present."""
    x, y = _zh(a), _zh(b)
    if any(_experienced(s) and not _experienced(t) and _ONGOING.search(t) for s, t in ((x, y), (y, x))):
        return True
    for s, t in ((x, y), (y, x)):
        verb = _perfect_verb(s)
        if verb and not _PERFECT_EN.search(t) and re.search(rf"\b{re.escape(verb)}(?:e|es|s|ing)?\b", t):
            return True
    return False


# --- a status word one text alone gives a member of a group
_LAPSED = re.compile(r"\b(?:lapsed|non-?practi[cs]ing|non-?observant|no longer practi[cs]ing)\b|不再信|已经不信")


def lapsed(a: str, b: str) -> bool:
    """One text alone calls the user a lapsed or non-practising member ("I'm Catholic" / "I'm a lapsed
    Catholic"): a member in name only is another fact about them."""
    return bool(_LAPSED.search(_zh(a))) != bool(_LAPSED.search(_zh(b)))


# --- the same sentence with "to" and "from" swapped
_DETERMINERS = frozenset(("a", "an", "the", "my", "your", "his", "her", "our", "their", "its"))
_WORD = re.compile(r"[\u4e00-\u9fff]|\w+")


def to_from(a: str, b: str) -> bool:
    """The texts are one sentence but for "to" against "from" (renting a garage to / from my
    neighbor): the thing moves the other way."""
    x, y = ([w for w in _WORD.findall(_zh(t)) if w not in _DETERMINERS] for t in (a, b))
    edits = [op for op in SequenceMatcher(None, x, y, autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(edits) != 1 or edits[0][0] != "replace":
        return False
    _, i1, i2, j1, j2 = edits[0]
    pair = {" ".join(x[i1:i2]), " ".join(y[j1:j2])}
    return pair in ({"to", "from"}, {"into", "out of"})


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("passive_role", passive_role),
    ("only_also", only_also),
    ("range_points", range_points),
    ("suspected", suspected),
    ("except_only", except_only),
    ("skill_level", skill_level),
    ("been_or_being", been_or_being),
    ("lapsed", lapsed),
    ("to_from", to_from),
)


def differs(a: str, b: str) -> bool:
    """Any family of the round says the two texts are two facts (see the module docstring)."""
    return any(check(a, b) for _, check in CHECKS)
