"""Forget requests: when a sentence asks to forget, and which words name what it wants forgotten.

Matching is by whole words (English) and jieba tokens (Chinese), never by substring: "live" inside
"olive" once forgot three profile memories. A sentence is a forget request only when it is an
imperative addressed to the assistant; delete-style verbs ("delete", "remove", "删除") also need
the object to be something remembered ("what I said", "my budget", "记录"), because "Delete the
olive oil from my shopping list" and "删除线是什么" are about other things. What to forget is
decided by the MAL against the subject's memories (one clearly named memory, or a question).
"""

from __future__ import annotations

import re
from functools import lru_cache

from parsers.kinds import forget_words
from parsers.model import ForgetRequest

__all__ = ["KIND_WORDS", "forget_request", "forget_target", "terms"]

# Words that name a kind of memory, matched as whole words / jieba tokens (from the KINDS table).
KIND_WORDS: dict[str, str] = forget_words()
# Words that say "something you remember" without naming what.
_MEMORY_WORDS_EN = re.compile(
    r"\b(?:memor(?:y|ies)|remember(?:ed|ing)?|what i (?:said|told you|mentioned|shared)|(?:that|everything) i (?:said|told)|"
    r"(?:you know|you remember|you have) about|(?:you've|you have|you) (?:stored|saved|kept)|records?|notes? about)\b",
    re.IGNORECASE,
)
_MEMORY_WORDS_ZH = re.compile(r"记忆|记录|记住|说过|说的|之前说|告诉你|提到|提过|你记的|关于我的")
_STOP = frozenset(
    [
        "i",
        "me",
        "my",
        "mine",
        "myself",
        "that",
        "this",
        "these",
        "those",
        "the",
        "a",
        "an",
        "about",
        "what",
        "which",
        "who",
        "said",
        "say",
        "told",
        "tell",
        "mentioned",
        "you",
        "your",
        "everything",
        "anything",
        "all",
        "any",
        "of",
        "to",
        "is",
        "am",
        "are",
        "was",
        "were",
        "be",
        "been",
        "and",
        "or",
        "from",
        "in",
        "on",
        "at",
        "for",
        "with",
        "it",
        "its",
        "please",
        "memory",
        "memories",
        "remember",
        "know",
        "knew",
        "again",
        "anymore",
        "do",
        "don't",
        "dont",
        "did",
        "have",
        "has",
        "had",
        "just",
        "also",
        "really",
        "so",
        "up",
        "out",
        "info",
        "information",
        "details",
        "detail",
        "data",
        "stuff",
        "thing",
        "things",
        "record",
        "records",
        "note",
        "notes",
        "plan",
        "plans",
        "earlier",
        "before",
        "ever",
        "we",
        "us",
        "our",
        "there",
        "here",
        "can",
        "could",
        "would",
        "will",
        "now",
        "family",
        "where",
        "when",
        "how",
        "who",
        "我",
        "我的",
        "的",
        "了",
        "吧",
        "说过",
        "说",
        "过",
        "之前",
        "以前",
        "刚才",
        "关于",
        "有关",
        "这件",
        "这个",
        "那个",
        "那件",
        "件",
        "事",
        "事情",
        "一下",
        "全部",
        "所有",
        "记忆",
        "记录",
        "信息",
        "这",
        "那",
        "你",
        "请",
        "把",
        "呢",
        "啊",
        "呀",
        "都",
        "也",
        "就",
        "是",
        "和",
        "跟",
        "与",
        "曾经",
        "告诉",
        "提到",
        "提过",
        "那些",
        "这些",
        "内容",
        "东西",
        "掉",
        "再",
        "给",
        "它",
        "他",
        "她",
        "在",
        "哪里",
        "什么",
        "用户",
        "一些",
        "部分",
        "住",
        "了吧",
        "家庭",
    ]
)
_QUESTION_ZH = re.compile(r"怎么|如何|怎样|为什么|是什么|什么意思|啥意思|能不能用")
_FORGET_ZH = re.compile(
    r"^(?:以后|今后|从现在起)?[，,]?(?P<polite>请你?|麻烦你?|帮我|你|能不能|可以|可不可以)?\s*(?:把(?P<obj>.{1,30}?))?"
    r"(?:全部|全|都|全都)?\s*(?P<verb>忘掉|忘了吧|忘了|忘记|删掉|删除|删了|清除|清空|清掉|抹掉|别再记|不要再记|别记|不要记|不用记"
    # an English verb in a Chinese frame: "把我的 travel plans 都 delete 掉"
    r"|delete|remove|erase|clear|forget)(?:住|得|掉)?(?P<rest>.*)$",
    re.IGNORECASE,
)
# The object first, then the verb: "我刚才说的那个预算，删了吧", "之前说的出行计划都不要了，清掉",
# "我的预算和行程你都别记了". Only with a kind or memory word in the object (checked below).
_FORGET_ZH_TAIL = re.compile(
    r"^(?P<obj>[^？?]{1,30}?)[，,]?\s*(?:你)?(?P<all>都|全|全都|就)?(?:不要了[，,]\s*)?"
    # the drop may be followed by its reason: "之前的饮食信息删掉吧，我已经不吃素了"
    r"(?P<verb>删了|删掉|删除|清掉|清除|清空|不要了|别记了|别记|不用记了|忘了|忘掉)(?:吧|哈|啊)?(?:[。！!~]*$|[，,。！!][^？?]*$)"
)
_FORGET_VERBS_ZH = {"忘掉", "忘了吧", "别再记", "不要再记", "别记", "不要记", "不用记"}
_FORGET_EN = re.compile(
    r"^(?:(?:actually|ok|okay|oh|also|and|hey|so),?\s+)?(?:please\s+|(?:can|could|would|will)\s+you\s+(?:please\s+)?|i\s+(?:want|need)\s+you\s+to\s+|i'd like you to\s+)?"
    r"(?P<verb>forget|stop remembering|don't remember|do not remember|delete|erase|remove|wipe|clear|scratch)(?![A-Za-z])(?P<rest>.*)$",
    re.IGNORECASE,
)
_VAGUE_EN = re.compile(r"^\s*(?:it|that|this|about it|about that|it all)?\s*[.!?]*\s*$", re.IGNORECASE)
_ELSEWHERE_EN = re.compile(
    r"\b(?:from|in|on|off)\s+(?:my|the|your|our)\s+(?!memor(?:y|ies)\b|records?\b|notes?\b)[a-z]+", re.IGNORECASE
)
_CJK = re.compile(r"[\u3400-\u9fff]+")
_WORD = re.compile(r"[a-z0-9][a-z0-9'+#-]*", re.IGNORECASE)


@lru_cache(maxsize=1)
def _jieba() -> object:
    # The zh pipeline loads jieba's user dictionary (places, conditions, relatives) once.
    from parsers.nlp import pipeline

    pipeline("zh")
    import jieba

    return jieba


def _tokens(text: str) -> list[str]:
    out = [w.strip("'-").lower() for w in _WORD.findall(text)]
    for run in _CJK.findall(text):
        out.extend(t for t in _jieba().lcut(run) if t.strip())  # type: ignore[attr-defined]
    return [t.removesuffix("'s") for t in out if t]


def terms(text: str) -> set[str]:
    """Every whole word / jieba token of a text (how a memory is matched against a request)."""
    return set(_tokens(text))


def forget_target(text: str, lang: str = "en") -> ForgetRequest:
    """What a text names: kinds (from kind words) and content terms (the rest, minus filler)."""
    tokens = _tokens(text)
    kinds = tuple(dict.fromkeys(KIND_WORDS[t] for t in tokens if t in KIND_WORDS))
    content = tuple(
        dict.fromkeys(t for t in tokens if t not in KIND_WORDS and t not in _STOP and not re.fullmatch(r"[\W_]+", t))
    )
    return ForgetRequest(text.strip(), kinds, content, lang)


def forget_request(text: str, lang: str) -> ForgetRequest | None:
    """A forget request, or None. Imperatives only; delete-style verbs need a remembered object."""
    stripped = text.strip()
    m = _FORGET_ZH.match(stripped)
    if m and m.group("verb").isascii() and not m.group("obj"):
        m = None  # an English verb counts only inside the 把 frame; English imperatives are read below
    if m and not _QUESTION_ZH.search(stripped) and not re.match(r"^(?:错|乱)", m.group("rest")):
        target = ((m.group("obj") or "") + " " + m.group("rest")).strip()
        verb, ask = m.group("verb"), _forget_target_zh(target, lang)
        remembered = bool(_MEMORY_WORDS_ZH.search(target))
        if verb in _FORGET_VERBS_ZH:
            return ask
        if verb in {"忘记", "忘了"}:  # also means "forgot": only as a request ("请忘记…", "把…忘了")
            polite = m.group("polite") not in {None, "你"}
            return ask if polite or m.group("obj") or remembered or stripped.endswith("吧") else None
        return ask if remembered or ask.kinds else None
    m = _FORGET_ZH_TAIL.match(stripped)
    if (
        m
        and not _QUESTION_ZH.search(stripped)
        and (re.search(r"我|之前|刚才|那个|这个|全部|所有", m.group("obj")) or m.group("all") in {"都", "全", "全都"})
    ):
        obj = m.group("obj")
        ask = _forget_target_zh(obj, lang)
        tokens = [t for t in _tokens(obj) if t not in {"的", "了", "吧", "你", "都", "全部", "所有", "全"}]
        # The kind must be what is dropped ("那个预算"), not a word modifying a thing ("我喜欢的那件衣服").
        # "我的出行计划": a kind word before a generic head (计划, 信息, 的事) still names the kind
        generic = {"计划", "信息", "事", "事情", "记录", "内容", "情况", "那些", "部分"}
        head = bool(tokens) and (
            tokens[-1] in KIND_WORDS or (tokens[-1] in generic and len(tokens) > 1 and tokens[-2] in KIND_WORDS)
        )
        everything = _MEMORY_WORDS_ZH.search(obj) and re.search(
            r"全部|所有|一切|都", obj
        )  # "你记的关于我的东西全部清掉"
        return ask if (ask.kinds and (head or _MEMORY_WORDS_ZH.search(obj))) or everything else None
    m = _FORGET_EN.match(stripped)
    if m:
        verb, rest = m.group("verb").lower(), m.group("rest")
        if _VAGUE_EN.match(rest) or re.match(r"\s+(?:to|about it|it\b)", rest, re.IGNORECASE):
            return None
        target = re.sub(r"^\s*(?:about|that)\s+", "", rest).strip(" .!?")
        ask = forget_target(target, lang)
        if verb in {"forget", "stop remembering", "don't remember", "do not remember"}:
            return ask
        if _ELSEWHERE_EN.search(rest):  # "delete the olive oil from my shopping list"
            return None
        if _MEMORY_WORDS_EN.search(rest) or (ask.kinds and _names_kind_en(rest)):
            return ask
        if re.search(r"\b(?:don't|do not|dont)\s+(?:save|store|keep|record)\b", rest, re.I) and ask.kinds:
            return ask  # "scratch the birthday thing, don't save it"
    return None


def _names_kind_en(rest: str) -> bool:
    """The object itself is a kind of memory ("my budget", "that meeting reminder"), not a thing
    that merely mentions one later ("the whiteboard before the meeting")."""
    m = re.match(
        r"\s*(?:all\s+(?:of\s+)?)?(?:my|that|those|these|the|our)\s+((?:[\w'-]+\s+){0,2}[\w'-]+)", rest, re.IGNORECASE
    )
    return m is not None and any(w.lower() in KIND_WORDS for w in m.group(1).split())


def _forget_target_zh(target: str, lang: str) -> ForgetRequest:
    cleaned = re.sub(r"^(?:我说过的|我之前说的|之前说的|关于|有关)", "", target).strip(" ，。！？!?,.")
    return forget_target(cleaned, lang)
