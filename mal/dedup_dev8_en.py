"""dev8's English near misses (tests/data/dedup_dev8_pairs.jsonl, a writer with no code access): pairs
that passed every veto and merged at ~0.99, most of them one text with one span of the other changed.

Most families read the two texts as word sequences that are equal but for ONE edit (`_edit`): a run of
words inserted, or a run replaced by another. The kind of that edit is what tells the texts apart:

  * `limit_added` - one text adds a phrase that narrows the fact: "I'm vegan" / "I'm vegan on
                    weekdays", "twice" / "twice this year", "$30 an hour" / "$30 an hour in tips",
                    "driving licence" / "provisional driving licence". The run must hold a content
                    word; fillers a restatement adds (really, still, now, these days) are not one.
  * `attempt_added` - one text says the fact is tried, hoped for or proposed, the other that it
                      holds: "I'm gluten-free" / "I'm trying to go gluten-free", "promoted" / "put
                      forward for promotion".
  * `another_one` - "a dog" / "another dog": another says one is already had.
  * `frequency_swapped` - two frequency words: always / usually, mostly / always (and one text alone
                          saying sometimes, rarely, mostly, ...).
  * `degree_swapped` - two degree words: "can't hear well" / "can't hear at all".
  * `preposition_swapped` - one preposition for another: with / before breakfast, for / in a
                            fortnight, by / on Friday, with / from my sister. Pairs that say one thing
                            (at / on the weekend, at / from home, in / during) are listed as alike.
  * `stay_kind` - a visit against living there: "never been to" / "never lived in".

Readings not of one edit:

  * `negation_moved` - both texts negate one clause of two, different ones: "I'm not going, but my
                       husband is" / "I'm going, but my husband isn't".
  * `doer_swapped` - one text's doer is "I", the other's a person of mine, doing the same thing:
                     "My landlord is putting the rent up" / "I'm putting the rent up on my tenant".
  * `part_whole` - one side against both: "my left knee" / "both knees".
  * `date_interval` - a day of the month against an interval of that many days: "on the 28th" /
                      "every 28 days".

Pure functions over two texts as the family checks read them (mal/dedup.py `first_person`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from difflib import SequenceMatcher
from functools import lru_cache

from mal.dedup_text import flat as _flat
from mal.dedup_text import opposed

__all__ = [
    "CHECKS",
    "DOER_PEOPLE",
    "another_one",
    "attempt_added",
    "date_interval",
    "degree_swapped",
    "differs",
    "doer_swapped",
    "frequency_swapped",
    "limit_added",
    "negation_moved",
    "part_whole",
    "preposition_swapped",
    "stay_kind",
]

_CONTRACTIONS = (
    (re.compile(r"\b(can)'t\b"), r"\1 not"),
    (re.compile(r"\bwon't\b"), "will not"),
    (re.compile(r"n't\b"), " not"),
    (re.compile(r"'m\b"), " am"),
    (re.compile(r"'re\b"), " are"),
    (re.compile(r"'ve\b"), " have"),
    (re.compile(r"'ll\b"), " will"),
    (re.compile(r"'d\b"), " would"),
)


def _closed(words: str) -> frozenset[str]:
    """A closed class of words, written as one space-separated string."""
    return frozenset(words.split())


_WORD = re.compile(r"[a-z0-9$£€%]+(?:[-'][a-z0-9]+)*")


@lru_cache(maxsize=4096)
def _words(text: str) -> tuple[str, ...]:
    """A text's English words, lower case, contractions spelt out ("I'm" -> i am, "can't" -> can not)."""
    s = _flat(text).lower()
    for pattern, spelt in _CONTRACTIONS:
        s = pattern.sub(spelt, s)
    return tuple(_WORD.findall(s))


@lru_cache(maxsize=4096)
def _edit(a: str, b: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The one edit that turns `a`'s words into `b`'s: (the run `a` says, the run `b` says in its
    place), either run empty for an insertion; None when the texts differ in more than one place,
    not at all, or are not English."""
    x, y = _words(a), _words(b)
    if not x or not y or x == y:
        return None
    ops = [op for op in SequenceMatcher(a=x, b=y, autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(ops) != 1:
        return None
    if len(x) - (ops[0][2] - ops[0][1]) < 2:
        return None  # fewer than two words kept: not one text with one span changed
    _, i1, i2, j1, j2 = ops[0]
    return x[i1:i2], y[j1:j2]


# --- a phrase that narrows the fact
# words a restatement adds without saying more (an intensifier, a present time, a hedge of manner)
_FILLERS = _closed(
    "a an the my our really just also still now currently actually definitely very so quite pretty too "
    "as well these days nowadays right at the moment present personally honestly truly always all while home house "
    "do does did am is are be have has been i we me myself own and that which it"
)
_RESTRICTING = _closed(
    "on in at during for when while if unless except only this last next every each per after before "
    "until since within from"
)


def limit_added(a: str, b: str) -> bool:
    """One text is the other with a narrowing run inserted: the run opens with a preposition or time
    word (on weekdays, this year, in tips) or is one modifier before a noun (provisional, long-haul)."""
    for s, t in ((a, b), (b, a)):
        edit = _edit(s, t)
        if edit is None or edit[0]:
            continue
        run = edit[1]
        content = [w for w in run if w not in _FILLERS and w not in _RESTRICTING]
        if not content:
            continue
        if run[0] in _RESTRICTING or (len(run) == 1 and ("-" in run[0] or run[0].endswith(("al", "ary", "ive")))):
            return True
    return False


# --- tried, hoped for or proposed against holding
_ATTEMPT = _closed(
    "trying try tries tried hoping hope hopes planning plan plans want wants wanting thinking considering "
    "nominated shortlisted forward applied applying interviewing interviewed candidate"
)


def attempt_added(a: str, b: str) -> bool:
    """The one edit brings in an attempt, hope or candidacy word the other side's run lacks, inserted
    ("I'm gluten-free" / "I'm trying to go gluten-free") or around the deed's own word ("promoted" /
    "put forward for promotion"); "trying to" / "on a diet to" put two ways of doing for each other."""
    for s, t in ((a, b), (b, a)):
        edit = _edit(s, t)
        if edit is None:
            continue
        old, new = edit
        if not set(new) & _ATTEMPT or set(old) & _ATTEMPT:
            continue
        if not old or {w[:5] for w in old if len(w) >= 5} & {w[:5] for w in new if len(w) >= 5}:
            return True
    return False


# --- another one
_ANOTHER = frozenset({("another",), ("a", "second"), ("one", "more"), ("a", "third"), ("more",)})


def another_one(a: str, b: str) -> bool:
    """ "a dog" / "another dog": the edit puts "another" (a second, one more) for "a" or before a noun."""
    for s, t in ((a, b), (b, a)):
        edit = _edit(s, t)
        if edit is None:
            continue
        old, new = edit
        if new in _ANOTHER and old in {(), ("a",), ("an",), ("one",)}:
            return True
    return False


# --- closed-class swaps: frequency, degree, prepositions
_FREQUENCY = _closed(
    "always usually mostly often sometimes occasionally rarely seldom never generally normally typically "
    "mainly regularly frequently constantly hardly partly"
)
# one text alone saying these still narrows (a plain "I take the train" is a habit: usually is not)
_FREQUENCY_ADDED = _closed("sometimes occasionally rarely seldom mostly mainly partly often hardly")
_HABITUAL = _closed("usually generally normally typically regularly")


def frequency_swapped(a: str, b: str) -> bool:
    """The edit swaps one frequency word for another (always / usually), or adds one that narrows."""
    for s, t in ((a, b), (b, a)):
        edit = _edit(s, t)
        if edit is None:
            continue
        old, new = edit
        if len(old) == len(new) == 1 and {old[0], new[0]} <= _FREQUENCY and not {old[0], new[0]} <= _HABITUAL:
            return True
        if not old and len(new) == 1 and new[0] in _FREQUENCY_ADDED:
            return True
    return False


_DEGREE = frozenset(
    {
        ("well",),
        ("at", "all"),
        ("much",),
        ("a", "bit"),
        ("a", "little"),
        ("slightly",),
        ("completely",),
        ("totally",),
        ("fully",),
        ("partly",),
        ("partially",),
        ("entirely",),
        ("properly",),
        ("badly",),
        ("very", "well"),
    }
)
_DEGREE_ALIKE = (
    frozenset({("completely",), ("totally",), ("entirely",), ("fully",)}),
    frozenset({("partly",), ("partially",)}),
)


def degree_swapped(a: str, b: str) -> bool:
    """The edit swaps one degree phrase for another: "can't hear well" / "can't hear at all"."""
    edit = _edit(a, b)
    if edit is None:
        return False
    old, new = edit
    if old == new or old not in _DEGREE or new not in _DEGREE:
        return False
    return not any(old in group and new in group for group in _DEGREE_ALIKE)


_PREPOSITIONS = _closed(
    "with without before after from to for in on by at until till since during within near inside outside "
    "around about into onto under over behind beside through across towards toward against"
)
# two prepositions that say one thing in the same place
_PREPOSITIONS_ALIKE = (
    frozenset({"at", "on", "over"}),  # at / on / over the weekend
    frozenset({"at", "from"}),  # work at / from home
    frozenset({"at", "for"}),  # work at / for Google
    frozenset({"over", "to"}),  # tea over / to coffee
    frozenset({"from", "after"}),  # recovering from / after surgery
    frozenset({"on", "through", "via"}),  # sold on / through eBay
    frozenset({"in", "during", "within"}),
    frozenset({"until", "till"}),
    frozenset({"to", "into", "towards", "toward"}),
    frozenset({"on", "onto", "about"}),  # a book on / about birds
    frozenset({"around", "about"}),  # around / about six
    frozenset({"near", "by", "beside"}),
    frozenset({"in", "inside"}),
    frozenset({"across", "over", "through"}),
)


def preposition_swapped(a: str, b: str) -> bool:
    """The edit puts one preposition for another that says another relation: with / before
    breakfast, for / in a fortnight, by / on Friday, with / from my sister."""
    edit = _edit(a, b)
    if edit is None:
        return False
    old, new = edit
    if len(old) != 1 or len(new) != 1 or old[0] not in _PREPOSITIONS or new[0] not in _PREPOSITIONS:
        return False
    return not any({old[0], new[0]} <= group for group in _PREPOSITIONS_ALIKE)


# --- a visit against living there
_VISITED = frozenset(
    {("been", "to"), ("visited",), ("went", "to"), ("gone", "to"), ("travelled", "to"), ("traveled", "to")}
)
_LIVED = frozenset({("lived", "in"), ("live", "in"), ("living", "in"), ("grew", "up", "in"), ("stayed", "in")})


def stay_kind(a: str, b: str) -> bool:
    """The edit puts living somewhere for having been there: "never been to" / "never lived in"."""
    edit = _edit(a, b)
    return edit is not None and (
        (edit[0] in _VISITED and edit[1] in _LIVED) or (edit[0] in _LIVED and edit[1] in _VISITED)
    )


# --- a negation moved between clauses
_CLAUSE = re.compile(r",|;|\bbut\b|\bwhile\b|\bwhereas\b|\bthough\b|\balthough\b")
_NEGATION = re.compile(r"\b(?:not|never|no)\b")


# the words a negation brings or drops with it (do / does in "I don't eat" / "I eat")
_NEGATION_WORDS = _closed("not never no do does did")


def _clauses(text: str) -> list[tuple[bool, frozenset[str]]]:
    """Each clause: whether it is negated, and its words but the negation's own."""
    clauses = [c.split() for c in _CLAUSE.split(" ".join(_words(text))) if c.strip()]
    return [(bool(_NEGATION.search(" ".join(c))), frozenset(c) - _NEGATION_WORDS) for c in clauses]


def negation_moved(a: str, b: str) -> bool:
    """Both texts say the same clauses in the same order (the same words, but for the negation's),
    as many of them negated, but negate different ones: "I'm not going, but my husband is" / "I'm
    going, but my husband isn't". Clauses said in another order ("I don't like tea, but I love
    coffee" / "I love coffee, but I don't like tea") are not lined up, and are left alone."""
    x, y = _clauses(a), _clauses(b)
    if len(x) != len(y) or len(x) < 2 or any(u[1] != v[1] for u, v in zip(x, y, strict=True)):
        return False
    nx, ny = tuple(u[0] for u in x), tuple(v[0] for v in y)
    return sum(nx) == sum(ny) >= 1 and nx != ny


# --- the doer changed
DOER_PEOPLE = (
    "mother|mum|mom|father|dad|wife|husband|partner|son|daughter|brother|sister|friend|boss|manager|"
    "landlord|landlady|tenant|neighbour|neighbor|colleague|grandma|grandad|grandpa|granny|aunt|uncle|"
    "cousin|niece|nephew|boyfriend|girlfriend|flatmate|roommate|mother-in-law|father-in-law|kids|children"
)
_OTHER_DOER = re.compile(
    rf"^my (?:\w+ )?(?:{DOER_PEOPLE})(?: [a-z]+)? (?:am|is|are|was|were|has|have|will)? ?([a-z-]+)"
)
_SELF_DOER = re.compile(r"^i (?:am|was|have|will|had)? ?([a-z-]+)")
_JOINT = re.compile(r"\band i\b|\bi and\b|\bwith me\b")


def doer_swapped(a: str, b: str) -> bool:
    """One text opens with "I" doing a thing, the other with a person of mine ("my landlord", "my friend
    Aisha") doing the same thing (the first word past the auxiliary is the same)."""
    x, y = " ".join(_words(a)), " ".join(_words(b))
    if _JOINT.search(x) or _JOINT.search(y):
        return False
    for s, t in ((x, y), (y, x)):
        other, me = _OTHER_DOER.match(s), _SELF_DOER.match(t)
        if other and me and other.group(1) == me.group(1) and other.group(1) not in {"not", "a", "the"}:
            return True
    return False


# --- one side against both
# left / right before the part they qualify ("my left knee"), not the verb or "right now"
_ONE_SIDE = re.compile(
    r"\b(?:(?:left|right) (?!(?:my|the|a|an|his|her|their|our|your|it|for|to|at|on|in|home|work|school|now|away|"
    r"here|there|after|before|behind)\b)[a-z]+|one of (?:my|his|her|their) \w+s)\b"
)
_BOTH = re.compile(r"\bboth\b")


def part_whole(a: str, b: str) -> bool:
    """One text says one side (left, right, one of my ...), the other both."""
    return opposed(_flat(a).lower(), _flat(b).lower(), _ONE_SIDE, _BOTH)


# --- a day of the month against an interval
_DAY_OF_MONTH = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)\b")
_INTERVAL = re.compile(r"\bevery (\d{1,3}) (?:days|weeks|months)\b")


def date_interval(a: str, b: str) -> bool:
    """One text says the Nth of the month, the other every N days (weeks, months), and not its own."""
    x, y = _flat(a).lower(), _flat(b).lower()
    for s, t in ((x, y), (y, x)):
        days = {m.group(1) for m in _DAY_OF_MONTH.finditer(s)} - {m.group(1) for m in _INTERVAL.finditer(s)}
        spans = {m.group(1) for m in _INTERVAL.finditer(t)} - {m.group(1) for m in _DAY_OF_MONTH.finditer(t)}
        if days & spans:
            return True
    return False


def differs(a: str, b: str) -> bool:
    """Any family above tells the texts apart."""
    return any(check(a, b) for _, check in CHECKS)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("limit_added", limit_added),
    ("attempt_added", attempt_added),
    ("another_one", another_one),
    ("frequency_swapped", frequency_swapped),
    ("degree_swapped", degree_swapped),
    ("preposition_swapped", preposition_swapped),
    ("stay_kind", stay_kind),
    ("negation_moved", negation_moved),
    ("doer_swapped", doer_swapped),
    ("part_whole", part_whole),
    ("date_interval", date_interval),
)
