"""Six more dedup veto families, found by review9's adversarial pair set (issue #11 item 2).

Every near miss below passed the older vetoes, so the learned model decided it, and the model
scores a sentence that differs in one detail as high as a restatement (e5 cosine 0.93-0.99):

  * `extended`    - one text names a thing made from, or a shade of, what the other names: 花生 /
                    花生油, 茶 / 奶茶, 猪肉 / 猪肉包子, 蓝色 / 浅蓝色, 白色 / 米白色, 苹果 / 苹果手机, "beef"
                    / "beef jerky", "blue" / "light blue". The longer text's unexplained word carries a
                    product head or prefix, a shade before a colour, or any head glued right after a
                    word both say; a generic head ("jazz music" / "jazz"), a count, an article or a
                    clause after a comma is none.
  * `mode_differs` - can, like, learning and a single try are four facts about one activity:
                    会弹吉他 / 喜欢弹吉他 / 在学吉他, 会滑雪 / 滑过一次雪, "can swim" / "like swimming" /
                    "learning to swim". Only when both texts say a mode: "I speak French" / "I can speak
                    French" is one fact.
  * `count_vs_span` - how many times against for how long: 一年出国两次 / 出国两年了, "once a month" /
                    "for a month", "twenty times a day" / "twenty minutes a day", 一天喝三杯咖啡 / 喝咖啡三天了.
  * `intensity_differs` - a strong degree against a moderate one: 我特别喜欢猫 / 我还挺喜欢猫, "I really
                    love sushi" / "I quite like sushi" (either against none is one liking).
  * `visit_vs_work` - where one works against a place one went to: 在腾讯工作 / 去腾讯参观过.
  * `framed`      - the same words inside a dream, a story, a belief, a supposition, a question or
                    a childhood are no fact of the user now: 我养了一只猫 / 我梦到自己养了一只猫, 我对花生
                    过敏 / 我以为我对花生过敏 / 我对花生过敏吗, 我住在成都 / 我小时候住在成都, "I have a
                    cat" / "I dreamed I had a cat" / "If I have a cat", "I'm a teacher" / "People assume
                    I'm a teacher".

Pure functions over two texts (mal/dedup_text.py `normalise`d); no I/O.
"""

from __future__ import annotations

import re

from mal import dedup_model
from mal.dedup_text import is_cjk, normalise, signature, stem

__all__ = ["common_ends", "count_vs_span", "extended", "framed", "intensity_differs", "mode_differs", "visit_vs_work"]

# Heads that turn a food or a brand into another thing: peanut oil, beef jerky, Apple watch.
_PRODUCT_HEADS_EN = frozenset(
    (
        *("oil", "jerky", "jam", "jelly", "butter", "sauce", "juice", "cake", "cakes", "cookie", "cookies"),
        *("milk", "powder", "extract", "chip", "chips", "bread", "pie", "candy", "soup", "syrup", "paste"),
        *("flour", "wine", "vinegar", "tea", "ice", "cream", "yogurt", "smoothie", "phone", "watch", "laptop"),
        *("dust", "pollen", "dander", "shell", "shells", "seed", "seeds", "leaf", "leaves", "skin"),
    )
)
_DEVICES_EN = frozenset(("phone", "watch", "laptop"))
_COLOURS_EN = frozenset(
    (
        *("red", "orange", "yellow", "green", "blue", "purple", "pink", "brown", "black", "white", "grey"),
        *("gray", "beige", "violet"),
    )
)
_SHADES_EN = frozenset(
    (
        *("light", "dark", "pale", "deep", "bright", "baby", "sky", "royal", "navy", "mint", "olive", "forest"),
        *("lime", "hot", "off", "dusty", "pastel", "neon", "midnight", "sea", "teal", "lemon", "emerald"),
    )
)
_LATIN = re.compile(r"[a-z]+")
# Heads that turn a food or a brand into another thing glued after it: 花生油, 牛肉干, 苹果手机.
_PRODUCT_HEADS_ZH = (
    *("油", "干", "酱", "汁", "粉", "糖", "蛋糕", "饼干", "饼", "酒", "味", "粮", "罐头", "冰淇淋", "奶昔"),
    *("奶", "茶", "奶油", "派", "布丁", "雪糕"),
)
# A drink or food glued in front of a word both say is another thing too: 茶 / 奶茶, 奶 / 酸奶.
_PRODUCT_PREFIXES_ZH = ("奶", "冰", "花", "果", "酸", "豆", "椰")
# A device after a brand is another thing only where the bare word need not be the brand: 想买苹果 may
# be fruit, but 我用小米 already says the phone (我用的是小米手机), so a text that uses it is left alone.
_DEVICE_HEADS_ZH = ("手机", "电脑", "手表", "耳机", "平板", "笔记本")
_DEVICE_USE = re.compile(r"用|换|\b(?:use|uses|using|used|switched)\b")
# A shade glued before a colour: 浅蓝, 墨绿, 米白, 酒红.
_SHADE_ZH = re.compile(
    "(浅|深|淡|墨|米|藏|天|湖|宝|草|酒|玫瑰|玫|橄榄|军|土|奶|咖啡|亮|暗|嫩|明|雾霾|雾|香槟|粉)"
    "(红|橙|黄|绿|青|蓝|紫|白|黑|灰|棕|褐|粉)"
)


def extended(a: str, b: str) -> bool:
    """One text is the other with one thing made more specific (see the module docstring)."""
    only_a, only_b = dedup_model.unexplained(a, b)
    if not only_a and not only_b:
        return False
    if only_a and only_b:
        # both sides unexplained is a swap (mal/dedup_families.py), unless the swap check passes it
        # over: 我用苹果手机 / 我每天吃苹果 differ in the verb too, and 苹果手机 is still no apple
        return _extended_zh(a, b, only_a) or _extended_zh(b, a, only_b)
    longer, shorter, extra = (a, b, only_a) if only_a else (b, a, only_b)
    return (
        _extended_zh(longer, shorter, extra) or _extended_en(longer, shorter) or _head_inserted(longer, shorter, extra)
    )


# Units of a sentence as mal/dedup_families.py `swapped` cuts it: a Latin word or number, one CJK character.
_UNIT = re.compile(r"[a-z0-9']+|[^\sa-z0-9.,!?;:\"，。！？；：“”‘’（）()…~-]")
# Heads that name the same thing more fully: "jazz music", "thriller movies", 川菜 / 川菜这类菜.
_GENERIC_HEADS = frozenset(
    (
        *("music", "movie", "movies", "film", "films", "food", "foods", "stuff", "thing", "things", "dish"),
        *("dishes", "cuisine", "type", "kind", "音乐", "电影", "东西", "食物", "菜", "类", "片", "之类", "这类"),
    )
)

# A span that starts with a count, a demonstrative, 的 or an article puts no head on the word before it.
# (nor one that starts with a link word or a preposition: "I work at Google and go to the office daily")
_NOT_HEADS = frozenset(
    (
        *"一二两三四五六七八九十几这那每的和跟与还也而但所因都就",
        *("a", "an", "the", "my", "some", "this", "that", "and", "or", "but", "so", "because", "with", "since"),
        *("who", "which", "to", "at", "in", "on", "for", "from", "by", "when", "while", "every", "each"),
    )
)


def common_ends(x: list[str], y: list[str]) -> tuple[int, int]:
    """How many units the longer `x` and the shorter `y` share from the start, then from the end
    within what is left of `y` (one span put inside `y` leaves start + end == len(y))."""
    start = 0
    while start < len(y) and x[start] == y[start]:
        start += 1
    end = 0
    while end < len(y) - start and x[-1 - end] == y[-1 - end]:
        end += 1
    return start, end


def _head_inserted(longer: str, shorter: str, extra: frozenset[str]) -> bool:
    """The longer text is the shorter with one span put right after a content word both say, and
    that span holds a word the shorter does not explain: 我不吃猪肉 / 我不吃猪肉包子, 我对鸡蛋过敏 /
    我对鸡蛋面过敏, "I don't eat pork" / "I don't eat pork buns" (a head that makes another thing)."""
    x, y = _UNIT.findall(normalise(longer)), _UNIT.findall(normalise(shorter))
    start, end = common_ends(x, y)
    if start == 0 or start + end != len(y) or len(x) == len(y):
        return False  # not one span inserted after something both say
    mid = x[start : len(x) - end]
    joined = "".join(mid) if all(is_cjk(u) for u in mid) else " ".join(mid)
    if joined in _GENERIC_HEADS or mid[0] in _NOT_HEADS or not any(w in joined or joined in w for w in extra):
        return False  # a head that names the same thing, a count or an article (喜欢一台新电脑), a filler
    before = y[:start]
    if not re.search(re.escape(before[-1]) + r"\s?" + re.escape(mid[0]), normalise(longer)):
        return False  # a clause added after a comma ("..., so no shrimp"), not a head glued on
    words = {stem(w) for w in signature(shorter).words}
    if is_cjk(before[-1]):
        tail = "".join(before[-4:])
        return any(tail.endswith(w) for w in words if is_cjk(w) and len(w) >= 2)
    return stem(before[-1]) in words


def _extended_zh(longer: str, shorter: str, extra: frozenset[str]) -> bool:
    """A product head after, or a shade before, a word both texts say, in an unexplained word."""
    flat, other = normalise(longer), normalise(shorter)
    cjk = [w for w in extra if is_cjk(w)]
    if not cjk:
        return False
    shared = [w for w in signature(shorter).words if is_cjk(w) and w in flat]
    heads = _PRODUCT_HEADS_ZH if _DEVICE_USE.search(other) else (*_PRODUCT_HEADS_ZH, *_DEVICE_HEADS_ZH)
    for core in shared:
        for head in heads:
            if core + head in flat and core + head not in other and any(head in w for w in cjk):
                return True  # 花生 / 花生油, 苹果 / 苹果手机
    for word in cjk:
        if word not in other and any(
            word.startswith(head) and word[len(head) :] in other and _glued(word, head, flat, other)
            for head in _PRODUCT_PREFIXES_ZH
        ):
            return True  # 喝茶 / 喝奶茶: 奶茶 is one word, its 茶 is said by the other text
    return any(
        m.group(2) in other and m.group(0) not in other and any(m.group(1) in w for w in cjk)
        for m in _SHADE_ZH.finditer(flat)
    )  # 蓝色 / 浅蓝色, 白色 / 米白色


def _glued(word: str, head: str, flat: str, other: str) -> bool:
    """A prefix jieba cut off alone (冰 + 美式) still makes a product of the word after it that the other
    text says (热美式); before anything else it is no prefix (通勤花一个小时 spends: helper unblock17zh)."""
    return word != head or any(head + w in flat for w in signature(other).words if is_cjk(w))


def _forms(word: str) -> set[str]:
    """A word with its plural taken off, "-es" too (tomatoes -> tomato, peaches -> peach)."""
    return {word, stem(word), word[:-2] if len(word) > 4 and word.endswith(("oes", "ches", "shes")) else word}


def _extended_en(longer: str, shorter: str) -> bool:
    x, y = _LATIN.findall(normalise(longer)), _LATIN.findall(normalise(shorter))
    ys = {f for w in y for f in _forms(w)}
    for i, w in enumerate(x):
        if stem(w) in ys:
            continue
        before = stem(x[i - 1]) if i else ""
        after = x[i + 1] if i + 1 < len(x) else ""
        if (
            w in _PRODUCT_HEADS_EN
            and before in ys
            and not (w in _DEVICES_EN and _DEVICE_USE.search(normalise(shorter)))
        ):
            return True  # peanut oil / peanuts, beef jerky / beef
        if w in _SHADES_EN and after in _COLOURS_EN and after in y:
            return True  # light blue / blue
    return False


_MODES = {
    "can": re.compile(
        r"(?<![开约聚机社大宴晚舞茶例体学误理])会(?=[\u4e00-\u9fff])(?![议员计儿场所话面谈])|学会|"
        r"\bcan\b(?!'t| not)|\bcould\b(?!n't| not)|\bknows? how to\b|\bable to\b"
    ),
    "like": re.compile(
        r"喜欢|热爱|(?<![恋可])爱(?![人情心护])|爱好|迷上|\b(?:like|likes|liked|love|loves|loved|enjoy|enjoys|enjoyed)\b|"
        r"\b(?:adore|adores|fond of|favou?rite)\b"
    ),
    "learn": re.compile(r"在学|学习|学着|在练|\b(?:learning|studying|taking (?:\w+ )?lessons)\b"),
    # a try or a single time is no ability: 我会滑雪 / 我滑过一次雪
    "tried": re.compile(r"过[一两几]次|试过|体验过|\b(?:tried|once)\b"),
}


def modes(text: str) -> frozenset[str]:
    flat = normalise(text).replace("\u2019", "'")
    return frozenset(name for name, pattern in _MODES.items() if pattern.search(flat))


def mode_differs(a: str, b: str) -> bool:
    """Both texts say a mode (can / like / learning / a try) of the activity, and not the same ones."""
    ma, mb = modes(a), modes(b)
    return bool(ma) and bool(mb) and ma != mb


# How strongly: a strong word against a moderate one is another degree (我特别喜欢猫 / 我还挺喜欢猫,
# "I really love sushi" / "I quite like sushi"); either against none is the same liking said plainly.
_STRONG = re.compile(
    r"很|非常|特别|超级|超(?=[爱喜])|十分|极其|极了|最|太(?=[爱喜])|"
    r"\b(?:very|really|so|extremely|absolutely|totally|love|loves|adore|adores|a lot|so much)\b"
)
# (a bare 挺 is "very" as often as "fairly": 很流利 / 挺溜 is one fluency, so only 还挺 counts)
_MODERATE = re.compile(r"还挺|还算|比较|还行|还可以|\b(?:quite|fairly|pretty|reasonably|mildly)\b")


def intensity(text: str) -> str:
    flat = normalise(text).replace("\u2019", "'")
    if _MODERATE.search(flat):
        return "moderate"  # first: 还挺喜欢 / "quite like" is moderate whatever else is said
    return "strong" if _STRONG.search(flat) else ""


def intensity_differs(a: str, b: str) -> bool:
    """One text says a strong degree, the other a moderate one (see `_STRONG`)."""
    return {intensity(a), intensity(b)} == {"strong", "moderate"}


_NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|several"
)
_NUMERAL = rf"(?:[\d一二两三四五六七八九十几半]+|a|an|{_NUMBER_WORDS})"
# A number of times, or of things taken (三杯 / "three cups"): 一天喝三杯咖啡 is no 喝咖啡三天了.
_COUNT = re.compile(
    rf"[\d一二两三四五六七八九十几]+(?:次|回|趟|遍|杯|瓶|碗|片|粒|支|包|罐)|\b(?:once|twice|{_NUMERAL} times)\b|"
    rf"\b(?:\d+|{_NUMBER_WORDS}) (?:cups?|glasses|bottles?|bowls?|pills?|tablets?|cigarettes?|packs?)\b"
)
_SPAN = re.compile(
    rf"[\d一二两三四五六七八九十几半]+(?:个)?(?:年|月|星期|周|礼拜|天)|"
    rf"\bfor {_NUMERAL} (?:years?|months?|weeks?|days?)\b|"
    r"[\d一二两三四五六七八九十几半]+(?:个)?(?:小时|分钟)|"
    rf"\b(?:\d+|{_NUMBER_WORDS}) (?:minutes?|hours?|days?|weeks?|months?|years?)\b"
)


def count_vs_span(a: str, b: str) -> bool:
    """One text alone counts times, and the other says a stretch of time: 一年两次 / 两年."""
    x, y = normalise(a), normalise(b)
    ca, cb = bool(_COUNT.search(x)), bool(_COUNT.search(y))
    return ca != cb and bool(_SPAN.search(y if ca else x))


# (跳槽, "changed jobs", says the place it went to is the new job: helper unblock17zh)
_WORK = re.compile(
    r"工作|上班|任职|就职|入职|跳槽|打工|实习|兼职|(?:当|做)[\u4e00-\u9fff]{0,3}(?:长|员|师|经理|老板)|"
    r"\b(?:work|works|worked|working|employed|employee|job|manage|manages|manager|intern|interns|interning)\b(?! out)"
)
_VISIT = re.compile(
    r"参观|面试|开会|开过会|访问|拜访|出差|旅游|玩|去(?!年)|\b(?:visit|visited|visiting|went|go|toured|interview(?:ed)?)\b"
)


def visit_vs_work(a: str, b: str) -> bool:
    """One text says where the user works, the other only a visit there (see the module docstring)."""
    x, y = normalise(a), normalise(b)
    wa, wb = bool(_WORK.search(x)), bool(_WORK.search(y))
    return wa != wb and bool(_VISIT.search(y if wa else x))


# Frames that hold the same words without saying them of the user now, one pattern each: a dream or a
# story, a belief (以为 / "thought I was"), a supposition (如果 / if), a question, a childhood.
_FRAMES = tuple(
    re.compile(p)
    for p in (
        r"梦到|梦见|做梦|梦里|梦想|假装|幻想|想象|(?:电影|电视剧|小说|游戏|故事)里|"
        r"\b(?:dream|dreamed|dreamt|dreaming|pretend|pretended|pretending|imagine|imagined|imagining)\b|"
        r"\bin (?:a|the|my) (?:(?:video )?game|dream|movie|film|novel|story)\b",
        r"以为|怀疑|\b(?:thought|thinks|assume|assumes|assumed|supposed(?! to))\b",
        # at the start only: "..., if I take it" is an allergy's consequence, not a supposition
        r"^(?:如果|要是|假如|假设)|^(?:if|suppose|what if)\b",
        r"[吗吧][?？]?$|[?？]$|是不是|有没有|会不会|对不对",
        r"小时候|从前|年轻的时候|上学的时候|读书的时候|"
        r"\b(?:as a (?:kid|child|teenager)|when i was (?:young|little|a kid|a child|younger)|growing up)\b",
    )
)


def framed(a: str, b: str) -> bool:
    """One text alone puts the words inside a frame that does not state them as the user's fact
    now: a dream or story, a belief, a supposition, a question, a childhood (see `_FRAMES`)."""
    x, y = (normalise(t).replace("\u2019", "'").strip() for t in (a, b))
    return any(bool(p.search(x)) != bool(p.search(y)) for p in _FRAMES)
