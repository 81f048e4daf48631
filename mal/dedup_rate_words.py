"""One rate (or duration), one wording (twentieth round, issue #11).

Writers restate how often something happens in another form of the same rate: 每十四天 / 每两周,
"seven days a week" / "every day", 隔天 / 每两天, "every other week" / "every two weeks". The numbers,
contrast and swap checks read the two forms as different numbers and periods. `rates_spelt` rewrites
the forms below to one of them before any check reads the text (mal/dedup_notes.py `first_person`),
so the two read alike, while another rate (每三周, "six days a week") still differs in its numbers.
隔天 / 隔日 / 隔月 alone are left as written: they also say "the next day" (快递隔日送达; review22),
and a rate one text alone says ("every other week" / "every week") still differs. Arithmetic only: a
count per period ("three times a week") and an ambiguous word (biweekly: twice a week or every two
weeks) are left as written; mal/dedup_rates.py compares those. A duration gets the same treatment
("a quarter of an hour" / "15 minutes", "a decade" / "ten years", 万步 / 一万步).

Pure functions over one text; no imports from mal.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["rates_spelt"]

# each form -> the one wording it is read as
_SPELT = (
    (re.compile(r"\b(?:seven|7) days (?:a|per|each) week\b", re.IGNORECASE), "every day"),
    (re.compile(r"\bevery (?:14|fourteen) days\b", re.IGNORECASE), "every two weeks"),
    (re.compile(r"\bevery (?:7|seven) days\b", re.IGNORECASE), "every week"),
    (re.compile(r"\bevery (?:other|second) (day|week|month|year)\b", re.IGNORECASE), r"every two \1s"),
    (re.compile(r"\b(?:on )?alternate (day|week|month|year)s\b", re.IGNORECASE), r"every two \1s"),
    (re.compile(r"(?:每|(?<![上下这本第前后])一)(?:周|星期|个星期|礼拜|个礼拜)七天(?:都)?"), "每天"),
    (re.compile(r"每(?:隔)?十四天"), "每两周"),
    (re.compile(r"每七天"), "每周"),
    # 隔天 / 隔日 / 隔月 alone are also "the next day / month" (快递隔日送达, 我隔天就去了医院: review22);
    # 每隔一天 is every other day whatever follows; 隔天 / 隔一天 only before a count (隔天打一次电话,
    # 隔一天吃一次药), never after 相 / 间 (相隔一天 is a gap)
    (re.compile(r"每隔一(?:个)?(天|日)"), "每两天"),
    (re.compile(r"每隔一(?:个)?(周|星期|礼拜)"), "每两周"),
    (re.compile(r"每隔一(?:个)?月"), "每两个月"),
    (re.compile(r"(?<![每间相])隔一?(?:天|日)(?=[^，,。；;了]{0,6}?[一二两三四五六七八九十\d]次)"), "每两天"),
    # one duration, one wording: a fraction of an hour, a decade, a fortnight in minutes / years / weeks
    (re.compile(r"\bthree[ -]quarters of an hour\b", re.IGNORECASE), "45 minutes"),
    (re.compile(r"\b(?:a )?quarter(?: of an |-)hour\b", re.IGNORECASE), "15 minutes"),
    (re.compile(r"\b(?:an hour and a half|one and a half hours|1\.5 hours)\b", re.IGNORECASE), "90 minutes"),
    (re.compile(r"\b(?:half an hour|a half[ -]hour|half-hour)\b", re.IGNORECASE), "30 minutes"),
    (re.compile(r"\b(?:a|one) decade\b", re.IGNORECASE), "ten years"),
    (re.compile(r"\btwo decades\b", re.IGNORECASE), "twenty years"),
    (re.compile(r"\b(?:a|one) fortnight\b", re.IGNORECASE), "two weeks"),
    (re.compile(r"三刻钟"), "四十五分钟"),
    (re.compile(r"(?<![一二两三四五六七八九十\d])一刻钟"), "十五分钟"),
    (re.compile(r"(?<=[走行跑])万步"), "一万步"),  # 日行万步; not 几万步 / 上万步 / 近万步 (review22)
)


@lru_cache(maxsize=4096)
def rates_spelt(text: str) -> str:
    """`text` with a rate written one of the ways above in the one wording (see `_SPELT`)."""
    out = text
    for pattern, repl in _SPELT:
        out = pattern.sub(repl, out)
    return out
