"""Fifteenth round's dedup families: near misses of the round's second development set (dedup_dev6)
that no veto named, which the learned layer, merging nearly everything past the vetoes, merged.

  * `bound`      - a bound one text alone puts on a number the other says bare: "six goldfish" / "at
                   least six goldfish" (at most, up to, more than, fewer than, under, or more), 六条 /
                   至少六条 (最多, 不到, 以上, 以内, 不超过). A bounded number is a range, the bare one a
                   count; the number must be in both texts, so a bound beside another number is left
                   to the numbers checks.
  * `possession` - how a thing is held, said by a modifier: 我的车 / 我租的车 (借的, 公司的, 单位配的),
                   "my car" / "my leased car" (rented, borrowed, company car, a rental). The action
                   reader (mal/dedup_actions.py) compares holdings only when both texts say one; here
                   one text's modifier against the other's bare noun is enough.
  * `completion` - an act done against one in progress: 我把信用卡还清了 / 我在慢慢还信用卡 (还完 / 在还,
                   写完 / 正在写), "I paid off my car" / "I'm paying off my car" (finished / still
                   working on). The verb must be the same on both sides in Chinese; in English a
                   finished act against a progressive one of the same verb stem.

The round's fourth near miss, a membership joined against given up (加入了健身房 / 退了健身房的卡,
"cancelled my gym membership"), widens mal/dedup_actions.py.

Pure functions over two texts as written; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from mal.dedup_lexicon import NUMBER_WORDS_EN
from mal.dedup_text import flat as _flat
from mal.dedup_text import signature

__all__ = ["CHECKS", "bound", "completion", "differs", "possession"]


# --- a bound on a number one text alone says
_NUM_WORDS = "|".join(sorted((w for w in NUMBER_WORDS_EN if w.isalpha() and len(w) > 1), key=len, reverse=True))
_NUM_EN = rf"(?:[$£€¥]\s?)?\d[\d,.]*(?:k\b|m\b)?|\b(?:{_NUM_WORDS}|one)(?:[- ](?:{_NUM_WORDS}))?\b"
_NUM_ZH = r"[\d零〇一二两三四五六七八九十百千万亿.]+"
_BETWEEN_ZH = r"[^\d零〇一二两三四五六七八九十百千万亿，,。；;]{0,2}?"  # 最多喝三杯, 至少有八栋
_LOWER_EN = r"at least|more than|over|upwards of|no less than|not less than|no fewer than|a minimum of|minimum of"
_UPPER_EN = (
    r"at most|up to|less than|fewer than|under|no more than|not more than|a maximum of|maximum of|max of|"
    r"at the most|no longer than"
)
_BOUNDS: dict[str, tuple[re.Pattern[str], ...]] = {
    "lower": (
        re.compile(rf"\b(?:{_LOWER_EN})\s+({_NUM_EN})"),
        re.compile(rf"({_NUM_EN})\s*(?:\w+\s+)?(?:or more|or over|plus|at least|minimum)\b|(\d[\d,.]*k?)\+"),
        re.compile(rf"(?:至少|最少|起码|不少于|不低于|(?<![不没])超过|不止|多于){_BETWEEN_ZH}({_NUM_ZH})"),
        re.compile(rf"({_NUM_ZH})[\u4e00-\u9fff]{{0,3}}?(?:以上|开外)"),
    ),
    "upper": (
        re.compile(rf"\b(?:{_UPPER_EN})\s+({_NUM_EN})"),
        re.compile(rf"({_NUM_EN})\s*(?:\w+\s+)?(?:or less|or fewer|or under|tops|max|at most|at the most)\b"),
        re.compile(rf"(?:最多|至多|顶多|不到|不足|不超过|少于|低于|没超过){_BETWEEN_ZH}({_NUM_ZH})"),
        re.compile(rf"({_NUM_ZH})[\u4e00-\u9fff]{{0,3}}?(?:以内|以下|之内)"),
    ),
}


# "more than" under a negation is a ceiling: "I don't want to spend more than 1500"
_NEGATED = re.compile(r"(?:\b(?:no|not|never|cannot)\b|n't\b)[^,.;]*$")
# a budget or a spending cap is a ceiling already: "my budget is $1,500" / "at most $1,500"
_CEILING = re.compile(r"预算|能接受|\b(?:budget|afford|spend|spending)\b")


@lru_cache(maxsize=4096)
def _bounded(text: str) -> frozenset[tuple[str, str]]:
    """(kind, number) for each number the text bounds: "at least six" -> ("lower", "6")."""
    flat = _flat(text)
    found: set[tuple[str, str]] = set()
    for kind, patterns in _BOUNDS.items():
        for pattern in patterns:
            for m in pattern.finditer(flat):
                span = next((g for g in m.groups() if g), "")
                said = "upper" if kind == "lower" and _NEGATED.search(flat[: m.start()]) else kind
                found.update((said, n) for n in signature(span).numbers)
    return frozenset(found)


def bound(a: str, b: str) -> bool:
    """One text bounds a number ("at least six", 最多三个, 三十岁以上) that the other says without
    that bound ("six goldfish", 三个, 三十岁): a range against a count."""
    ceiling = bool(_CEILING.search(_flat(a)) or _CEILING.search(_flat(b)))
    for s, t in ((a, b), (b, a)):
        bounds = _bounded(s)
        if not bounds:  # most texts bound nothing: the other text's numbers are never read
            continue
        numbers, others = set(signature(_flat(t)).numbers), _bounded(t)
        if any(n in numbers and (kind, n) not in others and not (ceiling and kind == "upper") for kind, n in bounds):
            return True
    return False


# --- how a thing is held, said by a modifier
_HOLDINGS_ZH: dict[str, str] = {
    "rented": r"租(?:来|住)?的|租赁的|月租的",
    "borrowed": r"借(?:来)?的",
    "company": r"(?:公司|单位)(?:配|给|发|分)?的",
}
_HOLDINGS_EN: dict[str, str] = {
    "rented": r"\b(?:rented|leased|rental|hired)\b",
    "borrowed": r"\b(?:borrowed|loaner)\b",
    "company": r"\b(?:company|work|office)\b",
}
_HEAD_ZH = r"(车|房子|房|公寓|电脑|笔记本|手机|自行车|电动车|摩托|单车|车位|房间|钢琴|相机)"
_HEAD_EN = r"(car|truck|van|suv|bike|apartment|flat|house|condo|laptop|phone|computer|piano|camera|tesla)s?\b"
_HOLD_RE = {
    kind: (re.compile(rf"(?:{_HOLDINGS_ZH[kind]}){_HEAD_ZH}"), re.compile(rf"{_HOLDINGS_EN[kind]}\s+{_HEAD_EN}"))
    for kind in _HOLDINGS_ZH
}
# a holding said by a verb anywhere: no bare noun ("I lease a Civic", 公司给我配了车)
_ANY_HOLD = re.compile(
    r"租|借|公司|单位|\b(?:rent|rents|renting|rented|lease|leases|leasing|leased|rental|borrow\w*|loaner|company)\b"
)


@lru_cache(maxsize=4096)
def _holdings(text: str) -> frozenset[tuple[str, str]]:
    flat = _flat(text)
    return frozenset(
        (kind, m.group(1))
        for kind, patterns in _HOLD_RE.items()
        for pattern in patterns
        for m in pattern.finditer(flat)
    )


def possession(a: str, b: str) -> bool:
    """One text says how a thing is held by a modifier (我租的车, 借的电脑, 公司的车, "my leased
    car", "a company laptop") and the other names the same thing with no word of holding at all
    (我的车, "my car"), or with another holding (租的 / 借的)."""
    x, y = _flat(a), _flat(b)
    hx, hy = _holdings(a), _holdings(b)
    for s_hold, t, t_hold in ((hx, y, hy), (hy, x, hx)):
        for kind, head in s_hold:
            kinds = {k for k, h in t_hold if h == head}
            if head not in t or kind in kinds:
                continue
            if kinds or not _ANY_HOLD.search(t):
                return True
    return False


# --- an act done against one in progress
# Chinese: a verb with a completion complement (还清, 写完) against the verb in progress (在还, 正在写)
# (or a stage got through: 过了试用期 / 还在试用期, 熬过了化疗 / 还在化疗: review of the seventeenth round)
_DONE_ZH = re.compile(
    r"([\u4e00-\u9fff])(?:完|清|好)了|([\u4e00-\u9fff])(?:完|清)|(?:过了|度过了?|熬过了?|挺过了?)([\u4e00-\u9fff])"
)
_DOING_ZH = re.compile(
    r"(?:正在|正|还在|在|一直在)(?:慢慢|慢慢地|一点点|一点一点|逐步|分期|努力|继续|每个?月)?(?:地)?([\u4e00-\u9fff])"
)
_NOT_DONE_VERBS = frozenset("看听想说")  # 看好 / 听好 / 想好 / 说好 say a view or a deal, not an act done
# English: paid off / finished against paying off / still working on
# (a stage passed against one still under way: "passed my probation" / "still on probation", "got
# through chemo" / "still in chemo": review of the seventeenth round)
_DONE_EN = re.compile(
    r"\b(?:paid|finished|completed|done with|wrapped up|built|fixed|repaid|cleared|passed|got through)\b"
    r"(?! (?:by|for)\b)"
)
_DOING_EN = re.compile(
    r"\b(?:am|'m|are|'re|is|'s|still|currently|slowly|gradually|been)\s+(?:\w+ly\s+)?(\w+ing)\b|"
    r"\b(?:in the middle of|halfway through|partway through|working on|chipping away at|still (?:on|in|under))\b"
)
_DONE_STEMS = {
    "paid": "pay",
    "repaid": "repay",
    "finished": "finish",
    "completed": "complet",
    "built": "build",
    "fixed": "fix",
    "cleared": "clear",
    "passed": "pass",
    "got through": "get through",
}


def _done_zh(text: str) -> set[str]:
    return {v for m in _DONE_ZH.finditer(text) for v in m.groups() if v and v not in _NOT_DONE_VERBS}


def _doing_zh(text: str) -> set[str]:
    return {m.group(1) for m in _DOING_ZH.finditer(text)}


_DONE_DOING_EN = re.compile(r"\b(?:finished|completed|done) (\w+)ing\b")


def _done_en(text: str) -> set[str]:
    """The stems of the acts a text says done: "paid off" -> pay, "finished renovating" -> renovat."""
    done = {_DONE_STEMS.get(m.group(0), m.group(0)) for m in _DONE_EN.finditer(text)}
    return done | {m.group(1) for m in _DONE_DOING_EN.finditer(text)}


def _doing_en(text: str) -> set[str]:
    out: set[str] = set()
    for m in _DOING_EN.finditer(text):
        verb = m.group(1)
        out.add(verb[:-3] if verb else "*")
    return out


def completion(a: str, b: str) -> bool:
    """One text says an act done (还清了, 写完了, "paid off", "finished"), the other the same act in
    progress (在慢慢还, 正在写, "paying off", "still writing"), and neither says the other's."""
    x, y = _flat(a), _flat(b)
    for s, t in ((x, y), (y, x)):
        done_zh, doing_zh = _done_zh(s), _doing_zh(t)
        if done_zh & doing_zh and not _done_zh(t) & done_zh and not done_zh & _doing_zh(s):
            return True
        done_en, doing_en = _done_en(s), _doing_en(t)
        if (
            done_en
            and any(d.startswith(g) or g.startswith(d) or g == "*" for d in done_en for g in doing_en)
            and not _done_en(t)
            and not _doing_en(s)
        ):
            return True
    return False


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("bound", bound),
    ("possession", possession),
    ("completion", completion),
)


def differs(a: str, b: str) -> bool:
    """Any family of the round says the two texts are two facts (see the module docstring)."""
    return any(check(a, b) for _, check in CHECKS)
