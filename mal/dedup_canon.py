"""Canonical forms for dedup's word rules (seventh round, issue #11 item 2): one spelling for a
place's nickname, a job's abbreviation, a family word, a frequency, a health word and a habit said
as an idiom, rewritten before the text is cut (mal/dedup_text.py reads them through
mal/dedup_lexicon.py `PHRASES`). Data only.

Families, not pairs: every entry names one thing in two surface forms that any writer may use
(大夫 / 医生 is already one person in the people table; 帝都 is 北京, NYC is New York, "my boy" is my
son, 2x is twice, 攒 is 存). Never two things of one sort (tea / coffee): those stay apart, and
the hard checks (numbers, people, places, negation) still have to agree after the rewrite.
"""

from __future__ import annotations

__all__ = ["CANON_PHRASES", "FRAMES"]

CANON_PHRASES = {
    # place nicknames: the city itself
    **dict.fromkeys(("帝都", "京城"), "北京"),
    **dict.fromkeys(("魔都", "沪上"), "上海"),
    "羊城": "广州",
    "鹏城": "深圳",
    "蓉城": "成都",
    "山城": "重庆",
    "春城": "昆明",
    "泉城": "济南",
    "冰城": "哈尔滨",
    **dict.fromkeys(("nyc", "new york city", "the big apple"), "New York"),
    "philly": "Philadelphia",
    "san fran": "San Francisco",
    # city abbreviations any writer uses for the city (tenth round, helper recall9)
    "sf": "San Francisco",
    "la": "Los Angeles",
    # one herb, two names (en-US / en-GB)
    "coriander": "cilantro",
    # jobs by nickname or abbreviation
    **dict.fromkeys(("码农", "程序猿"), "程序员"),
    "攻城狮": "工程师",
    "swe": "software engineer",
    "software developer": "software engineer",
    # family words
    **dict.fromkeys(("my boy", "my little boy"), "my son"),
    **dict.fromkeys(("my girl", "my little girl"), "my daughter"),
    "our boy": "our son",
    "our little girl": "our daughter",
    # health
    "type ii": "type 2",
    "diabetic": "diabetes",
    "asthmatic": "asthma",
    **dict.fromkeys(("is expecting", "are expecting", "am expecting"), "pregnant"),
    "拉肚子": "腹泻",
    **dict.fromkeys(("有了身孕", "有身孕"), "怀孕了"),
    # habits said as an idiom
    "滴酒不沾": "不喝酒",
    "独居": "一个人住",
    "teetotal": "do not drink alcohol",
    # how often: 2x a week is twice a week, a day is daily, 趟 counts times as 次 does
    **dict.fromkeys(("x a week", "x per week", "x weekly", "times a week", "times per week"), "times weekly"),
    **dict.fromkeys(("x a day", "x per day", "x daily", "times a day", "times per day"), "times daily"),
    **dict.fromkeys(("a day", "per day", "every day", "each day"), "daily"),
    "趟": "次",
    "早晨": "早上",
    # grades and the like: "3rd grader" / "third grade"
    "grader": "grade",
    **{w: str(n) for n, w in enumerate(("third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"), 3)},
    # saving is saving
    "攒": "存",
    # (tenth round, helper recall9) attending a school level: 读 / 念 小学 is 上小学
    **{f"{verb}{level}": f"上{level}" for verb in "读念" for level in ("幼儿园", "小学", "初中", "高中", "大学")},
    # and in English: to attend a school or a class is to go to it
    **{"attend": "go to", "attends": "goes to"},
    # a seasoning put in is added: 放糖 / 加糖 (不放糖 / 不加糖 keep the negation)
    **{f"放{thing}": f"加{thing}" for thing in "糖盐奶"},
    # a budget said as a limit on spending: "I don't want to spend more than 1500" is "at most 1500"
    **dict.fromkeys(
        (
            "do not want to spend more than",
            "can not spend more than",
            "can not pay more than",
            "do not want to pay more than",
            "want to spend atmost",
            "want to spend no more than",
        ),
        "budget atmost",
    ),
    **dict.fromkeys(("is under", "for under", "spend under"), "is atmost"),
}

# Frames of one fact: the verb of one wording and the noun of another name the same thing ("I drive
# a Tesla" / "My car is a Tesla", 我开的是特斯拉 / 我的车是特斯拉, 学 / 专业). Two texts whose only
# unexplained words each side are members of one frame are reworded, not substituted (mal/dedup_checks.py
# `substituted`): the model decides, behind every other veto. English members are stemmed words.
FRAMES = tuple(
    frozenset(group.split())
    for group in (
        "drive drove driving car 开 开车 车 座驾",
        "major majored degree college university 专业 本科 大学 主修 读",
        "scared afraid terrify terrified fear frightened 怕 害怕 恐惧 吓",
        "use using phone 用 手机 在用 改用",
        "work job employer employee employed 工作 上班 雇主 员工 就职 职业",
        "live living home based 住 家 居住 定居",
        "diet lose weight 减肥 节食 瘦身",
        "sleep asleep bed 睡 睡觉 上床",
        "allergic allergy reaction 过敏 反应",
    )
)
