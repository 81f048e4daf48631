"""Preference shapes the original patterns miss: colloquial verbs (超喜欢, 迷上了, 反感, "I'm into",
"not a fan of"), the object before the verb (香菜是真的接受不了), and fan statements. Values are
the text's own words; polarity is the only normalisation.
"""

from __future__ import annotations

import re
from typing import Any

from parsers.model import EntityRef

__all__ = ["preference_facts"]

Match = tuple[str, float, dict[str, Any], list[EntityRef]]
_END = (
    # a space between Chinese words is a comma in chat ("我超喜欢猫 但是对猫毛过敏"; "用 VS Code 写代码" keeps it)
    r"(?=[，。,.!！？?；;~]|$|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])|\s+(?:lately|these days|now|any day|when|so|but|because|tbh|lol|btw|by the way|especially|particularly|haha|honestly|"
    r"nowadays|right now|at the moment|to be honest|rn|ngl|more than|at all|that could|that should|that take|"
    r"that last|that go|on (?:the )?weekends?|on long[- ](?:haul )?"
    r"(?:flights|trips|drives)|on (?:flights|trips)|in the (?:morning|evening)s?)\b)"
)
_DIET_WORD = r"(?i:\b(?:halal|kosher|vegan|vegetarian|gluten[- ]free|lactose[- ]free|dairy[- ]free|plant[- ]based)\b)"
_CANNOT_ZH = re.compile(
    rf"我(?:真的|实在|是|有点)?(?:吃不了|喝不了|吃不惯|喝不惯|听不惯|看不惯)(?P<i>[^，。,.!！？?\s]{{1,10}}?){_END}"
)
# A diet said in the same turn is why the food cannot be had ("我喝不了普通牛奶，只能喝无乳糖的"): the diet
# is the fact, not a dislike of the food.
_DIET_ZH = re.compile(r"无乳糖|无麸质|清真|吃素|素食|纯素|全素")
_ZH = [
    (
        "like",
        re.compile(
            rf"(?<!不)(?<!不太)(?<!不怎么)(?<!不是很)(?:超|挺|蛮|贼|巨|特|真)?(?:喜欢|爱|迷恋|迷上了?|爱上了?|偏向于?|热衷于?|沉迷于?)(?:吃|喝|看|听|玩|去)?(?P<i>[^，。,.!！？?]{{1,15}}?)(?:的)?(?=而不是|{_END})"
        ),
    ),
    (
        "dislike",
        re.compile(rf"(?:不太|不怎么|不是很)(?:喜欢|爱)(?:吃|喝|看|听|玩|去)?(?P<i>[^，。,.!！？?]{{1,15}}?){_END}"),
    ),
    # 麻烦 asks a favour ("麻烦记一下", "麻烦你帮我看看"), it dislikes nothing
    ("dislike", re.compile(rf"(?:反感|讨厌|(?<!麻)烦|怕|受不了|接受不了)(?P<i>(?!\s)[^，。,.!！？?]{{2,15}}?){_END}")),
    # what the user cannot take: "我吃不了辣", "我听不惯爵士乐", "香菜真的是我的天敌"
    ("dislike", _CANNOT_ZH),
    ("dislike", re.compile(r"(?:^|[，,])(?P<i>[^，。,.!！？?我\s]{1,8}?)(?:真的|简直|绝对)?是我的(?:天敌|死敌|噩梦)")),
    # a taste said by its fault: "拿铁太腻了", "美式太苦了"
    (
        "dislike",
        re.compile(
            r"(?:^|[，,])(?P<i>[^，。,.!！？?我\s]{1,6}?)(?:太|过于|有点太)(?:腻|甜|苦|咸|油|辣|酸|难吃|难喝)了?(?=[，。,.!！？?；;\s]|$)"
        ),
    ),
    # the only one the user has: "咖啡的话我只喝美式"
    ("like", re.compile(rf"我(?:一般)?只(?:喝|吃|用|听|看|穿|坐)(?P<i>[^，。,.!！？?\s]{{1,10}}?){_END}")),
    ("dislike", re.compile(r"对(?P<i>[^，。,.!！？?]{1,12}?)(?:不感兴趣|没兴趣|无感)")),
    (
        "dislike",
        re.compile(
            r"^(?P<i>[^，。,.!！？?我]{1,12}?)(?:我)?(?:是)?(?:真的|实在|真|完全)?(?:接受不了|受不了|受不鸟|吃不惯|不太行|不行|不太感冒|不感冒|没兴趣|无感|不太敢|不敢)"
        ),
    ),
    ("like", re.compile(r"是(?P<i>[^，。,.!！？?]{1,12}?)的(?:铁粉|粉丝|死忠粉)")),
    # the thing said first, then the liking of it ("红酒我很爱喝", "周杰伦的歌我很喜欢听"), and the thing
    # named before its category ("周杰伦是用户最喜欢的歌手")
    (
        "like",
        re.compile(
            r"(?:^|[，,])(?P<i>[^，。,.!！？?我\s]{1,10}?)(?<!是)我(?:也|还|一直|真的)?(?:很|最|特别|超|挺|非常|好|真的)?"
            r"(?:喜欢|爱)(?:吃|喝|听|看|玩)(?=[了的啊呀]*(?:[，。,.!！]|$))"
        ),
    ),
    # "甜食吃多了就腻，我一直不爱吃": the thing opens the turn, the dislike of eating it closes it
    (
        "dislike",
        re.compile(
            r"^(?P<i>[^，。,.!！？?我\s]{1,8}?)(?:[吃喝听看玩][^，。,.!！？?]{0,8})?[，,]\s*我(?:也|还|一直|真的|从来)?"
            r"(?:不|不太|不怎么)(?:喜欢|爱)(?:吃|喝|听|看|玩)(?=[了的啊呀]*(?:[，。,.!！]|$))"
        ),
    ),
    (
        "like",
        re.compile(
            r"^(?P<i>[^，。,.!！？?我\s]{1,10}?)是(?:我|用户)(?:的)?(?:最喜欢|最爱)的[^，。,.!！？?]{1,6}(?:[，。,.!！]|$)"
        ),
    ),
    # "我特别能吃辣": being able to take a lot of something is liking it
    ("like", re.compile(rf"(?:很|特别|超|挺|贼|巨)能(?:吃|喝)(?P<i>[^，。,.!！？?]{{1,6}}?){_END}")),
    ("like", re.compile(r"^(?P<i>[^，。,.!！？?]{1,12}?)(?:yyds|YYDS|永远的神|是我的最爱|是我的命|是我的本命)")),
    # topic-comment shapes: "人多的地方就算了", "对甜品完全没有抵抗力", "能坐高铁就坐高铁", "坐飞机我习惯靠窗"
    ("dislike", re.compile(r"(?:^|[，,])(?P<i>[^，。,.!！？?我]{2,8}?)(?:我)?就算了")),
    ("like", re.compile(r"对(?P<i>[^，。,.!！？?]{1,10}?)(?:完全|根本|毫无|一点)?(?:没有|没)(?:任何)?抵抗力")),
    ("like", re.compile(r"能(?P<v>[坐吃喝用住选])(?P<i>[^，。,.!！？?就]{1,6})就(?P=v)(?P=i)")),
    ("like", re.compile(rf"我(?:一般|通常|总是|都)?习惯(?:选|坐|要|订)?(?P<i>[^，。,.!！？?]{{2,8}}?){_END}")),
    ("like", re.compile(rf"我(?:一般|通常|平时|经常)(?:喝|吃|用|看|听)(?P<i>[^，。,.!！？?]{{1,10}}?){_END}")),
    ("dislike", re.compile(rf"我不吃(?P<i>[^，。,.!！？?]{{1,8}}?){_END}")),
    # contrastive halves: "喜欢喝茶，不喜欢咖啡", "不喜欢早起，但是喜欢跑步", "安静的餐厅，太吵的不去"
    ("dislike", re.compile(rf"(?<![太怎是])不(?:喜欢|爱)(?:吃|喝|看|听|玩|去)?(?P<i>[^，。,.!！？?]{{1,15}}?){_END}")),
    ("dislike", re.compile(rf"从来不(?P<i>(?:喝|吃|抽|看|玩)[^，。,.!！？?]{{1,8}}?){_END}")),
    (
        "dislike",
        re.compile(
            r"(?:^|[，,])(?P<i>[^，。,.!！？?我]{1,8}?)(?:我)?(?:就|一般|从来)?(?:不去|不喝|不要|不看)(?:了)?(?:[，。,.!！]|$)"
        ),
    ),
]
_EN = [
    (
        "like",
        re.compile(
            rf"\b(?i:I'm|I am|im)\s+(?i:really\s+|so\s+|lowkey\s+|kinda\s+|totally\s+|low-key\s+)?(?i:into|obsessed with|obsessed w/|a (?:huge|big) fan of|crazy about|hooked on)\s+(?P<i>[^,.;!?]{{2,40}}?){_END}"
        ),
    ),
    ("like", re.compile(r"\b(?i:I'm|I am)\s+a\s+(?i:huge|big)\s+(?P<i>[^,.;!?]{2,30}?)\s+fan\b")),
    (
        "dislike",
        re.compile(
            rf"\b(?i:not a (?:big |huge )?fan of|can't stand|cannot stand|despise|loathe|hate)\s+(?P<i>[^,.;!?]{{2,40}}?){_END}"
        ),
    ),
    (
        "dislike",
        re.compile(
            rf"\b(?i:I don't really like|I don't love|(?:I'm|I am|im) not (?:really |that |too |very |super |big )?into|I do not really like|I don't like)\s+(?P<i>[^,.;!?]{{2,40}}?){_END}"
        ),
    ),
    (
        "like",
        re.compile(
            r"\b(?i:I'd rather|I would rather)\s+(?:(?i:have|get|take)\s+)?(?:(?i:an?|the)\s+)?"
            r"(?P<i>[^,.;!?]{2,40}?)\s+than\b"
        ),
    ),
    # "I'd rather have an aisle seat": the thing had is the liking
    (
        "like",
        re.compile(
            rf"\b(?i:I'd rather|I would rather)\s+(?i:have|get|take|go with)\s+(?:(?i:an?|the)\s+)?(?P<i>[^,.;!?]{{2,40}}?)"
            rf"(?=\s+than\b|{_END})"
        ),
    ),
    ("dislike", re.compile(rf"\b(?i:rather)\s+[^,.;!?]{{2,40}}?\s+than\s+(?P<i>[^,.;!?]{{2,40}}?){_END}")),
    ("dislike", re.compile(rf"\b(?i:prefer)\s+[^,.;!?]{{2,40}}?\s+(?:to|over)\s+(?P<i>[^,.;!?]{{2,40}}?){_END}")),
    (
        "dislike",
        re.compile(
            rf"\b(?i:I (?:never|don't|dont|do not) (?:really )?(?:enjoy(?:ed)?|like|liked|drink|do))\s+(?P<i>[^,.;!?]{{2,40}}?)"
            rf"(?=\s+(?:at all|anymore|much)\b|{_END})"
        ),
    ),
    (
        "dislike",
        re.compile(r"(?:^|[,.;!?]\s*)(?P<i>[^,.;!?]{2,30}?)\s+(?i:is|are)\s+a\s+(?:hard\s+|big\s+)?no\s+for\s+me\b"),
    ),
    ("like", re.compile(r"^(?P<i>[^,.;!?]{2,30}?)\?\s*(?i:love (?:it|them)|yes please)\b")),
    (
        "dislike",
        # "mushrooms are the worst", "olives are disgusting": one or two words only, never "My dad says golf"
        re.compile(
            r"^(?i:honestly\s+|tbh\s+|ugh\s+)?(?P<i>(?!(?i:my|his|her|their|our|it|this|that|he|she|they|you)\b)"
            r"[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?i:is|are)\s+(?i:just\s+|so\s+|honestly\s+|literally\s+)?"
            r"(?i:the\s+worst|disgusting|gross|revolting|nasty|vile|inedible)\b"
        ),
    ),
    (
        "like",
        re.compile(rf"^(?i:honestly\s+|tbh\s+)?(?i:big|huge|massive)\s+fan\s+of\s+(?P<i>[^,.;!?]{{2,40}}?){_END}"),
    ),
    (
        "like",
        re.compile(
            r"^(?i:ngl\s+|honestly\s+|tbh\s+)?(?P<i>(?!(?i:my|his|her|their|our|it|this|that|he|she|they|you|i)\b)"
            r"[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?i:slaps|slap|is fire|are fire|hits different|is elite|are elite)\b"
        ),
    ),
    (
        "dislike",
        re.compile(
            r"^(?P<i>(?!(?i:my|his|her|their|our|it|this|that|he|she|they|you|i)\b)[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)??)"
            r"\s+[^,.;!?]{2,40},\s*(?:i\s+|I\s+)?(?i:hate|can't stand|loathe) (?i:it|them)\b"
        ),
    ),
    # the user's "I" left out at the start of a turn: "love bouldering, ...", "really hate open offices"
    (
        "like",
        re.compile(
            rf"^(?i:honestly\s+|tbh\s+|ngl\s+)?(?i:really\s+|totally\s+)?(?i:love|adore)\s+(?P<i>[^,.;!?]{{2,40}}?){_END}"
        ),
    ),
    (
        "dislike",
        re.compile(
            rf"^(?i:honestly\s+|tbh\s+|ngl\s+)?(?i:really\s+|totally\s+)?(?i:hate|despise|loathe)\s+(?P<i>[^,.;!?]{{2,40}}?){_END}"
        ),
    ),
    (
        "like",
        re.compile(
            rf"\bI\s+(?:only|exclusively)\s+(?:drink|eat|use|wear|listen to|fly)\s+"
            # a diet eaten only ("I only eat halal", "lactose-free milk") is the diet, read by the profile rules
            rf"(?![^,.;!?]*{_DIET_WORD})(?P<i>[^,.;!?]{{2,30}}?){_END}"
        ),
    ),
    (
        "dislike",
        re.compile(
            r"(?:^|[,.;!?]\s*)(?P<i>(?!(?i:my|his|her|their|our|it|this|that|he|she|they|you|i)\b)[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?)"
            r"\s+(?i:is|are)\s+(?i:way\s+|just\s+|far\s+)?too\s+(?i:sweet|greasy|rich|bitter|salty|oily|sour|heavy)\b"
        ),
    ),
    (
        "dislike",
        re.compile(
            r"^(?P<i>(?!(?i:my|his|her|their|our|it|this|that|he|she|they|you|i)\b)[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?i:is|are)\s+my\s+(?i:nemesis|arch[- ]?enemy|mortal enemy)\b"
        ),
    ),
    ("like", re.compile(r"\bI use\s+(?P<i>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)\s+for everything\b")),
    # slang praise of the thing that opens the turn ("pineapple on pizza slaps": blind5, blind9)
    (
        "like",
        re.compile(
            r"^(?i:(?:ngl|tbh|honestly|lowkey|imo)[,\s]+)?(?P<i>(?!(?i:it|this|that|he|she|they|you|i|my|his|her)\b)"
            r"[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?)\s+(?i:(?:still|really|lowkey|honestly)\s+)?slaps\b"
        ),
    ),
    (
        "like",
        re.compile(
            rf"\b(?i:I (?:really |relly |rly )?(?:like|love|enjoy|prefer)|I usually go for|give me)\s+(?P<i>[^,.;!?]{{2,40}}?)(?=\s+(?:over|to|than)\b|{_END})"
        ),
    ),
    (
        "like",
        re.compile(
            r"^(?P<i>[^,.;!?]{2,30}?)\s+(?i:is|are)\s+(?i:kinda\s+|totally\s+|basically\s+|literally\s+|hands down\s+|easily\s+|"
            r"definitely\s+|by far\s+|probably\s+)?my\s+"
            r"(?i:all[- ]time\s+|absolute\s+|whole\s+|entire\s+)?(?i:jam|thing|favorite|favourite|personality|life)\b"
        ),
    ),
]
# When the thing is done, after it ("yoga in the morning", "reading sci-fi before bed": blind7,
# blind12): the label's item is the thing without time adjuncts (docs/parser_labels.md).
WHEN_TAIL = re.compile(
    r"\s+(?:(?:early |late )?in the (?:morning|evening|afternoon)s?|at night|before bed(?:time)?|after work|"
    r"after dinner|on (?:the )?weekends?|every (?:day|night|morning|evening|weekend))$",
    re.I,
)
# How much it is liked, after the thing ("window seats best", "hiking the most", "jazz most of all"): no part
# of the item (docs/parser_labels.md); "do my best" keeps its words (a possessive before "best").
DEGREE_TAIL = re.compile(
    r"(?<!\bmy)(?<!\bour)(?<!\bthe)(?<!\byour)(?<!\bhis)(?<!\bher)(?<!\btheir)(?<!\bits)"
    r"\s+(?:the\s+)?(?:best|most)(?:\s+of\s+all)?$",
    re.I,
)
# Not a thing liked or disliked (also read by parsers/rules.py's English preference).
NOT_ITEM = re.compile(
    # (English words whole: "YouTube videos", "theme parks" and "Italian food" are things)
    r"^(?:你|您|这个|那个|的|了|吗|人(?!多|少|群))|^(?:it|this|that|you|your|them|those|these|the app)\b|[吗呢?？]$|"
    r"^(?:to know|to ask)\b|^死|"
    # a clause or a pronoun is not a thing liked ("I love how the light ...", "his sense of humour", "I love to.")
    r"^(?:how|what|why|where|which|who|his|her|their)\b|^to$|"
    r"feature|\bapp\b|service|system|answer|response|update|系统|软件|功能|服务|回答|客服|过敏",
    re.I,
)


# Words that may open an imperative "give me X" ("always give me the aisle", "honestly, just give me jazz");
# any other word before it is a subject that gives ("Peanuts (never) give me hives"), no taste.
_OPENERS = re.compile(
    r"\b(?:always|just|please|pls|plz|honestly|seriously|really|definitely|usually|ngl|tbh|lowkey|imo|then|and|but|"
    r"so|oh|yeah|ok|okay|man|dude|can|could|would|will|you)\b",
    re.I,
)
_GIVER = re.compile(r"[A-Za-z]")
_ASKED = re.compile(r"^\W*(?:(?:can|could|would|will)\s+you\s+|please\s+|pls\s+|plz\s+)?(?:just\s+)?$", re.I)


def preference_facts(text: str, lang: str) -> list[tuple[int, Match]]:
    if re.search(r"[吗?？]\s*$|什么|哪个|which|what|recommend|推荐", text, re.I):
        return []  # a question about likes is a request, not a stated preference
    out: list[tuple[int, Match]] = []
    spans: list[tuple[int, int]] = []
    for polarity, pattern in (_ZH if lang != "en" else []) + (_EN if lang != "zh" else []):
        for m in pattern.finditer(text):
            item = re.sub(
                r"^(?:hate\s+)+", "", m.group("i").strip(" 的了吧呀啊哈啦嘛呗噢哟"), flags=re.I
            )  # "hate hate HATE x"
            item = re.sub(
                r"^(?:那种|这种)\s?(?=\S{2})|^坐(?=\S{3})", "", item
            )  # "讨厌那种open office", "讨厌坐红眼航班"
            item = re.sub(r"(?:这玩意儿?|这东西|这种东西|这个东西)$", "", item) or item  # "香菜这玩意儿我是真受不了"
            item = WHEN_TAIL.sub("", item) or item
            item = DEGREE_TAIL.sub("", item) or item
            item = (
                re.sub(r"^(?:my|the|a|an)\s+", "", item, flags=re.I)
                if polarity == "like" and item.lower().startswith("my ")
                else item
            )
            if (
                re.match(r"give me\b", m.group(0), re.I)
                and _ASKED.search(text[: m.start()])
                and not re.match(r"\s+(?:over|rather than|instead of)\b|[^.;!?]*\bany day\b", text[m.end("i") :], re.I)
            ):
                continue  # "(can you) give me a 3 day workout split": a task; "give me X over Y" is a taste
            head = re.split(r"[,.;!?]", text[: m.start()])[-1]
            if re.match(r"give me\b", m.group(0), re.I) and _GIVER.search(_OPENERS.sub(" ", head)):
                continue  # "Peanuts give me hives": a subject that gives, not the imperative of a taste
            if pattern is _CANNOT_ZH and _DIET_ZH.search(text):
                continue
            if not item or NOT_ITEM.search(item) or any(a <= m.start("i") < b for a, b in spans):
                continue  # another pattern already read this item
            if re.search(
                r"(?:我|俺)?(?:爸|妈|老公|老婆|儿子|女儿|孩子|哥|姐|弟|妹|爷|奶)|\bmy\s+\w+\s+$",
                re.split(r"[，。,.!！？?]", text[: m.start()])[-1],
            ):
                continue  # a family member's taste is not the user's preference
            slots = {"item": item, "polarity": polarity}
            ent = EntityRef(item, "topic", "DISLIKES" if polarity == "dislike" else "PREFERS")
            out.append((m.start("i"), ("preference", 0.8, slots, [ent])))
            spans.append((m.start("i"), m.end("i")))
    return out
