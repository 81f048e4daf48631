"""Identifiers the user states as their own become masked profile slots (zh and en, each policy),
and the detector's newer shapes: IPs with ports and prefixes against version numbers, street
addresses in many zh / en forms against places that identify nobody, grouped bank cards."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

import parsers
from parsers.pii import apply, detect, luhn
from tests.unit.fakes import fake_container, new_scope, write

NOW = datetime(2026, 11, 30, tzinfo=UTC)
ID = "11010519491231002X"

OWNED = [
    ("zh", "我的手机号是13812345678，有事打给我", "phone", "13812345678", "138****5678"),
    ("zh", "我的邮箱是 zhang.san@example.com", "email", "zhang.san@example.com", "z***@example.com"),
    ("zh", f"我的身份证号是{ID}", "id_number", ID, "1101**********002X"),
    ("zh", "我的护照号码是E12345678", "passport", "E12345678", "E******78"),
    (
        "zh",
        "我住在北京市朝阳区建国路88号3号楼2单元501室",
        "address",
        "北京市朝阳区建国路88号3号楼2单元501室",
        "北京市朝阳区****",
    ),
    ("zh", "我的IP是 58.213.96.11", "ip_address", "58.213.96.11", "58.213.*.*"),
    ("en", "My phone number is (415) 555-2671", "phone", "(415) 555-2671", "415****2671"),
    ("en", "my email is ann@example.org", "email", "ann@example.org", "a***@example.org"),
    ("en", "My passport number is X98765432", "passport", "X98765432", "X******32"),
    ("en", "I live at 221 Baker Street, London", "address", "221 Baker Street, London", "****, London"),
    ("en", "my card number is 4111 1111 1111 1111", "bank_card", "4111 1111 1111 1111", "4111********1111"),
]


def _profile(text: str) -> list[tuple[str, str]]:
    return [(f.slots["field"], f.slots["value"]) for f in parsers.parse(text, NOW).facts if f.kind == "profile"]


@pytest.mark.parametrize(("lang", "text", "field", "raw", "masked"), OWNED)
@pytest.mark.parametrize("policy", ["redact", "hash", "keep"])
def test_an_owned_identifier_is_a_profile_slot_masked_unless_keep(
    policy: str, lang: str, text: str, field: str, raw: str, masked: str
) -> None:
    stored = apply(text, policy, b"tenant-key")  # type: ignore[arg-type]
    values = dict(_profile(stored))
    if policy == "keep":
        assert values[field] == raw, lang
        return
    assert raw not in stored and raw not in repr(parsers.parse(stored, NOW).facts), lang
    if policy == "redact":
        assert values[field] == masked, lang
    else:  # the keyed token follows the mask: the same value stated again is the same slot value
        assert values[field].startswith(masked + " [") and "#" in values[field], lang
        assert dict(_profile(apply(text, "hash", b"tenant-key")))[field] == values[field], lang


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("zh", "我妈的手机号是13912345678"),  # someone else's number
        ("zh", "有问题打13812345678"),  # a number to call, not a slot
        ("zh", "订单联系人电话13812345678"),
        ("en", "Call the front desk at (415) 555-2671"),
        ("en", "my friend's email is bo@example.org"),
    ],
)
def test_identifiers_not_claimed_as_own_stay_placeholders(lang: str, text: str) -> None:
    stored = apply(text, "redact")
    assert "[PHONE]" in stored or "[EMAIL]" in stored, lang
    assert not [f for f in _profile(stored) if f[0] in ("phone", "email")], lang


@pytest.mark.parametrize("policy", ["redact", "hash", "keep"])
def test_capture_stores_the_owned_phone_masked_and_nowhere_verbatim(policy: str) -> None:
    c, scope = fake_container(), new_scope()
    result = write(c, scope, "s1", "我的手机号是13812345678", "My email is ann@example.org", pii_policy=policy)
    slots = [w.memory.slots for w in result.memories]
    graph = c.adapters.graph
    dumped = repr([graph.get(scope.subject, w.memory.id) for w in result.memories])
    dumped += repr(graph.recent_turns(scope.subject)) + repr(graph.quadruples(scope.subject))
    dumped += repr(c.adapters.vectors.__dict__)
    if policy == "keep":
        assert {"field": "phone", "value": "13812345678"} in slots
        assert {"field": "email", "value": "ann@example.org"} in slots
        return
    values = {s["field"]: s["value"] for s in slots}
    if policy == "redact":
        assert values == {"phone": "138****5678", "email": "a***@example.org"}
    else:
        assert values["phone"].startswith("138****5678 [PHONE#")
        assert values["email"].startswith("a***@example.org [EMAIL#")
    for raw in ("13812345678", "ann@example.org"):
        assert raw not in dumped


def _card(prefix: str, length: int) -> str:
    body = prefix.ljust(length - 1, "3")
    return next(body + d for d in "0123456789" if luhn(body + d))


FOUND = [
    ("zh", "服务器地址是 10.0.12.7:8080，记得加端口", "IP", "10.0.12.7"),
    ("zh", "防火墙白名单加上 203.0.113.45/32 吧", "IP", "203.0.113.45"),
    ("zh", "把10.10.1.5加到VPN白名单里", "IP", "10.10.1.5"),  # small numbers, private range
    ("zh", "网关 fe80::1%eth0 一直 ping 不通", "IP", "fe80::1%eth0"),
    ("en", "our build server runs at 1.0.3.12", "IP", "1.0.3.12"),  # "server" is nearer than "build"
    ("en", "The game server runs on [2600:1700:e3a0:4f20::12]:8443.", "IP", "2600:1700:e3a0:4f20::12"),
    ("zh", "寄到广东省深圳市南山区高新南一道9号", "ADDRESS", "广东省深圳市南山区高新南一道9号"),
    ("zh", "我住在成都市武侯区人民南路四段27号", "ADDRESS", "成都市武侯区人民南路四段27号"),
    ("zh", "我现在住碧桂园凤凰城二期8栋1单元602", "ADDRESS", "碧桂园凤凰城二期8栋1单元602"),
    ("zh", "送到翠苑一区23幢2单元501室", "ADDRESS", "翠苑一区23幢2单元501室"),
    ("zh", "我在东城区东四十条甲22号", "ADDRESS", "东城区东四十条甲22号"),
    (
        "en",
        "Deliver to Unit 5, 42 Smith Street, Fitzroy VIC 3065",
        "ADDRESS",
        "Unit 5, 42 Smith Street, Fitzroy VIC 3065",
    ),
    ("en", "It's Flat 2B, 14 Queen's Gate, London SW7 5EH", "ADDRESS", "Flat 2B, 14 Queen's Gate, London SW7 5EH"),
    ("en", "Mail goes to PO Box 1234, Austin, TX 78701", "ADDRESS", "PO Box 1234, Austin, TX 78701"),
    ("en", "Our house at 4 Privet Drive is finally for sale", "ADDRESS", "4 Privet Drive"),
    ("en", "Pick up at 7 Station Approach, Hayes BR2 7EH", "ADDRESS", "7 Station Approach, Hayes BR2 7EH"),
    (
        "en",
        "She is at 1450 Broadway, Suite 700, New York, NY 10018",
        "ADDRESS",
        "1450 Broadway, Suite 700, New York, NY 10018",
    ),
    ("zh", f"我用建行卡 {_card('621700', 19)[:6]} {_card('621700', 19)[6:]} 付的", "BANK_CARD", None),
    ("zh", f"卡号 {_card('955880', 19)} 是工行的借记卡", "BANK_CARD", _card("955880", 19)),  # no IIN, card word
]


@pytest.mark.parametrize(("lang", "text", "kind", "value"), FOUND)
def test_detects_newer_shapes(lang: str, text: str, kind: str, value: str | None) -> None:
    spans = detect(text)
    assert [s.type for s in spans] == [kind], lang
    if value is not None:
        assert spans[0].value == value, lang


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("zh", "升级到4.2.1.8以后路由器就稳定了"),  # a router word, but the version cue is right before
        ("zh", "这个包的版本是v2.4.10.1"),
        ("en", "Release 5.1.2.3 shipped last night."),
        ("zh", "服务器装的 3.2.1.15 版本有bug"),  # an address word before, the version word after
        ("en", "the server's 2.4.1.9 release fixed it"),
        ("zh", "mac地址是00:1A:2B:3C:4D:5E，不是IP"),
        ("zh", "我住在北京市朝阳区，离公司不远"),  # a district identifies nobody
        ("zh", "中山路上新开了一家海底捞"),
        ("zh", "下午在3号楼开会"),
        ("zh", "万达广场5楼的电影院不错"),
        ("zh", "我们约在五道口地铁站B口见"),
        ("zh", "1号线换乘10号线到国贸"),
        ("en", "Exit 12 off Highway 101 is closed"),
        ("en", "Our team moved to Building 40 on the main campus"),
        ("en", "There were 3 Bay Area Road closures today"),
        ("en", "I ran 5 Park Lane laps this morning"),
        ("en", "He lives on Baker Street somewhere"),
        ("zh", f"交易流水号 {_card('622202', 16)} 请核对"),
        ("en", "The card ending in 4242 was declined"),
        ("zh", f"这张卡号 {_card('955880', 19)[:-1]}{(int(_card('955880', 19)[-1]) + 1) % 10} 抄错了"),  # Luhn fails
    ],
)
def test_newer_look_alikes_do_not_fire(lang: str, text: str) -> None:
    assert detect(text) == [], lang


@pytest.mark.parametrize(
    ("lang", "stated", "ask"),
    [
        ("zh", "我的手机号是13812345678", "请忘记我的手机号"),
        ("zh", "我的身份证号是11010519491231002X", "删除我的身份证号"),
        ("zh", "我的邮箱是 zhang@qq.com", "请忘记我的邮箱"),
        ("en", "My phone number is (415) 555-2671", "forget my phone number"),
        ("en", "My email is ann@example.org", "please forget my email"),
    ],
)
def test_forgetting_an_identifier_slot_forgets_only_that_slot(lang: str, stated: str, ask: str) -> None:
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", stated, "我喜欢吃辣" if lang == "zh" else "I love jazz")
    assert write(c, scope, "s2", ask).forgotten, lang
    left = c.adapters.graph.list_memories(scope.subject, ["active", "disputed"], None, 0, 100)[0]
    assert {m.kind for m in left} == {"preference"}, lang
