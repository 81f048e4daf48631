"""Chinese preference shapes of the eleventh round: items that ran on past the liked thing, and the
second taste of a turn that the first rule's single match lost.

`tidy_items` trims a preference item read by any rule to the thing itself (docs/parser_labels.md:
"a preference item is the thing liked or disliked without time, place or trip adjuncts"):
- a habit's reduplicated tail ("钓鱼一钓就是一整天" -> 钓鱼), which says how long, not what;
- the frame after "最爱的 / 最喜欢的" ("还是弹吉他", "运动是tennis"): the thing follows 是; and before
  "是我最喜欢的水果" the thing comes first (芒果);
- "爱死X了": 死 is the degree of the love, not part of X;
- a leading time adjunct with its 去 ("周末去钓鱼" -> 钓鱼), a trailing "这部 / 这本 + noun" after a title;
- "不吃X也不吃Y" read as one item: two dislikes.

`more_tastes` reads the tastes the single-match rules miss: a dislike after a contrast word
("但是不喜欢跑步"), the item said first ("恐怖片我是一点都不想看", "但臭豆腐真不行"), and the rhetorical
"X是什么魔鬼食物", "X我最喜欢了", "超迷X", 不喝酒 / 不抽烟, and a taste stated before a request ("我挺喜欢
村上春树的，再推荐几本类似的"). "谁爱吃谁吃" is nobody's taste. Values are the text's own words; polarity
is the only normalisation.
"""

from __future__ import annotations

import re
from typing import Any

from parsers.model import EntityRef
from parsers.preference_rules import preference_facts

__all__ = ["more_tastes", "tidy_items"]

Match = tuple[str, float, dict[str, Any], list[EntityRef]]
_STOP = r"(?=[，。,.!！？?；;~～\s]|$)"
# "钓鱼一钓就是一整天", "打游戏一打就停不下来": the verb's reduplication starts the tail
_REDUP = re.compile(r"^(?P<i>\S{2,}?)一(?P<v>[\u4e00-\u9fff])就")
# "还是弹吉他" / "运动是tennis" after "最爱的": what follows 是 is the thing
_FRAME = re.compile(r"^(?:[\u4e00-\u9fff]{1,4}?)?(?:还是|就是|是)(?P<i>\S.*)$")
_ADJUNCT = re.compile(
    r"^(?:周末|平时|每天|晚上|早上|下班后?|没事(?:的时候)?|有空(?:的时候)?|放假|假期|休息的时候|闲的时候)(?:的时候)?(?:去|就去|来)"
    r"|^去(?=\S{2})"
    # "喜欢在家打游戏", "喜欢weekend去climbing": where or when, not what
    r"|^在家(?:里)?(?=\S{2})|^(?i:on\s+)?(?i:weekends?)\s?去?(?=\S{2})"
)
_WHEN = re.compile(r"^(?:晚上|早上|周末|平时|每天|下班后?|中午|夏天|冬天)")
_TITLE_TAIL = re.compile(r"(?<=\S{2})(?:这|那)(?:部|本|首|款|家|个|种|只|支)[\u4e00-\u9fff]{1,3}$")
_ALSO = re.compile(r"^(?P<a>[^也]{1,10}?)也(?P<neg>不)?(?:吃|喝|喜欢|爱|看|听|玩|用)(?P<b>[^也]{1,10})$")
# Words that open no taste: a time, a person, a pronoun, a question word.
_NOT_TOPIC = re.compile(
    r"^(?:今天|明天|昨天|后天|现在|最近|这几天|这周|周末|晚上|早上|中午|平时|有时候|其实|反正|说实话|真的|但是?|可是|不过|"
    r"你|他|她|我|它|这个|那个|这|那|什么|怎么|为什么|谁)|[吗呢?？]$"
)
_FAMILY = re.compile(r"(?:我|俺)?(?:爸|妈|老公|老婆|儿子|女儿|孩子|哥|姐|弟|妹|爷|奶|外公|外婆|姥)")
_TASTES = [
    # "我喜欢游泳，但是不喜欢跑步": the dislike after a contrast word (the older rule's look-behind
    # skipped any 不 after 是, so 但是 / 就是 hid it)
    (
        "dislike",
        re.compile(
            r"(?:但是|可是|不过|但|就是)(?:我)?(?:真的|一点也|一点都|并|就|可)?不(?:喜欢|爱)(?:吃|喝|看|听|玩|去)?"
            rf"(?P<i>[^，。,.!！？?；;\s]{{1,12}}?)(?:的)?{_STOP}"
        ),
    ),
    # "冰美式是我最爱喝的": the thing first, the liking after
    (
        "like",
        re.compile(
            r"(?:^|[，,。！!；;]\s*)(?P<i>[^，。,.!！？?；;\s我你他她]{2,10}?)(?:就|才|也)?是我(?:最|特别|超)?(?:喜欢|爱)"
            r"(?:吃|喝|看|听|玩|用)?的" + _STOP
        ),
    ),
    # "晚上跑步我最喜欢了": the thing first, the liking closing the clause
    (
        "like",
        re.compile(
            r"(?:^|[，,。！!；;]\s*)(?P<i>[^，。,.!！？?；;\s我你他她]{2,10}?)我(?:最|特别|超|挺|真的|就)?(?:喜欢|爱)(?:了|的)?"
            + _STOP
        ),
    ),
    # "我最近超迷 bouldering", "超迷飞盘": 迷 with a degree word is a liking
    (
        "like",
        re.compile(
            r"(?:超|很|特别|巨|贼|真|最近)迷(?:上了?)?\s?"
            r"(?P<i>[A-Za-z][A-Za-z -]{1,30}?|[\u4e00-\u9fff]{2,8}?)(?:了|的)?" + _STOP
        ),
    ),
    # drinking refused keeps its verb ("我不喝酒的" -> 喝酒, as the writers label it)
    ("dislike", re.compile(r"(?:^|[，,。！!；;我俺]\s*)(?:平时|一般|从来|也)?不(?P<i>喝酒)(?:的|了)?" + _STOP)),
    # the item first, then what the user will not do with it: "恐怖片我是一点都不想看"
    (
        "dislike",
        re.compile(
            r"(?:^|[，,。！!；;]\s*)(?:但是?|可是|不过)?(?P<i>[^，。,.!！？?；;我你他她\s]{2,8}?)(?:我)?(?:是|可是|真是)?"
            r"(?:真的|实在|真|完全|根本)?(?:一点|一口|一眼|一下)?(?:都|也)?"
            r"(?:不想|不敢|不愿意)(?:看|吃|喝|听|碰|玩|尝)(?:了)?" + _STOP
        ),
    ),
    # "但臭豆腐真不行": after a contrast word the item's own verdict (at the turn's start the older
    # topic rule reads it)
    (
        "dislike",
        re.compile(
            r"(?:^|[，,。！!；;]\s*)(?:但是|可是|不过|但)(?P<i>[^，。,.!！？?；;我你他她\s]{2,8}?)(?:我)?(?:是)?"
            r"(?:真的|实在|真|完全|根本)?(?:不行|受不了|接受不了|不能忍|忍不了)" + _STOP
        ),
    ),
    # the rhetorical "香菜是什么魔鬼食物": asked of the thing, meant against it
    (
        "dislike",
        re.compile(
            r"(?:^|[，,。！!；;]\s*)(?P<i>[^，。,.!！？?；;我你他她\s]{1,8}?)(?:到底|究竟)?是什么(?:魔鬼|鬼|黑暗|邪恶|神仙)?"
            r"(?:食物|东西|玩意儿?|水果|饮料|存在)"
        ),
    ),
]


def _trim(item: str, text: str) -> str:
    """One item without the frame and adjuncts around the thing (module docstring)."""
    for word in ("爱死", "喜欢死"):
        if item.startswith("死") and word + item[1:] in text:
            item = item[1:]
    first = re.search(
        r"(?:^|[，,。！!；;]\s*)(?P<x>[^，。,.!！？?；;\s我]{1,10}?)(?:就|才|也)?是我(?:最|特别|超)?(?:喜欢|爱)(?:吃|喝|看|听|玩|用)?的"
        + re.escape(item),
        text,
    )
    if first:
        return first.group("x")  # "芒果是我最喜欢的水果": the thing is said first, its kind after
    if re.search(r"(?:喜欢|爱)(?:吃|喝|看|听|玩|用)?的" + re.escape(item), text):
        frame = _FRAME.match(item)
        if frame:
            item = frame.group("i")
    redup = _REDUP.match(item)
    if redup and redup.group("v") in redup.group("i"):
        item = redup.group("i")
    item = _ADJUNCT.sub("", item) if len(_ADJUNCT.sub("", item)) >= 2 else item
    return _TITLE_TAIL.sub("", item)


def tidy_items(text: str, found: list[tuple[int, Match]]) -> list[tuple[int, Match]]:
    """The preference facts of `found` with their items trimmed, "X也不吃Y" split in two, and a
    second reading of the same item dropped."""
    if not re.search(r"[\u4e00-\u9fff]", text):
        return found
    out: list[tuple[int, Match]] = []
    for pos, match in found:
        if match[0] == "preference" and re.search(r"^谁|[也都]$", str(match[2]["item"])):
            # "谁爱吃谁吃": whoever likes it; "应酬也不喝": the occasion, not the thing refused
            continue
        out.append((pos, match))
        if match[0] != "preference":
            continue
        item = _trim(str(match[2]["item"]), text)
        also = _ALSO.match(item)
        polarity = str(match[2]["polarity"])
        if also and (also.group("neg") is not None) == (polarity == "dislike"):
            item = also.group("a")
            second = {"item": also.group("b"), "polarity": polarity}
            where = text.find(also.group("b"), pos)
            out.append((where, ("preference", match[1], second, [EntityRef(second["item"], "topic", _rel(polarity))])))
        match[2]["item"] = item  # in place: the parser tells the rules' own matches by identity
    seen: set[tuple[str, str]] = set()
    kept: list[tuple[int, Match]] = []
    for pos, match in sorted(out, key=lambda f: f[0]):
        if match[0] == "preference":
            key = (str(match[2]["item"]).lower(), str(match[2]["polarity"]))
            if key in seen:
                continue
            seen.add(key)
        kept.append((pos, match))
    return kept


def _rel(polarity: str) -> str:
    return "DISLIKES" if polarity == "dislike" else "PREFERS"


# "我不喝可乐也不喝雪碧", "不吃香菜不吃葱，也不吃内脏": a chain of two or more refusals, one fact each
_REFUSAL = r"(?:也|还)?不(?:[吃喝])(?:[^，。,.!！？?；;不也还\s]{1,6})"
_CHAIN = re.compile(
    rf"(?:^|(?<=[，,。！!；;我俺\s]))(?:平时|一般|从来)?{_REFUSAL}(?:[，,]?{_REFUSAL})+(?=[，。,.!！？?；;\s]|$)"
)
_ONE_REFUSAL = re.compile(r"不[吃喝](?P<i>[^，。,.!！？?；;不也还\s]{1,6})")


def refusal_chain(text: str) -> list[tuple[int, Match]]:
    """Each item of a chain of refusals (see `_CHAIN`), unless a family member refuses them."""
    out: list[tuple[int, Match]] = []
    for chain in _CHAIN.finditer(text):
        if _FAMILY.search(re.split(r"[。.!！？?；;]", text[: chain.start()])[-1]):
            continue
        for m in _ONE_REFUSAL.finditer(chain.group()):
            item = m.group("i").strip("的了")
            slots = {"item": item, "polarity": "dislike"}
            out.append(
                (chain.start() + m.start("i"), ("preference", 0.8, slots, [EntityRef(item, "topic", "DISLIKES")]))
            )
    return out


_ASKING = re.compile(r"[吗?？]|什么|哪个|哪些|推荐|有没有|有啥|which|what|recommend", re.I)


def stated_before_asking(text: str, lang: str) -> list[tuple[int, Match]]:
    """The tastes of the clauses before the first one that asks ("我挺喜欢村上春树的，再推荐几本类似的"):
    parsers/preference_rules.py reads nothing in a turn that asks anything, so a taste stated before
    the request was lost. The prefix keeps every position of the text."""
    clauses = list(re.finditer(r"[^，。,.!！？?；;]+[，。,.!！？?；;]?", text))
    first = next((i for i, c in enumerate(clauses) if _ASKING.search(c.group())), None)
    if first is None or first == 0:
        return []  # nothing asked (the older rules read the turn), or the turn opens with the question
    return preference_facts(text[: clauses[first].start()], lang)


def more_tastes(text: str, lang: str) -> list[tuple[int, Match]]:
    """Tastes the single-match rules lose (module docstring), each with its position."""
    if lang == "en" or not re.search(r"[\u4e00-\u9fff]", text):
        return []
    asked = bool(re.search(r"[吗?？]\s*$", text))
    out: list[tuple[int, Match]] = stated_before_asking(text, lang) + refusal_chain(text)
    for polarity, pattern in _TASTES:
        for m in pattern.finditer(text):
            item = m.group("i").strip(" 的了吧呀啊")
            bare = _WHEN.sub("", item)
            item = bare if len(bare) >= 2 else item  # "晚上跑步我最喜欢了": the running, not the evening
            rhetorical = "是什么" in m.group(0)
            if len(item) < 2 or _NOT_TOPIC.search(item) or (asked and not rhetorical):
                continue
            sentence = re.split(r"[。.!！？?；;]", text[: m.start("i")])[-1]
            if _FAMILY.search(sentence) or _FAMILY.match(item):
                continue  # a family member's taste is not the user's ("我老公痛风，啤酒都不敢碰")
            slots = {"item": item, "polarity": polarity}
            out.append((m.start("i"), ("preference", 0.8, slots, [EntityRef(item, "topic", _rel(polarity))])))
    return out
