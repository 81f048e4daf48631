"""Fourteenth round's dedup families: near misses that passed every older veto once blind13 retired,
and the near misses of the round's development set.

With blind13 (writer25) in training, one "different" pair passed every veto, the learned layer
scored it 0.976, and every merge threshold went above 1 again: "I earn about $85k a year" / "I earn
about $85k a year after tax". The family it stands for:

  * `money_basis` - the basis an amount is counted on: after tax (税后, net, take-home, 到手) against
                    before tax (税前, gross, pre-tax), a base pay (底薪, base salary) or tax included
                    (含税) against excluded (不含税), bonus included or not. Two texts that give the
                    same amount on different bases, or one of them on no stated basis, say two
                    amounts: the basis is a detail a user would correct.

Each family is read in both languages, and the bases are compared as classes, so a Chinese text and
an English one that name the same basis (税后 / "after tax") agree.

The round's development set (dedup_dev5) then had eleven near misses that no veto named, and the
learned layer, which merges nearly everything the vetoes let through, merged them all. The families
they stand for:

  * `former`       - a person or a title called former in one text only: 前女友, 前同事, 以前的老板,
                     上一家公司, ex-wife, "my former boss", "my ex" (a former habit, "a former
                     smoker", is left to the tense checks).
  * `school_stage` - school stages as an ordered class: 幼儿园 / 小学 / 初中 / 高中 / 大学 / 研究生
                     (硕士, 博士), kindergarten / elementary / middle / high school / college / grad
                     school (master's, PhD), grades read as their stage. Each text must name a stage
                     the other does not meet (中学 meets 初中 and 高中, 研究生 meets 硕士 and 博士).
  * `nearby`       - in a place against near it: "lives in Toronto" / "lives near Toronto" (outside,
                     around, close to, on the outskirts of), 住在苏州 / 住在苏州郊区 (附近, 周边,
                     离…不远).
  * `side`         - one side against the other, read as phrases: left / right (左撇子 / 右手,
                     left-handed / right-handed), upper / lower (上铺 / 下铺, top / bottom bunk),
                     front / back (前排 / 后排, front / back seat).
  * `occasion`     - one sentence with one adjunct replaced, a time in one text and a condition in
                     the other: "I hate driving at night" / "I hate driving in the rain", 晚上 /
                     下雨天.

The round's other near misses widen older readers: lessons taken against given (上钢琴课 / 教钢琴课,
take / give lessons) and a school entered, finished or left (考上 / 毕业, "got into" / graduated) in
mal/dedup_actions.py; a Chinese compound jieba cut in two (年 + 假 / 病假, 框架 + 眼镜 / 隐形眼镜) and
two words one character apart (独生子 / 独生女) in mal/dedup_checks.py `siblings`; a negated detail
whose act the other text says plainly (不加糖 / 要加一份糖) in mal/dedup_families.py `negation_aside`.

Pure functions over two texts as written; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from difflib import SequenceMatcher
from functools import lru_cache

from mal.dedup_text import flat as _flat
from mal.dedup_text import signature

__all__ = ["CHECKS", "differs", "former", "money_basis", "nearby", "occasion", "school_stage", "side"]


# --- the basis an amount is counted on
_BASES: dict[str, str] = {
    "net": r"税后|扣税后|到手|实发|\bafter[- ]tax(?:es)?\b|\bpost[- ]tax\b|\bnet\b|\btake[- ]home\b",
    "gross": r"税前|\bbefore[- ]tax(?:es)?\b|\bpre[- ]?tax\b|\bgross\b",
    "base": r"底薪|基本工资|\bbase (?:salary|pay|wage)\b|\bbasic (?:salary|pay|wage)\b",
    "tax_excluded": r"不含税|未税|\b(?:excluding|excl\.?|without|plus) (?:the )?(?:tax|vat|gst)\b|\+ ?(?:tax|vat)\b",
    "tax_included": (
        r"(?<!不)含税|\b(?:including|incl\.?|with|inclusive of) (?:the )?(?:tax|vat|gst)\b|\btax[- ]inclusive\b"
    ),
    "bonus_included": (
        r"(?:含|加上?|包括|算上)(?:年终)?奖金|\b(?:including|incl\.?|with|plus) (?:the |my |a )?bonus(?:es)?\b"
    ),
    "bonus_excluded": (
        r"不(?:含|算|包括)(?:年终)?奖金|\b(?:excluding|not counting|without|before) (?:the |my |a )?bonus(?:es)?\b"
    ),
}
_BASIS_RE = {name: re.compile(pattern, re.IGNORECASE) for name, pattern in _BASES.items()}


@lru_cache(maxsize=4096)
def _bases(text: str) -> frozenset[str]:
    flat = _flat(text)
    found = {name for name, pattern in _BASIS_RE.items() if pattern.search(flat)}
    if "bonus_excluded" in found:  # 不含奖金 holds 含奖金's words
        found.discard("bonus_included")
    return frozenset(found)


def money_basis(a: str, b: str) -> bool:
    """The texts count an amount on different bases (税后 / 税前, "after tax" / gross), or one of
    them names a basis and the other none ("$85k a year" / "$85k a year after tax")."""
    return _bases(a) != _bases(b)


# --- a former partner, colleague or title against a present one
# (a person or a title: "a former smoker" / "I used to smoke" is one habit, left to the tense checks)
_ROLES_EN = (
    r"(?:wife|husband|spouse|partner|girlfriend|boyfriend|gf|bf|fianc[eé]e?|boss|manager|supervisor|employer|"
    r"company|firm|job|colleague|co-?worker|roommate|flatmate|housemate|teammate|landlord|landlady|tenant|"
    r"teacher|coach|mentor|student|client|assistant|ceo|president|director|in-laws?|[a-z]+-in-law|"
    r"neighbou?r|therapist|doctor|dentist|trainer|friend|best friend)s?"
)
_ROLES_ZH = (
    "任|妻|夫|男友|女友|男朋友|女朋友|老公|老婆|同事|老板|上司|领导|室友|搭档|合伙人|东家|公司|单位|雇主|"
    "队友|经理|总监|主管|房东|岳父|岳母|公公|婆婆|未婚妻|未婚夫|助理|秘书|教练|校长"
)
_FORMER = re.compile(
    rf"\b(?:ex-? ?|former |previous |past )(?:[a-z-]+ )?{_ROLES_EN}\b|\b(?:my|his|her|their|your|an) ex(?:es)?\b(?!-)|"
    rf"(?<![以之目提眼面门跟生年天周月空当超])前(?:{_ROLES_ZH})|(?:以前|之前|原来|过去)的?(?:{_ROLES_ZH})|"
    rf"原(?:单位|公司|同事|老板|领导)|上一(?:份|家|个|任)(?:工作|公司|老板|男朋友|女朋友|男友|女友|房东|室友|领导)"
)


def former(a: str, b: str) -> bool:
    """One text alone calls a person or a title former (前女友, 前同事, ex-wife, "my former boss",
    "my ex"): 我女朋友 and 我前女友 are two people, or one person in two relations."""
    return bool(_FORMER.search(_flat(a))) != bool(_FORMER.search(_flat(b)))


# --- a school stage, as an ordered class
_STAGES: dict[str, str] = {
    "kindergarten": r"幼儿园|学前班|\b(?:kindergarten|preschool|pre-k|nursery school)\b",
    "elementary": (
        r"小学|\b(?:elementary|primary|grade) school\b|\b(?:1st|2nd|3rd|4th|5th|first|second|third|fourth|fifth)[- ]"
        r"grade(?:rs?)?\b|\bgrade (?:1|2|3|4|5|one|two|three|four|five)\b"
    ),
    "middle": (
        r"初中|\b(?:middle school|junior high|intermediate school)\b|\b(?:6th|7th|8th|sixth|seventh|eighth)[- ]"
        r"grade(?:rs?)?\b|\bgrade (?:6|7|8|six|seven|eight)\b"
    ),
    "secondary": r"(?<![初高])中学|\bsecondary school\b",
    "high": (
        r"高中|高[一二三](?![点些倍米度层楼号分级])|\bhigh[- ]school\b|\b(?:9th|10th|11th|12th|ninth|tenth|eleventh|"
        r"twelfth)[- ]grade(?:rs?)?\b|\bgrade (?:9|10|11|12|nine|ten|eleven|twelve)\b"
    ),
    "college": (
        r"(?<!研究生)大学|本科|大专|专科|\b(?:college|university|uni|undergrad(?:uate)?|bachelor'?s|bachelors)\b"
    ),
    "grad": r"研究生|读研|考研|研[一二三](?!究)|\b(?:grad|graduate) (?:school|student|program|studies)\b|\bpostgrad",
    "master": r"硕士|\bmaster'?s\b|\bmasters\b|\bmba\b",
    "phd": r"博士(?!后)|读博|\bph\.? ?d\b|\bdoctorate\b|\bdoctoral\b",
}
_STAGE_RE = {name: re.compile(pattern) for name, pattern in _STAGES.items()}
# A stage that spans others: 中学 is 初中 or 高中, 研究生 ("grad school") a master's or a doctorate.
_SPANS = {"secondary": frozenset(("middle", "high")), "grad": frozenset(("master", "phd"))}


@lru_cache(maxsize=4096)
def _stages(text: str) -> frozenset[str]:
    flat = _flat(text)
    return frozenset(name for name, pattern in _STAGE_RE.items() if pattern.search(flat))


def _stage_met(stage: str, others: frozenset[str]) -> bool:
    return any(stage == o or o in _SPANS.get(stage, frozenset()) or stage in _SPANS.get(o, frozenset()) for o in others)


def school_stage(a: str, b: str) -> bool:
    """Each text names a school stage the other does not (读大学 / 读高中, "in middle school" / "in
    high school", 硕士 / 博士); a stage that spans another (中学 / 高中, 研究生 / 硕士) is met by it,
    and a stage one text adds beside a shared one (我大学毕业后读了研究生 / 我读研究生) is more said."""
    x, y = _stages(a), _stages(b)
    return any(not _stage_met(s, y) for s in x) and any(not _stage_met(s, x) for s in y)


# --- in a place against near it
_IN_EN = r"in|at"
_NEAR_EN = (
    r"on the outskirts of|in the suburbs of|just outside(?: of)?|outside(?: of)?|not far from|close to|next to|"
    r"near|nearby|around|(?:north|south|east|west) of|an hour from|minutes from"
)
_PLACE_EN = re.compile(rf"(?i:\b({_NEAR_EN}|{_IN_EN}))\s+(?:the\s+)?([A-Z][\w'.-]*(?: [A-Z][\w'.-]*)?)")
# capitals after "at" / "around" that are a time, not a place ("at Christmas" / "around Christmas")
_NOT_PLACES = frozenset(
    (
        *("christmas", "easter", "thanksgiving", "halloween", "year", "years", "eve", "day", "i", "my", "noon"),
        *("january", "february", "march", "april", "may", "june", "july", "august", "september", "october"),
        *("november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
    )
)
_NEAR_ZH = r"附近|周边|周围|郊区|近郊|旁边|边上|一带|门口"
_NEAR_ZH_RE = re.compile(
    rf"([\u4e00-\u9fff]{{1,4}}?)的?(?:{_NEAR_ZH})|离([\u4e00-\u9fff]{{1,4}}?)(?:不远|很近|挺近|比较近|不太远|近)"
)
_ZH_FRAME = re.compile(r"^(?:住在|住|在|我|离|去|到|的)+")


def _places_en(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m in _PLACE_EN.finditer(text):
        place = m.group(2).lower()
        if set(place.split()) & _NOT_PLACES:
            continue
        out.setdefault(place, set()).add("in" if m.group(1).lower() in ("in", "at") else "near")
    return out


def _near_zh(text: str) -> list[str]:
    """The places a Chinese text says the user is near (上海附近 -> 上海, 离公司不远 -> 公司)."""
    keys = []
    for m in _NEAR_ZH_RE.finditer(text):
        key = _ZH_FRAME.sub("", m.group(1) or m.group(2) or "")[-2:]
        if key:
            keys.append(key)
    return keys


def nearby(a: str, b: str) -> bool:
    """One text puts the user in a place, the other near it: "lives in Toronto" / "lives near
    Toronto" (outside, around, close to, on the outskirts of), 住在上海 / 住在上海附近 (周边, 郊区,
    离公司不远). A place said near in both, or bare in both, is no evidence."""
    pa, pb = _places_en(a), _places_en(b)
    if any(pa[p] != pb[p] and not pa[p] & pb[p] for p in pa.keys() & pb.keys()):
        return True
    x, y = _flat(a), _flat(b)
    return any(not _NEAR_ZH_RE.search(t) and any(key in t for key in _near_zh(s)) for s, t in ((x, y), (y, x)))


# --- one side against the other (left / right, upper / lower, front / back)
_BODY_EN = (
    r"side|arm|leg|eye|ear|knee|foot|hand|shoulder|wrist|hip|ankle|elbow|lung|kidney|breast|lane|turn|wing|"
    r"cheek|thumb|toe"
)
_BODY_ZH = r"撇子|利手|手|脚|腿|眼|耳|膝|肩|腕|胳膊|臂|侧|边|转|拐|肺|肾|半边|车道|脸|拇指"
_LEVEL_EN = r"bunk|berth|body|back|lip|teeth|tooth|jaw|floor|deck|level|arm|shelf|drawer|half|limbs?|abdomen"
_LEVEL_ZH = r"铺|半身|牙|嘴唇|唇|眼皮|腹|肢"
_SPOT_EN = r"seat|row|door|yard|garden|tooth|teeth|porch|wheel|tire|tyre|bumper|pew|bench"
_SPOT_ZH = r"排|座|门|院|轮|胎|牙"
_SIDES: dict[str, dict[str, str]] = {
    "hand": {
        "left": (
            rf"\bleft[- ]?hand(?:ed|er)?\b|\blefty\b|\bsouthpaw\b|\bleft (?:{_BODY_EN})s?\b|"
            rf"\bon the left\b|\bturn(?:ed|s|ing)? left\b|左(?:{_BODY_ZH})"
        ),
        "right": (
            rf"\bright[- ]?hand(?:ed|er)?\b|\brighty\b|\bright (?:{_BODY_EN})s?\b|"
            rf"\bon the right(?=\s*(?:$|[,.;!?]|side\b|of\b))|\bturn(?:ed|s|ing)? right\b|右(?:{_BODY_ZH})"
        ),
    },
    "level": {
        "upper": rf"\b(?:upper|top) (?:{_LEVEL_EN})\b|上(?:{_LEVEL_ZH})",
        "lower": rf"\b(?:lower|bottom) (?:{_LEVEL_EN})\b|下(?:{_LEVEL_ZH})",
    },
    "spot": {
        "front": rf"\bfront (?:{_SPOT_EN})s?\b|\bfront of the (?:class|room|bus|plane|line|house)\b|"
        rf"(?<![以之目提面年天])前(?:{_SPOT_ZH})",
        "back": rf"\bback (?:{_SPOT_EN})s?\b|\bback of the (?:class|room|bus|plane|line|house)\b|"
        rf"(?<![以之然最落随])后(?:{_SPOT_ZH})",
    },
}
_SIDE_RE = {axis: {side: re.compile(p) for side, p in sides.items()} for axis, sides in _SIDES.items()}


@lru_cache(maxsize=4096)
def _sides(text: str) -> dict[str, frozenset[str]]:
    flat = _flat(text)
    return {axis: frozenset(s for s, p in sides.items() if p.search(flat)) for axis, sides in _SIDE_RE.items()}


def side(a: str, b: str) -> bool:
    """On one axis each text names a side the other does not: left / right (左撇子 / 右手,
    "left-handed" / "right-handed"), upper / lower (上铺 / 下铺, "top bunk" / "bottom bunk"), front /
    back (前排 / 后排, "front seat" / "back seat"). Read as phrases, not the contrast groups' single
    words (mal/dedup_checks.py `CONTRAST_GROUPS`): English left, right, back and top alone are a
    verb, "correct", a return and "best" as often as a side."""
    x, y = _sides(a), _sides(b)
    return any(x[axis] - y[axis] and y[axis] - x[axis] for axis in _SIDES)


# --- a time on one side against a condition on the other, the rest of the sentence alike
_TOKEN = re.compile(r"[a-z0-9']+|[\u4e00-\u9fff]|[^\s]")
_CJK_TOKEN = re.compile(r"[\u4e00-\u9fff]")
# a condition is said as an adjunct: "in the rain", "when it snows", 下雨天, 堵车的时候, 遇到下雪
_CONDITION = re.compile(
    r"^(?:in|on|during|when|while|whenever|if|under|through|with)\b|"
    r"^(?:遇到|碰到|赶上|如果|要是|一旦)|(?:的时候|时候|时|天)$"
)


def _joined(tokens: list[str]) -> str:
    return "".join(tokens) if all(_CJK_TOKEN.fullmatch(t) for t in tokens) else " ".join(tokens)


def _span_kind(tokens: list[str], lead: list[str]) -> str | None:
    """What a replaced span says: a time alone ("at night", 晚上), a condition (an adjunct with content
    words and no time or number: "in the rain", 下雨天; its preposition may be among the `lead`
    words both texts share, "in the afternoon" / "in the heat"), or neither (None)."""
    sig = signature(_joined(tokens))
    if sig.numbers:
        return None
    if sig.times and not sig.words:
        return "time"
    if (
        sig.words
        and not sig.times
        and (_CONDITION.search(_joined(tokens)) or _CONDITION.search(_joined(lead + tokens)))
    ):
        return "condition"
    return None


def occasion(a: str, b: str) -> bool:
    """The texts are one sentence with one adjunct replaced, a time in one ("at night", 晚上) and a
    condition in the other ("in the rain", 下雨天): "I hate driving at night" / "I hate driving in
    the rain" say when two different things hold. Both adjuncts must be said; a time or a condition
    one text alone adds is left to the times checks and the model."""
    x, y = _TOKEN.findall(_flat(a)), _TOKEN.findall(_flat(b))
    edits = [op for op in SequenceMatcher(None, x, y, autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(edits) != 1 or edits[0][0] != "replace":
        return False
    _, i1, i2, j1, j2 = edits[0]
    lead = x[max(0, i1 - 2) : i1]
    return {_span_kind(x[i1:i2], lead), _span_kind(y[j1:j2], lead)} == {"time", "condition"}


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("money_basis", money_basis),
    ("former", former),
    ("school_stage", school_stage),
    ("nearby", nearby),
    ("side", side),
    ("occasion", occasion),
)


def differs(a: str, b: str) -> bool:
    """Any family of the round says the two texts are two facts (see the module docstring)."""
    return any(check(a, b) for _, check in CHECKS)
