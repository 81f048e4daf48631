"""Slot families of the fourteenth round (brief parser14): English and code-switched misses of the
retired writer sets, each family seen in at least two writers' sets: numbers typed with a space
before their Chinese unit (7 月 15 号, 60 岁, 50 万); "the 2nd of August"; a drug named after a
condition's comma or a pronoun ("has epilepsy, he's on ..."); currencies named in words (quid,
Canadian dollars, rupees, AUD); corrections ("no" before a noun, "oops not X, it's Y", a clause
against a bare old value); a preference's subject with an adverb or a time tail; "X slaps".

The sentences are written for these tests (not copied from any labelled set). Rules only: the learned
slot tagger is switched off, so each test shows what the rules read.
"""

from __future__ import annotations

import pytest

import parsers
from bench.parser_eval import invented
from parsers.budget_rules import find_money
from parsers.shorthand import original
from tests.parser_facts import NOW, of, profile, rules_only

pytestmark = pytest.mark.usefixtures(rules_only.__name__)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我爷爷今年 82 岁，身体还行", ("age", "82", "grandfather")),
        ("我女儿 6 岁，刚上一年级", ("age", "6", "daughter")),
    ],
)
def test_age_with_a_space_before_its_unit(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in profile(text)


@pytest.mark.parametrize(
    ("text", "kind", "date"),
    [
        ("我 8 月 3 号从上海飞 Sydney", "travel_plan", "2024-08-03"),
        ("提醒我 6 月 20 号去 renew 护照", "todo", "2024-06-20"),
    ],
)
def test_date_with_spaces_around_its_digits(text: str, kind: str, date: str) -> None:
    read = of(kind, text)
    assert read and read[0]["date"] == date
    assert not invented(text, {"date": date})


def test_amount_with_a_space_before_wan() -> None:
    assert [f.slots["amount"] for f in parsers.parse("装修 budget 差不多 30 万", NOW).facts] == [300000.0]


def test_a_space_before_other_words_stays_a_comma() -> None:
    fix = parsers.parse("写错了 是45不是54 我还没那么老", NOW).correction
    assert fix is not None and (fix.new, fix.old) == ("45", "54")


def test_value_after_a_dropped_space_is_the_users_words() -> None:
    assert original("记得 9 月 1 号交作业", "9月1号交作业") == "9 月 1 号交作业"


@pytest.mark.parametrize(
    ("text", "kind", "date"),
    [
        ("Business class from Denver to Lisbon on the 4th of September", "travel_plan", "2024-09-04"),
        ("remind me to renew my passport on the 30th of July", "todo", "2024-07-30"),
    ],
)
def test_ordinal_day_of_a_named_month(text: str, kind: str, date: str) -> None:
    read = of(kind, text)
    assert read and read[0]["date"] == date


def test_ordinal_day_alone_is_still_this_month() -> None:
    assert of("todo", "remind me to pay the plumber on the 28th")[0]["date"] == "2024-06-28"


@pytest.mark.parametrize(
    ("text", "relative", "medication"),
    [
        ("My uncle has gout, he's on Zyloprim", "uncle", "Zyloprim"),
        ("my aunt has lupus and she's on Benlysta", "aunt", "Benlysta"),
        ("I have asthma, so I'm on Symbicort", "self", "Symbicort"),
        ("grandpa has osteoarthritis and is on etoricoxib", "grandfather", "etoricoxib"),
    ],
)
def test_drug_after_the_conditions_clause(text: str, relative: str, medication: str) -> None:
    read = of("family_health", text)
    assert read and read[0]["relative"] == relative and read[0].get("medication") == medication


def test_a_holiday_is_no_drug() -> None:
    assert "medication" not in of("family_health", "my dad has gout, he's on Holiday")[0]


@pytest.mark.parametrize(
    ("text", "amount", "currency"),
    [
        ("keep the hotel under 90 quid a night", 90.0, "GBP"),
        ("my laptop budget is 1800 Canadian dollars", 1800.0, "CAD"),
        ("I can spend at most 25000 rupees on a phone", 25000.0, "INR"),
        ("up to AUD 900 for the flights", 900.0, "AUD"),
        ("no more than 400 Australian dollars", 400.0, "AUD"),
    ],
)
def test_currency_named_in_words(text: str, amount: float, currency: str) -> None:
    money = find_money(text)
    assert [(m.value, m.currency) for m in money] == [(amount, currency)]
    budgets = [f.slots for f in parsers.parse(text, NOW).facts if f.kind in {"budget", "travel_plan"}]
    assert any(s.get("currency") == currency for s in budgets)


@pytest.mark.parametrize("text", ["No pets in our flat, the landlord says", "no nuts for me thanks"])
def test_no_before_a_noun_is_no_correction(text: str) -> None:
    assert parsers.parse(text, NOW).correction is None


@pytest.mark.parametrize(
    ("text", "new", "old"),
    [
        ("whoops not Thursday, it's Friday", "Friday", "Thursday"),
        ("wait, not almonds, cashews", "cashews", "almonds"),
        ("oops, not Kia, it's a Hyundai Tucson we bought", "Hyundai Tucson", "Kia"),
        ("Actually the party is on the 22nd, not the 21st", "22nd", "21st"),
        ("Correction: my brother works in Leeds now, not Sheffield", "Leeds", "Sheffield"),
    ],
)
def test_correction_values(text: str, new: str, old: str) -> None:
    fix = parsers.parse(text, NOW).correction
    assert fix is not None and (fix.new, fix.old) == (new, old)


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("Rock climbing is definitely my favourite thing to do", "Rock climbing"),
        ("Knitting after work is my favourite way to switch off", "Knitting"),
        ("I love a long walk early in the morning", "a long walk"),
        ("ngl oat milk lattes slap", None),  # plural verb: not this shape, nothing invented
        ("ngl mango sticky rice slaps", "mango sticky rice"),
        ("honestly cold brew still slaps", "cold brew"),
    ],
)
def test_preference_items(text: str, item: str | None) -> None:
    read = of("preference", text)
    if item is None:
        assert all(not invented(text, s) for s in read)
    else:
        assert {"item": item, "polarity": "like"} in read


@pytest.mark.parametrize("text", ["this playlist slaps", "my cat slaps the dog when he gets close"])
def test_slaps_after_a_pronoun_or_a_possessive_is_no_taste(text: str) -> None:
    assert not of("preference", text)


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("想给我爸买个 Kindle，最多 800 块", "electronics"),
        ("换 iPhone 的预算不超过 6000", "electronics"),
        ("we've put aside 55k as a deposit for our house", "housing"),
        ("the home deposit budget is about $60k", "housing"),
    ],
)
def test_budget_category_of_a_brand_or_a_house_deposit(text: str, category: str) -> None:
    assert [f.slots["category"] for f in parsers.parse(text, NOW).facts if f.kind == "budget"] == [category]
