"""Time words across the two languages, for the dedup veto's `times` check.

A memory and its translation name one time in two vocabularies: 我每周六早上去游泳 / "User goes
swimming every Saturday morning" reads {早上} against {morning}, 我下周三要去上海出差 / "... next
Wednesday" {下周} against {next}, and the `times` check, which compares the words, vetoed every such
pair (six code-switched restatements of the pair sets). Here each side's time words are read as
language-neutral ones first: 早上 is morning, 下周 is next + week, 下个月 is next + month; an English
"next" / "last" / "this" with no unit (before a weekday) names that week. Only a pair whose time words are written
in two scripts is read this way, so the English-only distinctions (evening / night) and the Chinese
ones the `times` check already draws are untouched: across languages 晚上 is evening or night.

Pure functions over the signature's time words; no I/O.
"""

from __future__ import annotations

from mal.dedup_text import is_cjk

__all__ = ["times_translated"]

# Chinese time word (as mal/dedup_lexicon.py TIME_WORDS_ZH canonicalises it) -> neutral words
_ZH: dict[str, frozenset[str]] = {
    word: frozenset(neutral.split())
    for word, neutral in {
        "今天": "today",
        "明天": "tomorrow",
        "昨天": "yesterday",
        "今晚": "tonight",
        "早上": "morning",
        "中午": "noon",
        "下午": "afternoon",
        "傍晚": "evening",
        "晚上": "evening",
        "夜里": "evening",
        "半夜": "midnight",
        "上周": "last week",
        "下周": "next week",
        "这周": "this week",
        "上个月": "last month",
        "下个月": "next month",
        "这个月": "this month",
        "今年": "this year",
        "去年": "last year",
        "明年": "next year",
        "周末": "weekend",
        "春天": "spring",
        "夏天": "summer",
        "秋天": "autumn",
        "冬天": "winter",
        "圣诞": "christmas",
        "周日": "sunday",
        "周": "week",
    }.items()
}
# English words read as their neutral form across languages (晚上 is evening or night)
_EN = {"night": "evening", "fall": "autumn", "weeks": "week", "months": "month", "years": "year"}
_WEEKDAYS = frozenset(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"))
_RELATIVE = frozenset(("next", "last", "this"))


def _neutral(times: frozenset[str]) -> frozenset[str] | None:
    out: set[str] = set()
    for word in times:
        if is_cjk(word):
            if word not in _ZH:
                return None  # a Chinese time word with no English reading here: no verdict
            out |= _ZH[word]
        else:
            out.add(_EN.get(word, word))
    if out & _RELATIVE and not out & {"week", "month", "year"}:
        # "next Wednesday" is in next week (the alignment may have written its weekday in Chinese)
        out.add("week")
    # the weekday itself is not compared here: the alignment writes an English one in Chinese
    # (Wednesday -> 周三), where the numbers check reads it
    return frozenset(out - _WEEKDAYS)


def times_translated(x: frozenset[str], y: frozenset[str]) -> bool:
    """The time words of a pair written in two scripts name the same times once each side is read in
    neutral words (see the module docstring)."""
    if not x or not y:
        return False
    cjk_x, cjk_y = any(is_cjk(w) for w in x), any(is_cjk(w) for w in y)
    latin_x, latin_y = any(not is_cjk(w) for w in x), any(not is_cjk(w) for w in y)
    if not ((cjk_x and latin_y) or (cjk_y and latin_x)):
        return False
    wx, wy = _weekdays(x), _weekdays(y)
    if wx and wy and wx != wy:
        return False  # 周日 / Saturday: another day (review mend; the numbers check has no digit to read)
    nx, ny = _neutral(x), _neutral(y)
    return nx is not None and ny is not None and nx == ny


_ZH_WEEKDAYS = {
    f"周{c}": day
    for c, day in zip(
        "一二三四五六日", ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"), strict=True
    )
}


def _weekdays(times: frozenset[str]) -> frozenset[str]:
    return frozenset(_ZH_WEEKDAYS.get(w, w) for w in times if w in _ZH_WEEKDAYS or w in _WEEKDAYS)
