"""A city the user visits, visited or will be in for a while is not where they live (parsers/guards.py
`_VISIT`): real chat between friends (LoCoMo) made "User city" facts of every such city."""

from __future__ import annotations

import pytest

from tests.parser_facts import facts


def _cities(text: str) -> list[str]:
    return [s["value"] for k, s in facts(text) if k == "profile" and s.get("field") == "city"]


@pytest.mark.parametrize(
    "text",
    [
        "I was in Denver last weekend and the food was amazing",
        "Let me know when you're free, we can meet up in Seattle",
        "I'll call you when I'm in Phoenix next month",
        "We visited the old town in Lisbon with my cousins",
        "我在西安出差呢，晚点回你",
        "上周在成都开会，顺便吃了火锅",
    ],
)
def test_a_visited_city_is_not_where_the_user_lives(text: str) -> None:
    assert _cities(text) == []


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("I live in Denver, I was in Phoenix last week", "Denver"),
        ("I've been in Montreal for six years now", "Montreal"),
        ("我住在苏州，上周在南京开会", "苏州"),
        ("我现在在厦门", "厦门"),
        ("I moved to Austin for work, the conference scene here is great", "Austin"),
    ],
)
def test_where_the_user_lives_is_kept(text: str, city: str) -> None:
    assert _cities(text) == [city]
