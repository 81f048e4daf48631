"""Twentieth round's holes: near misses that passed every veto and shut the learned layer (it must
score each above every restatement, which leaves no threshold that merges anything).

  * `food_verb` - one food with another verb: 喜欢吃川菜 / 喜欢做川菜, "eating Thai food" / "cooking
    Thai food". The signature drops 吃 / "eat" as a filler of a liking, so only one side had a word
    the other lacked and the swap check (which needs one on each side) was silent.
  * `person_chain` - a chain of possessed persons counted differently: my boss / my boss's boss,
    我老板 / 我老板的老板, my friend's sister / my sister. The signature's people are a set, so
    boss's boss and boss were one person to the word rules.

Pure functions over two texts as the family checks read them (mal/dedup.py `first_person`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable

from mal.dedup_lexicon import PEOPLE_EN, PEOPLE_ZH
from mal.dedup_text import flat

__all__ = ["CHECKS", "differs", "food_verb", "person_chain"]

# --- one food with another verb
# verbs before a food, by what they do with it: eat it, cook it, get it (order or buy)
_FOOD_VERBS_ZH = {
    **dict.fromkeys(("吃", "品尝", "尝", "喝"), "eat"),  # a drink drunk is had as a food eaten
    **dict.fromkeys(("做", "煮", "烧", "炒", "烹饪", "烤", "包"), "cook"),  # 包: only before a wrapped food
    **dict.fromkeys(("点", "买"), "get"),
    "钓": "catch",  # 钓鱼 / 吃鱼: a fish caught is no fish eaten (review20)
}
_FOOD_VERBS_EN = {
    **dict.fromkeys(("eat", "eats", "ate", "eaten", "eating", "drink", "drinks", "drank", "drinking"), "eat"),
    **dict.fromkeys(("cook", "cooks", "cooked", "cooking", "make", "makes", "made", "making"), "cook"),
    **dict.fromkeys(("bake", "bakes", "baked", "baking", "roast", "roasts", "roasted", "roasting"), "cook"),
    **dict.fromkeys(("wrap", "wraps", "wrapped", "wrapping", "fold", "folds", "folded", "folding"), "cook"),
    **dict.fromkeys(("order", "orders", "ordered", "ordering", "buy", "buys", "bought", "buying"), "get"),
}
# angling names its catch without a verb before it: "go fishing", "fishing for trout" (review20)
_NOT_ANGLING = r"and|or|sauce|oil|tacos?|cakes?|fingers?|soup|pie|market|stew|curry|fry|fries"
# a food verb (and an article) just before: "eat fish for dinner" is food, not angling
_AFTER_FOOD_VERB_EN = re.compile(r"\b(?:" + "|".join(_FOOD_VERBS_EN) + r")\s+(?:(?:a|an|the|some)\s+)?$")
_ANGLING_EN = re.compile(rf"\bfish(?:ing|es|ed)?\b(?:\s+for\s+([a-z]+))?(?!\s+(?:{_NOT_ANGLING}))")
# a food verb and what follows it in its clause (点 / 烧 / 烤 not inside a count or a word: 一点,
# 有点, 三点, 发烧, 烧烤 read as one food's name is left to the others)
_WRAPPED = "饺子|粽子|馄饨|云吞|包子|汤圆|春卷"  # foods 包 makes
_FOOD_ZH = re.compile(
    r"(?<![一二三两几半有差早晚重地景亮发])("
    + "|".join(sorted(set(_FOOD_VERBS_ZH) - {"包"}, key=len, reverse=True))
    # 包 wraps a food (包饺子 / 吃饺子: review20) only before one; 面包, 钱包, 包车 are no verb, nor 打包
    # (packing to go: 打包饺子带回家, review26)
    + rf"|(?<!打)包(?={_WRAPPED}))(?:了|过|着)?([\u4e00-\u9fff]+)"
)
_FOOD_EN = re.compile(
    r"\b(" + "|".join(sorted(_FOOD_VERBS_EN, key=len, reverse=True)) + r")\s+(?:(?:a|an|the|some|my|our)\s+)?([a-z' ]+)"
)
# a liking with no verb likes a food to eat: 我喜欢川菜 is 我喜欢吃川菜, "I love Thai food" eating it
_LIKING_ZH = re.compile(
    rf"(?:喜欢|爱|讨厌|偏爱)(?!吃|喝|做|煮|烧|炒|烹饪|烤|点|买|品尝|尝|钓|包(?:{_WRAPPED}))([\u4e00-\u9fff]+)"
)
_LIKING_EN = re.compile(
    r"\b(?:like|likes|love|loves|enjoy|enjoys|hate|hates|prefer|prefers)\s+"
    r"(?!(?:to\s+)?(?:go(?:ing)?\s+)?fishing\b|(?:to\s+)?(?:" + "|".join(_FOOD_VERBS_EN) + r")\b)"
    r"(?:(?:a|an|the|some)\s+)?([a-z' ]+)"
)
# food the user eats whoever cooked it: ordering or buying a takeaway is eating it
_TAKEAWAY = frozenset(("外卖", "takeout", "takeaway", "delivery"))


def _foods(text: str) -> dict[str, set[str]]:
    """Each food `text` puts after a food verb (or a liking: eaten), with what is done with it."""
    t = flat(text)
    out: dict[str, set[str]] = defaultdict(set)
    for pattern, verbs in ((_FOOD_ZH, _FOOD_VERBS_ZH), (_FOOD_EN, _FOOD_VERBS_EN)):
        for m in pattern.finditer(t):
            out[m.group(2).strip()].add(verbs[m.group(1)])
    for pattern in (_LIKING_ZH, _LIKING_EN):
        for m in pattern.finditer(t):
            out[m.group(1).strip()].add("eat")
    for m in _ANGLING_EN.finditer(t):
        # "fishing" alone and "fish" eaten: one fish caught (not "fish" after an eating verb: that is food)
        if not _AFTER_FOOD_VERB_EN.search(t[: m.start()]):
            if m.group(0).startswith(("fishing", "fished")) or m.group(1):
                out[m.group(1) or "fish"].add("catch")
    return out


def _same_food(x: str, y: str) -> bool:
    """One food said in both: the same words, or one the start of the other (川菜 / 川菜给家人吃)."""
    shorter = min(x, y, key=len)
    return len(shorter) >= (1 if any("\u4e00" <= c <= "\u9fff" for c in shorter) else 3) and (
        x.startswith(y) or y.startswith(x)
    )


def food_verb(a: str, b: str) -> bool:
    """One food with verbs of another kind in each text: eaten / cooked, cooked / ordered (a takeaway
    ordered is eaten). Restatements say one kind (吃 / 品尝, "cook" / "make") or leave it to a liking."""
    fa, fb = _foods(a), _foods(b)
    for x, verbs_x in fa.items():
        for y, verbs_y in fb.items():
            if not _same_food(x, y) or verbs_x & verbs_y:
                continue
            if any(w in x or w in y for w in _TAKEAWAY) and "cook" not in verbs_x | verbs_y:
                continue
            return True
    return False


# --- a chain of possessed persons counted differently
_PERSON_ZH = "|".join(sorted(map(re.escape, PEOPLE_ZH), key=len, reverse=True))
# a relative of a relative: 我老板的老板, 用户朋友的妹妹 (的 between two person words; 爸妈 is two people)
_CHAIN_ZH = re.compile(rf"(?:{_PERSON_ZH})(?:的(?:{_PERSON_ZH}))*")
_PERSON_EN = "|".join(sorted(map(re.escape, PEOPLE_EN), key=len, reverse=True))
_CHAIN_EN = re.compile(rf"\b(?:{_PERSON_EN})(?:'s\s+(?:{_PERSON_EN}))*\b")
_NOT_KIN = frozenset(("我们", "咱们", "他们", "她们", "他", "她"))


def _chains(text: str) -> dict[str, set[int]]:
    """The person each chain of possessed persons ends in, with how many persons lead to it: "my
    boss's boss" is boss by two, 我朋友的妹妹 younger_sister by two."""
    t = flat(text)
    out: dict[str, set[int]] = defaultdict(set)
    for pattern, people, joint in ((_CHAIN_ZH, PEOPLE_ZH, "的"), (_CHAIN_EN, PEOPLE_EN, "'s")):
        for m in pattern.finditer(t):
            links = [w.strip() for w in m.group(0).split(joint)]
            if links[-1] in _NOT_KIN:
                continue
            out[people[links[-1]]].add(len(links))
    return out


def person_chain(a: str, b: str) -> bool:
    """Both texts name a person and reach them through chains of other lengths: my boss / my boss's
    boss, my sister / my friend's sister (another person, though the signature's set of people may be
    the same)."""
    ca, cb = _chains(a), _chains(b)
    return any(ca[p] != cb[p] for p in ca.keys() & cb.keys())


def differs(a: str, b: str) -> bool:
    """Any family above tells the texts apart."""
    return any(check(a, b) for _, check in CHECKS)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("food_verb", food_verb),
    ("person_chain", person_chain),
)
