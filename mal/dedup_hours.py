"""Hours said in words, hours said without their half of the day, and meals as parts of the day
(fourteenth round, helper unblock14).

A note about the user writes the hour another way than the user said it, and the numbers and times
vetoes (mal/dedup.py) read the two as two events (an hour said in words, "half past five", is read
by mal/dedup_clock_words.py before the signature):

  * `half_day_said`: an hour the user said without its half of the day (我十一点睡觉, "my hours are
    9 to 5") and the same hour with it (晚上11点, 9am-5pm) are one time, when the text without it
    names no half of the day anywhere (我早上七点起床，十一点睡觉 keeps 11:00 as it stands);
  * `meal_said`: a meal says its part of the day (晚上不吃主食 / 晚饭不吃主食, "in the morning" /
    "breakfast"): the times veto's difference is only a part of the day the other text's meal says.

Two halves of the day both said (早上7点 / 晚上7点, 6am / 6pm) and two meals (午饭 / 晚饭) still
differ. Pure functions over text; no I/O.
"""

from __future__ import annotations

import re

from mal.dedup_text import flat, signature

__all__ = ["half_day_said", "is_note", "meal_said"]

# the halves of the day a text may name (any of them makes its bare hours its own)
# ("night owl", "night person" name a habit, not the half of the day of an hour: seventeenth round)
_HALF_DAY = re.compile(
    r"凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|半夜|[今明昨每]晚|[今明昨]早|"
    r"\d\s*[ap]\.?m(?![a-z])|"
    r"(?<![a-z])(?:morning|afternoon|evening|night(?! owl| person)|noon|midnight|tonight)(?![a-z])"
)
_CLOCK = re.compile(r"(\d{2}):(\d{2})")
# a bare English number read as an hour: "from 9", "at 6", "9 to 5", "until 5", "9-5"
_EN_HOUR_CUES = (
    # (sixteenth round, helper unblock16en: "to bed around 11" / "to bed around 11 pm"; "about 7" is
    # as often a quantity as an hour, so it is no cue: review mend)
    re.compile(r"\b(?:at|from|until|till|to|by|around|before|after)\s+(\d{1,2})\b"),
    re.compile(r"\b(\d{1,2})\s*(?:to|until|till|-|–)\s*\d"),
)


def half_day_said(a: str, b: str, noted: bool = False) -> bool:
    """The numbers differ only where one text says an hour without its half of the day and the
    other says that hour with it (see the module docstring). Between two texts in the user's own
    words (`noted` False: neither is a note about the user), the bare text must tell the half by
    what it does then (`_told`): "I have a meeting at 7" / "... at 7am" are two times as said,
    "I wake up at 6" / "I get up at 6 am" one (review of the seventeenth round)."""
    x, y = signature(a).numbers, signature(b).numbers
    if len(x) != len(y) or x == y:
        return False
    bare_a, bare_b = not _HALF_DAY.search(flat(a)), not _HALF_DAY.search(flat(b))
    return all(
        u == v or (bare_a and _same_hour(u, v, a, noted)) or (bare_b and _same_hour(v, u, b, noted))
        for u, v in zip(x, y, strict=True)
    )


def _same_hour(bare: str, clock: str, text: str, noted: bool = True) -> bool:
    """`bare` (from `text`, which names no half of the day) is `clock`'s hour in either half (unless
    `noted` is False: in the half `text` tells)."""
    c = _CLOCK.fullmatch(clock)
    if c is None:
        return False
    hour, minutes = int(c.group(1)), c.group(2)
    b = _CLOCK.fullmatch(bare)
    if b is not None:  # 11:00 / 23:00
        return (
            b.group(2) == minutes
            and int(b.group(1)) in (hour, hour - 12)
            and int(b.group(1)) < 12 <= hour
            and (noted or _told(hour, text, int(b.group(1))))
        )
    if not bare.isdigit() or minutes != "00" or bare not in _hour_cues(text):
        return False
    return int(bare) in (hour, hour - 12) and 0 < int(bare) <= 12 and (noted or _told(hour, text, int(bare)))


# What a text does at an hour that tells its half of the day: getting up and breakfast are in the
# morning; dinner and getting home are in the evening, and going to bed in the evening or the small
# hours (around 2 / 2 am); a span from one hour to a smaller one ("9 to 5") runs from the morning
# into the afternoon. Each tells only the hours it can be at (review of the eighteenth round): the
# span its start in the morning and its end in the afternoon ("9 to 5" is no "9pm to 5am"), going to
# bed no afternoon ("to bed at 3" is no "3pm"), dinner from 5pm, getting home or off work from 3pm;
# and only the hour of its own clause ("wake up at 7 and go to bed at 11" tells no 11am).
_MORNING = re.compile(
    r"\b(?:wake|wakes|woke|waking|get up|gets up|got up|getting up|alarm|breakfast)\b|起床|醒|早饭|早餐"
)
_EVENING = (
    (15, re.compile(r"\b(?:(?:get|gets|got|come|comes|came) home|after work|off work)\b|下班")),
    (17, re.compile(r"\b(?:dinner|supper)\b|晚饭|晚餐")),
    (19, re.compile(r"\b(?:bed|bedtime|sleep|sleeps|asleep)\b|睡")),
)
_BEDTIME = re.compile(r"\b(?:bed|bedtime|sleep|sleeps|asleep)\b|睡")
_SPAN = re.compile(r"\b(\d{1,2})\s*(?:to|until|till|-|–)\s*(\d{1,2})\b")
_CLAUSE = re.compile(r"[,;.!?，。；！？]|\b(?:and|then|but|while)\b|然后|再|和|但")


def _told(hour: int, text: str, bare: int) -> bool:
    """`text` tells that its bare hour `bare` is `hour` (0-23) by what it does then."""
    t = flat(text)
    spans = [(int(m.group(1)), int(m.group(2))) for m in _SPAN.finditer(t)]
    if any(hour in (start, end + 12) for start, end in spans if start > end):
        return True
    t = _clause(t, bare)
    if hour >= 12:
        return any(hour >= earliest and cue.search(t) for earliest, cue in _EVENING)
    return bool(_MORNING.search(t)) or (hour <= 5 and bool(_BEDTIME.search(t)))


def _clause(text: str, bare: int) -> str:
    """The clause of `text` that says the hour `bare` (the whole text when none says it in digits)."""
    clauses = [c for c in _CLAUSE.split(text) if re.search(rf"(?<!\d){bare}(?!\d)", c)]
    return clauses[0] if len(clauses) == 1 else text


_NOTE = re.compile(r"^\W*(?:the\s+)?user\b|^\W*用户", re.IGNORECASE)


def is_note(text: str) -> bool:
    """`text` is a note about the user ("User wakes at 6", 用户每天…), not the user's own words: its
    writer heard the user and wrote the half of the day the user meant."""
    return bool(_NOTE.search(text))


def _hour_cues(text: str) -> set[str]:
    return {m.group(1) for cue in _EN_HOUR_CUES for m in cue.finditer(flat(text))}


# a meal and the part of the day it says (the times veto's values: mal/dedup_lexicon.py)
_MEALS = (
    (re.compile(r"早饭|早餐|早点|\bbreakfast\b"), frozenset(("早上", "上午", "morning"))),
    (re.compile(r"午饭|午餐|中饭|\blunch\b"), frozenset(("中午", "noon"))),
    (re.compile(r"晚饭|晚餐|\bdinner\b|\bsupper\b"), frozenset(("晚上", "傍晚", "evening", "night"))),
)


def meal_said(a: str, b: str) -> bool:
    """Every part of the day one text alone names is said by a meal of the other text."""
    x, y = signature(a).times, signature(b).times
    if x == y:
        return False
    return _meals_say(x - y, flat(b)) and _meals_say(y - x, flat(a))


def _meals_say(times: frozenset[str], text: str) -> bool:
    said = {t for pattern, parts in _MEALS if pattern.search(text) for t in parts}
    return times <= said
