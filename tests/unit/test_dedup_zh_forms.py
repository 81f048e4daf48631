"""Chinese written forms rewritten to one before dedup compares texts (mal/dedup_zh_forms.py): the
rewrite must not change what a text says. review10 found two rewrites wrong at the source (they were
only blocked by vetoes downstream): 第一个月 became "第每月" and a price of apples became an iPhone."""

from __future__ import annotations

import pytest

from mal.dedup_zh_forms import zh_forms


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("实习第一个月工资五千", "每月"),
        ("头一个月房租三千", "每月"),
        ("上一个月花了两千", "每月"),
        ("苹果15元一斤", "iPhone"),
        ("超市苹果 12 毛一个", "iPhone"),
    ],
)
def test_one_month_or_a_price_of_apples_is_not_rewritten(text: str, gone: str) -> None:
    assert gone not in zh_forms(text)


@pytest.mark.parametrize(
    ("text", "kept"),
    [("一个月房租四千五", "每月"), ("房租一个月三千", "每月"), ("我用苹果15 Pro", "iPhone"), ("换了苹果 16", "iPhone")],
)
def test_the_rewrites_still_apply(text: str, kept: str) -> None:
    assert kept in zh_forms(text)
