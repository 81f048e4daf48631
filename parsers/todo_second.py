"""A second task in the same turn at its own clock time, the day said once for both: "明天上午10点开会，
下午3点去接孩子", "明天 10am 有个 meeting，下午 3pm 要去 gym", "I've got a haircut tomorrow at 11:30am and a
call with my landlord at 4pm" (issue #11, parse23). The first task's day carries to the second, and
the second's time is read from its own clause by the shared reader (parsers/temporal.py): nothing is
invented, and a clause with a day of its own is left to `second_reminder` (parsers/todo_rules.py).
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
_SECOND_ZH = re.compile(
    r"^(?P<head>[^，,。；;]*(?:\d\s*(?:am|pm)|点)[^，,。；;]*)[，,；;]\s*(?:然后|接着|还有|再)?"
    rf"(?P<rest>{_CLOCK_ZH}[^，,。；;！!？?]{{1,30}}?)[。！!]?$",
    re.I,
)
_AT_EN = r"\bat\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)\b"
_SECOND_EN = re.compile(
    rf"^(?P<head>[^.;!?]*?{_AT_EN})\s*,?\s+and\s+(?:then\s+)?(?P<rest>(?:a|an|my|the)\b[^.;!?,]{{2,60}}?{_AT_EN})[.!]?$",
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
    if m is None or _OWN_DAY.search(m.group("rest")):
        return matches
    head, rest = find_when(m.group("head"), now, lang), find_when(m.group("rest"), now, lang)
    first = todos[0][2]
    if not head or head.time != first["time"] or not rest or not rest.time or rest.time == first["time"]:
        return matches  # the first task's time is not the first clause's: the turn is read otherwise
    task = m.group("rest").strip(" \t，。！？!?,.~～")
    slots: dict[str, Any] = {"task": task, "date": first["date"], "time": rest.time}
    return [*matches, ("todo", 0.75, slots, [EntityRef(task, "task", "HAS_TODO")])]
