"""review11's dedup families: two texts that differ in who, what or when, read as positive evidence.

review11's adversarial pair set (tests/data/dedup_attack11_pairs.jsonl, kept out of training) found
near misses that say almost the same words as each other, so that the word rules equate them (the
same content words, the same numbers) or the learned model scores them as a restatement. Each family
below is positive evidence of two facts, read from both texts as written:

  * `role_swap`  - the same words with two of them exchanged around a fixed middle: "X m Y" / "Y m X"
                   ("prefer tea over coffee" / "coffee over tea", "hate X but love Y" / "love X but
                   hate Y", 两只猫一只狗 / 两只狗一只猫, 两周一次 / 一周两次, "Tom borrowed my drill" / "I
                   borrowed Tom's drill"), or two adjacent Chinese characters swapped (蜜蜂 / 蜂蜜). Two
                   adjacent phrases that trade places ("with food in the morning" / "in the morning
                   with food") and list members ("Anna and Ben" / "Ben and Anna", 猫和狗 / 狗和猫) are
                   reorderings, not swaps.
  * `companion`  - the user with someone (my wife and I, 我和老婆) against that someone alone, with
                   no "we", "with" or 一起 to put the user back in: "My wife and I fly" / "My wife flies".
  * `quantifier` - all / both against some / a few / one of (都, 所有 / 有些, 有的, 其中).
  * `ordinal`    - an ordinal against a count of the same thing (my second son / my two sons,
                   第二个儿子 / 两个儿子) and a numbered thing against a floor or an amount (三号楼 / 三楼).
  * `name_modifier` - an organisation's name with a word inside it that the other lacks (南京大学 /
                   南京师范大学, "Leeds University" / "Leeds Beckett University").
  * `from_to`    - a place one text comes from and the other goes to (从成都搬来 / 搬去成都, "moved
                   here from Austin" / "moving to Austin").

Each family has twins in mal/dedup_zh_near.py and mal/dedup_en11.py; the veto asks all readings
of a family as one check (mal/dedup_shared_families.py). `differs` is the word rules' turning check
(mal/dedup.py `_turned`).

Pure functions over two texts as written; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from mal.dedup_text import flat as _flat
from mal.dedup_text import opposed as _opposed

__all__ = ["READINGS", "differs"]


# --- role_swap: the same tokens, two of them exchanged around a fixed middle
_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?|\d+(?:\.\d+)?|[\u3400-\u9fff]|[^\sa-z\d\u3400-\u9fff]+")
_FILLERS = frozenset(
    [
        "the",
        "a",
        "an",
        "just",
        "only",
        "really",
        "also",
        "very",
        "too",
        "even",
        "actually",
        "definitely",
        "quite",
        "so",
        "了",
        "啊",
        "呢",
        "吧",
        "呀",
        "嘛",
    ]
)
_SELF = {"i": ("self",), "me": ("self",), "myself": ("self",), "mine": ("self",), "my": ("self", "'s")}
_CONTRACTIONS = {"'m": "am", "'re": "are", "'ve": "have", "'ll": "will", "'d": "would", "n't": "not"}
# a middle made of these alone joins list members, whose order says nothing
_LIST_WORDS = frozenset(("and", "or", "&", "|", "和", "与", "跟", "及", "同", "、", "plus"))
# interchangeable character orders (互相 / 相互): a swap of these is one word
_SAME_BOTH_WAYS = frozenset(("互相", "积累", "代替", "情感", "演讲", "整齐", "妒嫉", "离别", "喊叫"))
# "X is Y" / "Y is X" says one thing (my favourite fruit is mango / mango is my favourite fruit)
_COPULAS = frozenset(("is", "am", "are", "was", "were", "是", "为"))
# a word that gives the members of a list a role: "hate cats and love dogs" / "love cats and hate dogs"
_ROLE_WORDS = frozenset(
    [
        "love",
        "like",
        "hate",
        "prefer",
        "enjoy",
        "dislike",
        "not",
        "never",
        "but",
        "over",
        "than",
        "喜",
        "欢",
        "讨",
        "厌",
        "爱",
        "恨",
        "怕",
        "不",
        "没",
        "但",
        "对",
        "比",
    ]
)
# characters that never make a word with their neighbour in a swap: 吃不了 / 不吃 is one refusal
_GRAMMAR_CHARS = frozenset("不没了的在都也很就要会是我你他她它们和与跟着过吗呢吧啊把被给")


def _word(token: str) -> tuple[str, ...]:
    if token in _SELF:
        return _SELF[token]
    for tail, full in _CONTRACTIONS.items():
        if token.endswith(tail) and len(token) > len(tail):
            head = token[: -len(tail)]
            return (*_word("can" if head == "ca" else "will" if head == "wo" else head), full)
    if token.endswith("'s") and len(token) > 2:
        return (*_word(token[:-2]), "'s")
    if not re.match(r"[a-z\d\u3400-\u9fff]", token):
        return ("|",)  # punctuation: a clause boundary
    return (token,)


@lru_cache(maxsize=4096)
def _tokens(text: str) -> tuple[str, ...]:
    out: list[str] = []
    for raw in _TOKEN.findall(_flat(text)):
        for word in _word(raw):
            if word in _FILLERS or (word == "|" and (not out or out[-1] == "|")):
                continue
            out.append(word)
    while out and out[-1] == "|":
        out.pop()
    return tuple(out)


def _splits(a: tuple[str, ...], b: tuple[str, ...]) -> list[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]:
    """Every (X, M, Y) with a span of `a` = X M Y and the same span of `b` = Y M X, the span the
    differing tokens and up to two shared tokens either side (a shared 果 may end Y: 水果 / 芒果)."""
    first = next(k for k in range(len(a)) if a[k] != b[k])
    last = max(k for k in range(len(a)) if a[k] != b[k]) + 1
    out = []
    for i in range(max(0, first - 2), first + 1):
        for j in range(last, min(len(a), last + 2) + 1):
            sa, sb, n = a[i:j], b[i:j], j - i
            for x in range(1, n):
                for y in range(1, n - x + 1):
                    if sa[:x] == sb[n - x :] and sa[n - y :] == sb[:y] and sa[x : n - y] == sb[y : n - x]:
                        out.append((sa[:x], sa[x : n - y], sa[n - y :]))
    return out


def _exempt(x: tuple[str, ...], middle: tuple[str, ...], y: tuple[str, ...]) -> bool:
    """A reordering that keeps the meaning: adjacent phrases, "X is Y" / "Y is X", list members."""
    if not middle:
        # two adjacent Chinese characters exchanged inside a word are another word: 蜜蜂 / 蜂蜜
        pair = "".join((*x, *y))
        return not (
            len(x) == len(y) == 1
            and all(re.match(r"[\u3400-\u9fff]", c) for c in pair)
            and not set(pair) & _GRAMMAR_CHARS
            and pair not in _SAME_BOTH_WAYS
            and pair[::-1] not in _SAME_BOTH_WAYS
        )
    if set(middle) <= _COPULAS | _LIST_WORDS:
        return True
    return bool(set(middle) & _LIST_WORDS) and not set((*x, *middle, *y)) & _ROLE_WORDS  # 周二和周四 / 周四和周二


def _swapped(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """`b` is `a` with two spans X, Y exchanged around a middle M (X M Y / Y M X), and no reading of
    the exchange is one that keeps the meaning (`_exempt`)."""
    if len(a) != len(b) or a == b or sorted(a) != sorted(b):
        return False
    splits = _splits(a, b)
    return bool(splits) and not any(_exempt(*split) for split in splits)


def role_swap(a: str, b: str) -> bool:
    return _swapped(_tokens(a), _tokens(b))


# --- companion: the user with someone against that someone alone
_JOINT = re.compile(r"\b(?:and|&) (?:i|me|myself)\b|\b(?:i|me) (?:and|&) |and ?我|我(?:和|跟|与|同)|(?:和|跟|与|同)我")
_SELF_EN = re.compile(r"\b(?:i|me|we|us|our|ours|myself|ourselves|let's)\b|\bi'")
_WITH = re.compile(r"\b(?:with|together|along|join|joining|joins)\b|一起|一块|一同|陪|带|和|跟|与|同")
# 我 before what it owns (我老婆, 我的) is not the user as an actor
_OWNED = re.compile(
    r"我(?=的|老婆|老公|妻子|丈夫|爱人|太太|先生|媳妇|孩子|儿子|女儿|妈|爸|父|母|哥|姐|弟|妹|家|爷|奶|外公|外婆|姥|舅|"
    r"姨|叔|姑|朋友|同事|室友|男朋友|女朋友|对象|老板|领导|邻居|同学|宝宝|小孩)"
)


def _user_acts(text: str) -> bool:
    return bool(_SELF_EN.search(text)) or "我" in _OWNED.sub("", text) or "咱" in text


def companion(a: str, b: str) -> bool:
    x, y = _flat(a), _flat(b)
    return any(
        _JOINT.search(s) and not _JOINT.search(t) and not _user_acts(t) and not _WITH.search(t)
        for s, t in ((x, y), (y, x))
    )


# --- quantifier: all against some
_ALL = re.compile(
    r"\ball\b(?! (?:day|night|week|year|the time|along|over|right)\b)|\bboth\b|\bevery one of\b|都|所有|全部|全都"
)
_SOME = re.compile(
    r"\bsome\b|\ba few\b|\bseveral\b|\bone of\b|\bmost\b|\bhalf of\b|\bnot all\b|有些|有的|部分|其中|一些|几个|一半"
)


def quantifier(a: str, b: str) -> bool:
    return _opposed(_flat(a), _flat(b), _ALL, _SOME)


# --- ordinal: the second one against two of them; a numbered thing against a count or a floor
_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_EN_ORDINALS = {
    w: i
    for i, w in enumerate(["second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"], 2)
}
_EN_CARDINALS = {
    w: i for i, w in enumerate(["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"], 2)
}
_ZH_NUM = r"([一二两三四五六七八九十]|\d+)"
_CLASSIFIER = "(?:个|位|只|名|次|套|辆|家|本|件|条|年级)?"
_ZH_ORD = re.compile(rf"第{_ZH_NUM}{_CLASSIFIER}([\u3400-\u9fff])")
_ZH_NUMBERED = re.compile(rf"{_ZH_NUM}号([\u3400-\u9fff])")
_ZH_COUNT = re.compile(rf"(?<![第\d一二两三四五六七八九十]){_ZH_NUM}{_CLASSIFIER}([\u3400-\u9fff])")


def _zh_value(number: str) -> int:
    return int(number) if number.isdigit() else _ZH_DIGITS[number]


def _zh_reads(text: str, pattern: re.Pattern[str]) -> set[tuple[int, str]]:
    return {(_zh_value(n), head) for n, head in pattern.findall(text) if head != "号"}


def _en_reads(text: str, words: dict[str, int]) -> set[tuple[int, str]]:
    """(number, the next word or the one after it, plural dropped): "second son", "two grown sons"."""
    # "8th" is the ordinal eighth, not a count of 8 (fourteenth round: "8th grade" / "eighth-grade")
    tokens = re.findall(r"[a-z]+|\d+(?:st|nd|rd|th)?\b|\d+", text)
    out: set[tuple[int, str]] = set()
    for i, token in enumerate(tokens):
        if token[:1].isdigit():
            digits = token.rstrip("stndrh")
            ordinal = digits != token
            n = int(digits) if ordinal == (words is _EN_ORDINALS) else 0
        else:
            n = words.get(token, 0)
        for head in tokens[i + 1 : i + 3] if n else ():
            out.add((n, head[:-1] if head.endswith("s") and len(head) > 3 else head))
    return out


def _ranked(text: str) -> set[tuple[int, str]]:
    """The things `text` numbers: an ordinal (第二个儿子, "second son") or a numbered one (三号楼)."""
    return _zh_reads(text, _ZH_ORD) | _zh_reads(text, _ZH_NUMBERED) | _en_reads(text, _EN_ORDINALS)


def _counted(text: str) -> set[tuple[int, str]]:
    """The things `text` counts (两个儿子, "two sons")."""
    return _zh_reads(text, _ZH_COUNT) | _en_reads(text, _EN_CARDINALS)


def ordinal(a: str, b: str) -> bool:
    """One text numbers a thing that the other counts, neither saying both (each text read once)."""
    x, y = _flat(a), _flat(b)
    rx, cx, ry, cy = _ranked(x), _counted(x), _ranked(y), _counted(y)
    return bool(((rx & cy) - cx - ry) or ((ry & cx) - cy - rx))


# --- name_modifier: a word inside an organisation's name
_ZH_ORG = re.compile(r"([\u3400-\u9fff]{2,10}?)(大学|学院|医院|银行|中学|小学|公司|研究所|图书馆|博物馆|机场|火车站)")
_EN_ORG = re.compile(r"((?:[A-Z][a-z]+ )+)(University|College|Hospital|Bank|School|Institute|Museum|Airport)\b")
_FUNCTION = set("我在是去从到于的了一家个所他她它们这那里")


def _inside(p: str, q: str) -> bool:
    """`q` is `p` with words added before the suffix, and `p` ends in a name (two content characters)."""
    return (
        len(q) > len(p)
        and q.startswith(p)
        and len(p.rstrip()) >= 2
        and not set(p.rstrip()[-2:]) & _FUNCTION
        and "的" not in q[len(p) :]
        and not q[len(p) :].startswith("一")
    )


def name_modifier(a: str, b: str) -> bool:
    for pattern, x, y in ((_ZH_ORG, _flat(a), _flat(b)), (_EN_ORG, a, b)):
        ox = {(m[2], m[1]) for m in pattern.finditer(x)}
        oy = {(m[2], m[1]) for m in pattern.finditer(y)}
        for suffix, p in ox:
            for other, q in oy:
                if suffix == other and (_inside(p, q) or _inside(q, p)):
                    names = {n for _, n in ox} & {n for _, n in oy}
                    if not names:
                        return True
    return False


# --- from_to: a place one text leaves and the other goes to
_ZH_FROM = re.compile(r"从([\u3400-\u9fff]{2})")
_ZH_TO = re.compile(r"(?:去|到|往|回)([\u3400-\u9fff]{2})")
_EN_FROM = re.compile(r"\bfrom ([A-Z][a-z]+)")
_EN_TO = re.compile(r"\b(?:to|into|for) ([A-Z][a-z]+)")


def _ends(text: str) -> tuple[set[str], set[str]]:
    flat = _flat(text)
    return (
        set(_ZH_FROM.findall(flat)) | set(_EN_FROM.findall(text)),
        set(_ZH_TO.findall(flat)) | set(_EN_TO.findall(text)),
    )


def from_to(a: str, b: str) -> bool:
    (fa, ta), (fb, tb) = _ends(a), _ends(b)
    return bool(((fa & tb) - ta - fb) or ((ta & fb) - fa - tb))


# each folded with its twins into one veto check by mal/dedup_shared_families.py
READINGS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("role_swap", role_swap),
    ("companion", companion),
    ("quantifier", quantifier),
    ("ordinal", ordinal),
    ("name_modifier", name_modifier),
    ("from_to", from_to),
)


def differs(a: str, b: str) -> bool:
    """Any review11 family says the two texts are two facts (see the module docstring)."""
    return any(check(a, b) for _, check in READINGS)
