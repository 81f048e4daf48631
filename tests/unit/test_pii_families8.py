"""The families fixed after writer10's set was retired (issue #14), zh and en apart: dotted quads
that are product or part codes (a letter suffix glued on), network operating system versions, race
and lap timings, "release train" versions; a draw's numbers that look like a French phone; nine-
character passport numbers with only two digits; street types "Mall" and "Promenade", also inside
Chinese sentences. Each family keeps its addresses, phones and passports where the words say so."""

from __future__ import annotations

import pytest

from parsers.pii import detect


def _found(text: str, kind: str) -> list[str]:
    return [s.value for s in detect(text) if s.type == kind]


NOT_IPS = [
    ("en", "Item 12.4.6.8-C is back in stock, can you reserve two?"),
    ("en", "Running JunOS 21.4.1.2 on the edge box, is that still supported?"),
    ("en", "She clocked 1.02.33.5 in the relay, her best this season."),
    ("en", "Our next release train is 25.1.0.3, freeze starts Monday."),
    ("en", "The router still runs IOS-XE 17.3.4.1, should we upgrade?"),
    ("zh", "这款插座的型号是 12.4.6.8-C，哪里能买到？"),
    ("zh", "他这次马拉松成绩 2.58.10.4，比去年快了不少"),
    ("zh", "包装上印着 20.10.5.3-B，是生产批次吗？"),
]

STILL_IPS = [
    ("en", "ssh into 10.20.30.40 and restart the service", "10.20.30.40"),
    ("en", "The lap timer box sits at 192.168.4.20 on the track Wi-Fi", "192.168.4.20"),
    ("en", "Block 10.0.0.0-10.0.0.255 except 10.0.0.7 on the firewall", "10.0.0.7"),
    ("zh", "把 172.16.5.9 加进防火墙白名单", "172.16.5.9"),
    ("zh", "计时系统的服务器是 10.8.1.15，连不上了", "10.8.1.15"),
    ("en", "ping 10.0.0.1-B fails from the office", "10.0.0.1"),
    ("zh", "服务跑了一晚上，一直连不上 10.0.0.5", "10.0.0.5"),
]


@pytest.mark.parametrize(("lang", "text"), NOT_IPS)
def test_codes_versions_and_timings_are_not_ips(lang: str, text: str) -> None:
    assert _found(text, "IP") == [], lang


@pytest.mark.parametrize(("lang", "text", "ip"), STILL_IPS)
def test_addresses_beside_the_new_guards_stay_addresses(lang: str, text: str, ip: str) -> None:
    assert ip in _found(text, "IP"), lang


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Saturday's lotto numbers: 03 11 17 28 36 44, did I win?"),
        ("en", "The winning numbers are 05 14 22 31 40 48."),
        ("zh", "这期大乐透开奖号码 02 09 15 27 33 08 12，我中了吗"),
        ("zh", "彩票号码 06 13 21 29 30 41 是我爸每期都买的"),
    ],
)
def test_a_draws_numbers_are_not_phones(lang: str, text: str) -> None:
    assert _found(text, "PHONE") == [], lang


@pytest.mark.parametrize(
    ("lang", "text", "phone"),
    [
        ("en", "Call the Lyon office on 04 72 10 30 30 before the draw tonight.", "04 72 10 30 30"),
        ("zh", "开奖前打我电话 138 0013 8000", "138 0013 8000"),
        ("zh", "抽奖开奖后请联系我 13812345678", "13812345678"),
    ],
)
def test_a_phone_near_a_draw_word_stays_a_phone(lang: str, text: str, phone: str) -> None:
    assert phone in _found(text, "PHONE"), lang


@pytest.mark.parametrize(
    ("lang", "text", "value"),
    [
        ("en", "My passport no. is LF4KTRZM7, issued in Munich.", "LF4KTRZM7"),
        ("zh", "我的德国护照号是 CX4RMPWT8，明年到期", "CX4RMPWT8"),
    ],
)
def test_nine_mixed_characters_with_two_digits_after_a_passport_word(lang: str, text: str, value: str) -> None:
    assert _found(text, "PASSPORT") == [value], lang


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "My passport photo was taken at the KODAKSHOP booth."),
        ("zh", "护照照片在 PHOTOSHOP 里裁好了"),
        ("en", "My passport photo is ready; the shop code is AB12CDEFG"),
        ("en", "passport appointment at DFA, booking code QWERTY12Z"),
    ],
)
def test_a_word_after_a_passport_word_is_no_passport_number(lang: str, text: str) -> None:
    assert _found(text, "PASSPORT") == [], lang


@pytest.mark.parametrize(
    ("lang", "text", "address"),
    [
        ("en", "Ship it to 21 Harbour Promenade, Sydney NSW 2000.", "21 Harbour Promenade, Sydney NSW 2000"),
        ("en", "We moved to 8 The Mall, Bristol BS8 4DR last spring.", "8 The Mall, Bristol BS8 4DR"),
        (
            "zh",
            "录取通知寄到650 Campus Mall, Riverside, CA 92521，要写中文吗？",
            "650 Campus Mall, Riverside, CA 92521",
        ),
    ],
)
def test_mall_and_promenade_are_street_types(lang: str, text: str, address: str) -> None:
    assert _found(text, "ADDRESS") == [address], lang


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Meet me at the mall near Gate 12 at 3."),
        ("zh", "我们在 3 号线出口旁边的商场见"),
    ],
)
def test_a_mall_without_a_street_address_is_no_address(lang: str, text: str) -> None:
    assert _found(text, "ADDRESS") == [], lang


@pytest.mark.parametrize(
    ("lang", "text", "address"),
    [
        # the whole address is redacted, not the street alone: the postcode and city went unredacted before
        (
            "en",
            "Courier it to 77 Queen Street East, Toronto, ON M5C 1S1 by Friday.",
            "77 Queen Street East, Toronto, ON M5C 1S1",
        ),
        ("en", "Our Airbnb is 14 Rue Oberkampf, 75011 Paris, third floor.", "14 Rue Oberkampf, 75011 Paris"),
        ("zh", "地址写台北市大安区复兴南路一段88号之二就行", "台北市大安区复兴南路一段88号之二"),
        ("zh", "我家地址改成了上海市静安区南京西路100号", "上海市静安区南京西路100号"),
    ],
)
def test_an_address_keeps_its_direction_postcode_and_sub_number(lang: str, text: str, address: str) -> None:
    assert _found(text, "ADDRESS") == [address], lang


def test_a_street_number_before_zhihou_is_no_sub_number() -> None:
    assert _found("到中山路245号之后再右转", "ADDRESS") == ["中山路245号"]
