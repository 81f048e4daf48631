"""A second task in the same turn at its own clock time, the day said once for both: "明天上午10点开会，
下午3点去接孩子", "后天早上8点体检，下午两点去银行", "I've got a haircut tomorrow at 11:30am and a
call with my landlord at 4pm" (issue #11, parse23). The first task's day carries to the second, and
the second's time is read from its own clause by the shared reader (parsers/temporal.py): nothing is
invented, and a clause with a day of its own is left to `second_reminder` (parsers/todo_rules.py).

Narrow on purpose (review30 found it storing someone else's errand, "下午3点结束", a cancelled meeting and
a next-morning wake-up as tasks): the second clause is the user's own (no subject or 我 / I), opens with
a task verb from a short list (去 / 接 / 送 / 见 / 交 / 开会 / 上课; "a call with", "a meeting", "pick up",
"meet"), holds no negation, cancel, hedge, end, arrival or free-time word, falls later the same day,
and when the first todo took its text from the second clause (明天 10am 有个 meeting，下午 3pm 要去 gym) it
gets its own clause's text back, so the gym is stored once.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from parsers.model import EntityRef
from parsers.temporal import find_when

__all__ = ["second_timed"]

Match = tuple[str, float, dict[str, Any], list[EntityRef]]

_CLOCK_ZH = (
    r"(?:早上|上午|中午|下午|晚上|傍晚)\s*"
    r"(?:[0-9]{1,2}(?:[:：][0-9]{2})?\s*(?:am|pm)|[0-9零一二三四五六七八九十两]{1,3}\s*点)"
)
# the second clause opens with its part of the day and clock ("，下午3点去接孩子"); the first holds a clock too
# after the clock: the user (no subject, or 我), an optional modal, then a task verb from a short list
_TASK_ZH = r"\s*我?(?:还)?(?:要|得|需要|准备)?(?:再)?(?:去|接|送|见|交|开会|上课)"
_SECOND_ZH = re.compile(
    r"^(?P<head>[^，,。；;]*(?:\d\s*(?:am|pm)|点)[^，,。；;]*)[，,；;]\s*(?:然后|接着|还有|再)?"
    rf"(?P<rest>{_CLOCK_ZH}(?:[0-9零一二三四五六七八九十半]{{1,3}}分?)?{_TASK_ZH}[^，,。；;！!？?]{{0,30}}?)[。！!]?$",
    re.I,
)
_AT_EN = r"\bat\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)\b"
# a booking the user has ("a call with the bank", "a haircut", "lunch with Sam") or an errand of the user's
# own ("pick up the kids", "I meet Sam"): no other subject before a verb ("my husband has a call")
_BOOKING_EN = (
    r"(?:(?:a|an)\s+(?:[a-z'-]+\s+){0,2}?(?:call|meeting|lunch|dinner|breakfast|coffee|haircut|appointment|"
    r"interview|class|lesson|session|check-?up|meetup|date|workout|session)\b(?:\s+with\s+[^.;!?,]{1,30}?)?"
    r"|(?:I\s+)?(?:(?:have to|need to|must|will|gotta)\s+)?(?:pick up|meet|see|drop off|go to)\b[^.;!?,]{1,40}?)"
)
_SECOND_EN = re.compile(
    rf"^(?P<head>[^.;!?]*?{_AT_EN})\s*,?\s+and\s+(?:then\s+)?(?P<rest>{_BOOKING_EN}\s+{_AT_EN})[.!]?$",
    re.I,
)
# negation, cancelling, a hedge, an end, an arrival or free time: no task of the user's to keep
_NOT_A_TASK = re.compile(
    r"不|没|别|取消|推迟|改期|改到|也行|也可以|可以吗|吧|或者|还是|结束|完事|到达|到了|才|有空|空闲|可能|也许|大概|"
    r"\b(?:not|no|never|cancel\w*|postpone\w*|maybe|perhaps|or|end|ends|finish\w*|close[sd]?|arriv\w*|"
    r"free|available|off)\b|n't",
    re.I,
)
# a day of its own in the second clause: not this rule's (the first reminder's day would be wrong)
_OWN_DAY = re.compile(
    r"今天|今晚|明天|后天|周[一二三四五六日天]|星期|礼拜|\d+\s*[月号日]|"
    r"\b(?:today|tonight|tomorrow|mon|tue|wed|thu|fri|sat|sun|next|this|on)\b",
    re.I,
)


def second_timed(text: str, lang: str, now: datetime, matches: list[Match]) -> list[Match]:
    """`matches` with the turn's second timed task added when the turn holds exactly one todo with a
    date and a time, and a second clause with a clock time and no day of its own."""
    todos = [m for m in matches if m[0] == "todo"]
    if len(todos) != 1 or not {"date", "time"} <= todos[0][2].keys():
        return matches
    m = (_SECOND_ZH.search(text.strip()) if lang != "en" else None) or (
        _SECOND_EN.search(text.strip()) if lang != "zh" else None
    )
    if m is None or _OWN_DAY.search(m.group("rest")) or _NOT_A_TASK.search(m.group("rest")):
        return matches
    head, rest = find_when(m.group("head"), now, lang), find_when(m.group("rest"), now, lang)
    first = todos[0][2]
    if not head or head.time != first["time"] or not rest or not rest.time or rest.time <= first["time"]:
        # the first task's time is not the first clause's (the turn is read otherwise), or the second
        # is no later that day (明天晚上11点睡觉，早上7点起床: the morning after)
        return matches
    task = m.group("rest").strip(" \t，。！？!?,.~～")
    said = str(first.get("task", "")).strip()
    if said and said in task:
        # 明天 10am 有个 meeting，下午 3pm 要去 gym: the first todo holds the first clause's day and time
        # (checked above) but took its text from the second clause; it gets its own clause's text back,
        # so the gym is stored once, at 3pm
        own = m.group("head").strip(" \t，。！？!?,.~～")
        fixed = {**first, "task": own}
        refs = [EntityRef(own, r.type, r.relation, r.detail) if r.name == said else r for r in todos[0][3]]
        matches = [(k, c, fixed, refs) if (k, c, s, r) == todos[0] else (k, c, s, r) for k, c, s, r in matches]
    slots: dict[str, Any] = {"task": task, "date": first["date"], "time": rest.time}
    return [*matches, ("todo", 0.75, slots, [EntityRef(task, "task", "HAS_TODO")])]
