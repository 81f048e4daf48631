"""Thirteenth round's dedup families: near misses that passed every older veto once blind12 retired.

With blind12 (writer23) in training, thirteen "different" pairs passed every veto and the learned
layer scored them up to 0.985, so every merge threshold went above 1 and the model merged nothing.
Each family below is a class of words that makes two otherwise equal sentences two facts, read in
both languages where the language has it; a restatement says the same member of the class (or none)
on both sides, so it still reaches the model:

  * `certainty`  - a hedge against a certainty: 可能 / 也许 / 说不定 / maybe / probably against
                   确定 / 肯定 / 一定 / definitely / for sure (我可能会去 / 我确定要去).
  * `alternate`  - every other one against every one: 隔周 / 每隔一周 / 每两周 / 双周, "every other
                   Thursday", "biweekly", "fortnightly" (one text alone says it).
  * `period`     - both texts say how often by the period, and the periods differ: 每月 / 每个月 /
                   monthly / "a month" against 每季度 / quarterly, 每年 / yearly, 每周 / weekly,
                   每天 / daily.
  * `on_off`     - on a diet or medication against off it: "I'm on a keto diet" / "I'm off the keto
                   diet", 我在吃生酮饮食 / 我停了生酮饮食.
  * `proximity`  - living with someone against living near them: "lives with me" / "lives near
                   me", 和我住在一起 / 住在我家附近 (隔壁, 对面, next door, close to).
  * `minor`      - a minor (辅修, 双学位, "minored in", "a minor in") against the subject studied as
                   such (主修, 学的是, "majored in"): one text alone says the minor.
  * `job_head`   - one field, another job: the title each text gives the same person shares its
                   field word and changes its head ("a pediatrician" / "a pediatric nurse", 儿科医生 /
                   儿科护士, "software engineer" / "software tester").

Three more came from the round's own tests once the learned layer reopened (near misses the word
rules keep apart and nothing else stopped):

  * `go_or_be`   - going to a place against being at it, the only edit between the texts: 我去游泳馆 /
                   我在游泳馆, "goes to Oslo" / "is in Oslo".
  * `ly_shift`   - a word against its -ly form where the two mean different things: late / lately,
                   hard / hardly, near / nearly, short / shortly.
  * `span_rate`  - a span against a rate of the same period: 玩了一天 (for a day) / 每天 (every day),
                   "for a week" / "every week".

Other families of the round widen older readings instead (mal/dedup_actions.py: a loan taken out
against one repaid, an exam prepared for against passed, renting against owning, dating against
married; mal/dedup_families.py `past_of_one_verb`: a relative as the subject of a verb said in the
past and the present).

Pure functions over two texts as written; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from difflib import SequenceMatcher
from functools import lru_cache

from mal.dedup_lexicon import SYNONYMS
from mal.dedup_rates import same_rate
from mal.dedup_text import flat as _flat
from mal.dedup_text import opposed as _opposed

__all__ = [
    "CHECKS",
    "alternate",
    "aspect_marker",
    "away_time",
    "certainty",
    "go_or_be",
    "habitual_day",
    "job_head",
    "ly_shift",
    "minor",
    "on_off",
    "period",
    "proximity",
    "rank_prefix",
    "span_rate",
]


# --- a hedge against a certainty
_HEDGE = re.compile(
    r"(?<!不)可能|也许|或许|大概|说不定|不一定|不确定|还没定|没想好|"
    r"\b(?:maybe|probably|might|perhaps|possibly|likely|not sure|undecided)\b"
)
_CERTAIN = re.compile(
    r"(?<!不)确定|(?<!不)肯定|(?<!不)一定|定了|板上钉钉|"
    r"\b(?:definitely|certainly|for sure|for certain|confirmed|settled|it's official|officially)\b"
)


# A certainty said not to hold is a hedge: 确定不了 / 说不准 / 不敢肯定, "don't know for certain",
# "can't say for sure", "not certain" (unblock13: 我还确定不了 / 我还没想好 restate each other)
_NOT_CERTAIN = re.compile(
    r"(?:确定|肯定|说)不(?:了|准|好)|(?:不能|没法|没办法|无法|不敢|说不)(?:确定|肯定)|"
    r"\b(?:not|never|no one|nobody|(?:do|does|did|ca|could|wo|would)n't|cannot|can not) "
    r"(?:(?:know|say|tell|be) )?(?:(?:for )?(?:certain|sure)|definitely|certainly)\b"
)


def _hedged(text: str) -> str:
    return _NOT_CERTAIN.sub(" maybe ", _flat(text))


def certainty(a: str, b: str) -> bool:
    """One text hedges (可能, maybe; a certainty said not to hold, 确定不了, "can't say for sure")
    and the other is certain (确定, definitely)."""
    return _opposed(_hedged(a), _hedged(b), _HEDGE, _CERTAIN)


# --- every other one against every one
_ALTERNATE = re.compile(
    r"隔周|隔一周|每隔一|每隔两|每两周|每两个?星期|双周|隔天|隔一天|每两天|隔月|每两个月|"
    r"(?<![\d一二三四五六七八九十几])两(?:周|个?星期|个?礼拜|天|个月)[^，,。]{0,6}?一次|"
    r"\bevery (?:other|second|two|2) (?:\w+)\b|\bbi-?weekly\b|\bfortnight(?:ly)?\b|\bbi-?monthly\b|"
    r"\balternate (?:\w+)\b"
)


def alternate(a: str, b: str) -> bool:
    """One text alone says every other (隔周, "every other Thursday", biweekly), and the other does
    not say the same interval another way (每十四天 / 每两周, "every 14 days": mal/dedup_rates.py)."""
    one_sided = bool(_ALTERNATE.search(_flat(a))) != bool(_ALTERNATE.search(_flat(b)))
    return one_sided and not same_rate(a, b)


# --- how often, by the period
_PERIODS = {
    "day": r"每天|每日|天天|\bdaily\b|\bevery day\b|\b(?:a|per) day\b",
    "week": r"每周|每个?星期|每个?礼拜|\bweekly\b|\bevery week\b|\b(?:a|per) week\b",
    "month": r"每个?月|月月|\bmonthly\b|\bevery month\b|\b(?:a|per) month\b",
    "quarter": r"每个?季度?|\bquarterly\b|\bevery quarter\b|\b(?:a|per) quarter\b|\bevery (?:three|3) months\b",
    "year": r"每年|年年|\b(?:yearly|annually)\b|\bevery year\b|\b(?:a|per) year\b",
}
_PERIOD_RE = {name: re.compile(pattern) for name, pattern in _PERIODS.items()}
# "in a day", "for a year": a span of time, not a rate
_SPAN = re.compile(r"\b(?:in|for|within|over|than|about|after|once in) (?:a|one) (?:day|week|month|quarter|year)\b")


@lru_cache(maxsize=4096)
def _periods(text: str) -> frozenset[str]:
    """The periods a text gives a rate by (period and span_rate read each text up to twice)."""
    flat = _ALTERNATE.sub(" ", _SPAN.sub(" ", _flat(text)))
    return frozenset(name for name, pattern in _PERIOD_RE.items() if pattern.search(flat))


def period(a: str, b: str) -> bool:
    """Both texts give a rate by the period and the periods differ (每个月 / 每季度, monthly / yearly),
    unless the rates come out equal (每周七天 / 每天, "twice a month" / "24 a year": mal/dedup_rates.py)."""
    pa, pb = _periods(a), _periods(b)
    return bool(pa) and bool(pb) and pa != pb and not same_rate(a, b)


# --- on a diet or medication against off it
_REGIMEN_EN = r"(?:[\w-]+ ){0,2}(?:diet|meds|medication|medications|pills?|antidepressants?|insulin)\b"
_OWNER = r"(?:a |an |the |my |his |her |their |our |your |some )?"
_REGIMEN_ZH = r"[^，,。；]{0,6}(?:饮食|减肥餐|药)"
_ON = re.compile(
    rf"\b(?:on|started|starting|doing|following|follow) {_OWNER}{_REGIMEN_EN}|"
    rf"在(?:吃|做|搞|执行|坚持)?{_REGIMEN_ZH}"
)
_OFF = re.compile(
    rf"\b(?:off|quit|stopped|stopping|dropped|ditched) {_OWNER}{_REGIMEN_EN}|"
    rf"(?:停|断|戒|不再)(?:了|掉)?(?:吃|做)?{_REGIMEN_ZH}"
)


# "on" said not to hold is off: "no longer on", "not taking", 已经没在吃 (unblock13)
_NOT_ON = re.compile(
    r"\b(?:no longer|not|never) (?:on|taking|doing|following)\b|(?<=n't) (?:on|taking)\b|"
    r"(?:没有?|不再)在(?=吃|做|搞|执行|坚持)"
)


def _on_or_off(text: str) -> str:
    return _NOT_ON.sub(lambda m: "停" if m.group(0).endswith("在") else " off", _flat(text))


def on_off(a: str, b: str) -> bool:
    """One text says the user is on a diet or medication, the other that they are off it (an "on"
    said not to hold, "no longer on", 没在吃, is off)."""
    return _opposed(_on_or_off(a), _on_or_off(b), _ON, _OFF)


# --- living with someone against living near them
_WITH = re.compile(
    r"\b(?:live|lives|living|lived|stay|stays|staying|moved in) with\b|"
    r"住在一起|一起住|同住|(?:和|跟|与)(?:我|我们)(?:一起)?住|住(?:在)?(?:我|我们)家(?!附近|隔壁|旁边|对面|楼)"
)
_NEAR = re.compile(
    r"\b(?:near|nearby|close to|close by|next door|next to|around the corner|down the street|across the street)\b|"
    r"附近|隔壁|旁边|不远|对面|楼上|楼下|同一个?小区"
)


# A room in the user's own home is living with them, whatever the room is next to: "has the bedroom
# next to mine in our flat", 住在我们家楼下那间卧室 (unblock13). A near word between the home and the
# room (我家附近的一间房) keeps it near.
_ROOM_AT_HOME = re.compile(
    r"\b(?:the|a|an|our|my) (?:[a-z-]+ )?(?:bed)?room\b[^,.;!?]{0,40}?\b(?:in|of|at) (?:our|my) "
    r"(?:house|home|flat|apartment|place|condo)\b|"
    r"(?:我|我们)家(?:里|楼上|楼下)?[^，,。；]{0,4}?(?:卧室|房间|屋子?|次卧|主卧| ?(?:bed)?room\b)"
)


def _room_at_home(text: str) -> str:
    flat = _flat(text)
    return _ROOM_AT_HOME.sub(lambda m: m.group(0) if _NEAR_HOME.search(m.group(0)) else " 住在一起 ", flat)


_NEAR_HOME = re.compile(
    r"附近|隔壁|旁边|不远|对面|同一个?小区|\b(?:near|nearby|close to|down the street|across the street)\b"
)


def proximity(a: str, b: str) -> bool:
    """One text says someone lives with the user (a room in the user's home counts), the other near them."""
    return _opposed(_room_at_home(a), _room_at_home(b), _WITH, _NEAR)


# --- a minor against the subject studied
_MINOR = re.compile(r"辅修|双学位|第二学位|\bminor(?:ed|ing|s)? in\b|\b(?:a|my|the|her|his) minor\b")


def minor(a: str, b: str) -> bool:
    """One text alone says the subject was a minor (辅修, "minored in")."""
    return bool(_MINOR.search(_flat(a))) != bool(_MINOR.search(_flat(b)))


# --- one field, another job
_JOBS_ZH = (
    "医生|医师|大夫|护士|老师|教师|教授|律师|工程师|会计师|会计|设计师|程序员|经理|销售|司机|厨师|药剂师|药师|"
    "技师|研究员|助理|秘书|记者|编辑|警察|兽医|牙医|导游|翻译|客服|主管|分析师|顾问|建筑师|摄影师"
)
_TITLE_ZH = re.compile(rf"是(?:一名|一位|一个|个|名)?([\u4e00-\u9fff]{{0,6}}?)({_JOBS_ZH})")
_TITLE_EN = re.compile(
    r"\b(?:is|am|'m|are|was|were|works as|worked as|working as|job as) (?:a|an) "
    r"((?:[a-z'-]+ ){0,2}?[a-z-]+)(?=\s*$|\s*[,.;!?]|\s+(?:at|in|for|with|who|and|from|by|of|on|now|too)\b)"
)
_NOT_JOB = frozenset(("lot", "bit", "fan", "big", "huge", "member", "part", "person", "kind", "type", "lover"))


def _titles(text: str) -> list[tuple[str, str]]:
    """(field, head) of each job title the text gives: 儿科 / 护士, "pediatric" / "nurse"."""
    flat = _flat(text)
    out = [(m.group(1), m.group(2)) for m in _TITLE_ZH.finditer(flat)]
    for m in _TITLE_EN.finditer(flat):
        words = m.group(1).split()
        if words[-1] not in _NOT_JOB:
            out.append((" ".join(words[:-1]), words[-1]))
    return out


# Heads that name one job (the word rules' synonyms are read too: mal/dedup_lexicon.py `SYNONYMS`).
_ONE_JOB = (
    frozenset(("医生", "医师", "大夫")),
    frozenset(("老师", "教师")),
    frozenset(("会计", "会计师")),
    frozenset(("药剂师", "药师")),
    frozenset(("engineer", "developer", "programmer")),
    frozenset(("doctor", "physician")),
)
# A specialist's title says the field and the doctor at once: "a pediatrician" / "a pediatric doctor".
_DOCTORS = frozenset(("doctor", "physician", "specialist", "医生", "医师", "大夫"))


# Clipped forms of a head (unblock13: "a sales rep" / "a sales representative", "a lab tech" / "a lab
# technician"): the short form names the job its full forms name.
_CLIPPED = {
    "rep": ("representative",),
    "tech": ("technician", "technologist"),
    "vet": ("veterinarian",),
    "doc": ("doctor",),
    "prof": ("professor",),
    "admin": ("administrator",),
    "exec": ("executive",),
    "mech": ("mechanic",),
}


def _clipped(x: str, y: str) -> bool:
    return y in _CLIPPED.get(x, ()) or x in _CLIPPED.get(y, ())


def _doctor_kind(x: str, y: str) -> bool:
    """医生 and a kind of doctor named by its own 医 (牙医, 兽医, 中医): the field the two texts share
    already says which (口腔科牙医 / 口腔科医生)."""
    return any(s in _DOCTORS and len(t) >= 2 and t.endswith("医") and t not in _DOCTORS for s, t in ((x, y), (y, x)))


def _one_job(x: str, y: str) -> bool:
    return (
        x == y
        or (SYNONYMS.get(x) or x) == (SYNONYMS.get(y) or y)
        or any({x, y} <= group for group in _ONE_JOB)
        or _clipped(x, y)
        or _doctor_kind(x, y)
    )


def _same_field(x: tuple[str, str], y: tuple[str, str]) -> bool:
    """The two titles share a field: the same field word, or one's field is the start of the
    other's job (pediatric / pediatrician)."""
    (fx, hx), (fy, hy) = x, y
    if fx and fy:
        return fx == fy
    field, head, other = (fx, hy, hx) if fx else (fy, hx, hy)
    return (
        bool(field)
        and len(field) >= 4
        and head.startswith(field[: max(4, len(field) - 2)])
        and other not in _DOCTORS  # "a pediatrician" / "a pediatric doctor"
    )


def job_head(a: str, b: str) -> bool:
    """The same person's job in both texts shares its field and changes its head (see the module
    docstring): 儿科医生 / 儿科护士, "a pediatrician" / "a pediatric nurse"."""
    ta, tb = _titles(a), _titles(b)
    return any(not _one_job(x[1], y[1]) and _same_field(x, y) for x in ta for y in tb)


# --- going to a place against being at it
_GO_BE = (
    (re.compile(r"去"), "在"),
    (re.compile(r"\b(?:goes|go|going|went) to\b"), "is in"),
    (re.compile(r"\b(?:goes|go|going|went) to\b"), "is at"),
)


def go_or_be(a: str, b: str) -> bool:
    """The texts differ only by going to (去, "goes to") against being at (在, "is in")."""
    x, y = _flat(a), _flat(b)
    return x != y and any(go.sub(be, s) == t for s, t in ((x, y), (y, x)) for go, be in _GO_BE)


# --- a word against its -ly form of another meaning
_LY = frozenset(
    (
        *("late", "hard", "near", "short", "high", "most", "bare", "scarce", "pretty", "close", "light"),
        # a noun and the adjective -ly makes of it (attack13: "a friend" / "friendly", "an elder" /
        # "elderly", "a quarter of the rent" / "quarterly", "a scholar" / "scholarly")
        *(
            "friend",
            "elder",
            "quarter",
            "scholar",
            "cost",
            "order",
            "home",
        ),  # not month / week / year: "a month" is "monthly"
    )
)
_WORD = re.compile(r"[a-z]+")


def ly_shift(a: str, b: str) -> bool:
    """One text says late (hard, near ...) where the other says lately (hardly, nearly ...)."""
    wa, wb = set(_WORD.findall(_flat(a))), set(_WORD.findall(_flat(b)))
    return any(
        (w in wa and w + "ly" in wb and w not in wb and w + "ly" not in wa)
        or (w in wb and w + "ly" in wa and w not in wa and w + "ly" not in wb)
        for w in _LY
    )


# --- a span against a rate of the same period
# (一个月花了五千块 / 一周瘦了三斤: one period with a 了 later in its clause is a span too; "a month
# of paid leave" is one month's worth; attack13)
_SPANS = {
    unit: rf"{zh}|(?<![每]){once}[^，,。；]*了|\b(?:for (?:a|one|the whole) {unit}|all {unit}|(?:a|one) {unit} of)\b"
    for unit, zh, once in (
        ("day", r"了(?:一|整|半)天|一整天", "一天"),
        ("week", r"了(?:一|整)(?:周|个?星期|个?礼拜)", r"一(?:周|个?星期|个?礼拜)"),
        ("month", r"了(?:一|整)个月", "一个?月"),
        ("year", r"了(?:一|整)年", "一年"),
    )
}
_SPAN_RE = {name: re.compile(pattern) for name, pattern in _SPANS.items()}


def span_rate(a: str, b: str) -> bool:
    """One text spends a period once (玩了一天, "for a week"), the other does it every such period."""
    for s, t in ((a, b), (b, a)):
        rates = _periods(t)
        if not _periods(s) and any(pattern.search(_flat(s)) and name in rates for name, pattern in _SPAN_RE.items()):
            return True
    return False


# --- one aspect marker against another before the same words
_MARKERS_ZH = {
    **dict.fromkeys(("要", "想", "打算", "准备", "计划"), "plan"),
    **dict.fromkeys(("快", "快要", "即将", "将要"), "soon"),
    **dict.fromkeys(("在", "正在", "正"), "ongoing"),
    **dict.fromkeys(("刚", "已经", "已"), "done"),
}
# Said or left out, these move the fact in time: 我快毕业了 / 我毕业了; an English plan said or not
_SAID_OR_NOT_ZH = frozenset(("soon",))
_PLAN_EN = re.compile(r"\b(?:thinking (?:about|of)|considering|planning (?:on|to)|hoping to|about to)\b ?")


def aspect_marker(a: str, b: str) -> bool:
    """The texts differ only in aspect markers of different kinds before the same words (attack13:
    我要学吉他 / 我在学吉他, 我刚到上海 / 我快到上海了, "thinking about adopting a dog" /
    "adopting a dog"). 了 alone and 要 said or not (我要去 / 我去) are left to older families."""
    x, y = _flat(a), _flat(b)
    if x == y:
        return False
    if _PLAN_EN.sub("", x) == _PLAN_EN.sub("", y) and bool(_PLAN_EN.search(x)) != bool(_PLAN_EN.search(y)):
        return True
    spans = [
        (x[i1:i2], y[j1:j2])
        for op, i1, i2, j1, j2 in SequenceMatcher(None, x, y, autojunk=False).get_opcodes()
        if op != "equal"
    ]
    kinds_x: set[str] = set()
    kinds_y: set[str] = set()
    for sx, sy in spans:
        for span, kinds in ((sx, kinds_x), (sy, kinds_y)):
            if span == "了" or not span:
                continue
            if span not in _MARKERS_ZH:
                return False
            kinds.add(_MARKERS_ZH[span])
    if kinds_x == kinds_y:
        return False
    one_sided = kinds_x ^ kinds_y
    return bool(kinds_x and kinds_y) or bool(one_sided & _SAID_OR_NOT_ZH)


# --- a weekday once against every such weekday (English marks the habit: "on Fridays")
_DAYS = r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
# (a weekday before a part of the day said in the plural, "on Saturday mornings", is every such day:
# seventeenth round, helper unblock17en)
_PARTS_OF_DAY = r"(?:mornings|afternoons|evenings|nights)"
_HABIT_DAY = re.compile(rf"\b(?:on {_DAYS}s|every {_DAYS}|{_DAYS}s|{_DAYS} {_PARTS_OF_DAY})\b")
_ONE_DAY = re.compile(rf"\b(?:on|this|next|last|coming) {_DAYS}\b(?!s)(?! {_PARTS_OF_DAY}\b)")


def _days(pattern: re.Pattern[str], text: str) -> frozenset[str]:
    return frozenset(day for m in pattern.finditer(text) for day in m.groups() if day)


def habitual_day(a: str, b: str) -> bool:
    """One text does it on one Friday ("on Friday"), the other on every Friday ("on Fridays"):
    attack13's "I'm flying to Denver on Friday" / "I fly to Denver on Fridays"."""
    x, y = _flat(a), _flat(b)
    return any(
        _days(_ONE_DAY, s) & _days(_HABIT_DAY, t) and not _days(_HABIT_DAY, s) & _days(_HABIT_DAY, t)
        for s, t in ((x, y), (y, x))
    )


# --- a time away from now that only one text says
_AWAY = re.compile(r"明年|去年|前年|后年|\b(?:next|last) year\b|\byears? ago\b")
# (years only: a day or a week away is said many ways a pattern misses - 明早, tmrw, 下周三 /
# "next Wednesday" across languages - and reminders restate each other that way)


def away_time(a: str, b: str) -> bool:
    """One text alone puts the fact a year away from now (明年, 去年, "next year"): attack13's
    "My son is 8" / "My son turns 8 next year", 我儿子8岁了 / 我儿子明年8岁."""
    return bool(_AWAY.search(_flat(a))) != bool(_AWAY.search(_flat(b)))


# --- a rank word before the same title in one text only
_RANKED_EN = re.compile(r"\b(?:vice|deputy|assistant|associate|acting|interim|senior|junior|sous|co)[- ]([a-z]+)")
_RANKED_ZH = re.compile(
    r"(?:副|助理|代理|常务)([\u4e00-\u9fff]{1,3}?(?:长|总|经理|主任|教授|主席|总裁|校长|院长|局长|处长|科长|厨|编辑))"
)


def rank_prefix(a: str, b: str) -> bool:
    """One text gives the title a rank word (vice principal, 副校长, assistant manager) and the other
    the bare title: attack13's 我姐是 vice principal / 我姐是 principal."""
    x, y = _flat(a), _flat(b)
    for s, t in ((x, y), (y, x)):
        for pattern in (_RANKED_EN, _RANKED_ZH):
            for m in pattern.finditer(s):
                if m.group(1) in t and m.group(0) not in t:
                    return True
    return False


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("certainty", certainty),
    ("alternate", alternate),
    ("period", period),
    ("on_off", on_off),
    ("proximity", proximity),
    ("minor", minor),
    ("job_head", job_head),
    ("go_or_be", go_or_be),
    ("ly_shift", ly_shift),
    ("span_rate", span_rate),
    ("aspect_marker", aspect_marker),
    ("habitual_day", habitual_day),
    ("away_time", away_time),
    ("rank_prefix", rank_prefix),
)


def differs(a: str, b: str) -> bool:
    """Any family of the round says the two texts are two facts (see the module docstring)."""
    return any(check(a, b) for _, check in CHECKS)
