"""Intent rules and slot extractors. Each extractor returns slots taken from the text (or a
normalisation of it) or None; nothing is guessed."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from parsers.budget_rules import budget_facts
from parsers.feedback_rules import feedback_match
from parsers.feedback_verdicts import verdict_feedback
from parsers.forgetting import forget_request
from parsers.lexicon import (
    CONDITIONS_EN,
    CONDITIONS_ZH,
    LANGUAGES,
    PLACES_ZH,
    RELATIVES_EN,
    RELATIVES_ZH,
    zh_kin_alternation,
)
from parsers.model import EntityRef
from parsers.preference_rules import DEGREE_TAIL, NOT_ITEM, WHEN_TAIL
from parsers.profile_base import COUNT_ZH
from parsers.temporal import find_when
from parsers.todo_rules import second_reminder, todo_task
from parsers.travel_rules import travel_match as _travel
from parsers.turns import correction, is_smalltalk

__all__ = ["Match", "correction", "cued_match", "forget_request", "is_smalltalk", "match_intents"]

Match = tuple[str, float, dict[str, Any], list[EntityRef]]
_I_ZH = r"(?:我|本人)"
# Words after 叫 / 名叫 that are no name: a negation, a particle, a duration ("名叫不出来", "叫了好久").
_NOT_NAME_ZH = re.compile(r"^(?:不|没|了|别)|出来|起来|好久|很久|半天")


def _clean(value: str) -> str:
    """Trim punctuation and particles at the edges only; the inside of a value is the user's text."""
    return value.strip(" \t，。！？!?,.~～…、；;：:的了吧呀啊哦呢哈啦嘛呗噢哟")


# -- intents ----------------------------------------------------------------------------------
_PREF_ZH = re.compile(
    rf"(?:^|(?<=[，。,！!\s])|{_I_ZH})(?:也|还是|还|一直|平时|其实|一向|向来|从小|真的)?(?P<deg>更|最|比较|很|特别|非常|真的)?(?:(?P<neg>不喜欢|不爱|讨厌|受不了|不想用)|(?:喜欢|爱用|爱吃|爱喝|爱|偏好|偏爱|习惯用|倾向于|钟意))(?:用|吃|喝|看|听|玩)?(?P<item>[^，。,.!！？?]{{1,30}})"
)
# "the one thing I can't give up is chocolate", "the thing I love most is kayaking", "the one thing
# keeping me sane is yoga": the liked thing after "is", up to a new clause
_ONE_THING_EN = re.compile(
    r"\bthe\s+(?:one\s+)?thing\s+(?:that\s+)?(?:I\s+(?:really\s+)?(?:love|like|enjoy|adore)(?:\s+the)?\s+most|"
    r"I\s+(?:can't|cannot|could never|can never)\s+(?:give up|live without|resist|stop eating)|"
    r"(?:keeping|keeps)\s+me\s+(?:sane|going|happy|alive))\s+is\s+"
    r"(?P<item>[A-Za-z][\w'-]*(?:\s+(?!(?:nothing|I|it|and|but|like|which|so|because)\b)[A-Za-z][\w'-]*){0,2})"
    r"(?=\s*[,.;!?]|\s*$|\s+(?:nothing|I|it|and|but|like|which|so|because)\b)",
    re.I,
)
_PREF_EN = re.compile(
    r"\bI(?:\s+|(?='))(?:(?:[a-z]+ly|also|much|just|totally|kinda|lowkey|still|do|so)\s+){0,2}(?P<verb>prefer|like|love|enjoy|adore|am into|'m into|am a fan of|'m a fan of|"
    r"don't like|do not like|dislike|hate|can't stand|cannot stand)\s+(?:to\s+use\s+|using\s+|to\s+)?(?P<item>[^,.;!?]{1,40})",
    re.IGNORECASE,
)
_FAV_EN = re.compile(
    r"\bmy\s+(?:favorite|favourite)\s+(?P<topic>[a-z ]{2,20}?)\s+is\s+(?P<item>[^,.;!?]{1,40})", re.IGNORECASE
)
_JOBS_ZH = "医生|老师|教师|工程师|程序员|护士|律师|学生|设计师|会计|经理|销售|产品经理|司机|厨师|记者|警察|公务员|研究员|教授|作家|画家|演员|歌手|创业者|自由职业者|数据分析师|架构师|运营"
_JOBS_EN = (
    "engineer|developer|programmer|teacher|doctor|nurse|lawyer|student|designer|accountant|manager|"
    "salesperson|driver|chef|cook|journalist|writer|artist|scientist|researcher|professor|consultant|"
    "analyst|architect|musician|photographer|counselor|therapist|pharmacist|dentist|entrepreneur|freelancer"
)
_PROFILE_ZH = [
    (
        "name",
        re.compile(
            rf"(?:{_I_ZH}|(?<=[，,]))(?:的名字是|的名字叫|叫|名叫)(?P<v>[\u4e00-\u9fa5]{{2,4}}|[A-Za-z]{{2,20}})(?:[，。,.!！\s]|$)"
        ),
    ),
    (
        "job",
        re.compile(
            rf"{_I_ZH}(?:是|是一名|是一个|是个|当|做)(?:一名|一个|个)?(?P<v>[\u4e00-\u9fa5A-Za-z]{{0,6}}?(?:{_JOBS_ZH}))"
        ),
    ),
    (
        "job",
        re.compile(rf"{_I_ZH}(?:在(?P<org>[^，。,]{{1,12}}))?(?:工作|上班)[，,]?(?:是|做|当)(?P<v>[^，。,]{{2,10}})"),
    ),
    # the place, then the job: "我在成都当中学老师"
    (
        "job",
        re.compile(
            rf"{_I_ZH}(?:现在|目前)?在[\u4e00-\u9fa5]{{2,6}}?(?:当|做)(?:一名|一个|个)?(?P<v>[\u4e00-\u9fa5]{{0,4}}?(?:{_JOBS_ZH}))"
        ),
    ),
    (
        "city",
        re.compile(
            rf"{_I_ZH}(?:现在|目前)?(?:住在|生活在|定居在|在)(?P<v>[\u4e00-\u9fa5]{{2,6}}?)(?:住|生活|工作|上班)?(?:[，。,.!！\s]|$)"
        ),
    ),
    ("hometown", re.compile(rf"{_I_ZH}(?:来自|是)(?P<v>[\u4e00-\u9fa5]{{2,6}}?)人(?:[，。,.!！\s]|$)")),
    ("hometown", re.compile(rf"{_I_ZH}(?:老家)?来自(?P<v>[\u4e00-\u9fa5]{{2,6}}?)(?:[，。,.!！\s]|$)")),
    ("job", re.compile(rf"{_I_ZH}是(?:一名|一个|个)\s*(?P<v>[A-Za-z][A-Za-z ]{{2,30}}[A-Za-z])")),
    (
        "language",
        re.compile(rf"{_I_ZH}(?:的母语是|会说|说|讲)(?P<v>{'|'.join(w for w in LANGUAGES if not w.isascii())})"),
    ),
]
_PROFILE_EN = [
    (
        "name",
        re.compile(r"\b(?i:my name is|my name's|call me|i go by)\s+(?P<v>[A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'-]+)?)"),
    ),
    (
        "job",
        re.compile(
            r"\bI\s+(?:work as|am working as|'m working as)\s+(?:an?\s+)?(?P<v>[a-z ]{2,30}?)(?=\s+(?:in|at|for|from)\b|[,.;!?]|$)",
            re.IGNORECASE,
        ),
    ),
    # "I work in accounting": a field of work (lower case, no article; "in Leeds" is a city)
    ("job", re.compile(r"\bI\s+work\s+in\s+(?!(?:a|an|the|my|our)\b)(?P<v>[a-z]{3,}(?:\s+[a-z]{3,})?)(?=[,.;!?]|$)")),
    ("job", re.compile(rf"\bI(?:'m| am)\s+(?:an?\s+)(?P<v>(?:[a-z]+\s+){{0,2}}(?:{_JOBS_EN}))\b", re.IGNORECASE)),
    # the job in a list after the age: "I'm 27, a nurse, and I live in Leeds"
    (
        "job",
        re.compile(rf"\bI(?:'m| am)\s+\d{{1,3}},\s+(?:an?\s+)(?P<v>(?:[a-z]+\s+){{0,2}}?(?:{_JOBS_EN}))\b", re.I),
    ),
    (
        "city",
        re.compile(
            r"\bI\s+(?:live|am living|'m living|reside)\s+in\s+(?P<v>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?|[\u4e00-\u9fa5]{2,6})"
        ),
    ),
    ("city", re.compile(r"\bI\s+(?:just\s+)?moved\s+to\s+(?P<v>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?)")),
    ("hometown", re.compile(r"\bI(?:'m| am)\s+(?:originally\s+)?from\s+(?P<v>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?)")),
    ("language", re.compile(r"\bI\s+(?:speak|'m fluent in|am fluent in)\s+(?P<v>[A-Z][a-z]+)")),
    ("language", re.compile(r"\bmy native language is\s+(?P<v>[A-Z][a-z]+)", re.IGNORECASE)),
]
_HEALTH_ZH = re.compile(
    r"(?P<rel>"
    + zh_kin_alternation(RELATIVES_ZH)
    + r")(?:一直|以前|去年|最近|也)?(?:有|患有|患了|得了|确诊了?|查出了?|对[^，。]{1,8}?)(?P<cond>"
    + "|".join(sorted(CONDITIONS_ZH, key=len, reverse=True))
    + ")"
)
_HEALTH_EN = re.compile(
    r"\bmy\s+(?P<rel>"
    + "|".join(sorted(RELATIVES_EN, key=len, reverse=True))
    + r")\s+(?:has|had|have|was diagnosed with|got diagnosed with|suffers from|is suffering from|has been diagnosed with)\s+(?P<cond>"
    + "|".join(re.escape(c) for c in sorted(CONDITIONS_EN, key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)
_TODO_ZH = re.compile(
    r"(?P<task4>deadline|截止日期|截止时间|ddl|DDL)[^，。]{0,4}?是|(?:提醒我|(?<=[点半分])(?:叫|喊)我)(?P<task>[^，。]{2,30})|(?:记得|别忘了|不要忘了)(?:提醒我)?(?P<task2>[^，。]{2,30})|(?P<when>[^，。]{0,10}?)(?:要|(?<![觉记懂显获值舍免晓省使难变长])得|需要)(?P<task3>(?:交|开会|去|陪[^，。]{1,6}?去|参加|见|复查|体检|提交|打电话|还)[^，。]{0,20})"
)
_TODO_EN = re.compile(
    # "remind me of / how / why / what": a memory something calls up, not a reminder asked for
    r"\bremind me (?!(?:of|how|why|what)\b)(?:to\s+)?(?P<task>[^.;!?]{3,60})|\bdon't let me forget (?:to\s+)?(?P<task2>[^.;!?]{3,60})|"
    r"\bI (?:have|need|got) (?:to\s+)?(?P<task3>(?:an?\s+(?:[a-z']+\s+){0,2}?(?:meeting|appointment|call|deadline|exam|interview)|submit|call|attend|finish|pay|renew|visit|see)\b[^.;!?]{0,50})",
    re.IGNORECASE,
)
_FEEDBACK_TARGET_ZH = re.compile(
    r"响应|回复|回答|速度|反应|系统|客服|软件|应用|app|APP|服务|你们|你的|你这|界面|功能|体验|助手|机器人|AI"
)


def _preference(text: str, lang: str) -> Match | None:
    if lang != "en":
        m = _PREF_ZH.search(text)
        if m and not re.search(r"喜欢(?:吗|么|什么|哪)", text):
            item = _clean(m.group("item"))
            item = re.sub(r"^(?:用|吃|喝|看|听|玩|那种|这种)\s?", "", item)
            item = re.sub(r"^坐(?=\S{3})", "", item)  # "讨厌坐红眼航班": the flights, not the sitting
            if item and len(item) <= 30 and not _FEEDBACK_TARGET_ZH.match(item):
                polarity = "dislike" if m.group("neg") else "like"
                conf = 0.9 if m.group("deg") == "更" or m.group("deg") == "最" else 0.85
                return (
                    "preference",
                    conf,
                    {"item": item, "polarity": polarity},
                    [EntityRef(item, "topic", "DISLIKES" if polarity == "dislike" else "PREFERS")],
                )
    if lang != "zh":
        m = _FAV_EN.search(text)
        if m:
            item = m.group("item").strip()
            return (
                "preference",
                0.9,
                {"item": item, "polarity": "like", "topic": m.group("topic").strip()},
                [EntityRef(item, "topic", "PREFERS")],
            )
        one = _ONE_THING_EN.search(text)
        if one:
            # "the one thing I can't give up is chocolate": the thing after "is"
            item = one.group("item")
            return ("preference", 0.85, {"item": item, "polarity": "like"}, [EntityRef(item, "topic", "PREFERS")])
        m = _PREF_EN.search(text)
        if m:
            verb = m.group("verb").lower()
            item = re.sub(
                r"\s+(?:more than .*|more|better|a lot|very much|the most|too|as well|over .*|than .*|(?:but|and|because|so) .*|"
                r"tbh|lol|btw|haha|these days|nowadays|lately|honestly|right now|at the moment|(?:especially|particularly) .*|when (?:I|I'm|we) .*|"
                r"on (?:the )?weekends?|on long[- ](?:haul )?(?:flights|trips|drives)|on (?:flights|trips))$",
                "",
                m.group("item").strip(),
                flags=re.I,
            )
            item = re.sub(r"^when\s+", "", item, flags=re.I)  # "I hate when apps ..."
            item = WHEN_TAIL.sub("", item) or item  # "reading before bed"
            item = DEGREE_TAIL.sub("", item) or item  # "window seats best"
            # a run-on clause after the thing: "i kinda like yoga i guess it helps", "香菜 at all"
            item = re.sub(r"(?<=\S)\s+(?:(?:I|I'm|it|it's|nothing)\s.*|at all)$", "", item, flags=re.I)
            if verb == "prefer":
                item = re.sub(r"\s+to\s+.*$", "", item)  # "prefer tea to coffee": coffee is the dislike
            if verb != "hate" and not verb.startswith("don"):
                item = re.sub(r"^my\s+", "", item, flags=re.I)  # "I like my steak medium rare"
            polarity = (
                "dislike" if any(w in verb for w in ("don't", "not", "dislike", "hate", "can't", "cannot")) else "like"
            )
            # not a pronoun, a clause ("I love how it shows ..."), or the service itself
            if item and not NOT_ITEM.search(item) and not re.match(r"^the (?:new )?(?:bot|assistant)\b", item, re.I):
                return (
                    "preference",
                    0.9 if verb == "prefer" else 0.85,
                    {"item": item, "polarity": polarity},
                    [EntityRef(item, "topic", "DISLIKES" if polarity == "dislike" else "PREFERS")],
                )
    return None


def _place_name(value: str) -> bool:
    return value in PLACES_ZH or bool(re.fullmatch(r"[\u4e00-\u9fa5]{1,4}[市省县]", value)) or value.isascii()


def _profile(text: str, lang: str) -> Match | None:
    for field, pattern in (_PROFILE_ZH if lang != "en" else []) + (_PROFILE_EN if lang != "zh" else []):
        m = pattern.search(text)
        if not m:
            continue
        value = m.group("v").strip()
        if field == "language":
            value = LANGUAGES.get(value.lower(), LANGUAGES.get(value, value))
        if field == "job" and re.match(r"[做干搞][\u4e00-\u9fa5]{2,}", value):
            value = value[1:]  # "我是做运营的" -> 运营
        place = re.match(rf"(?P<p>[\u4e00-\u9fa5]{{2,6}}?)的{COUNT_ZH}?(?=\S{{2}})", value)
        if field == "job" and place and _place_name(place.group("p")):
            value = value[place.end() :]  # "我是广州的一名老师": the job; the city is read by parsers/work_rules.py
        if field == "name" and (value in {"什么", "谁", "一名", "一个"} or _NOT_NAME_ZH.search(value)):
            continue  # "名叫不出来", "起名叫了好久": a verb after the naming word, no name
        if field in {"city", "hometown"} and value in {"这里", "那里", "家里", "家", "公司", "学校"}:
            continue
        if field == "city" and not re.search(r"住|生活|定居", m.group(0)) and not _place_name(value):
            continue  # "我在腾讯上班", "我在杭州做老师": a bare 在 names a city only when it is one
        return ("profile", 0.9, {"field": field, "value": value}, [EntityRef(value, field, "HAS_PROFILE")])
    return None


def _family_health(text: str, lang: str) -> Match | None:
    m = _HEALTH_ZH.search(text) if lang != "en" else None
    if m:
        rel = m.group("rel")
        return (
            "family_health",
            0.95,
            {
                "relative": RELATIVES_ZH[rel],
                "relative_text": re.sub(r"^我家?", "", rel) or rel,  # 我家小孩 -> 小孩
                "condition": m.group("cond"),
            },
            [EntityRef(m.group("cond"), "condition", "HAS_FAMILY_HISTORY", detail=RELATIVES_ZH[rel])],
        )
    m = _HEALTH_EN.search(text) if lang != "zh" else None
    if m:
        rel, cond = m.group("rel").lower(), m.group("cond").lower()
        return (
            "family_health",
            0.95,
            {"relative": RELATIVES_EN[rel], "relative_text": rel, "condition": cond},
            [EntityRef(cond, "condition", "HAS_FAMILY_HISTORY", detail=RELATIVES_EN[rel])],
        )
    return None


# "switched from Chrome to Firefox", "changed my phone from Android to iPhone": a change, not a route
def _todo(text: str, lang: str, now: datetime) -> Match | None:
    m = (_TODO_ZH.search(text) if lang != "en" else None) or (_TODO_EN.search(text) if lang != "zh" else None)
    task = (
        next((g for g in (m.groupdict().get(k) for k in ("task", "task2", "task3", "task4")) if g), None) if m else None
    )
    if not task:
        return _todo_family(text, lang, now)
    task = _clean(task)
    when = find_when(text, now, lang)
    if m is not None and m.groupdict().get("task2") and re.match(r"帮我|给我", task) and not when:
        return None  # "我不吃猪肉，出去吃饭记得帮我避开": how to help, no task of the user's
    slots: dict[str, Any] = {"task": task}
    if when:
        if when.date:
            slots["date"] = when.date
        if when.time:
            slots["time"] = when.time
    elif m is not None and m.groupdict().get("task3") and lang != "en" and not m.group("when"):
        return None
    return ("todo", 0.85, slots, [EntityRef(task, "task", "HAS_TODO")])


def _todo_family(text: str, lang: str, now: datetime) -> Match | None:
    """The task shapes of parsers/todo_rules.py; only a turn that asks to be reminded stands
    without a day or time."""
    found = todo_task(text, lang)
    when = find_when(text, now, lang) if found else None
    if not found or (found[1] and not (when and (when.date or when.time))):
        return None
    task = found[0]
    slots: dict[str, Any] = {"task": _clean(task)}
    if when:
        slots.update({k: v for k, v in (("date", when.date), ("time", when.time)) if v})
    return ("todo", 0.8, slots, [EntityRef(slots["task"], "task", "HAS_TODO")])


_HABIT = re.compile(
    r"每天|每晚|每早|每周|每个?(?:月|礼拜|星期)|天天|总是|通常|平时|一般|\b(?:every|usually|always|normally|often)\b",
    re.I,
)
# A plan or a task lies ahead: a turn that tells of the past ("We flew to Paris in May", "我去年7月去
# 过日本", "I received the package on Monday") is an episode however sure the learned layer is that
# it is about trips or tasks. Only the cued path (no trigger rule fired) is held to this.
_PAST = re.compile(
    r"\b(?:went|flew|drove|visited|returned|received|recieved|came back|got back|last (?:week|month|year|summer|"
    r"winter|spring|fall|autumn)|yesterday|ago)\b|去过|去年|上个?月|上周|上礼拜|上星期|昨天|前天|回来了",
    re.I,
)


def cued_match(
    kind: str, text: str, lang: str, now: datetime, mood: tuple[str, float] = ("neutral", 0.0)
) -> Match | None:
    """Slots for a turn the learned layer labelled but no trigger rule read: the kind's own slot
    extractors run without their trigger words. Every value still comes from the text; a kind
    with no slot-shaped value in the turn yields nothing (the turn stays an episode)."""
    if kind in {"travel_plan", "todo"} and _PAST.search(text):
        return None
    if kind == "travel_plan":
        return _travel(text, lang, now, cued=True)
    if kind == "feedback":
        return feedback_match(text, lang, mood, cued=True) or verdict_feedback(text, lang, mood)
    if kind == "budget":
        facts = budget_facts(text, lang, cued=True)
        return facts[0] if facts else None
    if kind == "todo":
        when = find_when(text, now, lang)
        if when is None or not (when.date or when.time) or _HABIT.search(text):
            return None  # "我每天晚上七点半起床", "I usually run at 6": a habit, not a task
        slots: dict[str, Any] = {"task": _clean(text)[:120]}
        slots.update({k: v for k, v in (("date", when.date), ("time", when.time)) if v})
        return ("todo", 0.7, slots, [EntityRef(slots["task"], "task", "HAS_TODO")])
    return None


def match_intents(text: str, lang: str, now: datetime, mood: tuple[str, float]) -> list[Match]:
    """Every intent whose rules fire, strongest first (travel before budget: a trip's budget is a slot)."""
    found = [
        _family_health(text, lang),
        _travel(text, lang, now),
        _todo(text, lang, now),
        *budget_facts(text, lang),
        _profile(text, lang),
        _preference(text, lang),
        feedback_match(text, lang, mood),
    ]
    if found[2] is not None and (rest := second_reminder(text, lang)):
        when, head = find_when(rest, now, lang), find_when(text[: text.rfind(rest)], now, lang)
        first = found[2][2]
        if head and head.date:  # the first reminder's day and time are those said before the second
            first["date"] = head.date
            first.pop("time", None)
            first.update({"time": head.time} if head.time else {})
        if when and when.date and (when.date, when.time) != (first.get("date"), first.get("time")):
            slots: dict[str, Any] = {"task": _clean(rest), "date": when.date}
            if when.time:
                slots["time"] = when.time
            found.insert(3, ("todo", 0.8, slots, [EntityRef(slots["task"], "task", "HAS_TODO")]))
    return sorted((f for f in found if f), key=lambda f: -f[1])
