"""Tenth round (helper en10): English restatements the veto read as two facts.

Held out (`python -m bench.dedup_loso`), most English true duplicates the rule still kept apart were
stopped by one veto check that read a change of phrasing as a change of fact. The families below
recur across writers; each narrows one check, only for the phrasing it names, and every other check
still runs:

  * `aspect` - a past event said in the passive or with a light verb reads "was" / "took" as the
    "former" aspect: "I got promoted in January" / "In January I was promoted", "I grew up in
    Leeds" / "I was raised in Leeds", "I went to Lisbon" / "I took a trip to Lisbon". Tolerated
    only when the other text says a past event too (a past verb after its subject), so "My sister
    is married" / "My sister was married" and "My dad takes metformin" / "My dad took metformin"
    still differ. (An ended habit both texts say, "I quit smoking" / "I've given up cigarettes",
    is left alone: "I quit smoking" / "I'm quitting smoking" end the same habit too.)
  * `modifier` - terse notes drop a generic head or a filler the added-modifier check reads as a
    kind of thing: "dentist appointment tomorrow" / "Dentist tomorrow, 15:00", "moved to Austin
    back in March", "broke my wrist while skiing", "a new laptop" / "a laptop".
  * `order` - the order of two names says nothing when it is a list ("two cats, Miso and Tofu" /
    "Tofu and Miso"), a joint subject ("My wife and I are going" / "I'm going with my wife"), a
    name put first as the topic ("Biscuit is our corgi" / "We have a corgi named Biscuit"), or a
    month read as a name ("In May, my daughter ..." / "... in May").
  * `numbers` - "2k", "2.4k", "80K" are 2000, 2400, 80000 ("$2,400 a month" / "2.4k/month"), and
    "my thirtieth birthday" is "my 30th birthday".
  * `times` - note-style and regional time words: fall / autumn, yrs / years, wks / weeks, "/month"
    / "a month".
  * `negation` - an intolerance said as what one cannot digest: "I'm lactose intolerant" / "I can't
    digest lactose" (the older allergy rule knows eat / drink / have / touch).

Pure functions over texts (mal/dedup_text.py `signature`); no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache

from mal.dedup_checks import added_modifier
from mal.dedup_text import Signature, normalise, signature

__all__ = [
    "amounts_agree",
    "intolerance_said",
    "light_modifier_only",
    "order_explained",
    "past_event_aspect",
    "times_agree",
]

# --- aspect: a passive or a light verb of a past event, not the "former" aspect
_PASSIVE = re.compile(
    r"\b(?:was|were) (?=(?:just |recently |finally )?(?:\w+ed|born|raised|brought up|taken|given|told|made)\b)"
)
_TOOK = re.compile(r"\btook (?=(?:a|an|the|my|our|his|her|their|some) )")
_PAST_IRREGULAR = (
    "went|got|grew|took|made|had|came|flew|drove|bought|sold|left|met|saw|ate|broke|began|became|gave|"
    "spent|won|lost|found|moved|quit|started|finished|visited|married|joined"
)
_PAST_EVENT = re.compile(
    rf"\b(?:i|we|he|she|they|my \w+|our \w+)\s+(?:\w+ly\s+|just\s+|also\s+)?(?:{_PAST_IRREGULAR}|\w+ed)\b|"
    r"\b(?:got|was|were) \w+ed\b"
)


def _neutral(text: str) -> str:
    """The text with its passive "was" and light "took" turned into verbs that carry no aspect."""
    flat = normalise(text).replace("\u2019", "'")
    return _TOOK.sub("made ", _PASSIVE.sub("got ", flat))


def past_event_aspect(a: str, b: str) -> bool:
    """The aspects differ only in "former", and that "former" comes from a passive or a light
    verb while the other text says a past event too."""
    x, y = signature(a), signature(b)
    if x.aspects ^ y.aspects != {"former"}:
        return False
    former, other = (a, b) if "former" in x.aspects else (b, a)
    if "former" in signature(_neutral(former)).aspects:
        return False  # "was a teacher", "used to", "anymore": a state that ended
    return bool(_PAST_EVENT.search(normalise(other).replace("\u2019", "'")))


# --- modifier: generic heads and fillers of terse notes
_LIGHT = re.compile(
    r"\b(?:appointment|appt|appts|appointments)\b|\bback(?= (?:in|on|at|during)\b)|\bwhile(?= \w+ing\b)|"
    r"\bnew\b(?! (?:york|zealand|jersey|delhi|orleans|mexico|hampshire|england|south wales)\b)"
)


def _light_removed(text: str) -> str:
    return _LIGHT.sub(" ", normalise(text).replace("\u2019", "'"))


def light_modifier_only(a: str, b: str) -> bool:
    """The added-modifier veto holds only because of a generic head or a filler (see `_LIGHT`):
    with those taken out of both texts, neither adds a modifier."""
    x, y = signature(_light_removed(a)), signature(_light_removed(b))
    return not (added_modifier(x, y) or added_modifier(y, x))


# --- order: lists, joint subjects, a topic put first, a month read as a name
_MONTH_AS_NAME = re.compile(r"\b(?:in|since|by|until|till|last|next|this|early|late|mid|of|from) may\b")
_LIST = re.compile(r"\b([a-z][\w'-]*) and ([a-z][\w'-]*)\b", re.IGNORECASE)
_JOINT = re.compile(r"\band (?:i|me)\b|\bi and\b|\bwe\b")
_WITH = re.compile(r"\bwith (?:my|our|his|her) \w+|\bwith [a-z]\w+")
_TOPIC_NAME = re.compile(r"^\W*[\w'-]+(?: [\w'-]+)? (?:is|are) (?:my|our)\b")
_NAMED = re.compile(r"\b(?:named|called)\b|\bname is\b")


def _order(s: Signature, shared: set[str], text: str) -> list[str]:
    months = {"may"} if _MONTH_AS_NAME.search(text) else set()
    return [n for n in s.anchors if n in shared - months]


def order_explained(a: str, b: str) -> bool:
    """The shared names stand in another order only in a way that says nothing (see the module
    docstring): a list said the other way round, a joint subject, a named thing put first as the
    topic, or "May" the month."""
    x, y = signature(a), signature(b)
    ta, tb = (normalise(t).replace("\u2019", "'") for t in (a, b))
    shared = set(x.anchors) & set(y.anchors)
    if _order(x, shared, ta) == _order(y, shared, tb):
        return True
    others = shared - {"self", "we"}
    for joint, (sj, tj), (sw, tw, raw) in (
        (ta, (x, ta), (y, tb, b)),
        (tb, (y, tb), (x, ta, a)),
    ):
        w = _WITH.search(tw)
        if not (_JOINT.search(joint) and w and not _JOINT.search(tw)) or len(raw) != len(tw):
            continue
        partner = set(signature(raw.replace("\u2019", "'")[w.start() : w.end()]).anchors) - {"self"}
        if partner and partner <= others and _order(sj, others - partner, tj) == _order(sw, others - partner, tw):
            return True  # "My wife and I are going to Japan" / "I'm taking a trip to Japan with my wife"
    if len(others) == 1 and any(_TOPIC_NAME.search(s) and _NAMED.search(t) for s, t in ((ta, tb), (tb, ta))):
        return True  # "Biscuit is our corgi" / "We have a corgi named Biscuit"
    written = a.replace("\u2019", "'")
    for m in _LIST.finditer(written):
        swapped = written[: m.start()] + f"{m.group(2)} and {m.group(1)}" + written[m.end() :]
        if _order(signature(swapped), shared, ta) == _order(y, shared, tb):
            return True  # "Miso and Tofu" / "Tofu and Miso"
    return False


# --- numbers: a thousand said "k", an ordinal said in words
_THOUSANDS = re.compile(r"(\d+(?:\.\d+)?) ?k\b")
_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_ORDINALS = {
    **{w: i + 1 for i, w in enumerate(_UNITS)},
    **{"tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15},
    **{"sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19},
    **{"twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70},
    **{"eightieth": 80, "ninetieth": 90, "hundredth": 100},
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
# an ordinal after a determiner ("my thirtieth birthday", "our second child"), never "a second" of time
_ORDINAL = re.compile(rf"\b(my|our|his|her|their|the|your) (?:({'|'.join(_TENS)})-)?({'|'.join(_ORDINALS)})\b")


def _ordinal(m: re.Match[str]) -> str:
    value = _ORDINALS[m.group(3)] + (_TENS[m.group(2)] if m.group(2) else 0)
    return f"{m.group(1)} {value}th"


def _expand(m: re.Match[str]) -> str:
    value = float(m.group(1)) * 1000
    return str(int(value)) if value.is_integer() else str(value)


@lru_cache(maxsize=1024)
def _amounts(text: str) -> tuple[str, ...]:
    return signature(_ORDINAL.sub(_ordinal, _THOUSANDS.sub(_expand, text))).numbers


def amounts_agree(a: str, b: str) -> bool:
    """The numbers agree once "2.4k" is read as 2400 and "thirtieth" as 30th (either text may say
    it so); False when neither text says a number that way."""
    ta, tb = (normalise(t) for t in (a, b))
    if not any(p.search(t) for p in (_THOUSANDS, _ORDINAL) for t in (ta, tb)):
        return False
    # an ordinal is not a count: "my second son" / "my two sons" (eleventh round)
    return _amounts(ta) == _amounts(tb) and _ordinals(ta) == _ordinals(tb)


_ORDINAL_ANY = re.compile(rf"\b(?:{'|'.join(_ORDINALS)})\b|\d(?:st|nd|rd|th)\b")


def _ordinals(text: str) -> int:
    return len(_ORDINAL_ANY.findall(text))


# --- times: one time said in two words
_WEEKDAY = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_TIME_WORDS = (
    (re.compile(r"\bfall\b"), "autumn"),
    (re.compile(r"\byrs?\b"), "years"),
    (re.compile(r"\bwks?\b"), "weeks"),
    (re.compile(r"\bmos\b"), "months"),
    (re.compile(r"\s*/\s*(?=(?:month|week|day|year)\b)"), " a "),
    # fifteenth round (helper unblock15): a weekday's night is its evening ("Thursday evenings" /
    # "Thursday nights"; a night shift is not an evening shift), "each week" after a weekday says
    # only the weekday's habit ("on Saturdays each week" / "every Saturday")
    (re.compile(rf"\b({_WEEKDAY})s? nights?\b"), r"\1 evening"),
    (re.compile(rf"\b({_WEEKDAY})s?( (?:morning|afternoon|evening)s?)?,? (?:each|every) week\b"), r"every \1\2"),
)


def _timed(text: str) -> str:
    flat = normalise(text)
    for pattern, word in _TIME_WORDS:
        flat = pattern.sub(word, flat)
    return flat


def times_agree(a: str, b: str) -> bool:
    """The times agree once fall / autumn, yrs / years, wks / weeks, "/month" / "a month" are read
    as one word each, and so do the rates they say (monthly / weekly: "a month" is a word, not a time)."""
    x, y = signature(_timed(a)), signature(_timed(b))
    return x.times == y.times and x.words & _RATES == y.words & _RATES


_RATES = frozenset(("hourly", "daily", "weekly", "monthly", "yearly", "annually", "annual"))


# --- negation: an intolerance said as what one cannot digest
_INTOLERANT = re.compile(r"\bintoleran|\ballerg")
_CANNOT = re.compile(r"\b(?:can't|cannot|can not|unable to) (?:digest|tolerate|process|handle)\b")


def intolerance_said(a: str, b: str) -> bool:
    """One text names an intolerance or allergy un-negated, the other says only that the user
    cannot digest or tolerate the thing: "I'm lactose intolerant" / "I can't digest lactose"."""
    ta, tb = (normalise(t).replace("\u2019", "'") for t in (a, b))
    for s, t in ((ta, tb), (tb, ta)):
        if _INTOLERANT.search(s) and not signature(s).negated and _CANNOT.search(t):
            rest = _CANNOT.sub(" ", t)
            if not signature(rest).negated:
                return True
    return False
