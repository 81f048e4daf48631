"""Thirteenth round (helper recall13): differing words that grammar or a dictionary explains.

The word rules (mal/dedup.py `signatures_agree`) merge two texts only when every content word one
has and the other lacks is explained by a list (fillers, SYNONYMS), a typo or a segmentation split.
Lists only know the words someone wrote into them, so on the training pairs more than half the
restatements kept two memories, most of them for one or two words of kinds no list can finish:

  * a classifier of single things one text says and the other leaves out (我养了一只猫 / 我家猫,
    两只狗 / 两条狗, 一名律师 / 律师): it counts nothing the numbers do not already say;
  * 我家 / 我们家 as "my" (我家猫叫咪咪 / 我的猫叫咪咪, 我家有两个小孩 / 我有两个孩子);
  * a serial "go" before the activity the other text says (每天早晨去跑步 / 每天早上跑步, "I go
    hiking" / "I hike"), and 要 / 得 before a verb when both texts name the same time (下周四我要参加
    婚礼 / 我下周四参加婚礼); never before a place (去游泳馆 / 在游泳馆 stay two facts): the word after
    it must be one the dictionary reads as a verb;
  * 一周 / 一天 before the deed as 每周 / 每天 (一周游两次 / 每周游两次; not 玩了一天, "for a day"),
    的时候 after a time, "each" beside "every", "lately", "these days";
  * one English verb in its present forms (flying / fly, moving / move; never a past form: visit /
    visited is another event), an adjective and its -ly adverb (fluent / fluently), 叫 / 名字;
  * two Chinese words that share a character and a CC-CEDICT sense (the dictionary
    `mal/dedup_bilingual.py` reads too) among the first two senses of each (买 / 购买 "to buy", 租 /
    租用 "to rent"), never a verb and its directional compound (租 / 出租, 借 / 借出: the direction
    turns who gives to whom).

mal/dedup.py also lets two facts whose span slots the parser cut differently, or whose times only
one text says (我儿子今年八岁 / 我儿子8岁了), merge on these terms: the veto's own slot and times
checks read such cuts and which times a fact may drop.

These are weaker than a listed synonym (a dictionary sense can be a rare one, an English gloss
polysemous), so mal/dedup.py counts them only when no hard veto fires (`veto_reason`: contrast
groups, siblings, substitutions, ...).

Pure functions over `Signature`s; the dictionary is read once, lazily.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from mal.dedup_bilingual import cedict_entries
from mal.dedup_lexicon import SYNONYMS
from mal.dedup_text import Signature, is_cjk, jieba_tokens

__all__ = ["explained", "linked", "warm_up", "zh_synonyms"]

# Classifiers of single things (个体量词): one cat, one lawyer, one car. Measures (杯, 瓶, 斤, 箱,
# 双, 套) are left out: they say how much, and one text's measure is not another's.
CLASSIFIERS_ZH = frozenset("只条名位台辆头匹本件部座栋所间张颗棵枚支架艘家")
# What stands before a classifier: a numeral, a demonstrative, 每 / 几, or the verb it counts after
# (养了只猫, 是只柯基, 有只猫).
_BEFORE_CLASSIFIER = frozenset("0123456789一二两三四五六七八九十百几这那哪每了有是")
# 我家 / 我们家 / 咱家: "my" (household), not a place
_MY_HOME = re.compile(r"(?:我|我们|咱|咱们|他|她|他们)家")
# A serial "go" (去跑步, go hiking): the activity follows directly
_GO_ZH = "去"
_GO_EN = frozenset(("go", "goes", "goe"))  # the signature stems "goes" to "goe"
_GO_SKIP_EN = frozenset(("for", "a", "an"))
_EN_WORD = re.compile(r"[a-z]+")
# 每天 / 一天喝两杯: "one day" before what is done in it is "every day" (not 玩了一天, "for a day",
# nor 一周瘦了三斤, "in one week": a 了 later in the clause makes it a span; attack13)
_EVERY_ZH = {
    f"每{unit}": re.compile(rf"(?<![了过])一{unit}(?=[\u4e00-\u9fff])(?![的了就])(?![^，,。；]*了)")
    for unit in ("天", "周", "星期", "个月", "月", "年")
}
_EVERY_ZH["每日"] = _EVERY_ZH["每天"]
# English words that say no more than a filler in one context: "each morning" is "every morning"
# ("every" is a filler), "lately" is "recently" (an ongoing aspect), "these days" is "now"
_LIKE_FILLERS: dict[str, Callable[[str, str], bool]] = {
    "each": lambda own, other: re.search(r"\bevery\b", other) is not None,
    "lately": lambda own, other: True,
    "day": lambda own, other: re.search(r"\bthese days\b", own) is not None and "day" not in other,
}
_NAMING = frozenset(("叫", "名字"))  # 我的猫叫年糕 / 年糕是我的猫的名字
# 要 / 得 before a verb: "下周五我要去上海" is "我下周五去上海" when both name the same time
_MODALS_ZH = frozenset(("要", "得"))
# Directional morphemes: 出租 / 租, 借出 / 借入, 买入 / 买 turn who gives to whom.
_DIRECTIONS = frozenset("出入进回来去上下起开过")
_SENSES = 2  # a gloss counts among the first senses of a word only: 租 "to hire", then "to rent" ...
_PAREN = re.compile(r"\([^)]*\)")
_NOT_A_GLOSS = ("cl:", "variant of", "old variant", "see ", "surname", "abbr", "also written", "used in", "pr. ")
_DIGIT = re.compile(r"\d")


def explained(only_a: frozenset[str], only_b: frozenset[str], a: Signature, b: Signature) -> bool:
    """Every word in `only_a` (words of `a` the listed rules left unexplained) and `only_b` is
    explained by grammar or a dictionary sense the other text says (see the module docstring)."""
    rest_a = {w for w in only_a if not _light(w, a, b)}
    rest_b = {w for w in only_b if not _light(w, b, a)}
    other_a, other_b = a.words - b.words, b.words - a.words  # a partner may be explained otherwise too
    return all(any(_same_word(w, o) for o in other_b) for w in rest_a) and all(
        any(_same_word(w, o) for o in other_a) for w in rest_b
    )


def linked(only_a: frozenset[str], only_b: frozenset[str]) -> bool:
    """Some word of one text and some word of the other are one word (`_same_word`: swimming /
    swim, 购买 / 买): content the two texts share though no word is spelt alike."""
    return any(_same_word(w, o) for w in only_a for o in only_b)


def _light(word: str, own: Signature, other: Signature) -> bool:
    """A word that adds nothing the other text lacks: a classifier, 我家, a serial go."""
    if word in CLASSIFIERS_ZH:
        counted = any(own.text[i - 1] in _BEFORE_CLASSIFIER for i in _positions(own.text, word) if i > 0)
        return counted or (word == "家" and _MY_HOME.search(own.text) is not None)
    if word == _GO_ZH:
        return _before_shared_verb(word, own, other)
    if word in _GO_EN:
        return _serial_go_en(own.text, other)
    if word in _EVERY_ZH:
        return _EVERY_ZH[word].search(other.text) is not None and word not in other.text
    if word in _MODALS_ZH:
        return own.times == other.times and _before_shared_verb(word, own, other)
    if word == "时候":
        return bool(own.times) and "的时候" in own.text
    if word in _LIKE_FILLERS:
        return _LIKE_FILLERS[word](own.text, other.text)
    return False


def _before_shared_verb(word: str, own: Signature, other: Signature) -> bool:
    """Every `word` of the text stands right before a verb the other text says (去游泳, 要参加), or
    a modal before 去 (要去)."""
    tokens = jieba_tokens(own.text)
    after = [tokens[i + 1] if i + 1 < len(tokens) else "" for i, t in enumerate(tokens) if t == word]
    return bool(after) and all(
        (SYNONYMS.get(t, t) in other.words and _verb(t)) or (t == _GO_ZH and word != _GO_ZH) for t in after
    )


def _serial_go_en(text: str, other: Signature) -> bool:
    """Every "go" of the text stands before an -ing activity or "for a <activity>" whose present
    root the other text says: "I go hiking" / "I hike", "go for a run" / "I run"."""
    words = _EN_WORD.findall(text)
    found = False
    for i, word in enumerate(words):
        if word not in _GO_EN:
            continue
        j = i + 1
        while j < len(words) and words[j] in _GO_SKIP_EN:
            j += 1
        if j >= len(words):
            return False
        nxt = words[j]
        if not (nxt.endswith("ing") or j > i + 1):
            return False
        if not any(_present_root(nxt) == _present_root(o) for o in other.words if not is_cjk(o)):
            return False
        found = True
    return found


def _positions(text: str, word: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(word), text)]


def _same_word(a: str, b: str) -> bool:
    """One English verb in two present forms, an adjective and its adverb (fluent / fluently), or
    two Chinese words of one dictionary sense (or the naming frame: 叫 / 名字)."""
    if is_cjk(a) != is_cjk(b):
        return False
    if not is_cjk(a):
        return len(a) >= 3 and len(b) >= 3 and (_present_root(a) == _present_root(b) or _adverb_of(a, b))
    return {a, b} == _NAMING or b in zh_synonyms(a)


# -ly after a noun makes another word (scholar / scholarly, quarter / quarterly, friend / friendly)
# and after some adjectives too (close / closely): only adjectives by their ending, or listed, count
# (attack13: "I work close to my sister" / "I work closely with my sister").
_ADJECTIVE_ENDINGS = ("ent", "ant", "ful", "ous", "ive", "ble", "al", "ic", "less", "ish")
_ADJECTIVES = frozenset(("quiet", "regular", "quick", "proper", "direct", "exact", "strict", "brief", "rapid"))


def _adverb_of(a: str, b: str) -> bool:
    """fluent / fluently, quiet / quietly: one adjective (of five letters or more: late / lately
    are two words) and its -ly adverb."""
    short, long = sorted((a, b), key=len)
    return (
        len(short) >= 5
        and long in (short + "ly", short[:-1] + "ily")
        and (short.endswith(_ADJECTIVE_ENDINGS) or short in _ADJECTIVES)
    )


def _present_root(word: str) -> str:
    """flying -> fly, moving / move -> mov, running -> run, runs -> run; a past form keeps its -ed
    (visited is not visit: another event)."""
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
        if len(word) > 2 and word[-1] == word[-2] and word[-1] not in "aeiouls":
            word = word[:-1]
    elif len(word) > 4 and word.endswith("es") and word[-3] in "sxzh":
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def zh_synonyms(word: str) -> frozenset[str]:
    """Chinese words of one sense with `word` (empty for a word the dictionary lacks): a word that
    shares a character with it and a gloss among the first `_SENSES` senses of each (购买 / 买 "to
    buy", 居住 / 住 "to reside", 登山 / 爬山 "to climb a mountain", 医师 / 医生 "doctor").
    English glosses are polysemous ("to run" is 跑步 and 经营, "to know" 认识 and 知道, "doctor"
    医生 and 博士, "to play" 玩 and 吹奏), and a shared character says the two words are compounds
    of one morpheme; never a directional compound (see the module docstring)."""
    found = _tables()[0].get(word)
    return frozenset(found.split("|")) if found else frozenset()


def _verb(word: str) -> bool:
    """The dictionary reads `word` as a verb ("to swim"): 去游泳 is a serial go, 去游泳馆 a place."""
    return word in _tables()[1]


def _directional(a: str, b: str) -> bool:
    """租 / 出租, 借 / 借出, 买 / 买入: one is the other with a direction morpheme."""
    short, long = sorted((a, b), key=len)
    if len(long) != len(short) + 1 or short not in long:
        return False
    extra = long.replace(short, "", 1)
    return extra in _DIRECTIONS


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, str], frozenset[str]]:
    """The dictionary read once into what the checks ask of it: headword -> its synonyms
    (`zh_synonyms`, joined by "|"), and the headwords glossed as verbs. Only these are kept, not
    every entry's glosses."""
    by_gloss: dict[str, list[str]] = {}
    verbs = set()
    for word, glosses in _senses().items():
        for gloss in glosses:
            by_gloss.setdefault(gloss, []).append(word)
            if gloss.startswith("to "):
                verbs.add(word)
    pairs: dict[str, set[str]] = {}
    for words in by_gloss.values():
        by_char: dict[str, list[str]] = {}
        for word in words:
            for char in set(word):
                by_char.setdefault(char, []).append(word)
        for group in by_char.values():
            for word in group:
                for other in group:
                    if other != word and not _directional(word, other):
                        pairs.setdefault(word, set()).add(other)
    return {w: "|".join(sorted(o)) for w, o in pairs.items()}, frozenset(verbs)


def _senses() -> dict[str, set[str]]:
    """Simplified headword -> the English glosses of its first `_SENSES` senses (each "/" item of an
    entry is a sense, its ";" parts glosses of it), lower case, parentheses dropped; no gloss that
    names a number, a classifier, a surname or another entry."""
    out: dict[str, set[str]] = {}
    for heads, items in cedict_entries():
        if len(heads) != 2 or not is_cjk(heads[1]):
            continue
        glosses = out.setdefault(heads[1], set())
        for item in items[:_SENSES]:
            glosses.update(t for t in (_gloss(g) for g in item.split(";")) if t)
    return out


def warm_up() -> None:
    """Read the dictionary at start-up (mal/bootstrap.py) rather than on the first write that needs it."""
    _tables()


def _gloss(text: str) -> str:
    text = _PAREN.sub("", text).strip().lower()
    return "" if not text or text.startswith(_NOT_A_GLOSS) or _DIGIT.search(text) or "[" in text else text
