"""Near misses of the dev7 pair set (a writer in varied registers) that passed every veto, which the
learned layer then merged at p ~1.0 (and one the word rules equated). Each family is a general
reading of one shape; a restatement says the same thing on both sides (or neither), so it is not
caught:

  * `exception_added` - one text is the other plus an exception ("I'm vegetarian" / "I'm
                        vegetarian but eat fish", 我对虾过敏 / 我对虾过敏，不过煮熟的可以吃): the part
                        before the "but" is said by the other text, which has no "but" of its own,
                        and the exception's words are not.
  * `kin_subject`     - a one-character kin word glued to 我 (我姐养了 / 我养了). jieba cuts 姐养 as
                        one word, so the people check never sees the sister.
  * `plan_done`       - a plan against the deed: "thinking about getting a dog" / "got a dog" (one
                        verb, planned in one text and in the past in the other); 我三月去成都 /
                        我三月去过成都 (an experiential 过 against the bare verb and no done marker).
  * `until_from`      - one boundary, two sides of it: "until the 5th" / "from the 5th", 到十号为止 /
                        从十号开始.
  * `visit_direction` - who goes to whom: "my parents are visiting us" / "we're visiting my
                        parents", 公婆来看我们 / 我们去看公婆. The word rules equate these: the
                        words are the same, only their roles differ.
  * `subject_pronoun` - the same sentence with "I" in one text and "he" / "she" in the other ("my
                        wife works late, so I cook" / "so she cooks"). A note names the user in
                        the third person ("User's husband snores, so she sleeps ..." is the user
                        sleeping), so the pronoun must agree with a person of its gender the text
                        names ("he" with a husband, 她 with 老婆); one that does not may be the user.
  * `only_both`       - one of two against both: "only automatics" / "both manual and automatic",
                        只会开自动挡 / 手动挡和自动挡都会开.
  * `object_dropped`  - a negated verb with an object in one text and none in the other (晚饭不吃主食
                        / 晚饭不吃: no staple food at dinner, no dinner at all), when the other text
                        does not say the object anywhere (辣的我不吃 restates 我不吃辣; a Chinese
                        object by its first character: 蛋和奶都不吃 / 不吃蛋类). A bare "don't
                        drink" is alcohol ("I don't drink alcohol" / "I don't drink").
  * `generation`      - a kin word with a generation or step prefix in one text only
                        ("grandchildren" / "great-grandchildren", "brother" / "half-brother").

Pure functions over two texts as the family checks read them (mal/dedup.py `first_person`); no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from mal.dedup_families import _base, _past
from mal.dedup_text import flat as _flat

__all__ = [
    "CHECKS",
    "differs",
    "exception_added",
    "generation",
    "kin_subject",
    "object_dropped",
    "only_both",
    "plan_done",
    "subject_pronoun",
    "until_from",
    "visit_direction",
]

_WORD = re.compile(r"[a-z]+|[\u4e00-\u9fff]")
_PUNCT = re.compile(r"[^\w\u4e00-\u9fff]+")
# words an exception or a head may differ in without saying anything
_STOP_EN = frozenset(
    (
        "a",
        "an",
        "the",
        "i",
        "me",
        "my",
        "we",
        "our",
        "us",
        "he",
        "she",
        "him",
        "his",
        "her",
        "they",
        "them",
        "their",
        "it",
        "its",
        "is",
        "am",
        "are",
        "was",
        "were",
        "be",
        "m",
        "s",
        "re",
        "ve",
        "ll",
        "d",
        "do",
        "does",
        "did",
        "can",
        "could",
        "will",
        "would",
        "to",
        "of",
        "in",
        "on",
        "at",
        "for",
        "and",
        "or",
        "so",
        "just",
        "also",
        "really",
    )
)
_STOP_ZH = frozenset("我你他她它们的了是也都就还很在有和")


def _words(text: str) -> set[str]:
    """Content words (English, by base) and Chinese characters, the small words aside."""
    out = set()
    for w in _WORD.findall(text):
        if "\u4e00" <= w <= "\u9fff":
            if w not in _STOP_ZH:
                out.add(w)
        elif w not in _STOP_EN:
            out.add(_base(w))
    return out


# --- one text is the other plus an exception
_BUT = re.compile(
    r"\bbut\b(?! also\b)|\bexcept\b|\bapart from\b|\bother than\b|\b(?:al)?though\b|\bhowever\b|\bunless\b|"
    r"但是|但|不过|可是|只是|除了|除非|然而"
)


def exception_added(a: str, b: str) -> bool:
    """One text says the other's words and then an exception the other does not say."""
    fa, fb = _flat(a), _flat(b)
    for s, t in ((fa, fb), (fb, fa)):
        m = _BUT.search(s)
        if not m or _BUT.search(t):
            continue
        head, tail, other = _words(s[: m.start()]), _words(s[m.end() :]), _words(t)
        if head and head <= other and tail - other:
            return True
    return False


# --- a one-character kin word glued to 我
_KIN_ZH = "姐哥弟妹妈爸爹舅叔婶姨姑嫂爷奶姥"
_KIN_SUBJECT = re.compile(rf"(?<![自们])我([{_KIN_ZH}])(?![{_KIN_ZH}们的])([\u4e00-\u9fff])")
_SELF_SUBJECT = re.compile(rf"(?<![自们])我(?![{_KIN_ZH}们的])([\u4e00-\u9fff])")


def kin_subject(a: str, b: str) -> bool:
    """One text's subject is 我 + a kin character (我姐养), the other's 我 doing the same verb (我养)."""
    fa, fb = _flat(a), _flat(b)
    for s, t in ((fa, fb), (fb, fa)):
        kin_verbs = {m.group(2) for m in _KIN_SUBJECT.finditer(s)}
        if not kin_verbs or _KIN_SUBJECT.search(t):
            continue
        if kin_verbs & {m.group(1) for m in _SELF_SUBJECT.finditer(t)}:
            return True
    return False


# --- a plan against the deed
_PLAN_EN = re.compile(
    r"\b(?:thinking (?:about|of)|considering|planning (?:on|to)|plan(?:s)? to|want(?:s)? to|wanna|"
    r"hoping to|hope to|going to|gonna|might|may|about to)\s+([a-z]+)"
)
# a Chinese verb said with the experiential 过, and the characters that make 过 part of another word
_VERBS_ZH = "去来吃喝看玩做住学买用见到养试开坐爬跑听读写游考"
_EXPERIENCED = re.compile(rf"([{_VERBS_ZH}])过(?![敏年节日生来去程量度期夜])")
_DONE_ZH = re.compile(r"了|过|已经|曾|刚|以前|之前|去年|上个?月|上周|小时候")


def _plans_en(text: str) -> set[str]:
    return {_base(m.group(1)) for m in _PLAN_EN.finditer(text)}


def _pasts_en(text: str) -> set[str]:
    return {p for w in re.findall(r"[a-z]+", text) if (p := _past(w))}


def plan_done(a: str, b: str) -> bool:
    """One text plans a verb, the other did it (see the module docstring)."""
    fa, fb = _flat(a), _flat(b)
    for s, t in ((fa, fb), (fb, fa)):
        if not _PLAN_EN.search(t) and _plans_en(s) & _pasts_en(t) - _pasts_en(s):
            return True
        if _DONE_ZH.search(t):
            continue
        verbs = {m.group(1) for m in _EXPERIENCED.finditer(s)}
        if any(v in t for v in verbs):
            return True
    return False


# --- one boundary, two sides of it
_UNTIL_EN = re.compile(r"\b(?:until|till|til|through|up to)\s+(?:the\s+)?(\w+)")
_FROM_EN = re.compile(r"\b(?:from|starting(?: on)?|beginning(?: on)?|as of|since)\s+(?:the\s+)?(\w+)")
_DAY_ZH = (
    r"((?:[0-9]+|[一二三四五六七八九十]+)[号日月]|周[一二三四五六日天]|星期[一二三四五六日天]|"
    r"[下本这]周[一二三四五六日天]?|明天|后天)"
)
_UNTIL_ZH = re.compile(rf"(?:直到|到){_DAY_ZH}(?:为止|之前|前)?")
_FROM_ZH = re.compile(rf"(?:从|自){_DAY_ZH}|{_DAY_ZH}(?:开始|起)")


def _bounds(pattern: re.Pattern[str], text: str) -> set[str]:
    return {g for m in pattern.finditer(text) for g in m.groups() if g}


def until_from(a: str, b: str) -> bool:
    """One text runs up to a day, the other starts from the same day."""
    fa, fb = _flat(a), _flat(b)
    for s, t in ((fa, fb), (fb, fa)):
        until = (_bounds(_UNTIL_EN, s) | _bounds(_UNTIL_ZH, s)) - _bounds(_FROM_EN, s) - _bounds(_FROM_ZH, s)
        since = (_bounds(_FROM_EN, t) | _bounds(_FROM_ZH, t)) - _bounds(_UNTIL_EN, t) - _bounds(_UNTIL_ZH, t)
        if until & since:
            return True
    return False


# --- who goes to whom
_VISIT = r"(?:visit|visits|visiting|visited|see|seeing|host|hosting|call|calling)"
_WE_GO = re.compile(
    rf"\b(?:i|we)(?:'m|'re|'ll| am| are| will| will be|'ll be| were| was| plan to| are going to)?\s+"
    rf"(?:be\s+)?(?:going to\s+)?{_VISIT}\s+(?!me\b|us\b)"
)
_THEY_COME = re.compile(rf"\b{_VISIT}\s+(?:me|us)\b|\bcom(?:e|es|ing) (?:to )?(?:visit|see|stay with) (?:me|us)\b")
_WHEN_ZH = r"(?:[下这本明今][个]?[周月年]末?|明天|后天|周末|过年|春节|国庆)"
_WE_GO_ZH = re.compile(rf"我们?{_WHEN_ZH}?(?:要|会|打算|准备)?(?:去|回)(?:看|看望|探望|拜访)")
_THEY_COME_ZH = re.compile(r"来(?:看|看望|探望|拜访)?我们?|来我们?家")


def visit_direction(a: str, b: str) -> bool:
    """One text has the user go to see someone, the other has someone come to see the user."""
    fa, fb = _flat(a), _flat(b)
    for s, t in ((fa, fb), (fb, fa)):
        if (_WE_GO.search(s) and not _THEY_COME.search(s) and _THEY_COME.search(t) and not _WE_GO.search(t)) or (
            _WE_GO_ZH.search(s) and not _THEY_COME_ZH.search(s) and _THEY_COME_ZH.search(t) and not _WE_GO_ZH.search(t)
        ):
            return True
    return False


# --- "I" in one text, "he" / "she" in the other
_BE = {"am": "be", "is": "be", "are": "be", "m": "be", "s": "be", "re": "be", "has": "have", "does": "do"}
_HE_EN = re.compile(
    r"\b(?:husband|boyfriend|son|brother|father|dad|grandpa|grandfather|uncle|nephew|fianc[eé])\b|"
    r"\b(?:mr|sir|boss|partner)\b(?= \w+ he\b)"
)
_SHE_EN = re.compile(
    r"\b(?:wife|girlfriend|daughter|sister|mother|mom|mum|grandma|grandmother|aunt|niece|fianc[eé]e)\b"
)
_HE_ZH = re.compile(r"老公|丈夫|先生|男朋友|儿子|爸|哥|弟|爷|叔|舅|姥爷|外公")
_SHE_ZH = re.compile(r"老婆|妻子|太太|女朋友|女儿|妈|姐|妹|奶|姨|姑|姥姥|外婆")


_PRONOUNS = frozenset(("i", "we", "he", "she", "they", "me", "us", "him", "her", "them"))


def _tokens(text: str) -> list[str]:
    """Words by base ("sleeps" / "sleep"), "am" / "is" alike, the pronouns as written."""
    words = (re.sub(r"(?<=\w\w)ies$", "y", w) for w in re.findall(r"[a-z]+", text))  # studies / study
    return [w if w in _PRONOUNS else _BE.get(w, _base(w)) for w in words]


def _pronoun_swapped(s: str, t: str) -> bool:
    """`s` and `t` read alike but for one subject: I / we in `s`, he / she in `t`, said of a person
    of that gender `t` names."""
    if re.search(r"[\u4e00-\u9fff]", s + t):
        if len(s) != len(t):
            return False
        diff = [(x, y) for x, y in zip(s, t, strict=True) if x != y]
        return (
            len(diff) == 1
            and diff[0][0] == "我"
            and diff[0][1] in "他她"
            and bool((_HE_ZH if diff[0][1] == "他" else _SHE_ZH).search(t))
        )
    xs, ys = _tokens(s), _tokens(t)
    if len(xs) != len(ys):
        return False
    diff = [(x, y) for x, y in zip(xs, ys, strict=True) if x != y]
    return (
        len(diff) == 1
        and diff[0][0] in ("i", "we")
        and diff[0][1] in ("he", "she")
        and bool((_HE_EN if diff[0][1] == "he" else _SHE_EN).search(t))
    )


def subject_pronoun(a: str, b: str) -> bool:
    """The same sentence with the user as subject in one text and a named person in the other."""
    fa, fb = _flat(a), _flat(b)
    return _pronoun_swapped(fa, fb) or _pronoun_swapped(fb, fa)


# --- one of two against both
_ONLY = re.compile(r"\bonly\b|(?<![0-9一二两三四五六七八九十几这那每多半])只(?!要|是|不过)")
_BOTH = re.compile(
    r"\bboth\b|\beither\b|\bas well as\b|两(?:种|个|样|边|款)?都|[和跟与及、][\u4e00-\u9fff]{1,6}都(?!不|没)"
)


def only_both(a: str, b: str) -> bool:
    """One text says only one (only, 只), the other both (both, 和…都)."""
    fa, fb = _flat(a), _flat(b)
    return any(
        _ONLY.search(s) and not _BOTH.search(s) and _BOTH.search(t) and not _ONLY.search(t)
        for s, t in ((fa, fb), (fb, fa))
    )


# --- a negated verb with and without its object
_NEG_VERBS_ZH = "吃喝抽用碰穿戴开看买"
_NEG_OBJECT_ZH = re.compile(rf"(?:不|没|别)([{_NEG_VERBS_ZH}])([\u4e00-\u9fff]+)")
_NEG_BARE_ZH = re.compile(rf"(?:不|没|别)([{_NEG_VERBS_ZH}])(?:了|的|啊|呢|吧)?(?=$|[^\w\u4e00-\u9fff])")
_NEG_VERBS_EN = r"(?:eat|drink|smoke|use|take|drive|wear|watch|touch)"
_NOT_EN = r"(?:don't|do not|doesn't|does not|didn't|never|won't|can't|cannot|no longer)"
_AFTER_EN = (
    r"(?:at|after|before|in|on|during|for|with|until|when|while|anymore|any more|again|today|tonight|"
    r"now|much|often|and|but|or|so|because)"
)
_NEG_OBJECT_EN = re.compile(rf"\b{_NOT_EN} ({_NEG_VERBS_EN}) (?!{_AFTER_EN}\b|any\b)([a-z]+)")
_NEG_BARE_EN = re.compile(rf"\b{_NOT_EN} ({_NEG_VERBS_EN})\b(?= {_AFTER_EN}\b|\s*$|[^\w\s])")
# objects a bare verb implies: "I don't drink" is alcohol
_IMPLIED_EN = frozenset(_base(w) for w in ("alcohol", "booze", "liquor", "cigarettes", "tobacco", "drugs"))
# particles after a Chinese object that are no object of their own
_OBJ_PARTICLES = "了的啊呢吧"


def object_dropped(a: str, b: str) -> bool:
    """One text negates a verb with an object the other text never says, the other the bare verb."""
    fa, fb = _flat(a), _flat(b)
    for s, t in ((fa, fb), (fb, fa)):
        bare = {m.group(1) for m in _NEG_BARE_ZH.finditer(t)} | {m.group(1) for m in _NEG_BARE_EN.finditer(t)}
        if not bare:
            continue
        for m in _NEG_OBJECT_ZH.finditer(s):
            obj = m.group(2).rstrip(_OBJ_PARTICLES)
            if m.group(1) in bare and obj and obj[0] not in t:
                return True
        for m in _NEG_OBJECT_EN.finditer(s):
            obj = _base(m.group(2))
            if (
                m.group(1) in bare
                and obj not in _IMPLIED_EN
                and obj not in {_base(w) for w in re.findall(r"[a-z]+", t)}
            ):
                return True
    return False


# --- a generation or step prefix on a kin word
_KIN_EN = (
    r"(?:child|children|kids?|sons?|daughters?|brothers?|sisters?|siblings?|mothers?|fathers?|moms?|mums?|"
    r"dads?|parents?|aunts?|uncles?|nieces?|nephews?|ma|pa)"
)
_PREFIXED_EN = re.compile(rf"\b((?:great[- ]?)+|step-?|half-?)((?:grand)?{_KIN_EN})\b")
_PREFIXED_ZH = re.compile(r"(曾|继|干)([孙祖父母子女妈爹儿])")


@lru_cache(maxsize=4096)
def _kin_words(text: str) -> tuple[frozenset[tuple[str, str]], frozenset[str]]:
    """The prefixed kin words (prefix, kin) of a text and every kin word it says bare."""
    prefixed = {(re.sub(r"[- ]", "", m.group(1)), m.group(2)) for m in _PREFIXED_EN.finditer(text)}
    prefixed |= {(m.group(1), m.group(2)) for m in _PREFIXED_ZH.finditer(text)}
    rest = _PREFIXED_ZH.sub(" ", _PREFIXED_EN.sub(" ", text))
    bare = set(re.findall(rf"\b(?:grand)?{_KIN_EN}\b", rest)) | set(re.findall(r"[孙祖父母子女妈爹儿]", rest))
    return frozenset(prefixed), frozenset(bare)


def generation(a: str, b: str) -> bool:
    """One text says a kin word with a prefix (great-, step-, half-, 曾, 继), the other the bare word."""
    (pa, ba), (pb, bb) = _kin_words(_flat(a)), _kin_words(_flat(b))
    return any(kin in bb for _, kin in pa - pb) or any(kin in ba for _, kin in pb - pa)


def differs(a: str, b: str) -> bool:
    """Any family above tells the texts apart (the word rules ask too: mal/dedup.py `_turned`)."""
    return any(check(a, b) for _, check in CHECKS)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("exception_added", exception_added),
    ("kin_subject", kin_subject),
    ("plan_done", plan_done),
    ("until_from", until_from),
    ("visit_direction", visit_direction),
    ("subject_pronoun", subject_pronoun),
    ("only_both", only_both),
    ("object_dropped", object_dropped),
    ("generation", generation),
)
