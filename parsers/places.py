"""More place names for the Chinese gazetteer (provinces, cities, stations, countries).

The first gazetteer (parsers/lexicon.py) held the rail hubs the first labelled set named; trips and
homes are stated with any province, city or country ("去新疆自驾", "这次去泰国", "在青岛打工"), and
jieba alone cuts or glues such names unpredictably. Names only; no rule lives here.
"""

from __future__ import annotations

__all__ = ["MORE_PLACES_ZH"]

_PROVINCES = (
    "新疆 西藏 内蒙古 宁夏 广西 云南 贵州 四川 海南 广东 福建 浙江 江苏 安徽 江西 湖南 湖北 河南 河北 山东 山西 陕西 "
    "甘肃 青海 辽宁 吉林 黑龙江 台湾 东北 华北 江南"
)
_CITIES = (
    "大理 宜昌 无锡 常州 南通 扬州 镇江 徐州 宁波 温州 绍兴 嘉兴 金华 义乌 舟山 千岛湖 黄山 芜湖 泉州 漳州 莆田 "
    "珠海 东莞 佛山 中山 惠州 汕头 湛江 南宁 北海 柳州 阳朔 海口 贵阳 遵义 拉萨 乌鲁木齐 喀什 "
    "伊犁 敦煌 兰州 西宁 银川 呼和浩特 "
    "包头 太原 大同 石家庄 保定 秦皇岛 北戴河 唐山 廊坊 烟台 威海 潍坊 临沂 淄博 洛阳 开封 南昌 九江 景德镇 赣州 长春 "
    "吉林 延吉 大庆 齐齐哈尔 漠河 鞍山 丹东 锦州 张家界 凤凰 岳阳 株洲 衡阳 襄阳 十堰 恩施 绵阳 乐山 峨眉山 九寨沟 "
    "稻城 西双版纳 香格里拉 腾冲 泸沽湖 北海道 冲绳 京都 名古屋 横滨 札幌 福冈 釜山 济州岛 曼谷 清迈 普吉岛 芭提雅 "
    "新加坡 吉隆坡 槟城 巴厘岛 雅加达 河内 胡志明市 岘港 马尼拉 宿务 迪拜 伊斯坦布尔 开罗 莫斯科 柏林 慕尼黑 法兰克福 "
    "罗马 米兰 威尼斯 佛罗伦萨 巴塞罗那 马德里 里斯本 阿姆斯特丹 布鲁塞尔 苏黎世 日内瓦 维也纳 布拉格 布达佩斯 雅典 "
    "爱丁堡 曼彻斯特 都柏林 洛杉矶 旧金山 西雅图 芝加哥 波士顿 华盛顿 拉斯维加斯 迈阿密 夏威夷 温哥华 多伦多 蒙特利尔 "
    "悉尼 墨尔本 布里斯班 奥克兰 皇后镇 马尔代夫 塞班 关岛"
)
_COUNTRIES = (
    "日本 韩国 泰国 越南 新加坡 马来西亚 印尼 印度尼西亚 菲律宾 柬埔寨 老挝 缅甸 印度 尼泊尔 斯里兰卡 土耳其 埃及 "
    "俄罗斯 英国 法国 德国 意大利 西班牙 葡萄牙 荷兰 瑞士 奥地利 希腊 冰岛 挪威 瑞典 芬兰 丹麦 美国 加拿大 墨西哥 "
    "巴西 阿根廷 澳大利亚 澳洲 新西兰 欧洲 东南亚 北欧"
)
# Stations named X西/X南 glue onto common words (杭州西湖 would become 杭州西 + 湖): only listed
# where that cannot happen.
# 杭州西/杭州南 are left out: in jieba they glue onto common words (杭州西湖 -> 杭州西 + 湖).
_STATIONS = (
    "苏州北 苏州园区 无锡东 南京站 上海西 虹桥 浦东 首都机场 大兴机场 白云机场 宝安机场 双流 天府 "
    "武汉站 汉口 武昌 长沙站 西安站 成都南 成都西 重庆西 昆明南 贵阳北 南宁东 福州南 厦门北 深圳东 广州站 香港西九龙"
)
MORE_PLACES_ZH: list[str] = sorted(
    {w for block in (_PROVINCES, _CITIES, _COUNTRIES, _STATIONS) for w in block.split()}, key=len, reverse=True
)
