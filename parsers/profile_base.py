"""Shared pieces of the profile readers (split from parsers/profile_rules.py): the relative words
of both languages, which family member a clause is about, number words, and the profile fact shape.
"""

from __future__ import annotations

import re
from typing import Any

from parsers.lexicon import EN_NUMBERS, EN_TENS, zh_kin_alternation
from parsers.model import EntityRef

__all__ = [
    "CN",
    "COUNT_ZH",
    "REL_EN",
    "REL_EN_ALT",
    "REL_ZH",
    "REL_ZH_ALT",
    "Found",
    "Match",
    "cn_int",
    "en_int",
    "fact",
    "relative_before",
]

Match = tuple[str, float, dict[str, Any], list[EntityRef]]
Found = tuple[int, Match]

REL_ZH = {
    "妈妈": "mother", "母亲": "mother", "老妈": "mother", "我妈": "mother", "妈": "mother",
    "爸爸": "father", "父亲": "father", "老爸": "father", "我爸": "father", "爸": "father",
    # dialect and familiar forms (俺爹, 我家老爷子 / 老太太: the parents, as the writers label them)
    "爹": "father", "老爷子": "father", "老太太": "mother", "我娘": "mother", "俺娘": "mother",
    "爷爷": "grandfather", "外公": "grandfather", "姥爷": "grandfather",
    "奶奶": "grandmother", "外婆": "grandmother", "姥姥": "grandmother",
    "祖父": "grandfather", "外祖父": "grandfather", "祖母": "grandmother", "外祖母": "grandmother",
    "哥哥": "brother", "弟弟": "brother", "我哥": "brother", "我弟": "brother",
    "姐姐": "sister", "妹妹": "sister", "我姐": "sister", "我妹": "sister",
    "老公": "spouse", "丈夫": "spouse", "老婆": "spouse", "妻子": "spouse", "爱人": "spouse", "媳妇": "spouse",
    "老伴": "spouse", "那口子": "spouse", "太太": "spouse", "配偶": "spouse",
    "家婆": "mother-in-law", "小叔子": "brother-in-law", "小舅子": "brother-in-law", "大伯子": "brother-in-law",
    "堂哥": "cousin", "堂姐": "cousin", "堂弟": "cousin", "堂妹": "cousin",
    "表哥": "cousin", "表姐": "cousin", "表弟": "cousin", "表妹": "cousin",
    "儿子": "son", "女儿": "daughter", "闺女": "daughter", "孩子": "child", "宝宝": "child",
    # 小孩 / 娃 are the user's child only with the possessor (小孩 alone is any child: "小孩对花生过敏很常见")
    "我小孩": "child", "我家小孩": "child", "我娃": "child", "我家娃": "child",
    "婆婆": "mother-in-law", "岳母": "mother-in-law", "丈母娘": "mother-in-law",
    "公公": "father-in-law", "岳父": "father-in-law", "老丈人": "father-in-law",
    "男朋友": "boyfriend", "女朋友": "girlfriend",
}  # fmt: skip
REL_EN = {
    "mother": "mother", "mom": "mother", "mum": "mother", "mommy": "mother",
    "father": "father", "dad": "father", "daddy": "father",
    "grandfather": "grandfather", "grandpa": "grandfather", "grandmother": "grandmother", "grandma": "grandmother",
    "brother": "brother", "little brother": "brother", "older brother": "brother", "big brother": "brother",
    "sister": "sister", "little sister": "sister", "older sister": "sister", "big sister": "sister",
    "husband": "spouse", "hubby": "spouse", "wife": "spouse", "partner": "spouse",
    "son": "son", "daughter": "daughter", "kid": "child", "child": "child",
    "aunt": "aunt", "uncle": "uncle", "cousin": "cousin",
    "mother-in-law": "mother-in-law", "father-in-law": "father-in-law",
    "brother-in-law": "brother-in-law", "sister-in-law": "sister-in-law",
    "stepmother": "stepmother", "stepfather": "stepfather", "stepmom": "stepmother", "stepdad": "stepfather",
    "boyfriend": "boyfriend", "girlfriend": "girlfriend",
}  # fmt: skip
REL_ZH_ALT = zh_kin_alternation(REL_ZH)
# The count word of "是<城市>的一名<职业>" (一名 / 一位 / 一个 / 名 / 位): one spelling for the reader of the
# shape (parsers/work_rules.py), the job value's trim (parsers/rules.py) and its guard (parsers/guards.py).
COUNT_ZH = r"(?:一名|一位|一个|名|位)"
REL_EN_ALT = "|".join(re.escape(r) for r in sorted(REL_EN, key=len, reverse=True))
CN = "零〇一二两三四五六七八九十"


_TOGETHER = re.compile(r"\s*(?:和|跟|与|、|还有)?\s*")


def relative_before(text: str, pos: int, lang: str) -> str | None:
    """The family member a clause ending at `pos` is about, or None for the user."""
    clause = re.split(r"[，。,.!！？?；;]", text[:pos])[-1]
    if lang != "en":
        # the member nearest the value: "我爸高血压我妈糖尿病" -> 糖尿病 is 妈's
        said = [
            m
            for m in re.finditer(rf"(?:我|俺)?(?:们)?(?:家)?(?P<r>{REL_ZH_ALT})", clause)
            if m.group("r") not in {"妈", "爸"} or re.search(r"我[妈爸]|[妈爸]的|^[妈爸]", clause)
        ]
        if said:
            # members said together ("我爸妈都", "我哥和我姐") are one subject: its first is kept
            last = len(said) - 1
            while last and re.fullmatch(_TOGETHER, clause[said[last - 1].end() : said[last].start()]):
                last -= 1
            return REL_ZH[said[last].group("r")]
        # a code-switched member: "我daughter对egg过敏", "我 sister 是 doctor"
        en = re.search(rf"(?:我|俺)(?:的|家)?\s*(?P<r>{REL_EN_ALT})(?![A-Za-z])", clause, re.I)
        if en:
            return REL_EN[en.group("r").lower()]
        if not re.search(r"[我俺她他你]", clause):
            # a clause with no subject of its own ("我老伴腿脚不好，有关节炎") is about the subject of the
            # nearest clause before it in the sentence that names one
            sentence = re.split(r"[。！？!?；;]", text[:pos])[-1]
            for earlier in reversed(re.split(r"[，,]", sentence)[:-1]):
                head = re.match(
                    rf"\s*(?:[哎唉嗯哦啊]\S?\s*)?(?:我|俺)(?:们)?(?:家)?(?:的)?(?P<r>{REL_ZH_ALT})?", earlier
                )
                if head:
                    return REL_ZH[head.group("r")] if head.group("r") else None
        if re.match(r"\s*[她他]", clause):
            # "我妈又来我这住了，她有冠心病": 她 is the family member named before it, if just one
            named = {
                REL_ZH[r.group("r")] for r in re.finditer(rf"(?:我|俺)(?:们)?(?:家)?(?P<r>{REL_ZH_ALT})", text[:pos])
            }
            if len(named) == 1:
                return named.pop()
    clause = re.split(r"\b(?:and|but)\s+(?=my\b|I\b)", clause)[-1]  # "my mom is ... and my dad has gout"
    # a kinship title opening the clause names the family member without "my" ("grandma has COPD")
    m = re.search(rf"\b(?:my|our)\s+(?P<r>{REL_EN_ALT})\b|^\s*(?P<r2>mom|dad|mum|grandma|grandpa)\b", clause, re.I)
    if m:
        return REL_EN[(m.group("r") or m.group("r2")).lower()]
    return None


def fact(field: str, value: str, rel: str | None = None, conf: float = 0.9) -> Match:
    slots: dict[str, Any] = {"field": field, "value": value}
    if rel:
        slots["relative"] = rel
    return ("profile", conf, slots, [EntityRef(value, field, "HAS_PROFILE", detail=rel)])


def cn_int(token: str) -> int | None:
    if token.isdigit():
        return int(token)
    if not re.fullmatch(rf"[{CN}]+", token):
        return None
    import cn2an

    try:
        return int(cn2an.cn2an(token, "smart"))
    except (ValueError, KeyError, IndexError):
        return None


def en_int(token: str) -> int | None:
    token = token.lower()
    if token.isdigit():
        return int(token)
    parts = re.split(r"[- ]", token)
    if len(parts) == 2 and parts[0] in EN_TENS and parts[1] in EN_NUMBERS:
        return EN_TENS[parts[0]] + EN_NUMBERS[parts[1]]
    return EN_TENS.get(token, EN_NUMBERS.get(token))
