"""Third-person notes and naming (issue #11): the memory notes an assistant keeps about the user
("User's husband is called Daniel", "用户有一只柯基，名叫豆豆") must read as the user's own turns do,
and the bound of a sum, the category of a rent, the relative of an allergy told with the substance
first and the item of a "best" liking are read by the same rules in every shape. Each test names a
class of phrasing with variants, and a near case that must not change. Sentences written for these
tests, not taken from any data set."""

from __future__ import annotations

import pytest

from tests.parser_facts import fact_slots as _facts
from tests.parser_facts import profile_rows as _profile

# -- 1. a relative's name, the possessor a note's subject ---------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "relative"),
    [
        ("User's husband is called Daniel.", "Daniel", "spouse"),
        ("The user's wife is named Priya.", "Priya", "spouse"),
        ("the user's son is called Leo", "Leo", "son"),
        ("User's daughter's name is Mia.", "Mia", "daughter"),
        ("My husband is called Daniel", "Daniel", "spouse"),  # the user's own turn, as before
        ("用户的丈夫叫李明。", "李明", "spouse"),
        ("用户女儿的名字叫朵朵", "朵朵", "daughter"),
        ("我儿子叫小宇", "小宇", "son"),
    ],
)
def test_a_relatives_name_in_a_note_is_a_name(text: str, name: str, relative: str) -> None:
    assert _profile(text) == [("name", name, relative)]


def test_a_pet_called_by_name_is_still_a_pet() -> None:
    assert ("pet", "Daniel", None) in _profile("The user's dog is called Daniel.")


# -- 2. a pet named in the next clause --------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "用户有一只柯基，名叫豆豆",
        "用户养了一只柯基，名叫豆豆。",
        "我有一只柯基，名叫豆豆",
        "我家有条柯基，取名叫豆豆",
        "我家狗叫豆豆",  # as before
    ],
)
def test_a_pet_named_in_the_next_clause_is_one_pet_fact(text: str) -> None:
    assert _profile(text) == [("pet", "豆豆", None)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I have a beagle, his name is Biscuit", "Biscuit"),
        ("The user has a beagle named Biscuit.", "Biscuit"),
        ("User has a corgi called Mochi.", "Mochi"),
    ],
)
def test_an_english_pet_named_is_one_pet_fact(text: str, name: str) -> None:
    assert _profile(text) == [("pet", name, None)]


@pytest.mark.parametrize(("text", "name"), [("我叫豆豆", "豆豆"), ("你好，我名叫王芳", "王芳")])
def test_the_users_own_name_stays_a_name(text: str, name: str) -> None:
    assert ("name", name, None) in _profile(text)


# -- 3. "是<城市>的一名<职业>": where the person works, and the job ---------------------------


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("用户的姐姐是广州的一名牙医。", [("city", "广州", "sister"), ("job", "牙医", "sister")]),
        ("我是广州的一名老师", [("city", "广州", None), ("job", "老师", None)]),
        ("用户是杭州的一名程序员", [("city", "杭州", None), ("job", "程序员", None)]),
        ("我妈是成都的一位护士", [("city", "成都", "mother"), ("job", "护士", "mother")]),
    ],
)
def test_a_job_in_a_city_is_the_city_and_the_job(text: str, facts: list[tuple[str, str, str | None]]) -> None:
    assert sorted(_profile(text)) == sorted(facts)


@pytest.mark.parametrize(("text", "town"), [("我是广州人", "广州"), ("用户是广州人", "广州")])
def test_where_one_is_from_stays_the_hometown(text: str, town: str) -> None:
    assert _profile(text) == [("hometown", town, None)]


# -- 4. an approximate sum is the sum aimed at ----------------------------------------------


def _bound(text: str) -> tuple[float, str]:
    budget = _facts(text, "budget")[0]
    return budget["amount"], budget["bound"]


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("用户每月的买菜预算约为2000元。", 2000.0),
        ("我每月买菜预算大约为两千块", 2000.0),
        ("婚礼预算差不多是30万", 300000.0),
        ("Wedding budget ~30,000 dollars", 30000.0),
        ("Grocery budget is ~$400 a month", 400.0),
        ("预算～5000元", 5000.0),
    ],
)
def test_an_approximate_budget_is_exact(text: str, amount: float) -> None:
    assert _bound(text) == (amount, "exact")


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("买菜预算最多2000元", 2000.0),
        ("婚礼预算不超过30万", 300000.0),
        ("Wedding budget up to 30,000 dollars", 30000.0),
        ("Grocery budget is under $400 a month", 400.0),
    ],
)
def test_a_ceiling_word_still_makes_a_max(text: str, amount: float) -> None:
    assert _bound(text) == (amount, "max")


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        # ceiling words the bound reader missed while a bare sum defaulted to `max` anyway
        ("I don't want to spend more than $60 on the gift", 60.0),
        ("Tuition can't be over $15,000", 15000.0),
        ("Kitchen remodel - we're capping it at $25k", 25000.0),
        ("trying to keep groceries to 400 bucks a month max", 400.0),
        ("I'm trying to keep groceries to 400 bucks a month", 400.0),
        ("need a used car, nothing more than $15k", 15000.0),
        ("这趟旅行总共就五千港币", 5000.0),
    ],
)
def test_ceiling_words_in_other_shapes_make_a_max(text: str, amount: float) -> None:
    assert _bound(text) == (amount, "max")


@pytest.mark.parametrize(
    ("text", "amount", "bound"),
    [
        ("I want to keep groceries to about $400 a month", 400.0, "exact"),  # the approximate sum wins
        ("我的预算是1500美元", 1500.0, "max"),  # a sum called a budget, no bound word: the first sets' ceiling
        ("我们攒了80万准备买房", 800000.0, "exact"),  # a sum set aside, no budget word
    ],
)
def test_near_bound_cases(text: str, amount: float, bound: str) -> None:
    assert _bound(text) == (amount, bound)


def test_a_range_with_a_tilde_is_still_a_range() -> None:
    assert sorted((b["amount"], b["bound"]) for b in _facts("手机预算3000~5000元", "budget")) == [
        (3000.0, "min"),
        (5000.0, "max"),
    ]


# -- 5. a rent paid ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("我租的房子月租4500元", 4500.0),
        ("用户租的公寓月租3000元", 3000.0),
        ("我现在的房租每月3500元", 3500.0),
        ("My rent is $2,000 a month", 2000.0),
    ],
)
def test_a_rent_paid_is_rent_and_exact(text: str, amount: float) -> None:
    budget = _facts(text, "budget")[0]
    assert (budget["category"], budget["amount"], budget["bound"]) == ("rent", amount, "exact")


@pytest.mark.parametrize(
    ("text", "category", "bound"),
    [
        ("月租最多4500元", "rent", "max"),
        ("Rent can't go over $2,000 a month", "rent", "max"),
        ("买房首付准备80万", "housing", "exact"),
        ("手机月租58元", "electronics", "exact"),  # a phone plan's monthly fee is no rent
        ("给妈妈买礼物预算800块", "gift", "max"),  # a sum called a budget: the first sets' ceiling
    ],
)
def test_near_rent_cases(text: str, category: str, bound: str) -> None:
    budget = _facts(text, "budget")[0]
    assert (budget["category"], budget["bound"]) == (category, bound)


# -- 6. the allergen as the subject -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "allergen", "relative"),
    [
        ("Penicillin gives my son an allergic reaction.", "Penicillin", "son"),
        ("Peanuts give my daughter a severe allergic reaction", "Peanuts", "daughter"),
        ("Shellfish makes my wife break out, she's allergic", "Shellfish", "spouse"),
        ("Penicillin gives me an allergic reaction", "Penicillin", "self"),  # as before
        ("Penicillin gives the user an allergic reaction.", "Penicillin", "self"),
    ],
)
def test_the_allergen_as_subject_belongs_to_its_object(text: str, allergen: str, relative: str) -> None:
    health = _facts(text, "family_health")
    assert [(h.get("allergen"), h["relative"]) for h in health] == [(allergen, relative)]
    assert health[0]["condition"] == "allergy"


@pytest.mark.parametrize(
    ("text", "allergen", "relative"),
    [("Shellfish makes my wife break out", "Shellfish", "spouse"), ("Peanuts give my son hives.", "Peanuts", "son")],
)
def test_a_reaction_without_the_word_allergy_is_still_the_objects(text: str, allergen: str, relative: str) -> None:
    health = _facts(text, "family_health")
    assert [(h.get("allergen"), h["relative"]) for h in health] == [(allergen, relative)]
    assert "condition" not in health[0]  # no "allergy" the text does not say


@pytest.mark.parametrize("text", ["Coffee gives my husband a headache.", "Stress makes my wife break out"])
def test_what_is_no_allergen_stays_none(text: str) -> None:
    assert [h.get("allergen") for h in _facts(text, "family_health")] in ([], [None])


# -- 7. "best" after the liked thing ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("I like window seats best.", "window seats"),
        ("I like window seats the best", "window seats"),
        ("I love hiking most of all", "hiking"),
        ("The user likes aisle seats best.", "aisle seats"),
        ("I like window seats.", "window seats"),  # as before
        ("I like Best Buy", "Best Buy"),  # a name that holds the word stays whole
    ],
)
def test_best_after_the_item_is_no_part_of_it(text: str, item: str) -> None:
    assert [p["item"] for p in _facts(text, "preference")] == [item]


def test_doing_ones_best_keeps_its_words() -> None:
    assert [p["item"] for p in _facts("I like to do my best", "preference")] in ([], ["do my best"])
