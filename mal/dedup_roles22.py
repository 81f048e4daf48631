"""Who does the deed and who receives it: one reading for the word rules and the veto (issue #11).

"My brother-in-law lent me $2,000" and "I lent my brother-in-law $2,000" share every word, every
person and every number; the word rules merged them, as they merged "My bf proposed last night" /
"I proposed to my bf last night", and "I lent my neighbour our lawnmower" / "My neighbour lent us
their lawnmower" passed every veto (twenty-first round). Each earlier role-swap reading
(mal/dedup_shared_families.py) looks for the same words in another order, which a preposition, a
pronoun that changes case (I / me, we / us) or a dropped object (the bf "proposed": to the user)
hides. This module reads, for a short list of deeds done by one person to another (lend, give, owe,
teach, propose, pay, help, visit, ...; 借给, 送给, 欠, 教, 求婚, 帮, 看望, ...), the doer and the
receiver of each, and two texts differ when they name one deed with its doer and receiver traded:
the doer of one is the receiver of the other and the doers differ.

The doer is the last person said before the verb in its clause (the subject); the receiver the first
person after it, as object or after to / for / with (我借给姐夫, 教我), or the person of a 向 / 跟 / 对 /
给 phrase before the verb (我向他求婚). A passive (被, "was … by") and borrowing (I borrowed from X,
我向X借) read the other way round: X lends to me. A deed with no receiver said, done by someone else,
is done to the user ("My bf proposed"). A note's "the user" / 用户 is the user (a note reads in the
user's words: mal/dedup_notes.py `first_person`), and so, by that rule, is a note's "them" ("User's bf
proposed to them"); "they" / "them" name no one themselves, since in the user's own words they are the
people just said ("My parents came over and they helped me": review26). Possessors are no participants
("my", 用户的, 我 before 男朋友), nor are a month or a weekday ("visited in March"), and "I'm" / "I've" /
"I'll" / "I'd" are the user, no name.

Safe side on purpose: two readings that cannot be compared (another verb, a receiver not said by
either) never differ here; "lent me" / "I borrowed from" read as one deed, so a restatement in those
words is not vetoed by this module (other checks may still hold it apart).

Pure functions over two texts as written (the veto passes them through `first_person`); no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from mal.dedup_dev8_en import DOER_PEOPLE as _DOER_PEOPLE_EN
from mal.dedup_lexicon import PEOPLE_EN, PEOPLE_ZH, SURNAMES_ZH, TIME_WORDS_EN

__all__ = ["CHECKS", "deeds", "differs", "roles_swapped"]

SELF = "self"
Deed = tuple[str, str, str | None]  # (verb, doer, receiver)

# --- English ---------------------------------------------------------------------------------------
# verb forms -> the deed; "borrow" is read as the lender lending (its "from" names the doer)
_EN_VERBS: dict[str, str] = {
    **dict.fromkeys(("lent", "lend", "lends", "lending", "loaned", "loans", "loan"), "lend"),
    **dict.fromkeys(("borrowed", "borrow", "borrows", "borrowing"), "borrow"),
    **dict.fromkeys(("gave", "give", "gives", "giving", "given", "gifted"), "give"),
    **dict.fromkeys(("owe", "owes", "owed", "owing"), "owe"),
    **dict.fromkeys(("taught", "teach", "teaches", "teaching"), "teach"),
    **dict.fromkeys(("proposed", "propose", "proposes", "proposing"), "propose"),
    **dict.fromkeys(("paid", "pay", "pays", "paying", "repaid", "reimbursed"), "pay"),
    **dict.fromkeys(("sent", "send", "sends", "mailed", "texted", "emailed"), "send"),
    **dict.fromkeys(("helped", "help", "helps", "helping"), "help"),
    **dict.fromkeys(("visited", "visit", "visits", "visiting"), "visit"),
    **dict.fromkeys(("invited", "invite", "invites"), "invite"),
    **dict.fromkeys(("hired", "fired", "dumped", "ghosted", "sued", "forgave", "tutored", "coached"), ""),
    **dict.fromkeys(("bought", "buys", "buy"), "buy"),
    **dict.fromkeys(("asked", "ask", "asks"), "ask"),
    **dict.fromkeys(("introduced",), "introduce"),
    # (review26) past and -ing forms only where the bare form is also a noun: a phone, a call, a block
    **dict.fromkeys(("apologised", "apologized", "apologise", "apologize", "apologises", "apologizes"), "apologise"),
    **dict.fromkeys(("apologising", "apologizing"), "apologise"),
    **dict.fromkeys(("rang", "rung", "phoned", "phoning", "called", "calling", "reached-out"), "call"),
    **dict.fromkeys(("blocked", "blocking", "unblocked"), ""),
    **dict.fromkeys(("emailing", "messaged", "dmed", "dm'd"), "send"),
}
# verbs of two words, read as one token (review26: "said sorry to my bf", "reached out to my ex")
_EN_PHRASAL = (
    (re.compile(r"\b(?:said|say|says|saying)\s+sorry\b", re.IGNORECASE), "apologised"),
    (re.compile(r"\breach(?:ed|es|ing)?\s+out\b", re.IGNORECASE), "reached-out"),
)
# people words PEOPLE_EN lacks, from the doer list of mal/dedup_dev8_en.py (landlord, ...) and a partner
# gone ("my ex")
_EN_MORE_PEOPLE = frozenset((*_DOER_PEOPLE_EN.split("|"), "ex", "housemate", "nan", "nanna", "gran"))
_EN_KNOWN_PEOPLE = frozenset((*PEOPLE_EN, *_EN_MORE_PEOPLE))
_EN_PASSIVE = frozenset(("was", "were", "got", "been", "be", "is", "am", "are", "being"))
_EN_OBLIQUE = frozenset(("to", "for", "with", "from", "by", "on", "at"))
# (not they / them: in the user's own words the people just named, "My parents came over and they
# helped me"; a note's "helped them" says no other receiver, so it is the user's all the same)
_EN_SELF = frozenset(
    (
        "i",
        "me",
        "we",
        "us",
        "user",
        "myself",
        "ourselves",
        "i'm",
        "i'll",
        "i've",
        "i'd",
        "we're",
        "we'll",
        "we've",
        "we'd",
    )
)
_EN_PLURAL_PRONOUNS = frozenset(("they", "them", "themselves"))
# a capitalised word that names no one: a month, a weekday, a season (review26: "March" read as a person)
_EN_CALENDAR = frozenset((*TIME_WORDS_EN, "may", "thurs", "thur", "tues"))
_EN_POSSESSIVE = frozenset(("my", "our", "their", "his", "your", "its"))
_EN_NOT_NAMES = frozenset(
    (
        "i",
        "my",
        "the",
        "a",
        "an",
        "last",
        "yesterday",
        "today",
        "this",
        "on",
        "in",
        "at",
        "after",
        "before",
        "when",
        "so",
        "and",
        "but",
        "lol",
        "omg",
        "btw",
        "user",
        "user's",
        "patient",
    )
)
_EN_TOKEN = re.compile(r"[A-Za-z][A-Za-z'-]*|\$?\d[\d,.]*")
_EN_CLAUSE = re.compile(r"[.;!?]+(?:\s|$)|,\s|\s(?:but|so|because|then|while|although)\s", re.IGNORECASE)


def _en_person(token: str, first: bool) -> str | None:
    """The person a token names, None for no person. A possessive (my, their, Anna's) owns the
    next word and is none; a capitalised word not known otherwise is a name."""
    low = token.lower()
    if low.endswith("'s"):
        return None
    if low in _EN_SELF:
        return SELF
    if low in _EN_POSSESSIVE or low in _EN_PLURAL_PRONOUNS or low in _EN_CALENDAR:
        return None
    if low in PEOPLE_EN and low not in ("our", "ours", "their", "theirs", "his"):
        return PEOPLE_EN[low]
    if low in _EN_MORE_PEOPLE:
        return low
    if low.endswith("-in-law") or low.endswith("-in-laws"):
        return low.removesuffix("s")
    if token[:1].isupper() and low not in _EN_NOT_NAMES and not (first and low in _EN_VERBS):
        return low
    return None


def _en_prep(tokens: list[str], j: int) -> str:
    """The word before a person, past its possessive or article ("by my mom": by)."""
    k = j - 1
    while k >= 0 and tokens[k].lower() in (*_EN_POSSESSIVE, "the", "a", "her"):
        k -= 1
    return tokens[k].lower() if k >= 0 else ""


def _en_deeds(text: str) -> list[Deed]:
    out: list[Deed] = []
    for pattern, verb_token in _EN_PHRASAL:
        text = pattern.sub(verb_token, text)
    for clause in _EN_CLAUSE.split(text):
        tokens = _EN_TOKEN.findall(clause)
        people = [_en_person(t, i == 0) for i, t in enumerate(tokens)]
        if people and people[0] not in (None, SELF) and tokens[0].lower() not in _EN_KNOWN_PEOPLE:
            # a capitalised first word is a name only right before the deed ("Mike lent me"), not
            # a sentence's first word ("Planning to buy an electric bike")
            if len(tokens) < 2 or tokens[1].lower() not in _EN_VERBS:
                people[0] = None
        for i, t in enumerate(tokens[:-1]):
            if t.lower() == "her" and people[i + 1] is not None:
                people[i] = None  # "her parents": hers, not her
        preps = [_en_prep(tokens, j) for j in range(len(tokens))]
        for i, token in enumerate(tokens):
            verb = _EN_VERBS.get(token.lower())
            if verb is None:
                continue
            verb = verb or token.lower()
            before = [(j, p) for j, p in enumerate(people[:i]) if p is not None]
            after = [(j, p) for j, p in enumerate(people[i + 1 :], i + 1) if p is not None]
            subject = before[-1][1] if before else None
            passive = i > 0 and tokens[i - 1].lower() in _EN_PASSIVE
            by = next((p for j, p in after if preps[j] == "by"), None)
            if passive and by is not None:
                out.append((verb, by, subject))
                continue
            if verb == "borrow":
                lender = next((p for j, p in after if preps[j] == "from"), None)
                if subject is not None and lender is not None:
                    out.append(("lend", lender, subject))
                continue
            receiver = next((p for j, p in after if preps[j] != "by"), None)
            if subject is not None:
                out.append((verb, subject, receiver))
    return out


# --- Chinese ---------------------------------------------------------------------------------------
# deed -> its verb pattern; a verb with 给 names its receiver next (借给姐夫)
_ZH_VERBS: tuple[tuple[str, str], ...] = (
    ("lend", "借给"),
    ("borrow", "借"),
    ("give", "送给|送了|送|给了|转给|转账给|转账"),
    ("owe", "欠了|欠"),
    ("teach", "教了|教会了|教会|教"),
    ("propose", "求婚|表白|告白"),
    ("help", "帮助了|帮助|帮了|帮忙|帮"),
    ("visit", "看望了|看望|探望了|探望|拜访了|拜访|来看"),
    ("invite", "邀请了|邀请|请了|请"),
    ("pay", "还给|还了|还钱给"),
    ("call", "打电话|打了电话|发消息|发微信|写信|寄"),
    ("apologise", "道(?:了|过)?歉"),
    ("dump", "甩了|甩"),
)
_ZH_SELF = ("我们", "咱们", "用户", "我", "咱")
_ZH_MORE_KIN = (
    "姐夫",
    "妹夫",
    "嫂子",
    "弟媳",
    "大舅子",
    "小舅子",
    "小姑子",
    "小叔子",
    "连襟",
    "妯娌",
    "未婚夫",
    "未婚妻",
)
# (not a preposition's character: 向姐夫 is no 向姐)
_ZH_SINGLE = "".join(n for n in SURNAMES_ZH if len(n) == 1 and n not in "向跟对给找从被和把")
_ZH_PERSON = re.compile(
    "|".join(
        [
            *(re.escape(w) for w in sorted({*PEOPLE_ZH, *_ZH_MORE_KIN, *_ZH_SELF}, key=len, reverse=True)),
            rf"[小老阿][{_ZH_SINGLE}]",
            rf"[{_ZH_SINGLE}](?:总|老师|经理|医生|姐|哥|阿姨|叔)",
        ]
    )
)
_ZH_PREP = re.compile(r"(向|跟|对|给|找|从|被|和)$")
_ZH_CLAUSE = re.compile(r"[，。,；;！!？?\s]+")
_ZH_GAP = re.compile(r"^(?:了|过|给|还|又|也|都|一下|那里|那儿|那)?$")


def _zh_mentions(clause: str) -> list[tuple[int, int, str]]:
    """Each person said in a clause (start, end, who); a possessor (用户的, 我 before 男朋友) is none."""
    found = [(m.start(), m.end(), m.group()) for m in _ZH_PERSON.finditer(clause)]
    out = []
    for k, (s, e, w) in enumerate(found):
        if clause.startswith("的", e):
            continue
        if k + 1 < len(found) and found[k + 1][0] == e and w in (*_ZH_SELF, "他", "她", "他们"):
            continue  # 我男朋友: 我 owns him
        who = SELF if w in _ZH_SELF else PEOPLE_ZH.get(w, w)
        out.append((s, e, who))
    return out


def _zh_deeds(text: str) -> list[Deed]:
    out: list[Deed] = []
    for clause in _ZH_CLAUSE.split(text):
        people = _zh_mentions(clause)
        if len(people) < 1:
            continue
        taken: set[int] = set()
        for verb, pattern in _ZH_VERBS:
            for m in re.finditer(pattern, clause):
                if any(m.start() <= t < m.end() for t in taken):
                    continue
                taken.update(range(m.start(), m.end()))
                before = [p for p in people if p[1] <= m.start()]
                after = [p for p in people if p[0] >= m.end()]
                receiver = after[0][2] if after and _ZH_GAP.match(clause[m.end() : after[0][0]]) else None
                deed = _zh_deed(clause, verb, before, receiver)
                if deed is not None:
                    out.append(deed)
    return out


def _zh_deed(clause: str, verb: str, before: list[tuple[int, int, str]], receiver: str | None) -> Deed | None:
    """The deed read from the people before its verb: a 向 / 跟 / 被 phrase names the other person."""
    if not before:
        return None
    last = before[-1]
    prep = _ZH_PREP.search(clause[: last[0]])
    if prep is not None and prep.end() == last[0] and len(before) >= 2:
        subject = before[-2][2]
        if prep.group(1) == "和":
            return None  # 我和老婆: two doers
        if prep.group(1) == "被":
            return (verb if verb != "borrow" else "lend", last[2], subject)
        if verb == "borrow" and prep.group(1) in ("向", "跟", "找", "从"):
            return ("lend", last[2], subject)  # 我向姐夫借: 姐夫 lends
        return (verb, subject, last[2])
    if prep is not None and prep.end() == last[0]:
        return None  # a 向 phrase with no subject said: nothing to compare
    if verb == "borrow":
        return None  # 借 alone lends or borrows: only the order tells (mal/dedup.py `order`)
    return (verb, last[2], receiver)


# --- both ------------------------------------------------------------------------------------------


def deeds(text: str) -> list[Deed]:
    """Every deed of the list a text says, with its doer and its receiver (None: not said; a
    deed someone else does with no receiver said is done to the user)."""
    return list(_deeds(text))


@lru_cache(maxsize=4096)
def _deeds(text: str) -> tuple[Deed, ...]:
    """`deeds`, cached: the veto and the word rules read the same two texts of each pair."""
    raw = _zh_deeds(text) if re.search(r"[\u4e00-\u9fff]", text) else _en_deeds(text)
    return tuple((v, doer, receiver if receiver is not None or doer == SELF else SELF) for v, doer, receiver in raw)


def roles_swapped(a: str, b: str) -> bool:
    """One deed in both texts, with its doers different and the doer of one the receiver of the
    other ("My bf proposed" / "I proposed to my bf", 我借给姐夫 / 姐夫借给我)."""
    da, db = _deeds(a), _deeds(b)
    return any(va == vb and ga != gb and (ga == rb or gb == ra) for va, ga, ra in da for vb, gb, rb in db)


def differs(a: str, b: str) -> bool:
    """The word rules' reading (mal/dedup.py `agree`): the same as the veto's."""
    return roles_swapped(a, b)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (("roles", roles_swapped),)
