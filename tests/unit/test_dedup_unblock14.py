"""Restatements the fourteenth round's readings (helper unblock14) let past the hard veto, and beside
each reading a near miss it must still block: a note's "their" and "our" as the user's, one name
written two ways (mal/dedup_variants.py), verbs and nouns said two ways, hours said in words or
without their half of the day, meals as parts of the day (mal/dedup_hours.py), Chinese week,
numeral, season, district, height and floor forms, and the near misses those readings would open
(mal/dedup_guards14.py). Every sentence here is new (none is in a pair set)."""

from __future__ import annotations

import pytest

from mal import dedup
from mal.dedup_clock_words import clock_words
from mal.dedup_hours import half_day_said, meal_said
from mal.dedup_notes import first_person
from mal.dedup_variants import variants
from tests.dedup_memories import assert_passes_veto, assert_vetoed, memory

RESTATED = [
    # a note's singular "their" is the user's; "User and their sister"; an appositive
    ("I keep my passport in the desk drawer", "User keeps their passport in the desk drawer"),
    ("I renewed my gym membership last week", "Last week, the user renewed their gym membership"),
    ("My sister and I share a car", "User and their sister share a car"),
    ("My roommate Priya is a nurse", "Priya, the user's roommate, works as a nurse"),
    # a note's "the user's" for the household's "our"
    ("Our dishwasher is a Bosch", "The user's dishwasher is a Bosch"),
    # one name written two ways: an acronym, a region after a city, diacritics, a typo, "App"
    ("I'm active in the PTA", "User is active in the Parent Teacher Association"),
    ("My aunt moved to Tucson", "User's aunt moved to Tucson, Arizona"),
    ("My nephew studies in Glasgow, Scotland", "User's nephew studies in Glasgow, UK"),
    ("My neighbour is called Renée", "User's neighbour is called Renee"),
    ("My sister teaches in Phoneix", "User's sister teaches in Phoenix"),
    ("我用番茄小说App看小说", "用户用番茄小说看小说"),
    # verbs and nouns said two ways
    ("We relocated to Boise in 2021", "We moved to Boise in 2021"),
    ("My uncle passed away last winter", "User's uncle died last winter"),
    ("I grew up in Halifax", "I was raised in Halifax"),
    ("I catch the 6:15 bus home", "User takes the 6:15 bus home"),
    ("My in-laws live in Leeds", "User's parents-in-law live in Leeds"),
    ("My favourite writer is Zadie Smith", "The user's favourite author is Zadie Smith"),
    ("I'm currently out of work", "User is currently unemployed"),
    ("In May, the user was hired by Siemens", "I got hired by Siemens in May"),
    ("My son is in 3rd grade", "User's son is in third grade"),
    ("I've worked at Siemens for six years", "User has been working at Siemens for six years"),
    # hours in words, an hour without its half of the day, a meal for a part of the day
    ("I start work at half past eight", "I start work at 8:30"),
    ("I take my pills at nine o'clock in the evening", "I take my pills at 9pm"),
    ("The bakery opens 7 to 3", "The bakery opens 7am-3pm"),
    ("我一般十点半睡觉", "用户通常晚上10点半睡觉"),
    ("我中午不吃米饭", "用户午餐不吃米饭"),
    # Chinese forms: a week, Sunday, 百, a quarter, a season, 上午, 想学, a district, a height, a floor
    ("我去云南玩了一个星期", "用户去云南玩了一周"),
    ("我每周日去游泳", "我每个星期天去游泳"),
    ("我女儿近视两百度", "用户的女儿近视200度"),
    ("我每个季度体检一次", "我每三个月体检一次"),
    ("我冬天常去三亚", "用户冬季常去三亚"),
    ("我周六早上去爬山", "用户周六上午去爬山"),
    ("我想学滑雪", "用户想学习滑雪"),
    ("我公司在上海浦东", "用户的公司在上海市浦东新区"),
    ("我老公身高一米八二", "我老公身高182厘米"),
    ("我的车停在B3层", "用户的车停在地下三层"),
    # Chinese words said two ways
    ("我爱人是会计", "用户的配偶是会计"),
    ("我每个月去探望奶奶", "我每个月去看望奶奶"),
    ("我骑单车上学", "我骑自行车上学"),
    ("我老公现在没工作", "用户的丈夫目前失业"),
]

NEAR_MISSES = [
    ("I drive Marco to my office", "User drives Marco to their office"),
    ("My sister shares a car", "User and their sister share a car"),
    ("My roommate Priya is a nurse", "Priya, the user's cousin, works as a nurse"),
    ("Our dishwasher is a Bosch", "The user's neighbour's dishwasher is a Bosch"),
    ("Our dishwasher is a Bosch", "My dishwasher is a Bosch"),
    ("I'm on the committee of the book club", "User is treasurer of their book club committee"),
    ("I joined the PTA last year", "I joined the Photography Club last year"),
    ("I watch TV after dinner", "I walk to the village after dinner"),
    ("My aunt lives in Springfield, Illinois", "User's aunt lives in Springfield, Missouri"),
    ("My cousin studies in Perth, Scotland", "My cousin studies in Perth, Australia"),
    ("My neighbour is called Renée", "My neighbour is called Irene"),
    ("My friend Sofia moved to Lyon", "My friend Sonia moved to Lyon"),
    ("My friend Jason moved to Lyon", "My friend Mason moved to Lyon"),
    ("我用番茄小说App看小说", "我用起点读书看小说"),
    ("We moved to Boise in 2021", "We drove to Boise in 2021"),
    ("My uncle passed away last winter", "My uncle retired last winter"),
    ("I was born in Halifax", "I grew up in Halifax"),
    ("I catch the 6:15 bus home", "I miss the 6:15 bus home"),
    ("My in-laws live in Leeds", "My sister-in-law lives in Leeds"),
    ("My 2nd son is a pilot", "I have 2 sons who are pilots"),
    ("I worked at Siemens for six years", "I'm working at Siemens"),
    ("I start work at half past eight", "I start work at 8:00"),
    ("I have yoga at 7am", "I have yoga at 7pm"),
    ("我早上七点起床，十一点睡觉", "我早上七点起床，晚上11点睡觉"),
    ("我中午不吃米饭", "我晚饭不吃米饭"),
    ("我去云南玩了两个星期", "用户去云南玩了一周"),
    ("我每周去游泳", "我每周日去游泳"),
    ("我女儿近视两百度", "用户的女儿近视250度"),
    ("我每个季度体检一次", "我每个月体检一次"),
    ("我冬天常去三亚", "用户夏季常去三亚"),
    ("我周六早上去爬山", "用户周六下午去爬山"),
    ("我在学滑雪", "我想学滑雪"),
    ("我公司在上海浦东", "用户的公司在上海市静安区"),
    ("我老公身高一米八二", "我老公身高172厘米"),
    ("我的车停在B3层", "用户的车停在地下二层"),
    ("我爱人是会计", "用户的女儿是会计"),
    ("我骑单车上学", "我骑电动车上学"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED)
def test_restatements_pass_the_veto(a: str, b: str) -> None:
    assert_passes_veto(a, b)


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_near_misses_beside_each_reading_are_still_vetoed(a: str, b: str) -> None:
    assert_vetoed(a, b)


def test_a_condition_with_its_generic_head_is_one_slot() -> None:
    old = memory("family_health", "My aunt has Crohn's", relative="aunt", condition="crohn's")
    new = memory("family_health", "User's aunt has Crohn's disease", relative="aunt", condition="Crohn's disease")
    other = memory("family_health", "My aunt has Crohn's and colitis", relative="aunt", condition="Crohn's and colitis")
    assert "slots" not in dedup.veto_reasons(old, new)
    assert "slots" in dedup.veto_reasons(old, other)


def test_first_person_reads_a_notes_their_and_order() -> None:
    assert first_person("User waters their tomatoes daily") == "I water my tomatoes daily"
    assert first_person("User drives Marco to their office") == "I drive Marco to their office"
    assert first_person("User's kids visit their grandma") == "my kids visit their grandma"
    assert first_person("User and their brother run a bakery") == "my brother and I run a bakery"
    assert first_person("Omar, the user's coworker, cycles to work") == "my coworker Omar cycles to work"
    assert first_person("On Fridays the user was late") == "On Fridays I was late"


def test_names_written_two_ways() -> None:
    assert variants("I love the NBA", "I love the National Basketball Association")[0][1] == {
        "NBA": "National Basketball Association"
    }
    assert variants("I watch TV at night", "I walk to the village at night")[0][1] == {}
    assert variants("She lives in Austin, TX", "She lives in Austin")[0][1] == {"Austin, TX": "Austin"}
    assert variants("She lives in Portland, Oregon", "She lives in Portland, Maine")[0][1] == {}
    assert variants("Ask Zoë", "Ask Zoe")[0][1] == {"Zoë": "Zoe"}
    assert variants("I fly to Denvre", "I fly to Denver")[0][1] == {}  # a changed last letter is no typo here
    assert variants("I fly to Pittsbrugh", "I fly to Pittsburgh")[0][1] == {"Pittsbrugh": "Pittsburgh"}


def test_hours_and_meals() -> None:
    assert clock_words("at a quarter to eight") == "at 7:45"
    assert clock_words("at six o'clock in the morning") == "at 6am"
    assert clock_words("5 in the morning") == "5 in the morning"
    assert half_day_said("Lunch runs 12 to 1", "Lunch runs 12pm to 1pm")
    assert not half_day_said("I have 9 cats", "I feed my cats at 9am")
    assert meal_said("I read in the morning", "I read at breakfast")
    assert not meal_said("I read in the morning", "I read at dinner")
