"""Turn-level guards on the facts every reader produced (rules, extractors, the slot tagger).

A rule reads a shape ("moved to Berlin", "叫咪咪", "go to Paris"); whether the shape states a
current fact of the user's depends on the grammar around it, which one rule cannot see:
  - a conditional clause (if / I'd / 要是 / 如果 / 的话) states no profile fact or plan;
  - a pet that died or was had as a child, a diet or job the user "no longer" has (不…了), is
    no current profile fact;
  - a habit ("usually", "每年") or a trip already made ("上个月…了") is no travel plan;
  - a sentence whose subject is someone outside the family (a possessive name, a teacher, a
    neighbour, an ex) states none of the user's facts, and someone else's wish is no plan of theirs;
  - a standing schedule or routine ("工作时间为9点到6点", "I wake up at 6:30 on weekdays") is no to-do;
  - a relative named at the head of a clause chain ("My sister lives in X and works as Y") owns
    every fact of the chain.
Each guard drops (or re-attributes) a whole fact; the turn then falls to the next reading (an
episode when nothing is left), so a guard never invents a value.
"""

from __future__ import annotations

import re
from typing import Any

from parsers.lexicon import RELATIVES_EN, RELATIVES_ZH, zh_kin_alternation
from parsers.model import EntityRef
from parsers.place_bounds import bound_places
from parsers.profile_base import COUNT_ZH, REL_EN, REL_EN_ALT, REL_ZH, REL_ZH_ALT
from parsers.profile_rules import PET_WORDS_EN
from parsers.profile_words import NOT_NAME_ZH, surname_kept
from parsers.slot_sense import implausible
from parsers.todo_rules import standing

__all__ = ["guard"]

Match = tuple[str, float, dict[str, Any], list[Any]]

_SENTENCE = re.compile(r"[。!！？?\n]|(?<!\bSt)(?<!\bMr)(?<!\bMs)(?<!\bDr)(?<!\bMrs)\.(?:\s|$)")
_CLAUSE = re.compile(r"[，,；;。!！？?\n]|(?<!\bSt)(?<!\bMr)(?<!\bMs)(?<!\bDr)(?<!\bMrs)\.(?:\s|$)")

# 1. Hypotheticals. "I'd like / I'd love" is a wish that may be a plan, not a conditional; the
# polite "方便的话 / 可以的话" conditions nothing the user states.
_HYPOTHETICAL = re.compile(
    r"\b(?:if|suppose|supposing|imagine|what if|in case|unless)\s+(?:i|we)\b|"
    r"\b(?:i'd|i would|we'd|we would)\s+(?!like\b|love\b|prefer\b|rather\b|appreciate\b|be (?:grateful|happy)\b)|"
    r"要是|如果|假如|假设|万一|倘若|若是|(?<!方便)(?<!可以)(?<!可能)(?<!需要)(?<!有空)(?<!能)的话",
    re.I,
)
_HYPOTHETICAL_KINDS = {"profile", "travel_plan"}
# A budget supposed for a question's sake ("Suppose my budget was $2000 - which camera?", "假如预算有两千，
# 买哪款相机好？") is no budget of the user's; "If my budget is tight" or "预算是两千" still are.
_SUPPOSED_BUDGET = re.compile(
    r"\b(?:suppose|supposing|imagine|hypothetically|what if|say|if)\s+(?:my|our|the)\s+budget\s+(?:was|were)\b|"
    r"(?:假如|假设|假使)(?:我的?|我们的?)?预算",
    re.I,
)

# 2. Ended states. A pet had as a child or one that died; a diet or job the user left.
_PAST_PET = re.compile(
    r"(?<!have )(?<!'ve )\bhad\b|\bused to have\b|\bpassed away\b|\bdied\b|\bput (?:him|her|it) down\b|"
    r"\bwhen (?:i|we) (?:was|were) (?:a kid|kids|a child|children|little|young|younger|growing up)\b|\bgrowing up\b|"
    r"\bchildhood\b|小时候|养过|死了|走了|去世|不在了|童年|以前养|曾经养",
    re.I,
)
_ENDED_DIET = re.compile(
    r"\bno longer\b[^.,;!?]{0,20}\b(?:vegetarian|vegan|pescatarian|keto|halal|kosher|gluten)|"
    r"(?:\bnot\b|n't\b)[^.,;!?]{0,25}\b(?:vegetarian|vegan|pescatarian|keto)\b[^.,;!?]{0,20}\b(?:anymore|any more)\b|"
    r"\b(?:stopped|quit) being\b|"
    r"不再?(?:吃素|吃斋|是素食|当素食|吃全素)了|不再(?:吃素|吃斋|是素食)|没再吃素|开始吃肉|开荤",
    re.I,
)
_ENDED_JOB = re.compile(
    r"\bno longer\b|(?:\bnot\b|n't\b)[^.,;!?]{0,30}\b(?:anymore|any more)\b|\bused to (?:be|work)\b|"
    # a job given up or lost: "I quit my job at Amazon last month", "got laid off from Intel"
    r"\b(?:quit|left|resigned from|lost)\s+(?:my|his|her|the)\s+(?:\w+\s+)?(?:job|position|role|gig)\b|"
    r"\b(?:got|was|been|were)\s+(?:laid off|fired|let go)\b|"
    r"不再|不[做干当在][^，。,.!?！？；;]{0,10}了|已经不|辞职|离职|辞了|"
    # a job held before ("退休前在铁路局干了一辈子", "我之前在北京做销售"); "退休老师" is a job title
    r"退休[前以之]|(?:以前|之前|曾经|当年)(?:一直)?(?:在|是|做|干|当)",
    re.I,
)
# The copula's complement is a relative ("我是广州的一名老师的女儿", "I'm a teacher's daughter", "I'm the son
# of a doctor"): the job and the city in it are the parent's, and the relative is unnamed, so no fact of
# the user's or family's (every reader, the tagger too, read 老师 as the user's job).
_KIN_COMPLEMENT_ZH = re.compile(rf"是(?P<of>[^，,。.!！？?；;]+?)的(?:{REL_ZH_ALT})(?=[，,。.!！？?；;]|$)")
# parse20's "是<城市>的一名<职业>" names the user's city and job now only as a plain statement: followed by
# 的<noun> it says whose helper, driver or client one is ("我是上海的一名老师的助手"); after a wish
# ("我希望明年是杭州的一名医生") or with the job ended later in the turn ("…，但已经退休了", "上个月辞职了")
# it is no current city or job. Every reader's value in the shape is dropped (the rules', the tagger's).
_CITY_JOB_SHAPE_ZH = re.compile(
    rf"是(?P<of>[\u4e00-\u9fa5]{{2,6}}?的{COUNT_ZH}[\u4e00-\u9fa5A-Za-z]{{2,8}}?)"
    r"(?P<tail>的[\u4e00-\u9fa5]|[，,。.!！？?；;]|$)"
)
_WISH_ZH = re.compile(r"希望|想|梦想|打算|准备|计划|将来|以后|明年|未来|要是|如果|愿望|但愿|期待|盼")
_JOB_ENDED_LATER_ZH = re.compile(r"退休|辞职|离职|不干了|辞了")
# ... unless another person is the one who stopped ("我是北京的一名医生，我妈退休了": the mother
# retired, the user is still a doctor in Beijing; before the twenty-first round the whole rest of the
# turn was scanned and the user's city and job were lost).
_ENDED_BY_OTHER_ZH = re.compile(rf"(?:我的|我家|我)?(?:{REL_ZH_ALT}|[他她]们?|老板|同事们?|朋友|室友|邻居)(?!们都劝)")
_CLAUSE_OPEN_ZH = re.compile(r"[，,。.!！？?；;]|但是?|不过|可是|后来")
_KIN_AFTER_EN = re.compile(rf"(?:'s|’s)\s+(?:{REL_EN_ALT})\b", re.I)
_KIN_BEFORE_EN = re.compile(rf"\b(?:{REL_EN_ALT})\s+of\s+(?:an?|the)\s+(?:[a-z]+\s+)?$", re.I)
_KIN_FIELDS = {"job", "city", "hometown", "employer"}
# An ethnic group or a social label is no job ("我是回民", "我是上班族").
_NOT_A_JOB = re.compile(r"^(?:回民|[\u4e00-\u9fff]{1,3}族)$")
# A job or employer read out of an intention ("我在考虑换工作" -> 考虑换) is a plan, not where one works.
_INTENDED = re.compile(r"^(?:考虑|打算|准备|想|计划|纠结|犹豫)")

# 3. Habits and trips already made; a word of the future keeps the plan ("usually ..., but next month").
_HABIT = re.compile(
    r"一般|通常|经常|总是|每年|每次|每个?(?:夏天|冬天|春天|秋天|周末|暑假|寒假|月|星期|礼拜)|"
    r"\b(?:usually|normally|typically|often|always|generally|every (?:summer|winter|spring|fall|autumn|year|"
    r"weekend|month|week|time)|each (?:summer|winter|year|month))\b",
    re.I,
)
_PAST_WHEN = re.compile(
    r"上个?(?:月|周|星期|礼拜|次)|去年|前年|昨天|前天|那年|当年|"
    r"\b(?:last (?:week|month|year|summer|winter|spring|fall|autumn|weekend|time)|ago|yesterday)\b",
    re.I,
)
_PAST_VERB = re.compile(r"了|过|\b(?:went|flew|visited|was|were|took|drove|came|got|had|spent)\b", re.I)
# A move is no trip ("刚从武汉搬到苏州", "I just moved from Boston to Denver"): where the user lives
# now is the profile's city, which its own reader takes.
_RELOCATION = re.compile(
    r"搬(?:到|去|来|回|过去|过来|家)|\b(?:mov(?:ed|ing|e)|relocat\w*)\s+(?:\w+\s+)?(?:from|to|back)\b", re.I
)
# A city the user is at, was at, or will be at for a while, not where they live: "I was in Chicago",
# "catch you when I'm in Boston", "visited some sights in Boston", 我在北京出差呢. Seen in real chat
# (LoCoMo: 6 of 18 sampled profile facts were such a city), never with a word of living there.
# "been in" is left out: "I've been in Toronto for 10 years" is where the user lives.
_VISIT = re.compile(
    r"\b(?:was|were)\s+(?:\w+\s+)?(?:in|at)\b|\b(?:when|while|if|once)\s+(?:i'?m|i am|we'?re|we are)\s+in\b|"
    r"\bvisit(?:ed|ing|s)?\b|\b(?:trip|vacation|holiday|conference|tour|show|concert|layover|sights)\b|"
    r"\b(?:catch up|meet(?: up)?|see you|catch you|tourists?|visitors?)\b|"
    r"出差|旅游|旅行|度假|开会|玩[儿呢吗了]?|路过|转机|参加|看展|演出|游客|访客|旅客|观光",
    re.I,
)
_LIVES = re.compile(r"\b(?:live[sd]?|living|based|reside\w*|home|moved|relocat\w*)\b|住|生活|定居|搬|落户|老家", re.I)
_PAST_STORY = re.compile(r"后来|长大")  # "我在成都长大，后来去北京上大学": a life story, not a plan
_FUTURE = re.compile(
    r"下个?(?:月|周|星期|礼拜|次)|明天|后天|明年|打算|准备|计划|将要|这周末|这个?(?:月|周末)|"
    r"\b(?:next|tomorrow|will|going to|gonna|plan\w*|upcoming|soon|this (?:weekend|week|month|summer|winter)|"
    r"(?:i'm|i am|we're|we are) (?:flying|going|heading|driving|travell?ing|leaving|off)|"
    r"in \w+ (?:days|weeks|months))\b|'ll\b",
    re.I,
)

# 4. Someone outside the family as the sentence's subject.
# (A doctor or dentist is left out: "My doctor put me on atorvastatin" is the user's medicine.)
_OTHER_WORDS_EN = (
    r"friend|colleague|coworker|co-worker|boss|manager|supervisor|neighbou?r|roommate|flatmate|classmate|teammate|"
    r"teacher|professor|tutor|coach|landlord|landlady|ex|ex-\w+|girlfriend|boyfriend"
)
_NOT_NAMES = (
    r"It|That|There|Here|What|Let|He|She|Who|Where|When|How|Today|Tomorrow|Yesterday|Tonight|Everyone|Nobody|"
    r"Mom|Mum|Dad|Grandma|Grandpa|Everybody|Someone|Somebody|My|Our|The|Name|Wife|Husband"
)
# A note's "User's dog is named Max" is the user's pet (as "My dog ..."; "User's" was read as a name like
# "Tom's", issue #11). Only the naming with the pet word right before it: every other fact of "User's dog ..."
# is the dog's ("User's dog is allergic to chicken" is no allergy of the user's), "User's dog walker is called
# Jess" names a person and "User's kid / friend ..." still opens with someone else (issue #11 review25).
_USERS_PET_EN = rf"(?i:user)'s\s+(?i:{PET_WORDS_EN})\s+(?i:is\s+)?(?i:named|called)\b"
_OTHER_SUBJECT_EN = re.compile(
    rf"^\W*(?:(?:my|our|the)\s+(?:[a-z]+\s+)?)?(?:(?:{_OTHER_WORDS_EN})s?\b|(?:Mr|Mrs|Ms|Dr|Miss)\.?\s|"
    rf"(?-i:(?!(?:{_NOT_NAMES})'s|{_USERS_PET_EN})[A-Z][a-z]+'s\b(?!\s+(?:been|got|gone|had)\b)))",
    re.I,
)
_OTHER_WORDS_ZH = (
    r"老师|邻居|老板|领导|同事|朋友|同学|室友|闺蜜|前夫|前妻|前男友|前女友|男朋友|女朋友|上司|经理|房东|教练"
)
_PETS_ZH = r"(?:猫|狗|宠物|兔子|鹦鹉|仓鼠|乌龟|金毛|柯基|泰迪|哈士奇|柴犬|边牧|布偶|英短|橘猫)"
_OTHER_SUBJECT_ZH = re.compile(
    rf"^\W*(?:我们?(?:的|家)?)?(?:[\u4e00-\u9fff]{{0,2}}(?:{_OTHER_WORDS_ZH})|(?![我咱俺]|用户的{_PETS_ZH}叫)[\u4e00-\u9fff]{{1,3}}家?的(?={_PETS_ZH}))"
)
_FIRST_PERSON_EN = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|we|we're|we've)\b", re.I)
_FIRST_PERSON_ZH = re.compile(
    rf"[我俺咱](?!们?(?:的|家)?[\u4e00-\u9fff]?(?:{_OTHER_WORDS_ZH}|"
    + zh_kin_alternation({k.removeprefix("我") for k in RELATIVES_ZH})
    + "))"
)
_ME_EN = re.compile(r"\b(?:me|us|both|each)\b", re.I)  # "Me and my wife are both nurses": theirs and mine
_WISH = re.compile(r"\bwants?\b|\bwould like\b|\bwish\w*\b|想让|想要我|希望我|要我|让我", re.I)
_RELATIVE_EN = re.compile(r"\b(?:my|our)\s+(?:" + "|".join(map(re.escape, RELATIVES_EN)) + r")s?\b", re.I)
_RELATIVE_ZH = re.compile(zh_kin_alternation(RELATIVES_ZH, escape=True))


def _span(text: str, pos: int, pattern: re.Pattern[str]) -> tuple[int, int]:
    start = max((m.end() for m in pattern.finditer(text, 0, pos)), default=0)
    end = next((m.start() for m in pattern.finditer(text, pos)), len(text))
    return start, end


def _where(text: str, match: Match) -> int | None:
    """Where the fact's value sits in the turn, or None when it is a label not copied from it."""
    keys = ("value", "item", "arrival", "departure", "allergen", "medication", "condition", "task")
    spots = [text.find(str(match[2][k])) for k in keys if isinstance(match[2].get(k), str) and match[2][k]]
    spots = [s for s in spots if s >= 0]
    return min(spots) if spots else None


def _own(match: Match) -> bool:
    return match[2].get("relative") in (None, "self")


def _first_person(clause: str, lang: str) -> bool:
    return bool((_FIRST_PERSON_ZH if lang != "en" else _FIRST_PERSON_EN).search(clause)) or bool(
        lang == "mixed" and _FIRST_PERSON_EN.search(clause)
    )


def _visited(kind: str, field: Any, clause: str) -> bool:
    """A city the clause says the user visits or stays in, with no word of living there (`_VISIT`)."""
    return kind == "profile" and field == "city" and bool(_VISIT.search(clause)) and not _LIVES.search(clause)


# A name given to a person is no pet's: "a tutor called Zanzibarquist", "User's sister is called Anna", 我同事叫
# 小雨 (the learned tagger, retrained in the twenty-first round, read the tutor's name as a pet).
_PERSON_NOUNS_EN = (
    r"tutor|teacher|coach|friend|colleague|coworker|co-worker|boss|manager|neighbou?r|doctor|therapist|trainer|"
    r"classmate|roommate|flatmate|partner|boyfriend|girlfriend|guy|girl|man|woman|lady|kid|boy|baby|student|nurse"
)
_PERSON_NOUNS_ZH = r"老师|朋友|同事|同学|室友|邻居|老板|领导|医生|教练|男朋友|女朋友|对象|闺蜜|学生"


_PERSON_NAMING_EN = re.compile(
    rf"\b(?:{_PERSON_NOUNS_EN}|{REL_EN_ALT})(?:'s name)?\s+(?:is\s+)?(?:called|named|is)\s+", re.IGNORECASE
)
_PERSON_NAMING_ZH = re.compile(rf"(?:{_PERSON_NOUNS_ZH}|{REL_ZH_ALT})(?:的名字)?(?:叫|是)")


def _person_named(text: str, value: str) -> bool:
    """`value` is what a person's naming (`_PERSON_NAMING_EN` / `_ZH`) gives: the patterns are compiled
    once, the value compared where each naming ends."""
    if not value:
        return False
    low = value.lower()
    for m in _PERSON_NAMING_EN.finditer(text):
        rest = text[m.end() :]
        if rest.lower().startswith(low) and not rest[len(value) : len(value) + 1].isalnum():
            return True
    return any(text.startswith(value, m.end()) for m in _PERSON_NAMING_ZH.finditer(text))


def _ended_later(rest: str) -> bool:
    """The rest of the turn says the user's job ended (`_JOB_ENDED_LATER_ZH`): some word that ends a
    job whose clause does not open with another person (`_ENDED_BY_OTHER_ZH`: 我妈退休了 is the
    mother's; 跟我妈一样，去年退休了 and 我爸退休了，我也辞职了 are the user's, review23)."""
    for ended in _JOB_ENDED_LATER_ZH.finditer(rest):
        clause = _CLAUSE_OPEN_ZH.split(rest[: ended.start()])[-1]
        if not _ENDED_BY_OTHER_ZH.match(clause.strip()):
            return True
    return False


def _kin_complement(text: str, pos: int, value: str, clause: tuple[int, int]) -> bool:
    """The value sits in a copula's complement that names a relative (`_KIN_COMPLEMENT_ZH`), or in a
    "是<城市>的一名<职业>" that is no current city and job (`_CITY_JOB_SHAPE_ZH`)."""
    c0, c1 = clause
    for m in _KIN_COMPLEMENT_ZH.finditer(text, c0, c1):
        if m.start("of") <= pos < m.end("of"):
            return True
    for m in _CITY_JOB_SHAPE_ZH.finditer(text, c0, c1):
        if m.start("of") <= pos < m.end("of") and (
            m.group("tail").startswith("的")
            or _WISH_ZH.search(text[c0 : m.start()])
            or _ended_later(text[m.end("of") :])
        ):
            return True
    end = pos + len(value)  # (a value may hold the possessive: "teacher's daughter")
    kin_after = _KIN_AFTER_EN.match(text[end:]) or _KIN_AFTER_EN.search(value)
    return bool(kin_after or _KIN_BEFORE_EN.search(text[c0:pos]))


# 叫X来 / 去 / 过来 / 帮忙 calls someone over, it names nobody: 我哥叫小明来吃饭 (the tagger gave the USER the
# name 小明, issue #11), 我叫小明帮我搬家. 来自 / 来着 / 去年 after the name still follow a naming.
_CALLED_OVER_ZH = re.compile(r"(?:过来|过去|来(?![自着])|去(?!年|世)|帮)")
# 我叫X is mostly a self-introduction whatever follows (大家好我叫王强来报到, 我叫周杰帮人修电脑为生, 我叫李娜来了杭州
# 以后当了老师, issue #11 review25): the user calls X over only with an errand back to the user.
_CALLED_OVER_BY_ME_ZH = re.compile(r"(?:帮我|过来|来了?(?:我|俺|咱)家|来吃饭)")


def _called_over(text: str, value: str) -> bool:
    """Every place `value` follows 叫 / 喊 in the turn, it is someone called over (`_CALLED_OVER_ZH`; after
    我叫 / 俺叫 only `_CALLED_OVER_BY_ME_ZH`)."""
    if not value:
        return False
    spots = [m.start() for m in re.finditer(re.escape(value), text) if text[: m.start()].endswith(("叫", "喊"))]
    return bool(spots) and all(
        (_CALLED_OVER_BY_ME_ZH if text[:p].endswith(("我叫", "俺叫")) else _CALLED_OVER_ZH).match(text, p + len(value))
        for p in spots
    )


def _dropped(text: str, lang: str, match: Match) -> bool:
    kind, slots = match[0], match[2]
    pos = _where(text, match)
    s0, s1 = _span(text, pos, _SENTENCE) if pos is not None else (0, len(text))
    sentence = text[s0:s1]
    c0, c1 = _span(text, pos, _CLAUSE) if pos is not None else (0, len(text))
    clause = text[c0:c1]
    # the condition governs its own clause and those after it ("下个月去东京，如果有空的话去趟大阪")
    if kind in _HYPOTHETICAL_KINDS and _HYPOTHETICAL.search(text[s0:c1]):
        return True
    field = slots.get("field")
    if kind == "profile" and (
        (field == "pet" and (_PAST_PET.search(text) or _person_named(text, str(slots.get("value")))))
        or (field == "name" and lang != "en" and _called_over(text, str(slots.get("value") or "")))
    ):
        return True
    if kind == "profile" and field == "diet" and _ENDED_DIET.search(sentence):
        return True
    kin = kind == "profile" and field in _KIN_FIELDS and pos is not None
    if (kin and _kin_complement(text, pos or 0, str(slots.get("value")), (c0, c1))) or (
        kind == "profile" and field in ("job", "employer") and _ENDED_JOB.search(clause)
    ):
        return True
    if (kind == "profile" and field == "job" and _NOT_A_JOB.match(str(slots.get("value")))) or _visited(
        kind, field, clause
    ):
        return True
    # parsers/slot_sense.py: a floor for a city, a trait for a job; and "我母亲爱种花", "用户的配偶不爱吃羊肉":
    # a relative's taste is no preference of the user's
    relatives_taste = kind == "preference" and lang != "en" and pos is not None and _relative_subject(text[c0:pos])
    if (
        (kind == "profile" and field in ("job", "employer") and _INTENDED.match(str(slots.get("value"))))
        or implausible(kind, slots, text)
        or relatives_taste
    ):
        return True
    if (
        (kind == "travel_plan" and _RELOCATION.search(clause))
        or (kind == "budget" and _SUPPOSED_BUDGET.search(text))
        or (kind == "todo" and standing(sentence))  # parsers/todo_rules.py: "工作时间为9点到6点" is no task
    ):
        return True
    if kind == "travel_plan" and not _FUTURE.search(sentence):
        if (
            _HABIT.search(sentence)
            or _PAST_STORY.search(sentence)
            or (_PAST_WHEN.search(sentence) and _PAST_VERB.search(sentence))
        ):
            return True
    other = _OTHER_SUBJECT_EN.match(sentence) or (lang != "en" and _OTHER_SUBJECT_ZH.match(sentence))
    if other and _own(match) and kind in ("profile", "family_health") and not _first_person(clause, lang):
        return True
    return bool(other and kind == "travel_plan" and _WISH.search(sentence))


# A relative who opens the clause as its subject ("用户的太太在上海工作", "My wife works as a nurse",
# "The user's brother-in-law works as a pilot"), not said together with the user ("我和我妈", "my wife and I").
_SUBJECT_ZH = re.compile(rf"^\W*(?:用户|我|俺)?(?:的|家)?(?P<r>{REL_ZH_ALT})(?![和跟与及、])")
_SUBJECT_EN = re.compile(
    rf"^\W*(?:(?:the\s+)?user's|my|our)\s+(?P<r>{REL_EN_ALT})\b(?!\s*(?:and|&|,\s*and)\b)(?!'s)", re.I
)


_SUBJECT_FIELDS = {"job", "employer", "city", "hometown"}


def _relative_subject(head: str) -> str | None:
    """The family member a clause head names as its subject (`_SUBJECT_ZH`), or None."""
    m = _SUBJECT_ZH.match(head)
    if m is None or (m.group("r") in {"妈", "爸"} and not re.match(r"\W*(?:我|俺|用户的)", head)):
        return None
    return REL_ZH[m.group("r")]


def _own_subject(text: str, lang: str, matches: list[Match]) -> None:
    """A fact read without its owner whose clause opens with a family member gets that member
    (a rule that reads only the value, e.g. "来自X" or "works as a X", lost who the clause is about)."""
    for m in matches:
        if m[0] != "profile" or not _own(m) or m[2].get("field") not in _SUBJECT_FIELDS:
            continue  # (a pet "my son named" is still the user's pet)
        if (pos := _where(text, m)) is None:
            continue
        c0, _ = _span(text, pos, _CLAUSE)
        head = text[c0:pos]
        rel = _relative_subject(head) if lang != "en" else None
        if lang != "zh" and rel is None and (e := _SUBJECT_EN.match(head)):
            rel = REL_EN[e.group("r").lower()]
        if rel and rel not in {"boyfriend", "girlfriend"} and not _first_person(head, lang):
            m[2]["relative"] = rel  # ("My brother lives in Austin and I work as a nurse": the nurse is the user)


def _carry_relative(text: str, lang: str, matches: list[Match]) -> None:
    """ "My sister lives in Melbourne and works as an architect": the relative one fact of the
    sentence carries belongs to the others of the chain unless the user speaks of themselves."""
    for m in matches:
        if m[0] != "profile" or not _own(m) or "relative" in m[2]:
            continue
        pos = _where(text, m)
        if pos is None:
            continue
        s0, s1 = _span(text, pos, _SENTENCE)
        sentence = text[s0:s1]
        owners = {
            str(o[2]["relative"])
            for o in matches
            if o is not m and o[0] == "profile" and not _own(o) and (p := _where(text, o)) is not None and s0 <= p < s1
        }
        head = (_RELATIVE_ZH if lang != "en" else _RELATIVE_EN).search(sentence)
        me = _ME_EN.search(sentence) if lang != "zh" else None
        if len(owners) == 1 and head and head.start() < pos - s0 and not _first_person(sentence, lang) and not me:
            m[2]["relative"] = owners.pop()


# 我叫我妈来北京看病: 叫 asks a person (a pronoun or a kin word opens the "name"), it names nobody (review30)
_NOT_NAME_START = re.compile(NOT_NAME_ZH.replace("(?!", "(?:", 1))


def _name_kept(text: str, match: Match) -> Match | None:
    """A name match as the user gave it: none when a person or pronoun word opens it, a Latin name cut
    to the given name when the next word is no surname (`surname_kept`)."""
    slots = match[2]
    if match[0] != "profile" or slots.get("field") != "name" or not isinstance(slots.get("value"), str):
        return match
    value = slots["value"]
    if _NOT_NAME_START.match(value):
        return None
    kept = surname_kept(text, value)
    if kept == value:
        return match
    refs = [EntityRef(kept, r.type, r.relation, r.detail) if r.name == value else r for r in match[3]]
    return (match[0], match[1], {**slots, "value": kept}, refs)


def guard(text: str, lang: str, matches: list[Match]) -> list[Match]:
    """The matches that state a current fact of the user's (or family's); see the module docstring."""
    named = [n for m in matches if (n := _name_kept(text, m)) is not None]
    kept = [m for m in bound_places(text, lang, named) if not _dropped(text, lang, m)]
    _own_subject(text, lang, kept)
    _carry_relative(text, lang, kept)
    return kept
