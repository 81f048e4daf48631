"""A to-do against its deed done, an amount aimed at against one reached (mal/dedup_todo22.py), said
in new sentences: each near miss stays apart (as episodes and as the parser reads them, a to-do often
as kind todo), and restatements of either side still merge. No sentence here is in a pair set."""

from __future__ import annotations

import pytest

from bench.dedup_eval import memories
from mal import dedup
from mal.dedup_todo22 import differs, owed_done, reached_aimed
from tests.dedup_memories import memory


def _merged_episodes(a: str, b: str) -> bool:
    x, y = memory("episode", a), memory("episode", b)
    return dedup.same_fact(x, y, 0.95) or dedup.same_fact(y, x, 0.95)


def _merged_parsed(a: str, b: str) -> bool:
    return any(dedup.same_fact(x, y, 0.95) or dedup.same_fact(y, x, 0.95) for x in memories(a) for y in memories(b))


OWED_DONE_EN = [
    ("I need to renew my passport", "I already renewed my passport"),
    ("Gotta pay the water bill", "Paid the water bill"),
    ("I have to book a flight to Denver", "I've booked a flight to Denver"),
    ("I still need to call the plumber", "I already called the plumber"),
    ("Must send the rent to my landlord", "Sent the rent to my landlord"),
    ("I should get round to cleaning the gutters", "I cleaned the gutters"),
    ("I haven't filed my tax return yet", "I've filed my tax return"),
    ("User still needs to return the library books", "User returned the library books"),
    ("Remind me to pick up the dry cleaning", "I picked up the dry cleaning"),
    ("I need to get the car serviced", "I got the car serviced"),
    ("I have to cancel my gym membership", "My gym membership is cancelled"),
    ("Need to submit the expense report", "Submitted the expense report"),
    ("I've got to sign the lease", "I signed the lease"),
    ("I need to buy a birthday present for Mum", "I already bought a birthday present for Mum"),
    ("To-do: schedule the boiler service", "The boiler service is scheduled"),
    ("I must register the car", "I registered the car already"),
    ("User needs to pay the parking fine", "User has paid the parking fine"),
    ("I still have to pick up my prescription", "Picked up my prescription"),
    ("Don't forget to water the plants", "Watered the plants"),
    ("I need to pay Jake back the $50", "I paid Jake back the $50"),
    ("I have to renew the car insurance by Friday", "Renewed the car insurance on Friday"),
    ("I need to save $8k for a new roof", "I've already saved $8k for a new roof"),
]
REACHED_AIMED_EN = [
    ("I've saved $15k for the wedding so far", "I'm aiming to save $15k for the wedding"),
    ("My emergency fund is at $5,000 so far", "My emergency fund target is $5,000"),
    ("Saving for a car, goal is $20k", "Saving for a car, got $20k so far"),
    ("I've put away $3,000 for the trip", "I want to put away $3,000 for the trip"),
    ("Raised $2,000 for the charity run so far", "Hoping to raise $2,000 for the charity run"),
]
OWED_DONE_ZH = [
    ("我得交这个月的电费", "我已经交了这个月的电费"),
    ("我还得去银行办卡", "我已经去银行办好卡了"),
    ("我要续签护照", "我已经续签了护照"),
    ("我需要给车做保养", "我给车做完保养了"),
    ("我还没交房租", "我交了房租"),
    ("待办：给妈妈买生日礼物", "已经给妈妈买好生日礼物了"),
    ("提醒我还信用卡", "信用卡已经还了"),
    ("记得取快递", "快递取好了"),
    ("我必须把报告交给老板", "我把报告交给老板了"),
    ("用户需要预约体检", "用户已经预约了体检"),
    ("我得给猫买猫粮", "我给猫买了猫粮"),
    ("我要去交物业费", "物业费我已经交了"),
    ("我得给车办年检", "我已经给车办好年检了"),
    ("我还得填报销单", "报销单我填完了"),
    ("别忘了给奶奶打电话", "我给奶奶打过电话了"),
    ("我得去退那件衣服", "那件衣服我已经退了"),
    ("我要还小王五百块", "我已经还了小王五百块"),
    ("我需要更新驾照", "驾照已经更新好了"),
    ("用户还得订酒店", "用户订好酒店了"),
    ("我得去医院拿药", "我去医院拿了药"),
    ("我得去办签证", "签证我办好了"),
    ("我得把房贷这个月的钱还上", "我已经把房贷这个月的钱还上了"),
]
REACHED_AIMED_ZH = [
    ("我打算存十万", "我已经存了十万"),
    ("我在攒旅游基金，目标两万", "我在攒旅游基金，已经攒了两万"),
    ("我想攒到五万块", "我攒了五万块"),
    ("给孩子存教育金，打算存二十万", "给孩子存教育金，目前存了二十万"),
    ("我计划攒够三万买车", "我攒够了三万买车"),
]
NEAR_MISSES = OWED_DONE_EN + REACHED_AIMED_EN + OWED_DONE_ZH + REACHED_AIMED_ZH


@pytest.mark.parametrize(("a", "b"), NEAR_MISSES)
def test_a_todo_and_its_deed_or_a_target_and_its_amount_stay_apart(a: str, b: str) -> None:
    assert not _merged_episodes(a, b)
    assert not _merged_parsed(a, b)


@pytest.mark.parametrize(("a", "b"), OWED_DONE_EN + OWED_DONE_ZH)
def test_owed_done_reads_each_obligation_against_its_deed(a: str, b: str) -> None:
    first = dedup.first_person
    assert owed_done(first(a), first(b)) and owed_done(first(b), first(a))


@pytest.mark.parametrize(("a", "b"), REACHED_AIMED_EN + REACHED_AIMED_ZH)
def test_reached_aimed_reads_each_amount_reached_against_its_target(a: str, b: str) -> None:
    assert reached_aimed(a, b) and reached_aimed(b, a)


def test_the_word_rules_consult_it() -> None:
    """Blind21's shape the word rules merged outright (得 = must, 已经…好了 = done), in new words."""
    x, y = memory("episode", "我得给猫约个绝育手术"), memory("episode", "我已经给猫约好了绝育手术")
    assert not dedup.agree(x, y) and not dedup.agree(y, x)
    assert "owed_done" in dedup.veto_reasons(x, y)


RESTATED_EN = [
    ("I need to pay the gas bill", "User needs to pay the gas bill"),
    ("Remind me to renew my passport", "I need to renew my passport"),
    ("To-do: renew my passport", "I need to renew my passport"),
    ("I have to call the plumber", "I need to call the plumber"),
    ("Paid the water bill", "I paid the water bill"),
    ("I've already paid the water bill", "The water bill is paid"),
    ("User has already renewed their passport", "I already renewed my passport"),
    ("I still need to book the hotel in Lisbon", "User still needs to book the hotel in Lisbon"),
    ("I've saved $10k so far for the wedding", "User has saved $10k so far for the wedding"),
    ("My savings goal for the wedding is $10k", "User's savings goal for the wedding is $10k"),
    ("I'm aiming to save $10k for the wedding", "User is aiming to save $10k for the wedding"),
    ("I have to return the library books", "User has to return the library books"),
    ("I returned the library books", "User returned the library books"),
    ("I cancelled my gym membership", "User cancelled their gym membership"),
    ("Need to submit the expense report", "I have to submit the expense report"),
    ("Submitted the expense report", "I submitted the expense report"),
    ("I must register the car", "I need to register the car"),
    ("I registered the car", "User registered their car"),
    ("I still need to pick up my prescription", "User still needs to pick up their prescription"),
    ("Picked up my prescription", "I picked up my prescription"),
    ("I've saved $15k for the wedding so far", "So far I've saved $15k for the wedding"),
    ("Saving for a car, goal is $20k", "User is saving for a car, goal is $20k"),
    ("I've already paid the council tax", "User has already paid the council tax"),
    ("Need to pay the council tax by the 1st", "User needs to pay the council tax by the 1st"),
]
RESTATED_ZH = [
    ("我得交电费", "我要交电费"),
    ("待办：交电费", "提醒我交电费"),
    ("我得交电费", "用户得交电费"),
    ("我已经交了电费", "电费我已经交了"),
    ("已经交了电费", "用户已经交了电费"),
    ("我还得去银行办卡", "用户还得去银行办卡"),
    ("我已经续签了护照", "用户已经续签了护照"),
    ("我要续签护照", "用户要续签护照"),
    ("我还没交房租", "用户还没交房租"),
    ("给妈妈买生日礼物", "待办：给妈妈买生日礼物"),
    ("我已经给妈妈买好生日礼物了", "用户已经给妈妈买好生日礼物了"),
    ("我得给猫买猫粮", "用户得给猫买猫粮"),
    ("我给猫买了猫粮", "用户给猫买了猫粮"),
    ("我要去交物业费", "用户要去交物业费"),
    ("物业费我已经交了", "用户已经交了物业费"),
    ("我已经去医院拿了药", "用户已经去医院拿了药"),
    ("我得去医院拿药", "用户得去医院拿药"),
    ("我打算存十万", "用户打算存十万"),
    ("我已经存了十万", "用户已经存了十万"),
    ("我在攒旅游基金，目标两万", "用户在攒旅游基金，目标两万"),
    ("我在攒旅游基金，已经攒了两万", "用户在攒旅游基金，已经攒了两万"),
    ("我得给狗约个疫苗", "用户得给狗约个疫苗"),
    ("我已经给狗约好了疫苗", "用户已经给狗约好了疫苗"),
    ("我需要预约体检", "用户需要预约体检"),
    ("我已经预约了体检", "用户已经预约了体检"),
    ("我得去办签证", "用户得去办签证"),
]


@pytest.mark.parametrize(("a", "b"), RESTATED_EN + RESTATED_ZH)
def test_a_todo_or_a_deed_reworded_still_merges(a: str, b: str) -> None:
    assert _merged_episodes(a, b)
    assert _merged_parsed(a, b)


# A deed arranged for a time ahead is the appointment a "要" (will) names: the retired sets' restatement
# shape (我明天要看牙医 / 明天我约了牙医), in new words; and a text that says both sides is read as neither.
SILENT = [
    ("我下周三要去拔牙", "用户下周三约了拔牙"),
    ("我后天下午两点要去体检", "后天14:00我约了体检"),
    ("I need to see the dentist tomorrow", "I booked the dentist for tomorrow"),
    ("I still need to pay the rest, already paid half", "Already paid half, still need to pay the rest"),
    ("我要去北京了", "我已经到北京了"),
    ("I've saved $3k so far, aiming for $10k", "Aiming for $10k, saved $3k so far"),
]


@pytest.mark.parametrize(("a", "b"), SILENT)
def test_an_arrangement_ahead_or_a_text_saying_both_is_not_read(a: str, b: str) -> None:
    assert not differs(a, b) and not differs(b, a)
