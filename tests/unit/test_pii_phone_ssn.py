"""Phone numbers in the shapes English users write (US/CA, UK, AU, IN, SG, HK, E.164), US Social
Security numbers, and the look-alikes both must leave alone; zh and en apart."""

from __future__ import annotations

import pytest

from parsers.identifier_rules import identifier_facts
from parsers.pii import apply, detect
from parsers.pii_ssn import valid_ssn

PHONES = [
    ("en", "Call me on (415) 555-0132 after six.", "(415) 555-0132"),
    ("en", "My cell is 415.555.0132 if the landline is busy.", "415.555.0132"),
    ("en", "The front desk is 415-555-0132 ext. 12, ask for Dana.", "415-555-0132 ext. 12"),
    ("en", "You can text me at +1 415 555 0132 anytime.", "+1 415 555 0132"),
    ("en", "Our London office is on 020 7946 0321.", "020 7946 0321"),
    ("en", "WhatsApp me on 07700 900456 when you land.", "07700 900456"),  # a drama range: possible only
    ("en", "Ring the Sydney team on (02) 9876 5432.", "(02) 9876 5432"),
    ("en", "My Aussie number is 0412 345 678.", "0412 345 678"),
    ("en", "Reach Priya on +91 98765 43210 in Bangalore.", "+91 98765 43210"),
    ("en", "Text 212 555 0187 to confirm the booking.", "212 555 0187"),
    ("en", "call me on 2125550187 tonight", "2125550187"),
    ("en", "Contact: 0044 20 7946 0958", "0044 20 7946 0958"),
    ("en", "Cell (503) 555 0134 for the weekend.", "(503) 555 0134"),
    ("zh", "伦敦办公室电话 020 7946 0321，工作日有人接。", "020 7946 0321"),
    ("zh", "我在澳洲的手机是 0412 987 654", "0412 987 654"),
    ("zh", "客服电话400-810-8888，周末也能打", "400-810-8888"),
    ("zh", "订单联系人电话 13812345678", "13812345678"),  # a phone word after the order word
    ("en", "my number is 2125550187", "2125550187"),
    ("en", "order 3 arrived, call me on 415-555-0132", "415-555-0132"),
    # the order / booking noun names a line or a desk, not the number: a phone again
    ("en", "call my order line on 415-555-0132", "415-555-0132"),
    ("en", "call my order line on 4155550132", "4155550132"),
    ("en", "ring the booking desk on 020 7946 0321", "020 7946 0321"),
    ("en", "call customer service on 020 7946 0321", "020 7946 0321"),
    ("zh", "订单热线 021-6234 5678", "021-6234 5678"),
    ("en", "Ping me on 8123 4567 when you're downstairs", "8123 4567"),  # a Singapore mobile after "ping me"
]

PHONE_LOOK_ALIKES = [
    ("en", "The invoice came to $1,415.55 and was due 2024-03-15."),
    ("en", "Order 415-555-0132-7 shipped yesterday."),
    ("en", "The ZIP code is 94103-1234."),
    ("en", "Our Q3 revenue was 20 7946 0321 yen across regions, roughly."),
    ("en", "Booking ref: 0412345678"),
    ("en", "The case number is 1:23-cv-04567 in federal court."),
    ("en", "Serial no. 07700900456 printed on the router."),
    ("en", "Lottery numbers this week: 4 15 22 35 41 55."),
    ("en", "Model XR-415-555 ships with a 65 W charger."),
    ("en", "Part number 123-00-4567 is out of stock."),
    ("en", "Kids' school office 9876 5432 closes at 4."),  # 8 digits, no phone word: could be anything
    ("en", "My order number is 4155550132"),  # a number named as something else: "number" is no phone word
    ("en", "Your account number is 4155550132."),
    ("en", "booking number: 415-555-0132"),
    ("en", "my member number is 0412 345 678"),
    ("zh", "会员号码 4155550132"),
    ("zh", "今年营收 20 7946 0321 日元，比去年多"),
    ("zh", "订单号 415-555-0132 已经发货了"),
    ("en", "order number 4155550132"),  # the noun is the number's own label
    ("en", "the backup file is called db_20240512.sql.gz"),  # part of a file name
    ("zh", "打电话说备份文件是 db_20240512.sql.gz"),
    ("en", "order no. 415-555-0132"),
    ("en", "order #4155550132"),
    ("en", "tracking number 4155550132"),
]

SSNS = [
    ("en", "My SSN is 078-05-1120, please keep it private.", "078-05-1120"),
    ("en", "ssn 219 09 9999 on the old form", "219 09 9999"),
    ("en", "SSN: 401234567", "401234567"),
    ("zh", "他的美国社安号是 078-05-1120", "078-05-1120"),
]

SSN_LOOK_ALIKES = [
    ("en", "The form rejected 000-12-3456 as an SSN."),  # area 000
    ("en", "Test value 666-45-1234 is never issued."),  # area 666
    ("en", "The 900-12-3456 range is for ITINs, not SSNs."),  # 9xx
    ("en", "Use 987-65-0000 as a dummy in the demo."),  # serial 0000
    ("en", "Invoice 123-45-6789 is overdue."),
    ("en", "Call 555-12-3456? No, that's a part code."),
    ("en", "Account 401234567 is closed."),  # nine plain digits without an SSN word
    ("zh", "零件号 123-45-6789 缺货"),
    ("zh", "型号 123-45-6789 的配件已经停产"),
]


@pytest.mark.parametrize(("lang", "text", "value"), PHONES)
def test_phone_shapes(lang: str, text: str, value: str) -> None:
    assert [(s.type, s.value) for s in detect(text)] == [("PHONE", value)], lang


@pytest.mark.parametrize(("lang", "text"), PHONE_LOOK_ALIKES)
def test_phone_look_alikes(lang: str, text: str) -> None:
    assert [s for s in detect(text) if s.type == "PHONE"] == [], lang


def test_a_dotted_quad_next_to_a_phone_stays_an_ip() -> None:
    spans = detect("手机 13912345678，家里路由器 192.168.3.1")
    assert [(s.type, s.value) for s in spans] == [("PHONE", "13912345678"), ("IP", "192.168.3.1")]


@pytest.mark.parametrize(("lang", "text", "value"), SSNS)
def test_ssn_detected(lang: str, text: str, value: str) -> None:
    assert [(s.type, s.value) for s in detect(text)] == [("SSN", value)], lang
    assert value not in apply(text, "redact") and value not in apply(text, "hash", b"k")


@pytest.mark.parametrize(("lang", "text"), SSN_LOOK_ALIKES)
def test_ssn_look_alikes(lang: str, text: str) -> None:
    assert [s for s in detect(text) if s.type == "SSN"] == [], lang


def test_ssn_issuing_rules() -> None:
    assert valid_ssn("078", "05", "1120")
    assert not valid_ssn("000", "05", "1120") and not valid_ssn("666", "05", "1120")
    assert not valid_ssn("912", "05", "1120") and not valid_ssn("078", "00", "1120")
    assert not valid_ssn("078", "05", "0000")


@pytest.mark.parametrize(
    ("lang", "text"), [("en", "my social security number is 078-05-1120"), ("zh", "我的社安号是 078-05-1120")]
)
def test_an_owned_ssn_is_a_masked_profile_slot(lang: str, text: str) -> None:
    redacted = apply(text, "redact")
    assert "078-05-1120" not in redacted and "***-**-1120" in redacted
    facts = identifier_facts(redacted, lang)
    assert [f[1][2] for f in facts] == [{"field": "ssn", "value": "***-**-1120"}]
    assert apply(text, "keep") == text


def test_hash_gives_one_token_per_phone_however_written() -> None:
    a = apply("call me on (415) 555-0132", "hash", b"k").split()[-1]
    b = apply("call me on +1 415 555 0132", "hash", b"k").split()[-1]
    assert a == b and a.startswith("[PHONE#")
