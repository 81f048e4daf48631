"""Eleventh round (helper zh10): one surface form for what Chinese writers say in several.

Held out (`python -m bench.dedup_loso`), Chinese restatements were kept apart because the two
phrasings read into different numbers, times or words although they say one thing:

  * a magnitude after digits: 20万 / 二十万, 5万 / 五万, 1.5万 / 一万五 (jieba cuts "20" and "万"
    apart, so the digits read as 20 and the Chinese numeral as 200000); "2.4k" / 2400 likewise;
  * a weekday: 星期三 / 礼拜三 / 周三 read as three different things (a word, a time, a word), and
    下个周五 / 下周五, 这周六 / 周六 (a bare weekday is the coming one: the parser resolves both to
    one date) as different times;
  * half a year is six months (戒了半年 / 戒了六个月), half an hour thirty minutes, and 一个月 before
    an amount is per month (一个月房租四千五 / 每月房租4500);
  * units written as letters or characters: 5km / 五公里 / 5 kilometers, 65公斤 / 65kg;
  * one thing under two names: 饮酒 / 喝酒, 月薪 / 每个月工资, 招行 / 招商银行, 租房子 / 租房,
    搬来 / 搬到, a software job (程序员 / 软件开发 / 软件工程师, 后端开发 / 后端工程师), the Apple
    phone by its number and the computer (苹果15 Pro / iPhone 15 Pro, 苹果电脑 / Mac).

Each rewrite names one thing in two forms; two things of one sort (公里 / 英里, 招行 / 工行,
前端 / 后端) keep their own forms, and every hard check (numbers, times, people, places, negation)
still has to agree after the rewrite. Data and regular expressions only: mal/dedup_text.py calls
`zh_forms` before it cuts a text, and mal/dedup_lexicon.py merges `ZH_PHRASES` into `PHRASES`.
"""

from __future__ import annotations

import re

__all__ = ["ZH_PHRASES", "heights", "zh_forms"]

# Software jobs: the front (后端, 前端...) says which job, 开发 / 工程师 / 程序员 say the same role.
_SOFTWARE_FRONTS = ("后端", "前端", "全栈", "移动端", "安卓", "客户端", "服务端", "嵌入式")

ZH_PHRASES = {
    # one drink, two verbs (不饮酒 / 不喝酒; 饮料 and 饮食 are other words and stay)
    "饮酒": "喝酒",
    # monthly pay said as one word or as "each month's wage"
    **dict.fromkeys(("每个月工资", "每月工资", "月工资", "每个月薪水", "每月薪水", "月薪水"), "月薪"),
    # banks by their short names (each its own bank)
    "招行": "招商银行",
    "工行": "工商银行",
    "建行": "建设银行",
    "农行": "农业银行",
    "交行": "交通银行",
    # renting a flat
    "租房子": "租房",
    # moving to a place, said from there or from here (搬回 keeps its 回: back is another move)
    **dict.fromkeys(("搬来", "搬去", "搬到了", "搬来了", "搬去了"), "搬到"),
    # units: kilometres and kilograms by any name (a jin is half a kilogram and stays 斤)
    **dict.fromkeys(("公里", "千米", "kilometers", "kilometer", "kilometres", "kilometre", "kms"), "km"),
    **dict.fromkeys(("公斤", "千克", "kilograms", "kilogram", "kilos", "kgs"), "kg"),
    **dict.fromkeys(("半小时", "半个小时", "半个钟头", "half an hour"), "三十分钟"),
    # a software job by any of its names
    **dict.fromkeys(("软件开发工程师", "软件工程师", "软件开发", "开发工程师", "写代码的"), "程序员"),
    **{f"{front}{role}": f"{front}工程师" for front in _SOFTWARE_FRONTS for role in ("开发", "程序员", "开发工程师")},
    # the Apple computer (苹果 alone may be the fruit, or the phone, and stays)
    **dict.fromkeys(("苹果电脑", "苹果笔记本"), "Mac"),
    # twelfth round (helper zh11): the written words of a note about the user ("用户乘机偏好靠窗座位")
    # for the spoken ones the user says ("我坐飞机喜欢靠窗的位置"); each pair names one thing
    "芫荽": "香菜",
    "登山": "爬山",
    "更换": "换",
    **dict.fromkeys(("乘坐飞机", "乘飞机", "搭飞机", "乘机"), "坐飞机"),
    "接受手术": "做手术",
    "偏好": "喜欢",
    "入睡": "睡觉",
    **dict.fromkeys(("靠窗的位置", "靠窗的位子", "靠窗的座位", "靠窗位置", "靠窗位子"), "靠窗座位"),
    **dict.fromkeys(("靠过道的位置", "靠过道的位子", "靠过道的座位", "靠过道位置"), "靠过道座位"),
    # a vegetarian said as "eats no meat of any kind" (不吃肉 is 素食 already: mal/dedup_lexicon.py)
    **dict.fromkeys(("不吃任何肉类", "不吃任何肉", "不吃肉类"), "素食"),
    # the last four digits of a card or a phone (尾号 / 后四位 / 末四位)
    **dict.fromkeys(("后四位", "末四位", "最后四位"), "尾号"),
    **dict.fromkeys(("厘米", "公分"), "cm"),
}

# 20万, 1.5万, 3千 (not 千米 / 千克: a unit), 2.4k / 2k (not "k" inside a word).
_MAGNITUDE_ZH = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*([万千亿])(?![米克瓦])")
_MAGNITUDE_EN = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(k)\b", re.IGNORECASE)
_FACTORS = {"千": 1_000, "万": 10_000, "亿": 100_000_000, "k": 1_000, "K": 1_000}
# 下个周五 / 下周五 / 下星期五, 这周六 / 这个礼拜六 / 本周六 / 周六: one weekday, its week kept (上 / 下).
_WEEKDAY = re.compile(r"(上个?|下个?|这个?|本)?(?:星期|礼拜|周)([一二三四五六日天])")
# 一个月 before an amount is per month (房租一个月三千 / 每月房租3000); 学了一个月 is a span and stays,
# and 第一个月 / 头一个月 / 前一个月 / 上一个月 name one month, not every month
_PER_MONTH = re.compile(
    r"(?<![第头前上下这那])一个月(?=(?:的)?(?:房租|租金|工资|收入|开销|生活费|花销|花了?|挣|赚|交|能?花)?\s*[\d零一二两三四五六七八九十百千万])"
)
# 教会 before 了 or a person is the verb "taught" (教会了我游泳 / 教我游泳); elsewhere it is the church
# (去教会 / 去教书: review of the seventeenth round), so only the verb reads as 教
_TAUGHT = re.compile(r"教会(?=了|[我你他她咱]|孩子|学生|[儿女]儿|[爸妈爷奶])")
# half a year (not 上半年 / 下半年, a half of the calendar year)
_HALF_YEAR = re.compile(r"(?<![上下前后])半年")
# 苹果15 / 苹果 15 Pro: an iPhone by its number (a count or a price of apples has a measure word or a
# currency: 苹果15个, 苹果15元一斤)
_APPLE_MODEL = re.compile(r"苹果\s*(?=\d+(?![\d.]|\s*[个斤只块箱颗公克元毛角袋筐磅]))")


# A year said digit by digit (二〇一五年 / 二零二三年: cn2an reads the run as one number, not 2015).
_YEAR_DIGITS = re.compile(r"(?<![零〇一二两三四五六七八九十百千万\d])([零〇一二三四五六七八九]{4})(?=年)")
# A height said in metres and centimetres (一米七八 / 1米78 / 1.78米 = 178cm; 一米七 = 170cm);
# a metre alone (一米) is left as it is.
_ZH_DIGIT = "零〇一二三四五六七八九"
_HEIGHT = re.compile(rf"(?<![\d{_ZH_DIGIT}十.])(?:[一1])米([{_ZH_DIGIT}\d])([{_ZH_DIGIT}\d])?(?![\d{_ZH_DIGIT}十])")
_HEIGHT_DECIMAL = re.compile(r"(?<![\d.])1\.(\d)(\d)?\s*米")


def _digit(char: str) -> str:
    return char if char.isdigit() and char.isascii() else str(_ZH_DIGIT.index(char) - (1 if char != "零" else 0))


def _height(m: re.Match[str]) -> str:
    return f"1{_digit(m.group(1))}{_digit(m.group(2)) if m.group(2) else '0'}厘米"


def heights(text: str) -> str:
    """`text` with a height said in metres and centimetres as centimetres (一米七五 / 175厘米): the
    unit veto (mal/dedup_units.py) reads it so too (fourteenth round)."""
    text = _HEIGHT.sub(_height, text)
    return _HEIGHT_DECIMAL.sub(lambda m: f"1{m.group(1)}{m.group(2) or '0'}厘米", text)


# Fourteenth round (helper unblock14): a week said as 一个礼拜 / 一个星期 is 一周 (两个礼拜: 两周); a
# basement floor by its letter or by 负 is 地下 (B2层 / 负二层 / 地下二层); a quarter of a year said
# as 每个季度 / 每季度 is every three months (第三季度, a named quarter, stays); a Chinese numeral
# with 百 in it is its digits, so 两百度 is 200 度 and not 两 + 百度 (Baidu) as jieba cuts it.
_BASEMENT = re.compile(r"(?<![A-Za-z])(?:[Bb]|负)([\d一二三四五])(?=层|楼)")
_WEEKS = re.compile(r"([一二两三四五六七八九十\d]+)个(?:礼拜|星期)(?![一二三四五六日天])")
_QUARTERLY = re.compile(r"(?<![第上下本这])(每个?|一个)季度")
_HUNDREDS = re.compile(
    r"(?<![零〇一二两三四五六七八九十百千万\d])([一二两三四五六七八九][零〇一二两三四五六七八九十千]*百[零〇一二两三四五六七八九十]*)"
)


# Sixteenth round (helper unblock16zh): a span and a half (一个半小时 / 两年半 / 三个半月) is its decimal
# (1.5小时 / 2.5年 / 3.5个月), not the half alone (半小时 is thirty minutes); a day of the month
# said in Chinese numerals (十月一号 / 10月1日) is its digits: a lone 一 before a measure word is an
# article to the signature, and the day would be dropped.
_AND_A_HALF = re.compile(r"(?<![零〇一二两三四五六七八九十\d.])([一两二三四五六七八九十]+|\d+)个半(小时|钟头|月)")
# (not 年 + 半导体 / 半岛 / 半价: "ten years in semiconductors" is no ten and a half years; review mend)
_YEAR_AND_A_HALF = re.compile(
    r"(?<![零〇一二两三四五六七八九十\d.])([一两二三四五六七八九十]+|\d+)年半(?![导径岛价夜路拍山])"
)
_MONTH_DAY = re.compile(r"(?<=月)([一二三四五六七八九十]{1,3})(?=[日号])")


# A child born is a son or a daughter (生了个女孩 / 生了个女儿), and a spouse's parent has one kin
# word (丈夫的母亲 / 婆婆, 妻子的父亲 / 岳父): closed classes of kin words, said the long way in a note.
_BORN_CHILD = re.compile(r"(生了?|生下了?|诞下|添了)(一?个|一名|一位)?(?:小)?(女孩子?|女宝宝?|闺女|男孩子?|男宝宝?)")
# only the user's own spouse (我老公的妈妈, 用户妻子的父亲): 王先生的妈妈, 儿媳妇的妈妈 and 老太太的妈妈 are
# no in-law of the user (review mend)
_SPOUSE_PARENT = re.compile(
    r"(?:(?<=我)|(?<=我的)|(?<=用户)|(?<=用户的))(老公|丈夫|先生|老婆|妻子|媳妇|太太|爱人)的(妈妈|母亲|妈|爸爸|父亲|爸)"
)
_IN_LAWS = {
    **{(h, m): "婆婆" for h in ("老公", "丈夫", "先生") for m in ("妈妈", "母亲", "妈")},
    **{(h, f): "公公" for h in ("老公", "丈夫", "先生") for f in ("爸爸", "父亲", "爸")},
    **{(w, m): "岳母" for w in ("老婆", "妻子", "媳妇", "太太") for m in ("妈妈", "母亲", "妈")},
    **{(w, f): "岳父" for w in ("老婆", "妻子", "媳妇", "太太") for f in ("爸爸", "父亲", "爸")},
}


# "A few" said with 数 (数次 / 几次, 数年 / 几年): one vague numeral of a closed class (not 数学, 次数).
_SEVERAL = re.compile(
    r"(?<![\d零〇一二两三四五六七八九十次人岁分])(?:数|若干)(?=次|回|天|日|年|个|周|星期|小时|分钟|十|百|千|万)"
)


# The National Day holiday by its date (十一假期 / 国庆假期, 十一长假 / 国庆长假): 十一 before a
# holiday word names the holiday, not the number eleven (十一月, 十一点 and 十一号 are no holiday).
_NATIONAL_DAY = re.compile(r"(?<![\d零〇一二两三四五六七八九十第])十一(?=假期|长假|小长假|黄金周|放假|期间)")


def _born(m: re.Match[str]) -> str:
    child = "女儿" if m.group(3)[0] in "女闺" else "儿子"
    return f"{m.group(1)}{m.group(2) or ''}{child}"


def _in_law(m: re.Match[str]) -> str:
    return _IN_LAWS.get((m.group(1), m.group(2)), m.group(0))  # 爱人 says neither side: kept


def _half_more(m: re.Match[str], unit: str) -> str:
    whole = m.group(1) if m.group(1).isdigit() else _numeral(m)
    return f"{whole}.5{unit}" if whole.isdigit() else m.group(0)


def _numeral(m: re.Match[str]) -> str:
    import cn2an

    try:
        return str(cn2an.cn2an(m.group(1), "smart"))
    except (ValueError, KeyError, IndexError):
        return m.group(1)


def zh_forms(text: str) -> str:
    """`text` with the forms above rewritten to one (weekdays, magnitudes, half a year, per month,
    the iPhone by number); `ZH_PHRASES` are applied later with the other phrases."""
    text = _YEAR_DIGITS.sub(lambda m: "".join(_digit(c) for c in m.group(1)), text)
    text = _WEEKS.sub(r"\1周", text)
    text = _BASEMENT.sub(r"地下\1", text)
    text = _QUARTERLY.sub(lambda m: "每三个月" if m.group(1).startswith("每") else "三个月", text)
    text = _HUNDREDS.sub(_numeral, text)
    text = heights(text)  # 厘米 is cm once the phrases are read (ZH_PHRASES)
    text = _MAGNITUDE_ZH.sub(_times_factor, text)
    text = _MAGNITUDE_EN.sub(_times_factor, text)
    text = _WEEKDAY.sub(_weekday, text)
    text = _AND_A_HALF.sub(lambda m: _half_more(m, "个月" if m.group(2) == "月" else "小时"), text)
    text = _YEAR_AND_A_HALF.sub(lambda m: _half_more(m, "年"), text)
    text = _MONTH_DAY.sub(_numeral, text)
    text = _SEVERAL.sub("几", text)
    text = _NATIONAL_DAY.sub("国庆", text)
    text = _BORN_CHILD.sub(_born, text)
    text = _SPOUSE_PARENT.sub(_in_law, text)
    text = _HALF_YEAR.sub("六个月", text)
    text = _TAUGHT.sub("教", text)
    text = _PER_MONTH.sub("每月", text)
    return _APPLE_MODEL.sub("iPhone ", text)


def _times_factor(m: re.Match[str]) -> str:
    value = float(m.group(1)) * _FACTORS[m.group(2)]
    return f"{int(value) if value.is_integer() else value}"


def _weekday(m: re.Match[str]) -> str:
    week = (m.group(1) or "")[:1]
    if m.group(2) in "日天" and not week:
        return " 周日 "  # 每周日 / 每个礼拜天: jieba would cut 每周 + 日去 (fourteenth round)
    return f"{week if week in '上下' else ''}周{m.group(2)}"
