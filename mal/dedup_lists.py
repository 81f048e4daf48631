"""Two wrong merges the twentieth round's fresh writers found, read as families (issue #11):

  * `list_item`    - one text lists an item the other does not say, next to one it does: "I don't
                     eat pork." / "I don't eat pork or beef.", 我对花生过敏 / 我对花生和芒果过敏,
                     猪肉不吃 / 猪肉牛肉都不吃. Dropping or adding a listed item loses a fact whatever
                     the polarity, and the learned model reads one extra word after "or" as a
                     rewording (blind20b: merged in group 0 at cosine 0.987). The swap family
                     (mal/dedup_families.py `swapped`) reads "and" / 和 lists only, and only when
                     the item is the whole difference.
  * `traded_items` - the same words, two items traded between a negated and a positive clause or
                     between the two sides of a comparison: 我不喝白酒，啤酒偶尔喝点 / 我不喝啤酒，
                     白酒偶尔喝点, "I like tea more than coffee" / "I like coffee more than tea",
                     我喜欢猫不喜欢狗 / 我喜欢狗不喜欢猫, 比起A更喜欢B. Every content word of one text
                     is in the other, so the word rules equated them (blind20b: merged by `agree`).

`list_item` asks only for a coordination (X or Y, X and Y, "X, Y and Z"; X和Y / X、Y / X或Y / X跟Y /
以及, nouns juxtaposed before 都) whose one item the other text says and whose partner it does not,
as a word, a plural or a listed synonym: a reordered or reworded list ("pork or beef" / "beef or
pork", 不吃猪肉和牛肉 / 猪肉牛肉都不吃, "I avoid pork and beef") says every item and passes. A clause
joined by "and" ("moved to Boston and started a job") is no list: an item followed by a determiner
or an object pronoun, or a light verb, is read as a verb.

`traded_items` gives each content word a role - the polarity of its clause (a negation, or a
dislike: hate / avoid / 讨厌) and its side of a comparison (more than, rather than, over after a
preference, prefer X to Y, less than; 比起, A比B, 不如, 胜过, 而不是) - and fires only when two
words exchange their roles: a restatement that reorders the clauses ("beer sometimes, never wine")
keeps every word's role. A clause without its own verb or negation ("pork, beef or lamb") keeps the
polarity of the clause before it, unless a "but" / 但 starts it.

Both are vetoes (mal/dedup.py `_checks`) and turning checks of the word rules (`_turned`). Pure
functions over two texts as written; no I/O.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from functools import lru_cache
from itertools import permutations
from typing import Any

from mal.dedup_lexicon import NUMBER_WORDS_EN
from mal.dedup_text import content_words, flat, is_cjk, signature, stem

__all__ = ["CHECKS", "differs", "list_item", "traded_items"]


# --- list_item ------------------------------------------------------------------------------------

_WORD_EN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[,;.!?:()]")
_COORD_EN = frozenset(("and", "or", "nor", "plus"))
# words after a coordinator that come before the item ("or a beef", "and my sister", "a bit of Korean")
_DETERMINERS = frozenset(
    (
        *("a", "an", "the", "some", "any", "my", "our", "his", "her", "their", "your", "also", "even", "sometimes"),
        *("bit", "lot", "lots", "little", "few", "couple", "of", "other", "one", "another"),
    )
)
# what may follow a listed item: the end of the clause, another coordinator, a preposition or an
# adverb. Anything else (an object, a determiner: "and keep kosher", "and love it", "and got a job")
# shows a verb heading a clause of its own, which is no list.
_AFTER_ITEM = frozenset(
    (
        *("", ",", ";", ".", "!", "?", ":", ")", *_COORD_EN),
        *("for", "at", "in", "on", "with", "from", "by", "during", "because", "since", "when", "if", "but"),
        *("though", "as", "either", "too", "anymore", "now", "then", "lately", "daily", "sometimes", "every"),
        *("each", "together", "both", "only", "named", "called", "aged", "anything"),
        # a listed subject before its verb ("my brother and his wife are visiting")
        *("are", "is", "was", "were", "have", "has", "had", "will", "would", "can", "do", "don't"),
    )
)
# never an item: pronouns, auxiliaries and light verbs, negators, adverbs and fixed pairs (more or less)
_NOT_ITEMS_EN = frozenset(
    (
        *("i", "you", "we", "they", "he", "she", "it", "me", "us", "them", "him", "her", "myself", "user", "users"),
        *("am", "is", "are", "was", "were", "be", "been", "being", "do", "does", "did", "have", "has", "had"),
        *("will", "would", "can", "could", "should", "might", "must", "may", "shall", "get", "got", "gets"),
        *("go", "goes", "went", "make", "made", "take", "took", "want", "wants", "need", "needs", "try", "tried"),
        *("not", "no", "never", "don't", "doesn't", "didn't", "can't", "won't", "isn't", "aren't", "neither"),
        *("more", "less", "now", "then", "here", "there", "so", "too", "very", "really", "also", "just", "only"),
        *("again", "over", "back", "forth", "up", "down", "on", "off", "out", "all", "both", "either", "other"),
        *("whether", "sooner", "later", "one", "two", "three", "first", "second", "else", "what", "which"),
        *("a", "an", "the", "some", "any", "my", "our", "his", "their", "your", "this", "that", "these", "those"),
        *("therefore", "thus", "still", "usually", "always", "often", "hence", "bit", "lot"),
        *NUMBER_WORDS_EN,
    )
)
_COORD_ZH = frozenset(("和", "与", "及", "以及", "跟", "或", "或者", "或是", "、", "同"))
_NOT_ITEMS_ZH = frozenset(("用户", "我", "我们", "自己", "大家", "人家", "别人"))
_ALL_ZH = frozenset(("都", "也都", "全", "全都"))
# a noun, a place, a name or a verbal noun (posseg flags n*, vn); never a pronoun (r) nor a time (t)
_NOUN_FLAGS = ("n", "vn")
_MEASURE_FLAGS = ("m", "q", "mq")


def _item_en(word: str) -> bool:
    return word.isalpha() and len(word) >= 3 and word not in _NOT_ITEMS_EN


def _pairs_en(text: str) -> set[tuple[str, str]]:
    """Adjacent items of an English coordination, as (left, right) words."""
    tokens = _WORD_EN.findall(flat(text).replace("as well as", "and"))
    out: set[tuple[str, str]] = set()
    for i, word in enumerate(tokens):
        if i == 0:
            continue
        # a comma before a later "and" lists, unless it names what a count counted ("two kids, a son
        # and a daughter": the son and the daughter are the kids)
        counted = i >= 2 and (tokens[i - 2] in NUMBER_WORDS_EN or tokens[i - 2].isdigit())
        listed_comma = word == "," and not counted and any(t in _COORD_EN for t in tokens[i + 1 : i + 6])
        if word not in _COORD_EN and not listed_comma:
            continue
        left = tokens[i - 1]
        j = i + 1
        while j < len(tokens) and (tokens[j] in _DETERMINERS or tokens[j] in NUMBER_WORDS_EN or tokens[j].isdigit()):
            j += 1
        if j >= len(tokens):
            continue
        right = tokens[j]
        after = tokens[j + 1] if j + 1 < len(tokens) else ""
        if _item_en(left) and _item_en(right) and after in _AFTER_ITEM:
            out.add((left, right))
    return out


@lru_cache(maxsize=2048)
def _tagged(text: str) -> tuple[tuple[str, str], ...]:
    """jieba's part-of-speech reading of a Chinese text (nothing for a text without Chinese)."""
    if not any(is_cjk(c) for c in text):
        return ()
    return tuple((w.word, w.flag) for w in _pos().lcut(flat(text), HMM=False))


@lru_cache(maxsize=1)
def _pos() -> Any:
    """A private tagger over jieba's own dictionary: the parser adds its words to the global one,
    and the check must read a text the same way whatever else has run in the process (the reason
    mal/dedup_text.py keeps a private tokenizer too)."""
    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    return jieba.posseg.POSTokenizer(jieba.Tokenizer())


def _noun_zh(word: str, flag: str) -> bool:
    return is_cjk(word) and flag.startswith(_NOUN_FLAGS) and word not in _NOT_ITEMS_ZH


def _pairs_zh(text: str) -> set[tuple[str, str]]:
    """Adjacent items of a Chinese coordination (X和Y, X、Y, X或Y, X跟Y, 以及) and nouns juxtaposed
    before 都 (猪肉牛肉都不吃). One side may be a noun glued to its verb (吃海鲜或者羊肉: jieba tags
    吃海鲜 an idiom), the other must be a noun."""
    tagged = _tagged(text)
    out: set[tuple[str, str]] = set()
    for i, (word, _) in enumerate(tagged):
        if i == 0:
            continue
        if word in _COORD_ZH:
            j = i + 1
            while j < len(tagged) and tagged[j][1].startswith(_MEASURE_FLAGS):
                j += 1  # 一只猫和一条狗
            if j < len(tagged) and _listed_zh(tagged[i - 1], tagged[j]):
                out.add((tagged[i - 1][0], tagged[j][0]))
        elif word in _ALL_ZH and i >= 2 and _noun_zh(*tagged[i - 1]) and _noun_zh(*tagged[i - 2]):
            out.add((tagged[i - 2][0], tagged[i - 1][0]))
    return out


def _listed_zh(left: tuple[str, str], right: tuple[str, str]) -> bool:
    nouns = [_noun_zh(*left), _noun_zh(*right)]
    glued = [_noun_zh(*left) or _glued_zh(*left), _noun_zh(*right) or _glued_zh(*right)]
    return any(nouns) and all(glued)


def _glued_zh(word: str, flag: str) -> bool:
    return is_cjk(word) and len(word) >= 3 and flag in ("i", "l") and word not in _NOT_ITEMS_ZH


def _said(word: str, other: str) -> bool:
    """`word` is in `other`: as written (a Chinese word anywhere in it), as a plural, or as the
    word the lexicon maps it to (mal/dedup_text.py `signature`)."""
    text = flat(other)
    if is_cjk(word):
        return word in text
    stems = {stem(t) for t in _WORD_EN.findall(text)}
    if stem(word) in stems:
        return True
    canon = signature(word).words
    return bool(canon) and canon <= signature(other).words


def _items(text: str) -> set[tuple[str, str]]:
    return _pairs_zh(text) | _pairs_en(text)


def list_item(a: str, b: str) -> bool:
    """One text lists two items side by side (see the module docstring) and the other says one of
    them and not its partner: an item added or dropped. Not when the other text lists an item of
    its own that the first does not say: that is an item said another way (a boy and a girl / a
    son and a daughter, 番茄 / 西红柿) or swapped for another (Mondays and Wednesdays / Mondays and
    Fridays), which is not this family's to judge."""
    for s, t in ((a, b), (b, a)):
        if any(not (_said(u, s) and _said(v, s)) for u, v in _items(t)):
            continue
        if any(_said(x, t) != _said(y, t) for x, y in _items(s)):
            return True
    return False


# --- traded_items ---------------------------------------------------------------------------------

# a dislike is a negative polarity without a negation ("I love cats but hate dogs")
_DISLIKE = re.compile(r"\b(?:hate[sd]?|dislike[sd]?|avoid(?:s|ed)?|can't stand|cannot stand)\b|讨厌|受不了|反感")
# comparison markers: the words before are preferred (+1) and the words after are not (-1)
_MORE_EN = re.compile(
    r"\b(?:more than|rather than|better than|instead of|sooner than)\b(?!\s+(?:\d|one|two|three|four|five|a few))"
)
_PREFER_EN = re.compile(r"\b(?:prefer|prefers|preferred|like|likes|love|loves|choose|chooses|pick|picks|favou?r)\b")
_OVER_EN = re.compile(r"\bover\b(?!\s+(?:\d|the|a|an|one|two|three|four|five|there|here))")
_TO_EN = re.compile(r"\bto\b")
_THAN_EN = re.compile(r"\bthan\b(?!\s+(?:\d|one|two|three|four|five|a few|usual|before|ever|expected))")
_LESS_EN = re.compile(r"\b(?:less than|worse than)\b(?!\s+\d)")
_BEFORE_ZH = re.compile(r"胜过|多过|多于|而不是|而非")  # A胜过B: A preferred
_AFTER_ZH = re.compile(r"不如")  # A不如B, 与其A不如B: B preferred
_RATHER_ZH = re.compile(r"与其")
_SINCE_ZH = re.compile(r"比起|相比于|相比起|相较于")  # 比起A，(我)更喜欢B: A the lesser
_SPLIT_EN = re.compile(r"[,;.!?:]|\b(?:but|though|although|whereas|while|yet|however)\b")
_CONTRAST_EN = re.compile(r"^\s*(?:but|though|although|whereas|while|yet|however)\b")
_SPLIT_ZH = re.compile(r"[，,；;。.！!？?：:]|(?=但是|但|不过|可是|然而|却)")
_CONTRAST_ZH = re.compile(r"^\s*(?:但是|但|不过|可是|然而|却)")
# an English "not" that negates an item after a clause rather than a verb: "I like cats not dogs"
_BARE_NOT_EN = re.compile(
    r"(?<!\bdo)(?<!\bdoes)(?<!\bdid)(?<!\bam)(?<!\bis)(?<!\bare)(?<!\bwas)(?<!\bwere)"
    r"(?<!\bcan)(?<!\bwill)(?<!\bwould)(?<!\bcould)(?<!\bshould)(?<!\bhave)(?<!\bhas)"
    r"(?<!\bi)(?<!\bor)(?<!\bif)(?<!\bwhy)(?<!\bhad)(?<!\bmust)(?<!\bmay)\s+(?=not\b)"
)
# an English clause of its own: a subject or an auxiliary ("I do eat beef", "beef I eat")
_CLAUSE_EN = re.compile(r"\b(?:i|we|he|she|they|user|do|does|did|am|is|are|was|were|eat|eats|drink|drinks)\b")
# tokens that say no verb nor object of their own: pronouns, adverbs, times, prepositions, particles
_LIGHT_FLAGS = ("r", "d", "t", "p", "c", "u", "x", "m", "q", "y", "e", "zg")
_NEGATORS_ZH = ("不", "没", "别", "从不", "从来不", "也不", "都不", "并不")


def _sides(text: str) -> list[tuple[str, int]]:
    """The text cut at its first comparison marker: (words, side), +1 preferred, -1 the lesser,
    0 when the text compares nothing."""
    t = flat(text)
    if is_cjk_text(t):
        if m := _SINCE_ZH.search(t):
            rest = t[m.end() :]
            stop = re.search(r"[，,]|我|更|还是", rest)
            cut = stop.start() if stop else len(rest)
            return [(t[: m.start()], 1), (rest[:cut], -1), (rest[cut:], 1)]
        if m := _AFTER_ZH.search(t):
            head = _RATHER_ZH.sub("", t[: m.start()])
            return [(head, -1), (t[m.end() :], 1)]
        if m := _BEFORE_ZH.search(t):
            return [(t[: m.start()], 1), (t[m.end() :], -1)]
        tagged = _tagged(text)
        at = [i for i, (w, f) in enumerate(tagged) if w == "比" and f == "p"]
        if at:
            i = at[0]
            return [("".join(w for w, _ in tagged[:i]), 1), ("".join(w for w, _ in tagged[i + 1 :]), -1)]
        return [(t, 0)]
    if m := _MORE_EN.search(t):
        return [(t[: m.start()], 1), (t[m.end() :], -1)]
    if m := _LESS_EN.search(t):
        return [(t[: m.start()], -1), (t[m.end() :], 1)]
    if m := _THAN_EN.search(t):  # "I'd rather walk than drive", "my rent is higher than my car payment"
        return [(t[: m.start()], 1), (t[m.end() :], -1)]
    pref = _PREFER_EN.search(t)
    if pref:
        marker = _TO_EN if pref.group(0).startswith("prefer") else None
        over = _OVER_EN.search(t, pref.end())
        to = marker.search(t, pref.end()) if marker else None
        m = over or to
        if m:
            return [(t[: m.start()], 1), (t[m.end() :], -1)]
    return [(t, 0)]


def is_cjk_text(text: str) -> bool:
    """More Chinese characters than Latin letters."""
    cjk = sum(1 for c in text if is_cjk(c))
    return cjk > sum(1 for c in text if c.isascii() and c.isalpha())


def _clauses_zh(chunk: str) -> list[tuple[str, bool]]:
    """A Chinese chunk cut at punctuation and at 但 / 不过, and before a negation that follows a
    verb and its object (我喜欢猫|不喜欢狗: two words that are neither pronoun, adverb nor time;
    not 白酒我不喝 / 我白酒也不喝, a topic put first); each clause with "has its own verb or negation"."""
    out: list[tuple[str, bool]] = []
    for part in _SPLIT_ZH.split(chunk):
        if not part.strip():
            continue
        current: list[tuple[str, str]] = []
        for word, flag in _tagged(part):
            if current and word.startswith(_NEGATORS_ZH) and word not in ("不如", "不过", "不错"):
                if sum(1 for _, f in current if not f.startswith(_LIGHT_FLAGS)) >= 2:
                    out.append(("".join(w for w, _ in current), True))
                    current = []
            current.append((word, flag))
        if current:
            own = any(f.startswith("v") for _, f in current) or any(w.startswith(_NEGATORS_ZH) for w, _ in current)
            out.append(("".join(w for w, _ in current), own))
    return out


def _clauses_en(chunk: str) -> list[tuple[str, bool]]:
    """An English chunk cut at punctuation, at "but" / "though", and before a bare "not" after a
    clause ("I like cats not dogs"); each clause with "has its own subject, verb or negation"."""
    out: list[tuple[str, bool]] = []
    pieces = re.split(r"(?=\bbut\b|\bthough\b|\balthough\b|\bwhereas\b|\bwhile\b|\byet\b|\bhowever\b)|[,;.!?:]", chunk)
    for piece in pieces:
        for part in _BARE_NOT_EN.split(piece or ""):
            if part and part.strip():
                own = bool(_CLAUSE_EN.search(part) or _CONTRAST_EN.match(part) or signature(part).negated)
                out.append((part, own))
    return out


def _negative(clause: str) -> bool:
    cleaned = clause.replace("不如", " ")
    return signature(cleaned).negated != bool(_DISLIKE.search(cleaned))


@lru_cache(maxsize=2048)
def _clauses(text: str) -> tuple[tuple[str, tuple[bool, int]], ...]:
    """The text's clauses, each with its role: (negative, side of a comparison)."""
    out: list[tuple[str, tuple[bool, int]]] = []
    zh = is_cjk_text(flat(text))
    for chunk, side in _sides(text):
        negative: bool | None = None
        for clause, own in _clauses_zh(chunk) if zh else _clauses_en(chunk):
            contrast = bool(_CONTRAST_EN.match(clause) or _CONTRAST_ZH.match(clause))
            if own or negative is None or contrast:
                negative = _negative(clause)
            out.append((clause, (negative, side)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _terms(text: str) -> frozenset[str]:
    """What a clause names: its content words (plurals folded), times, places and people."""
    sig = signature(text)
    return frozenset({stem(w) for w in content_words(text)} | sig.times | sig.places | sig.people)


def _role(word: str, text: str) -> tuple[bool, int] | None:
    """The one role `word` has in `text` (None: not said, or said in two roles). A Chinese word is
    found inside a clause whichever way jieba cut it (喝啤酒 / 啤酒)."""
    roles = {role for clause, role in _clauses(text) if (word in clause if is_cjk(word) else word in _terms(clause))}
    return next(iter(roles)) if len(roles) == 1 else None


def traded_items(a: str, b: str) -> bool:
    """Two content words exchange their roles (polarity, side of a comparison) between the texts."""
    words = _terms(a) | _terms(b)
    ra = {w: r for w in words if (r := _role(w, a)) is not None}
    rb = {w: r for w in words if w in ra and (r := _role(w, b)) is not None}
    moved = [w for w in rb if ra[w] != rb[w]]
    return any(ra[p] != ra[q] and ra[p] == rb[q] and ra[q] == rb[p] for p, q in permutations(moved, 2))


def differs(a: str, b: str) -> bool:
    """Either family tells the texts apart (the word rules' turning check, mal/dedup.py `_turned`)."""
    return any(check(a, b) for _, check in CHECKS)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("list_item", list_item),
    ("traded_items", traded_items),
)
