"""Regional Chinese read as standard Mandarin (twentieth round, issue #11: varied registers).

Writers of restatements say one memory in Cantonese and note it in Mandarin ("我冇車，平時搭地鐵返工" /
"用户没有车，平时坐地铁上班"), or in a northern dialect ("俺娘住在济南" / "用户的母亲住在济南"). Every
check read the Cantonese function words as content words the other text lacks (冇, 返工, 屋企) and
vetoed the pair as a substitution, a slot or another person. `mandarin` rewrites them to the
Mandarin words they stand for, so the two wordings are read as one text by every reader (the
signature, the vetoes, the learned layer's features; mal/dedup_notes.py `first_person` calls it).

What is rewritten, and why that is safe:

* Cantonese words no Mandarin text uses (哋, 佢, 嘅, 喺, 冇, 咗, 啲, 嘢, 睇, 嚟, 瞓, 揸, 屋企, 钟意 ...):
  always, in traditional or simplified characters. Each stands for one Mandarin word, and marks the
  text as Cantonese.
* Cantonese words that are Mandarin words too or pieces of them (返工 "rework", 点解 in 重点解决, 边度
  in 周边度假): only in a text marked Cantonese (review21).
* Cantonese readings of characters Mandarin uses otherwise (係 "is" / 关係 "relation", 食 "eat" /
  食物 "food", 饮 "drink" / 饮料 "a drink", 搭 "ride" / 搭配 "match"): only in a text that already
  holds a Cantonese-only word, and never inside the Mandarin compounds listed.
* Northern and colloquial kin and pronouns (俺 "I", 那口子 "my spouse"): one person each,
  the same person the Mandarin word names; a different person is never mapped onto another. Not
  屋里 (a room, indoors, as often as the home: review21), nor 阿妈 outside a Cantonese text (a
  grandmother in Taiwan); 那口子
  and 孩子他爸 only after the user's household (那口子 is also a cut; a neighbour's 孩子他爸: review22);
  我家小子 is 我儿子 and 带娃 (not 带娃去...) 照顾孩子 (helper their21).

A word that means another thing in some region (土豆 is a potato in Beijing and a peanut in Taipei)
is left alone: it may be a near miss.

Pure functions over text; no imports from mal.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["mandarin"]

# Cantonese-only words (traditional and simplified), longest first when compiled
_CANTONESE = {
    "我哋": "我们",
    "你哋": "你们",
    "佢哋": "他们",
    "佢": "他",
    "嘅": "的",
    "喺": "在",
    "冇": "没有",
    "咗": "了",
    "啲": "些",
    "乜嘢": "什么",
    "嘢": "东西",
    "睇": "看",
    "嚟": "来",
    "瞓觉": "睡觉",
    "瞓覺": "睡觉",
    "瞓": "睡",
    "揸车": "开车",
    "揸車": "开车",
    "屋企": "家",
    "返屋企": "回家",
    "钟意": "喜欢",
    "鍾意": "喜欢",
    "唔该": "谢谢",
    "唔該": "谢谢",
    "唔": "不",
    "琴日": "昨天",
    "细佬": "弟弟",
    "細佬": "弟弟",
    "踩单车": "骑自行车",
    "踩單車": "骑自行车",
}
# Cantonese words that are also Mandarin words or pieces of them (返工 "rework", 重点解决, 周边度假):
# rewritten only in a text a Cantonese-only word marks as Cantonese (review21)
_CANTONESE_WORDS_GATED = {
    "阿妈": "妈妈",  # a mother in Cantonese, a grandmother in Taiwan (阿媽: review22)
    "阿媽": "妈妈",
    "听日": "明天",  # 听日语 (review22)
    "聽日": "明天",
    "老豆": "爸爸",  # 老豆腐 (review22)
    "返工": "上班",
    "番工": "上班",
    "放工": "下班",
    "返学": "上学",
    "返學": "上学",
    "点解": "为什么",
    "點解": "为什么",
    "边度": "哪里",
    "邊度": "哪里",
    "游水": "游泳",
    "家姐": "姐姐",
    "细路": "小孩",
    "細路": "小孩",
    "而家": "现在",
    "咩": "什么",
}
# Characters Mandarin uses otherwise: read the Cantonese way only in a Cantonese text (see above)
_CANTONESE_GATED = (
    (re.compile(r"(?<![关關联聯体體派院列统統数數谱譜母直])[係系](?![统統列数數])"), "是"),
    (re.compile(r"(?<![零美素饮飲粮糧主甜肉])食(?![物品堂谱譜材欲量])"), "吃"),
    (re.compile(r"[饮飲](?![料品食])"), "喝"),
    (re.compile(r"搭(?=(?:地[铁鐵]|巴士|的士|[车車]|[飞飛]机|[飞飛]機|船|高[铁鐵]|[火动動][车車]|小巴))"), "坐"),
    (re.compile(r"(?<=[我你他她])[识識](?=[游讲講开開做煮说說])"), "会"),
)
# Northern and colloquial words for a person, and 俺 for 我
_NORTHERN = {
    "俺们": "我们",
    "俺們": "我们",
    "俺": "我",
    "阿爸": "爸爸",
}


# the user's own spouse said the northern way: only after the user's household (我家 / 俺家 / 咱家 /
# 我们家 ... or the text's start), since 那口子 is also "that cut" (手上那口子) and 孩子他爸 may be a
# neighbour's (楼下孩子他爸: review22)
_SPOUSE_NORTHERN = re.compile(
    r"(?:(?<=^)|(?<=[我俺咱]家)|(?<=[我俺咱]们家)|(?<=[我俺咱]屋里)|(?<=[我俺]的))"
    r"(那口子|孩子他爸|孩子他妈|孩子他媽|孩他爸|孩他妈|孩他媽|娃他爸|娃他妈|娃他媽)"
)
_SPOUSE = {"那口子": "爱人", "孩子他爸": "丈夫", "孩他爸": "丈夫", "娃他爸": "丈夫"}


# colloquial kin (helper their21): 我家小子 is "my son" (小子 alone is any lad, 这小子 a fellow, so only
# after 我家 / 我们家), and 带娃 minding the child at home is 照顾孩子 (带娃去公园 takes the child
# somewhere: a motion after it stays as written)
_SON_COLLOQUIAL = re.compile(r"(?:我们家|我家)小子(?![们])")
# 带娃 is minding the kid only as the whole deed: not 带娃去/打疫苗 (taking the kid somewhere), not 带娃娃 (a doll)
# (review24)
_MINDING = re.compile(r"带娃(?=[，。,.;；！!？?了呢啊呀]|$)")


def _spouse(m: re.Match[str]) -> str:
    return _SPOUSE.get(m.group(1), "妻子")


def _alternation(words: dict[str, str]) -> re.Pattern[str]:
    """One pattern for a table's words, longest first (so 我哋 wins over a shorter word inside it)."""
    return re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))


# every word a Cantonese text is read with: the Cantonese-only words and, in such a text, the gated ones
_IN_CANTONESE = {**_CANTONESE, **_CANTONESE_WORDS_GATED}
_CANTONESE_RE = _alternation(_CANTONESE)
_IN_CANTONESE_RE = _alternation(_IN_CANTONESE)
_NORTHERN_RE = _alternation(_NORTHERN)


@lru_cache(maxsize=4096)
def mandarin(text: str) -> str:
    """`text` with regional Chinese words read as the Mandarin words they stand for (see above)."""
    if not any("\u4e00" <= c <= "\u9fff" for c in text):
        return text
    out = text
    if _CANTONESE_RE.search(out):
        for pattern, repl in _CANTONESE_GATED:
            out = pattern.sub(repl, out)
        out = _IN_CANTONESE_RE.sub(lambda m: _IN_CANTONESE[m.group(0)], out)
    out = _SPOUSE_NORTHERN.sub(_spouse, out)
    out = _SON_COLLOQUIAL.sub("我儿子", out)
    out = _MINDING.sub("照顾孩子", out)
    return _NORTHERN_RE.sub(lambda m: _NORTHERN[m.group(0)], out)
