"""The seventh round's hard vetoes for dedup (mal/dedup.py `veto_reason`), one family each.

Each family is a near miss the fifth and sixth rounds' vetoes let through to the model, which then
scored it as high as a restatement and so held the merge threshold above nearly every true
duplicate (leave-one-set-out over nine pair sets: 0.58 zh / 0.53 en merged before this round):

  * `degree`   - how much or how often: 我不太喝酒 / 我完全不喝酒, "I rarely drink" / "I sometimes
                 drink", 我有点怕狗 / 我怕狗. "never" against a plain negation (I don't / I never
                 drink alcohol), and "often / always" against nothing, say the same thing.
  * `reversed` - one text adds a clause that turns the fact round: 我吃素 / 我吃素一年了，最近又开始
                 吃肉了, "I'm vegetarian" / "I was vegetarian but now I eat meat again".
  * `swapped`  - the two texts are one sentence with one span swapped, and that span holds a content
                 word on each side the other text does not explain: 我想买…的笔记本 / …的手机,
                 我买电脑预算八千 / 我买手机预算八千, "renew my passport / driver's license by July 1".
                 A restatement changes the frame; a near miss changes the object. (The substitution
                 veto checks any pair whose older memory is an episode; this one any two memories.)
  * `swapped` also: one text is the other with one more item on a list ("a nut allergy" / "a nut
                 allergy and asthma"); `direction_differs`: from where to where (从苹果换成了安卓 /
                 从安卓换成了苹果手机); a half is a quantity of its own (一片 / 半片阿司匹林, `degree`).
  * `tense`    - a plan against a done thing: "We're going to Bali in August" / "We went to Bali in
                 August", 我要去东京 / 我去了东京.
  * tolerated, not vetoed: "this year" against no time for a state said in the present
                 (`present_only`), and the negation an allergy's consequence carries
                 (`consequence_only`: 我儿子对牛奶过敏 / 我儿子不能喝牛奶，会过敏).
  * `title_said` (across kinds) - an episode "says" a fact's job title only as the whole title: 我是
                 nurse practitioner does not say the title "nurse", nor 护士长 the title 护士.

Pure functions over texts (mal/dedup_text.py `normalise`d); no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal import dedup_model
from mal.dedup_canon import FRAMES
from mal.dedup_lexicon import PEOPLE_EN, PHRASES, SYNONYMS
from mal.dedup_overlap import overlaps
from mal.dedup_text import is_cjk, normalise, signature, stem
from mal.dedup_unblock19_zh import dictionary_paired

__all__ = [
    "beyond_frames",
    "consequence_only",
    "degree_differs",
    "direction_differs",
    "past_of_one_verb",
    "present_only",
    "reversed_clause",
    "swapped",
    "tense_differs",
    "title_extended",
    "topic_first",
    "wish_differs",
]

# Degree levels. Chinese members match anywhere, English ones as whole words or phrases.
_DEGREES = {
    "rare": (
        r"不太(?=[\u4e00-\u9fff])(?!了)|不怎么|不大(?=[喝吃抽用去看玩])|很少|几乎不|难得|不常|不经常|"
        r"\brarely\b|\bseldom\b|\bhardly\b|\bbarely\b|(?:\bnot|n't) (?:really|much|often|very often)\b|"
        r"\bonly occasionally\b"
    ),
    "some": (
        r"有时候?|偶尔|时不时|\bsometimes\b|\boccasionally\b|\bnow and then\b|\bfrom time to time\b|"
        r"\bonce in a while\b"
    ),
    "often": r"经常|常常|总是|老是|\boften\b|\bfrequently\b|\balways\b|\ball the time\b",
    "total": r"完全不|从不|从来不|从没|根本不|绝不|一点也不|一点都不|压根|\bnever\b|\bat all\b",
    "half": r"半(?=[片粒颗杯碗瓶块斤])|\bhalf (?:a |an )?(?:pill|tablet|cup|glass|bottle|dose)",
    "slight": r"有点|有一点|稍微|\ba (?:little )?bit\b|\ba little\b|\bkind of\b|\bsort of\b|\bsomewhat\b|\bslightly\b",
}
_DEGREE_RE = {level: re.compile(pattern) for level, pattern in _DEGREES.items()}
# A difference in these alone changes nothing: "I never drink" says what "I don't drink" says (the
# negation check has made sure both are negated), and "often" against no frequency at all.
_TOLERATED = (frozenset(("total",)), frozenset(("often",)))


def degrees(text: str) -> frozenset[str]:
    flat = normalise(text)
    return frozenset(level for level, pattern in _DEGREE_RE.items() if pattern.search(flat))


def degree_differs(a: str, b: str) -> bool:
    """The two texts say different degrees or frequencies (see the module docstring). 偏高 is "on
    the high side": a slight degree when the other text says one (有点高 / 偏高), and none of its
    own beside a plain 高 (高血压 / 血压偏高), so it never adds a difference."""
    da, db = degrees(a), degrees(b)
    diff = da ^ db
    if diff == {"slight"} and _leaning_said(
        normalise(b if "slight" in da else a), normalise(a if "slight" in da else b)
    ):
        return False
    return bool(diff) and diff not in _TOLERATED


_SLIGHT_ZH = re.compile(r"偏([高低胖瘦咸甜淡重轻快慢多少大小])")


def _leaning_said(leaning: str, slight: str) -> bool:
    """`leaning` says 偏X with an X that `slight` (the text with 有点) says too: 偏轻 is no 有点重
    (review of the eighteenth round)."""
    return any(m.group(1) in slight for m in _SLIGHT_ZH.finditer(leaning))


_REVERSAL = re.compile(
    r"又开始|重新开始|又[吃喝抽用去]了?起|后来又|(?:但|但是|不过|可是)(?:现在|最近|后来)|"
    r"\bagain\b|\bwent back to\b|\bback to\b|\bbut now\b|\bbut (?:then|later)\b"
)


def reversed_clause(a: str, b: str) -> bool:
    """One text alone turns the fact round in a clause of its own (see the module docstring)."""
    return bool(_REVERSAL.search(normalise(a))) != bool(_REVERSAL.search(normalise(b)))


# Units of a sentence: a Latin word or number, or one CJK character (punctuation apart from 、).
_UNIT = re.compile(r"[a-z0-9']+|[^\sa-z0-9.,!?;:\"，。！？；：“”‘’（）()…~-]")


def _join(units: list[str]) -> str:
    return "".join(u if is_cjk(u) else f" {u} " for u in units).strip()


# An additive adverb ("I like tea too", "as well", "also", 也) adds no item: it stands aside, and "as well
# as" is "and", so "tea as well" / "tea as well as coffee" is one more item on a list (review of the
# seventeenth round).
_ADDITIVE = re.compile(r"\balso\b|\b(?:too|as well)\b(?=\s*(?:[.,!?;:]|$))|也(?!许)")
_AS_WELL_AS = re.compile(r"\bas well as\b")


def _units(text: str) -> list[str]:
    return _UNIT.findall(_AS_WELL_AS.sub("and", _ADDITIVE.sub(" ", normalise(text))))


def swapped(a: str, b: str) -> bool:
    """One sentence with one span swapped: a common beginning and end, and in between, on each
    side, a content word the other text does not explain (mal/dedup_model.py `unexplained`)."""
    x, y = _units(a), _units(b)
    start = 0
    while start < min(len(x), len(y)) and x[start] == y[start]:
        start += 1
    end = 0
    while end < min(len(x), len(y)) - start and x[-1 - end] == y[-1 - end]:
        end += 1
    mid_x, mid_y = _join(x[start : len(x) - end]), _join(y[start : len(y) - end])
    if start + end < max(len(x), len(y)) - start - end:
        return False  # the texts share less than they change: a rewording, not a swap
    if bool(mid_x) != bool(mid_y) and _LIST_HEAD.match(mid_x or mid_y):
        return True  # one more item on a list: "a nut allergy" / "a nut allergy and asthma"
    if not mid_x or not mid_y:
        return False
    # 读书 / 念书: one word written with a synonymous character (mal/dedup_unblock19_zh.py)
    only_a, only_b = beyond_frames(*dictionary_paired(*dedup_model.unexplained(a, b)))
    # the span read with a unit either side, so a phrase it ends or starts ("catch the") is read whole
    wide_x = _join(x[max(start - 1, 0) : len(x) - end + 1])
    wide_y = _join(y[max(start - 1, 0) : len(y) - end + 1])
    return _in_span(only_a, mid_x, wide_x) and _in_span(only_b, mid_y, wide_y)


def _in_span(words: set[str], span: str, wide: str) -> bool:
    """One of `words` is said in `span`: as written, or as the span (`wide`: with its neighbours)
    reads once its words are mapped to their group (mal/dedup_lexicon.py SYNONYMS, PHRASES: "catch
    the" is read "take the", "lands" "arrive"), so a word with a listed synonym still shows the span
    it was swapped in (fourteenth round: "I catch the 6:15 bus" / "I miss the 6:15 bus"). The
    neighbours add no word of `words`: those are the words the other text lacks."""
    if any(w in span or span in w for w in words):
        return True
    labels = [w for w in words if w in _LABELS and w not in wide]
    read = {stem(r) for r in signature(" ".join(wide.split())).words} if labels else set()
    return any(stem(w) in read for w in labels)


# the words the lexicon maps another wording to (a group's token, a phrase's rewrite)
_LABELS = frozenset((*SYNONYMS.values(), *(w for v in PHRASES.values() for w in v.split())))


def beyond_frames(only_a: frozenset[str], only_b: frozenset[str]) -> tuple[set[str], set[str]]:
    """The unexplained words of each side less those of a frame the other side's words share
    (mal/dedup_canon.py `FRAMES`: 开 / 车, drive / car): a rewording, not another thing."""
    rest_a = {w for w in only_a if not any(w in f and f & only_b for f in FRAMES)}
    rest_b = {w for w in only_b if not any(w in f and f & only_a for f in FRAMES)}
    return rest_a, rest_b


_LIST_HEAD = re.compile(r"(?:和|与|及|以及|跟|还有|、|(?:and|plus|as well as|along with)\b)")
# From where to where: 从苹果换成了安卓 is not 从安卓换成了苹果 ("switched from Android to iPhone").
_FROM = re.compile(r"从(.{1,12}?)(?:换成|换到|换回|改成|改用|变成|搬到|转到|到)|\bfrom ([a-z0-9 ]{1,30}?) to\b")


def direction_differs(a: str, b: str) -> bool:
    """Both texts say where a change started, and they say different places or things."""
    fa, fb = _FROM.search(normalise(a)), _FROM.search(normalise(b))
    if fa is None or fb is None:
        return False
    xa, xb = (fa.group(1) or fa.group(2)).strip(), (fb.group(1) or fb.group(2)).strip()
    return not (xa in xb or xb in xa)


_FUTURE = re.compile(
    r"\b(?:going to|gonna|will|plan(?:ning)? to|about to)\b|\w'll\b|(?:要|打算|准备|将要|计划|下(?:周|个月|次))"
)
_PAST_EN = re.compile(
    r"\b(?:i|we|he|she|they)\s+(?:went|came|flew|drove|bought|visited|moved|left|got|took|saw|ate|"
    r"returned|traveled|travelled|finished|booked)\b"
)
# Done going, coming, buying, moving: 去了 / 买了 / 搬到…了 (约了 "booked" is a plan's step, no deed).
_PAST_ZH = re.compile(r"(?:去|来|回|到|飞|搬|买|卖|玩)(?:了|过)")


def tense_differs(a: str, b: str) -> bool:
    """A plan against a done thing (see the module docstring)."""
    ta, tb = _tense(a), _tense(b)
    return {ta, tb} == {"future", "past"}


def _tense(text: str) -> str:
    flat = normalise(text)
    if _FUTURE.search(flat):
        return "future"
    if _PAST_EN.search(flat) or _PAST_ZH.search(flat):
        return "past"
    return ""


_TITLE_HEADS_ZH = ("长", "助理", "助手", "主管", "主任", "总监", "实习生", "学徒")
_FUNCTION_TEXT = (
    "at in for with and of on from by since who that to is was but so because here there now too as the a an "
    "my our am are were be been being become became work works worked working job title role profession "
    "occupation career"
)
_FUNCTION_WORDS = frozenset(_FUNCTION_TEXT.split())


# "a nurse employed at Maplewood", "an engineer working for Google", "a doctor based in Leeds": the
# title, then where it is held (helper slots22), not a new head as in "nurse practitioner"
_PARTICIPLE = re.compile(r"\s+(?:employed|working|based)\s+(?:at|in|for|by|with)\b")


def title_extended(value: str, text: str) -> bool:
    """`value` (a job title) occurs in `text` only inside a longer title: a word in front of it or a
    new head after it (nurse practitioner, substitute teacher, 护士长)."""
    flat = normalise(text)
    found = False
    for m in re.finditer(re.escape(value), flat):
        found = True
        before, after = flat[: m.start()], flat[m.end() :]
        if is_cjk(value):
            if not after.startswith(_TITLE_HEADS_ZH):
                return False
            continue
        prev = re.findall(r"[a-z]+", before[-20:])
        nxt = re.match(r"\s+([a-z]+)", after)
        front = bool(prev) and before.endswith(" ") and len(prev[-1]) >= 3 and prev[-1] not in _FUNCTION_WORDS
        head = nxt is not None and nxt.group(1) not in _FUNCTION_WORDS and not _PARTICIPLE.match(after)
        if not (front or head):
            return False
    return found


# Tolerated: "this year" for a state said in the present either way (我女儿今年上初二 / 现在读初二).
_PRESENT_TIMES = frozenset(("今年",))


def present_only(x_times: frozenset[str], y_times: frozenset[str], x_text: str, y_text: str) -> bool:
    """The times differ only by "this year" (今年), which says no more than 现在 / now does."""
    diff = x_times ^ y_times
    return bool(diff) and all(
        t in _PRESENT_TIMES or (t == "year" and "this year" in normalise(x_text + " " + y_text)) for t in diff
    )


_ALLERGY = re.compile(r"过敏|allerg|intoleran")
# The negation an allergy's consequence carries: 不能喝牛奶，会过敏 / "dairy doesn't agree with me".
_CONSEQUENCE = re.compile(
    r"不能(?=[吃喝碰用])|没法(?=[吃喝碰用])|吃不了|喝不了|"
    r"\bcan'?t (?=eat|drink|have|touch)|\bcan not (?=eat|drink|have|touch)|"
    r"\b(?:doesn'?t|does not|don'?t|do not) agree with\b"
)


def consequence_only(a: str, b: str, negated: Callable[[str], bool]) -> bool:
    """Both texts state an allergy or intolerance, and with the consequence's negation taken out
    (`_CONSEQUENCE`) both are negated alike: 我儿子对牛奶过敏 / 我儿子不能喝牛奶，会过敏."""
    x, y = normalise(a), normalise(b)
    if not (_ALLERGY.search(x) and _ALLERGY.search(y)):
        return False
    return negated(_CONSEQUENCE.sub("", x)) == negated(_CONSEQUENCE.sub("", y))


# "Not liking" said with a negation is the dislike another text says with one word: 我不喜欢坐飞机 /
# 我讨厌坐飞机, "I don't like horror movies" / "I hate horror movies". Only the plain negation: 不太喜欢,
# "don't really like" are a degree (`degree_differs`), and 不讨厌 / "don't hate" stay negated.
_NOT_LIKE = re.compile(r"不喜欢|\b(?:don't|do not|doesn't|does not) like\b", re.IGNORECASE)
# A degree anywhere keeps the negation as written: "I don't like cilantro much" is no "I hate cilantro".
_MILD = re.compile(
    r"不太|不怎么|不那么|不大|不是很|不很|不是特别|\b(?:much|a lot|too|very|that|really|particularly)\b", re.I
)


def as_dislike(text: str) -> str:
    """`text` with a plainly negated "like" said as a dislike (see `_NOT_LIKE`), for the negation
    and contrast checks of dedup's veto; the word rules read the text as written."""
    text = text.replace("\u2019", "'")
    if _MILD.search(text):
        return text
    return _NOT_LIKE.sub(lambda m: "讨厌" if m.group(0) == "不喜欢" else "hate", text)


_CLAUSE = re.compile(r"[,，;；。.!?！？]|\b(?:so|and then)\b")


def negation_aside(a: str, b: str, negated: Callable[[str], bool]) -> bool:
    """The negation one text alone has sits in a clause that shares no content with the other text:
    a detail added, not the fact turned round ("I drink my coffee black" / "Black coffee is how I
    drink it, no milk"; 我早上喝牛奶会拉肚子 / 我乳糖不耐受，早上喝牛奶就拉肚子). "I like coffee" / "I
    don't like coffee" and 我讨厌下雨天 / 我不喜欢下雨天 negate what both say, and still differ; one
    sentence said again with a negated detail added ("I drink coffee" / "I drink coffee, no sugar")
    says one thing more, and stays apart."""
    rest = [_without_aside(x, y, negated) for x, y in ((a, b), (b, a))]
    if not all(_bare(r) for r in rest):
        return False  # the negated clause was the whole text (我没有养狗 / 我养了狗): no aside, the fact
    if _bare(rest[0]) == _bare(rest[1]):
        return False  # the same sentence plus a negated detail ("I drink coffee" / "..., no sugar"): more said
    return rest != [normalise(a), normalise(b)] and negated(rest[0]) == negated(rest[1])


def _bare(text: str) -> str:
    return "".join(c for c in text if c.isalnum())


def _without_aside(text: str, other: str, negated: Callable[[str], bool]) -> str:
    clauses = _CLAUSE.split(normalise(text))
    return " , ".join(c for c in clauses if not (negated(c) and not overlaps(c, other) and not _said_plainly(c, other)))


# Negation words and particles: what is left of a negated Chinese clause is the act it negates.
_NOT_ACT_ZH = frozenset("不没无别未非勿莫的了吗呢吧啊")


def _said_plainly(clause: str, other: str) -> bool:
    """Every character of a negated Chinese clause but the negation is in the other text: the other
    says the act itself (不加糖 / 要加一份糖), which `overlaps`' bigrams miss once a word stands
    between the characters (加 ... 糖). Fourteenth round."""
    chars = {c for c in clause if is_cjk(c)} - _NOT_ACT_ZH
    return len(chars) >= 2 and chars <= set(normalise(other))


# "Austin is where I live", "Ohio is where I'm from", 杭州是我长大的地方: the place is put first as
# the topic, so it stands before "I" without being the one who acts.
_TOPIC = re.compile(r"^\W*[\w .'-]{2,40}? (?:is|was) where\b|^[^，。,]{2,12}是我[^，。,]{1,6}的地方")


def topic_first(a: str, b: str) -> bool:
    """One text alone fronts a place as its topic (see `_TOPIC`): the order of "I" and the place
    says nothing there (mal/dedup.py's order check)."""
    return bool(_TOPIC.search(normalise(a))) != bool(_TOPIC.search(normalise(b)))


# A wish or a plan is not the deed or the state: 我想养一只猫 / 我养了一只猫, 我想学吉他 / 我在学吉他,
# "I want a dog" / "I have a dog" (jieba glues 想 to its verb, 想养, so the word list misses it).
_WISH = re.compile(
    r"(?<![思理梦感回幻猜冥遐])想(?![法念象到起必])|打算|准备|计划|希望|目标|"
    r"\b(?:want|wants|wanted) (?!to (?:spend|pay))|\b(?:hope|hopes|hoping|plan|plans|planning|planned|wanna)\b|"
    r"'d like to\b|would like to\b|"
    # what one ought to do is no practice: "I should avoid sugar" / "I don't eat sugar" merged by the word
    # rules before the twenty-first round (no retired pair has "should" in one text only)
    r"\bshould\b|\bought to\b|应该"
)
# An outcome reached is not the attempt: 我在减肥 / 我减肥成功了, "trying to lose weight" / "managed to".
_OUTCOME = re.compile(r"成功|\bmanaged to\b|\bsucceeded\b")


# What one cannot do is not what one dislikes: 我不喜欢吃辣 / 我一点辣都吃不了, "I don't like spicy food"
# / "I can't handle spicy food at all" (writer14's one English wrong merge). An allergy's consequence
# (不能喝牛奶，会过敏 / 我对牛奶过敏) says the allergy again, so a text naming one is left to the other checks.
_ABILITY = re.compile(
    r"不能|[吃喝碰用]不了|受不了|没法|\b(?:can't|cannot|can not|couldn't|unable to)\b|\bcan't (?:handle|stand|take)\b"
)
_ALLERGY = re.compile(r"过敏|不耐|\ballerg|\bintoleran")
# "can't stand" and 受不了 say a dislike, not an inability: "I hate cilantro" / "I can't stand cilantro",
# 我讨厌香菜 / 香菜我是真的受不了 (what the user cannot eat or do stays an ability: 吃不了, can't handle).
_DISLIKE_IDIOM = re.compile(r"受不了|\b(?:can't|cannot|can not) stand\b")


def wish_differs(a: str, b: str) -> bool:
    """One text alone says a wish or plan (`_WISH`), an outcome reached (`_OUTCOME`), or what the user
    cannot do (`_ABILITY`, unless either names an allergy or intolerance)."""
    x, y = (_DISLIKE_IDIOM.sub(" hate ", normalise(t).replace("\u2019", "'")) for t in (a, b))
    checks = [_WISH, _OUTCOME] if _ALLERGY.search(x) or _ALLERGY.search(y) else [_WISH, _OUTCOME, _ABILITY]
    return any(bool(p.search(x)) != bool(p.search(y)) for p in checks)


_IRREGULAR = {
    **{"went": "go", "lost": "lose", "ran": "run", "drove": "drive", "taught": "teach", "bought": "buy"},
    **{"sold": "sell", "left": "leave", "got": "get", "made": "make", "gave": "give", "ate": "eat"},
    **{"drank": "drink", "swam": "swim", "wrote": "write", "spoke": "speak", "met": "meet", "paid": "pay"},
    **{"began": "begin", "flew": "fly", "came": "come", "saw": "see", "kept": "keep", "found": "find"},
}
_WORD = re.compile(r"[a-z]+")
_SUBJECTS = frozenset(("i", "we", "he", "she", "they", "you"))
# A relative or another person named by a word (mal/dedup_lexicon.py) is a subject too: "My
# grandmother lived in Ohio" / "My grandmother lives in Ohio" (thirteenth round), the pronouns aside
# ("her", "our": a possessive, never the subject of the verb after it).
_PERSON_SUBJECTS = frozenset(w for w in PEOPLE_EN if w.isalpha() and w not in ("his", "her", "our", "their", "us"))
# Past participles that name rather than narrate: "my son named Jack", "a friend called Mo".
_NAMING = frozenset(("named", "called"))


def _base(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2]:
        word = word[:-1]  # stopped -> stopp -> stop
    return word.rstrip("e")


def _past(word: str) -> str | None:
    """The base of an English past form (worked -> work, lost -> lose), None for any other word."""
    if word in _IRREGULAR:
        return _base(_IRREGULAR[word])
    return _base(word) if len(word) > 4 and word.endswith("ed") else None


def past_of_one_verb(a: str, b: str) -> bool:
    """One text says a verb in the past, the other the same verb in the present: "I work at Google"
    / "I worked at Google", "I'm trying to lose weight" / "I lost weight", "My grandmother lives in
    Ohio" / "My grandmother lived in Ohio" (a person word right before the past form)."""
    wa, wb = _WORD.findall(normalise(a)), _WORD.findall(normalise(b))
    for xs, ys in ((wa, wb), (wb, wa)):
        # a past form right after its subject (an adverb between), not a participle: "a dog named Rex"
        past = {
            p
            for i, w in enumerate(xs)
            if (p := _past(w))
            and xs[i - 1 : i] not in (["have"], ["has"], ["ve"])  # "I've lived here" still lives here
            and (
                _SUBJECTS & set(xs[max(i - 2, 0) : i])
                or (w not in _NAMING and _PERSON_SUBJECTS & set(xs[max(i - 1, 0) : i]))
            )
        }
        past |= _caused(xs)
        present = {_base(w) for w in ys if _past(w) is None} - _caused(ys)
        if past & present - {_past(w) for w in ys if _past(w)}:
            return True
    return False


# A causative in the past ("I got my hair cut", "we had the roof fixed") says the act done: its
# participle is the past of that act (review of the seventeenth round: "got my hair cut" / "need to
# cut my hair"). Participles as the act's base; a regular one is read by `_past`.
_PARTICIPLES = {
    **{"cut": "cut", "set": "set", "put": "put", "shut": "shut", "done": "do", "made": "make", "taken": "take"},
    **{"seen": "see", "sent": "send", "built": "build", "sold": "sell", "paid": "pay", "written": "write"},
}


def _caused(words: list[str]) -> set[str]:
    """The acts a text says it had done: the participle one to three words after "got" / "had"
    right after a subject."""
    out = set()
    for i, w in enumerate(words):
        if w not in ("got", "had") or not _SUBJECTS & set(words[max(i - 2, 0) : i]):
            continue
        for p in words[i + 2 : i + 5]:
            act = _base(_PARTICIPLES[p]) if p in _PARTICIPLES else _past(p) if p.endswith("ed") else None
            if act:
                out.add(act)
                break
    return out
