"""Tenth round (helper recall9): where a restatement only looks different to the slot veto.

Held out, most true duplicates the rule kept apart were stopped by the veto's slot check
(mal/dedup.py `_checks`, "slots"), and a few by its title check. Two shapes recur in them:

  * across kinds (a fact and an episode), the fact's value is said by the episode in other words the
    text signature already equates (mal/dedup_text.py: lawyer / attorney, sister / sis, named /
    called, 怀孕 / 有了身孕): `_said` asked for the value as written and refused;
  * two spans of one slot read as the same content words once times and generic heads are set
    aside ("hiking" / "weekend hikes", 辣 / 辣的东西): the whole texts' times are checked apart;
  * one text states two facts (a job and its employer) and the parser read one from each: the
    slots name two fields, but each text says the other's value ("a nurse at St. Mary's" / "I'm a
    nurse at St Mary's hospital");
  * one job title holds the other, and the longer one's extra words are said by the shorter one's
    text ("a nurse at the hospital" / "a hospital nurse", 在银行做柜员 / 银行柜员): the parser cut the
    title with or without the place the other text names after it.

Both are narrowed by comparing canonical words (the signature's words, people and names), never by
dropping a value: every word of the value must be said by the other text, numbers are never said
this way (a number has its own rule), and every other check of the veto still runs. "Nurse" /
"head nurse", 护士 / 护士长, lawyer / paralegal keep their veto: the extra word is not in the other
text.
"""

from __future__ import annotations

from mal.dedup_text import is_cjk, normalise, signature
from mal.dedup_unblock18_zh import said_apart

__all__ = ["both_said", "extension_said", "restated_span", "said_in_other_words", "same_words"]

# Heads that name no thing of their own: 辣的东西 is 辣, "spicy stuff" is "spicy".
_GENERIC_HEADS = frozenset(("东西", "thing", "stuff"))


def said_in_other_words(text: str, value: str) -> bool:
    """`value` (a slot value, not a number) is said by `text` once both are read as signatures: its
    content words, people and names are all among the text's (a Chinese word may sit inside a longer
    word of the text: 怀孕 in 怀孕了). A value that reads as nothing (a code such as "like") is not."""
    sv, st = signature(value), signature(text)
    if sv.numbers or not (sv.words or sv.people or sv.names):
        return False
    if not (sv.people <= st.people and sv.names <= st.names and sv.places <= st.places):
        return False
    return all(
        w in st.words or (is_cjk(w) and len(w) >= 2 and any(w in u for u in st.words)) or said_apart(w, st.text)
        for w in sv.words
    )


def extension_said(value_a: str, value_b: str, text_a: str, text_b: str) -> bool:
    """One value is the other with words added (nurse / hospital nurse, 柜员 / 银行柜员), and the
    shorter value's text says every word of the longer one: the two texts name one title, cut apart
    or together by the parser. Equal or unrelated values are not an extension."""
    va, vb = normalise(value_a), normalise(value_b)
    if not va or not vb or va == vb:
        return False
    (short, short_text), (long, _) = sorted(((va, text_a), (vb, text_b)), key=lambda p: len(p[0]))
    if short not in long:
        return False
    if not is_cjk(short) and f" {short} " not in f" {long} ":
        return False  # a word inside another word (law / lawyer) is not the same title
    return said_in_other_words(short_text, long)


def same_words(value_a: str, value_b: str) -> bool:
    """Two span values say the same content words, people, names and numbers once a generic head
    (东西, thing, stuff) is set aside; the time words a span swallowed (weekend hikes) are left to
    the veto's own check of the whole texts. Nothing left to compare is not the same."""
    sa, sb = signature(value_a), signature(value_b)
    wa, wb = sa.words - _GENERIC_HEADS, sb.words - _GENERIC_HEADS
    return bool(wa) and (wa, sa.people, sa.names, sa.numbers, sa.places) == (
        wb,
        sb.people,
        sb.names,
        sb.numbers,
        sb.places,
    )


def restated_span(value_a: str, value_b: str, text_a: str, text_b: str) -> bool:
    """Two values of one span slot that restate each other: `same_words` or `extension_said`."""
    return same_words(value_a, value_b) or extension_said(value_a, value_b, text_a, text_b)


def both_said(value_a: str, value_b: str, text_a: str, text_b: str) -> bool:
    """Each memory's value is said by the other's text (`said_in_other_words`): two fields read
    from one statement, not two facts. A value one text lacks ("a nurse" / "a nurse at St Mary's")
    is not."""
    return said_in_other_words(text_b, value_a) and said_in_other_words(text_a, value_b)
