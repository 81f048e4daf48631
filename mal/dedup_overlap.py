"""Can two slot values be compared, and do they then differ? For the model's slot check in dedup's
veto (mal/dedup.py `_slots_compatible`, `_said`).

The veto is one-sided: it stops a pair only on positive evidence that the two memories say different
things. A restatement made weeks later is cut by the parser differently (科幻电影 / 科幻片, rainy days /
rainy weather, the employer "Google" / the job "Google employee", an allergy with or without its
condition slot), and such a cut is no evidence: it leaves the pair to the cosine and the learned
model. What is evidence:
  * a structured code both sides hold with two values (max / min, like / dislike, spouse / self,
    two dates): `codes_differ`;
  * one value under two roles (北京 the arrival of one, the departure of the other; Cleveland the
    hometown of one, the city of the other): `role_moved`;
  * two span values that share nothing (火锅 / 烧烤, programmer / designer), or one holding the other
    with a new head, a longer list or a longer title (mal/dedup_spans.py `same_span`): `spans_differ`.
Two spans that share a content unit (a Chinese character bigram, an English word stem) without one
holding the other are left to the model; the sibling, substitution and contrast checks of the veto
still read the texts (绿茶 / 红茶, 草莓 / 蓝莓).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from mal.dedup_lexicon import FILLERS_EN, FILLERS_ZH
from mal.dedup_spans import same_span
from mal.dedup_text import is_cjk, normalise

__all__ = ["codes_differ", "overlaps", "role_moved", "spans_differ"]

_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_LATIN = re.compile(r"[a-z]+")
_STEM = 4  # hike / hikes / hiking, nurse / nursing, teach / teacher share their first four letters
# Characters that carry no content: a bigram made of them is no overlap (的东西 / 的事 share 的).
_LIGHT_ZH = frozenset("的了是在我你他她它们个一这那有就都也很")
# Slot pairs that name one thing in two roles: a value that moves between them is another fact.
_ROLES = (("departure", "arrival"),)


def _units(text: str) -> set[str]:
    """Content units of a text: Chinese character bigrams (no light character in them) and the first
    letters of English words of four letters or more that are no filler."""
    low = normalise(text)
    units = set()
    for run in _CJK_RUN.findall(low):
        units |= {run[i : i + 2] for i in range(len(run) - 1) if not set(run[i : i + 2]) & _LIGHT_ZH}
        units -= FILLERS_ZH
    units |= {w[:_STEM] for w in _LATIN.findall(low) if len(w) >= _STEM and w not in FILLERS_EN}
    return units


def overlaps(value: str, text: str) -> bool:
    """`value` shares a content unit with `text` (科幻电影 / 科幻片是我最爱看的: 科幻; horror movies /
    Horror films aren't my thing: horr)."""
    return bool(_units(value) & _units(text))


def spans_differ(u: str, v: str, title: bool) -> bool:
    """Positive evidence that two span values name two things: one holds the other and `same_span`
    says the longer names another (jazz / jazz fusion, nurse / nurse practitioner, peanuts / peanuts
    and shellfish), or they share no content unit at all (火锅 / 烧烤, programmer / designer). A
    Chinese place or employer in front of a title, joined by 的, is no longer title (医院的护士 /
    护士, 腾讯的产品经理 / 产品经理)."""
    short, long = sorted((u, v), key=len)
    if short and short in long:
        if same_span(u, v, title):
            return False
        front = long[: long.find(short)]
        return not (is_cjk(short) and long.endswith(short) and front.endswith("的"))
    return not overlaps(u, v)


def codes_differ(a: Mapping[str, str], b: Mapping[str, str], keys: set[str]) -> bool:
    """A structured code (not a span) both sides hold with two values."""
    return any(k in a and k in b and a[k] != b[k] for k in keys)


def role_moved(a: Mapping[str, str], b: Mapping[str, str]) -> bool:
    """One value under two roles: the arrival of one is the departure of the other (我下周五飞北京 /
    我下周五从北京飞回来), or the same profile value under two fields (I grew up in Cleveland / I live
    in Cleveland now: hometown / city)."""
    for x, y in _ROLES:
        if (a.get(x) and a.get(x) == b.get(y)) or (a.get(y) and a.get(y) == b.get(x)):
            return True
    return bool(a.get("field") and b.get("field") and a["field"] != b["field"] and a.get("value") == b.get("value"))
