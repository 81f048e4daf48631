"""The families of the sixth PII round (issue #14), zh and en apart: phone numbers named by a form
label ("Home:", "work"), by a place word ("my SG number"), by whom they are saved for ("the
plumber"), 7-digit local numbers with an area code, Irish numbering, dates that are never phones;
passport numbers in every country's shape, and nine digits after "passport" that look like a phone;
dotted quads listed among three-part versions. Each family has look-alikes that must stay clean."""

from __future__ import annotations

import pytest

from parsers.pii import detect


def _found(text: str, kind: str) -> list[str]:
    return [s.value for s in detect(text) if s.type == kind]


PHONES = [
    # form and card labels right before the number
    ("en", "Home: 617 555 0192, work: 617 555 0177.", ["617 555 0192", "617 555 0177"]),
    ("en", "For the school form, put home 503 555 0116 and work 503 555 0171.", ["503 555 0116", "503 555 0171"]),
    # a place or kind word between "my" and "number"
    ("en", "my HK number is 9876 5432, WhatsApp only", ["9876 5432"]),
    ("en", "her sister's Indian number is 098765 43210", ["098765 43210"]),
    # whom the number is saved for, or saving it (valid numbers only)
    ("en", "note down the locksmith before I lose it: 6175550143", ["6175550143"]),
    ("en", "jot down the babysitter, 2065550112, she's free Friday", ["2065550112"]),
    # 7-digit local numbers: a phone word before, or an area code named nearby
    ("en", "Call me at 555-0162 tonight.", ["555-0162"]),
    ("en", "It's 555-0190, area code 303, ask for Sue.", ["555-0190"]),
    # Irish numbering by its trunk shape
    ("en", "The guesthouse in Limerick is 061 555 123, the owner is lovely.", ["061 555 123"]),
    # zh guards: the families above must not cost a Chinese number
    ("zh", "我家座机 010-6552 9988，工作电话 138 1234 5678", ["010-6552 9988", "138 1234 5678"]),
]

PHONE_LOOK_ALIKES = [
    ("en", "The call is 2024-07-01, 09:00-10:30 UTC, can you convert that?"),
    ("en", "my PIN number is 12345678, don't tell anyone"),
    ("en", "my Lucky number is 88886666"),
    ("en", "Kids' school office 9876 5432 closes at 4."),
    ("en", "The score was 555-1234 after the merger, nobody called it."),
    ("en", "jot down the booking 3125550188 for the hotel"),
    ("en", "I work 9 to 5 and get home by 6."),
    ("zh", "电话会议定在2024-07-01，09:00开始"),
    ("zh", "我的幸运数字是 88886666"),
]

PASSPORTS = [
    ("en", "Her German passport number is C7Y2K41N9, for the embassy list.", ["C7Y2K41N9"]),
    ("en", "His French passport is 19BC54321.", ["19BC54321"]),
    ("en", "Her passport: 234 567 891, issued in Leeds.", ["234 567 891"]),
    ("en", "passport number for the visa form is 415 555 013", ["415 555 013"]),
    ("zh", "她的德国护照号码是C7Y2K41N9，请登记", ["C7Y2K41N9"]),
    ("zh", "护照号码（签证申请表上填的）：234 567 891", ["234 567 891"]),
]

PASSPORT_LOOK_ALIKES = [
    # another number, or a phone word, stands between the passport word and the digits
    ("en", "Passport renewal costs $95; call 212-555-0143 about the appointment."),
    ("en", "Bring your passport and phone: 547821936"),
    ("en", "The serial on the router is C7Y2K41N9."),
    ("zh", "护照在包里，电话是 547821936"),
]

IPS = [
    ("en", "ping 8.8.8.8 fails, curl 8.4.0 is fine", ["8.8.8.8"]),
    ("en", "numpy 1.26.4 installed; the DNS at 9.9.9.9 times out", ["9.9.9.9"]),
    ("en", "Python 3.11.7 on the build box, gateway 10.0.0.1", ["10.0.0.1"]),
    ("zh", "numpy 1.26.4 装好了，服务器 8.8.4.4 连不上", ["8.8.4.4"]),
]

IP_LOOK_ALIKES = [
    ("en", "Python 3.11.7 and numpy 1.26.4 are fine, but pandas 2.2.1.1 won't resolve."),
    ("en", "Upgrade requests 2.31.0 and urllib3 to 1.26.18.1 later."),
    ("zh", "numpy 1.26.4 装好了，pandas 2.2.1.1 死活装不上"),
    # a version word right before a quad whose parts are not all small (round-5 family)
    ("en", "The game's patch 1.38.2.12 broke my controller bindings."),
    ("en", "Firmware got updated to 4.12.0.201 overnight and the fan is louder."),
    ("en", "Roll back the GPU driver 31.0.15.5222, it crashes."),
    ("zh", "显卡驱动 31.0.15.5222 一装就蓝屏"),
    ("zh", "打了补丁 1.38.2.12 以后手柄没反应了"),
]

IP_HOSTS_NEAR_VERSION_WORDS = [
    # an address word nearer than any version word keeps the host
    ("en", "After the patch, the server at 52.14.201.9 stopped answering.", ["52.14.201.9"]),
    ("en", "Update the DNS record to 34.117.59.81 please.", ["34.117.59.81"]),
    ("zh", "更新完补丁以后，服务器 52.14.201.9 连不上了", ["52.14.201.9"]),
]


@pytest.mark.parametrize(("lang", "text", "values"), PHONES)
def test_phone_families(lang: str, text: str, values: list[str]) -> None:
    assert _found(text, "PHONE") == values, lang


@pytest.mark.parametrize(("lang", "text"), PHONE_LOOK_ALIKES)
def test_phone_look_alikes(lang: str, text: str) -> None:
    assert _found(text, "PHONE") == [], lang


@pytest.mark.parametrize(("lang", "text", "values"), PASSPORTS)
def test_passport_families_beat_phone(lang: str, text: str, values: list[str]) -> None:
    assert _found(text, "PASSPORT") == values, lang
    assert _found(text, "PHONE") == [], lang


@pytest.mark.parametrize(("lang", "text"), PASSPORT_LOOK_ALIKES)
def test_passport_look_alikes(lang: str, text: str) -> None:
    assert _found(text, "PASSPORT") == [], lang


@pytest.mark.parametrize(("lang", "text", "values"), IPS)
def test_ip_hosts_among_versions(lang: str, text: str, values: list[str]) -> None:
    assert _found(text, "IP") == values, lang


@pytest.mark.parametrize(("lang", "text", "values"), IP_HOSTS_NEAR_VERSION_WORDS)
def test_ip_hosts_after_a_version_word_elsewhere(lang: str, text: str, values: list[str]) -> None:
    assert _found(text, "IP") == values, lang


@pytest.mark.parametrize(("lang", "text"), IP_LOOK_ALIKES)
def test_ip_look_alikes_among_versions(lang: str, text: str) -> None:
    assert _found(text, "IP") == [], lang


def test_the_gold_of_a_second_address_is_not_the_head_of_the_first() -> None:
    """bench/pii_bench.py resolves a gold value to its whole-token occurrence."""
    from bench.pii_bench import gold_spans

    text = "Set the camera to 172.16.254.10 with gateway 172.16.254.1."
    spans = gold_spans({"text": text, "entities": [{"type": "IP", "value": "172.16.254.1"}]})
    assert spans == [("IP", text.rindex("172.16.254.1"), len(text) - 1)]
