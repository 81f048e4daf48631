"""The families of the seventh PII round (issue #14), zh and en apart: a national number read in the
plan of the country or city the sentence names, a phone verb with whom it reaches and "on" / "at",
inflected phone verbs ("texting") after an order verb, country codes 86 / 852 / 853 / 886 written
without "+", Chinese nouns that end in 号 before 码 (同学号码 is a classmate's number); IPv6 glued
to its label, and dotted quads that number a part of a document. Each family has look-alikes that
must stay clean: counts, amounts and years beside a place name, ID numbers called "my ... number",
routing and ARP tables, and the guards of earlier rounds."""

from __future__ import annotations

import pytest

from parsers.pii import detect, normalise
from parsers.pii_region import named_regions, reads_as_count


def _found(text: str, kind: str) -> list[str]:
    return [s.value for s in detect(text) if s.type == kind]


PLACED_PHONES = [
    # a country, a demonym or a city names the plan; the number is written in its groups
    ("en", "Call the Hamburg shop at 040 1234567 before noon.", ["040 1234567"]),
    ("en", "The Lyon office number, 04 72 10 30 30, keeps going to voicemail.", ["04 72 10 30 30"]),
    ("en", "Our shop in Kowloon: 2345 6789, open until 10pm.", ["2345 6789"]),
    ("en", "Our Polish office in Warsaw answers on 22 123 45 67.", ["22 123 45 67"]),
    ("en", "The Dutch number 06 12345678 is my sister's.", ["06 12345678"]),
    ("en", "For Sweden, the Stockholm office is 08-123 456 78.", ["08-123 456 78"]),
    ("zh", "德国汉堡分公司的电话是 040 30992210", ["040 30992210"]),
    ("zh", "法国里昂的诊所 04 78 62 13 40，周一休息", ["04 78 62 13 40"]),
    ("zh", "到了九龙给我打 2388 1234", ["2388 1234"]),
    ("zh", "台北朋友的手机 0933 123 456", ["0933 123 456"]),
]

PLACED_LOOK_ALIKES = [
    ("en", "India's population is 1 428 627 663 and growing."),
    ("en", "Berlin hosted the 2024 2025 season opener."),
    ("en", "The Paris flat cost 612 345 678 in old francs."),
    ("en", "Hong Kong case 2345 6789 was closed last week."),
    ("en", "Tokyo booking ref 2345 6789 is confirmed."),
    ("en", "Germany's 2024 2025 budget is 476 billion euros."),
    ("en", "The Hamburg shop is open 9 to 5 on weekdays."),
    ("zh", "香港 2023 2024 财政年度的预算"),
    ("zh", "德国那边的发票号 0400 3099 2210"),
    ("zh", "新加坡的房租大约 3200 4500 新币"),
    ("zh", "九龙 2345 6789 号铺"),
]


@pytest.mark.parametrize(("lang", "text", "values"), PLACED_PHONES)
def test_a_named_country_reads_its_national_numbers(lang: str, text: str, values: list[str]) -> None:
    assert _found(text, "PHONE") == values, lang


@pytest.mark.parametrize(("lang", "text"), PLACED_LOOK_ALIKES)
def test_counts_amounts_years_and_named_numbers_beside_a_place_stay_clean(lang: str, text: str) -> None:
    assert _found(text, "PHONE") == [], lang


def test_place_words_map_to_regions_nearest_first() -> None:
    text = "Our Paris office moved; the Hamburg shop is 040 1234567."
    at = text.index("040")
    assert named_regions(text, at, at + 11)[:2] == ("DE", "FR")
    zh = "法国里昂的诊所电话 04 78 62 13 40"
    assert named_regions(zh, zh.index("04"), len(zh)) == ("FR",)
    # lower-case words that are places only with a capital: "nice", "rio", "hk"
    assert named_regions("a nice number 2345 6789", 14, 23) == ()


def test_reads_as_count() -> None:
    assert reads_as_count("population is 1 428 627 663", 14, 27)
    assert reads_as_count("the 2024 2025 season", 4, 13)
    assert reads_as_count("人口 2345 6789 人", 3, 12)
    assert not reads_as_count("Kowloon: 2345 6789, open", 9, 18)


VERB_PHONES = [
    # a phone verb, whom it reaches, then "on" / "at" (valid numbers only)
    ("en", "Text my brother in Delhi on 9810012345, he's picking us up.", ["9810012345"]),
    ("en", "Call the Madrid office in Spain on 915 234 567.", ["915 234 567"]),
    ("en", "Fax the Lisbon office in Portugal on 21 123 4567.", ["21 123 4567"]),
    # an inflected phone verb after an order verb: "order by texting"
    ("en", "I run a small bakery; customers order by texting 718-555-0166.", ["718-555-0166"]),
    ("en", "We were dialling 020 7946 0321 all morning.", ["020 7946 0321"]),
]

VERB_LOOK_ALIKES = [
    # the verb's "on" introduces a day; the number is named as something else
    ("en", "Call the Delhi office on Monday; the reference is 9810012345."),
    ("en", "Ring the Pune hotel on Friday, we paid 9810012345 so far."),
    # an order number stays one
    ("en", "order number 718-555-0166 shipped on Monday"),
    ("en", "Text the shop about order 9810012345 when it ships."),
    # a phone verb with a date, not a number
    ("en", "Call the Delhi office on 2024-07-01 at 10:30."),
]


@pytest.mark.parametrize(("lang", "text", "values"), VERB_PHONES)
def test_a_phone_verb_and_its_on_or_at_introduce_a_number(lang: str, text: str, values: list[str]) -> None:
    assert _found(text, "PHONE") == values, lang


@pytest.mark.parametrize(("lang", "text"), VERB_LOOK_ALIKES)
def test_phone_verb_look_alikes_stay_clean(lang: str, text: str) -> None:
    assert _found(text, "PHONE") == [], lang


CODE_AND_NOUN_PHONES = [
    # country code without "+"
    ("zh", "打 86-10-65123456 能联系到北京办事处吗？", ["86-10-65123456"]),
    ("en", "From abroad dial 852 2345 6789 for the Wan Chai office.", ["852 2345 6789"]),
    # 同学号码 / 员工号码: a classmate's / an employee's phone number, not a student / staff id
    ("zh", "我在香港的同学号码+852 9123 4567，打过去要加什么前缀？", ["+852 9123 4567"]),
    ("zh", "那个员工号码 13812345678 打不通", ["13812345678"]),
    # a phone word after the number still counts
    ("en", "98765 43210 is my Indian mobile.", ["98765 43210"]),
    # a country code in brackets
    ("en", "(+44) 20 7946 0321 is the London desk", ["(+44) 20 7946 0321"]),
    ("zh", "香港办公室 (+852) 2345 6789，工作日有人", ["(+852) 2345 6789"]),
    # a one-time code is sent to a phone
    ("en", "Send the OTP to 9810012345 and read it back.", ["9810012345"]),
]

CODE_AND_NOUN_LOOK_ALIKES = [
    ("zh", "学号 2021123456 别填错"),
    ("zh", "工号 13812345678 是系统分的"),
    ("zh", "比分 86-10 结束了"),
    ("en", "Swiss AHV 756.1234.5678.97 is my Zurich social number."),
    ("en", "88886666 is my lucky number."),
]


@pytest.mark.parametrize(("lang", "text", "values"), CODE_AND_NOUN_PHONES)
def test_bare_country_codes_and_nouns_ending_in_hao(lang: str, text: str, values: list[str]) -> None:
    assert _found(text, "PHONE") == values, lang


@pytest.mark.parametrize(("lang", "text"), CODE_AND_NOUN_LOOK_ALIKES)
def test_ids_and_scores_stay_clean(lang: str, text: str) -> None:
    assert _found(text, "PHONE") == [], lang


def test_a_bracketed_country_code_hashes_like_the_plain_one() -> None:
    (bracketed,) = detect("(+44) 20 7946 0321 is the London desk")
    (plain,) = detect("call +44 20 7946 0321")
    (zeros,) = detect("ring (0044) 20 7946 0321")
    assert normalise(bracketed) == normalise(plain) == normalise(zeros) == "+442079460321"


IPS = [
    ("zh", "测试环境 IPv6：2408:8207:2470::2，帮我看看配置。", ["2408:8207:2470::2"]),
    ("zh", "IPv6：240e:3a1::1 是电信的吗", ["240e:3a1::1"]),
    ("en", "IPv6:2001:db8::1 answers pings", ["2001:db8::1"]),
    ("en", "inet6:fe80::1 on the bridge", ["fe80::1"]),
    # tables that hold addresses keep them
    ("zh", "路由表 10.0.0.1 这一条要删", ["10.0.0.1"]),
    ("zh", "ARP表 192.168.1.5 对应的MAC不对", ["192.168.1.5"]),
    ("zh", "hosts表 10.0.0.5 要改成新的", ["10.0.0.5"]),
    ("en", "check the routing table 10.0.0.1 entry", ["10.0.0.1"]),
    ("en", "the ARP table 192.168.1.5 row is stale", ["192.168.1.5"]),
]

IP_LOOK_ALIKES = [
    ("en", "The meeting notes are in doc 12.4.2.7 of the handbook."),
    ("en", "See 14.2.3.1 of the lease agreement for pets."),
    ("en", "Table 10.4.2.1 lists the results."),
    ("en", "Build number 22.3.1.15 is stable."),
    ("en", "Clause 11.2.4.1 covers refunds."),
    ("en", "MAC:ab:cd:ef:12:34:56 is the card"),
    ("zh", "用 a::b 这种写法调用静态成员"),
    ("zh", "表 11.2.3.4 里有详细数据"),
    ("zh", "图 12.3.1.2 显示了结果"),
    ("zh", "附录 10.2.1.4 列出了参数"),
    ("zh", "参见合同第 13.2.1.4 条"),
    ("zh", "合同 13.2.1.4 条写了违约金"),
]


@pytest.mark.parametrize(("lang", "text", "values"), IPS)
def test_ip_families(lang: str, text: str, values: list[str]) -> None:
    assert _found(text, "IP") == values, lang


@pytest.mark.parametrize(("lang", "text"), IP_LOOK_ALIKES)
def test_document_parts_and_labels_are_no_address(lang: str, text: str) -> None:
    assert _found(text, "IP") == [], lang
