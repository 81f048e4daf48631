"""People words that name no other person, or name the same one another way (twentieth round).

The people veto (mal/dedup_checks.py `people_differ`) reads every person word of a text as a person
in the story. Two English readings it lacked, both found in restatements it kept apart:

* A category's possessive before a noun is a kind of thing, not a person: "a children's hospital",
  "the kids' menu" (a note writes "a pediatric hospital"). Only when the text says the word no other
  way ("my kids' school" is the kids' own, a text that also says "my children" keeps them) and the
  other text names that kind of thing too.
* The sex of a child the text counts is its son or daughter: "two kids, a boy and a girl" is "a son
  and a daughter". Only right after the counted kids, and only for "boy(s)" / "girl(s)"; read as
  words (mal/dedup_notes.py `first_person` calls `children_named`), so counts and order still
  tell "two boys and a girl" from "two daughters and a son".

Pure functions over one text; no imports from mal.
"""

from __future__ import annotations

import re

__all__ = ["attributive_only", "attributive_said", "children_named"]

# the person word (its value in the people table) -> its possessive forms before a noun, and the
# adjectives a note says the same kind of thing with
_CATEGORY = {"child": r"children's|childrens'|kids'|kid's"}
_KIND = {"child": r"children's|childrens'|kids'|kid's|pediatric|paediatric|kids"}
_OWNER = r"(?:my|our|his|her|their|your|user's|the user's)\s+(?:[a-z-]+\s+)?"


def attributive_only(person: str, text: str, other: str) -> bool:
    """Every time `text` says `person` (a people-table value) it is a category's possessive before a
    noun ("a children's hospital"), never owned ("my kids' school") nor said as people, and the
    other text says that kind of thing too ("a pediatric hospital"): "a children's choir" / "a
    choir" is a more specific thing, and stays apart."""
    if person not in _CATEGORY or not re.search(rf"\b(?:{_KIND[person]})\s+[a-z]{{3,}}", other.lower()):
        return False
    return attributive_said(person, text)


def attributive_said(person: str, text: str) -> bool:
    """Every time `text` says `person` it is a category's possessive before a noun (see above); a
    text that says it so and one that says the person ("a children's hospital" / "my children are
    in hospital") name two things."""
    forms = _CATEGORY.get(person)
    if forms is None:
        return False
    lower = text.lower()
    attributive = list(re.finditer(rf"\b(?:{forms})(?=\s+[a-z]{{3,}})", lower))
    if not attributive or any(re.search(rf"\b{_OWNER}$", lower[: m.start()]) for m in attributive):
        return False
    said = len(re.findall(rf"\b(?:child|children|kid|kids|kiddos?|{forms})\b", lower))
    return said == len(attributive)


# the user's counted kids, then their sexes in apposition: "two kids, a boy and a girl", "three
# children: two boys and a girl", "kids, both girls" (review21: "my kid babysits two girls", "my kids
# play with the boy next door" name other children, and are not rewritten)
_COUNT = r"(?:a|an|one|two|three|four|both|\d)"
# (and only kids the user has: "I have / we've got / my two kids", "User has two children"; not "I
# foster / teach / nanny two kids, a boy and a girl": review22)
_SEXES = re.compile(
    rf"(\b(?:have|has|'ve got|'ve|got|my|our)\s+(?:(?:two|three|four|\d)\s+)?(?:kids|children)\s*[,:(\u2014-]\s*)"
    rf"({_COUNT}\s+(?:boys?|girls?)(?:\s+and\s+{_COUNT}\s+(?:boys?|girls?))?)\b",
    re.IGNORECASE,
)
_SEX = {"boy": "son", "boys": "sons", "girl": "daughter", "girls": "daughters"}
_SEX_WORD = re.compile(r"\b(?:boys?|girls?)\b", re.IGNORECASE)


def children_named(text: str) -> str:
    """`text` with the sexes of counted kids said as son / daughter where they stand in apposition
    to the kids ("two kids, a boy and a girl" -> "two kids, a son and a daughter"), so every check
    reads one word for one person, counts and order included ("two boys and a girl" / "two
    daughters and a son")."""
    return _SEXES.sub(lambda m: m.group(1) + _SEX_WORD.sub(lambda w: _SEX[w.group(0).lower()], m.group(2)), text)
