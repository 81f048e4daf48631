"""PII at ingestion: the detector's validators and look-alikes (zh and en apart), the three
policies, and the write path storing no identifier anywhere (fakes through the composition root)."""

from __future__ import annotations

import pytest

from mal.privacy import Redactor
from parsers.pii import PiiSpan, apply, detect, luhn, mask, valid_card, valid_resident_id
from tests.unit.fakes import fake_container, new_scope, write

ID = "11010519491231002X"  # the GB 11643 worked example
VISA = "4111 1111 1111 1111"
UNIONPAY = "6222021234567890128"[:-1]


def _card(prefix: str) -> str:
    return next(prefix + d for d in "0123456789" if luhn(prefix + d))


_U19 = _card("621700289832155736")
UNIONPAY19 = " ".join(_U19[i : i + 4] for i in range(0, 19, 4))


POSITIVE = [
    ("zh", "我的手机号是13812345678，有事打给我", "PHONE", "13812345678"),
    ("zh", "联系我：+86 186-1234-5678", "PHONE", "+86 186-1234-5678"),
    ("zh", "公司座机010-62345678，工作日可以打", "PHONE", "010-62345678"),
    ("zh", "邮箱 zhang.san@example.com 谢谢", "EMAIL", "zhang.san@example.com"),
    ("zh", f"我的身份证号是{ID}", "ID_CARD", ID),
    ("zh", f"工资卡号{_card(UNIONPAY)}", "BANK_CARD", _card(UNIONPAY)),
    ("zh", "我的护照号码是E12345678", "PASSPORT", "E12345678"),
    ("zh", "路由器地址192.168.31.1", "IP", "192.168.31.1"),
    ("zh", "我住在北京市朝阳区建国路88号3号楼2单元501室", "ADDRESS", "北京市朝阳区建国路88号3号楼2单元501室"),
    ("en", "You can reach me at (415) 555-2671", "PHONE", "(415) 555-2671"),
    ("en", "Call my office on +44 20 7946 0958", "PHONE", "+44 20 7946 0958"),
    ("en", "My email is john.doe@gmail.com", "EMAIL", "john.doe@gmail.com"),
    ("en", f"My card number is {VISA}", "BANK_CARD", VISA),
    ("en", "My passport number is 123456789", "PASSPORT", "123456789"),
    ("en", "ssh into 2001:db8::1 later", "IP", "2001:db8::1"),
    ("en", "I live at 221 Baker Street, London", "ADDRESS", "221 Baker Street, London"),
    ("zh", "电话：０２１－６２２３８８９０", "PHONE", "０２１－６２２３８８９０"),  # full-width, kept verbatim
    ("zh", "分机0755-86012345转801", "PHONE", "0755-86012345"),  # the extension is not the number
    ("zh", "服务器IP是 3.2.1.15", "IP", "3.2.1.15"),
    ("zh", f"工资卡 {UNIONPAY19}", "BANK_CARD", UNIONPAY19),  # 19 digits, 4-4-4-4-3
    ("en", f"I prefer card {VISA}", "BANK_CARD", VISA),  # "prefer" is not "ref"
    ("en", f"{VISA} 123", "BANK_CARD", VISA),  # a card, then its CVV
]

LOOK_ALIKES = [
    ("zh", "订单号13812345678已经发货了"),  # an order number shaped like a mobile
    ("zh", "明天坐G123次高铁去上海"),
    ("zh", "2023-10-01出发，票价553.5元"),
    ("zh", "这件衣服价格是13800元"),
    ("zh", "快递单号SF1234567890123"),
    ("zh", f"身份证号{ID[:-1]}3好像输错了"),  # checksum wrong
    ("zh", "会议10:30:00开始"),
    ("zh", "工号 E12345678 是我的员工编号"),  # passport-shaped, no passport word
    ("zh", "软件升级到了版本1.2.3.4"),
    ("en", "Order #13812345678 has shipped"),
    ("en", "Tracking number 1Z999AA10123456784"),
    ("en", "It costs $1,299.99 plus tax"),
    ("en", "Take train G123 to Shanghai"),
    ("en", "That card 4111 1111 1111 1112 was declined"),  # Luhn fails
    ("en", "Upgrade to version 2.10.3.1 first"),
    ("en", "the ratio is 16:9 and the score 3:2"),
    ("en", "See Section 1.2.3.4 of the contract"),  # a valid IPv4, but a section number
    ("zh", "系统升级到3.2.1.15之后就好了"),
    ("en", "ISBN 9787111213826 and IMEI 490154203237518"),  # Luhn-valid, not cards
]


@pytest.mark.parametrize(("lang", "text", "kind", "value"), POSITIVE)
def test_detects_each_type(lang: str, text: str, kind: str, value: str) -> None:
    assert [(s.type, s.value) for s in detect(text)] == [(kind, value)], lang


@pytest.mark.parametrize(("lang", "text"), LOOK_ALIKES)
def test_look_alikes_do_not_fire(lang: str, text: str) -> None:
    assert detect(text) == [], lang


def test_validators_say_no() -> None:
    assert valid_resident_id(ID) and not valid_resident_id(ID[:-1] + "1")
    assert not valid_resident_id("110105194902301234")  # 30 February
    assert valid_card("4111111111111111") and not valid_card("4111111111111112")
    assert not valid_card("1234567812345670")  # Luhn passes, no issuer starts with 1


def test_policies() -> None:
    text = "手机号13812345678，邮箱a@b.cn"
    assert apply(text, "redact") == "手机号[PHONE]，邮箱[EMAIL]"
    assert apply(text, "keep") == text
    hashed = apply(text, "hash", b"k1")
    assert "13812345678" not in hashed and "[PHONE#" in hashed
    # one number written three ways is one token; another key (tenant) gives another token
    same = {apply(t, "hash", b"k1") for t in ("13812345678", "+86 138 1234 5678", "138-1234-5678")}
    assert len(same) == 1
    assert apply("13812345678", "hash", b"k2") not in same


def test_masks_keep_the_owner_recognisable() -> None:
    assert mask(PiiSpan("PHONE", 0, 11, "13812345678")) == "138****5678"
    assert mask(PiiSpan("EMAIL", 0, 14, "zhang@qq.com")) == "z***@qq.com"
    assert mask(PiiSpan("ID_CARD", 0, 18, ID)) == "1101**********002X"


@pytest.mark.parametrize("policy", ["redact", "hash"])
def test_capture_stores_no_identifier_anywhere(policy: str) -> None:
    c, scope = fake_container(), new_scope()
    texts = ["我的预算是500元，有问题打13812345678", "I'm allergic to peanuts, email me at ann@example.org"]
    result = write(c, scope, "s1", *texts, pii_policy=policy)
    assert result.memories
    graph = c.adapters.graph
    dumped = repr([graph.get(scope.subject, w.memory.id) for w in result.memories])
    dumped += repr(graph.recent_turns(scope.subject)) + repr(graph.quadruples(scope.subject))
    dumped += repr(c.adapters.vectors.__dict__)
    for raw in ("13812345678", "ann@example.org"):
        assert raw not in dumped
    assert ("[PHONE]" if policy == "redact" else "[PHONE#") in dumped


def test_keep_policy_keeps_and_hash_policy_still_matches_in_search() -> None:
    c, scope = fake_container(), new_scope()
    write(c, scope, "s1", "My passport number is X98765432", pii_policy="keep")
    assert "X98765432" in repr(c.adapters.graph.recent_turns(scope.subject))
    redactor = Redactor(c.pepper)
    assert redactor.text("acme", "138 1234 5678", "hash") == redactor.text("acme", "+8613812345678", "hash")
    assert redactor.text("acme", "13812345678", "hash") != redactor.text("globex", "13812345678", "hash")
