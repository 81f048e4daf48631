"""The text checks of dedup's hard veto (mal/dedup.py `veto_reason`): contrast groups, names,
an added modifier, sibling words, a substitution, typos. Pure functions over two texts or their
signatures (mal/dedup_text.py); split from mal/dedup.py to keep each module under the house size.
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache

from mal import dedup_model
from mal.dedup_families import beyond_frames
from mal.dedup_lexicon import NUMBER_WORDS_EN, PEOPLE_EN, PEOPLE_ZH, SYNONYMS
from mal.dedup_overlap import overlaps
from mal.dedup_people20 import attributive_only, attributive_said
from mal.dedup_synonyms import CONTRASTS, LIGHT_WORDS
from mal.dedup_text import Signature, content_words, is_cjk, jieba_tokens, normalise, stem
from mal.dedup_unblock17_zh import preposition_glued
from mal.dedup_unblock19_zh import dictionary_paired

__all__ = [
    "CONTRAST_GROUPS",
    "TYPO_MIN_LEN",
    "added_modifier",
    "contrasted",
    "names_differ",
    "names_shared",
    "one_edit",
    "people_differ",
    "siblings",
    "substituted",
]


def _classes(group: str) -> dict[str, str]:
    """Member -> class of one contrast group. A group is words of one sort; "|" splits it into
    classes whose members are one thing said two ways (start / began | quit / stop): texts that
    name different classes differ, two members of one class do not."""
    if "|" not in group:
        return {word: word for word in group.split()}
    return {word: label.split()[0] for label in group.split("|") for word in label.split()}


TYPO_MIN_LEN = 7  # shorter words differ by one letter too often (bread / break, prices / prizes)
_LATIN_WORD = re.compile(r"[a-z]+")
# Words that name what a fact is about even when the parser's slots do not hold them: the same
# slots (pet = 咪咪, condition = blood pressure, arrival = 日本) with another member of one of these
# groups is another fact. Latin members match whole words, Chinese ones anywhere in the text
# (one-character Chinese members on jieba's tokens: `_zh_member`).
CONTRAST_GROUPS = tuple(
    _classes(group)
    for group in (
        # fifteenth round: a Chinese word and its English one are one class, so a memory in one
        # language and its translation (我的猫叫Mochi / My cat 叫 Mochi) name the same member; one
        # animal and its plural are one class too (helper unblock16en: "two cats" / "my cat" name no
        # other animal; the numbers veto reads the count)
        "猫 cat cats | 狗 dog dogs | 兔 rabbit rabbits | 鸟 bird birds | 鱼 fish fishes | 仓鼠 hamster hamsters | "
        "龟 turtle turtles | puppy puppies | kitten kittens | parrot parrots",
        "high 高 | low 低",
        "older elder 大 | younger 小",
        "more 多 | less 少",
        "出差 business | 旅游 | 旅行 | 度假 vacation holiday | 探亲 | honeymoon",
        "morning 早上 | evening 晚上 | night | afternoon 下午 | 中午",
        "buy bought 买 | sell sold 卖",
        "own owns owned | rent rents rented 租",
        "gain 增 | lose 减",
        *CONTRASTS,
    )
)


def contrasted(x: Signature, y: Signature) -> bool:
    """The two texts name different members of one contrast group (a cat / a dog named Luna)."""
    return any(_members(x, g) != _members(y, g) and _members(x, g) and _members(y, g) for g in CONTRAST_GROUPS)


def substituted(a: str, b: str) -> bool:
    """Each text ends on a content word the other does not explain: the object of one sentence
    replaced by another ("我周末去爬山" / "周末我一般去游泳", "I'm saving for a house down payment" /
    "I'm saving for a wedding"). When one side is an episode no slots pin the fact on that side,
    and the model scores such a near miss as high as a restatement, so it never reaches it. A
    rewording that keeps the object and changes the frame around it ("我大学学的是计算机" / "我本科
    专业是计算机", "I bike to work" / "I commute by bike") is no evidence: the model decides."""
    # 读书 / 念书: one dictionary sense is one word (mal/dedup_unblock19_zh.py)
    only_a, only_b = dictionary_paired(*dedup_model.unexplained(a, b))
    # words of one frame on both sides are a rewording (我开的是 / 我的车是: mal/dedup_canon.py)
    rest_a, rest_b = beyond_frames(only_a, only_b)
    return bool(rest_a and rest_b) and _ends_on(a, rest_a) and _ends_on(b, rest_b)


def _ends_on(text: str, words: set[str]) -> bool:
    """The last content word of `text` is one of `words` (or a piece of one, as jieba cut it). A
    sentence that ends on a causative ("get my car washed", "had the brakes fixed") ends on its
    object as well: it says "wash my car" (review of the seventeenth round: "get my car washed" /
    "wash my dog")."""
    last = content_words(text)[-1:]
    causative = _CAUSATIVE_END.search(flat := normalise(text))
    if causative:
        last += content_words(flat[: causative.start(1)])[-1:]
    return any(stem(word) == w or (is_cjk(w) and word in w) for word in last for w in words)


# get / have an object done: the participle is the act, the word before it the object
_PARTICIPLES = "cut|done|made|set|put|shut|taken|seen|sent|built|sold|paid|written"
_CAUSATIVE_END = re.compile(
    rf"\b(?:get|gets|got|getting|gotten|have|has|had|having)\b(?: [a-z'-]+){{1,3}} "
    rf"((?:[a-z]+-)?(?:{_PARTICIPLES}|[a-z]{{3,}}ed))\W*$"
)


def siblings(a: str, b: str) -> bool:
    """Each text has a word the other does not explain, and the two share their head: 草莓 / 蓝莓,
    日语 / 韩语, 跑步 / 散步, strawberry / blueberry, football / basketball name two things of one
    sort (Chinese compounds put the head last; English ones end in a shared word of 4+ letters).
    Fourteenth round: a Chinese compound jieba cut in two is put back together from two content
    words side by side, one of them unexplained (年 + 假 / 病假, 框架 + 眼镜 / 隐形眼镜: `_rebuilt_sibling`),
    and two Chinese words of one length (3+) that differ in one character neither text says
    elsewhere name two things too (独生子 / 独生女). Nineteenth round: two words of one dictionary
    sense (读书 / 念书) are one word, not two sorts of 书 (mal/dedup_unblock19_zh.py)."""
    only_a, only_b = dictionary_paired(*dedup_model.unexplained(a, b))
    if any(
        u != v
        and (u[-1] == v[-1] if is_cjk(u) and is_cjk(v) else _shared_tail(u, v) >= 4)
        and not _typo(u, v)  # shellfish / shelfish is one word mistyped, not two sorts of fish
        and not preposition_glued(u, v)  # 在家 / 居家 (mal/dedup_unblock17_zh.py)
        for u in only_a
        for v in only_b
    ):
        return True
    return any(
        _rebuilt_sibling(s, t, only_s, only_t)
        for s, t, only_s, only_t in ((a, b, only_a, only_b), (b, a, only_b, only_a))
    ) or any(_one_character(u, v, a, b) for u in only_a for v in only_b)


def _rebuilt_sibling(text: str, other: str, unexplained: frozenset[str], other_unexplained: frozenset[str]) -> bool:
    """A Chinese compound of `text` cut in two (two content words written side by side, one of them
    unexplained: 年 + 假, 框架 + 眼镜, 保温 + 壶) names a sibling of a word the other text kept whole
    and does not explain: the whole word ends in the compound's second word (年 + 假 / 病假, 框架 +
    眼镜 / 隐形眼镜), or the two differ in one character (保温 + 壶 / 保温杯, `_one_character`). Both
    stand where a clause ends (请了年假。/ 请了病假。), so a verb and its object (喜欢 + 坐飞机 /
    讨厌坐飞机) or a word said mid-clause (本科毕业于北大) is not read as a compound."""
    flat, other_flat = normalise(text), normalise(other)
    wholes = [v for v in other_unexplained if is_cjk(v) and _ends_clause(v, other_flat)]
    return any(
        (u in unexplained or w in unexplained)
        and is_cjk(u)
        and is_cjk(w)
        and len(u + w) <= _COMPOUND_MAX
        and _ends_clause(u + w, flat)
        and any(
            v != u + w
            and ((u in unexplained and len(v) > len(w) and v.endswith(w)) or _one_character(u + w, v, text, other))
            for v in wholes
        )
        for u, w in itertools.pairwise(content_words(text))
    )


_CLAUSE_END = re.compile(r"\s*(?:[的了吧呢啊呀嘛]\s*)*(?:$|[，。,.!?！？；;、])")


def _ends_clause(word: str, flat: str) -> bool:
    """`word` is written in `flat` right before the end of a clause (particles aside)."""
    return any(_CLAUSE_END.match(flat, m.end()) for m in re.finditer(re.escape(word), flat))


_COMPOUND_MAX = 6
_ONE_CHARACTER_MIN = 3  # two-character words that differ in one character are too often one word (喜欢 / 喜爱)


def _one_character(u: str, v: str, a: str, b: str) -> bool:
    """Two Chinese words of one length (3+) that differ in exactly one character, and neither text
    says the other's character anywhere (独生子 / 独生女; a restatement that moves a character
    elsewhere keeps it in the text)."""
    if not (is_cjk(u) and is_cjk(v)) or len(u) != len(v) or len(u) < _ONE_CHARACTER_MIN:
        return False
    diff = [(x, y) for x, y in zip(u, v, strict=True) if x != y]
    return len(diff) == 1 and diff[0][0] not in normalise(b) and diff[0][1] not in normalise(a)


def _typo(u: str, v: str) -> bool:
    """One English word mistyped as the other (the rule of `_explained`: one edit, 7+ letters)."""
    return (
        not is_cjk(u)
        and min(len(u), len(v)) >= TYPO_MIN_LEN - 1
        and max(len(u), len(v)) >= TYPO_MIN_LEN
        and one_edit(u, v)
    )


def _shared_tail(u: str, v: str) -> int:
    n = 0
    while n < min(len(u), len(v)) and u[-1 - n] == v[-1 - n]:
        n += 1
    return n if n < min(len(u), len(v)) else 0  # a whole word inside another is a modifier, not a sibling


def added_modifier(a: Signature, b: Signature) -> bool:
    """An English word of `a` that `b` lacks is inserted between two tokens `b` has side by side,
    one of them a word both have: "drink decaf coffee" / "drink coffee", "is premium economy" /
    "is economy" name another thing of the same sort ("I hate durian" / "Durian is the worst"
    insert nothing). A word added at the end is left to the model: "jazz fusion" is another
    music, "jazz music" is not. Light words stand aside ("I usually drink coffee"), but one that
    `b` says in the very place of the word and `a` does not say replaces the word rather than make
    room for it: "I practice yoga" / "I do yoga" (sixteenth round, helper unblock16en). A word
    that introduces a name ("a cat named Miso" / "a cat, Miso") adds no sort."""
    full_a, full_b = _keys(a.text), _keys(b.text)
    keys = [k for k in full_a if k not in LIGHT_WORDS]
    gaps: dict[tuple[str, str], set[str]] = {}
    last, between = None, set()
    for k in full_b:
        if k in LIGHT_WORDS:
            between.add(k)
            continue
        if last is not None:
            gaps.setdefault((last, k), set()).update(between)
        last, between = k, set()
    said = set(full_a)
    return any(
        x in a.words
        and x not in b.words
        and not (x.endswith("er") and x[:-2] in b.words)  # "an older Pixel" / "an old phone, a Pixel"
        and x not in _NAMING
        and (p, n) in gaps
        and not gaps[(p, n)] - said
        and (p in b.words or n in b.words)
        for p, x, n in zip(keys, keys[1:], keys[2:], strict=False)
    )


_ARTICLES = {"an": "a"}


def _keys(text: str) -> list[str]:
    """The text's English words as the modifier check compares them. Numbers are no keys whether
    written in digits or in words (sixteenth round, helper unblock16en: "two cats" / "2 cats"
    insert no "two" between "have" and "cats"); the numbers veto reads them. "An" is "a" (the article
    follows the next word's sound, so "a recovering alcoholic" / "an alcoholic" insert "recovering"
    and replace nothing: review of the seventeenth round)."""
    return [_ARTICLES.get(t, SYNONYMS.get(t, stem(t))) for t in _LATIN_WORD.findall(text) if t not in NUMBER_WORDS_EN]


# words that introduce a name after the thing named ("a dog named Max", "a cafe called Rise")
_NAMING = frozenset(("named", "called"))


def _members(s: Signature, group: dict[str, str]) -> frozenset[str]:
    words = {w.lower() for w in s.words | s.names} | set(s.text.lower().split())
    return frozenset(
        c
        for m, c in group.items()
        if (_zh_member(m, s) if is_cjk(m) and len(m) == 1 else m in s.text if is_cjk(m) else m in words)
    )


# Words in which a one-character contrast member is part of another word (twelfth round, helper
# zh11): 去年 is no going, 大学 no elder, 住院 no home, 收入 no collecting, 停车 no stopping. Matched
# on jieba's tokens, so 去了 / 我养 / 三去 (周三去) still say their member.
_OTHER_SENSE = {
    "去": ("去年", "过去", "去世", "失去"),
    "大": ("大学", "大概", "大家", "大约", "大夫", "长大", "大多", "大部分", "大理", "伟大"),
    "小": ("小学", "小说", "小时", "从小", "小区", "小心", "小米", "小提琴"),
    "多": ("多少", "差不多", "多久", "大多", "多数"),
    "少": ("不少", "多少", "少年", "年少"),
    "高": ("高铁", "高中", "高兴", "高考", "高校", "高速"),
    "学": ("学校", "学生", "同学", "大学", "小学", "中学", "上学", "开学", "学期", "放学", "学历", "学费"),
    "说": ("小说", "听说", "据说", "说明"),
    "讲": ("讲座",),
    "到": (
        *("看到", "听到", "想到", "梦到", "收到", "得到", "遇到", "找到", "做到", "碰到", "感到", "见到"),
        *("拿到", "提到", "达到", "学到", "迟到", "到期", "到底", "直到", "等到", "轮到", "受到", "用到"),
    ),
    # 回 after a numeral counts times (取三回快递 = 取三次; helper unblock17zh), as 一回 / 这回 do
    "回": ("回答", "回复", "回忆", "这回", "每回", "几回", *(n + "回" for n in "一二两三四五六七八九十")),
    "住": ("住院", "记住", "忍不住"),
    "怕": ("恐怕", "可怕"),
    "养": ("营养", "保养", "培养"),
    "存": ("保存", "存在"),
    "交": ("交通", "交流", "交往", "外交", "交朋友"),
    "收": ("收入", "收拾", "收藏", "吸收"),
    "停": ("停车",),
    "戒": ("戒指",),
    "猫": ("熊猫",),
    "狗": ("热狗",),
    "租": ("出租车",),
}


def _zh_member(member: str, s: Signature) -> bool:
    """A one-character Chinese member is in the text as a word or a piece of one (去了, 我养, 小猫),
    not inside a word that means something else (`_OTHER_SENSE`) nor inside a name (小王, 大黄)."""
    other = _OTHER_SENSE.get(member, ())
    return any(
        member in token and token not in s.names and not any(w in token for w in other) for token in _tokens(s.text)
    )


@lru_cache(maxsize=4096)
def _tokens(text: str) -> tuple[str, ...]:
    return tuple(jieba_tokens(text))


def names_shared(a: Signature, b: Signature) -> bool:
    """Every name or brand of `a` occurs in `b` too (as a name or a word: "Strawberries are ..."
    capitalises a common noun at the start): Emma / Emily, Tesla / Toyota never merge."""
    return not _missing_names(a, b)


def names_differ(a: Signature, b: Signature) -> bool:
    """Positive evidence of two things named: each text has a name the other lacks (Anna / Anne,
    Tesla / Toyota), or one text has a name the other lacks that is no mere capital at the start of
    a sentence ("Dairy upsets my stomach, I'm lactose intolerant" / "I'm lactose intolerant" name
    nothing new; "Oakwood Primary School" / "Oakwood Primary" is left to the names' own words)."""
    only_a, only_b = _missing_names(a, b), _missing_names(b, a)
    if only_a and only_b:
        return True
    return any(not _sentence_initial(n, a.text) for n in only_a) or any(
        not _sentence_initial(n, b.text) for n in only_b
    )


def _missing_names(a: Signature, b: Signature) -> list[str]:
    other = {stem(w) for w in b.words | b.names} | set(b.words | b.names)
    return [n for n in a.names if not (n in other or stem(n) in other or n in b.text)]


def _sentence_initial(name: str, text: str) -> bool:
    """`name` is a Latin word written only at the start of a sentence of `text` (so its capital says
    nothing about it being a name)."""
    if not _LATIN_WORD.fullmatch(name):
        return False
    places = [m.start() for m in re.finditer(rf"\b{re.escape(name)}\b", text)]
    return bool(places) and all(not text[:i].strip() or text[:i].rstrip()[-1] in ".!?。！？" for i in places)


# Words for a relative that name the other word's person too: "my spouse" is my wife or my husband,
# "my kid" my son or my daughter (wife / husband, son / daughter still differ).
_COVERS = {
    "spouse": frozenset(("wife", "husband")),
    "child": frozenset(("son", "daughter")),
    "grandchild": frozenset(("grandson", "granddaughter")),
}
# Words for a pair of relatives that the other text names one by one ("my parents" / "my mom and
# dad", 祖父母 / 爷爷奶奶): one group only when every member is named, so "my parents" / "my mom"
# still differ (fifteenth round, helper unblock15).
_GROUPS = {
    "parents": frozenset(("mother", "father")),
    "grandparents": frozenset(("grandmother", "grandfather")),
    "paternal_grandparents": frozenset(("paternal_grandfather", "paternal_grandmother")),
    "maternal_grandparents": frozenset(("maternal_grandfather", "maternal_grandmother")),
}
_PRONOUNS = frozenset(("we", "they", "he", "she"))
# A role said as what someone is ("is a teacher", "as a product manager", 是老师, 当老师) is a job, not
# another person in the story.
# (twenty-third round: after a copula, a grade said with its number, "is a Year 5 teacher", "I'm a
# 3rd grade teacher"; not "met a Grade 4 teacher", someone else)
_ROLE_EN = (
    r"(?:\b(?:a|an)\s+(?:[a-z-]+\s+){{0,3}}{0}\b"
    r"|\b(?:is|am|are|was|were|as|I'm|she's|he's)\s+(?:a|an)\s+(?:[A-Za-z0-9-]+\s+){{0,4}}{0}\b)"
)
_ROLE_ZH = r"(?:是|当|做|一名|一位|一个).{{0,4}}{}"
# The verb a Chinese text does a role with, where `overlaps` cannot see it (是一名高中化学老师 /
# 在高中教化学); not 宗教, 基督教, 教练, 教室, 教授, 教会 (fifteenth round, helper unblock15).
_ROLE_VERB_ZH = {"teacher": re.compile(r"(?<![宗督佛道回请信])教(?![练室授会堂徒派育])")}


def people_differ(a: Signature, b: Signature) -> bool:
    """Positive evidence of other people: each text has a person the other lacks (wife / husband,
    teacher / doctor; "spouse" and "wife" are one person), or one text has a person the other lacks
    who is neither a pronoun for a person both name ("my dad had an operation on his knee" / "my
    father had knee surgery") nor a role said as someone's job ("My dad is a teacher" / "My father
    teaches for a living")."""
    # twentieth round (mal/dedup_people20.py): "a children's hospital" names no child
    pa, pb = a.people, b.people
    if any(attributive_said(p, a.text) != attributive_said(p, b.text) for p in pa & pb):
        return True
    pa = frozenset(p for p in pa if not attributive_only(p, a.text, b.text))
    pb = frozenset(p for p in pb if not attributive_only(p, b.text, a.text))
    only_a, only_b = set(pa - pb), set(pb - pa)
    for x, y in [(x, y) for x in only_a for y in only_b if y in _COVERS.get(x, ()) or x in _COVERS.get(y, ())]:
        only_a.discard(x)
        only_b.discard(y)
    for group, members in _GROUPS.items():
        for one, other in ((only_a, only_b), (only_b, only_a)):
            if group in one and members <= other:
                one.discard(group)
                other.difference_update(members)
    if only_a and only_b:
        return True
    named = (pa & pb) - _PRONOUNS
    return any(
        not (
            (p in _PRONOUNS and named) or _as_role(p, text, other) or _our_household(p, text, other, bool(people_other))
        )
        for people, text, other, people_other in (
            (only_a, a.text, b.text, pb),
            (only_b, b.text, a.text, pa),
        )
        for p in people
    )


# unblock13: who a one-sided "we" is when the other text names no one: the user's family when the
# other text says the family ("We're hosting Thanksgiving" / "User's family hosts
# Thanksgiving"); a bare "our" before a thing is the user's household when the other text names no
# one and owns it by no one ("Our water bill is $80" / "Water bill: $80").
_FAMILY = re.compile(r"\b(?:family|household)\b", re.IGNORECASE)
_WE = re.compile(r"\b(?:we|us|we're|we've|we'll|we'd|ourselves)\b", re.IGNORECASE)
_OUR = re.compile(r"\bour\b", re.IGNORECASE)
_OWNER = re.compile(r"\b(?:my|his|her|their|your|user's|users')\b", re.IGNORECASE)


def _our_household(person: str, text: str, other: str, other_names: bool) -> bool:
    if person != "we" or other_names:
        return False
    if _FAMILY.search(other) and not _FAMILY.search(text):
        return True
    return bool(_OUR.search(text)) and not _WE.search(text) and not _OWNER.search(other)


def _as_role(person: str, text: str, other: str) -> bool:
    """`person` is said in `text` as what someone is (an indefinite noun after a copula), and the
    other text says that role in another form (a teacher / teaches: `overlaps`), so it is one job;
    "a doctor appointment" / "a dentist appointment" and 做律师 / 做医生 are not."""
    words = [w for w, v in (*PEOPLE_EN.items(), *PEOPLE_ZH.items()) if v == person]
    return any(
        re.search(_ROLE_ZH.format(re.escape(w)) if is_cjk(w) else _ROLE_EN.format(re.escape(w)), text)
        and (overlaps(w, other) or bool(is_cjk(w) and person in _ROLE_VERB_ZH and _ROLE_VERB_ZH[person].search(other)))
        for w in words
    )


def one_edit(a: str, b: str) -> bool:
    """Damerau distance <= 1 (one insertion, deletion, substitution or adjacent swap)."""
    if abs(len(a) - len(b)) > 1:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1 :] == b[i + 1 :] or (a[i + 2 :] == b[i + 2 :] and a[i : i + 2] == b[i : i + 2][::-1])
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return longer[i + 1 :] == shorter[i:]
