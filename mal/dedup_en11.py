"""Eleventh round (helper en11): English near misses the word rules read as one fact.

Once a note about the user reads in the first person (mal/dedup_notes.py) and "one" counts
(mal/dedup_numbers.py), more rewordings reach the learned decision; these checks keep the near
misses that look like them apart. Each is a veto check (mal/dedup.py `_checks`) and turns the word
rules down too (mal/dedup.py `agree`, `agree_texts`: read as written, capitals and all):

  * `joint_subject` - one text says the user does it with someone ("My wife and I are flying to
    Oslo", "my kids and I"), the other names only the someone and not the user ("My wife is
    flying to Oslo"): a person was removed.
  * `subject_moved` - one text has the user as its subject and another person as an owner ("I
    borrowed Anna's bike"), the other that person as its subject and the user only as an owner
    ("Anna borrowed my bike").
  * `quantifier` - all / some / most / none / few / both of a group ("All my cousins live in Perth" /
    "Some of my cousins live in Perth").
  * `times_vs_unit` - one number counts times in one text and a unit in the other ("three times a
    week" / "three miles a week").
  * `outcome_vs_attempt` - an attempt against its outcome ("applying to Yale" / "got into Yale").
  * `contrast_swapped` - the two sides of a contrast swap places: "X, not Y" / "Y, not X", "X over
    Y" / "Y over X", "hate X but love Y" / "love X but hate Y".

The first four (`SHARED`) have twins in mal/dedup_review11.py and mal/dedup_zh_near.py: the veto
reads each family once, all its readings together (mal/dedup_shared_families.py).

Pure functions over texts; no I/O.
"""

from __future__ import annotations

import re

from mal.dedup_text import content_words, signature
from mal.dedup_text import flat as _flat

__all__ = [
    "CHECKS",
    "SHARED",
    "contrast_swapped",
    "differs",
    "joint_subject",
    "outcome_vs_attempt",
    "quantifier",
    "subject_moved",
    "times_vs_unit",
]

_JOINT = re.compile(r"\b(?:and|&) (?:i|me|myself|我)(?![a-z])|\b(?:i|me) and\b|我和|和我|跟我|我跟")


def joint_subject(a: str, b: str) -> bool:
    """One text says the user and someone, the other the someone alone (see the module docstring)."""
    for s, t in ((a, b), (b, a)):
        if _JOINT.search(_flat(s)):
            x, y = signature(s), signature(t)
            if "self" in x.anchors and "self" not in y.anchors and (set(y.anchors) - {"self"}):
                return True
    return False


def subject_moved(a: str, b: str) -> bool:
    """One text starts with the user and names a person as an owner ("I borrowed Anna's bike"), the
    other starts with that person and names the user as an owner ("Anna borrowed my bike")."""
    shared: set[str] | None = None  # the people both name, read only once a direction fits
    for s, t in ((_flat(a), _flat(b)), (_flat(b), _flat(a))):
        if not re.match(r"\W*i\b", s) or not re.search(r"\b(?:my|me)\b", t):
            continue
        if shared is None:
            shared = (set(signature(a).anchors) & set(signature(b).anchors)) - {"self"}
        for name in shared:
            word = re.escape(name)
            if re.search(rf"\b{word}'s\b", s) and re.match(rf"\W*(?:my )?{word}\b", t):
                return True
    return False


_QUANTIFIER = re.compile(
    r"\b(all|some|most|none|few|several|many|both|each|half|neither|either)\b"
    r"(?= (?:of )?(?:my|our|the|his|her|their)\b)"
)


# "every one of my cousins", "each of my kids": the whole group, as "all" says it
_EVERY = re.compile(r"\b(?:every|each)(?: single)?(?: one)? of\b")


def quantifier(a: str, b: str) -> bool:
    """Two texts say different parts of one group ("all of my" / "some of my")."""
    qa, qb = (frozenset(_QUANTIFIER.findall(_EVERY.sub("all of", _flat(t)))) for t in (a, b))
    return (qa or qb) and qa != qb  # type: ignore[return-value]


_MARKER = re.compile(
    r",?\s+(?:but\s+)?not\s+(?:just\s+|only\s+|the\s+)?|\s+rather than\s+|\s+over\s+|\s+instead of\s+|,?\s+but\s+"
)


def _sides(text: str) -> tuple[frozenset[str], frozenset[str]] | None:
    flat = _flat(text)
    m = _MARKER.search(flat)
    if m is None:
        return None
    before, after = flat[: m.start()], flat[m.end() :]
    before = re.split(r"[.;:!?]", before)[-1]
    after = re.split(r"[.;:!?]", after)[0]
    return _terms(before), _terms(after)


def _terms(text: str) -> frozenset[str]:
    """The content words of a span with its times, people and names (morning / evening)."""
    sig = signature(text)
    return frozenset(content_words(text)) | sig.times | sig.people | sig.names


def contrast_swapped(a: str, b: str) -> bool:
    """The two sides of a contrast swap places (see the module docstring)."""
    sa, sb = _sides(a), _sides(b)
    if sa is None or sb is None:
        return False
    return bool(sa[0] & sb[1]) and bool(sa[1] & sb[0]) and sa != sb


_NUMBER = r"\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_COUNTED = re.compile(rf"\b({_NUMBER})\s+([a-z]+)\b")


def times_vs_unit(a: str, b: str) -> bool:
    """One number counts times in one text and a unit in the other: "three times a week" /
    "three miles a week"."""
    ca, cb = (dict(_COUNTED.findall(_flat(t))) for t in (a, b))
    return any(
        {ca[n], cb[n]} & {"times", "x"} and ca[n].rstrip("s") != cb[n].rstrip("s") for n in ca.keys() & cb.keys()
    )


_TRYING = re.compile(r"\b(?:apply|applies|applying|applied|interviewing|interviewed|trying to get|hoping to get)\b")
_OUTCOME = re.compile(r"\b(?:got into|got in|accepted|admitted|hired|got the job|rejected|turned down)\b")


def outcome_vs_attempt(a: str, b: str) -> bool:
    """One text says an attempt (applying to a school, interviewing for a job), the other its
    outcome ("got into", "was hired")."""
    fa, fb = _flat(a), _flat(b)
    return any(
        bool(_TRYING.search(s)) and not _OUTCOME.search(s) and bool(_OUTCOME.search(t)) and not _TRYING.search(t)
        for s, t in ((fa, fb), (fb, fa))
    )


# Read by the veto together with their twins in mal/dedup_review11.py and mal/dedup_zh_near.py, one
# check per family (mal/dedup_shared_families.py); the word rules read them here (`differs`).
SHARED = (
    ("joint", joint_subject),
    ("subject", subject_moved),
    ("quantifier", quantifier),
    ("contrast_swap", contrast_swapped),
)
# the families only this module reads: mal/dedup.py runs them as veto checks
CHECKS = (
    ("times_unit", times_vs_unit),
    ("outcome", outcome_vs_attempt),
)


def differs(a: str, b: str) -> bool:
    """Any check above tells the texts apart (for the word rules: mal/dedup.py `agree`)."""
    return any(check(a, b) for _, check in (*SHARED, *CHECKS))
