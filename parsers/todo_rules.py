"""Reminder and task shapes the first todo patterns miss (split from parsers/rules.py): the task
before the ask ("7月1号要续签合同，到时候提醒我"), "别让我忘了 / 别让我错过", "我得记着买猫粮",
alarms ("帮我定个闹钟"), "gotta renew my insurance by July 1st", "ping me at 3 to stretch",
"Meeting with the landlord today at 4". Each returns the task as written; the date and time come
from the shared reader (parsers/temporal.py), so nothing here invents a value.
"""

from __future__ import annotations

import re

__all__ = ["second_reminder", "todo_task"]

_ZH = [
    # the task first, the ask after it; a birthday stated first is the fact to keep, not a task
    re.compile(
        r"^(?![^，。！？]*生日)(?P<t>[^，。！？]{3,30})[，,]\s*(?:到时候|到时|记得|那天|当天)?(?:提醒我|叫我|喊我)(?:一下|一声)?[。！!～~]*$"
    ),
    re.compile(r"(?:别|不要)让我(?:忘了|忘记|错过)(?P<t>[^，。！？]{2,30})"),
    re.compile(r"^(?P<t>[^，。！？]{2,30})(?:别|不要)让我(?:忘了|忘记|错过)了?"),
    re.compile(r"我(?:得|要)记着(?P<t>[^，。！？]{2,30})"),
    re.compile(r"(?:帮我|给我)?(?:定|订|设|设置)(?:一)?个(?P<t>闹钟)"),
]
_EN = [
    re.compile(r"\b(?:gotta|have to|need to|must)\s+(?P<t>[a-z][^.;!?]{2,60}?)\s+(?:by|before|on)\s+\w", re.I),
    re.compile(r"\b(?:ping|nudge|buzz|text|message)\s+me\b[^.;!?]{0,30}?\bto\s+(?P<t>[^.;!?]{2,60})", re.I),
    re.compile(
        r"^(?P<t>(?:meeting|call|appointment|dinner|lunch|interview|session|class|dentist|doctor'?s? appointment)"
        r"\b[^.;!?]{0,40}?)\s+(?:today|tomorrow|tonight|on\s+\w+|this\s+\w+|next\s+\w+)(?:\s+at\s+\d)?",
        re.I,
    ),
    re.compile(r"\b(?:set|create)\s+(?:an?\s+|my\s+)?(?P<t>alarm|timer)\b", re.I),
]


# Shapes that ask to be reminded stand without a day ("我得记着买猫粮"); the others ("gotta ... by",
# a meeting, an alarm) are a task only with the day or time the shared reader finds.
_ASKS = 4


def todo_task(text: str, lang: str) -> tuple[str, bool] | None:
    """(the task of a reminder-shaped turn, whether it needs a day or time to count), or None."""
    for i, pattern in enumerate(_ZH) if lang != "en" else ():
        m = pattern.search(text.strip())
        if m:
            return m.group("t").strip(), i >= _ASKS
    for pattern in _EN if lang != "zh" else ():
        m = pattern.search(text.strip())
        if m:
            return m.group("t").strip(), True
    return None


# A second reminder in the same ask, with its own day: "Remind me Monday at 8:45am to send the
# invoice, and Wednesday at noon to call the accountant", "提醒我周一上午九点交报告，周三中午给会计打电话".
_SECOND_EN = re.compile(
    r"^\W*(?:(?:please|pls|plz|can you|could you)\s+)?remind me\b[^.;!?]+?,?\s+(?:and|then|also)\s+(?:also\s+)?"
    r"(?P<rest>(?:on\s+|next\s+|this\s+)?(?:mon|tue|wed|thu|fri|sat|sun|tomorrow|tmrw|today|tonight|the\s+\d)"
    r"[^.;!?]{0,40}?\s+to\s+[^.;!?]{2,60})$",
    re.I,
)
_SECOND_ZH = re.compile(
    r"^(?:请|麻烦)?提醒我[^，。！？]{2,30}[，,]\s*(?:还有|然后|再|另外)?(?:提醒我)?"
    r"(?P<rest>(?:周|星期|礼拜|下周|下星期|明天|后天|今天|今晚)[^，。！？]{2,30})[。！!]?$"
)


def second_reminder(text: str, lang: str) -> str | None:
    """The part of a reminder turn that asks for a second reminder with its own day, or None; the
    caller reads its day and time with the shared reader (no day read: no second task)."""
    m = (_SECOND_ZH.search(text.strip()) if lang != "en" else None) or (
        _SECOND_EN.search(text.strip()) if lang != "zh" else None
    )
    return m.group("rest") if m else None
