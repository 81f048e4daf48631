"""Children counted by sex in Chinese (twenty-third round, helper people23, issue #11).

The people veto (mal/dedup_checks.py `people_differ`) reads 孩子 as "child" and 儿子 / 女儿 as a
son and a daughter. A text that counts its children and then says their sex with 男孩 / 女孩
("我家有两个孩子，一个男孩一个女孩") names no son nor daughter, and one that says the count before
the sons and daughters ("我有两个孩子，一儿一女") names a child the note ("用户有一个儿子和一个女儿")
lacks: each was a restatement the veto kept apart. `children_by_sex` rewrites, on one side:

* the sex of the counted children right after the count (男孩 / 男孩子 / 男 / 儿 / 儿子 and the
  female forms) as sons and daughters ("一个儿子和一个女儿"), only when the counts add up to the
  children counted, so "两个孩子，一个男孩" (a part) and "两个孩子，两个女孩" / 一儿一女 still differ;
* and the count itself dropped ("两个孩子，" gone) when the other text says no 孩子 / 小孩, so the
  children are the sons and daughters both texts name.

And `child_verbs`: a verb with 娃 (带娃, 接娃) is the verb with 孩子 (see its docstring for when).

Who is a son and who a daughter still comes through: 两个男孩 is 两个儿子, never 一儿一女.
Pure functions over one text; no imports from mal.
"""

from __future__ import annotations

import re

__all__ = ["child_verbs", "children_by_sex"]

# jieba cuts a verb with 娃 as one word, so the child in 带娃 went unread (这周末带娃去长隆 /
# 用户本周末带孩子去长隆). Rewritten here, not in the PHRASES table: its values become jieba words,
# and 带孩子 cut as one word would hide the child of every text that says it.
_VERB_WA = re.compile(r"([带养接送生哄])娃(?!娃)")

_DIGITS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5}
_WRITTEN = {1: "一", 2: "两", 3: "三", 4: "四", 5: "五"}
_ITEM = r"[一两二三四五](?:个)?(?:男孩子|女孩子|男孩|女孩|儿子|女儿|儿|女|男)"
_COUNTED = re.compile(
    rf"(?P<count>[一两二三四五1-5])个(?:孩子|小孩)(?P<sep>[，,：:、\s]*)(?P<kids>{_ITEM}(?:(?:和|跟|、|，|,)?{_ITEM}){{0,2}})"
)
_ONE = re.compile(r"([一两二三四五])(?:个)?(男孩子|女孩子|男孩|女孩|儿子|女儿|儿|女|男)")


def children_by_sex(text: str, other: str) -> dict[str, str]:
    """Spans of `text` that count children and then say their sex, each mapped to the sons and
    daughters it names (see the module docstring); empty where `text` has none."""
    out: dict[str, str] = {}
    for m in _COUNTED.finditer(text):
        sons = daughters = 0
        for n, sex in _ONE.findall(m.group("kids")):
            if sex[0] in "男儿":
                sons += _DIGITS[n]
            else:
                daughters += _DIGITS[n]
        if sons + daughters != _DIGITS[m.group("count")]:
            continue  # a part of the children ("两个孩子，一个男孩"), or a count misread
        said = ((sons, "儿子"), (daughters, "女儿"))
        if _ONE.findall(m.group("kids"))[0][1][0] not in "男儿":
            said = said[::-1]  # in the order the text says them (一个女孩一个男孩 / 一个女儿和一个儿子)
        named = "和".join(f"{_WRITTEN[k]}个{word}" for k, word in said if k)
        if "孩子" in other or "小孩" in other:
            out[m.group("kids")] = named
        else:
            out[m.group(0)] = named
    return out


def child_verbs(text: str, other: str) -> dict[str, str]:
    """A verb with 娃 (带娃, 接娃, 生娃) mapped to the verb with 孩子, when the other text says that
    verb with 孩子 too, or says no 孩子 at all (带娃 / 带狗: the child is evidence of another
    person). Where the other says 孩子 with another verb (在家带娃 / 在家照顾孩子) the one word 带娃
    is left to the model, as before: 带 / 照顾 read as a substitution."""
    out: dict[str, str] = {}
    for m in _VERB_WA.finditer(text):
        said = f"{m.group(1)}孩子"
        if said in other or not ("孩子" in other or "小孩" in other):
            out[m.group(0)] = said
    return out
