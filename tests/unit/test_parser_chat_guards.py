"""Real chat between friends (LoCoMo's judged sample) made facts of what calls up a memory ("this
remind me of ...") and of clauses after "I love" ("I love how ..."); neither is a reminder asked for
or a thing the user likes (parsers/rules.py)."""

from __future__ import annotations

import pytest

from tests.parser_facts import of


@pytest.mark.parametrize(
    "text",
    [
        "These old photos remind me of the summer we spent in Maine",
        "Songs like that remind me how lucky I was back then",
        "Rainy days remind me why I moved out of the city",
    ],
)
def test_what_calls_up_a_memory_is_not_a_reminder(text: str) -> None:
    assert of("todo", text) == []


@pytest.mark.parametrize(
    ("text", "task"),
    [
        ("Remind me to renew the car insurance next Monday", "renew the car insurance next Monday"),
        ("please remind me to email the landlord tonight", "email the landlord tonight"),
    ],
)
def test_a_reminder_asked_for_is_kept(text: str, task: str) -> None:
    assert [s.get("task") for s in of("todo", text)] == [task]


@pytest.mark.parametrize(
    "text",
    [
        "I love how the light hits the lake in the morning",
        "I really like what you did with the garden",
        "I love his sense of humour",
    ],
)
def test_a_clause_or_a_pronoun_is_not_a_thing_liked(text: str) -> None:
    assert of("preference", text) == []


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("I love kayaking", "kayaking"),
        # a thing whose name begins like a pronoun (the not-an-item list reads whole words)
        ("I like YouTube videos", "YouTube videos"),
        ("I love theme parks", "theme parks"),
        ("I hate thistles", "thistles"),
        ("I love items from Japan", "items from Japan"),
    ],
)
def test_a_thing_liked_is_kept(text: str, item: str) -> None:
    assert [s["item"] for s in of("preference", text)] == [item]
