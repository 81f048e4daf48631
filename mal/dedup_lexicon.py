"""Word lists the dedup agreement check reads. Data, not logic: extend here, not in mal/dedup.py.

Kept apart from parsers/lexicon.py on purpose: the parser maps 爷爷 and 外公 both to "grandfather"
(one relation type is enough for a fact), but two events with different grandfathers are two events,
so dedup keeps every relative term that names a different person distinct.
"""

from __future__ import annotations

from mal.dedup_canon import CANON_PHRASES
from mal.dedup_synonyms import MORE_ASPECTS, MORE_PEOPLE_EN, MORE_PEOPLE_ZH, MORE_PHRASES, MORE_SYNONYMS
from mal.dedup_unblock19_en import DIALECT, DIALECT_PHRASES, KIN_VARIANTS, SHORT_TIME_WORDS, WEEKDAY_SPANS
from mal.dedup_zh_forms import ZH_PHRASES
from parsers.lexicon_words import EN_NUMBERS, EN_TENS

__all__ = [
    "ASPECTS",
    "CURRENCY_SYMBOLS",
    "CURRENCY_WORDS",
    "FILLERS_EN",
    "FILLERS_ZH",
    "NEGATIONS_EN",
    "NEGATIONS_ZH",
    "NUMBER_WORDS_EN",
    "PEOPLE_EN",
    "PEOPLE_ZH",
    "PHRASES",
    "SURNAMES_ZH",
    "SYNONYMS",
    "TIME_WORDS_EN",
    "TIME_WORDS_ZH",
]

# Surface term -> the person it names. Different people never share a value (爷爷 != 外公).
PEOPLE_ZH = {
    **dict.fromkeys(("妈妈", "母亲", "老妈", "妈", "娘"), "mother"),
    **dict.fromkeys(("爸爸", "父亲", "老爸", "爸", "爹"), "father"),
    **dict.fromkeys(("爷爷", "祖父"), "paternal_grandfather"),
    **dict.fromkeys(("奶奶", "祖母"), "paternal_grandmother"),
    **dict.fromkeys(("外公", "姥爷", "外祖父"), "maternal_grandfather"),
    **dict.fromkeys(("外婆", "姥姥", "外祖母"), "maternal_grandmother"),
    **dict.fromkeys(("哥哥", "哥"), "older_brother"),
    **dict.fromkeys(("弟弟", "弟"), "younger_brother"),
    **dict.fromkeys(("姐姐", "姐"), "older_sister"),
    **dict.fromkeys(("妹妹", "妹"), "younger_sister"),
    **dict.fromkeys(("老公", "丈夫"), "husband"),
    **dict.fromkeys(("老婆", "妻子", "太太", "媳妇"), "wife"),
    "爱人": "spouse",
    "儿子": "son",
    "女儿": "daughter",
    **dict.fromkeys(("孩子", "小孩", "娃"), "child"),
    **dict.fromkeys(("舅舅", "舅"), "maternal_uncle"),
    "舅妈": "maternal_uncle_wife",
    **dict.fromkeys(("叔叔", "叔"), "paternal_uncle_younger"),
    **dict.fromkeys(("伯伯", "伯父", "大伯"), "paternal_uncle_older"),
    "婶婶": "paternal_uncle_wife",
    **dict.fromkeys(("姑姑", "姑妈"), "paternal_aunt"),
    **dict.fromkeys(("姨妈", "小姨", "大姨"), "maternal_aunt"),
    "阿姨": "auntie",
    **{t: t for t in ("表哥", "表姐", "表弟", "表妹", "堂哥", "堂姐", "堂弟", "堂妹")},
    **{t: t for t in ("侄子", "侄女", "外甥", "外甥女", "孙子", "孙女", "外孙", "外孙女")},
    **{t: t for t in ("岳父", "岳母", "公公", "婆婆", "女婿", "儿媳")},
    "男朋友": "boyfriend",
    "男友": "boyfriend",
    "女朋友": "girlfriend",
    "女友": "girlfriend",
    "朋友": "friend",
    "同事": "colleague",
    "老板": "boss",
    "领导": "boss",
    "老师": "teacher",
    "同学": "classmate",
    "室友": "roommate",
    "邻居": "neighbour",
    "医生": "doctor",
    "大夫": "doctor",
    "客户": "client",
    "我们": "we",
    "咱们": "we",
    "他们": "they",
    "她们": "they",
    "他": "he",
    "她": "she",
    **MORE_PEOPLE_ZH,
}
PEOPLE_EN = {
    **dict.fromkeys(("mother", "mom", "mum", "mommy", "mama", "ma"), "mother"),
    **dict.fromkeys(("father", "dad", "daddy", "papa", "pa"), "father"),
    **dict.fromkeys(("grandfather", "grandpa", "granddad"), "grandfather"),
    **dict.fromkeys(("grandmother", "grandma", "granny", "nana"), "grandmother"),
    **dict.fromkeys(("brother", "bro"), "brother"),
    **dict.fromkeys(("sister", "sis"), "sister"),
    "husband": "husband",
    "wife": "wife",
    **dict.fromkeys(("spouse", "partner"), "spouse"),
    **dict.fromkeys(("son", "sons"), "son"),
    **dict.fromkeys(("daughter", "daughters"), "daughter"),
    **dict.fromkeys(("child", "children", "kid", "kids"), "child"),
    **dict.fromkeys(("uncle", "uncles"), "uncle"),
    **dict.fromkeys(("aunt", "auntie", "aunts"), "aunt"),
    **dict.fromkeys(("cousin", "cousins"), "cousin"),
    **{t: t for t in ("nephew", "niece", "grandson", "granddaughter", "stepmother", "stepfather")},
    **dict.fromkeys(("father-in-law",), "father_in_law"),
    **dict.fromkeys(("mother-in-law",), "mother_in_law"),
    **dict.fromkeys(("boyfriend", "bf"), "boyfriend"),
    **dict.fromkeys(("girlfriend", "gf"), "girlfriend"),
    **dict.fromkeys(("friend", "friends", "buddy", "pal"), "friend"),
    **dict.fromkeys(("colleague", "colleagues", "coworker", "coworkers", "co-worker"), "colleague"),
    **dict.fromkeys(("boss", "manager"), "boss"),
    **dict.fromkeys(("teacher", "teachers", "tutor"), "teacher"),
    **dict.fromkeys(("classmate", "classmates"), "classmate"),
    **dict.fromkeys(("roommate", "roommates", "flatmate"), "roommate"),
    **dict.fromkeys(("neighbor", "neighbour", "neighbors", "neighbours"), "neighbour"),
    **dict.fromkeys(("doctor", "doc", "physician"), "doctor"),
    **dict.fromkeys(("client", "clients", "customer"), "client"),
    **dict.fromkeys(("we", "us", "our", "ours"), "we"),
    **dict.fromkeys(("they", "them", "their", "theirs"), "they"),
    **dict.fromkeys(("he", "him", "his"), "he"),
    **dict.fromkeys(("she", "her", "hers"), "she"),
    **MORE_PEOPLE_EN,
    **KIN_VARIANTS,  # grandad (mal/dedup_unblock19_en.py)
}

# When: a different day, part of day or period is a different event.
TIME_WORDS_ZH = {
    **{t: t for t in ("今天", "明天", "后天", "大后天", "昨天", "前天", "大前天", "今晚", "明晚", "昨晚")},
    **dict.fromkeys(("今日",), "今天"),
    **dict.fromkeys(("明日",), "明天"),
    **dict.fromkeys(("昨日",), "昨天"),
    # 上午 is the morning as 早上 is (fourteenth round: 礼拜天早上 / 星期日上午, 早上十点 / 上午10点)
    **dict.fromkeys(("早上", "早晨", "清晨", "上午"), "早上"),
    # a note's 晨间 / 每晚 (fifteenth round, helper unblock15: 每天早上 / 每天晨间, 每天晚上 / 每晚)
    **dict.fromkeys(("晨间", "早间"), "早上"),
    **dict.fromkeys(("每晚", "晚间"), "晚上"),
    **{t: t for t in ("中午", "下午", "傍晚", "晚上", "夜里", "凌晨", "半夜")},
    **dict.fromkeys(("上周", "上星期", "上个星期", "上礼拜", "上个礼拜"), "上周"),
    **dict.fromkeys(("下周", "下星期", "下个星期", "下礼拜", "下个礼拜"), "下周"),
    **dict.fromkeys(("这周", "本周", "这星期", "这个星期", "这礼拜", "这个礼拜"), "这周"),
    **dict.fromkeys(("上个月", "上月"), "上个月"),
    **dict.fromkeys(("下个月", "下月"), "下个月"),
    **dict.fromkeys(("这个月", "本月"), "这个月"),
    **{t: t for t in ("今年", "去年", "明年", "前年", "后年", "周末", "月底", "月初", "年底", "年初")},
    **{t: t for t in ("春节", "国庆", "中秋", "端午", "元旦", "圣诞", "寒假", "暑假", "春天", "夏天", "秋天", "冬天")},
    **{f"{s}季": f"{s}天" for s in "春夏秋冬"},  # 夏季 is 夏天 (fourteenth round)
    **dict.fromkeys(("周日", "周天", "星期日", "星期天", "礼拜天", "礼拜日"), "周日"),
    **dict.fromkeys(("周", "星期", "礼拜"), "周"),
}
TIME_WORDS_EN = {
    **{t: t for t in ("today", "tomorrow", "yesterday", "tonight", "noon", "midnight", "weekend", "ago")},
    **{t: t for t in ("morning", "afternoon", "evening", "night", "next", "last", "week", "month")},
    **{t: t for t in ("year", "spring", "summer", "autumn", "fall", "winter", "christmas", "easter")},
    **{t: t for t in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")},
    **{t: t for t in ("january", "february", "march", "april", "june", "july", "august", "september")},
    **{t: t for t in ("october", "november", "december", "weekday", "weeks", "months", "years")},
    "overnight": "night",  # an overnight shift is a night shift (sixteenth round, helper unblock16en)
    "mon": "monday",
    "tue": "tuesday",
    "wed": "wednesday",
    "thu": "thursday",
    "fri": "friday",
    "sat": "saturday",
    "sun": "sunday",
    **SHORT_TIME_WORDS,  # next wk, Saturday arvo (mal/dedup_unblock19_en.py)
    "jan": "january",
    "feb": "february",
    "aug": "august",
    "sept": "september",
    "oct": "october",
    "nov": "november",
    "dec": "december",
}
NUMBER_WORDS_EN = {
    # the parser's number words from two up ("one" is as often an article: "one cake" / "a cake")
    **{word: n for word, n in (EN_NUMBERS | EN_TENS).items() if n >= 2},
    "hundred": 100,
    "thousand": 1000,
    "million": 1_000_000,
    "twice": 2,
    "once": 1,
    "half": 0.5,
    "dozen": 12,
    "k": 1000,
}
NEGATIONS_ZH = ("不", "没", "别", "未", "无", "非", "甭", "勿", "莫")
NEGATIONS_EN = frozenset(
    ("not", "no", "never", "nothing", "none", "nobody", "neither", "nor", "without", "hardly", "cannot", "dont")
)
# Words whose presence or absence does not change what happened (particles, intensifiers, aspect).
FILLERS_ZH = frozenset(
    (
        *("我", "的", "了", "着", "过", "地", "得", "呢", "吧", "啊", "呀", "嘛", "哦", "噢", "啦", "哈", "嗯", "吗"),
        *("很", "挺", "非常", "特别", "真", "真的", "好", "太", "超", "超级", "蛮", "十分", "相当", "比较", "最"),
        *(
            "正在",
            "也",
            "都",
            "还",
            "就",
            "才",
            "又",
            "再",
            "已经",
            "曾经",
            "一直",
            "总是",
            "其实",
            "确实",
            "刚",
            "刚刚",
        ),
        *("是", "在", "有点", "有些", "一些", "一点", "一下", "这个", "那个", "这", "那", "个", "和", "跟", "与"),
        *("被", "把", "给", "让", "对", "于", "从", "向", "到", "所以", "因为", "而且", "但是", "不过", "然后"),
        *("嗯嗯", "哈哈", "呵呵", "话说", "那么", "这么", "自己", "一起", "其中", "每", "每个", "日", "号"),
        *("会", "哟", "咯", "喔", "哇", "嘞", "罢了", "而已", "平时", "通常", "一般", "经常", "常常", "总"),
    )
)
FILLERS_EN = frozenset(
    (
        *("i", "me", "my", "mine", "myself", "a", "an", "the", "this", "that", "these", "those", "it", "its"),
        *("is", "am", "are", "be", "been", "being", "do", "does", "did", "have", "has", "had"),
        *("to", "of", "in", "on", "at", "for", "with", "by", "from", "about", "as", "into", "and", "or", "but"),
        *("so", "very", "really", "quite", "pretty", "just", "actually", "also", "too", "still", "already"),
        *("definitely", "totally", "absolutely", "truly", "honestly", "basically", "kind", "sort", "lot", "lots"),
        *("much", "a lot", "always", "ever", "some", "any", "there", "here", "then", "up", "oh", "um"),
        *("uh", "hey", "yeah", "will", "would", "shall", "should", "can", "could", "gonna", "going"),
        *("get", "got", "s", "ll", "re", "ve", "d", "m", "t", "together", "all", "both", "own", "every"),
        *("im", "ive", "usually", "normally", "often", "typically", "generally", "around", "about", "approximately"),
        *("times", "please", "okay", "ok", "anyway", "btw"),
    )
)
# Interchangeable words: the left member stands for the group. Only true equivalents, never two
# different things of one sort (tea/coffee), so a mapped difference is never a different event.
SYNONYMS = {
    **dict.fromkeys(("制作", "做了", "弄", "烤", "烘焙"), "做"),
    **dict.fromkeys(("喜欢", "爱", "喜爱", "热爱", "爱吃", "爱喝", "喜欢吃", "喜欢喝"), "喜欢"),
    **dict.fromkeys(("讨厌", "厌恶", "受不了"), "讨厌"),
    **dict.fromkeys(("去", "前往", "去了", "到了", "到"), "去"),
    **dict.fromkeys(("买", "购买", "买了", "入手"), "买"),
    **dict.fromkeys(("看", "观看", "看了"), "看"),
    **dict.fromkeys(("学", "学习", "学了"), "学"),
    **dict.fromkeys(("患有", "得了", "患", "有"), "有"),
    **dict.fromkeys(("住在", "住", "居住", "住于"), "住"),
    **dict.fromkeys(("工作", "上班", "做事"), "工作"),
    **dict.fromkeys(("吃", "吃了", "品尝", "尝"), "吃"),
    **dict.fromkeys(("告诉", "说", "讲"), "说"),
    **dict.fromkeys(("教", "教了"), "教"),  # (教会 only as a verb: mal/dedup_zh_forms.py `_TAUGHT`)
    **dict.fromkeys(("当", "担任", "做"), "做"),
    **dict.fromkeys(("服用", "吃药"), "吃"),
    **dict.fromkeys(("过生日", "生日"), "生日"),
    **dict.fromkeys(("辞职", "离职", "辞掉工作", "辞了职"), "辞职"),
    **dict.fromkeys(("搬家", "搬"), "搬"),
    **dict.fromkeys(("结婚", "成婚", "婚礼"), "结婚"),
    **dict.fromkeys(("怀孕", "怀上", "有身孕"), "怀孕"),
    **dict.fromkeys(("素食", "素食者", "吃素", "素食主义者", "吃斋"), "素食"),
    **dict.fromkeys(("电脑", "计算机"), "电脑"),
    **dict.fromkeys(("手机", "手提电话"), "手机"),
    **dict.fromkeys(("孩子们", "子女"), "孩子"),
    **dict.fromkeys(("start", "started", "starts", "begin", "began", "begins", "begun"), "start"),
    # (a flight is the flying only as the trip, not in "flight attendant": mal/dedup_unblock18_en.py)
    **dict.fromkeys(("allergic", "allergy", "allergies"), "allergic"),
    **dict.fromkeys(("surgery", "operation"), "surgery"),
    **dict.fromkeys(("love", "loves", "loved", "enjoy", "enjoys", "adore", "fond"), "like"),
    **dict.fromkeys(("hate", "hates", "dislike", "dislikes", "detest", "can't stand"), "hate"),
    **dict.fromkeys(("bake", "baked", "make", "made", "cook", "cooked"), "make"),
    **dict.fromkeys(("purchase", "purchased", "buy", "bought"), "buy"),
    **dict.fromkeys(("prefer", "prefers", "preferred", "favorite", "favourite"), "prefer"),
    **dict.fromkeys(("live", "lives", "reside", "resides", "based", "living"), "live"),
    **dict.fromkeys(("work", "works", "working", "employed", "job"), "work"),
    **dict.fromkeys(("tell", "told", "say", "said"), "say"),
    **dict.fromkeys(("teach", "taught", "show", "showed"), "teach"),
    **dict.fromkeys(("suffer", "suffers", "diagnosed"), "has"),
    **dict.fromkeys(("trip", "journey", "travel"), "trip"),
    **dict.fromkeys(("film", "movie"), "movie"),
    **dict.fromkeys(("called", "named", "name"), "named"),
    **dict.fromkeys(("叫", "名叫", "叫做", "名字叫"), "叫"),
    **dict.fromkeys(("large", "big"), "big"),
    **dict.fromkeys(("pregnant", "expecting"), "pregnant"),
    **dict.fromkeys(("vegetarian", "veggie"), "vegetarian"),
    **dict.fromkeys(("resign", "resigned", "quit"), "quit"),  # not stop: "stopped by the bakery"
    **dict.fromkeys(("wedding", "marry"), "marry"),
    **dict.fromkeys(("automobile", "car"), "car"),
    **dict.fromkeys(("physician", "doctor"), "doctor"),
    **dict.fromkeys(("hypertension",), "hypertension"),
    **dict.fromkeys(("small", "little"), "small"),
    **MORE_SYNONYMS,
    **DIALECT,  # flat / apartment (mal/dedup_unblock19_en.py)
}

# Whether it still holds: "My husband was a teacher" is not "is a teacher", 已经戒烟 is not 正在戒烟.
# "ongoing" alone is no difference (在学 / 正在学 / 最近在学): mal/dedup.py tolerates it.
ASPECTS = {
    **dict.fromkeys(("was", "were", "had", "formerly", "previously", "former", "ex", "anymore"), "former"),
    **dict.fromkeys(("以前", "曾经", "过去", "原来", "之前", "从前", "不再", "以往"), "former"),
    # a habit ended: 停了降压药 is not 吃降压药 (English "stopped / quit + -ing": mal/dedup_text.py)
    **dict.fromkeys(("停用", "停药", "停掉", "戒掉"), "former"),
    **dict.fromkeys(("already", "已经", "已"), "done"),
    **dict.fromkeys(("currently", "now", "nowadays", "recently", "正在", "现在", "目前", "最近", "如今"), "ongoing"),
    **dict.fromkeys(
        ("planning", "plan", "plans", "planned", "intend", "打算", "准备", "计划", "将要", "将", "想"), "planned"
    ),
    **MORE_ASPECTS,
}
CURRENCY_SYMBOLS = {"$": "usd", "€": "eur", "£": "gbp", "¥": "cny"}
CURRENCY_WORDS = {
    **dict.fromkeys(("dollar", "usd", "buck"), "usd"),
    **dict.fromkeys(("euro", "eur"), "eur"),
    **dict.fromkeys(("pound", "gbp"), "gbp"),
    **dict.fromkeys(("yuan", "rmb", "cny", "元", "块", "块钱", "人民币"), "cny"),
    **dict.fromkeys(("欧元",), "eur"),
    **dict.fromkeys(("美元", "美金"), "usd"),
    **dict.fromkeys(("英镑",), "gbp"),
}
# Several words that are one meaning, rewritten to one token before tokenising.
PHRASES = {
    "can not stand": "hate",
    "high blood pressure": "hypertension",
    "血压高": "高血压",
    "expecting a baby": "pregnant",
    "having a baby": "pregnant",
    "twice": "2 times",
    "thrice": "3 times",
    "get married": "marry",
    "getting married": "marry",
    "do not eat meat": "vegetarian",
    "would like": "want",
    "wanna": "want to",
    "have to": "must",
    "has to": "must",
    "need to": "must",
    "needs to": "must",
    "stopped smoking": "quit smoking",
    "come from": "from",
    "comes from": "from",
    "名字是": "叫",
    "名字叫": "叫",
    "办婚礼": "结婚",
    "举办婚礼": "结婚",
    "举行婚礼": "结婚",
    "摆酒": "结婚",
    "不吃肉": "素食",
    "years old": " ",
    "year old": " ",
    "yrs old": " ",
    "岁了": "岁",
    "was born": "born",
    "used to": "formerly",
    "no longer": "formerly",
    "at most": "atmost",
    "no more than": "atmost",
    "not more than": "atmost",
    "up to": "atmost",
    "maximum": "atmost",
    "max": "atmost",
    "不超过": "最多",
    "以内": "最多",
    "之内": "最多",
    "上限": "最多",
    "封顶": "最多",
    "per month": "monthly",
    "a month": "monthly",
    "every month": "monthly",
    "each month": "monthly",
    "每个月": "每月",
    "per week": "weekly",
    "a week": "weekly",
    "every week": "weekly",
    "每个星期": "每周",
    "每个礼拜": "每周",
    **MORE_PHRASES,
    **WEEKDAY_SPANS,  # Monday to Friday: weekdays (mal/dedup_unblock19_en.py)
    **DIALECT_PHRASES,
    **CANON_PHRASES,
    **ZH_PHRASES,  # eleventh round (mal/dedup_zh_forms.py)
}
# Common surnames, so 小王 / 老李 / 王总 count as people.
SURNAMES_ZH = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
