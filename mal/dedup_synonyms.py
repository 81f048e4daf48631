"""Slot-value synonyms, kinship variants, subject normalisation and contrast groups for dedup.

Data only, read by mal/dedup_lexicon.py (merged into its tables) and mal/dedup.py (`CONTRASTS`).
Kept in its own module so the fifth round's additions (issue #11, helper dedup5) are reviewable
apart from the older lists. The rule for every entry is the one the older lists follow: a synonym
group holds only words that name the same thing (老师 / 教师, lawyer / attorney), never two things
of one sort (tea / coffee); a contrast group holds things of one sort that are never the same
(粤语 / 闽南语, 特斯拉 / 比亚迪), so two memories naming different members never merge.
"""

from __future__ import annotations

__all__ = [
    "CONTRASTS",
    "LIGHT_WORDS",
    "MORE_ASPECTS",
    "MORE_PEOPLE_EN",
    "MORE_PEOPLE_ZH",
    "MORE_PHRASES",
    "MORE_SYNONYMS",
    "NEGATED_ZH",
    "NOT_NAMES_EN",
    "NOT_NEGATIONS_ZH",
]

# Interchangeable words (the value is the group's token).
MORE_SYNONYMS = {
    **dict.fromkeys(("attorney", "lawyer"), "lawyer"),
    **dict.fromkeys(("律师",), "律师"),
    **dict.fromkeys(("咖啡馆", "咖啡店", "咖啡厅"), "咖啡馆"),
    **dict.fromkeys(("猫咪", "小猫", "猫"), "猫"),
    **dict.fromkeys(("狗狗", "小狗", "狗"), "狗"),
    **dict.fromkeys(("害怕", "怕"), "怕"),
    **dict.fromkeys(("打小", "从小"), "从小"),  # northern 打小 (twenty-third round)
    **dict.fromkeys(("车企", "汽车公司", "汽车企业"), "车企"),
    **dict.fromkeys(("烦", "讨厌"), "讨厌"),
    **dict.fromkeys(("起床", "起来"), "起床"),
    **dict.fromkeys(("早晨", "早上"), "早上"),
    **dict.fromkeys(("睡觉", "睡"), "睡"),
    **dict.fromkeys(("健身", "健身房"), "健身"),
    **dict.fromkeys(("粤语", "广东话"), "粤语"),
    **dict.fromkeys(("普通话", "国语"), "普通话"),
    **dict.fromkeys(("scared", "afraid", "frightened", "terrified"), "scared"),
    **dict.fromkeys(("sleep", "bed"), "sleep"),
    **dict.fromkeys(("wake", "woke"), "wake"),
    **dict.fromkeys(("run", "running", "jog", "jogging"), "run"),
    **dict.fromkeys(("hike", "hiking"), "hike"),
    **dict.fromkeys(("gym", "workout"), "gym"),
    **dict.fromkeys(("company", "business", "firm"), "company"),
    **dict.fromkeys(("study", "studying", "studied", "learn", "learning", "learned"), "learn"),
    **dict.fromkeys(("dad", "father"), "father"),
    # British and American spellings
    **dict.fromkeys(("colour", "color"), "color"),
    **dict.fromkeys(("flavour", "flavor"), "flavor"),
    **dict.fromkeys(("centre", "center"), "center"),
    **dict.fromkeys(("theatre", "theater"), "theater"),
    **dict.fromkeys(("organise", "organize"), "organize"),
    **dict.fromkeys(("travelling", "traveling"), "traveling"),
    # fourteenth round (helper unblock14): the verbs and nouns a note writes for the user's own
    # (moved / relocated, lands / arrives, a writer / an author, 早饭 / 早餐, 单车 / 自行车)
    **dict.fromkeys(("move", "moves", "moved", "moving", "relocate", "relocates", "relocated", "relocating"), "move"),
    **dict.fromkeys(("arrive", "arrives", "arrived", "arriving", "land", "lands", "landed", "landing"), "arrive"),
    **dict.fromkeys(("die", "dies", "died"), "die"),
    **dict.fromkeys(("author", "authors", "writer", "writers"), "author"),
    **dict.fromkeys(("loud", "noisy"), "loud"),
    **dict.fromkeys(("fridge", "refrigerator"), "fridge"),
    **dict.fromkeys(("license", "licence"), "license"),
    **dict.fromkeys(("math", "maths"), "math"),
    **dict.fromkeys(("nearsighted", "shortsighted", "myopic"), "nearsighted"),
    **dict.fromkeys(("unemployed", "jobless"), "unemployed"),
    **dict.fromkeys(("看望", "探望"), "看"),
    **dict.fromkeys(("自行车", "单车", "脚踏车"), "自行车"),
    **dict.fromkeys(("早饭", "早餐"), "早饭"),
    **dict.fromkeys(("午饭", "午餐"), "午饭"),
    **dict.fromkeys(("晚饭", "晚餐"), "晚饭"),
    **dict.fromkeys(("安静", "清静"), "安静"),
}
# A wish is not a deed: "I want to quit my job" is not "I quit my job" (想 is already "planned").
MORE_ASPECTS = {
    **dict.fromkeys(("want", "wants", "wish", "hope", "hoping", "希望"), "planned"),
    "目标": "planned",  # 我的目标是… / 我想… (twelfth round, helper zh11): a goal is a wish
    "took": "former",  # "My dad took metformin" is not "My dad takes metformin" (sixth round)
}
# Kinship and role words the older people tables lack: one person, several words.
MORE_PEOPLE_ZH = {
    **dict.fromkeys(("教师", "老师"), "teacher"),
    **dict.fromkeys(("爸妈", "父母", "双亲"), "parents"),
    **dict.fromkeys(("老爷子",), "father"),
    **dict.fromkeys(("外甥",), "外甥"),
    **dict.fromkeys(("先生",), "husband"),
    **dict.fromkeys(("小孩子",), "child"),
    **dict.fromkeys(("闺女",), "daughter"),  # sixth round
    **dict.fromkeys(("配偶",), "spouse"),  # fourteenth round: a note's word for 爱人
    **dict.fromkeys(("媳妇儿",), "wife"),
    # fifteenth round (helper unblock15): a note's words for the same people
    **dict.fromkeys(("上司", "上级"), "boss"),
    **dict.fromkeys(("宝宝",), "child"),
    **dict.fromkeys(("祖父母",), "paternal_grandparents"),
    **dict.fromkeys(("外祖父母",), "maternal_grandparents"),
}
MORE_PEOPLE_EN = {
    **dict.fromkeys(("parents", "folks"), "parents"),
    **dict.fromkeys(("hubby",), "husband"),
    **dict.fromkeys(("wifey",), "wife"),
    **dict.fromkeys(("grandparents",), "grandparents"),
    # sixteenth round (helper unblock16en): a grandson or a granddaughter, as "kid" is a son or a daughter
    **dict.fromkeys(("grandchild", "grandchildren", "grandkid", "grandkids"), "grandchild"),
    # seventeenth round (helper unblock17en): a baby is the child a text counts ("our first baby" / child)
    **dict.fromkeys(("baby", "babies"), "child"),
}
# Multi-word rewrites before tokenising. "The user" / 用户 is the first person: an assistant's
# note about the user and the user's own words are one fact.
MORE_PHRASES = {
    "the user": "I",
    "this user": "I",
    "用户": "我",
    "该用户": "我",
    "go for a run": "run",
    "went for a run": "run",
    "hit the gym": "gym",
    "work out": "gym",
    "works out": "gym",
    "go to bed": "sleep",
    "went to bed": "sleep",
    "wake up": "wake",
    "get up": "wake",
    "gets up": "wake",
    "was diagnosed": "diagnosed",
    "广东话": "粤语",
    "every other": "alternate",
    "every second": "alternate",
    "我们家": "我家",
    "咱们家": "我家",
    "咱家": "我家",
    # fifteenth round (helper unblock15): 仨 is 三个 as a number (我有仨孩子 / 我有三个孩子)
    "仨": "三个",
    # fourteenth round (helper unblock14): one verb said in two ways
    "passed away": "died",
    "pass away": "die",
    "passes away": "dies",
    "grew up": "raised",  # "born in" / "grew up in" stay apart (mal/dedup_guards14.py)
    "grow up": "raised",
    "grows up": "raised",
    "catch the": "take the",
    "catches the": "takes the",
    "short-sighted": "nearsighted",
    "short sighted": "nearsighted",
    "out of work": "unemployed",
    "is located": "is",
    "are located": "are",
    "wi-fi": "wifi",
    "driving licence": "driver license",
    "driving license": "driver license",
    "driver licence": "driver license",
    "没工作": "失业",
    # eighteenth round (helper unblock18en): "next to" says where, not when ("next" alone is a time)
    "next to": "by",
    "没有工作": "失业",
}
# Capitalised at the start of a sentence, never a name ("Each morning I go for a run").
NOT_NAMES_EN = frozenset(
    "when each every in on at last next this after before since during if because usually sometimes".split()  # noqa: SIM905
)
# Things of one sort that are never the same: two memories naming different members differ.
# Latin members match whole words, Chinese ones anywhere in the text (mal/dedup.py `_members`).
CONTRASTS = (
    # fifteenth round: "|" splits a group into classes, and a Chinese word and its English one are
    # one class (粤语 / Cantonese, 每天 / daily): a translation names the same member, not another
    "粤语 cantonese | 闽南语 | 普通话 国语 mandarin | 英语 english | 日语 japanese | 韩语 korean | 法语 french | "
    "德语 german | 西班牙语 spanish | 俄语 russian | 上海话 | 四川话 | 客家话 | italian | portuguese",
    "特斯拉 tesla | 比亚迪 byd | 蔚来 | 小鹏 | 理想 | 宝马 bmw | 奔驰 | 奥迪 audi | 丰田 toyota | 本田 honda | "
    "大众 | ford",
    # a brand and its English name are one member (eleventh round: 苹果15 / iPhone 15, 华为 / Huawei)
    "苹果 iphone | 华为 huawei | 小米 xiaomi | 三星 samsung | oppo | vivo | 荣耀 | pixel",
    "start started starting begin began 开始 | quit stop stopped 停 戒",
    "speak speaks fluent 说 讲 | learn learning study studying 学",
    "去 到 离开 回 回来 from back",
    "to from",
    "跑步 run | 散步 walk",
    "每天 daily | 每周 weekly | 每月 monthly | 每年 yearly | 每隔 | 隔周 | 隔天 | alternate",
    "住 live | 老家 家乡 hometown",
    "素食 vegetarian | 纯素 vegan",
    "怕 scared | 养 own | 喜欢 like | 讨厌 hate",
    "saving | saved | save 存",  # 攒 is 存 (mal/dedup_canon.py), not a contrast to it
    "rent 房租 | mortgage 房贷 | 装修",
    "golden 金毛 | labrador 拉布拉多 | poodle 泰迪 | husky 哈士奇 | corgi 柯基",
    # sixth round: where one lives is not where one works or interns; paying rent is not collecting it
    # (English members by stem: a text's words are stemmed, lives / living -> live)
    "住 live | 上班 work | 实习 intern",
    "交 pay | 收 collect",
    # twentieth round: a body part operated on or hurt (膝盖手术 / 髋关节手术: 膝 and 髋 in a joint's
    # name too), and how one goes to work (走路 / 骑车上班); a Chinese note and the user's words name
    # the same member, so the check holds whoever wrote the sentence (用户的父亲 / 我爸)
    "膝 knee knees | 髋 hip hips | 肩 shoulder shoulders | 踝 ankle ankles | 腕 wrist wrists | 肘 elbow elbows",
    "走路 步行 走到 walk walks walking | 骑车 骑自行车 自行车 单车 bike bikes biking cycle cycles cycling | "
    "开车 自驾 驾车 驾驶 drive drives driving | 地铁 subway metro | 公交 bus buses | 打车 taxi cab",
)
# Light verbs and adverbs that add no thing of their own, skipped by the added-modifier veto
# (mal/dedup.py `_added_modifier`): "go hiking" / "hike", "After 2 pm I only drink decaf".
LIGHT_WORDS = frozenset(
    "go goe going went do doe did get got only just usually always often also really still even".split()  # noqa: SIM905
)
# Chinese words that hold a numeral and are no number: 二甲双胍 is metformin, not "2" (jieba cuts
# unknown words into characters, and 一片二甲双胍 / 两片二甲双胍 then both read as the number 2).
NOT_NUMBERS_ZH = ("二甲双胍", "二手", "三文鱼", "五花肉", "八宝粥", "六味地黄丸", "三七", "十字路口", "百合", "千层面")
# Words holding a negation character that are no negation (read by mal/dedup_text.py).
NOT_NEGATIONS_ZH = (
    *("不错", "不过", "无论", "非常", "未来", "莫名", "不得不", "没准", "差不多", "不管", "别人", "别的"),
    *("无聊", "非洲", "不久", "不少", "不断", "不仅", "没事", "不用谢", "不好意思", "无线", "非得", "特别"),
)
# Negated words jieba would otherwise cut through one of those (不过 "but" + 敏), sixth round.
NEGATED_ZH = ("不过敏",)
