"""Forget detection (issue #9 item 6): imperatives only, whole words / jieba tokens, never substrings."""

from __future__ import annotations

from datetime import datetime

import pytest

from parsers import parse

NOW = datetime(2025, 3, 1, 9, 0)

# Ordinary sentences with forget-like substrings or verbs aimed at something other than a memory.
# Shared with tests/integration/test_forgetting.py, which captures them all and expects no deletion.
NOT_FORGET = [
    # English
    "Delete the olive oil from my shopping list",
    "I forgot my umbrella",
    "I forgot my umbrella at the office again",
    "Don't forget to buy milk",
    "Remove the stain from my shirt, any tips?",
    "How do I delete my account on that website?",
    "Can you remove the background from this photo?",
    "Erase the whiteboard before the meeting starts",
    "Clear the table after dinner",
    "Wipe the kitchen counter with vinegar",
    "I always forget where I parked the car",
    "My grandma is getting forgetful lately",
    "Unforgettable was the best song of the year",
    "The delete key on my keyboard is broken",
    "We removed the old sofa last week",
    "She deleted her Instagram last year",
    "I like olive oil on my salad",
    "I love living near the beach",
    "Remove the onions from the recipe",
    "Delete the draft email to Tom",
    "Please delete the duplicate rows from the spreadsheet",
    "Forgetting names is so embarrassing",
    "The movie Eternal Sunshine is about erasing memories",
    "I need to clear my browser cache",
    "Can you wipe my phone screen protector recommendation list?",
    "Clear skies are expected tomorrow",
    "Remove the battery before cleaning the remote",
    "Deleted scenes are my favourite part of a DVD",
    # Chinese
    "删除线是什么意思",
    "删除线怎么加",
    "忘记密码怎么办",
    "我忘记带钥匙了",
    "我的手机忘记充电了",
    "我忘了带伞",
    "别忘了明天买牛奶",
    "删除键坏了",
    "她把微博删除了",
    "把购物清单里的橄榄油删掉",
    "帮我把照片的背景清除一下怎么做",
    "我总是忘记把车停在哪里",
    "奶奶最近有点健忘",
    "清除浏览器缓存的方法",
    "这首歌让人难以忘记",
    "我喜欢橄榄油",
    "他把旧沙发清除出去了",
    "删掉这张照片之前先备份",
    "忘记过去才能向前看吗",
    "删除的邮件还能恢复吗",
    "请把桌子上的杯子清除掉",
    "我常常忘了吃早饭",
    "删除聊天记录会怎样",
    "别记错了时间",
]


def test_the_corpus_is_large_and_bilingual() -> None:
    zh = [t for t in NOT_FORGET if any("\u4e00" <= ch <= "\u9fff" for ch in t)]
    assert len(NOT_FORGET) >= 50 and len(zh) >= 20 and len(NOT_FORGET) - len(zh) >= 20


@pytest.mark.parametrize("text", NOT_FORGET)
def test_ordinary_sentences_are_not_forget_requests(text: str) -> None:
    assert parse(text, NOW).forget is None


@pytest.mark.parametrize(
    "text,kinds,named",
    [
        ("forget that I like green tea", ("preference",), ("green", "tea")),
        ("忘掉我喜欢绿茶这件事", ("preference",), ("绿茶",)),
        ("Please forget my budget", ("budget",), ()),
        ("忘掉我说过的预算", ("budget",), ()),
        ("请删除我的住址信息", ("profile",), ()),
        ("remove my preferences", ("preference",), ()),
        ("delete what I said about my mother's health", ("family_health",), ("mother",)),
        ("forget where I live", ("profile",), ()),
    ],
)
def test_forget_requests_name_kinds_and_whole_word_terms(
    text: str, kinds: tuple[str, ...], named: tuple[str, ...]
) -> None:
    forget = parse(text, NOW).forget
    assert forget is not None and forget.kinds == kinds and forget.terms == named


def test_whole_words_only() -> None:
    from parsers import forget_target, terms

    # "live" must not be found inside "olive"; "tea" not inside "team"
    assert forget_target("the olive oil").kinds == ()
    assert "tea" not in terms("User joined the team") and "live" not in terms("User likes olive oil")
    assert "绿茶" in terms("用户喜欢绿茶") and "茶" not in terms("用户喜欢绿茶")
