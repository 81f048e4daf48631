"""Twenty-second round's holes: near misses the retrained learned layer let through after the
twenty-first round's sets were retired (it had kept them apart before; no veto did).

  * `gap_count` - one gap between doses counted differently: 我隔一天吃一次药 / 我隔两天吃一次药. The
    rate words read 隔一天 (before a count) as 每两天, and 隔两天 kept its own 两, so both texts said
    the number 2. The family checks read the rewritten text, so 每N天 there is a gap of N-1 (read
    only against a text that says 隔 itself: 每两天 / 每三天 is the numbers veto's).
  * `title_narrowed` - a job fact against an episode that says only the title's head: the profile
    数学老师 / the episode 我是老师, "math teacher" / "I'm a teacher" (review27). Across kinds a fact's
    value need only share a content unit with the episode (科幻电影 / 科幻片), and 老师 was one.

Pure functions over two texts as the family checks read them (mal/dedup.py `first_person`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal.dedup_overlap import overlaps
from mal.dedup_quantity_words import ZH_NUM
from mal.dedup_text import flat, is_cjk, normalise, zh_number

__all__ = ["CHECKS", "gap_count", "title_narrowed"]

# a gap of N units between two times (隔天 and 每隔天 are a gap of one); not 相隔 / 间隔 (a distance)
_GAP_ZH = re.compile(rf"(?<![相间])隔\s*({ZH_NUM})?\s*个?(天|日|周|星期|礼拜|月|年)")
_EVERY_ZH = re.compile(rf"每\s*({ZH_NUM})\s*个?(天|日|周|星期|礼拜|月|年)")
_UNITS = {"天": "天", "日": "天", "周": "周", "星期": "周", "礼拜": "周", "月": "月", "年": "年"}


def _gaps(text: str) -> set[tuple[str, str]]:
    return {(zh_number(m.group(1)) if m.group(1) else "1", _UNITS[m.group(2)]) for m in _GAP_ZH.finditer(flat(text))}


def _every(text: str) -> set[tuple[str, str]]:
    out = set()
    for m in _EVERY_ZH.finditer(flat(text)):
        n = zh_number(m.group(1))
        if n.isdigit() and int(n) > 1:
            out.add((str(int(n) - 1), _UNITS[m.group(2)]))
    return out


def gap_count(a: str, b: str) -> bool:
    """Both texts say a gap of the same unit, of another length (隔一天 / 隔两天, 每隔一周 / 隔三周)."""
    ga, gb = _gaps(a), _gaps(b)
    if not (ga or gb):
        return False
    ga, gb = ga | _every(a), gb | _every(b)
    units = {u for _, u in ga} & {u for _, u in gb}
    return any({n for n, u in ga if u == unit} != {n for n, u in gb if u == unit} for unit in units)


_LIGHT_CHARS = frozenset("的了是在我你他她它们个一这那有就都也很名位")


def title_narrowed(value: str, other: str) -> bool:
    """`other` (an episode) says the end of the job title `value` (its head: 老师, "teacher") and
    nothing of what stands before it (数学, "math"): it names the general kind, the fact a narrower
    one. Heads of two characters or one whole English word at least."""
    v, text = normalise(value).strip(), normalise(other)
    if is_cjk(v):
        heads = [v[i:] for i in range(1, len(v) - 1)]
    else:
        words = v.split()
        heads = [" ".join(words[i:]) for i in range(1, len(words))]
    for head in heads:  # longest first
        pattern = re.escape(head) if is_cjk(v) else rf"\b{re.escape(head)}\b"
        if re.search(pattern, text):
            front = v[: len(v) - len(head)].strip()
            # a CJK front said by any of its characters (英语老师 / 英文老师) is said
            said = set(front) & set(text) - _LIGHT_CHARS if is_cjk(front) else set()
            return not (front in text or overlaps(front, text) or said)
    return False


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (("gap_count", gap_count),)
