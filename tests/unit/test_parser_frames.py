"""Phrasings of known facts in another frame (issue #11 item 3, this round), zh and en each: the
place or thing first ("Austin is where I live", "Sushi is my all-time favorite"), a reaction instead
of "allergic to", a device after "upgraded to an iPhone", 职业是, 我的手机是, 现在人在. Sentences are
written for these tests (not copied from tests/data/parser_dev4.jsonl), each with a near miss that
must stay without the fact, so nothing is invented.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from bench.parser_eval import invented
from tests import parser_facts
from tests.parser_facts import HIDDEN

# The slots these tests were written against: the todo's task hidden, currency and mood shown
# (a fact's slots are compared whole and invented() checks every slot shown).
facts = partial(parser_facts.facts, hidden=(HIDDEN | {"task"}) - {"currency", "mood"})


@pytest.mark.parametrize(
    ("text", "kind", "slots"),
    [
        ("Chicago is where I live now", "profile", {"field": "city", "value": "Chicago"}),
        ("Seattle is home these days", "profile", {"field": "city", "value": "Seattle"}),
        ("I call San Diego home", "profile", {"field": "city", "value": "San Diego"}),
        ("right now I'm living out in Queens", "profile", {"field": "city", "value": "Queens"}),
        ("I just switched to an iPhone 14", "profile", {"field": "device", "value": "iPhone 14"}),
        ("Ramen is my absolute favorite", "preference", {"item": "Ramen", "polarity": "like"}),
        ("ugh traffic jams are the worst", "preference", {"item": "traffic jams", "polarity": "dislike"}),
        (
            "Aspirin gives me an allergic reaction",
            "family_health",
            {"relative": "self", "condition": "allergy", "allergen": "Aspirin"},
        ),
        (
            "latex makes me break out, I'm allergic to it",
            "family_health",
            {"relative": "self", "condition": "allergy", "allergen": "latex"},
        ),
        ("我目前人在厦门", "profile", {"field": "city", "value": "厦门"}),
        ("我的职业是会计", "profile", {"field": "job", "value": "会计"}),
        ("我的手机是小米的", "profile", {"field": "device", "value": "小米"}),
    ],
)
def test_a_fact_in_another_frame_is_read(text: str, kind: str, slots: dict[str, Any]) -> None:
    found = facts(text)
    assert (kind, slots) in found, found
    assert all(invented(text, s) == [] for _, s in found)


@pytest.mark.parametrize(
    ("text", "kind", "field"),
    [
        ("Boston is home to a lot of universities", "profile", "city"),  # not the user's home
        ("Chicago is where I grew up", "profile", "city"),  # a hometown, never the current city
        ("I upgraded to a bigger apartment", "profile", "device"),
        ("My dad says golf is the worst", "preference", None),  # someone else's taste
        ("it is the worst", "preference", None),
        ("Pollen gives me a headache", "family_health", None),  # no allergy named
        ("我的职业是什么你知道吗？", "profile", "job"),
    ],
)
def test_near_misses_of_the_frames_make_no_such_fact(text: str, kind: str, field: str | None) -> None:
    found = facts(text)
    assert not any(k == kind and (field is None or s.get("field") == field) for k, s in found), found
