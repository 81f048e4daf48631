"""English restatements a veto kept apart (mal/dedup_miss23en.py, issue #11): each family's
restatements merge in both orders, as the service reads the two turns (the parser's memories), and
its near misses never merge in either order."""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup
from mal.models import Memory
from tests.dedup_memories import memory

COSINE = 0.95


def _read(text: str) -> list[Memory]:
    return memories(text) or [memory("episode", text)]


def _merges(x: Memory, y: Memory) -> bool:
    return dedup.comparable(x.kind, y.kind) and dedup.same_fact(x, y, COSINE)


def _restated(a: str, b: str) -> None:
    """Every memory of either turn meets one of the other's that it merges with, both orders."""
    ma, mb = _read(a), _read(b)
    for new, olds in [(y, ma) for y in mb] + [(x, mb) for x in ma]:
        assert any(_merges(old, new) and _merges(new, old) for old in olds), (a, b, new.kind)


def _apart(a: str, b: str) -> None:
    """No memory of one turn merges with any of the other's, in either order."""
    for x in _read(a):
        for y in _read(b):
            assert not (_merges(x, y) or _merges(y, x)), (x.text, y.text, x.kind, y.kind)


REMINDERS = [
    ("Remind me to call the plumber on Friday.", "The user wants a reminder to call the plumber on Friday."),
    ("Remind me to renew my passport next month.", "User wants a reminder to renew their passport next month."),
    ("Remind me to water the plants tomorrow.", "The user asked to be reminded to water the plants tomorrow."),
    (
        "Remind me to pay the electricity bill on Monday.",
        "The user wants a reminder to pay the electricity bill on Monday.",
    ),
    ("Remind me to call the dentist on Monday.", "To-do: phone the dentist Monday."),
    ("Remind me to call my mom on Sunday.", "To-do: phone my mom on Sunday."),
    ("Remind me to book a haircut on Thursday.", "The user would like a reminder to book a haircut on Thursday."),
    (
        "Remind me to pick up the dry cleaning on Saturday.",
        "The user wants a reminder to pick up the dry cleaning on Saturday.",
    ),
    ("Remind me to call the vet tomorrow.", "To-do: phone the vet tomorrow."),
    (
        "Remind me to email Sarah about the report on Tuesday.",
        "The user wants a reminder to email Sarah about the report on Tuesday.",
    ),
]
REMINDER_NEAR = [
    ("Remind me to call the plumber on Friday.", "The user wants a reminder to call the plumber on Saturday."),
    ("Remind me to call the plumber on Friday.", "The user wants a reminder to call the electrician on Friday."),
    ("Remind me to call the dentist on Monday.", "To-do: phone the doctor Monday."),
    ("Remind me to call the dentist on Monday.", "To-do: phone the dentist Tuesday."),
    ("Remind me to call the dentist on Monday.", "To-do: email the dentist Monday."),
    (
        "Remind me to renew my passport next month.",
        "The user wants a reminder to renew their driver's license next month.",
    ),
    ("Remind me to water the plants tomorrow.", "The user asked to be reminded to water the plants on Friday."),
    ("Remind me to pay the electricity bill on Monday.", "The user wants a reminder to pay the water bill on Monday."),
    ("Remind me to call my mom on Sunday.", "To-do: phone my dad on Sunday."),
    ("Remind me to book a haircut on Thursday.", "The user wants a reminder to cancel the haircut on Thursday."),
    ("Remind me to call Anna on Friday.", "The user wants a reminder to call Emma on Friday."),
]

DATES = [
    ("Our anniversary is on the 22nd of September.", "Our anniversary is on 9/22."),
    ("My birthday is on the 3rd of March.", "My birthday is on 3/3."),
    ("My sister's wedding is on the 14th of June.", "My sister's wedding is on June 14."),
    ("The rent is due on the 1st of May.", "The rent is due on May 1st."),
    ("My daughter's recital is on the 12th of December.", "My daughter's recital is on 12/12."),
    ("Our flight leaves on 5 August.", "Our flight leaves on August 5."),
    ("My exam is on the 28th of January.", "My exam is on 1/28."),
    ("Mum's birthday is the 9th of October.", "Mum's birthday is October 9."),
    ("The conference starts on 17 November.", "The conference starts on 11/17."),
    ("My dad's surgery is scheduled for the 2nd of April.", "My dad's surgery is scheduled for April 2."),
    ("I'm in Lisbon from 3 June to 10 June.", "I'm in Lisbon from June 3 through June 10."),
]
DATE_NEAR = [
    ("Our anniversary is on the 22nd of September.", "Our anniversary is on 9/23."),
    ("Our anniversary is on the 22nd of September.", "Our anniversary is on 10/22."),
    ("My birthday is on the 3rd of March.", "My birthday is on 3/4."),
    ("My sister's wedding is on the 14th of June.", "My sister's wedding is on July 14."),
    ("The rent is due on the 1st of May.", "The rent is due on May 2nd."),
    ("My daughter's recital is on the 12th of December.", "My daughter's recital is on 12/13."),
    ("Our flight leaves on 5 August.", "Our flight leaves on August 15."),
    ("My exam is on the 28th of January.", "My exam is on 2/28."),
    ("The conference starts on 17 November.", "The conference ends on 11/17."),
    ("My dad's surgery is scheduled for the 2nd of April.", "My mom's surgery is scheduled for April 2."),
    ("I'm in Lisbon from 3 June to 10 June.", "I'm in Lisbon from June 3 through June 12."),
]

FORTNIGHTS = [
    ("I have therapy every other Thursday.", "I have therapy every two weeks on Thursday."),
    ("I see my therapist every other Thursday.", "I see my therapist every second Thursday."),
    ("Book club meets every other Tuesday.", "Book club meets every two weeks on Tuesdays."),
    ("I play five-a-side every other Sunday.", "I play five-a-side every 2 weeks on Sunday."),
    ("The bins go out every other Monday.", "The bins go out every second Monday."),
    ("My son has piano every other Wednesday.", "My son has piano every two weeks on Wednesday."),
    ("I visit my grandmother every other Saturday.", "I visit my grandmother every two weeks on Saturday."),
    ("We have a team retro every other Friday.", "We have a team retro every two weeks on Friday."),
    ("I get paid every other Friday.", "I get paid every second Friday."),
    (
        "I volunteer at the food bank every other Saturday.",
        "I volunteer at the food bank every two weeks on Saturdays.",
    ),
]
FORTNIGHT_NEAR = [
    ("I have therapy every other Thursday.", "I have therapy every Thursday."),
    ("I have therapy every other Thursday.", "I have therapy every two weeks on Tuesday."),
    ("I see my therapist every other Thursday.", "I see my therapist every third Thursday."),
    ("Book club meets every other Tuesday.", "Book club meets every three weeks on Tuesdays."),
    ("I play five-a-side every other Sunday.", "I play five-a-side every 2 weeks on Saturday."),
    ("The bins go out every other Monday.", "The bins go out every Monday."),
    ("My son has piano every other Wednesday.", "My son has guitar every two weeks on Wednesday."),
    ("I visit my grandmother every other Saturday.", "I visit my grandfather every two weeks on Saturday."),
    ("We have a team retro every other Friday.", "We have a team retro every four weeks on Friday."),
    ("I get paid every other Friday.", "I get paid every Friday."),
]

DIETS = [
    ("I've been vegan since 2019.", "The user has followed a vegan diet since 2019."),
    ("I've been vegan for three years.", "User has followed a vegan diet for 3 years."),
    ("I've been vegetarian since college.", "The user has followed a vegetarian diet since college."),
    ("I'm vegan.", "The user follows a vegan diet."),
    ("I'm vegetarian.", "User follows a vegetarian diet."),
    ("I've been keto for six months.", "The user has followed a keto diet for six months."),
    ("I've been pescatarian since 2021.", "The user has followed a pescatarian diet since 2021."),
    ("My wife is vegan.", "The user's wife follows a vegan diet."),
    ("I've been vegetarian for ten years.", "User has followed a vegetarian diet for 10 years."),
    ("I've been vegan since last summer.", "The user has followed a vegan diet since last summer."),
]
DIET_NEAR = [
    ("I've been vegan since 2019.", "The user has followed a vegan diet since 2020."),
    ("I've been vegan since 2019.", "The user has followed a vegetarian diet since 2019."),
    ("I've been vegan for three years.", "User has followed a vegan diet for 3 months."),
    ("I'm vegan.", "The user's wife follows a vegan diet."),
    ("I'm vegetarian.", "User follows a pescatarian diet."),
    ("I've been keto for six months.", "The user has followed a paleo diet for six months."),
    ("I've been vegetarian since college.", "The user has followed a vegetarian diet since high school."),
    ("My wife is vegan.", "The user's husband follows a vegan diet."),
    ("I've been vegan since 2019.", "The user followed a vegan diet in 2019."),
    ("I've been vegetarian for ten years.", "User has followed a vegetarian diet for 2 years."),
]

BOOKS = [
    ("I finished reading 'The Salt Road' last weekend.", "Last weekend the user finished the book 'The Salt Road'."),
    ("I finished reading 'Dune' yesterday.", "The user finished the book 'Dune' yesterday."),
    ("I started reading 'Middlemarch' this week.", "The user started the book 'Middlemarch' this week."),
    ("I just finished reading 'Educated'.", "The user just finished the book 'Educated'."),
    ("I finished reading 'The Overstory' on the plane.", "The user finished the novel 'The Overstory' on the plane."),
    ("I began reading 'Circe' last night.", "The user began the book 'Circe' last night."),
    (
        "I finished reading 'Project Hail Mary' in two days.",
        "The user finished the book 'Project Hail Mary' in two days.",
    ),
    ("My son finished reading 'Holes' for school.", "The user's son finished the book 'Holes' for school."),
    ("I started reading 'Beloved' on Sunday.", "The user started the novel 'Beloved' on Sunday."),
    ("I finished reading 'Atomic Habits' last month.", "Last month the user finished the book 'Atomic Habits'."),
]
BOOK_NEAR = [
    ("I finished reading 'The Salt Road' last weekend.", "Last weekend the user started the book 'The Salt Road'."),
    ("I finished reading 'The Salt Road' last weekend.", "Last weekend the user finished the book 'The Salt Marsh'."),
    ("I finished reading 'Dune' yesterday.", "The user finished the book 'Dune Messiah' yesterday."),
    ("I started reading 'Middlemarch' this week.", "The user finished the book 'Middlemarch' this week."),
    ("I just finished reading 'Educated'.", "The user just finished writing the book 'Educated'."),
    ("I finished reading 'The Overstory' on the plane.", "The user finished the novel 'The Overstory' on the train."),
    ("I began reading 'Circe' last night.", "The user began the book 'Circe' last week."),
    ("My son finished reading 'Holes' for school.", "The user's daughter finished the book 'Holes' for school."),
    ("I started reading 'Beloved' on Sunday.", "The user started the novel 'Jazz' on Sunday."),
    ("I finished reading 'Atomic Habits' last month.", "Last year the user finished the book 'Atomic Habits'."),
]

SAVINGS = [
    (
        "I want to save $10,000 for a house down payment by December 2026.",
        "The user aims to put aside ten thousand dollars toward a house down payment by Dec 2026.",
    ),
    ("I want to save $5,000 for a new car.", "The user aims to set aside $5,000 for a new car."),
    ("I want to save $2,000 for a trip to Japan.", "The user hopes to put aside $2,000 for a trip to Japan."),
    (
        "I want to save $300 a month for my emergency fund.",
        "The user aims to put away $300 a month for their emergency fund.",
    ),
    ("I want to save $1,500 for a new laptop.", "The user wants to set aside $1,500 for a new laptop."),
    ("I want to save $20,000 for my wedding.", "The user aims to put aside $20,000 for their wedding."),
    ("I want to save $500 for Christmas presents.", "User aims to set aside $500 for Christmas presents."),
    (
        "I want to save $8,000 for a kitchen remodel by next summer.",
        "The user aims to put aside $8,000 for a kitchen remodel by next summer.",
    ),
    ("I want to save $1,000 for a new bike.", "The user hopes to set aside $1,000 for a new bike."),
    (
        "I want to save $4,000 for my daughter's braces.",
        "The user aims to put aside $4,000 for their daughter's braces.",
    ),
]
SAVING_NEAR = [
    (
        "I want to save $10,000 for a house down payment.",
        "The user aims to put aside $12,000 for a house down payment.",
    ),
    ("I want to save $5,000 for a new car.", "The user has put aside $5,000 for a new car."),
    ("I want to save $5,000 for a new car.", "The user aims to set aside $5,000 for a new boat."),
    ("I want to save $2,000 for a trip to Japan.", "The user hopes to put aside $2,000 for a trip to Korea."),
    (
        "I want to save $300 a month for my emergency fund.",
        "The user aims to put away $300 a week for their emergency fund.",
    ),
    ("I want to save $1,500 for a new laptop.", "The user wants to spend $1,500 on a new laptop."),
    ("I want to save $20,000 for my wedding.", "The user aims to put aside $20,000 for their son's wedding."),
    ("I want to save $500 for Christmas presents.", "User aims to set aside 500 euros for Christmas presents."),
    (
        "I want to save $8,000 for a kitchen remodel by next summer.",
        "The user aims to put aside $8,000 for a kitchen remodel by next winter.",
    ),
    ("I want to save $1,000 for a new bike.", "The user already set aside $1,000 for a new bike."),
]

GRANDPARENTS = [
    ("Popping round to my nan's on Sunday for a roast.", "I'm visiting my grandmother on Sunday for a roast dinner."),
    ("My nan turns 90 next week.", "My grandmother turns 90 next week."),
    ("My gran lives in Leeds.", "My grandmother lives in Leeds."),
    ("My granny taught me to knit.", "My grandmother taught me to knit."),
    ("My grandma is allergic to penicillin.", "My grandmother is allergic to penicillin."),
    ("My grandpa was a coal miner.", "My grandfather was a coal miner."),
    ("My granddad lives with us.", "My grandfather lives with us."),
    ("I'm visiting my nana in Cork next month.", "I'm visiting my grandmother in Cork next month."),
    ("My grandad plays golf every Tuesday.", "My grandfather plays golf every Tuesday."),
    ("My grandma moved into a care home last year.", "My grandmother moved into a care home last year."),
]
GRANDPARENT_NEAR = [
    ("Popping round to my nan's on Sunday for a roast.", "I'm visiting my grandfather on Sunday for a roast dinner."),
    ("My nan turns 90 next week.", "My grandmother turns 91 next week."),
    ("My gran lives in Leeds.", "My grandmother lives in York."),
    ("My granny taught me to knit.", "My mother taught me to knit."),
    ("My grandma is allergic to penicillin.", "My grandfather is allergic to penicillin."),
    ("My grandpa was a coal miner.", "My grandmother was a coal miner."),
    ("My granddad lives with us.", "My great-grandfather lives with us."),
    ("I'm visiting my nana in Cork next month.", "I'm visiting my grandmother in Cork next week."),
    ("My grandad plays golf every Tuesday.", "My grandfather plays golf every Thursday."),
    ("My grandma moved into a care home last year.", "My wife's grandmother moved into a care home last year."),
]

RESTATEMENTS = REMINDERS + DATES + FORTNIGHTS + DIETS + BOOKS + SAVINGS + GRANDPARENTS
NEAR_MISSES = REMINDER_NEAR + DATE_NEAR + FORTNIGHT_NEAR + DIET_NEAR + BOOK_NEAR + SAVING_NEAR + GRANDPARENT_NEAR


@pytest.mark.parametrize(("a", "b"), RESTATEMENTS)
def test_restatement_merges(a: str, b: str) -> None:
    _restated(a, b)


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_near_miss_stays_apart(a: str, b: str) -> None:
    _apart(a, b)
