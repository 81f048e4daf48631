"""The time-aware stage of a search: what a question says about time, and how much a memory's time
fits it. Pure functions; `Retriever.search` applies the factor when the recipe's `time_aware` is on.

Three signals, all from the question text and the memory's own fields (never the wall clock for a
stored memory; the question's relative words resolve against the search time):
- a "when" question ("When did ...", "什么时候", "哪天") prefers memories whose words carry a time
  ("yesterday", "last week", "May 2023", "上周"): that is where the answer's date comes from;
- a time window in the question ("in May 2023", "last week", "去年夏天", "2023年5月") boosts
  memories whose `valid_from` (the turn's time) falls inside it and damps the others;
- an order word ("first", "most recent", "上次", "第一次") boosts the earliest or latest hits.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any, Literal

from mal.models import Memory

__all__ = ["TimeIntent", "has_time_words", "time_factor", "time_intent"]

_WHEN_EN = re.compile(
    r"^\s*(?:when|what\s+(?:date|day|month|year|time)|which\s+(?:date|day|month|year)|how\s+long\s+ago)\b"
    r"|\bwhen\s+(?:did|was|is|will|were|does|do|has|had)\b",
    re.I,
)
_WHEN_ZH = re.compile(r"什么时候|啥时候|哪天|哪一天|几号|几月|哪年|哪一年|何时|多久以前|多久前")
_FIRST = re.compile(r"\b(?:first|earliest|originally)\b|第一次|最早|首次|最初", re.I)
_LAST = re.compile(r"\b(?:most\s+recent(?:ly)?|latest|last\s+time|recently)\b|上次|上一次|最近|最后一次", re.I)
_TIME_WORDS = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|ago|last\s+(?:night|week|weekend|month|year|summer|winter|spring|fall|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)|next\s+(?:week|weekend|month|year)|this\s+(?:week|"
    r"weekend|month|year|morning|evening)|recently|lately|(?:19|20)\d\d|january|february|march|april|june|july|"
    r"august|september|october|november|december|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b"
    r"|昨天|前天|今天|明天|后天|上周|下周|上个月|下个月|去年|今年|明年|前几天|最近|周末|\d+月|\d{4}年|星期[一二三四五六日天]|周[一二三四五六日]",
    re.I,
)
_MONTH_NAMES = "january february march april may june july august september october november december"
_MONTHS = {m: i + 1 for i, m in enumerate(_MONTH_NAMES.split(" "))}
_MONTH_YEAR = re.compile(r"\b(" + "|".join(_MONTHS) + r")\s*,?\s+((?:19|20)\d\d)\b", re.I)
_YEAR = re.compile(r"\b(?:in|during|of)\s+((?:19|20)\d\d)\b", re.I)
_RELATIVE_EN = re.compile(r"\b(yesterday|last\s+(?:week|weekend|month|year)|this\s+(?:week|month|year))\b", re.I)


@dataclass(frozen=True)
class TimeIntent:
    when: bool = False  # the question asks for a time
    window: tuple[datetime, datetime] | None = None  # the time the question is about
    order: Literal["first", "last"] | None = None

    @property
    def any(self) -> bool:
        return self.when or self.window is not None or self.order is not None


def has_time_words(text: str) -> bool:
    return bool(_TIME_WORDS.search(text))


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def _month(year: int, month: int) -> tuple[datetime, datetime]:
    start = datetime(year, month, 1, tzinfo=UTC)
    end = datetime(year + (month == 12), month % 12 + 1, 1, tzinfo=UTC)
    return start, end


def _window_en(query: str, now: datetime) -> tuple[datetime, datetime] | None:
    m = _MONTH_YEAR.search(query)
    if m:
        return _month(int(m.group(2)), _MONTHS[m.group(1).lower()])
    m = _YEAR.search(query)
    if m:
        year = int(m.group(1))
        return datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)
    m = _RELATIVE_EN.search(query)
    if m:
        word = " ".join(m.group(1).lower().split())
        day = now.replace(hour=0, minute=0, second=0, microsecond=0)
        spans = {
            "yesterday": (day - timedelta(days=1), day),
            "last week": (day - timedelta(days=7 + day.weekday()), day - timedelta(days=day.weekday())),
            "last weekend": (day - timedelta(days=day.weekday() + 2), day - timedelta(days=day.weekday())),
            "this week": (day - timedelta(days=day.weekday()), day + timedelta(days=1)),
            "last month": (_month(now.year - (now.month == 1), (now.month - 2) % 12 + 1)),
            "this month": _month(now.year, now.month),
            "last year": (datetime(now.year - 1, 1, 1, tzinfo=UTC), datetime(now.year, 1, 1, tzinfo=UTC)),
            "this year": (datetime(now.year, 1, 1, tzinfo=UTC), datetime(now.year + 1, 1, 1, tzinfo=UTC)),
        }
        return spans.get(word)
    return None


@lru_cache(maxsize=1)
def _jionlp() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import jionlp

    return jionlp


def _window_zh(query: str, now: datetime) -> tuple[datetime, datetime] | None:
    """jionlp resolves 去年夏天, 上周, 2023年5月 to a span against the question time."""
    if not re.search(r"[年月周天]|上次|去年|今年|昨|前", query):
        return None
    try:
        found = _jionlp().ner.extract_time(query, time_base=_aware(now).timestamp(), with_parsing=True)
    except Exception:  # jionlp raises bare exceptions on odd spans
        return None
    for item in found:
        points = (item.get("detail") or {}).get("time")
        if isinstance(points, list) and len(points) == 2 and all(isinstance(p, str) for p in points):
            try:
                start = datetime.strptime(points[0], "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
                end = datetime.strptime(points[1], "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
            except ValueError:
                continue  # an open end ("-inf"): no window
            return start, end + timedelta(seconds=1)
    return None


def time_intent(query: str, lang: str, now: datetime) -> TimeIntent:
    zh = lang == "zh"
    when = bool(_WHEN_ZH.search(query) if zh else _WHEN_EN.search(query))
    window = _window_zh(query, now) if zh else _window_en(query, now)
    order: Literal["first", "last"] | None = None
    if _FIRST.search(query):
        order = "first"
    elif _LAST.search(query):
        order = "last"
    return TimeIntent(when, window, order)


def time_factor(memory: Memory, intent: TimeIntent, boost: float, rank_in_time: float | None = None) -> float:
    """How much the memory's time fits the question: 1 is neutral. `rank_in_time` is the memory's
    place among the candidates by time (0 earliest .. 1 latest), for order questions."""
    factor = 1.0
    if intent.when and has_time_words(memory.text or memory.summary):
        factor *= 1 + boost
    if intent.window is not None and memory.valid_from is not None:
        start, end = intent.window
        inside = start <= _aware(memory.valid_from) < end
        factor *= (1 + boost) if inside else 1 / (1 + boost)
    if intent.order is not None and rank_in_time is not None:
        closeness = 1 - rank_in_time if intent.order == "first" else rank_in_time
        factor *= 1 + boost * closeness
    return factor
