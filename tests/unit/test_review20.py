"""Review20's attacks on the twentieth round (one-character synonyms, food verbs, chains of persons,
the fingerprint claim): near misses the new readings merged, each beside a restatement that still
passes. Every sentence here is new. Strict xfails record defects left for the next round."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_holes20 import food_verb
from mal.dedup_unblock19_zh import one_word
from tests.dedup_memories import memory
from tests.unit.fakes import fake_container, new_scope, write


def _merges(a: str, b: str) -> bool:
    x, y = memory("episode", a), memory("episode", b)
    return dedup.same_fact(x, y, 1.0) or dedup.same_fact(y, x, 1.0)


# -- one-character synonyms: a kin word glossed "aunt" / "uncle" names one branch only -------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我伯母住在苏州", "我舅母住在苏州"),  # father's elder brother's wife / mother's brother's wife
        ("我叔父开了一家面馆", "我姨父开了一家面馆"),
        ("我叔母是护士", "我舅母是护士"),
    ],
)
def test_two_branches_of_kin_glossed_alike_are_two_people(a: str, b: str) -> None:
    assert not _merges(a, b)


@pytest.mark.parametrize(("u", "v"), [("叔叔", "叔父"), ("姑妈", "姑姑"), ("读书", "念书")])
def test_one_branch_of_kin_written_two_ways_is_still_one_word(u: str, v: str) -> None:
    assert one_word(u, v)


def test_kin_umbrella_gloss_alone_is_no_synonym() -> None:
    assert not one_word("伯母", "舅母") and not one_word("叔父", "姨父") and not one_word("侄女", "甥女")


# -- food verbs: a drink made is not a drink drunk ----------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我喜欢煮咖啡", "我喜欢喝咖啡"),
        ("我爱喝奶茶", "我爱做奶茶"),
        ("I love drinking lattes", "I love making lattes"),
        ("I roast coffee beans at home", "I buy coffee beans at home"),
    ],
)
def test_a_drink_or_food_made_is_not_one_had_or_bought(a: str, b: str) -> None:
    assert food_verb(a, b) and food_verb(b, a)
    assert not _merges(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [("我喜欢咖啡", "我喜欢喝咖啡"), ("我早上常喝豆浆", "我早上常吃豆浆"), ("I love lattes", "I love drinking lattes")],
)
def test_a_drink_liked_or_drunk_is_one_reading(a: str, b: str) -> None:
    assert not food_verb(a, b)


# -- left for the next round ---------------------------------------------------------------------


def test_dumplings_wrapped_are_not_dumplings_eaten() -> None:
    # review20's strict xfail; closed in the twenty-first round by the retrained learned layer (trained
    # with the retired blind20 sets), not by a rule: no veto fires on the pair
    assert not _merges("我女儿喜欢包饺子", "我女儿喜欢吃饺子")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我爸喜欢钓鱼", "我爸喜欢吃鱼"),
        ("我爷爷爱钓鱼", "我爷爷爱吃鱼"),
        ("我周末常去钓鱼", "我周末常去吃鱼"),
        ("My dad loves fishing", "My dad loves eating fish"),
        ("My grandpa likes going fishing", "My grandpa likes eating fish"),
        ("I like fishing for trout", "I like eating trout"),
    ],
)
def test_fishing_is_not_eating_fish(a: str, b: str) -> None:
    # review20's strict xfail; closed in the twenty-third round by a rule (mal/dedup_holes20.py: 钓 and
    # "fishing" catch a fish, they do not eat it), not left to the learned layer
    assert food_verb(a, b)
    assert not _merges(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我爸喜欢钓鱼", "用户的父亲爱钓鱼"),
        ("我爸喜欢吃鱼", "用户的父亲爱吃鱼"),
        ("My dad loves fishing", "The user's father loves to go fishing"),
        ("I love fish and chips", "I love eating fish and chips"),
        ("I love fish", "I love eating fish"),
        ("I eat fish for dinner on Fridays", "I have fish for dinner on Fridays"),
    ],
)
def test_fishing_or_fish_said_twice_is_no_verb_clash(a: str, b: str) -> None:
    assert not food_verb(a, b)


def test_unmarried_is_not_married() -> None:
    # review20's strict xfail; closed in the twentieth round: a negation that is the whole text
    # (我至今未婚) is no aside (mal/dedup_families.py `negation_aside`)
    assert not _merges("我至今未婚", "我已婚")


@pytest.mark.xfail(strict=True, reason="review20: 闺蜜 is in no people table, so no chain is counted")
def test_a_wifes_best_friend_is_not_the_wife() -> None:
    assert not _merges("我老婆的闺蜜在深圳", "我老婆在深圳")


def test_a_quarantined_sources_words_said_again_join_its_hidden_memory() -> None:
    # review20 reported this as a defect (the words said through another source stay hidden); it is
    # the trust boundary's design (tests/e2e/test_write_safety.py, item 11): content of a quarantined
    # source does not go live by being posted again under another source; it joins the quarantined
    # memory until the admin releases the source. A fix that let it through was reverted.
    c, scope = fake_container(), new_scope()
    c.quarantine.set(scope.tenant, "scraper-bot")
    [hidden] = write(c, scope, "s0", "I collect antique barometers.", source="scraper-bot").memories
    [again] = write(c, scope, "s1", "I collect antique barometers.").memories
    assert again.memory.id == hidden.memory.id and again.memory.status.value == "quarantined"
    assert c.adapters.graph.list_memories(scope.subject, ["active", "disputed"], None, 0, 50)[0] == []
