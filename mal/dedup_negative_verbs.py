"""Negation said with a negative verb (issue #11): a verb whose meaning is "not" against a plain
negation of the same deed, read as one polarity.

The negation check (mal/dedup.py `_checks`) keeps two memories when one text is negated and the
other is not. Many restatements say the "not" with a verb: "must avoid gluten" / "can't eat gluten",
"quit smoking" / "hasn't smoked", 戒烟三年了 / 三年没抽烟了, 避免含麸质的食物 / 不能吃含麸质的东西, and
"unless it's raining" / "when it isn't raining", 不下雨的话 / 除了下雨天. Each pair misses on the
negation veto, and often on the wish (must / can't) or sibling (戒烟 / 抽烟) veto too.

`negative_said(text, other)` rewrites, in `text`, a negative-verb phrase into the plain negation
`other` says of the same deed (the other text's own words), so every check reads both texts alike.
It is a pair reading (mal/dedup_variants.py `variants`): nothing is rewritten unless the other text
says the same deed plainly negated, so "avoid gluten" / "eat gluten" (no negation to meet), "quit
smoking" / "don't drink" (another deed) and 戒烟 / 抽烟 keep their difference. The deed is the same
when the object words are: a light verb of food or drink (eat, have, 吃, 喝) is no word of the deed,
and smoking / a cigarette, drinking / alcohol are one habit. "Should avoid", "trying to avoid",
尽量避免 (a wish, a to-do) are no practice and are not read;
nor is a past "avoided" / "stayed away from" (a done thing, not a practice: "I avoided caffeine" /
"I don't drink caffeine").
"""

from __future__ import annotations

import re

__all__ = ["negative_said"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# --- English

# a negative verb and its object, up to where the clause ends (not after to / should / try: a wish)
_EN_NV = re.compile(
    r"(?<!\bto )(?<!\bshould )(?<!\bwill )(?<!\bwould )"
    # not after a negation: "I haven't quit smoking" still smokes (review24)
    r"(?<!n't )(?<!n’t )(?<!\bnot )(?<!\bnever )(?<!\bfailed to )"
    r"(?P<nv>(?:\b(?:must|have to|has to|had to)\s+)?"
    r"\b(?:avoids?|stays? away from|abstains? from"
    r"|steers? clear of|quit|quits|gave up|given up|has given up|have given up|stopped|stops)\b)"
    r"(?P<obj>[^.,;!?]*)",
    re.IGNORECASE,
)
# a plain negation and what it negates
_EN_PN = re.compile(
    r"(?P<neg>\b(?:can't|can’t|cannot|can not|don't|don’t|doesn't|doesn’t|do not|does not|no longer|won't|will not"
    r"|haven't|haven’t|hasn't|hasn’t|have not|has not|never|am not able to|isn't able to|is not able to)\b)"
    r"(?P<obj>[^.,;!?]*)",
    re.IGNORECASE,
)
_QUIT = re.compile(r"\b(?:quit|quits|gave up|given up|stopped|stops)\b", re.IGNORECASE)
# what "quit" / "gave up" is read of: a habit, not a job, a team or a plan
_HABITS = _words(
    "smoke drink meat sugar caffeine coffee soda alcohol dairy gluten pork beef chocolate sweets vaping vape "
    "gambling junk carbs bread cigarettes weed"
)
# where a deed's words end
_EN_STOP = _words(
    "because since and but so for in as due now anymore ever after until when while though although "
    "ago years year months month weeks week days day lately recently"
)
# words that are no part of the deed (a light verb of food, an article, a quantifier, a frame)
_EN_LIGHT = _words(
    "eat eats eating eaten ate have has having had consume consumes consuming consumed touch touches touched "
    "touching use uses using used take takes taking took any a an the all foods food products product "
    "anything something things with containing that contain contains even really actually at i he she they "
    "we you user been"
)
_EN_SAME = {
    "smoking": "smoke",
    "smoked": "smoke",
    "smokes": "smoke",
    "cigarette": "smoke",
    "cigarettes": "smoke",
    "cigs": "smoke",
    "drinking": "drink",
    "drinks": "drink",
    "drank": "drink",
    "drunk": "drink",
    "alcohol": "drink",
    "booze": "drink",
    "vaping": "vape",
    "sweets": "sugar",
    "sugary": "sugar",
}


_NEVER = re.compile(r"\s*never\b", re.IGNORECASE)
# a negation of a moment or a situation, or of having some at hand, is no habit (review24)
_SITUATIONAL = re.compile(r"\b(?:because|when|while|if|since|today|tonight|now|have any|has any)\b", re.IGNORECASE)


def _situational(said: str, text: str) -> bool:
    """`said` narrows its negation to a situation the negative-verb text does not say ("because I'm
    driving"; both texts "because of my allergy" narrow alike)."""
    words = {w.lower() for w in _SITUATIONAL.findall(said)}
    return bool(words - {w.lower() for w in _SITUATIONAL.findall(text)})


def _en_deed(words: str) -> tuple[str, ...]:
    """The deed's words: light words dropped, one habit one word ("had a cigarette" / "smoking")."""
    out: list[str] = []
    for word in re.findall(r"[a-z']+", words.lower()):
        if word in _EN_STOP:
            break
        if word in _EN_LIGHT:
            continue
        w = _EN_SAME.get(word, word)
        if not out or out[-1] != w:
            out.append(w)
    if len(out) > 1 and out[0] in ("drink", "smoke"):  # "drink coffee": the coffee
        out = out[1:]
    return tuple(out)


def _en_said(text: str, other: str) -> dict[str, str]:
    out: dict[str, str] = {}
    plain = [(m.group(0), _en_deed(m.group("obj"))) for m in _EN_PN.finditer(other)]
    for m in _EN_NV.finditer(text):
        deed = _en_deed(m.group("obj"))
        if not deed or (_QUIT.search(m.group("nv")) and deed[0] not in _HABITS):
            continue  # quit a job, gave up on a plan: no habit
        said = next((p for p, d in plain if d == deed), None)
        if said is None or _situational(said, text) or (_QUIT.search(m.group("nv")) and _NEVER.match(said)):
            continue  # "won't drink because I'm driving"; "quit" is no "never" (one did it before)
        said = _clause(said)
        if _QUIT.search(m.group("nv")) and re.search(rf"{re.escape(said)}\s+any\s?more\b", other, re.IGNORECASE):
            said += " anymore"  # quit smoking / don't smoke anymore: a habit given up is one no more
        out[_clause(m.group(0))] = said
    return out


def _clause(span: str) -> str:
    """A span cut where its deed's words end (its object and no later clause)."""
    words = re.split(r"(\s+)", span.strip())
    kept: list[str] = []
    for w in words:
        if w.strip().lower() in _EN_STOP:
            break
        kept.append(w)
    return "".join(kept).strip()


# "unless it's X" / "when it isn't X" / "except when it's X"
_UNLESS = re.compile(r"\bunless (?:it's|it is|it’s) (?P<x>\w+)", re.IGNORECASE)
_WHEN_NOT = re.compile(
    r"\b(?:(?:when|if|as long as) (?:it isn't|it is not|it's not|it’s not|it isn’t)"
    r"|except (?:when|if) (?:it's|it is|it’s)) (?P<x>\w+)",
    re.IGNORECASE,
)


def _en_unless(text: str, other: str) -> dict[str, str]:
    u = _UNLESS.search(other)
    if u is None or _UNLESS.search(text):
        return {}
    return {m.group(0): u.group(0) for m in _WHEN_NOT.finditer(text) if m.group("x").lower() == u.group("x").lower()}


# --- Chinese

_ZH_HABIT = "烟|酒|糖|肉|荤|咖啡|奶茶|可乐|饮料|甜食|零食|槟榔|赌|游戏"
# 戒烟 / 戒了烟 / 戒掉了酒
_ZH_QUIT = re.compile(
    # not after a negation or a wish: 还没戒烟 / 没能戒烟 / 想戒烟 still smoke (review24)
    rf"(?<![没未不想要])(?<!没能)(?<!未能)(?<!不能)(?<!打算)(?<!准备)(?<!试着)戒(?:掉)?(?:了)?(?P<obj>{_ZH_HABIT})"
)
# 没抽烟 / 不喝酒 / 不再吃糖 / 没碰过酒
_ZH_PLAIN = re.compile(
    rf"(?P<neg>没有|没再|再没|不再|没|不|未)(?:抽|吸|喝|吃|碰|沾|玩)?(?:过)?(?:一口|一根|一滴)?(?P<obj>{_ZH_HABIT})"
)
# 避免 / 忌 / 远离 X (必须避免: a must; 尽量 / 应该 / 要 避免: a wish, not read)
_ZH_NV = re.compile(
    r"(?<!尽量)(?<!应该)(?<!应当)(?<!最好)(?<!要)(?<!想)(?:必须|得|需)?(?:避免|忌|远离|杜绝)"
    r"(?:食用|吃|喝|摄入|接触|碰)?(?P<obj>[^，。,.;；！!？?]+)"
)
_ZH_NOT = re.compile(r"(?:不能|不可以|不可|没法|不|不再|从不)(?:吃|喝|碰|摄入|食用|沾)(?P<obj>[^，。,.;；！!？?]+)")
# the generic head of a food's name (含麸质的食物 / 含麸质的东西) and a quantifier are no words of the deed
_ZH_HEAD = re.compile(r"(?:的)?(?:食物|东西|食品|饮料|饮品|制品|类)$")


# a negation after "never" (戒 says one did it before) or in a situation (开车不喝酒: not when driving)
_ZH_NOT_HABIT = re.compile(r"从(?:来)?$|开车|的时候|时$|如果|要是|因为|今天|今晚|这次|明天|现在")


def _habitual(text: str, m: re.Match[str]) -> bool:
    head = re.split(r"[，。,.;；！!？?]", text[: m.start()])[-1]
    return not _ZH_NOT_HABIT.search(head)


def _zh_obj(obj: str) -> str:
    obj = re.sub(r"^(?:任何|一切|所有|有)", "", obj)
    obj = re.sub(r"^含有", "含", obj)
    return _ZH_HEAD.sub("", obj)


def _zh_said(text: str, other: str) -> dict[str, str]:
    out: dict[str, str] = {}
    if not _ZH_PLAIN.search(text):
        for m in _ZH_QUIT.finditer(text):
            said = next(
                (
                    p.group(0)
                    for p in _ZH_PLAIN.finditer(other)
                    if p.group("obj") == m.group("obj") and _habitual(other, p)
                ),
                None,
            )
            if said is not None and not _ZH_QUIT.search(other):
                out[m.group(0)] = said
    if not _ZH_NOT.search(text):
        for m in _ZH_NV.finditer(text):
            said = next(
                (p.group(0) for p in _ZH_NOT.finditer(other) if _zh_obj(p.group("obj")) == _zh_obj(m.group("obj"))),
                None,
            )
            if said is not None and _zh_obj(m.group("obj")) and not _ZH_NV.search(other):
                out[m.group(0)] = said
    return out


# 不下雨的话 / 除了下雨天 / 除了下雨的时候
_ZH_IF_NOT = re.compile(r"(?:如果|只要)?不(?P<x>[\u4e00-\u9fff]{1,4}?)(?:的话|的时候|时)")
# (除了下雨天我也去跑步 is "besides", not "except": 也 / 还 after it in the clause, review24)
_ZH_EXCEPT = re.compile(
    r"除了(?P<x>[\u4e00-\u9fff]{1,4}?)(?:天|的时候|时)(?:以外|之外|外)?(?![^，。,.;；！!？?]*[也还])"
)


def _zh_unless(text: str, other: str) -> dict[str, str]:
    u = _ZH_IF_NOT.search(other)
    if u is None or _ZH_IF_NOT.search(text):
        return {}
    return {m.group(0): u.group(0) for m in _ZH_EXCEPT.finditer(text) if m.group("x") == u.group("x")}


# 啥肉都不吃 / 不吃任何肉类
_ZH_ANY_NOT = re.compile(r"(?:啥|什么)(?P<x>[\u4e00-\u9fff]{1,3}?)都不(?P<v>吃|喝|碰)")
_ZH_NOT_ANY = re.compile(r"不(?P<v>吃|喝|碰)任何(?P<x>[\u4e00-\u9fff]{1,3}?)(?:类)?(?=[，。,.;；！!？?]|$)")


def _zh_any(text: str, other: str) -> dict[str, str]:
    u = _ZH_NOT_ANY.search(other)
    if u is None:
        return {}
    return {
        m.group(0): u.group(0)
        for m in _ZH_ANY_NOT.finditer(text)
        if (m.group("x"), m.group("v")) == (u.group("x"), u.group("v"))
    }


def negative_said(text: str, other: str) -> dict[str, str]:
    """Each negative-verb phrase of `text` with the plain negation `other` says of the same deed
    (see above); nothing when `other` says no such negation."""
    out: dict[str, str] = {}
    if any(c.isascii() and c.isalpha() for c in text):
        out.update(_en_said(text, other))
        out.update(_en_unless(text, other))
    if any("\u4e00" <= c <= "\u9fff" for c in text):
        out.update(_zh_said(text, other))
        out.update(_zh_unless(text, other))
        out.update(_zh_any(text, other))
    return {k: v for k, v in out.items() if k and k != v}
