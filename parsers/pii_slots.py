"""Identifiers a user states as their own ("我的手机号是...", "my email is ..."): the one place an
identifier is itself the fact. Under `redact` and `hash` such a value is kept masked (138****5678),
so the profile slot still tells its owner which number is on file but is useless to anyone else;
under `keep` it is kept as written. Everywhere else an identifier is a placeholder (parsers/pii.py).

`owned(text, start)` says whether the identifier starting at `start` is introduced as the user's
own (`owner_ends` lists where such identifiers start); `mask(kind, value)` gives the masked form;
`FIELDS` names the profile slot per type, and `MASKED` matches masked values so the parser
(parsers/identifier_rules.py) reads them back.
"""

from __future__ import annotations

import re

__all__ = ["FIELDS", "MASKED", "mask", "owned", "owner_ends"]

FIELDS = {
    "PHONE": "phone",
    "EMAIL": "email",
    "ID_CARD": "id_number",
    "BANK_CARD": "bank_card",
    "PASSPORT": "passport",
    "IP": "ip_address",
    "ADDRESS": "address",
    "SSN": "ssn",
}
_ZH_NOUN = (
    r"(?:手机号码|手机号|手机|电话号码|电话|联系电话|联系方式|号码|邮箱地址|邮箱|电子邮箱|邮件地址|e-?mail|"
    r"身份证号码|身份证号|身份证|护照号码|护照号|护照|社安号|社会安全号码|社会安全号|银行卡号|银行卡|信用卡号|信用卡|卡号|IP地址|IP|家庭住址|住址|地址|收货地址)"
)
_EN_NOUN = (
    r"(?:phone(?:\s+number)?|mobile(?:\s+number)?|cell(?:\s+number)?|number|e-?mail(?:\s+address)?|"
    r"passport(?:\s+number|\s+no\.?)?|(?:bank\s+|credit\s+|debit\s+)?card(?:\s+number)?|ID(?:\s+number)?|"
    r"IP(?:\s+address)?|SSN|social\s+security(?:\s+number|\s+no\.?)?|(?:home\s+|postal\s+|mailing\s+)?address)"
)
_OWN = re.compile(
    rf"(?:(?:我的|我|本人的?)(?:新的?|常用的?|现在的?|个人)?{_ZH_NOUN}(?:是|为|改成了?|换成了?|改为)?\s*[:：]?"
    r"|我(?:家)?(?:现在)?(?:住在|住|家在|家住)"
    rf"|\bmy\s+(?:new\s+|personal\s+|work\s+|home\s+|private\s+)?{_EN_NOUN}\s*(?:is|:|=|'s)?"
    r"|\b(?:reach|call|text|email|e-mail|contact)\s+me\s+(?:at|on)|\bI\s+(?:now\s+)?live\s+at|\bI\s+moved\s+to)\s*",
    re.I,
)
# Masked values as mask() writes them, per type, for the parser to read back.
MASKED = {
    "ID_CARD": re.compile(r"\d{4}\*{10}\d{3}[\dXx]"),
    "BANK_CARD": re.compile(r"\d{4}\*{5,11}\d{4}"),
    "PHONE": re.compile(r"\d{3}\*{4}\d{4}"),
    "EMAIL": re.compile(r"[0-9A-Za-z]\*{3}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}"),
    "PASSPORT": re.compile(r"[0-9A-Z]\*{4,8}[0-9A-Z]{2}"),
    "IP": re.compile(r"\d{1,3}\.\d{1,3}\.\*\.\*|[0-9a-fA-F]{1,4}:[0-9a-fA-F]{0,4}:\*"),
    "SSN": re.compile(r"\*{3}-\*{2}-\d{4}"),
    "ADDRESS": re.compile(r"[\u4e00-\u9fff]{2,20}\*{4}|\*{4}(?:, [A-Z][a-z]+(?: [A-Z][a-z]+)?)?"),
}


def owned(text: str, start: int) -> bool:
    """Whether the identifier at `start` follows words that claim it as the speaker's own."""
    return any(m.end() == start for m in _OWN.finditer(text, max(0, start - 40), start))


def owner_ends(text: str) -> list[int]:
    """Where an identifier would start after each group of owning words in `text`."""
    return [m.end() for m in _OWN.finditer(text)]


def mask(kind: str, value: str) -> str:
    """A masked form: recognisable to its owner, useless to anyone else."""
    value = value.strip()
    if kind == "EMAIL":
        local, _, domain = value.partition("@")
        return f"{local[:1]}***@{domain}"
    if kind == "IP":
        if ":" in value:
            return ":".join(value.split(":")[:2]) + ":*"
        return ".".join(value.split(".")[:2]) + ".*.*"
    if kind == "ADDRESS":
        return _mask_address(value)
    if kind == "SSN":  # the last four, as US forms print them
        return "***-**-" + re.sub(r"\D", "", value)[-4:]
    digits = re.sub(r"[^0-9A-Za-z]", "", value)
    if kind == "PHONE":
        national = digits[-11:] if len(digits) >= 11 else digits
        return f"{national[:3]}****{national[-4:]}" if len(national) >= 8 else "****"
    if kind in ("ID_CARD", "BANK_CARD"):
        return f"{digits[:4]}{'*' * (len(digits) - 8)}{digits[-4:]}"
    if kind == "PASSPORT":
        return f"{digits[:1]}{'*' * (len(digits) - 3)}{digits[-2:]}"
    return "****"


def _mask_address(value: str) -> str:
    """The city and district stay (they identify nobody); the street, number and flat go."""
    admin = re.match(
        r"(?:[\u4e00-\u9fff]{2,7}?(?:省|自治区|特别行政区|市))*(?:[\u4e00-\u9fff]{1,7}?(?:区|县|旗))?", value
    )
    if admin and admin.group():
        return admin.group() + "****"
    parts = [p.strip() for p in value.split(",")]
    city = next((p for p in parts[1:] if re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+)?", p)), None)
    return f"****, {city}" if city else "****"
