"""Word lists the rules use. Data, not logic: extend here, not in the rules."""

from __future__ import annotations

__all__ = [
    "CONDITIONS_EN",
    "CONDITIONS_ZH",
    "LANGUAGES",
    "PLACES_ZH",
    "RELATIVES_EN",
    "RELATIVES_ZH",
    "SEAT_CLASSES",
    "SENTIMENT",
    "SMALLTALK_EN",
    "SMALLTALK_ZH",
]

# Chinese relative terms -> a normalized relative, longest first so 外婆 wins over 婆.
RELATIVES_ZH = {
    "妈妈": "mother", "母亲": "mother", "老妈": "mother", "我妈": "mother",
    "爸爸": "father", "父亲": "father", "老爸": "father", "我爸": "father",
    "爷爷": "grandfather", "外公": "grandfather", "姥爷": "grandfather",
    "奶奶": "grandmother", "外婆": "grandmother", "姥姥": "grandmother",
    "哥哥": "brother", "弟弟": "brother", "姐姐": "sister", "妹妹": "sister",
    "老公": "spouse", "丈夫": "spouse", "老婆": "spouse", "妻子": "spouse", "爱人": "spouse",
    "儿子": "son", "女儿": "daughter", "孩子": "child",
}
RELATIVES_EN = {
    "mother": "mother", "mom": "mother", "mum": "mother", "father": "father", "dad": "father",
    "grandfather": "grandfather", "grandpa": "grandfather", "grandmother": "grandmother",
    "grandma": "grandmother", "brother": "brother", "sister": "sister", "husband": "spouse",
    "wife": "spouse", "son": "son", "daughter": "daughter", "kid": "child", "child": "child",
}
CONDITIONS_ZH = [
    "高血压", "糖尿病", "心脏病", "哮喘", "高血脂", "冠心病", "过敏", "抑郁症", "关节炎", "痛风",
    "胃病", "失眠", "偏头痛", "癌症", "肺炎", "贫血", "甲亢", "骨质疏松", "阿尔茨海默症", "帕金森",
]
CONDITIONS_EN = [
    "high blood pressure", "hypertension", "diabetes", "heart disease", "asthma", "high cholesterol",
    "allergies", "an allergy", "depression", "arthritis", "gout", "insomnia", "migraines", "cancer",
    "pneumonia", "anemia", "osteoporosis", "alzheimer's", "dementia", "parkinson's",
]
# Stations and cities for the gazetteer: jieba alone splits 北京南 / 上海虹桥 wrongly.
PLACES_ZH = [
    "北京南", "北京西", "北京北", "北京朝阳", "北京", "上海虹桥", "上海南", "上海站", "上海", "广州南",
    "广州东", "广州", "深圳北", "深圳", "杭州东", "杭州", "南京南", "南京", "天津西", "天津南", "天津",
    "武汉", "成都东", "成都", "重庆北", "重庆", "西安北", "西安", "长沙南", "长沙", "苏州", "郑州东",
    "郑州", "济南西", "济南", "青岛", "厦门", "福州", "合肥南", "合肥", "昆明", "沈阳", "大连", "哈尔滨",
    "东京", "大阪", "首尔", "纽约", "伦敦", "巴黎", "香港", "澳门", "台北", "三亚", "桂林", "丽江",
]
SEAT_CLASSES = {
    "二等座": "second_class", "一等座": "first_class", "商务座": "business_class",
    "硬卧": "hard_sleeper", "软卧": "soft_sleeper", "硬座": "hard_seat", "经济舱": "economy",
    "商务舱": "business_class", "头等舱": "first_class",
    "second class": "second_class", "first class": "first_class", "business class": "business_class",
    "economy": "economy", "sleeper": "soft_sleeper",
}
LANGUAGES = {
    "中文": "Chinese", "普通话": "Mandarin", "粤语": "Cantonese", "英语": "English", "英文": "English",
    "日语": "Japanese", "法语": "French", "德语": "German", "西班牙语": "Spanish", "韩语": "Korean",
    "english": "English", "chinese": "Chinese", "mandarin": "Mandarin", "cantonese": "Cantonese",
    "japanese": "Japanese", "french": "French", "german": "German", "spanish": "Spanish",
    "korean": "Korean",
}
# word -> (label, intensity). Longest match wins; negations are handled by the rules.
SENTIMENT = {
    "太慢": ("frustrated", 0.8), "好慢": ("frustrated", 0.7), "很慢": ("frustrated", 0.6),
    "卡顿": ("frustrated", 0.6), "卡死": ("frustrated", 0.8), "烦": ("frustrated", 0.6),
    "失望": ("frustrated", 0.7), "不满意": ("frustrated", 0.7), "没用": ("frustrated", 0.7),
    "差劲": ("angry", 0.8), "垃圾": ("angry", 0.9), "气死": ("angry", 0.95), "生气": ("angry", 0.8),
    "愤怒": ("angry", 0.9), "投诉": ("angry", 0.8), "滚": ("angry", 0.9), "骗子": ("angry", 0.9),
    "满意": ("satisfied", 0.7), "谢谢": ("satisfied", 0.4), "太好了": ("satisfied", 0.8),
    "很好": ("satisfied", 0.6), "不错": ("satisfied", 0.5), "好用": ("satisfied", 0.7),
    "赞": ("satisfied", 0.7), "棒": ("satisfied", 0.7), "喜欢": ("satisfied", 0.4),
    "too slow": ("frustrated", 0.8), "so slow": ("frustrated", 0.7), "slow": ("frustrated", 0.5),
    "annoying": ("frustrated", 0.7), "frustrating": ("frustrated", 0.8), "frustrated": ("frustrated", 0.8),
    "disappointed": ("frustrated", 0.7), "useless": ("frustrated", 0.8), "laggy": ("frustrated", 0.6),
    "keeps crashing": ("frustrated", 0.8), "not working": ("frustrated", 0.6),
    "terrible": ("angry", 0.85), "awful": ("angry", 0.8), "furious": ("angry", 0.95),
    "angry": ("angry", 0.85), "hate": ("angry", 0.8), "ridiculous": ("angry", 0.8),
    "scam": ("angry", 0.9), "worst": ("angry", 0.9),
    "great": ("satisfied", 0.7), "excellent": ("satisfied", 0.85), "thanks": ("satisfied", 0.4),
    "thank you": ("satisfied", 0.5), "helpful": ("satisfied", 0.7), "love it": ("satisfied", 0.8),
    "perfect": ("satisfied", 0.85), "awesome": ("satisfied", 0.8), "satisfied": ("satisfied", 0.7),
    "good job": ("satisfied", 0.7),
}
SMALLTALK_ZH = [
    "你好", "您好", "在吗", "谢谢", "多谢", "好的", "嗯", "哈哈", "再见", "拜拜", "早上好", "晚安",
    "没事", "没问题", "知道了", "收到", "明白", "ok", "行", "可以", "嗯嗯", "你是谁", "今天天气",
]
SMALLTALK_EN = [
    "hi", "hello", "hey", "thanks", "thank you", "ok", "okay", "bye", "goodbye", "good morning",
    "good night", "cool", "got it", "sure", "lol", "how are you", "who are you", "nice", "yes", "no",
]
