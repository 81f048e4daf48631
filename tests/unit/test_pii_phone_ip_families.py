"""The phone and IP families of the fifth PII round (issue #14), zh and en apart: toll-free lines,
"+CC" numbers the plan calls possible only, a phone word after the number, two numbers in one
sentence, "my #", a courier as a person, 400 / 800 lines by their grouping; and the dotted quads
that are no host (subnet and wildcard masks, a version after a product name, a dotted date)."""

from __future__ import annotations

import pytest

from parsers.pii import detect

PHONES = [
    # toll-free: by prefix when written in groups, after a word about a line or a card when plain
    ("en", "Reservations: 1-888-555-0142, lines open at eight.", ["1-888-555-0142"]),
    ("en", "Toll-free 1 877 555 0166 for the warranty desk.", ["1 877 555 0166"]),
    ("en", "Print 8665550121 on the card, it's the support number.", ["8665550121"]),
    ("zh", "美国客服免费电话 1-800-555-0175", ["1-800-555-0175"]),
    # "+CC" and space-separated groups: a possible-only number (UK drama range) without a phone word
    ("en", "I gave the courier +44 7700 900733 yesterday.", ["+44 7700 900733"]),
    ("zh", "英国那边留的是 +44 7700 900733", ["+44 7700 900733"]),
    # a phone word after the number
    ("en", "Put down 98765 12345 as my work mobile.", ["98765 12345"]),
    ("zh", "13712345678是我的新号", ["13712345678"]),
    # two numbers in one sentence, the second after "or" / "and" / a comma
    ("en", "Reach Sam at 312 555 0190 or Lee at 312 555 0145.", ["312 555 0190", "312 555 0145"]),
    ("en", "Fax: 0161 496 0000 | Tel: 0161 496 0999", ["0161 496 0000", "0161 496 0999"]),
    # "my new #", "the clinic's #": the number sign of a person or a place, not an order's
    ("en", "my new # is 720-555-0104, update it", ["720-555-0104"]),
    ("en", "the vet's # is 503-555-0177", ["503-555-0177"]),
    # a courier or a rider is a person: 快递员 is no parcel number
    ("zh", "快递员一直打不通，我留的是158 1234 5678", ["158 1234 5678"]),
    ("zh", "快递小哥，打我手机13612345678", ["13612345678"]),
    # 400 / 800 lines in their groups, without a phone word
    ("zh", "有问题找400-820-8820，24小时", ["400-820-8820"]),
    ("zh", "维修找4006 123 456就行", ["4006 123 456"]),
    # a landline with its extension: the number is found, as the labelled sets write it
    ("zh", "办公室座机0571-88886666转215", ["0571-88886666"]),
]

PHONE_LOOK_ALIKES = [
    ("en", "project code 8005550199 is on the slide"),  # plain toll-free digits, nothing about a line
    ("en", "4155550132 is the number on the invoice"),  # "the number": anything's number
    ("en", "my order # 4155550132 never arrived"),
    ("en", "Temperature went +20 3456 789 units"),
    ("zh", "快递单号 75312345678901 查不到"),
    ("zh", "订单号13812345678已经发货了"),
    ("zh", "4008123456 个零件已经入库"),
]

IPS = [
    ("en", "Static 192.168.0.50, netmask 255.255.255.0, gateway 192.168.0.1.", ["192.168.0.50", "192.168.0.1"]),
    ("zh", "子网掩码 255.255.255.0，网关 10.0.0.1", ["10.0.0.1"]),
    ("en", "the cluster node 10.0.0.5 is down", ["10.0.0.5"]),  # "node" names a host: private range stays
    ("en", "ping 18.19.0.1 from the build box", ["18.19.0.1"]),
    ("zh", "日志日期是昨天，来源 IP 是 116.23.45.67", ["116.23.45.67"]),
]

IP_LOOK_ALIKES = [
    ("en", "Is 255.255.254.0 a /23 mask?"),
    ("en", "Wildcard mask 0.0.255.255 goes in the ACL."),
    ("zh", "掩码 255.255.252.0 是什么意思？"),
    ("en", "Node 18.19.0.1 broke my build."),
    ("en", "Python 3.12.1.4 is not a real release."),
    ("zh", "Node 18.17.1.0 装不上"),
    ("zh", "微信 8.0.44.2 又闪退了"),
    ("zh", "日期写成了 24.12.31.1，系统报错"),
    ("en", "the date reads 31.12.24.1 on the label"),
    ("en", "OID 2.5.29.17 is subjectAltName."),
]


def _values(text: str, kind: str) -> list[str]:
    return [s.value for s in detect(text) if s.type == kind]


@pytest.mark.parametrize(("lang", "text", "values"), PHONES)
def test_phone_families(lang: str, text: str, values: list[str]) -> None:
    assert _values(text, "PHONE") == values, lang


@pytest.mark.parametrize(("lang", "text"), PHONE_LOOK_ALIKES)
def test_phone_family_look_alikes(lang: str, text: str) -> None:
    assert _values(text, "PHONE") == [], lang


def test_a_listed_number_must_be_valid_to_follow_a_phone() -> None:
    """ "or" after a cued phone is a weak cue: "2024 0512 3344" is no valid number anywhere."""
    assert _values("Call me on 415 555 0198 or after 2024 0512 3344 maybe", "PHONE") == ["415 555 0198"]


@pytest.mark.parametrize(("lang", "text", "values"), IPS)
def test_ip_families(lang: str, text: str, values: list[str]) -> None:
    assert _values(text, "IP") == values, lang


@pytest.mark.parametrize(("lang", "text"), IP_LOOK_ALIKES)
def test_ip_look_alikes(lang: str, text: str) -> None:
    assert _values(text, "IP") == [], lang


@pytest.mark.parametrize(
    ("lang", "text", "values"),
    [
        ("en", "Can you check why 9.9.9.9 times out from home?", ["9.9.9.9"]),
        ("zh", "8.8.4.4 一直超时，换个 DNS 吗", ["8.8.4.4"]),
        ("en", "4.2.1.3 was down the list of fixes", []),  # "down the list": no host
    ],
)
def test_a_small_quad_that_times_out_is_a_host(lang: str, text: str, values: list[str]) -> None:
    """A quad of small numbers without a version or address word is a version, unless what is said
    right after it is what only a host does (times out, unreachable, 连不上)."""
    assert _values(text, "IP") == values, lang


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("我们约在杭州市西湖区文三路90号门口见", ["杭州市西湖区文三路90号"]),  # the entrance of a house
        ("体育馆3号门口集合", []),  # gate 3 of a venue, no road
        ("人民路3号门进去左转", []),  # a gate on a road stays a gate
    ],
)
def test_zh_the_entrance_of_a_house_number_is_an_address(text: str, values: list[str]) -> None:
    assert _values(text, "ADDRESS") == values
