"""Tenth round (helper recall9): where a restatement only looks different to the slot veto.

Held out, most true duplicates the rule kept apart were stopped by the veto's slot check
(mal/dedup.py `_checks`, "slots"), and a few by its title check. Two shapes recur in them:

  * across kinds (a fact and an episode), the fact's value is said by the episode in other words the
    text signature already equates (mal/dedup_text.py: lawyer / attorney, sister / sis, named /
    called, 怀孕 / 有了身孕): `_said` asked for the value as written and refused;
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

__all__ = ["extension_said", "said_in_other_words"]


def said_in_other_words(text: str, value: str) -> bool:
    """`value` (a slot value, not a number) is said by `text` once both are read as signatures: its
    content words, people and names are all among the text's (a Chinese word may sit inside a longer
    word of the text: 怀孕 in 怀孕了). A value that reads as nothing (a code such as "like") is not."""
    sv, st = signature(value), signature(text)
    if sv.numbers or not (sv.words or sv.people or sv.names):
        return False
    if not (sv.people <= st.people and sv.names <= st.names and sv.places <= st.places):
        return False
    return all(w in st.words or (is_cjk(w) and len(w) >= 2 and any(w in u for u in st.words)) for w in sv.words)


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
