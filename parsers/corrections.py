"""Corrections said inside a sentence: "不是青霉素，我是对阿莫西林过敏", "之前说我在百度，其实是在快手",
"I live in Oakland, not San Francisco", "I said penicillin but I meant sulfa drugs", "make that
business class instead", "it's my brother who has the allergy, not my sister".

parsers/turns.py reads the bare shapes ("不对，是800不是500"); here the new and old values sit in
a sentence, so each side is cut down to the value itself: the part after the last copula or verb
(是/在/住/叫/对), or, when the old value is a relative, the relative on the new side. Every value is
a span of the text. A cue word is required (actually, 不对, 其实, I meant ...): "喜欢A，不喜欢B" is a
preference, not a correction.
"""

from __future__ import annotations

import re

from parsers.lexicon import RELATIVES_EN, RELATIVES_ZH
from parsers.model import Correction
from parsers.profile_base import REL_ZH

__all__ = ["inline_correction", "tidy", "trim_new"]

_CUE_EN = re.compile(
    r"^(?:actually|correction|no+|nope|sorry|wait|oops|scratch that|my bad|i got that wrong|i was wrong|"
    r"i misspoke|i made a mistake)\b|\bi (?:said|wrote)\b.+\bbut i meant\b|^make that\b|\bactually\b",
    re.I,
)
_CUE_ZH = re.compile(
    r"不对|(?<![报出])错了|更正|纠正|其实是|其实在|说错|打错|搞错|记错|之前说|刚才说|^[哦啊噢嗯呃额]?[，,\s]*不是|"
    r"^(?:不好意思|抱歉|sorry)[，,\s]*(?:是|应该是)|^[哎唉欸诶][，,\s]*不是|是错的"
)
_EN = [
    re.compile(r"\bi (?:said|wrote) (?P<old>[^,.;]+?),? but i meant (?P<new>[^,.;!?]+)", re.I),
    # "Sorry, I meant Portland, Oregon": the whole place, its state included
    re.compile(
        r"^(?:sorry|oops|no|wait|my bad)\b[^.;!?]{0,12}?\bi meant (?P<new>[A-Z][\w'-]*(?:,?\s+[A-Z][\w'-]*)*)[.!]?$",
        re.I,
    ),
    re.compile(r"\bit'?s (?P<new>my \w+) who\b[^,;]*?,\s*not (?P<old>my \w+)", re.I),
    re.compile(r"\bmake (?:that|it) (?P<new>[^,.;!?]+?)(?:\s+instead)?[.!]?$", re.I),
    re.compile(r"(?P<new>[^,;]+?)(?:\s+now)?,?\s+not\s+(?P<old>[^,.;!?]+)", re.I),
    re.compile(r"\bit'?s (?P<new>[A-Z][\w-]*)\b", re.I),
]
_V = r"(?:\$?\d+(?:,\d{3})*(?:\.\d+)?(?:\s?(?:am|pm|k|dollars|bucks))?|[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)"
# Shapes that are corrections by their grammar, with or without a cue word: the new value and the
# value it replaces stand in parallel ("The cat's name is Mochi, not Miso", "It's not next week,
# it's the week after", "No, not Seattle - Portland!", "make that $1,500, not $1,200").
# A capitalised name or model after "it's" ("a Galaxy S24 I got"): the pronoun I starts no part of it.
_NAME = r"(?-i:[A-Z][\w'-]*(?:\s+(?!I\b)[A-Z0-9][\w'-]*)*)"  # (case-sensitive inside an re.I pattern)
_PARALLEL_EN = [
    # "oops not Pixel, it's a Galaxy S24", "wait, not peanuts, walnuts": an interjection, the denied
    # value, then the new one (blind6, blind9)
    re.compile(
        r"^(?:oops|wait|sorry|no|nope|actually|my bad|whoops)\b[,!.]?\s*not\s+(?P<old>[^,.;!?]+?),\s*"
        rf"(?:(?:it'?s|it is|I meant|I mean)\s+)?(?:(?:an?|the)\s+)?(?P<new>{_NAME}|[a-z][\w-]*)\b",
        re.I,
    ),
    re.compile(rf"\bmake (?:that|it) (?P<new>{_V}),?\s+not\s+(?P<old>{_V})", re.I),
    re.compile(r"\b(?:it's|it is|it was)\s+not\s+(?P<old>[^,;]+?),\s*(?:it's|it is|it was)\s+(?P<new>[^,.;!?]+)", re.I),
    re.compile(rf"\b(?:is|'s|are|was)\s+(?P<new>{_V}),?\s+not\s+(?P<old>{_V})[.!]?$"),
    re.compile(rf"\bnot\s+(?P<old>{_V})\s*[-–—]+\s*(?P<new>{_V})[.!]?$"),
    re.compile(
        rf"\bI (?:told you|said)\b[^,.;]*?\b(?:in|is|was|at|to)\s+(?P<old>{_V})"
        rf"[^.;]*?\bbut\s+(?:it's|it is)\s+actually\s+(?P<new>{_V})"
    ),
    # "I said Monday before, but it's actually Wednesday", "I told you vegan last time but I'm actually
    # vegetarian": the old value right after the verb, a time word after it, the new one after "actually"
    re.compile(
        rf"\bI (?:told you|said|mentioned)\s+(?P<old>{_V}|[a-z][\w-]*)\s+(?:earlier|before|last time|yesterday)\b"
        rf",?\s*but\s+(?:it's|it is|it was|I'm|I am|I)\s+actually\s+"
        r"(?:(?:work|live|am based|moved)\s+(?:at|for|in|to)\s+)?"
        rf"(?P<new>{_V}|[a-z][\w-]*)\b",
        re.I,
    ),
]
_ZH = [
    re.compile(r"之前说(?P<old>[^，,。]+?)[，,]\s*其实(?:是)?(?P<new>[^，,。]+)"),
    # "上次说我住在南京是错的，我住在合肥": the old statement called wrong, then the new one
    re.compile(
        r"(?:上次|之前|刚才|前面)(?:我)?说(?:的)?(?P<old>我[^，,。]+?)(?:是错的|不对)[，,]\s*(?P<new>[^，,。]+)"
    ),
    # "我猫叫咪咪不叫喵喵，你记错了": the new value and the denied one in one clause come first
    re.compile(r"(?P<new>[^，,。：:不]+?)[，,]?\s*(?:而)?不(?:是|叫|在|住)(?P<old>[^，,。]+)"),
    re.compile(r"不(?P<verb>是|叫|在|住)(?P<old>[^，,。]+?)[，,]\s*(?P<new>[^，,。]+)"),
    re.compile(r"(?:其实是|其实在|应该是)(?P<new>[^，,。]+)"),
    re.compile(r"[：:](?P<new>[^，,。]+)"),
]
_ZH_LEAD = re.compile(r"^.*?(?:是在|是对|是|在|住在|住|叫|对)(?=.)")
_EN_VALUE = re.compile(
    r"(?:my \w+|'?\d[\d:.,]*\s?(?:am|pm)?|[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*|\w+ class|[a-z]+ drugs?)$"
)


def _zh_value(chunk: str) -> str:
    chunk = chunk.strip(" 。！!的了啦呀哈：:")
    cut = _ZH_LEAD.sub("", chunk)
    if cut and len(_ZH_LEAD.sub("", cut)) >= 2:
        cut = _ZH_LEAD.sub("", cut)  # "我是住在苏州" -> "住在苏州" -> "苏州"
    return re.sub(r"(?:过敏|的|了|上班|工作|打工|生活|住|待|呆|走|出发)$", "", cut or chunk).strip() or chunk


def _relative(chunk: str, zh: bool) -> str | None:
    table = RELATIVES_ZH if zh else {f"my {k}": v for k, v in RELATIVES_EN.items()}
    hits = [w for w in sorted(table, key=len, reverse=True) if w in chunk.lower()]
    return next((w for w in hits if w in chunk), hits[0] if hits else None)


def trim_new(new: str, old: str | None, zh: bool) -> str:
    """The new value itself, cut from its sentence ("我住苏州" -> 苏州, "航班是晚上9点的" -> 晚上9点)."""
    if old is not None and _relative(old, zh):
        rel = _relative(new, zh)
        if rel:
            return rel
    if zh:
        return _zh_value(new)
    new = re.sub(r"\s+(?:now|instead|then|actually|though)$", "", new.strip(" .!"), flags=re.I)
    if old is not None and (
        kind := re.fullmatch(r"(?:an?\s+|the\s+)?(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?P<h>allergy|one)", new, re.I)
    ):
        if not old.lower().endswith(kind.group("h").lower()):
            return kind.group("v")  # "a peanut allergy, not tree nut": the kind against the kind
    m = _EN_VALUE.search(new)
    return m.group(0) if m else new.strip()


_EN_FRAME = re.compile(r"^(?:I'm|I am)\s+(?:(?P<a>an?|the)\s+)?(?=[a-z])", re.I)
_EN_TAIL = re.compile(r"\s+(?:haha+|lol|lmao|oops|sorry|my bad)\W*$", re.I)
_UNIT = re.compile(r"(?P<n>\d+(?:\.\d+)?)(?P<u>岁|块|元|号|点|个|天|年|月)?$")


def _shape(word: str) -> str:
    if re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", word, re.I):
        return "ordinal"
    if re.fullmatch(r"\$?\d[\d,.]*[km]?", word, re.I):
        return "number"
    return "name" if word[:1].isupper() else "word"


def _parallel_tail(new: str, old: str) -> tuple[str, str]:
    """A new value said as a whole clause against a bare old one ("the flight is on the 18th, not the
    19th", "we live in Hobart now, not Launceston": blind6, blind12): the new value is the words that
    end its clause in the old value's shape (an ordinal, a number, a name), the old one without its
    article. Lower-case words are left alone: their extent cannot be told from their shape."""
    old_words = re.sub(r"^(?:the|an?)\s+", "", old.strip(" .!"), flags=re.I).split()
    words = re.sub(r"\s+(?:now|instead|then|though|actually)$", "", new.strip(" .!"), flags=re.I).split()
    k = len(old_words)
    if not 0 < k <= 3 or len(words) <= k:
        return new, old
    tail = words[-k:]
    shapes = [_shape(w) for w in tail]
    clause = any(_shape(w) == "word" for w in words[:-k])  # "Galaxy S24" is a name, not a clause
    if clause and shapes == [_shape(w) for w in old_words] and "word" not in shapes and tail[0] != "I":
        return " ".join(tail), " ".join(old_words)
    return new, old


def tidy(fix: Correction) -> Correction:
    """Both sides in the same form: a relative without "my"/"我" ("my son" / "my daughter" -> son /
    daughter), a number with its unit only when both sides carry it ("不是28岁，是29" -> 29 / 28; "我儿子8岁
    不是7岁" -> 8岁 / 7岁). Every value stays a span of the text."""
    new, old = fix.new, fix.old

    def bare(value: str) -> str:
        rel = re.fullmatch(r"(?:my|our)\s+(\w+)", value, re.I) or re.fullmatch(r"(?:我的|我|俺)(\S{2,3})", value)
        table = RELATIVES_EN if value.isascii() else RELATIVES_ZH
        known = rel and (
            rel.group(1).lower() in table
            or "我" + rel.group(1) in RELATIVES_ZH
            or rel.group(1) * 2 in table
            or rel.group(1) in REL_ZH  # 闺女, 老爷子: the profile rules' wider list
        )
        return rel.group(1) if rel and known else value

    new, old = bare(new), bare(old) if old is not None else None
    if old is not None and new.isascii() and old.isascii():
        # "no, I'm a pharmacist, not a nurse", "Portland not Portugal haha": the values without the
        # frame, the article or a laugh after them
        new, old = _EN_TAIL.sub("", new) or new, _EN_TAIL.sub("", old) or old
        if (frame := _EN_FRAME.match(new)) and frame.end() < len(new):
            new = new[frame.end() :]
            if frame.group("a"):
                old = re.sub(r"^(?:an?|the)\s+(?=\w)", "", old, flags=re.I)
    if old is not None and new.isascii() and old.isascii():
        new, old = _parallel_tail(new, old)
    if old is not None and re.match(r"说(?!唱|书|明|法|话|服)(?=\S{2})", new) and not old.startswith("说"):
        new = new[1:]  # "不对，我是说小米，不是华为": 说 frames the value, as 去 a place below
    if old is not None and (verb := re.match(r"(?:去|到|在|住)(?=\S{2})", new)) and not old.startswith(verb.group(0)):
        new = new[verb.end() :]  # "是去大连不是大理": the place against the place
    if old is not None:
        n, o = _UNIT.search(new), _UNIT.fullmatch(old)
        if (
            n
            and o
            and o.group("u")
            and n.group("u") == o.group("u")
            and re.fullmatch(r"(?:我|俺)\S{0,4}", new[: n.start()])
        ):
            new = n.group(0)  # "我儿子8岁" against "7岁": the age itself ("下午4点" keeps its 下午)
        elif n and o and o.group("u") and not n.group("u") and new == n.group(0):
            old = o.group("n")
    return Correction(new, old)


def inline_correction(text: str, lang: str) -> Correction | None:
    """A correction stated inside a sentence, or None."""
    stripped = text.strip()
    if lang != "zh":
        for pattern in _PARALLEL_EN:
            if m := pattern.search(stripped):
                # the values alone: "$900" is 900 (labels write the number), "my son" stays for tidy()
                new_v, old_v = (re.sub(r"^\$(?=\d)", "", m.group(g).strip()) for g in ("new", "old"))
                if new_v.lower() != old_v.lower() and not re.match(r"(?i)(?:a|an|the|my|that|this|it|sure)$", new_v):
                    return Correction(new_v, old_v)
    if lang != "zh" and _CUE_EN.search(stripped):
        for pattern in _EN:
            m = pattern.search(stripped)
            if not m:
                continue
            old = m.groupdict().get("old")
            old_value = trim_new(old, None, False) if old else None
            new = (
                m.group("new").strip()
                if "meant" in pattern.pattern and not old
                else trim_new(m.group("new"), old_value, False)
            )
            if new and new.lower() not in {"it", "that", "this", "not"}:
                return Correction(new, old_value)
    if lang != "en" and _CUE_ZH.search(stripped):
        for pattern in _ZH:
            for m in pattern.finditer(stripped):
                old = m.groupdict().get("old")
                old_value = _zh_value(old) if old else None
                new = trim_new(m.group("new"), old_value, True)
                if (
                    re.fullmatch(r"[哎唉欸诶嗯哦啊呃额]*|[我俺他她你]们?", new)
                    or re.search(r"说错|错了|不对|更正|纠正", new)
                    or (old_value or "").startswith(("不", "是"))
                ):
                    continue  # "哎不是不是，是下午四点": the interjection and the repeated 不是 are no values
                if new:
                    return Correction(new, old_value)
    return None
