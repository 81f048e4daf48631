"""Eleventh round (helper zh10): Chinese restatements the veto kept apart on no real evidence.

Held out (`python -m bench.dedup_loso`), most Chinese true duplicates the rule lost died in the
veto's slot check (mal/dedup.py `_slots_compatible`), where the parser had read the two phrasings
into different slot values although both texts say the same thing. Four shapes recur:

  * a copula put the topic first: "X是我…的Y" (绿茶是我最喜欢的饮料, 年糕是我家猫的名字, 豆豆是我
    养的柯基犬) says X is the user's Y, and the parser read Y, a category or a name-word, as the
    value where the other phrasing gave X (`copula_misread`);
  * one value names only a category (新手机, 手机, 电脑): the other's 华为Mate 60 is no different
    thing, only the one the first did not name (`generic`);
  * a place slot cut with a verb glued on (机去成都 for 成都 in 坐飞机去成都), or a city read as the
    employer (我在魔都上班): the two values name the same places and nothing else (`same_places`);
  * where the user is from, read as the city they live in: 我是杭州人 and 老家是湖南长沙的 state the
    hometown, so their "city" is read as one (`origin_read`) before the role check compares fields.

And three outside the slots:

  * an address glued from big to small (四川绵阳) names one place, not a route: its order against
    绵阳…四川 is no evidence (`address_order`); 上海飞成都 / 成都飞上海 keep theirs;
  * 吃不了 / 喝不了 against the plain 不吃 / 不喝 of the same verb is one refusal (我不吃辣 / 我吃不了
    辣的), not a dislike against an inability (`refusal_restated`): 不喜欢吃辣 / 吃不了辣 still differ;
  * an aspect one text alone says about the same fact in time: retired (退休教师 / 以前当老师，现在
    退休了), a habit ended (戒烟了 / 戒掉了), a switch and what is used now (`aspect_restated`).

Each narrowing drops one slot or order difference only where the texts show it is a misreading;
every other check of the veto still runs, and the learned model still decides behind it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from mal.dedup_overlap import overlaps
from mal.dedup_text import Signature, is_cjk, normalise, signature

__all__ = [
    "address_order",
    "aspect_restated",
    "copula_misread",
    "generic",
    "origin_read",
    "refusal_restated",
    "same_places",
    "unevidenced",
]

# Heads that name a category or a name, not a thing: what "X是我…的Y" puts last.
_GENERIC_HEADS_ZH = frozenset(
    (
        *("名字", "名", "事", "事情", "东西", "饮料", "食物", "水果", "运动", "爱好", "活动", "颜色"),
        *("菜", "地方", "城市", "歌", "电影", "书", "品牌", "手机", "电脑", "宠物", "工作", "职业"),
    )
)
# A value that says only the category: 手机, 新手机, 一部新手机, 电脑.
_CATEGORIES = ("手机", "电脑", "笔记本", "平板", "车", "宠物")
_CATEGORY_VALUE = re.compile(rf"(?:一[台部个只辆])?(?:新的?|旧的?)?({'|'.join(_CATEGORIES)})")
_COPULA_ZH = re.compile(r"^(?P<topic>[^，,。是]+?)(?:就)?是(?:我|我们|用户)(?:家)?(?P<rest>[^，,。]*)$")
_PLACE_KEYS = frozenset(("arrival", "departure", "city", "hometown", "location", "place"))
_VALUE_KEYS = frozenset(("value", "item", "field"))
_PLACE_READ = frozenset(("city", "employer"))
_REFUSAL = re.compile(r"([吃喝])不了")
_PLAIN_REFUSAL = re.compile(r"不([吃喝])")


def copula_misread(value: str, text: str, other_value: str, other_text: str) -> bool:
    """`text` says "X是我…的Y" and `value` is its Y (or ends on it), while `other_value` is its X:
    the parser read the predicate where the other phrasing gave the subject. Y must be a category
    or a name-word (饮料, 事, 名字), or said by the other text (柯基犬 / 一只叫豆豆的柯基): "年糕是我
    家猫的兽医" names a vet, and is no misreading of 我的猫叫年糕."""
    m = _COPULA_ZH.match(normalise(text).strip(" 。.!！"))
    if not m or not value or not other_value:
        return False
    rest, topic = m.group("rest"), m.group("topic").strip()
    head = rest.rsplit("的", 1)[-1]
    if not head or not (rest.endswith(value) or value.endswith(head)):
        return False
    if not (other_value in topic or topic in other_value):
        return False
    return head in _GENERIC_HEADS_ZH or overlaps(head, other_text)


def generic(value: str) -> bool:
    """A value that names only a category (新手机, 电脑): no thing to tell apart from another."""
    return bool(_CATEGORY_VALUE.fullmatch(normalise(value).strip()))


def _unnamed(u: str, v: str) -> bool:
    """One value names only a category and the other names a thing that may be of it (新手机 /
    华为Mate 60); two categories (新手机 / 新电脑) or a thing of another category (新手机 / 联想笔记本)
    are evidence."""
    for short, other in ((u, v), (v, u)):
        m = _CATEGORY_VALUE.fullmatch(normalise(short).strip())
        if m and not generic(other):
            named = {c for c in _CATEGORIES if c in normalise(other)}
            return not named or m.group(1) in named
    return False


def same_places(u: str, v: str) -> bool:
    """Two place values that name the same places and no person, name or number (机去成都 / 成都)."""
    x, y = signature(u), signature(v)
    return bool(x.places) and (x.places, x.people, x.names, x.numbers) == (y.places, y.people, y.names, y.numbers)


def origin_read(slots: Mapping[str, str], text: str) -> dict[str, str]:
    """The structured slots with a "city" the text states as where the user is from (是杭州人,
    老家是湖南长沙的, 家乡在成都) read as the hometown it is."""
    out = dict(slots)
    value = out.get("value", "")
    if out.get("field") == "city" and value and is_cjk(value):
        said = normalise(text)
        v = re.escape(value)
        if re.search(rf"是{v}人|(?:老家|家乡)(?:在|是)?{v}", said):
            out["field"] = "hometown"
    return out


def unevidenced(a: Mapping[str, str], b: Mapping[str, str], text_a: str, text_b: str) -> set[str]:
    """Keys whose two values differ only as a misreading (see the module docstring): the slot
    check leaves them to the texts' own checks. Codes (polarity, relative, bound) never are."""
    keys = {k for k in a.keys() & b.keys() if a[k] != b[k]}
    out = {k for k in keys & _PLACE_KEYS if same_places(a[k], b[k])}
    if a.get("field") == b.get("field") and "value" in keys and _unnamed(a["value"], b["value"]):
        out.add("value")
    if keys == {"field", "value"} and {a["field"], b["field"]} == _PLACE_READ and same_places(a["value"], b["value"]):
        out |= keys  # 我在上海工作 / 我在魔都上班: a place read as the employer is the city it names
    if keys & _VALUE_KEYS and keys <= _VALUE_KEYS:
        va, vb = a.get("value") or a.get("item", ""), b.get("value") or b.get("item", "")
        if copula_misread(va, text_a, vb, text_b) or copula_misread(vb, text_b, va, text_a):
            out |= keys
    return out


def address_order(x: Signature, y: Signature) -> bool:
    """The people and places both texts name come in one order once a place written glued before
    another (四川绵阳, 湖南长沙: an address from big to small) is set aside: 我老家是四川绵阳的 /
    我是绵阳人，四川那边的. 上海飞成都 / 成都飞上海 have a word between and keep their order."""
    shared = set(x.anchors) & set(y.anchors)
    glued = {p for s in (x, y) for p in s.places for q in s.places if p != q and f"{p}{q}" in s.text}
    if not glued:
        return False
    keep = shared - glued
    return [n for n in x.anchors if n in keep] == [n for n in y.anchors if n in keep]


def refusal_restated(a: str, b: str, differs: Callable[[str, str], bool]) -> bool:
    """One text says 吃不了 / 喝不了 where the other says the plain 不吃 / 不喝 of the same verb, and
    read so the two no longer differ (`differs`: the veto's wish and ability check). 我不喜欢吃香菜 /
    我吃不了香菜 still differ: a dislike is not what one cannot eat."""
    for x, y in ((a, b), (b, a)):
        said = {m.group(1) for m in _REFUSAL.finditer(normalise(x))}
        plain = {m.group(1) for m in _PLAIN_REFUSAL.finditer(normalise(y))}
        if said and said <= plain and not _REFUSAL.search(normalise(y)):
            return not differs(_REFUSAL.sub(r"不\1", normalise(x)), normalise(y))
    return False


# What makes one text's extra "former" / "already" / "now" no evidence (`aspect_restated`).
_RETIRED = re.compile(r"退休|\bretired?\b")
_ENDING = re.compile(r"([戒停])掉")
_SWITCH = re.compile(r"(?:从(?P<old>[^，,。；;]+?))?换(?:成|到)了?(?P<new>[^，,。；;]+)")
_NOW = re.compile(r"(?:现在|目前|如今)在?(?:用的是|用的|用|是)?(?P<now>[^，,。；;]+)")
_WAS = re.compile(r"(?:之前|以前|原来|过去)(?P<was>[^，,。；;]*)")
_ASPECT_SHIFTS = frozenset(("former", "done", "ongoing"))


def aspect_restated(x: Signature, y: Signature) -> bool:
    """The texts differ in aspect only by what one says of the same fact in time: both say retired
    (我爸是退休教师 / 我父亲以前当老师，现在已经退休了: a retired teacher was one), one ends a habit
    with 戒掉 / 停掉 where the other says 戒 / 停 (已经戒烟了 / 烟我已经戒掉了), or one says a switch
    (换成了华为) and the other what is used now and what was before (现在用的是华为手机，之前那部
    换掉了), the new thing being the one used now. 以前当老师 / 当老师 and a switch read backwards
    (从苹果换成了小米 / 现在用苹果，之前是小米) still differ."""
    diff = x.aspects ^ y.aspects
    if not diff or not diff <= _ASPECT_SHIFTS:
        return False
    if _RETIRED.search(x.text) and _RETIRED.search(y.text):
        return True
    return any(_ended(s, o) or _switched(s.text, o.text) for s, o in ((x, y), (y, x)))


def _ended(s: Signature, o: Signature) -> bool:
    verbs = {m.group(1) for m in _ENDING.finditer(s.text)}
    return (
        bool(verbs) and all(v in o.text for v in verbs) and signature(_ENDING.sub(r"\1", s.text)).aspects == o.aspects
    )


def _switched(text: str, other: str) -> bool:
    sw, now, was = _SWITCH.search(text), _NOW.search(other), _WAS.search(other)
    if not (sw and now and was):
        return False
    new, old = sw.group("new"), sw.group("old")
    if not overlaps(new, now.group("now")) or overlaps(new, was.group("was")):
        return False
    return old is None or not overlaps(old, now.group("now"))
