"""Reminder and task shapes the first todo patterns miss (split from parsers/rules.py): the task
before the ask ("7月1号要续签合同，到时候提醒我"), "别让我忘了 / 别让我错过", "我得记着买猫粮",
alarms ("帮我定个闹钟"), "gotta renew my insurance by July 1st", "ping me at 3 to stretch",
"Meeting with the landlord today at 4". Each returns the task as written; the date and time come
from the shared reader (parsers/temporal.py), so nothing here invents a value.
"""

from __future__ import annotations

import re

__all__ = ["second_reminder", "standing", "todo_task"]

_ZH = [
    # the task first, the ask after it; a birthday stated first is the fact to keep, not a task
    re.compile(
        r"^(?![^，。！？]*生日)(?P<t>[^，。！？]{3,30})[，,]\s*(?:到时候|到时|记得|那天|当天)?(?:提醒我|叫我|喊我)(?:一下|一声)?[。！!～~]*$"
    ),
    re.compile(r"(?:别|不要)让我(?:忘了|忘记|错过)(?P<t>[^，。！？]{2,30})"),
    re.compile(r"^(?P<t>[^，。！？]{2,30})(?:别|不要)让我(?:忘了|忘记|错过)了?"),
    re.compile(r"我(?:得|要)记着(?P<t>[^，。！？]{2,30})"),
    re.compile(r"(?:帮我|给我)?(?:定|订|设|设置)(?:一)?个(?P<t>闹钟)"),
    # a dated start of work, school or a shift at a clock time, the whole turn: "我周一早上九点开始上班"
    # (a weekday said once, not 每周一; `standing` keeps the routine without a day an episode). Only
    # these starts: "我周二晚上十一点开始失眠" / "…开始就没吃东西" is a state since then, not a task (review30).
    re.compile(
        r"^(?P<t>我?(?:(?<!每)(?:周|星期|礼拜)[一二三四五六日天]|明天|后天|下(?:周|星期|礼拜)[一二三四五六日天])"
        r"(?:早上|上午|中午|下午|晚上)?[0-9零一二三四五六七八九十两]{1,3}(?:点|:)[0-9零一二三四五六七八九十半]{0,3}分?"
        r"(?:开始|要|得)(?:上班|上课|工作|实习|培训|值班|上岗|入职))[。！!]?$"
    ),
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
    # "I start work on Monday at 9am", "I start my new job next Monday at 9": a dated start, the whole turn
    re.compile(
        r"^(?P<t>I\s+(?:start|begin)\s+(?:work|class|school|my\s+(?:new\s+)?(?:job|shift|internship|course|class))"
        r"\s+(?:on\s+|next\s+|this\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+at\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)?)[.!]?$",
        re.I,
    ),
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


# A standing schedule or routine is a lasting fact, not a task with a day: "工作时间为9点到6点", "用户每日6:30
# 起床", "我晚上七点下班", "I wake up at 6:30 on weekdays", "I volunteer at the food bank on Saturday mornings",
# "I pay my rent on the 1st of each month". A turn that asks to be reminded keeps its task however often it
# recurs ("提醒我每周五还信用卡", "Remind me every day at 7"), and so does one that names a day of its own.
_ROUTINE = re.compile(
    r"每天|每日|每晚|每早|每[个隔]?(?:周|星期|礼拜|月)|天天|工作日|周内|平时|平日|(?:工作|上班|营业|办公|作息)时间|"
    r"\d+\s*点到\s*\d+\s*点|早[七八九十]晚[五六七八九十]|"
    r"\b(?:every|each|daily|weekdays|weekends|(?:mon|tues|wednes|thurs|fri|satur|sun)days|"
    r"(?:mornings|afternoons|evenings|nights)|(?:working|work|office|business|opening) hours|9 to 5|nine to five)\b",
    re.I,
)
# Getting up, going to bed, going to and leaving work, said with a time and no day, are the day's routine.
_ROUTINE_VERB = re.compile(r"起床|下班|上班|睡觉|上床|\b(?:wakes? up|gets? up|go(?:es)? to bed|leaves? work)\b", re.I)
_ONE_DAY = re.compile(
    r"今天|今晚|今早|明天|明早|明晚|后天|下个?(?:周|星期|礼拜|月)|这个?(?:周|星期|礼拜)|\d+\s*月\s*\d+\s*[日号]|"
    r"\b(?:today|tonight|tomorrow|next|this (?:week|weekend|morning|afternoon|evening))\b",
    re.I,
)
# A single weekday with a routine verb is a day of its own ("我周一早上九点开始上班"); "每周一" is not.
_WEEKDAY = re.compile(
    r"(?<!每)(?<!每个)(?:周|星期|礼拜)[一二三四五六日天]|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", re.I
)
_ASKS_REMINDER = re.compile(r"提醒|叫我|喊我|记好|别忘|不能忘|闹钟|\b(?:remind|don't let me forget|alarm)\b", re.I)


def standing(text: str) -> bool:
    """The turn states a standing schedule or a routine (see `_ROUTINE`), not a task to remind of."""
    if _ASKS_REMINDER.search(text) or _ONE_DAY.search(text):
        return False
    return bool(_ROUTINE.search(text) or (_ROUTINE_VERB.search(text) and not _WEEKDAY.search(text)))
