"""review10's dedup families: near misses hidden behind the tenth round's narrowings.

The en10 and zh10 rounds narrowed several veto checks so that restatements reach the learned model
(mal/dedup_restate.py, mal/dedup_zh.py, mal/dedup_zh_forms.py). review10's adversarial pair set
(tests/data/dedup_attack10_pairs.jsonl, kept out of training) found near misses that each narrowing
now lets through to the model, which scores them as high as a restatement (e5 cosine 0.93-0.999).
Each family below is positive evidence of two facts, read from both texts as written, so that a
true restatement of the same narrowing still reaches the model:

  * `accessory`     - a category word glued to a head that makes it another thing: 新手机 / 手机支架,
                      新电脑 / 电脑椅, 宠物 / 宠物医院, 车 / 车险 ("一部新手机" / "华为Mate 60" is left alone).
  * `institution`   - a place glued to an organisation is the employer, not the city: 在北京银行上班 /
                      在北京上班, 杭州师范大学 / 杭州, "at Boston University" / "in Boston".
  * `origin_vs_home` - where one is from against where one lives, works or studies: 我老家在成都 /
                      我现在在成都工作, 我是长沙人 / 我在长沙上大学, "I'm from Leeds" / "I live in Leeds".
  * `one_month`     - one month (第一个月, 最后一个月, 那个月, "my first month", "last month") against
                      a monthly rate (每月, "a month", "/month"): the per-month rewrite read 第一个月 as 每月.
  * `approx_more`   - "more than" a number against the number: 1万多 / 1万, "over 10k" / "10k".
  * `half_more`     - N and a half against a half: 一个半小时 / 半小时 (the half-hour rewrite left 一个).
  * `tech_role`     - another job in the software trade: 软件测试工程师 / 软件工程师, 硬件开发 / 软件开发,
                      游戏策划 / 游戏开发, 教写代码 / 写代码, "QA engineer" / "software engineer".
  * `habit_vs_once` - every Saturday against this (next, last) Saturday: 每周六 / 这周六.
  * `week_shift`    - the week after next against next week: 下下周五 / 下周五 (the weekday rewrite
                      keeps one 下 and the other is read as a filler).
  * `retire_pending` - about to retire against retired: 我爸快退休了 / 我爸已经退休了 (both say 退休,
                      which the retired-aspect narrowing took for one fact).
  * `former_state`  - "was engaged / married / employed" (a state that ended) against "got engaged"
                      (the passive narrowing read "was" as the past of an event).
  * `exam_outcome`  - an exam taken against passed or failed: "took the bar exam" / "passed the bar
                      exam", 参加了驾照考试 / 驾照考试通过了.
  * `attendance`    - an appointment missed, skipped or put off against one attended: "missed my
                      dentist appointment" / "went to the dentist" (the light-modifier narrowing
                      dropped "appointment").
  * `new_vs_old`    - a new thing against an old, used or current one: "looking for a new apartment"
                      / "an apartment I own" ("new" is a light modifier only against no modifier).
  * `order_bound`   - a swapped list whose order matters: another list bound to it ("Emma and Noah
                      are 8 and 5"), or two clauses ("I owe Mike and Sarah owes me").
  * `joint_reversed` - "My wife and I are visiting Tom" / "Tom is visiting me with my wife": the
                      joint-subject narrowing only holds when the user is the subject of both.
  * `change_vs_level` - a change by an amount against the level: "rent went up by 2k" / "rent is
                      2000", 房租涨了500 / 房租500.

Pure functions over two texts as written; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal.dedup_text import flat as _flat
from mal.dedup_text import opposed as _opposed

__all__ = ["CHECKS", "differs"]


def _one_sided(a: str, b: str, pattern: re.Pattern[str]) -> bool:
    return bool(pattern.search(a)) != bool(pattern.search(b))


# --- accessory: a category word glued to a head that names another thing
_CATEGORY = "(?:手机|电脑|笔记本|平板|宠物|车)"
_ACCESSORY_HEADS = (
    "支架|壳|膜|套|卡|号|包|椅|桌|架|医院|诊所|店|险|牌|位|库|贷|贴|充电器|线|屏|用品|粮|美容|寄养|"
    "商城|维修|配件|键盘|鼠标|展|祸|钥匙|座|漆|费|行|友"
)
_ACCESSORY = re.compile(rf"({_CATEGORY})({_ACCESSORY_HEADS})")
_BARE_CATEGORY = re.compile(rf"{_CATEGORY}(?!{_ACCESSORY_HEADS})")
_CATEGORY_EN = "phone|laptop|computer|tablet|car|pet"
_ACCESSORY_HEADS_EN = (
    "case|cases|stand|holder|charger|chair|desk|bag|insurance|loan|seat|seats|wash|repair|store|shop|"
    "clinic|hospital|plan|sitter|food|battery|keys"
)
_ACCESSORY_EN = re.compile(rf"\b({_CATEGORY_EN})\s+({_ACCESSORY_HEADS_EN})\b")
_BARE_EN = re.compile(rf"\b({_CATEGORY_EN})\b(?!\s+(?:{_ACCESSORY_HEADS_EN})\b)")


def accessory(a: str, b: str) -> bool:
    """One text names a category glued to a head that makes it another thing (手机支架, 车险, "phone
    case") where the other names the category bare (新手机, "a new phone")."""
    x, y = _flat(a), _flat(b)
    for glued, bare in ((_ACCESSORY, _BARE_CATEGORY), (_ACCESSORY_EN, _BARE_EN)):
        gx, gy = {m.group(0) for m in glued.finditer(x)}, {m.group(0) for m in glued.finditer(y)}
        if gx == gy:
            continue
        for g, other, other_glued in ((gx - gy, y, gy), (gy - gx, x, gx)):
            for phrase in g:
                head = glued.match(phrase)
                cat = head.group(1) if head else ""
                if any(m.group(0).strip().startswith(cat) for m in bare.finditer(other)) and not any(
                    p.startswith(cat) for p in other_glued
                ):
                    return True
    return False


# --- institution: a place glued to an organisation is an employer, not a city
_ORG_ZH = (
    "银行|大学|学院|医院|中学|小学|公司|集团|电气|电视台|日报|地铁|机场|证券|保险|航空|移动|电信|联通|"
    "图书馆|博物馆|动物园|师范|理工|交通大学|财经|外国语|工业|科技|电力|石化|海关|分行|分公司|办事处|"
    "市政府|政府|中心医院|人民医院|儿童医院|研究所|设计院|美术馆|体育馆|汽车"
)
_PLACE_ORG_ZH = re.compile(rf"在([\u4e00-\u9fff]{{2,3}}?)(?:市|省)?(?:{_ORG_ZH})")
_PLACE_BARE_ZH = re.compile(r"在([\u4e00-\u9fff]{2,3}?)(?:市)?(?:上班|工作|教书|读书|上学|实习|生活|住)")
_ORG_EN = re.compile(
    r"\b(?:at|for) (?:the )?(?:university of ([a-z]+)|bank of ([a-z]+)|([a-z]+) (?:university|college|"
    r"hospital|bank|airport|children's hospital|general hospital|public library|city council|zoo|museum))\b"
)
_PLACE_BARE_EN = re.compile(r"\b(?:in|to) ([a-z]+)\b")


def institution(a: str, b: str) -> bool:
    """One text works or studies at an organisation named after a place (北京银行, 南京大学, "Boston
    University"), the other only in that place (在北京上班, "in Boston")."""
    x, y = _flat(a), _flat(b)
    for s, t in ((x, y), (y, x)):
        orgs = {m.group(1) for m in _PLACE_ORG_ZH.finditer(s)} - {m.group(1) for m in _PLACE_ORG_ZH.finditer(t)}
        if any(p == m.group(1) for p in orgs for m in _PLACE_BARE_ZH.finditer(t)):
            return True
        orgs_en = {next(g for g in m.groups() if g) for m in _ORG_EN.finditer(s)}
        orgs_en -= {next(g for g in m.groups() if g) for m in _ORG_EN.finditer(t)}
        if orgs_en & {m.group(1) for m in _PLACE_BARE_EN.finditer(t)}:
            return True
    return False


# --- origin against where one lives now
_ORIGIN_ZH = re.compile(
    r"是([\u4e00-\u9fff]{2,4}?)人|(?:老家|家乡|籍贯|出生地)(?:在|是)?([\u4e00-\u9fff]{2,6})|出生在|生在"
)
_HOME_ZH = re.compile(
    r"住在|现在在|现居|定居|在[\u4e00-\u9fff]{2,6}?(?:工作|上班|上学|读书|上大学|生活|念书|读研|实习)"
)
_ORIGIN_EN = re.compile(r"\b(?:i'm|i am|we're|we are) (?:originally )?from\b|\bhometown\b|\bborn in\b|\bgrew up in\b")
_HOME_EN = re.compile(r"\b(?:live|lives|living|based|work|works|working|study|studying|moved) (?:in|to|at)\b")


def origin_vs_home(a: str, b: str) -> bool:
    """One text says where the user is from (是长沙人, 老家在成都, "I'm from Leeds") and not where they
    live, the other where they live, work or study and not where they are from."""
    x, y = _flat(a), _flat(b)
    return _opposed(x, y, _ORIGIN_ZH, _HOME_ZH) or _opposed(x, y, _ORIGIN_EN, _HOME_EN)


# --- one month against a monthly rate
_ONE_MONTH_ZH = re.compile(r"(?:第[一二三四五六七八九十\d]+|最后|头|前|那|这|上|下|当)一?个?月")
_MONTHLY_ZH = re.compile(
    r"每个?月|月薪|月租|一个月(?=(?:的)?(?:房租|租金|工资|收入|开销|生活费|花销)?[\d零一二两三四五六七八九十])"
)
# ("a month of paid leave", "a month's notice" are one month: the rate rewrite reads "a month" as
# monthly, review of the seventeenth round)
_ONE_MONTH_EN = re.compile(
    r"\b(?:first|last|final|that|one|second|third) month\b|\ba month(?:'s| of)\b|"
    r"\bin (?:january|february|march|april|june|july|august|september|october|november|december)\b"
)
_MONTHLY_EN = re.compile(r"\b(?:a|per|every|each) month\b|/\s*month\b|\bmonthly\b")
# and a week likewise: "a week of vacation" / "vacation weekly" (the rate rewrite reads "a week" as weekly)
_ONE_WEEK_EN = re.compile(r"\b(?:first|last|final|that|one|second|third) week\b|\ba week(?:'s| of)\b")
_WEEKLY_EN = re.compile(r"\b(?:a|per|every|each) week\b|/\s*week\b|\bweekly\b")


def one_month(a: str, b: str) -> bool:
    """One text says an amount of one month (第一个月, 最后一个月, "my first month") and no monthly
    rate, the other a monthly rate (每个月, 月薪, "a month") and no single month; a week and a weekly
    rate likewise ("a week of vacation" / "vacation every week")."""
    x, y = _flat(a), _flat(b)
    for one, rate in ((_ONE_MONTH_ZH, _MONTHLY_ZH), (_ONE_MONTH_EN, _MONTHLY_EN), (_ONE_WEEK_EN, _WEEKLY_EN)):
        for s, t in ((x, y), (y, x)):
            s_rate = rate.search(one.sub(" ", s))
            if one.search(s) and not s_rate and rate.search(t) and not one.search(t):
                return True
    return False


# --- more than a number against the number
_MORE_ZH = re.compile(r"[\d零一二两三四五六七八九十百千万亿](?:多|余|出头|以上|开外)|(?<![不没])超过|不止|至少")
_MORE_EN = re.compile(r"\b(?:over|more than|at least|upwards of|north of) \$?\d|\d\+")
# a ceiling says "no more than": 不超过五千, "I don't want to spend more than 1500"
_CEILING_EN = re.compile(r"\b(?:no|not|never)\b|n't\b|\bcannot\b")


def approx_more(a: str, b: str) -> bool:
    """One text says more than an amount (1万多, 两万出头, "over 10k"), the other the amount itself."""
    x, y = _flat(a), _flat(b)
    if _CEILING_EN.search(x) or _CEILING_EN.search(y):
        return _one_sided(x, y, _MORE_ZH)
    return _one_sided(x, y, _MORE_ZH) or _one_sided(x, y, _MORE_EN)


# --- N and a half against a half
_AND_HALF = re.compile(r"[\d一二两三四五六七八九十几]+个?半(?:小时|钟头|个?月|天|年)|[\d一二两三四五六七八九十几]+年半")
_HALF = re.compile(r"(?<![\d一二两三四五六七八九十几个年])半(?:个)?(?:小时|钟头|月|天|年)")


def half_more(a: str, b: str) -> bool:
    """One text says N and a half (一个半小时, 两年半), the other only a half (半小时, 半年)."""
    return _opposed(_flat(a), _flat(b), _AND_HALF, _HALF)


# --- another job in the software trade
_ROLES_ZH = (
    ("test", re.compile(r"测试")),
    ("hardware", re.compile(r"硬件")),
    ("ops", re.compile(r"运维")),
    ("product", re.compile(r"产品经理")),
    ("design", re.compile(r"设计师|(?:ui|ux|交互|视觉)设计")),
    ("planning", re.compile(r"策划")),
    ("teach", re.compile(r"教[^，,。]{0,4}(?:写代码|编程|程序)|编程老师|讲师")),
    ("dev", re.compile(r"开发|程序员|写代码|码农|工程师")),
)
_ROLES_EN = (
    ("test", re.compile(r"\b(?:qa|tester|testing|test engineer)\b")),
    ("hardware", re.compile(r"\bhardware\b")),
    ("ops", re.compile(r"\b(?:devops|sre|sysadmin|ops)\b")),
    ("product", re.compile(r"\bproduct manager\b")),
    ("design", re.compile(r"\b(?:designer|ux|ui)\b")),
    ("teach", re.compile(r"\bteach(?:es|ing)? (?:\w+ )?(?:coding|programming)\b|\bcoding (?:teacher|instructor)\b")),
    ("dev", re.compile(r"\b(?:developer|programmer|coder|software engineer|engineer|dev)\b")),
)


def _roles(text: str, rules: tuple[tuple[str, re.Pattern[str]], ...]) -> frozenset[str]:
    found: set[str] = set()
    for name, pattern in rules:
        if pattern.search(text):
            found.add(name)
            text = pattern.sub(" ", text)
    # a tester, a hardware engineer, a designer is that job: "engineer" after it says no other one
    return frozenset(found - {"dev"}) if found - {"dev", "teach"} else frozenset(found)


def tech_role(a: str, b: str) -> bool:
    """Both texts name a job of the software trade and the jobs differ (测试 / 开发, 硬件 / 软件, 策划 /
    开发, teaching to code / coding)."""
    x, y = _flat(a), _flat(b)
    for rules in (_ROLES_ZH, _ROLES_EN):
        rx, ry = _roles(x, rules), _roles(y, rules)
        if rx and ry and rx != ry:
            return True
    return False


# --- every Saturday against this Saturday; the week after next against next week
_WEEKDAY_ZH = r"(?:星期|礼拜|周)[一二三四五六日天]"
_EVERY_ZH = re.compile(rf"每个?{_WEEKDAY_ZH}|每逢{_WEEKDAY_ZH}")
_ONCE_ZH = re.compile(rf"(?:这|本|下|上)个?{_WEEKDAY_ZH}")
_DAYS_EN = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_EVERY_EN = re.compile(rf"\bevery {_DAYS_EN}\b|\b{_DAYS_EN}s\b")
_ONCE_EN = re.compile(rf"\b(?:this|next|last|coming) {_DAYS_EN}\b")


def habit_vs_once(a: str, b: str) -> bool:
    """One text says a weekday every week (每周六, "every Saturday"), the other one weekday of a named
    week (这周六, "this Saturday")."""
    x, y = _flat(a), _flat(b)
    return _opposed(x, y, _EVERY_ZH, _ONCE_ZH) or _opposed(x, y, _EVERY_EN, _ONCE_EN)


_WEEK_SHIFT = re.compile(r"(上上|下下|大上|大下|上|下|这|本)?个?(?:星期|礼拜|周)|(上上|下下|上|下|这|本)个?月")
_SHIFTS = {"上上": -2, "大上": -2, "上": -1, "下": 1, "下下": 2, "大下": 2}


def week_shift(a: str, b: str) -> bool:
    """Both texts name a week or month relative to this one and the shifts differ: 下下周五 / 下周五."""
    x, y = _flat(a), _flat(b)
    sx = [_SHIFTS.get(m.group(1) or m.group(2) or "", 0) for m in _WEEK_SHIFT.finditer(x)]
    sy = [_SHIFTS.get(m.group(1) or m.group(2) or "", 0) for m in _WEEK_SHIFT.finditer(y)]
    return bool(sx and sy) and sorted(sx) != sorted(sy) and any(abs(s) == 2 for s in sx + sy)


# --- about to retire against retired
_PENDING_RETIRE = re.compile(
    r"(?:快|要|快要|就要|即将|准备|打算|计划|想|明年|今年底|年底)退休|退休手续|办退休|"
    r"\b(?:about to|going to|plan(?:s|ning)? to|will|want(?:s)? to|soon to) retire\b|"
    r"\bretiring\b|\bretire (?:next|soon|in)\b"
)
_RETIRE = re.compile(r"退休|\bretire")


def retire_pending(a: str, b: str) -> bool:
    """One text says the user (or a relative) is about to retire, the other that they have."""
    x, y = _flat(a), _flat(b)
    return bool(_RETIRE.search(x) and _RETIRE.search(y)) and _one_sided(x, y, _PENDING_RETIRE)


# --- a state that ended against the event that began it
_STATES = r"(?:engaged|married|divorced|separated|employed|enrolled|pregnant|hospitali[sz]ed)"
_FORMER_STATE = re.compile(rf"\b(?:was|were) {_STATES}\b")
_BEGAN_STATE = re.compile(rf"\b(?:got|get|gets|getting|became|become) {_STATES}\b")


def former_state(a: str, b: str) -> bool:
    """One text says a state held once ("was engaged to Tom"), the other the event that began it
    ("got engaged to Tom")."""
    return _opposed(_flat(a), _flat(b), _FORMER_STATE, _BEGAN_STATE)


# --- an exam taken against its outcome
_EXAM = r"(?:(?:my|the|a|an|his|her) )?(?:\w+ ){0,2}(?:exam|exams|test|tests|bar|interview|gre|gmat|sat|ielts|toefl)\b"
_TOOK_EXAM = re.compile(
    rf"\b(?:took|take|takes|taking|sat|sit|sitting|did|wrote) {_EXAM}|参加了?[^，,。]{{0,6}}(?:考试|面试)|去考了?|考了"
)
_OUTCOME = re.compile(
    rf"\b(?:pass|passed|passes|passing|fail|failed|fails|failing|aced|flunked|bombed) {_EXAM}|"
    r"(?:通过|过了|没过|挂了|挂科|不及格|及格)"
)


def exam_outcome(a: str, b: str) -> bool:
    """One text says an exam was taken and no outcome, the other that it was passed or failed."""
    x, y = _flat(a), _flat(b)
    return any(_TOOK_EXAM.search(s) and not _OUTCOME.search(s) and _OUTCOME.search(t) for s, t in ((x, y), (y, x)))


# --- an appointment missed against attended
_MISSED = re.compile(
    r"\b(?:missed|skipped|skip|forgot|postponed|rescheduled|pushed back|no-?show)\b|错过|忘了去|爽约|改期|推迟|延期"
)
_ATTENDED = re.compile(r"\b(?:went to|go to|going to|attended|had|saw|visited|been to|made it to)\b|去了|看了|去看")


def attendance(a: str, b: str) -> bool:
    """One text says an appointment was missed or put off, the other that it was attended."""
    x, y = _flat(a), _flat(b)
    return any(_MISSED.search(s) and _ATTENDED.search(t) and not _MISSED.search(t) for s, t in ((x, y), (y, x)))


# --- new against old
_NEW = re.compile(r"\bnew\b|\bbrand-new\b")
_OLD = re.compile(r"\b(?:old|used|second-hand|secondhand|current|existing|(?:i|we) (?:own|owned|already have))\b")


def new_vs_old(a: str, b: str) -> bool:
    """One text says a new thing, the other an old, used or current one."""
    return _opposed(_flat(a), _flat(b), _NEW, _OLD)


# --- order that matters in a swapped list
_NAME = r"[A-Z][a-z]+"
_LIST_NAMES = re.compile(rf"\b({_NAME}) and ({_NAME})\b")
_SINGULAR_VERB = re.compile(
    r"\s+(?:owes|paid|pays|gave|gives|lent|lends|beat|beats|called|calls|texted|hit|met|helped|helps|loves|"
    r"likes|hates|hired|fired|is|was|has|owes|sent|told|asked|invited|married|dated|left)\b"
)
_SECOND_LIST = re.compile(r"\b(\S+) and (\S+(?: \S+)?)\b|\brespectively\b")


def order_bound(a: str, b: str) -> bool:
    """The texts name two people as "X and Y" in opposite orders, and in one of them the order
    matters: a list after it is bound to it ("Emma and Noah are 8 and 5"), or Y alone is the subject
    of what follows ("I owe Mike and Sarah owes me")."""
    ra, rb = a.replace("\u2019", "'"), b.replace("\u2019", "'")
    la, lb = _LIST_NAMES.search(ra), _LIST_NAMES.search(rb)
    if not (la and lb) or {la.group(1), la.group(2)} != {lb.group(1), lb.group(2)} or la.group(1) == lb.group(1):
        return False
    for text, m in ((ra, la), (rb, lb)):
        rest = text[m.end() :]
        if _SINGULAR_VERB.match(rest) or _SECOND_LIST.search(rest):
            return True
    return False


# --- a joint subject against the user as object
_JOINT = re.compile(r"\band i\b|\bi and\b|\bwe\b|\bwe're\b")
_USER_SUBJECT = re.compile(r"\bi\b|\bi'm\b|\bi've\b|\bi'll\b|\bwe\b|\bwe're\b")
_USER_OBJECT = re.compile(r"\b(?:me|us)\b")
_WITH_PARTNER = re.compile(r"\bwith (?:my|our) \w+")


def joint_reversed(a: str, b: str) -> bool:
    """One text has the user in a joint subject ("My wife and I are visiting Tom"), the other has
    the user only as the object beside the same partner ("Tom is visiting me with my wife")."""
    x, y = _flat(a), _flat(b)
    return any(
        _JOINT.search(s) and _WITH_PARTNER.search(t) and _USER_OBJECT.search(t) and not _USER_SUBJECT.search(t)
        for s, t in ((x, y), (y, x))
    )


# --- a change by an amount against the level
_CHANGE_EN = re.compile(
    r"\b(?:went up|go up|goes up|rose|rise|rises|increased|increase|raised|dropped|fell|went down|cut|decreased|"
    r"jumped|climbed)(?: \w+){0,3}? (?:by )?\$?\d|\d[\d.,]*k? (?:raise|bump|hike|pay rise|pay cut)\b|"
    r"\b(?:raise|bump|hike) of\b"
)
_CHANGE_ZH = re.compile(
    r"(?:涨|降)了?[\d一二两三四五六七八九十百千万几]|(?<!参)(?:加|减|提高|上调|下调)了[\d一二两三四五六七八九十百千万几]|"
    r"涨薪|加薪|降薪|涨幅"
)


def change_vs_level(a: str, b: str) -> bool:
    """One text says an amount changed by so much (went up by 2k, 涨了500, "a 2.4k raise"), the other
    states the amount."""
    x, y = _flat(a), _flat(b)
    return _one_sided(x, y, _CHANGE_EN) or _one_sided(x, y, _CHANGE_ZH)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("accessory", accessory),
    ("institution", institution),
    ("origin", origin_vs_home),
    ("one_month", one_month),
    ("approx_more", approx_more),
    ("half_more", half_more),
    ("tech_role", tech_role),
    ("habit_once", habit_vs_once),
    ("week_shift", week_shift),
    ("retire_pending", retire_pending),
    ("former_state", former_state),
    ("exam_outcome", exam_outcome),
    ("attendance", attendance),
    ("new_old", new_vs_old),
    ("order_bound", order_bound),
    ("joint_reversed", joint_reversed),
    ("change_level", change_vs_level),
)


def differs(a: str, b: str) -> bool:
    """Any review10 family says the two texts are two facts (see the module docstring)."""
    return any(check(a, b) for _, check in CHECKS)
