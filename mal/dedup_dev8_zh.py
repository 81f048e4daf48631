"""dev8's Chinese near misses: pairs a writer with no code access made to differ in one detail, which
passed every veto and which the learned layer then merged at ~0.99 (tests/data/dedup_dev8_pairs.jsonl).

Most of them are one text with a few characters added to the other. An addition is a restatement
when it is emphasis or filler (也, 真的, 现在); it is another fact when what it adds limits or
moves the claim, so `_added` reads what the longer text inserts, and each family below names one
closed class of limiting insertion:

  * `zh_added_condition` - a condition: 用户喜欢靠窗的座位 / 用户坐飞机时喜欢靠窗的座位 (…时, …的时候,
                           如果…, 只要…).
  * `zh_added_attribute` - an attribute narrowing a thing: 我对虾过敏 / 我对冻的虾过敏 (a short word
                           and 的 inserted right before a word both say).
  * `zh_added_degree` - a degree that limits: 我能喝酒 / 我能喝一点酒 is not this, but 能吃辣 /
                        能吃微辣, 不喝甜 / 不喝太甜的 are (微, 稍微, 有点, 中, 不太).
  * `zh_added_period` - a period bounding the claim: 我跑过两次马拉松 / 我去年跑过两次马拉松.
  * `zh_added_again` - again or another: 想买辆车 / 想再买辆车 (one is owned already).
  * `zh_added_counterfactual` - a plan that did not hold: 本来, 原本, 差点.
  * `zh_added_person` - a person or a relative's home inserted: 在我家 / 在我娘家.
  * `zh_compound_extended` - a word grown into another thing: 晚饭 / 宵夜 are apart anyway, but
                             午饭 / 早午饭, 面包 / 法棍面包 — the longer text's word holds the shorter's
                             whole and more.

The rest are orders and frames, not insertions:

  * `zh_span_swap` - two parts trade places: 我是小李女儿的老师 / 小李是我女儿的老师, 周二在公司，周三居家
                     / 周二居家，周三在公司. A part fronted next to its neighbour (周五我 / 我周五) and
                     a swap across 和 are restatements.
  * `zh_negation_moved` - the same words with the negation on another verb: 我没说我搬家了 / 我说我没搬家.
  * `zh_giver` - who does it for whom: 我给我女儿补课 / 我女儿给别人补课 (the person before 给).
  * `zh_role_word` - a role changed: 房东 / 租客, 老师 / 学生 (each text names a role the other does not).
  * `zh_at_vs_going` - being somewhere against going there: 我在上海开会 / 我要去上海开会.
  * `zh_since_until` - since a time against until it: 从2019年开始 / 一直…到2019年.
  * `zh_delay_vs_span` - "for two weeks" against "in two weeks": 住两周 / 两周后.
  * `zh_age_unit` - one number, years of age against months: 满三岁 / 满三个月.
  * `zh_frequency_class` - always / mostly / sometimes: 一直 / 基本, 总是 / 偶尔.

Pure functions over two texts as the family checks read them (mal/dedup.py `first_person`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from difflib import SequenceMatcher
from functools import lru_cache

from mal.dedup_lexicon import PEOPLE_ZH
from mal.dedup_text import flat as _flat
from mal.dedup_text import jieba_tokens, opposed

__all__ = ["CHECKS", "differs"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
_PUNCT = re.compile(r"[\s，。、！？；：,.!?;:…~～\"'“”‘’（）()]+")


def _chars(text: str) -> str:
    """A text's characters without punctuation or spaces: what the insertion reading aligns."""
    return _PUNCT.sub("", _flat(text))


@lru_cache(maxsize=4096)
def _added(short: str, long: str) -> tuple[tuple[int, int], ...] | None:
    """The spans (start, end in `long`) that `long` inserts into `short`, when inserting is all it
    does; None when the texts differ otherwise or not at all."""
    if not short or len(long) <= len(short) or not _CJK.search(long):
        return None
    spans: list[tuple[int, int]] = []
    for tag, _i1, _i2, j1, j2 in SequenceMatcher(None, short, long, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if tag != "insert":
            return None
        spans.append((j1, j2))
    return tuple(spans) or None


def _insertions(a: str, b: str) -> list[tuple[str, str, str, str]]:
    """Each insertion one text makes into the other, as (text before, inserted, text after, the
    longer text)."""
    x, y = _chars(a), _chars(b)
    for short, long in ((x, y), (y, x)):
        spans = _added(short, long)
        if spans:
            return [(long[:i], long[i:j], long[j:], long) for i, j in spans]
    return []


def _inserted(pattern: re.Pattern[str]) -> Callable[[str, str], bool]:
    """A family that fires when some insertion, with its context, matches `pattern` (the pattern
    reads "before|inserted|after" joined by "|")."""

    def check(a: str, b: str) -> bool:
        return any(pattern.search(f"{pre[-4:]}|{ins}|{post[:4]}") for pre, ins, post, _ in _insertions(a, b))

    return check


zh_added_condition = _inserted(re.compile(r"\|[^|]*(?:时|时候|的话)\||\|(?:如果|要是|只要|只有|除非|假如)"))
zh_added_attribute = _inserted(
    re.compile(r"\|(?![我你他她它咱])[\u4e00-\u9fff]{1,3}的\|[\u4e00-\u9fff]"),
)
zh_added_degree = _inserted(
    re.compile(r"\|(?:微|稍微|稍稍|有点|有点儿|有些|中|一点点)\|[\u4e00-\u9fff]|不[\u4e00-\u9fff]?\|太\|")
)
zh_added_period = _inserted(
    re.compile(
        r"\|(?:今年|去年|明年|前年|这个月|上个月|下个月|本月|这周|上周|下周|这星期|这几年|"
        r"以前|之前|小时候|年轻时|那年|这学期|上学期|寒假|暑假)\|(?![\d一二两三四五六七八九十]+岁)"
    )
)
zh_added_again = _inserted(re.compile(r"\|(?:再|又|另|再次|重新)\|[\u4e00-\u9fff]"))
zh_added_counterfactual = _inserted(re.compile(r"\|(?:本来|原本|原来|本想|本打算|差点|差一点|险些)\|"))

_KIN_HOMES = ("婆家", "娘家", "岳父家", "岳母家", "丈母娘家", "公婆家", "姥姥家", "奶奶家", "外婆家", "爷爷家")
_PERSON = re.compile("|".join(sorted((*PEOPLE_ZH, *_KIN_HOMES), key=len, reverse=True)))


def zh_added_person(a: str, b: str) -> bool:
    """An insertion that makes (part of) a person word or a relative's home the other text lacks:
    在我家 / 在我娘家, 给我买的 / 给我儿子买的."""
    for pre, ins, _post, long in _insertions(a, b):
        start, end = len(pre), len(pre) + len(ins)
        kinds = {PEOPLE_ZH.get(w, w) for w in _PERSON.findall(long[:start] + long[end:])}
        for m in _PERSON.finditer(long):
            if m.start() < end and m.end() > start and PEOPLE_ZH.get(m.group(), m.group()) not in kinds:
                return True
    return False


def zh_compound_extended(a: str, b: str) -> bool:
    """One inserted stretch at the start or end of a word grows a word of the other text into a
    longer one: 牛肉 / 水牛肉, 五斤 / 五公斤 (an insertion inside a word is left alone: 招行 / 招商银行
    abbreviates)."""
    x, y = _chars(a), _chars(b)
    for short, long in ((x, y), (y, x)):
        spans = _added(short, long)
        if not spans:
            continue
        short_tokens = set(jieba_tokens(short))
        at = 0
        for token in jieba_tokens(long):
            t0, t1 = at, at + len(token)
            at = t1
            inside = [(i, j) for i, j in spans if i < t1 and j > t0]
            if len(inside) != 1 or not _CJK.match(token):
                continue
            i, j = inside[0]
            if t0 <= i and j <= t1 and (i == t0) != (j == t1):
                rest = long[t0:i] + long[j:t1]
                if len(rest) >= 2 and rest in short_tokens and token not in short_tokens:
                    return True
    return False


# --- orders and frames
_CONJUNCTIONS = frozenset(("和", "跟", "与", "及", "还有", "或", "或者"))


def _tokens(text: str) -> list[str]:
    return [t for t in jieba_tokens(_flat(text)) if not _PUNCT.fullmatch(t)]


def _swapped(x: list[str], y: list[str]) -> bool:
    """`y` is `x` with two stretches X and Y traded across a middle M that is more than a conjunction."""
    if x == y or sorted(x) != sorted(y):
        return False
    p = next(i for i, (s, t) in enumerate(zip(x, y, strict=False)) if s != t)
    q = next(i for i, (s, t) in enumerate(zip(reversed(x), reversed(y), strict=False)) if s != t)
    mx, my = x[p : len(x) - q], y[p : len(y) - q]
    n = len(mx)
    for i in range(1, n - 1):
        for j in range(1, n - i):
            head, mid, tail = mx[:i], mx[i : n - j], mx[n - j :]
            whole = p == 0 and q == 0 and mid == ["是"]  # 我最爱的是猫 / 猫是我最爱的: one identity
            if mid and my == tail + mid + head and head != tail and not set(mid) <= _CONJUNCTIONS and not whole:
                return True
    return False


def zh_span_swap(a: str, b: str) -> bool:
    """The same words with two parts traded across a third (see the module docstring)."""
    if not (_CJK.search(a) and _CJK.search(b)):
        return False
    x, y = _tokens(a), _tokens(b)
    return _swapped(x, y)


_NEGATION = re.compile(r"没有|没|不|别|未")
_RAISING = re.compile(r"(?:觉得|认为|以为|相信|希望|想|打算|记得|觉着)")


def zh_negation_moved(a: str, b: str) -> bool:
    """Both texts negate, the words are the same without the negation (and 了), the negation sits
    on another word."""
    x, y = _chars(a), _chars(b)
    if not (_CJK.search(x) and _NEGATION.search(x) and _NEGATION.search(y)):
        return False

    def bare(s: str) -> str:
        return _NEGATION.sub("", re.sub(r"(?<![不没])了", "", s))  # 吃不了 (cannot) keeps its 了

    if bare(x) != bare(y):
        return False
    if any(_RAISING.match(s[m.end() :]) for s in (x, y) for m in _NEGATION.finditer(s)):
        return False  # 我不觉得贵 / 我觉得不贵: a negation raised over 觉得 says the same
    return [bare(x[m.end() :])[:2] for m in _NEGATION.finditer(x)] != [
        bare(y[m.end() :])[:2] for m in _NEGATION.finditer(y)
    ]


_PEOPLE_WORDS = frozenset((*PEOPLE_ZH, "我", "你", "他", "她", "用户", "别人", "人家", "大家"))


def _givers(text: str) -> set[str]:
    """Who does it for someone: the last person word before 给 in its clause (我 for 用户, a kin word
    as its kind: 妈 / 妈妈)."""
    out: set[str] = set()
    for clause in re.split(r"[，。；！？,;!?]", _flat(text)):
        tokens = jieba_tokens(clause)
        for i, t in enumerate(tokens):
            if t == "给":
                people = [w for w in tokens[:i] if w in _PEOPLE_WORDS]
                if people:
                    out.add("我" if people[-1] == "用户" else PEOPLE_ZH.get(people[-1], people[-1]))
    return out


def zh_giver(a: str, b: str) -> bool:
    """Both texts do something for someone (给), with different people doing it."""
    ga, gb = _givers(a), _givers(b)
    return bool(ga and gb and not ga & gb)


_ROLES = (
    ("房东", "租客", "房客", "业主", "中介"),
    ("老师", "学生", "家教", "家长"),
    ("医生", "病人", "患者", "护士"),
    ("老板", "员工", "下属", "雇主"),
    ("司机", "乘客"),
    ("卖家", "买家", "客户", "商家"),
)
_ROLE_OF = {w: i for i, group in enumerate(_ROLES) for w in group}
_ROLE = re.compile("|".join(sorted(_ROLE_OF, key=len, reverse=True)))


def zh_role_word(a: str, b: str) -> bool:
    """Each text names a role of one pair (landlord / tenant, teacher / pupil) that the other does not."""
    ra, rb = set(_ROLE.findall(_flat(a))), set(_ROLE.findall(_flat(b)))
    return any(_ROLE_OF[r] == _ROLE_OF[s] for r in ra - rb for s in rb - ra)


_DOING = r"(?:出差|旅游|旅行|度假|开会|培训|玩|上学|读书|实习|访学)"
_AT = re.compile(rf"(?<![要去想会到])在(?:(?!去|要|到|回)[\u4e00-\u9fff]){{1,5}}?{_DOING}")
_GOING = re.compile(rf"(?:要|准备|打算|将要|将|会|想|计划)(?:去|到)[\u4e00-\u9fff]{{1,5}}?{_DOING}")


def zh_at_vs_going(a: str, b: str) -> bool:
    """One text is somewhere doing it, the other is going there to do it."""
    return opposed(_flat(a), _flat(b), _AT, _GOING)


_SINCE = re.compile(r"从.{1,12}?(?:开始|起)|自从|以来")
_UNTIL = re.compile(r"直到|到.{1,10}?为止|[住待干做呆学读]到[\d一二三四五六七八九十零〇]{2,4}年")


def zh_since_until(a: str, b: str) -> bool:
    """One text runs from a time on, the other up to it."""
    return opposed(_flat(a), _flat(b), _SINCE, _UNTIL)


_NUM = r"[\d一二两三四五六七八九十百半几]+"
_SPAN = re.compile(rf"({_NUM})(个)?(天|周|星期|礼拜|月|年)(以后|之后|后)?")


def _spans(text: str) -> tuple[set[str], set[str]]:
    """The spans of time a text says, split into delays (两周后) and lengths (两周)."""
    later: set[str] = set()
    plain: set[str] = set()
    for m in _SPAN.finditer(_flat(text)):
        if m.group(3) == "月" and not m.group(2):
            continue  # 八月 is August, not eight months
        key = m.group(1).replace("两", "二") + m.group(3)
        (later if m.group(4) else plain).add(key)
    return later, plain


def zh_delay_vs_span(a: str, b: str) -> bool:
    """One span of time as a delay in one text (两周后) and as a length in the other (住两周)."""
    la, pa = _spans(a)
    lb, pb = _spans(b)
    return bool(((la - pa) & (pb - lb)) or ((lb - pb) & (pa - la)))


_YEARS_OLD = re.compile(rf"({_NUM})岁")
_MONTHS_OLD = re.compile(rf"({_NUM})(?:个月|周大|天大)")


def zh_age_unit(a: str, b: str) -> bool:
    """One number as years of age in one text and as months (or weeks, days) in the other."""
    x, y = _flat(a), _flat(b)
    for s, t in ((x, y), (y, x)):
        years = set(_YEARS_OLD.findall(s)) - set(_MONTHS_OLD.findall(s))
        months = set(_MONTHS_OLD.findall(t)) - set(_YEARS_OLD.findall(t))
        if years & months:
            return True
    return False


_FREQUENCY = (
    ("一直", "总是", "始终", "每次都", "从来都", "天天", "向来"),
    ("基本", "基本上", "大多", "大部分时间", "多半", "通常", "经常", "一般", "大都"),
    ("有时", "有时候", "偶尔", "时不时", "间或", "偶然"),
)
_FREQ_OF = {w: i for i, group in enumerate(_FREQUENCY) for w in group}
_FREQ = re.compile("|".join(sorted(_FREQ_OF, key=len, reverse=True)))


def zh_frequency_class(a: str, b: str) -> bool:
    """Each text says how often in one class only (always / mostly / sometimes), and the classes differ."""
    ca = {_FREQ_OF[w] for w in _FREQ.findall(_flat(a))}
    cb = {_FREQ_OF[w] for w in _FREQ.findall(_flat(b))}
    return len(ca) == 1 and len(cb) == 1 and ca != cb


def differs(a: str, b: str) -> bool:
    """Any family above tells the texts apart."""
    return any(check(a, b) for _, check in CHECKS)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("zh_added_condition", zh_added_condition),
    ("zh_added_attribute", zh_added_attribute),
    ("zh_added_degree", zh_added_degree),
    ("zh_added_period", zh_added_period),
    ("zh_added_again", zh_added_again),
    ("zh_added_counterfactual", zh_added_counterfactual),
    ("zh_added_person", zh_added_person),
    ("zh_compound_extended", zh_compound_extended),
    ("zh_span_swap", zh_span_swap),
    ("zh_negation_moved", zh_negation_moved),
    ("zh_giver", zh_giver),
    ("zh_role_word", zh_role_word),
    ("zh_at_vs_going", zh_at_vs_going),
    ("zh_since_until", zh_since_until),
    ("zh_delay_vs_span", zh_delay_vs_span),
    ("zh_age_unit", zh_age_unit),
    ("zh_frequency_class", zh_frequency_class),
)
