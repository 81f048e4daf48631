"""The words around a number that say it is a phone, or that it is some other number. Pure, no I/O.

Split from parsers/pii_phone.py (the shapes and numbering plans); a national number without a
country code is only a phone with evidence beyond its digits, and this is that evidence: a phone
word before or after it, a form label, whom it is saved for, a phone verb and its "on" / "at", a
cued phone it is listed with; and, against it, a noun naming another kind of number.
"""

from __future__ import annotations

import re

__all__ = ["PHONE_CUE", "contact_line", "cue", "cue_around", "named_otherwise"]

# Numbers people own that are not phones: "my PIN number", "is my Zurich social number".
_NOT_PHONE_KIND = (
    r"(?:pin|vat|tin|ni|nhs|ssn|sin|ein|pan|iban|pps|id|tax|social|insurance|national|medicare|aadhaar|ahv|lucky|"
    r"favou?rite|lottery|jersey|seat|room|table|roll|bank|credit|debit|account|passport|licen[cs]e|member(?:ship)?)\b"
)
PHONE_CUE = re.compile(
    r"(?:电话|手机|座机|致电|打给|拨打|联系方式|热线|来电|回电|短信|微信|打不通|打不进|没人接|回拨|传真|总机|"
    r"\b(?:tel|phone[sd]?|phoning|call(?:ed|ing|s)?|ring(?:ing|s)?|dial(?:l?ed|l?ing|s)?|mobile|cell(?:phone)?|"
    r"landline|fax(?:ed|ing|es)?|whatsapp(?:ed|ing)?|signal|text(?:ed|ing|s)?|sms|hotline|helpline|reach|"
    r"contact|ext|toll-?free|freephone|business\s+card|vcard|(?:answers|reachable|picks\s+up)\s+(?:on|at)|(?:otp|verification\s+code|sms\s+code)\s+to|"
    r"(?:ping|buzz|message|msg)\s+(?:me|us|him|her))\b"
    # "number" alone names anything (an order, an account): only a person's number is a phone cue.
    r"|\b(?:my|his|her|their|your|our)\s+(?:new\s+|old\s+)?(?:number\b|#)|'s\s+(?:new\s+)?(?:number\b|#)|\bnumber'?s\b"
    # "my SG number", "my Hong Kong number", "her brother's Indian number": a place or kind named in between
    r"|(?:\b(?:my|his|her|their|your|our)|'s)\s+(?:(?!" + _NOT_PHONE_KIND + r")(?-i:[A-Z][A-Za-z]*)\s+){1,2}number\b"
    r"|(?:\b(?:my|his|her|their|your|our)|'s)\s+(?:local|personal|private|direct|work|home|office|backup|other)\s+number\b)",
    re.I,
)
# "order number is 4155550132", "account no. 0207946099", "会员号码 4155550132": a number named as
# something else is not a phone, even with a phone word further back.
_OTHER_NUMBER = re.compile(
    r"\b(?:order|tracking|invoice|confirmation|account|acct|case|reference|ref|booking|flight|member(?:ship)?|"
    r"policy|customer|claim|ticket|serial|routing|sort|employee|student|passport|licen[cs]e|registration|vin|"
    r"parcel|shipment|transaction|receipt|bill|loyalty|reservation|pnr|model|part|item|sku|lot|batch|"
    # a draw's numbers: "the lottery numbers were 04 12 19 33 41 45"
    r"lottery|lotto|powerball|jackpot|bingo|draw|winning)\b"
    r"(?:\s*(?:numbers?|no\.?|#|code|id)\b)?|会员|账号|账户|卡号|学号(?!码)|工号(?!码)|编号|单号|订单|快递(?!员|小哥|师傅)|运单|票号|保单|客户号|"
    r"证件号|车牌|流水号|批号|型号|彩票|双色球|大乐透|中奖号",
    re.I,
)
# "call my order line on ...", "the booking desk on ...", "客服热线": the noun names who answers, not
# the number; a number after it is a phone. "order number 4155550132" keeps the guard.
_CONTACT_HEAD = re.compile(
    r"^\s*(?:(?:status|enquiry|inquiry|support|help|service)\s+)?(?:line|desk|team|department|dept|office|support|"
    r"services?|cent(?:re|er)|helpdesk|enquiries|inquiries|hotline|helpline|manager|agent|rep|representative)\b"
    r"|^\s*(?:客服|热线|专线|服务台|服务中心|售后|前台)",
    re.I,
)

# A phone word just after the number: "98765 43210 as my Indian mobile", "... - that's my cell".
_CUE_AFTER = re.compile(
    r"^[\s,.;:)\-–—]{0,4}(?:(?:is|was|as|for|that'?s|it'?s|which\s+is)\s+)?(?:my|his|her|their|our|your)\s+"
    r"(?:(?!" + _NOT_PHONE_KIND + r")[A-Za-z]+\s+){0,2}(?:number|mobile|cell|phone|landline|whatsapp|hotline)\b"
    r"|^\s*[,，]?\s*(?:是|为)?(?:我|他|她|我们)的?(?:手机|电话|座机|号码|新号|微信)",
    re.I,
)
# A label right before the number on a form or a card: "Home: 617 ...", "put work 646 ... and home 718 ...".
_LABEL_BEFORE = re.compile(
    r"\b(?:(?:home|work|cell|mob|landline|direct|after[- ]hours)\s*[:.\-]?|office\s*:)\s*$", re.I
)
# Whom people save a number for, or saving it: "write down the plumber before I forget: 7735550163".
# A weaker cue (48 characters back) that the caller accepts for valid numbers only.
_SAVE_CUE = re.compile(
    r"\b(?:(?:write|jot|note|put|take)\s+(?:it\s+|this\s+)?down|save|plumber|electrician|locksmith|landlord|landlady|"
    r"babysitter|nanny|dentist|mechanic|contractor|handyman|cleaner|tutor|realtor|caterer|florist|vet|neighbou?r|"
    r"b&b|guesthouse|hostel|hotel|restaurant|pharmacy|clinic|surgery|taxi|cab)\b",
    re.I,
)

# A second number joined to a phone by "or" / "and" / a comma: "Tom at 415 555 0198 or Jess at 415 555 0121".
_CHAINED = re.compile(r"\d[\d ().\-]{6,}\d\s*(?:,|;|/|\bor\b|\band\b|或者?|和|、|，)[^\d\n]{0,24}$", re.I)


def named_otherwise(text: str, start: int) -> bool:
    """A noun naming another kind of number ends at most 12 characters before `start`, and no phone
    word stands between ("订单联系人电话 138..." is a phone)."""
    window = text[max(0, start - 40) : start]
    last = max(_OTHER_NUMBER.finditer(window), key=lambda m: m.end(), default=None)
    if last is None:
        return False
    gap = window[last.end() :]
    return len(gap) <= 12 and not re.search(r"\d", gap) and not PHONE_CUE.search(gap) and not contact_line(gap)


def contact_line(gap: str) -> bool:
    """The words after an order / booking / account noun make it a contact point ("order line on",
    "booking desk", "客服"): the noun is not the label of the number that follows."""
    return bool(_CONTACT_HEAD.match(gap))


def cue(text: str, start: int, window: int) -> bool:
    return bool(PHONE_CUE.search(text[max(0, start - window) : start]))


# A phone verb, whom it reaches, then "on" / "at": "Text my brother in Delhi on 9810012345".
_VERB_ON = re.compile(
    r"\b(?:call|ring|text|phone|dial|fax|whatsapp|sms|message)\b[^\d\n.!?;:]{0,48}\b(?:on|at|via)\s*$", re.I
)


def cue_around(text: str, start: int, end: int) -> str:
    """ "word" when a phone word stands before the number or right after it ("98765 43210 as my
    mobile"); "chained" when a cued phone just before is listed with it ("... 415 555 0198 or Jess
    at 415 555 0121"), a weaker cue the caller accepts for valid numbers only; else ""."""
    if (
        cue(text, start, 24)
        or _CUE_AFTER.match(text[end : end + 48])
        or _LABEL_BEFORE.search(text[max(0, start - 14) : start])
    ):
        return "word"
    chained = _CHAINED.search(text[max(0, start - 60) : start])
    if chained is not None and cue(text, max(0, start - 60) + chained.start(), 24):
        return "chained"
    saved = _SAVE_CUE.search(text[max(0, start - 48) : start]) or _VERB_ON.search(text[max(0, start - 72) : start])
    return "saved" if saved else ""
